/**
 * The clocks GLPI keeps on a ticket, problem or change, counted in the working time of its
 * entity's calendar (plain time without one): going on hold (status 4) notes when
 * (`begin_waiting_date`); leaving it adds the time waited to `waiting_duration`; being solved or
 * closed records the time it took, less the time waited (`solve_delay_stat`, `close_delay_stat`).
 * A ticket also records when it was first taken into account (takenIntoAccount).
 */
import { nowString } from '../core/clock';
import type { Row } from '../db/rows';
import type { ItemHooks, WriteContext } from '../items/hooks';

type DbContext = Pick<WriteContext, 'db'>;
import { ITIL_STATUS } from '../registry/values';
import { activeSeconds } from './agreement-dates';
import { entityCalendar } from './calendars';

const { WAITING, SOLVED, CLOSED } = ITIL_STATUS;

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

/**
 * The columns that mark `ticket` taken into account now (`takeintoaccountdate` and
 * `takeintoaccount_delay_stat`: the working time since it was opened, at least one second, as 0
 * means "not yet"), or none when it was already.
 */
export function takenIntoAccount(wc: DbContext, ticket: Row): Row {
  if (Number(ticket.takeintoaccount_delay_stat ?? 0) !== 0) return {};
  const now = nowString();
  const delay = activeSeconds(String(ticket.date ?? ''), now, entityCalendar(wc.db, Number(ticket.entities_id ?? 0)));
  return { takeintoaccountdate: now, takeintoaccount_delay_stat: Math.max(1, delay) };
}

/** The clocks a status change moves, set in `changes` (the item's update, from `old`). */
export function statusClocks(wc: DbContext, old: Row, changes: Row): void {
  if (!('status' in changes) || Number(changes.status) === Number(old.status)) return;
  const status = Number(changes.status);
  const now = nowString();
  if (status === WAITING) changes.begin_waiting_date = now;
  if (Number(old.status) === WAITING && old.begin_waiting_date) {
    const waited = activeSeconds(String(old.begin_waiting_date), now, entityCalendar(wc.db, Number(old.entities_id ?? 0)));
    changes.waiting_duration = Number(old.waiting_duration ?? 0) + waited;
  }
  if (status === SOLVED || status === CLOSED) delayStats(wc, { ...old, ...changes }, changes);
}

export const itilDurationHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    const status = Number(row.status);
    if (status === WAITING) row.begin_waiting_date = nowString();
    if (status === SOLVED || status === CLOSED) delayStats(wc, row, row);
  },
  prepareUpdate(wc, _type, old, changes) {
    statusClocks(wc, old, changes);
  },
};
