import { computeScope, type Scope } from './scope';
import type { Services } from './services';
import type { SessionRecord } from './sessions';

/**
 * The live session of a token with what it may reach, or null: an unknown or expired token, or
 * a session whose user can no longer log in (that session ends here).
 */
export function sessionScope(services: Services, token: string): { session: SessionRecord; scope: Scope } | null {
  const { sessions, store, directory } = services;
  const session = sessions.resolve(token);
  if (!session) return null;
  const scope = computeScope(store.db, directory, session);
  if (!scope || Number(scope.user.is_active) !== 1 || Number(scope.user.is_deleted) === 1) {
    sessions.kill(session.hash);
    return null;
  }
  return { session, scope };
}
