/**
 * When a recurrent ticket or change (GLPI's TicketRecurrent, RecurrentChange) is next created:
 * from its first date (`begin_date`) it comes back every `periodicity` (a number of seconds, or
 * `<n>MONTH`, `<n>YEAR`), `create_before` seconds ahead of each date; the first such moment not
 * before now, moved to the next working day of its calendar, and none after `end_date`. As in
 * GLPI, a preparation time longer than the period, an end already past, or no first date or
 * period gives none.
 */
import { formatWallClock, onWorkingDay, parseWallClock, type WorkCalendar } from './agreement-dates';

/** The schedule columns of a recurrent row. */
export type Recurrence = { [column in 'begin_date' | 'end_date' | 'periodicity' | 'create_before']?: unknown };

type Period = { seconds: number } | { months: number };

function periodOf(text: string): Period | null {
  const calendarPeriod = /^(\d+)(MONTH|YEAR)$/.exec(text);
  if (calendarPeriod) {
    const count = Number(calendarPeriod[1]);
    return count > 0 ? { months: calendarPeriod[2] === 'YEAR' ? count * 12 : count } : null;
  }
  const seconds = /^\d+$/.test(text) ? Number(text) : 0;
  return seconds > 0 ? { seconds } : null;
}

/** `t` plus `months` on the wall clock; a day past the month's end runs into the next, as PHP's `+1 MONTH`. */
function addMonths(t: number, months: number): number {
  const date = new Date(t * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime() / 1000;
}

/** The first creation moment at or after `notBefore`; null when there is none. */
export function nextCreation(recurrence: Recurrence, notBefore: string, calendar: WorkCalendar | null): string | null {
  const begin = parseWallClock(String(recurrence.begin_date ?? ''));
  const end = recurrence.end_date ? parseWallClock(String(recurrence.end_date)) : null;
  const now = parseWallClock(notBefore);
  const period = periodOf(String(recurrence.periodicity ?? '').trim());
  const ahead = Math.max(0, Number(recurrence.create_before ?? 0));
  if (begin === null || now === null || period === null) return null;
  if (end !== null && end < now) return null;
  if ('seconds' in period && ahead > period.seconds) return null;
  let at = begin - ahead;
  if (at < now) {
    if ('seconds' in period) at += Math.ceil((now - at) / period.seconds) * period.seconds;
    // Months are stepped one period at a time from the first date, as GLPI steps them (no closed form: months differ in length).
    else for (let steps = 0; at < now && steps < 100_000; steps++) at = addMonths(at, period.months);
  }
  if (end !== null && at > end) return null;
  return onWorkingDay(formatWallClock(at), calendar);
}
