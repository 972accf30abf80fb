import { RIGHT_MISSING_MESSAGE } from '../core/errors';
import { outranks } from '../auth/outrank';
import { ItemError, type WriteContext } from '../items/hooks';

/**
 * Another user's identity and access (password, e-mails, tokens, login, authentication, active
 * flag and dates, trash, authorizations, groups) change only for an editor who outranks them:
 * otherwise a sub-entity technician could take over the super-admin. One's own account is not
 * subject to it. Refused with ERROR_RIGHT_MISSING (403 for a single item).
 */
export function requireAuthorityOver(wc: WriteContext, userId: unknown): void {
  const id = Number(userId);
  if (!Number.isSafeInteger(id) || id === Number(wc.scope.user.id)) return;
  if (!outranks(wc.db, wc.services.directory, wc.scope, id)) throw new ItemError(RIGHT_MISSING_MESSAGE, 'ERROR_RIGHT_MISSING', 403);
}
