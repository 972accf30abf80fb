/**
 * A follow-up or task takes a ticket into account, as GLPI records it (see takenIntoAccount), when
 * its author may treat the ticket: assigned to it, or not one of its requesters (nor the one who
 * opened it) and holding a right to add follow-ups or tasks. Assigning a technician does too (./rules.ts, ./assignment.ts).
 */
import { FOLLOWUP } from '../auth/rights';
import { ACTOR, ACTOR_TABLES } from '../auth/itil-visibility';
import { hasRight } from '../auth/scope';
import { findById, selectOne, type Row } from '../db/rows';
import type { ItemHooks, WriteContext } from '../items/hooks';
import { itemtype, itemtypeOrThrow } from '../registry';
import { takenIntoAccount } from './durations';
import { writeRuleChanges } from './rules';
import { marks } from '../db/frag';

/** Is the session's user (or one of their groups) an actor of the ticket in `role`? */
function actsAs(wc: WriteContext, ticketId: number, role: number): boolean {
  const tables = ACTOR_TABLES.Ticket!;
  if (selectOne(wc.db, `SELECT 1 FROM ${tables.users} WHERE ${tables.fk} = ? AND users_id = ? AND type = ?`, ticketId, Number(wc.scope.user.id), role)) return true;
  const groups = wc.scope.groups;
  return groups.length > 0 && selectOne(wc.db, `SELECT 1 FROM ${tables.groups} WHERE ${tables.fk} = ? AND type = ? AND groups_id IN (${marks(groups)})`, ticketId, role, ...groups.map(Number)) !== null;
}

/**
 * GLPI's canTakeIntoAccount: assigned, or not a requester and able to add follow-ups or tasks. The
 * one who opened the ticket counts as a requester (GLPI makes them one by default).
 */
function mayTakeIntoAccount(wc: WriteContext, ticket: Row): boolean {
  const ticketId = Number(ticket.id);
  if (actsAs(wc, ticketId, ACTOR.ASSIGNED)) return true;
  if (actsAs(wc, ticketId, ACTOR.REQUESTER) || Number(ticket.users_id_recipient) === Number(wc.scope.user.id)) return false;
  const adds = FOLLOWUP.ADDMYTICKET | FOLLOWUP.ADDGROUPTICKET | FOLLOWUP.ADDALLTICKET;
  return hasRight(wc.scope, 'task', FOLLOWUP.ADDALLTICKET) || hasRight(wc.scope, 'followup', adds);
}

/** On ITILFollowup and TicketTask: a follow-up or task on a ticket by someone who may treat it. */
export const takeIntoAccountHooks: ItemHooks = {
  afterAdd(wc, type, row) {
    const owner = type.owners.find((o) => 'fk' in o);
    const parentType = owner && 'fk' in owner ? itemtype(owner.itemtype) : itemtype(String(row.itemtype ?? ''));
    if (parentType?.name !== 'Ticket') return;
    const ticket = findById(wc.db, parentType.table, Number(owner && 'fk' in owner ? row[owner.fk] : row.items_id));
    if (!ticket || Number(ticket.takeintoaccount_delay_stat ?? 0) !== 0 || !mayTakeIntoAccount(wc, ticket)) return;
    writeRuleChanges(wc, itemtypeOrThrow('Ticket'), ticket, takenIntoAccount(wc, ticket));
  },
};
