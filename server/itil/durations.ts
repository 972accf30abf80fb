/**
 * The clocks GLPI keeps on a ticket, problem or change, counted in the working time of its
 * entity's calendar (plain time without one): going on hold (status 4) or solved notes when
 * (`begin_waiting_date`); leaving it (but to close) adds the time waited to `waiting_duration`; being solved or
 * closed records the time it took, less the time waited (`solve_delay_stat`, `close_delay_stat`).
 * A ticket also records when it was first taken into account (takenIntoAccount).
 */
import { marks } from '../db/frag';
import { nowString } from '../core/clock';
import { FOLLOWUP } from '../auth/rights';
import { ACTOR, ACTOR_TABLES } from '../auth/itil-visibility';
import { hasRight } from '../auth/scope';
import { findById, selectOne, updateRow, type Row } from '../db/rows';
import type { ItemHooks, WriteContext } from '../items/hooks';

type DbContext = Pick<WriteContext, 'db'>;
/** A write's context; without a scope it is an automatic action's (GLPI's command line). */
type TakingContext = DbContext & { scope?: WriteContext['scope'] };
import { ITIL_STATUS, ITIL_STATUS_GROUPS, type ItilTypeName } from '../registry/values';
import { activeSeconds } from './agreement-dates';
import { entityCalendar } from './calendars';

const { NEW, WAITING, SOLVED, CLOSED } = ITIL_STATUS;

/** The time from opening to `end`, less the time waited (never below 0). */
function delayTo(wc: DbContext, item: Row, end: unknown): number {
  const worked = activeSeconds(String(item.date ?? ''), String(end ?? ''), entityCalendar(wc.db, Number(item.entities_id ?? 0)));
  return Math.max(0, worked - Number(item.waiting_duration ?? 0));
}

/** Solve and close delays of `values` (the item as it will be) for the dates `set` names. */
function delayStats(wc: DbContext, values: Row, set: Row): void {
  if (set.solvedate) set.solve_delay_stat = delayTo(wc, values, set.solvedate);
  if (set.closedate) set.close_delay_stat = delayTo(wc, values, set.closedate);
}

/** Is the session's user (or one of their groups) an actor of the ticket in `role`? */
function actsAs(wc: DbContext & { scope: WriteContext['scope'] }, ticketId: number, role: number): boolean {
  const tables = ACTOR_TABLES.Ticket!;
  if (selectOne(wc.db, `SELECT 1 FROM ${tables.users} WHERE ${tables.fk} = ? AND users_id = ? AND type = ?`, ticketId, Number(wc.scope.user.id), role)) return true;
  const groups = wc.scope.groups;
  return groups.length > 0 && selectOne(wc.db, `SELECT 1 FROM ${tables.groups} WHERE ${tables.fk} = ? AND type = ? AND groups_id IN (${marks(groups)})`, ticketId, role, ...groups.map(Number)) !== null;
}

/**
 * GLPI's canTakeIntoAccount: the user (or a group of theirs) is assigned, or is no requester and
 * may add follow-ups or tasks. An automatic action always may (GLPI's command line).
 */
function mayTakeIntoAccount(wc: TakingContext, ticket: Row): boolean {
  if (!wc.scope) return true;
  const session = { db: wc.db, scope: wc.scope };
  const ticketId = Number(ticket.id);
  if (actsAs(session, ticketId, ACTOR.ASSIGNED)) return true;
  if (actsAs(session, ticketId, ACTOR.REQUESTER)) return false;
  const adds = FOLLOWUP.ADDMYTICKET | FOLLOWUP.ADDGROUPTICKET | FOLLOWUP.ADDALLTICKET;
  return hasRight(wc.scope, 'task', FOLLOWUP.ADDALLTICKET) || hasRight(wc.scope, 'followup', adds);
}

/**
 * The columns that mark `ticket` taken into account now (`takeintoaccountdate` and
 * `takeintoaccount_delay_stat`: the working time since it was opened, at least one second, as 0
 * means "not yet"), or none when it was already or the session may not take it into account.
 */
export function takenIntoAccount(wc: TakingContext, ticket: Row): Row {
  if (Number(ticket.takeintoaccount_delay_stat ?? 0) !== 0 || !mayTakeIntoAccount(wc, ticket)) return {};
  const now = nowString();
  const delay = activeSeconds(String(ticket.date ?? ''), now, entityCalendar(wc.db, Number(ticket.entities_id ?? 0)));
  return { takeintoaccountdate: now, takeintoaccount_delay_stat: Math.max(1, delay) };
}

/**
 * A change to a ticket past New, by someone who may take it into account, takes it into account
 * (GLPI's Ticket::pre_updateInDB); written without history, as GLPI sets it outside the update's input.
 */
export function takeIntoAccountQuietly(wc: TakingContext, type: { name: string; table: string }, id: number): void {
  const ticket = type.name === 'Ticket' ? findById(wc.db, type.table, id) : null;
  const taken = ticket ? takenIntoAccount(wc, ticket) : {};
  if (Object.keys(taken).length > 0) updateRow(wc.db, type.table, id, taken);
}

/**
 * The clocks a status change moves, set in `changes` (the item's update, from `old`), as GLPI:
 * leaving pending, reopening a solved item, or reopening a closed one adds the time since
 * `begin_waiting_date` to `waiting_duration` and clears it; going pending or solved starts it
 * again (closing a solved item keeps it).
 */
export function statusClocks(wc: DbContext, type: { name: string }, old: Row, changes: Row): void {
  if (!('status' in changes) || Number(changes.status) === Number(old.status)) return;
  const groups = ITIL_STATUS_GROUPS[type.name as ItilTypeName] ?? ITIL_STATUS_GROUPS.Ticket;
  const [from, to] = [Number(old.status), Number(changes.status)];
  const now = nowString();
  const resumes =
    from === WAITING ||
    (groups.solved.includes(from) && !groups.closed.includes(to)) ||
    (groups.closed.includes(from) && !groups.solved.includes(to) && !groups.closed.includes(to));
  if (resumes && old.begin_waiting_date) {
    const waited = activeSeconds(String(old.begin_waiting_date), now, entityCalendar(wc.db, Number(old.entities_id ?? 0)));
    changes.waiting_duration = Number(old.waiting_duration ?? 0) + waited;
    changes.begin_waiting_date = null;
  }
  if (to === WAITING || groups.solved.includes(to)) changes.begin_waiting_date = now;
  if (to === SOLVED || to === CLOSED) delayStats(wc, { ...old, ...changes }, changes);
}

export const itilDurationHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    const status = Number(row.status);
    // GLPI starts the wait at the item's own date (which may be given).
    if (status === WAITING) row.begin_waiting_date = String(row.date ?? nowString());
    if (status === SOLVED || status === CLOSED) delayStats(wc, row, row);
  },
  prepareUpdate(wc, type, old, changes) {
    statusClocks(wc, type, old, changes);
  },
  // GLPI's Ticket::pre_updateInDB on any change to a ticket that is not (or no longer) new.
  afterUpdate(wc, type, old, changes) {
    if (Object.keys(changes).length > 0 && Number(changes.status ?? old.status) !== NEW) takeIntoAccountQuietly(wc, type, Number(old.id));
  },
};
