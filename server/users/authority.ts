import { RIGHT_MISSING_MESSAGE } from '../core/errors';
import { outranks } from '../auth/outrank';
import { selectOne } from '../db/rows';
import { ItemError, type WriteContext } from '../items/hooks';
import { marks } from '../db/frag';

/**
 * Is one of the user's authorizations given in an entity the session has active? Only those
 * count for changing a user (GLPI's User::canUpdateItem): an authorization on a parent entity,
 * even with its sub-entities, makes the user visible there, not theirs to change.
 */
function grantedInActiveEntities(wc: WriteContext, userId: number): boolean {
  if (wc.scope.showAll) return true;
  const active = [...wc.scope.active];
  if (active.length === 0) return false;
  const sql = `SELECT 1 AS ok FROM glpi_profiles_users WHERE users_id = ? AND entities_id IN (${marks(active)}) LIMIT 1`;
  return selectOne(wc.db, sql, userId, ...active.map(Number)) !== null;
}

/**
 * Another user's account (its row, addresses, preferences, authorizations, groups, attached
 * documents and items) changes only for an editor who reaches one of its authorizations given in
 * the editor's active entities and whose active profile holds every right of every profile the
 * user has: otherwise a sub-entity technician could take over a root-level account. One's own
 * account is not subject to it. Refused with the missing-right message: 400 for the verb out of
 * reach, 403 ERROR_RIGHT_MISSING when not outranked.
 */
export function requireAuthorityOver(wc: WriteContext, userId: unknown): void {
  const id = Number(userId);
  if (!Number.isSafeInteger(id) || id === Number(wc.scope.user.id) || wc.authorityOver?.has(id)) return;
  // Out of reach, the write is refused as any row out of the session's entities is (GLPI's 400).
  if (!grantedInActiveEntities(wc, id)) throw new ItemError(RIGHT_MISSING_MESSAGE, 'ERROR_RIGHT_MISSING');
  if (!outranks(wc.db, wc.services.directory, wc.scope, id)) throw new ItemError(RIGHT_MISSING_MESSAGE, 'ERROR_RIGHT_MISSING', 403);
  (wc.authorityOver ??= new Set()).add(id);
}
