import { formatDate, now as clockNow } from '../core/clock';
import { errors } from '../core/errors';
import type { Services } from './services';
import { inTransaction } from '../db/connection';
import { run, selectOne, type Row } from '../db/rows';
import { AUTHTYPE } from '../registry/values';
import { decoyHash, hashPassword, needsRehash, tokenHash, verifyPassword } from '../core/secrets';

export type Credentials = { kind: 'password'; login: string; password: string } | { kind: 'token'; token: string };

/**
 * Checks a password with a directory (server/directory): `known` is the directory user of that
 * login, null for a login Deskbase does not know yet. Returns the user row, written from the
 * directory, or null when the directory refuses the password or knows no such account.
 */
export type DirectoryAuth = (login: string, password: string, known: Row | null) => Promise<Row | null>;

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
 * The throttle's keys for an attempt (throttle.ts): those it must wait for, those a failure counts
 * on, those a success clears. A login failing from one address is locked there (`own:`), an address
 * failing for any logins too (`ip:`). A login failing from everywhere (`login:`) slows only the
 * addresses that failed for it already: its owner, signing in right from their own address, is
 * never held up by someone else's guesses, while each guessing address gets one try, then waits.
 */
function throttleKeys(services: Services, credentials: Credentials, ip: string) {
  const address = `ip:${ip}`;
  if (credentials.kind === 'token') return { checked: [address], counted: [address], cleared: [] };
  const login = credentials.login.toLowerCase();
  const own = `own:${login}\u0000${ip}`;
  const everywhere = `login:${login}`;
  const checked = services.throttle.failures(own) > 0 ? [address, own, everywhere] : [address, own];
  // A success clears this address's count for the login only: one valid account must not reset its
  // address's count, nor its owner the count of guesses made elsewhere.
  return { checked, counted: [address, own, everywhere], cleared: [own] };
}

/**
 * The user whose login and password these are, or null. A local account is checked against its
 * own password; otherwise, given a directory, a directory user of that login or an unknown login
 * are checked by the directory (GLPI's order of sources).
 */
async function checkPassword(services: Services, login: string, password: string, directory?: DirectoryAuth): Promise<Row | null> {
  const db = services.store.db;
  const local = selectOne(db, 'SELECT * FROM glpi_users WHERE name = ? AND authtype = ? ORDER BY id LIMIT 1', login, AUTHTYPE.LOCAL);
  if (local || !directory) return (await verifyPassword(password, local ? (local.password as string | null) : await decoyHash())) ? local : null;
  const known = selectOne(db, 'SELECT * FROM glpi_users WHERE name = ? AND authtype = ? ORDER BY id LIMIT 1', login, AUTHTYPE.LDAP);
  const user = await directory(login, password, known);
  // A login no source knows costs the time of a local one: timing does not tell local accounts apart.
  if (!user && !known) await verifyPassword(password, await decoyHash());
  return user;
}

/**
 * Authenticates with a password or a user token, slowing down repeated failures (throttleKeys).
 * Returns the user row or throws the GLPI error.
 */
export async function authenticate(services: Services, credentials: Credentials, ip: string, directory?: DirectoryAuth): Promise<Row> {
  const keys = throttleKeys(services, credentials, ip);
  const wait = services.throttle.retryAfter(keys.checked);
  if (wait > 0) throw errors.loginThrottled(wait);

  const db = services.store.db;
  let user: Row | null;
  if (credentials.kind === 'token') {
    user = selectOne(db, 'SELECT * FROM glpi_users WHERE api_token = ?', tokenHash(credentials.token));
  } else {
    user = await checkPassword(services, credentials.login, credentials.password, directory);
  }
  if (!user || !accountUsable(user)) {
    services.throttle.fail(keys.counted);
    if (credentials.kind === 'token') throw errors.userTokenInvalid();
    throw errors.loginFailed(
      user ? "You don't have access to this application because your account was deactivated or removed" : 'Incorrect username or password',
    );
  }
  services.throttle.succeed(keys.cleared);
  if (credentials.kind === 'password' && Number(user.authtype) === AUTHTYPE.LOCAL && needsRehash(String(user.password))) await rehash(services, user, credentials.password);
  return user;
}
