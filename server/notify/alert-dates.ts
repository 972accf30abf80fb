/**
 * Calendar arithmetic on stored dates (`YYYY-MM-DD`, the data zone's wall clock) for the alerts,
 * and GLPI's record of alerts sent (glpi_alerts: one row per item and alert type).
 */
import type { Db } from '../db/connection';
import { insertRow, run, selectOne } from '../db/rows';

/** GLPI's alert types (Alert::END…) */
export const ALERT = { END: 2, NOTICE: 3, PERIODICITY: 6 } as const;

const day = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`);
const text = (date: Date) => date.toISOString().slice(0, 10);

/** `months` after a date, on the same day of the month (or the month's last, as PHP's DATE_ADD does). */
export function addMonths(date: string, months: number): string {
  const d = day(date);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return text(target);
}

export function addDays(date: string, days: number): string {
  const d = day(date);
  d.setUTCDate(d.getUTCDate() + days);
  return text(d);
}

/** When the alert of this type was last sent for the item ('' never). */
export function alertSent(db: Db, itemtype: string, id: number, type: number): string {
  return String(selectOne(db, 'SELECT date FROM glpi_alerts WHERE itemtype = ? AND items_id = ? AND type = ?', itemtype, id, type)?.date ?? '');
}

/** Notes the alert as sent at `date` (replacing an earlier one of the same type). */
export function noteAlert(db: Db, itemtype: string, id: number, type: number, date: string): void {
  run(db, 'DELETE FROM glpi_alerts WHERE itemtype = ? AND items_id = ? AND type = ?', itemtype, id, type);
  insertRow(db, 'glpi_alerts', { itemtype, items_id: id, type, date });
}
