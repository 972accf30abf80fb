import { formatDate, now as clockNow } from '../core/clock';
import { errors } from '../core/errors';
import type { Services } from './services';
import { inTransaction } from '../db/connection';
import { run, selectOne, type Row } from '../db/rows';
import { decoyHash, hashPassword, needsRehash, tokenHash, verifyPassword } from '../core/secrets';

export type Credentials = { kind: 'password'; login: string; password: string } | { kind: 'token'; token: string };

/** Checks that an account may log in now (active, not in the trash, inside its validity dates). */
export function accountUsable(user: Row, now = new Date(clockNow())): boolean {
  if (Number(user.is_active) !== 1 || Number(user.is_deleted) === 1) return false;
  const stamp = formatDate(now);
  if (user.begin_date && String(user.begin_date) > stamp) return false;
  if (user.end_date && String(user.end_date) < stamp) return false;
  return true;
}

/** Replaces a hash imported from GLPI (bcrypt) by argon2id, unless the password changed meanwhile. */
async function rehash(services: Services, user: Row, password: string): Promise<void> {
  const hash = await hashPassword(password);
  inTransaction(services.store.db, () => run(services.store.db, 'UPDATE glpi_users SET password = ? WHERE id = ? AND password = ?', hash, Number(user.id), String(user.password)));
}

/**
 * Authenticates with a password or a user token, slowing down repeated failures per address
 * and per login. Returns the user row or throws the GLPI error.
 */
export async function authenticate(services: Services, credentials: Credentials, ip: string): Promise<Row> {
  const keys = [`ip:${ip}`];
  if (credentials.kind === 'password') keys.push(`login:${credentials.login.toLowerCase()}`);
  const wait = services.throttle.retryAfter(keys);
  if (wait > 0) throw errors.loginThrottled(wait);

  const db = services.store.db;
  let user: Row | null;
  if (credentials.kind === 'token') {
    user = selectOne(db, 'SELECT * FROM glpi_users WHERE api_token = ?', tokenHash(credentials.token));
  } else {
    user = selectOne(db, 'SELECT * FROM glpi_users WHERE name = ? AND authtype = 1 ORDER BY id LIMIT 1', credentials.login);
    const ok = await verifyPassword(credentials.password, user ? (user.password as string | null) : await decoyHash());
    if (!ok) user = null;
  }
  if (!user || !accountUsable(user)) {
    services.throttle.fail(keys);
    if (credentials.kind === 'token') throw errors.userTokenInvalid();
    throw errors.loginFailed(
      user ? "You don't have access to this application because your account was deactivated or removed" : 'Incorrect username or password',
    );
  }
  // Only the login's own count is forgiven: one valid account must not reset its address's count.
  services.throttle.succeed(keys.filter((k) => k.startsWith('login:')));
  if (credentials.kind === 'password' && needsRehash(String(user.password))) await rehash(services, user, credentials.password);
  return user;
}
