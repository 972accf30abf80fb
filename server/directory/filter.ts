/** LDAP search filters built from untrusted text (RFC 4515). */

/**
 * A value escaped for a filter: `*`, `(`, `)`, `\` and NUL become `\2a`, `\28`, `\29`, `\5c`,
 * `\00`, so a login such as `*)(uid=*` matches only itself.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[*()\\\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** A filter ANDed with the directory's own condition, when it has one. */
function withCondition(filter: string, condition: string): string {
  const extra = condition.trim();
  if (extra === '') return filter;
  return `(&${filter}${extra.startsWith('(') ? extra : `(${extra})`})`;
}

/** The filter finding an account by its login. */
export function loginFilter(loginField: string, condition: string, login: string): string {
  return withCondition(`(${loginField}=${escapeFilterValue(login)})`, condition);
}

/** The filter finding every account of the directory (those with a login). */
export function accountsFilter(loginField: string, condition: string): string {
  return withCondition(`(${loginField}=*)`, condition);
}

/**
 * The filter finding the group entries listing a member (GLPI's search in groups): by its DN, or
 * by its login alone or written `<login_field>=<login>` when the directory lists logins (use_dn 0).
 */
export function memberFilter(memberField: string, condition: string, member: { dn: string; login: string; loginField: string; useDn: boolean }): string {
  const is = (value: string) => `(${memberField}=${escapeFilterValue(value)})`;
  const listed = member.useDn ? is(member.dn) : `(|${is(member.login)}${is(`${member.loginField}=${member.login}`)})`;
  return withCondition(listed, condition);
}
