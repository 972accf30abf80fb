import { inTransaction } from '../db/connection';
import { run, selectAll, type Row } from '../db/rows';
import { now as clockNow, nowString, parseDate } from '../core/clock';
import type { Settings } from '../db/settings';
import type { Services } from './services';
import { hashPassword, randomToken, tokenHash } from '../core/secrets';
import { AUTHTYPE } from '../registry/values';

const TOKEN_LIFETIME_MS = 24 * 60 * 60_000;

/** The one active local account with this address, or null (none, several, or disabled). */
export function accountByEmail(services: Services, email: string): Row | null {
  const rows = selectAll(
    services.store.db,
    `SELECT DISTINCT u.* FROM glpi_users u JOIN glpi_useremails e ON e.users_id = u.id
     WHERE e.email = ? COLLATE NOCASE AND u.is_deleted = 0 AND u.is_active = 1 AND u.authtype = ?`,
    email,
    AUTHTYPE.LOCAL,
  );
  return rows.length === 1 ? rows[0]! : null;
}

/**
 * Draws a reset token for the account; only its hash is kept, with the time it was drawn.
 * `deliver` queues the mail carrying it in the same transaction: no token without its mail.
 */
export function drawResetToken(services: Services, user: Row, deliver: (token: string) => void): void {
  const token = randomToken();
  inTransaction(services.store.db, () => {
    run(services.store.db, 'UPDATE glpi_users SET password_forget_token = ?, password_forget_token_date = ? WHERE id = ?', tokenHash(token), nowString(), Number(user.id));
    deliver(token);
  });
}

/** True when the token is the account's current one and was drawn less than a day ago. */
export function tokenValid(user: Row, token: string, now = clockNow()): boolean {
  const stored = user.password_forget_token;
  const drawn = user.password_forget_token_date;
  if (typeof stored !== 'string' || stored === '' || typeof drawn !== 'string') return false;
  const age = now - (parseDate(drawn) ?? Number.NaN);
  return stored === tokenHash(token) && age >= 0 && age < TOKEN_LIFETIME_MS;
}

const CHARACTER_CLASSES: [string, RegExp, string][] = [
  ['password_need_number', /\d/, 'The password must contain a digit'],
  ['password_need_letter', /\p{Ll}/u, 'The password must contain a lowercase letter'],
  ['password_need_caps', /\p{Lu}/u, 'The password must contain an uppercase letter'],
  ['password_need_symbol', /[^\p{L}\p{N}]/u, 'The password must contain a symbol'],
];

/** Password policy messages (empty when the password is acceptable), as configured. */
export function policyProblems(settings: Settings, password: string): string[] {
  if (password === '') return ['The password cannot be empty'];
  if (password.length > 1024) return ['The password is longer than 1024 characters'];
  if (!settings.flag('use_password_security')) return [];
  const problems: string[] = [];
  const min = settings.number('password_min_length') || 8;
  if (password.length < min) problems.push(`The password must have at least ${min} characters`);
  // Each class is required only where its GLPI setting says so (all four are on by default).
  for (const [setting, pattern, message] of CHARACTER_CLASSES) {
    if (settings.get(setting) !== '0' && !pattern.test(password)) problems.push(message);
  }
  return problems;
}

/** Sets the new password, forgets the token and ends the account's sessions. */
export async function resetPassword(services: Services, user: Row, password: string): Promise<void> {
  const hash = await hashPassword(password);
  inTransaction(services.store.db, () =>
    run(
      services.store.db,
      'UPDATE glpi_users SET password = ?, password_last_update = ?, password_forget_token = NULL, password_forget_token_date = NULL WHERE id = ?',
      hash, nowString(), Number(user.id),
    ),
  );
  services.sessions.killUser(Number(user.id));
}
