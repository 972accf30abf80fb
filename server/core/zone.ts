/**
 * Time zones by name: the wall-clock text (`YYYY-MM-DD HH:MM:SS`) of an instant in a zone, and
 * back. Deskbase stores dates as such wall-clock text, GLPI's way, in one zone (the data zone,
 * see clock.ts); sessions may show them in another (a user's `timezone` preference).
 */

const HOUR_MS = 3_600_000;
/** Two-digit numbers, for formatting millions of values without padStart. */
const TWO = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));

export interface Zone {
  /** The IANA name (`Europe/Paris`, `UTC`). */
  readonly name: string;
  /** The wall-clock text of an instant (ms since the epoch) in this zone. */
  format(ms: number): string;
  /**
   * The instant of a wall-clock text (seconds optional), or null for another shape. A time the
   * clocks skipped counts with the offset before the change; a time seen twice, the first one.
   */
  instant(text: string): number | null;
}

/** The zone this machine runs in (TZ, else the system's). */
export const machineZoneName = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Milliseconds of a wall-clock text read as UTC (the arithmetic needs no zone), or null for another shape. */
export function wallMs(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  return Number.isNaN(ms) ? null : ms;
}

/** The wall-clock text of milliseconds read as UTC. */
export function wallText(ms: number): string {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  return `${year < 1000 ? String(year).padStart(4, '0') : year}-${TWO[d.getUTCMonth() + 1]}-${TWO[d.getUTCDate()]} ${TWO[d.getUTCHours()]}:${TWO[d.getUTCMinutes()]}:${TWO[d.getUTCSeconds()]}`;
}

/** The offset from UTC (ms) of a named zone at an instant, from Intl; throws RangeError for an unknown name. */
function intlOffset(name: string): (ms: number) => number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: name, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  return (ms) => {
    const part: Record<string, number> = {};
    for (const p of format.formatToParts(ms)) if (p.type !== 'literal') part[p.type] = Number(p.value);
    return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - Math.floor(ms / 1000) * 1000;
  };
}

/** An offset function remembered per hour when it holds for the whole hour (zones change on the hour or half-hour). */
function perHour(exact: (ms: number) => number): (ms: number) => number {
  const byHour = new Map<number, number | null>();
  return (ms) => {
    const hour = Math.floor(ms / HOUR_MS);
    let offset = byHour.get(hour);
    if (offset === undefined) {
      if (byHour.size > 100_000) byHour.clear();
      const start = exact(hour * HOUR_MS);
      offset = start === exact(hour * HOUR_MS + HOUR_MS - 1000) ? start : null; // a change inside this hour
      byHour.set(hour, offset);
    }
    return offset ?? exact(ms);
  };
}

const zones = new Map<string, Zone>();

/** The zone of that IANA name; throws RangeError for a name no zone database knows. */
export function zone(name: string): Zone {
  let found = zones.get(name);
  if (found) return found;
  const offsetAt = perHour(intlOffset(name));
  found = {
    name,
    format: (ms) => wallText(ms + offsetAt(ms)),
    instant(text) {
      const wall = wallMs(text);
      if (wall === null) return null;
      // The offsets a day before and after: the instants they give that the zone confirms, the first one.
      const offsets = [offsetAt(wall - 86_400_000), offsetAt(wall + 86_400_000)];
      // The same offset (every day but those the clocks change): what the lines below give, without their arrays.
      if (offsets[0] === offsets[1]) return wall - offsets[0]!;
      const valid = offsets.map((o) => wall - o).filter((t, i) => offsetAt(t) === offsets[i]);
      return valid.length ? Math.min(...valid) : wall - offsets[0]!;
    },
  };
  zones.set(name, found);
  return found;
}

/** True when a zone database knows this name. */
export function isZoneName(name: string): boolean {
  try {
    zone(name);
    return true;
  } catch {
    return false;
  }
}
