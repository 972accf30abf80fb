/**
 * GET /apirest.php/ruleFields/:sub_type (or `?sub_type=`) — what a rule collection's editor offers:
 * its criteria (name, label, the conditions valid for each, what a pattern holds) and its action
 * fields (label, the action types each takes and what a value holds for each type), as GLPI's
 * rule forms offer them, labelled in the session's language. Needs READ on the collection's right, as its rules do.
 */
import { READ } from '../auth/rights';
import { hasRight } from '../auth/scope';
import { json, type Reply, type SessionContext } from './context';
import { badRequest, errors } from '../core/errors';
import { collection } from '../rules/collections';
import { describeCollection } from '../rules/definitions';
import { describedIn } from '../rules/labels';
import { sessionLocale } from '../auth/session-locale';

export function ruleFields(ctx: SessionContext): Reply {
  const subType = ctx.segments[1] ?? ctx.params.sub_type;
  if (typeof subType !== 'string' || subType === '') throw badRequest('Bad Request: sub_type is missing (a rule collection, such as RuleTicket)');
  const c = collection(subType);
  const described = c && describeCollection(ctx.services.store.db, c.subType);
  if (!c || !described) throw badRequest(`Bad Request: ${subType} is not a rule collection`);
  if (!hasRight(ctx.scope, c.right, READ)) throw errors.rightMissing();
  const { db, settings } = ctx.services.store;
  return json(describedIn(sessionLocale(db, settings, ctx.scope).language, described));
}
