import { now as clockNow } from '../core/clock';
import { errors } from '../http/errors';
import type { Services } from '../services';
import { selectOne, type Row } from '../store/rows';
import { decoyHash, tokenHash, verifyPassword } from './secrets';

export type Credentials = { kind: 'password'; login: string; password: string } | { kind: 'token'; token: string };

/** Checks that an account may log in now (active, not in the trash, inside its validity dates). */
export function accountUsable(user: Row, now = new Date(clockNow())): boolean {
  if (Number(user.is_active) !== 1 || Number(user.is_deleted) === 1) return false;
  const stamp = now.toISOString().slice(0, 19).replace('T', ' ');
  if (user.begin_date && String(user.begin_date) > stamp) return false;
  if (user.end_date && String(user.end_date) < stamp) return false;
  return true;
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
  return user;
}
