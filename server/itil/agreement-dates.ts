/**
 * Due dates of a service level agreement (SLA or OLA), as GLPI computes them: a delay counted
 * from a start, in working time when the agreement has a calendar (its weekly working periods,
 * less its holidays), in plain time otherwise. Dates are the stored local wall-clock text
 * (`YYYY-MM-DD HH:MM:SS`); the arithmetic runs on that wall clock, so a day is always 24 hours.
 */

const DAY = 86_400;

/** A working period of one weekday (0 Sunday … 6 Saturday), in seconds from midnight. */
export interface Segment {
  day: number;
  begin: number;
  end: number;
}

/** Days off, both ends included (`YYYY-MM-DD`); a perpetual one comes back every year. */
export interface Holiday {
  begin: string;
  end: string;
  perpetual: boolean;
}

export interface WorkCalendar {
  segments: Segment[];
  holidays: Holiday[];
}

export interface DelayRule {
  /** The delay in seconds (may be negative for an escalation level that runs before the due date). */
  seconds: number;
  /** Counted in working days (an agreement defined in days or months) instead of working time. */
  inDays: boolean;
  /** With inDays: the due date moves to the end of its working day. */
  endOfWorkingDay: boolean;
}

/** No due date can be found within this many days (a calendar whose every day is off). */
const SEARCH_DAYS = 3_660;

/** Wall-clock text as seconds (its UTC reading: the arithmetic needs no time zone). */
export const parseWallClock = (text: string): number | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)) / 1000;
};

export const formatWallClock = (t: number): string => new Date(t * 1000).toISOString().slice(0, 19).replace('T', ' ');

/** `HH:MM:SS` (GLPI's segment bounds; 24:00:00 ends a day) as seconds from midnight. */
export function secondsOfClock(text: string): number | null {
  const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0) : null;
}

const dayStart = (t: number) => t - (((t % DAY) + DAY) % DAY);
const weekday = (t: number) => new Date(t * 1000).getUTCDay();

function isHoliday(calendar: WorkCalendar, t: number): boolean {
  const date = formatWallClock(t).slice(0, 10);
  return calendar.holidays.some((h) => {
    if (!h.perpetual) return h.begin <= date && date <= h.end;
    const [day, begin, end] = [date.slice(5), h.begin.slice(5), h.end.slice(5)];
    return begin <= end ? begin <= day && day <= end : day >= begin || day <= end;
  });
}

/** The working periods of the day holding `t` (none on a holiday), in order. */
function periods(calendar: WorkCalendar, t: number): Segment[] {
  if (isHoliday(calendar, t)) return [];
  const day = weekday(t);
  return calendar.segments.filter((s) => s.day === day && s.end > s.begin).sort((a, b) => a.begin - b.begin);
}

/** `delay` seconds of working time after `start`: an end that falls on a period's end stays there. */
function addWorkingTime(calendar: WorkCalendar, start: number, delay: number): number | null {
  let t = start;
  let left = Math.max(0, delay);
  for (let day = 0; day < SEARCH_DAYS; day++) {
    const midnight = dayStart(t);
    for (const period of periods(calendar, t)) {
      const from = Math.max(period.begin, t - midnight);
      if (from >= period.end) continue;
      if (period.end - from >= left) return midnight + from + left;
      left -= period.end - from;
    }
    t = midnight + DAY;
  }
  return null;
}

/**
 * `delay` in working days after `start` (a day off does not count), at the same time of day, not
 * later than that day's last working hour; a start on a day off counts from the first working
 * hour of the next working day.
 */
function addWorkingDays(calendar: WorkCalendar, start: number, delay: number, endOfWorkingDay: boolean): number | null {
  const working = (t: number) => periods(calendar, t).length > 0;
  let t = start;
  for (let day = 0; !working(t); day++) {
    if (day >= SEARCH_DAYS) return null;
    t = dayStart(t) + DAY;
    if (working(t)) t = dayStart(t) + periods(calendar, t)[0]!.begin;
  }
  let left = delay;
  for (let day = 0; left > 0; day++) {
    if (day >= SEARCH_DAYS) return null;
    t += DAY;
    if (working(t)) left -= DAY;
    if (left < 0) t += left; // a part of a day: that much earlier
  }
  const today = periods(calendar, t);
  const lastHour = today.length ? Math.max(...today.map((p) => p.end)) : null;
  if (lastHour !== null && (endOfWorkingDay || t - dayStart(t) > lastHour)) t = dayStart(t) + lastHour;
  return t;
}

const hasPeriods = (calendar: WorkCalendar | null): calendar is WorkCalendar => calendar !== null && calendar.segments.some((s) => s.end > s.begin);

/**
 * The working time between two dates, in seconds: inside the calendar's periods (less its
 * holidays), or, `inDays`, all the time of its working days; plain time without a calendar.
 */
export function activeSeconds(start: string, end: string, calendar: WorkCalendar | null, inDays = false): number {
  const from = parseWallClock(start);
  const to = parseWallClock(end);
  if (from === null || to === null || to <= from) return 0;
  if (!hasPeriods(calendar)) return to - from;
  let total = 0;
  for (let day = dayStart(from); day < to; day += DAY) {
    const today = periods(calendar, day);
    const spans = inDays ? (today.length ? [{ begin: 0, end: DAY }] : []) : today;
    for (const span of spans) total += Math.max(0, Math.min(to, day + span.end) - Math.max(from, day + span.begin));
  }
  return total;
}

/** The date `rule` gives from `start`, or null when `start` is no date or no working time is left in reach. */
export function dueDate(start: string, rule: DelayRule, calendar: WorkCalendar | null): string | null {
  const from = parseWallClock(start);
  if (from === null) return null;
  let end: number | null;
  if (!hasPeriods(calendar)) end = from + rule.seconds;
  else if (rule.inDays) end = addWorkingDays(calendar, from, rule.seconds, rule.endOfWorkingDay);
  else end = addWorkingTime(calendar, from, rule.seconds);
  return end === null ? null : formatWallClock(end);
}

/** `date`, or the same time of the first later day with working periods; `date` itself without a calendar's periods. */
export function onWorkingDay(date: string, calendar: WorkCalendar | null): string | null {
  const t = parseWallClock(date);
  if (t === null || !hasPeriods(calendar)) return date;
  for (let day = 0; day < SEARCH_DAYS; day++) if (periods(calendar, t + day * DAY).length > 0) return formatWallClock(t + day * DAY);
  return null;
}
