/** LDAP search filters built from untrusted text (RFC 4515). */

/**
 * A value escaped for a filter: `*`, `(`, `)`, `\` and NUL become `\2a`, `\28`, `\29`, `\5c`,
 * `\00`, so a login such as `*)(uid=*` matches only itself.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[*()\\\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** The filter finding an account by its login: the login attribute, ANDed with the directory's own condition when set. */
export function loginFilter(loginField: string, condition: string, login: string): string {
  const own = `(${loginField}=${escapeFilterValue(login)})`;
  const extra = condition.trim();
  if (extra === '') return own;
  return `(&${own}${extra.startsWith('(') ? extra : `(${extra})`})`;
}
