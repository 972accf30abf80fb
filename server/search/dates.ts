import { formatDate, now as serverNow } from '../core/clock';

/**
 * Date values of search criteria, as GLPI's search understands them: absolute dates
 * (`YYYY-MM-DD[ HH:MM:SS]`, `DD-MM-YYYY`, `DD/MM/YYYY`) or values relative to now:
 * `NOW`, `TODAY`, `BEGINMONTH`, `BEGINYEAR`, `ENDMONTH`, `ENDYEAR`, `LASTMONDAY`…`LASTSUNDAY`,
 * and `[-]N` + `YEAR|MONTH|WEEK|DAY|HOUR|MINUTE` (e.g. `-7DAY`).
 */
const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
const RELATIVE = /^([-+]?\d{1,6})\s*(YEAR|MONTH|WEEK|DAY|HOUR|MINUTE)S?$/;
const DAY_FIRST = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})(.*)$/;

const midnight = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const dateOnly = (d: Date) => formatDate(d).slice(0, 10);

/** Adds months the way MySQL's INTERVAL does: the day is clipped to the target month's length. */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getFullYear(), date.getMonth() + months, 1, date.getHours(), date.getMinutes(), date.getSeconds());
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(date.getDate(), lastDay));
  return target;
}

function relative(word: string, now: Date): { date: Date; dayOnly: boolean } | null {
  switch (word) {
    case 'NOW':
      return { date: now, dayOnly: false };
    case 'TODAY':
      return { date: midnight(now), dayOnly: true };
    case 'BEGINMONTH':
      return { date: new Date(now.getFullYear(), now.getMonth(), 1), dayOnly: true };
    case 'BEGINYEAR':
      return { date: new Date(now.getFullYear(), 0, 1), dayOnly: true };
    case 'ENDMONTH':
      return { date: new Date(now.getFullYear(), now.getMonth() + 1, 0), dayOnly: false };
    case 'ENDYEAR':
      return { date: new Date(now.getFullYear(), 11, 31), dayOnly: false };
  }
  if (word.startsWith('LAST') && WEEKDAYS.includes(word.slice(4))) {
    const wanted = WEEKDAYS.indexOf(word.slice(4));
    const back = (now.getDay() - wanted + 7) % 7 || 7;
    const d = midnight(now);
    d.setDate(d.getDate() - back);
    return { date: d, dayOnly: true };
  }
  const m = RELATIVE.exec(word);
  if (!m) return null;
  const n = Number(m[1]);
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours(), now.getMinutes(), 0);
  switch (m[2]) {
    case 'YEAR':
      return { date: addMonths(d, 12 * n), dayOnly: false };
    case 'MONTH':
      return { date: addMonths(d, n), dayOnly: false };
    case 'WEEK':
      d.setDate(d.getDate() + 7 * n);
      return { date: d, dayOnly: false };
    case 'DAY':
      d.setDate(d.getDate() + n);
      return { date: d, dayOnly: true };
    case 'HOUR':
      d.setHours(d.getHours() + n);
      return { date: d, dayOnly: false };
    default:
      d.setMinutes(d.getMinutes() + n);
      return { date: d, dayOnly: false };
  }
}

/**
 * The value to compare a date column with. For datetime columns, relative values counted in
 * days (`TODAY`, `-7DAY`, `BEGINMONTH`, `LASTMONDAY`…) give the day alone, others the full time.
 */
export function searchDate(value: string, withTime: boolean, now = new Date(serverNow())): string {
  const text = value.trim();
  const rel = relative(text.toUpperCase(), now);
  if (rel) return withTime && !rel.dayOnly ? formatDate(rel.date) : dateOnly(rel.date);
  const m = DAY_FIRST.exec(text);
  if (m) return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}${m[4]}`;
  return text;
}

/** lessthan / morethan with a bare number: that many months from now. */
export function monthsFromNow(months: number, withTime: boolean, now = new Date(serverNow())): string {
  const d = addMonths(now, months);
  return withTime ? formatDate(d) : dateOnly(d);
}
