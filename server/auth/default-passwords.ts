/**
 * GLPI's install accounts keep well-known passwords until someone changes them; GLPI warns its
 * administrators on every visit. An import lists the accounts it brought that still have theirs
 * (the `default_passwords` setting); each super-admin sign-in checks that list again, so the
 * warning goes once the passwords are changed, and a folder without such accounts costs nothing.
 */
import type { Db } from '../db/connection';
import { inTransaction } from '../db/connection';
import { run, selectOne } from '../db/rows';
import type { Settings } from '../db/settings';
import { verifyPassword } from '../core/secrets';
import { AUTHTYPE } from '../registry/values';

/** GLPI's install accounts and the password each is installed with. */
export const GLPI_DEFAULT_PASSWORDS: Readonly<Record<string, string>> = { glpi: 'glpi', tech: 'tech', normal: 'normal', 'post-only': 'postonly' };

const SETTING = 'default_passwords';

/** Of these logins, the active local accounts whose password is still GLPI's default one. */
export async function stillDefault(db: Db, logins: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const login of logins) {
    const password = GLPI_DEFAULT_PASSWORDS[login];
    const user = password === undefined ? null : selectOne(db, 'SELECT password FROM glpi_users WHERE name = ? AND authtype = ? AND is_deleted = 0 AND is_active = 1', login, AUTHTYPE.LOCAL);
    if (user && (await verifyPassword(password!, user.password as string | null))) out.push(login);
  }
  return out;
}

export function listedDefaults(settings: Settings): string[] {
  return settings.get(SETTING).split(',').filter((login) => login !== '');
}

export function recordDefaults(db: Db, logins: string[]): void {
  inTransaction(db, () => run(db, "UPDATE glpi_configs SET value = ? WHERE context = 'core' AND name = ?", logins.join(','), SETTING));
}

/** Checks the listed accounts again (at a super-admin's sign-in) and returns those still on their default password. */
export async function refreshDefaults(db: Db, settings: Settings): Promise<string[]> {
  const listed = listedDefaults(settings);
  if (listed.length === 0) return listed;
  const left = await stillDefault(db, listed);
  if (left.length !== listed.length) {
    recordDefaults(db, left);
    settings.invalidate();
  }
  return left;
}

/** The warning GLPI shows its administrators, or null. */
export function defaultPasswordWarning(logins: string[]): string | null {
  return logins.length ? `For security reasons, please change the password for the default users: ${logins.join(', ')}` : null;
}
