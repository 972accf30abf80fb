/**
 * POST /apirest.php/testRules — GLPI's "test the rules engine": runs a collection's rules on an
 * input and answers which rules were tried, which criteria held (with the value each compared),
 * what the actions of the matching ones set, and what a write would leave out (a group deleted
 * since, a value the field cannot take). Writes nothing. Needs READ on the collection's right; a
 * collection whose rules belong to entities is tried in `entities_id` (an active entity, default
 * the session's), and business rules as on add (`condition` 1) or update (2). Ticket rules see
 * what a ticket's add gives them, mail collector rules what a mail's sender does (its
 * `from` and `_users_id_requester`: known domain, groups, profiles).
 */
import { READ } from '../auth/rights';
import { hasRight } from '../auth/scope';
import { json, type Reply, type SessionContext } from './context';
import { badRequest, errors } from '../core/errors';
import { isObject, toId } from '../core/params';
import { itemtype } from '../registry';
import { applyOutput } from '../rules/apply';
import { collection, ON } from '../rules/collections';
import { runRules } from '../rules/engine';
import { ticketFacts } from '../rules/tickets';
import { senderFacts } from '../mail/import';

/** The itemtype a collection's output is written to, for what a write would leave out. */
function targetType(subType: string, input: Record<string, unknown>) {
  if (subType === 'RuleTicket') return itemtype('Ticket');
  if (subType === 'RuleAsset') return typeof input._itemtype === 'string' ? itemtype(input._itemtype) : undefined;
  return undefined;
}

export function testRules(ctx: SessionContext): Reply {
  const subType = ctx.params.sub_type;
  if (typeof subType !== 'string' || subType === '') throw badRequest('Bad Request: sub_type is missing (a rule collection, such as RuleTicket)');
  const c = collection(subType);
  if (!c) throw badRequest(`Bad Request: ${subType} is not a rule collection`);
  if (!hasRight(ctx.scope, c.right, READ)) throw errors.rightMissing();
  const input = ctx.params.input;
  if (!isObject(input)) throw badRequest('Bad Request: input must be an object of the fields the rules test');
  const { db } = ctx.services.store;
  let entityId: number | undefined;
  if (c.entityScoped) {
    const given = ctx.params.entities_id ?? input.entities_id;
    entityId = given === undefined ? (ctx.session.entityId ?? [...ctx.scope.active][0] ?? 0) : (toId(given) ?? -1);
    if (!ctx.scope.active.has(entityId)) throw badRequest(`Bad Request: entities_id ${JSON.stringify(given)} is not one of the active entities`);
  }
  let event: number | undefined;
  if (c.usesConditions) {
    event = ctx.params.condition === undefined ? ON.ADD : Number(ctx.params.condition);
    if (event !== ON.ADD && event !== ON.UPDATE) throw badRequest('Bad Request: condition is 1 (on add) or 2 (on update)');
  }
  // A ticket's entity, as its add gives it (the by-IP/FQDN/MAC actions look in it).
  const facts = subType === 'RuleTicket' ? ticketFacts({ db }, { entities_id: entityId, ...input }) : subType === 'RuleMailCollector' ? { ...senderFacts(db, String(input.from ?? ''), toId(input._users_id_requester)), ...input } : { ...input };
  const ancestors = entityId === undefined ? [] : ctx.services.directory.entities().ancestors(entityId);
  const outcome = runRules(db, subType, facts, { trace: true, ...(entityId !== undefined ? { entityId, ancestors } : {}), ...(event !== undefined ? { event } : {}) });
  const type = targetType(subType, input);
  const leftOut = type ? applyOutput(db, type, outcome.output, {}, {}) : [];
  return json({
    sub_type: subType,
    ...(entityId !== undefined ? { entities_id: entityId } : {}),
    ...(event !== undefined ? { condition: event } : {}),
    rules: outcome.rules,
    output: outcome.output,
    left_out: leftOut,
  });
}
