/**
 * GLPI's automatic action createinquest: closed tickets get a satisfaction survey
 * (TicketSatisfaction, dated now, of the entity's type: 1 internal, 2 external) once the entity's
 * `inquest_delay` days have gone by since they closed, for `inquest_rate` percent of them, drawn
 * at random (0: none). The settings come from the first entity up the tree whose
 * `inquest_config` is not -2; that entity's `max_closedate` remembers the last closing date
 * considered, so a ticket is drawn at most once, even when it was not picked.
 */
import { inTransaction, type Db } from '../db/connection';
import { insertRow, run, selectAll, selectOne, type Row } from '../db/rows';
import { ITIL_STATUS } from '../registry/values';
import { itemtypeOrThrow } from '../registry';
import { raiseItemEvent } from '../items/hooks';
import { formatWallClock, parseWallClock } from './agreement-dates';
import { decidingEntity } from './entity-settings';

const DAY = 86_400;

interface Draw {
  /** The entity whose settings apply, and where max_closedate is kept. */
  settings: Row;
  tickets: Row[];
}

/** The closed tickets to draw from at `at`, grouped by the entity deciding their surveys. */
function drawsAt(db: Db, at: string): Draw[] {
  // No entity asks for surveys (as installed): nothing to look for among the tickets.
  if (!selectOne(db, 'SELECT 1 AS found FROM glpi_entities WHERE inquest_config > 0 AND inquest_rate > 0 LIMIT 1')) return [];
  const draws = new Map<number, Draw>();
  for (const { entities_id } of selectAll(db, 'SELECT DISTINCT entities_id FROM glpi_tickets WHERE status = ? AND is_deleted = 0', ITIL_STATUS.CLOSED)) {
    const settings = decidingEntity(db, Number(entities_id), 'inquest_config');
    if (!settings || Number(settings.inquest_rate) <= 0 || Number(settings.inquest_config) <= 0) continue;
    const closedBy = formatWallClock(parseWallClock(at)! - Math.max(0, Number(settings.inquest_delay)) * DAY);
    const tickets = selectAll(
      db,
      `SELECT t.id, t.closedate FROM glpi_tickets t
        WHERE t.entities_id = ? AND t.status = ? AND t.is_deleted = 0 AND t.closedate IS NOT NULL AND t.closedate <= ?
          AND (? IS NULL OR t.closedate > ?) AND NOT EXISTS (SELECT 1 FROM glpi_ticketsatisfactions s WHERE s.tickets_id = t.id)
        ORDER BY t.closedate, t.id`,
      Number(entities_id),
      ITIL_STATUS.CLOSED,
      closedBy,
      (settings.max_closedate as string | null) ?? null,
      (settings.max_closedate as string | null) ?? null,
    );
    if (tickets.length === 0) continue;
    const draw = draws.get(Number(settings.id)) ?? { settings, tickets: [] };
    draw.tickets.push(...tickets);
    draws.set(Number(settings.id), draw);
  }
  return [...draws.values()];
}

/** One turn at `at`: the surveys drawn, and each deciding entity's last closing date, in one transaction. */
export function createSurveys(db: Db, at: string): void {
  if (drawsAt(db, at).length === 0) return;
  inTransaction(db, () => {
    for (const { settings, tickets } of drawsAt(db, at)) {
      for (const ticket of tickets) {
        if (Math.random() * 100 >= Number(settings.inquest_rate)) continue;
        insertRow(db, 'glpi_ticketsatisfactions', { tickets_id: Number(ticket.id), type: Number(settings.inquest_config), date_begin: at });
        raiseItemEvent(db, itemtypeOrThrow('Ticket'), Number(ticket.id), 'satisfaction');
      }
      const last = tickets.reduce((max, t) => (String(t.closedate) > max ? String(t.closedate) : max), '');
      run(db, 'UPDATE glpi_entities SET max_closedate = ? WHERE id = ?', last, Number(settings.id));
    }
  });
}
