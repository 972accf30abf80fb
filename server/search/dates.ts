import { nowString } from '../core/clock';
import { wallMs, wallText } from '../core/zone';

/**
 * Date values of search criteria, as GLPI's search understands them: absolute dates
 * (`YYYY-MM-DD[ HH:MM:SS]`, `DD-MM-YYYY`, `DD/MM/YYYY`) or values relative to now:
 * `NOW`, `TODAY`, `BEGINMONTH`, `BEGINYEAR`, `ENDMONTH`, `ENDYEAR`, `LASTMONDAY`…`LASTSUNDAY`,
 * and `[-]N` + `YEAR|MONTH|WEEK|DAY|HOUR|MINUTE` (e.g. `-7DAY`). The arithmetic runs on the
 * wall clock of the data zone: a Date here holds that wall clock in its UTC fields.
 */
const WEEKDAYS = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
const RELATIVE = /^([-+]?\d{1,6})\s*(YEAR|MONTH|WEEK|DAY|HOUR|MINUTE)S?$/;
const DAY_FIRST = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})(.*)$/;

const wall = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) => new Date(Date.UTC(y, m, d, h, mi, s));
const midnight = (d: Date) => wall(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
const fullText = (d: Date) => wallText(d.getTime());
const dateOnly = (d: Date) => fullText(d).slice(0, 10);
/** Now on the data zone's wall clock. */
const wallNow = () => new Date(wallMs(nowString())!);

/** Adds months the way MySQL's INTERVAL does: the day is clipped to the target month's length. */
export function addMonths(date: Date, months: number): Date {
  const target = wall(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  const lastDay = wall(target.getUTCFullYear(), target.getUTCMonth() + 1, 0).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

function relative(word: string, now: Date): { date: Date; dayOnly: boolean } | null {
  const [year, month] = [now.getUTCFullYear(), now.getUTCMonth()];
  switch (word) {
    case 'NOW':
      return { date: now, dayOnly: false };
    case 'TODAY':
      return { date: midnight(now), dayOnly: true };
    case 'BEGINMONTH':
      return { date: wall(year, month, 1), dayOnly: true };
    case 'BEGINYEAR':
      return { date: wall(year, 0, 1), dayOnly: true };
    case 'ENDMONTH':
      return { date: wall(year, month + 1, 0), dayOnly: false };
    case 'ENDYEAR':
      return { date: wall(year, 11, 31), dayOnly: false };
  }
  if (word.startsWith('LAST') && WEEKDAYS.includes(word.slice(4))) {
    const wanted = WEEKDAYS.indexOf(word.slice(4));
    const back = (now.getUTCDay() - wanted + 7) % 7 || 7;
    const d = midnight(now);
    d.setUTCDate(d.getUTCDate() - back);
    return { date: d, dayOnly: true };
  }
  const m = RELATIVE.exec(word);
  if (!m) return null;
  const n = Number(m[1]);
  const d = wall(year, month, now.getUTCDate(), now.getUTCHours(), now.getUTCMinutes(), 0);
  switch (m[2]) {
    case 'YEAR':
      return { date: addMonths(d, 12 * n), dayOnly: false };
    case 'MONTH':
      return { date: addMonths(d, n), dayOnly: false };
    case 'WEEK':
      d.setUTCDate(d.getUTCDate() + 7 * n);
      return { date: d, dayOnly: false };
    case 'DAY':
      d.setUTCDate(d.getUTCDate() + n);
      return { date: d, dayOnly: true };
    case 'HOUR':
      d.setUTCHours(d.getUTCHours() + n);
      return { date: d, dayOnly: false };
    default:
      d.setUTCMinutes(d.getUTCMinutes() + n);
      return { date: d, dayOnly: false };
  }
}

/**
 * The value to compare a date column with. For datetime columns, relative values counted in
 * days (`TODAY`, `-7DAY`, `BEGINMONTH`, `LASTMONDAY`…) give the day alone, others the full time.
 */
export function searchDate(value: string, withTime: boolean, now = wallNow()): string {
  const text = value.trim();
  const rel = relative(text.toUpperCase(), now);
  if (rel) return withTime && !rel.dayOnly ? fullText(rel.date) : dateOnly(rel.date);
  const m = DAY_FIRST.exec(text);
  if (m) return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}${m[4]}`;
  return text;
}

/** lessthan / morethan with a bare number: that many months from now. */
export function monthsFromNow(months: number, withTime: boolean, now = wallNow()): string {
  const d = addMonths(now, months);
  return withTime ? fullText(d) : dateOnly(d);
}
