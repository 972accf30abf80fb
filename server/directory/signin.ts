/** Sign-in with a directory password (GLPI's LDAP authentication), for the login of auth/login.ts. */
import type { DirectoryAuth } from '../auth/login';
import { errors } from '../core/errors';
import type { Services } from '../auth/services';
import { checkAccount } from './account';
import { DirectoryUnavailable } from './connection';
import { whenBack } from './lifecycle';
import { attributesForRules } from './rights';
import { activeDirectories, directoryById } from './servers';
import { saveDirectoryUser } from './users';

/**
 * A known directory user is checked against its own directory; an unknown login against the
 * active directories, the default one first, until one knows it (GLPI's order). When none knows
 * it and one could not be reached, the answer says so rather than "incorrect password".
 */
/** No one is signed in while a sign-in writes the user: history names no one. */
const SIGN_IN_ACTOR = '';

export function directorySignIn(services: Services): DirectoryAuth {
  return async (login, password, known) => {
    const { db, dataDir } = services.store;
    const candidates = known ? [directoryById(db, dataDir, Number(known.auths_id))].filter((s) => s !== null) : activeDirectories(db, dataDir);
    let unreachable: DirectoryUnavailable | null = null;
    for (const server of candidates) {
      try {
        const account = await checkAccount(server, login, password, attributesForRules(db, server.row));
        if (!account) continue;
        const saved = saveDirectoryUser(db, account, login, whenBack(services.store.settings), SIGN_IN_ACTOR);
        if (saved.rightsChanged) services.directory.invalidate();
        return saved.user;
      } catch (e) {
        if (!(e instanceof DirectoryUnavailable)) throw e;
        unreachable = e;
      }
    }
    if (unreachable) throw errors.loginFailed(`${unreachable.message}; try again later`);
    return null;
  };
}
