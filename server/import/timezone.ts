/**
 * GLPI 10 keeps TIMESTAMP columns in UTC (MySQL converts them from and to the session's time
 * zone) and shows them in GLPI's time zone: the `timezone` setting, else PHP's default zone. The
 * importer reads them in UTC (it sets its session to +00:00, which needs no time-zone tables on
 * the GLPI server) and turns them into the wall-clock time of that zone, which becomes the data
 * zone of the folder (see core/clock.ts), so Deskbase stores what GLPI's API shows and writes its
 * own dates in the same zone. Without a `timezone` setting the zone is this machine's own.
 * DATETIME and DATE columns have no zone: they are copied as they are.
 */
import { wallMs, zone, type Zone } from '../core/zone';

export interface ImportZone {
  /** The zone's IANA name: the data zone of the imported folder. */
  readonly name: string;
  /** 'YYYY-MM-DD HH:MM:SS' in UTC to the same instant's wall-clock time in the zone. */
  fromUtc(utc: string): string;
}

/** The zone to show GLPI's timestamps in; a name Intl does not know throws RangeError. */
export function importZone(name: string): ImportZone {
  const target: Zone = zone(name);
  return {
    name,
    fromUtc(text) {
      const ms = text.length === 19 ? wallMs(text) : null;
      return ms === null ? text : target.format(ms);
    },
  };
}
