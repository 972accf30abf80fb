/**
 * GLPI 10 keeps TIMESTAMP columns in UTC (MySQL converts them from and to the session's time
 * zone) and shows them in GLPI's time zone: the `timezone` setting, else PHP's default zone. The
 * importer reads them in UTC (it sets its session to +00:00, which needs no time-zone tables on
 * the GLPI server) and turns them into the wall-clock time of that zone here, so Deskbase stores
 * what GLPI's API shows. Without a `timezone` setting the zone is this machine's own, the one
 * Deskbase writes its dates in. DATETIME and DATE columns have no zone: they are copied as they are.
 */
import { formatDate } from '../core/clock';

export interface ImportZone {
  /** The IANA name of the zone, or null for this machine's local time. */
  name: string | null;
  /** 'YYYY-MM-DD HH:MM:SS' in UTC to the same instant's wall-clock time in the zone. */
  fromUtc(utc: string): string;
}

const HOUR_MS = 3_600_000;
const SHAPE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function utcMs(text: string): number | null {
  const m = SHAPE.exec(text);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

const pad = (n: number) => String(n).padStart(2, '0');
const utcText = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;

/** The zone's offset from UTC in ms at each instant, from Intl, remembered per hour when it holds for the whole hour. */
function offsets(zone: string): (ms: number) => number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const exact = (ms: number) => {
    const part: Record<string, number> = {};
    for (const p of format.formatToParts(ms)) if (p.type !== 'literal') part[p.type] = Number(p.value);
    return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - Math.floor(ms / 1000) * 1000;
  };
  const byHour = new Map<number, number | null>();
  return (ms) => {
    const hour = Math.floor(ms / HOUR_MS);
    let offset = byHour.get(hour);
    if (offset === undefined) {
      const start = exact(hour * HOUR_MS);
      offset = start === exact(hour * HOUR_MS + HOUR_MS - 1000) ? start : null; // a change inside this hour
      byHour.set(hour, offset);
    }
    return offset ?? exact(ms);
  };
}

/** The zone to show GLPI's timestamps in; a setting Intl does not know throws RangeError. */
export function importZone(glpiTimezone: string | null): ImportZone {
  const convert = (text: string, local: (ms: number) => string) => {
    const ms = utcMs(text);
    return ms === null ? text : local(ms);
  };
  if (!glpiTimezone) return { name: null, fromUtc: (text) => convert(text, (ms) => formatDate(new Date(ms))) };
  const offsetAt = offsets(glpiTimezone);
  return { name: glpiTimezone, fromUtc: (text) => convert(text, (ms) => utcText(new Date(ms + offsetAt(ms)))) };
}
