/** Sign-in with a directory password (GLPI's LDAP authentication), for the login of auth/login.ts. */
import type { DirectoryAuth } from '../auth/login';
import { errors } from '../core/errors';
import type { Store } from '../db';
import { checkAccount } from './account';
import { DirectoryUnavailable } from './connection';
import { activeDirectories, directoryById } from './servers';
import { saveDirectoryUser } from './users';

/**
 * A known directory user is checked against its own directory; an unknown login against the
 * active directories, the default one first, until one knows it (GLPI's order). When none knows
 * it and one could not be reached, the answer says so rather than "incorrect password".
 */
export function directorySignIn(store: Store): DirectoryAuth {
  return async (login, password, known) => {
    const { db, dataDir } = store;
    const candidates = known ? [directoryById(db, dataDir, Number(known.auths_id))].filter((s) => s !== null) : activeDirectories(db, dataDir);
    let unreachable: DirectoryUnavailable | null = null;
    for (const server of candidates) {
      try {
        const account = await checkAccount(server, login, password);
        if (account) return saveDirectoryUser(db, account, login, known);
      } catch (e) {
        if (!(e instanceof DirectoryUnavailable)) throw e;
        unreachable = e;
      }
    }
    if (unreachable) throw errors.loginFailed(`${unreachable.message}; try again later`);
    return null;
  };
}
