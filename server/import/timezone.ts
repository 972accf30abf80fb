/**
 * GLPI 10 keeps TIMESTAMP columns in UTC (MySQL converts them from and to the session's time
 * zone) and shows them in GLPI's time zone: the `timezone` setting, else PHP's default zone. The
 * importer reads them in UTC (it sets its session to +00:00, which needs no time-zone tables on
 * the GLPI server) and turns them into the wall-clock time of that zone here, so Deskbase stores
 * what GLPI's API shows. Without a `timezone` setting the zone is this machine's own, the one
 * Deskbase writes its dates in. DATETIME and DATE columns have no zone: they are copied as they are.
 */
export interface ImportZone {
  /** 'YYYY-MM-DD HH:MM:SS' in UTC to the same instant's wall-clock time in the zone. */
  fromUtc(utc: string): string;
}

const HOUR_MS = 3_600_000;
/** Two-digit numbers, for formatting millions of values without padStart. */
const TWO = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));

/** Milliseconds of a 'YYYY-MM-DD HH:MM:SS' text read as UTC, or null for any other shape. */
function utcMs(text: string): number | null {
  if (text.length !== 19 || text[4] !== '-' || text[7] !== '-' || text[10] !== ' ' || text[13] !== ':' || text[16] !== ':') return null;
  const n = (at: number, digits: number) => {
    let value = 0;
    for (let i = at; i < at + digits; i++) {
      const d = text.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return NaN;
      value = value * 10 + d;
    }
    return value;
  };
  const ms = Date.UTC(n(0, 4), n(5, 2) - 1, n(8, 2), n(11, 2), n(14, 2), n(17, 2));
  return Number.isNaN(ms) ? null : ms;
}

function utcText(ms: number): string {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  return `${year < 1000 ? String(year).padStart(4, '0') : year}-${TWO[d.getUTCMonth() + 1]}-${TWO[d.getUTCDate()]} ${TWO[d.getUTCHours()]}:${TWO[d.getUTCMinutes()]}:${TWO[d.getUTCSeconds()]}`;
}

/** The offset from UTC (ms) of a named zone at an instant, from Intl. */
function intlOffset(zone: string): (ms: number) => number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  return (ms) => {
    const part: Record<string, number> = {};
    for (const p of format.formatToParts(ms)) if (p.type !== 'literal') part[p.type] = Number(p.value);
    return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - Math.floor(ms / 1000) * 1000;
  };
}

/** This machine's offset from UTC (ms) at an instant. */
const localOffset = (ms: number) => -new Date(ms).getTimezoneOffset() * 60_000;

/** An offset function remembered per hour when it holds for the whole hour (zones change on the hour or half-hour). */
function perHour(exact: (ms: number) => number): (ms: number) => number {
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
  const offsetAt = perHour(glpiTimezone ? intlOffset(glpiTimezone) : localOffset);
  return {
    fromUtc(text) {
      const ms = utcMs(text);
      if (ms === null) return text;
      const offset = offsetAt(ms);
      return offset === 0 ? text : utcText(ms + offset);
    },
  };
}
