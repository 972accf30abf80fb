/**
 * `GET /getTicketTemplate` — a Deskbase addition (GLPI 10's API has none; its helpdesk form reads
 * the template server-side): the template a ticket the session opens would use (optional
 * `itilcategories_id`, `type` 1 incident or 2 request), with its mandatory, hidden and predefined
 * fields, so a client shows the form as GLPI does. Needs only the right to open tickets; the
 * mandatory fields are enforced by the API when the ticket names the template (`_tickettemplates_id`).
 */
import { json, type Reply, type SessionContext } from './context';
import { classCan } from '../auth/rights';
import { errors } from '../core/errors';
import { toId } from '../core/params';
import { ticketTemplateToUse } from '../itil/template-to-use';
import { itemtypeOrThrow } from '../registry';

export function getTicketTemplate(ctx: SessionContext): Reply {
  if (!classCan(ctx.scope, itemtypeOrThrow('Ticket'), 'create')) throw errors.rightMissing();
  const category = toId(ctx.params.itilcategories_id ?? 0) ?? 0;
  const type = toId(ctx.params.type ?? 1) ?? 1;
  const entity = ctx.scope.session.entityId ?? ctx.scope.activeEntities[0] ?? 0;
  return json({ tickettemplate: ticketTemplateToUse(ctx.services.store.db, ctx.scope.profile.row, entity, category, type) });
}
