/**
 * The working calendars of tickets, problems and changes, read from GLPI's tables: a calendar's
 * weekly periods and holidays, and the calendar an entity uses (its own, or its parent's when it
 * inherits, GLPI's calendars_strategy -2).
 */
import type { Db } from '../db/connection';
import { selectAll } from '../db/rows';
import { activeSeconds, formatWallClock, parseWallClock, secondsOfClock, type Segment, type WorkCalendar } from './agreement-dates';
import { decidingEntity } from './entity-settings';

/** Calendar `id`'s periods and holidays; null for none (0: 24/7). */
export function workCalendar(db: Db, id: number): WorkCalendar | null {
  if (id <= 0) return null;
  const segments: Segment[] = [];
  for (const s of selectAll(db, 'SELECT day, begin, end FROM glpi_calendarsegments WHERE calendars_id = ?', id)) {
    const begin = secondsOfClock(String(s.begin ?? ''));
    const end = secondsOfClock(String(s.end ?? ''));
    if (begin !== null && end !== null) segments.push({ day: Number(s.day), begin, end });
  }
  const holidays = selectAll(
    db,
    'SELECT h.begin_date, h.end_date, h.is_perpetual FROM glpi_calendars_holidays ch JOIN glpi_holidays h ON h.id = ch.holidays_id WHERE ch.calendars_id = ? AND h.begin_date IS NOT NULL AND h.end_date IS NOT NULL',
    id,
  ).map((h) => ({ begin: String(h.begin_date), end: String(h.end_date), perpetual: Number(h.is_perpetual) === 1 }));
  return { segments, holidays };
}

/** The calendar entity `entityId` uses: its own, or the nearest parent's it inherits. */
export function entityCalendar(db: Db, entityId: number): WorkCalendar | null {
  const entity = decidingEntity(db, entityId, 'calendars_strategy');
  return entity ? workCalendar(db, Number(entity.calendars_id)) : null;
}

/** Is `date` a working hour of calendar `id` (in one of its periods, not a holiday)? A calendar without periods has none, as GLPI's. */
export function isWorkingHour(db: Db, id: number, date: string): boolean {
  const calendar = workCalendar(db, id);
  const at = parseWallClock(date);
  return calendar !== null && calendar.segments.length > 0 && at !== null && activeSeconds(date, formatWallClock(at + 1), calendar) > 0;
}
