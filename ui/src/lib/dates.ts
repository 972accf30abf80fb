/**
 * Dates as the user wants to read and type them: GLPI's `date_format` preference (0 YYYY-MM-DD,
 * 1 DD-MM-YYYY, 2 MM-DD-YYYY; 24-hour time, as GLPI), the same in lists, pages and form fields.
 * The API reads and writes `YYYY-MM-DD HH:MM:SS`.
 */
export type DateFormat = 0 | 1 | 2;

const PATTERNS: Record<DateFormat, string> = { 0: 'YYYY-MM-DD', 1: 'DD-MM-YYYY', 2: 'MM-DD-YYYY' };

let current: DateFormat = 0;

/** Chosen once the session is known (its `glpidate_format`). */
export function setDateFormat(format: unknown): void {
  const n = Number(format);
  current = n === 1 || n === 2 ? n : 0;
}

const API_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

function ordered(year: string, month: string, day: string): string {
  return current === 1 ? `${day}-${month}-${year}` : current === 2 ? `${month}-${day}-${year}` : `${year}-${month}-${day}`;
}

/** An API date or datetime in the user's format (minutes, as GLPI's lists); anything else as it is. */
export function showDate(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const m = API_DATE.exec(text);
  if (!m) return text;
  const [, year, month, day, hours, minutes] = m;
  return hours === undefined ? ordered(year!, month!, day!) : `${ordered(year!, month!, day!)} ${hours}:${minutes}`;
}

/** An API value in the user's format for a form field (seconds kept when not zero). */
export function dateInputText(value: unknown, withTime: boolean): string {
  const m = API_DATE.exec(value === null || value === undefined ? '' : String(value));
  if (!m) return '';
  const [, year, month, day, hours = '00', minutes = '00', seconds = '00'] = m;
  const date = ordered(year!, month!, day!);
  return withTime ? `${date} ${hours}:${minutes}${seconds === '00' ? '' : `:${seconds}`}` : date;
}

/** What a form field shows as the expected format ("DD-MM-YYYY HH:MM"). */
export const datePlaceholder = (withTime: boolean) => `${PATTERNS[current]}${withTime ? ' HH:MM' : ''}`;

/** Text typed in the user's format to the API's date (`YYYY-MM-DD`) or datetime; null when it is not one. */
export function parseDateInput(text: string, withTime: boolean): string | null {
  const m = /^\s*(\d{1,4})[-/.](\d{1,2})[-/.](\d{1,4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*$/.exec(text);
  if (!m) return null;
  const [, a, b, c, hours = '0', minutes = '0', seconds = '0'] = m;
  const [year, month, day] = current === 1 ? [c, b, a] : current === 2 ? [c, a, b] : [a, b, c];
  const pad = (v: string, n = 2) => v!.padStart(n, '0');
  if (year!.length !== 4) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds)));
  const valid = date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day) && Number(hours) < 24 && Number(minutes) < 60 && Number(seconds) < 60;
  if (!valid) return null;
  const day10 = `${year}-${pad(month!)}-${pad(day!)}`;
  return withTime ? `${day10} ${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : day10;
}
