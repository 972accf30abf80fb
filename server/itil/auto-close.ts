/**
 * GLPI's automatic action closeticket: a solved ticket closes once the `autoclose_delay` of its
 * entity (days; inherited through -2) has gone by since it was solved; 0 closes it at the next
 * turn; a negative delay (-10, or the root entity inheriting) never does. The closing moves the
 * clocks and is logged as a change of status, as one by hand.
 */
import { inTransaction, type Db } from '../db/connection';
import { selectAll, selectOne, type Row } from '../db/rows';
import { itemtypeOrThrow } from '../registry';
import { ITIL_STATUS } from '../registry/values';
import { formatWallClock, parseWallClock } from './agreement-dates';
import { decidingEntity } from './entity-settings';
import { writeRuleChanges } from './rules';

const ACTOR = 'Automatic action (closing solved tickets)';
const DAY = 86_400;

/** The solved tickets whose closing is due at `at`, entity by entity. */
function dueAt(db: Db, at: string): Row[] {
  // No entity sets a delay (as installed): nothing to look for among the tickets.
  if (!selectOne(db, 'SELECT 1 AS found FROM glpi_entities WHERE autoclose_delay >= 0 LIMIT 1')) return [];
  const entities = selectAll(db, 'SELECT DISTINCT entities_id FROM glpi_tickets WHERE status = ? AND is_deleted = 0', ITIL_STATUS.SOLVED);
  return entities.flatMap(({ entities_id }) => {
    const delay = Number(decidingEntity(db, Number(entities_id), 'autoclose_delay')?.autoclose_delay ?? -1);
    if (delay < 0) return [];
    const solvedBefore = formatWallClock(parseWallClock(at)! - delay * DAY);
    return selectAll(
      db,
      'SELECT * FROM glpi_tickets WHERE entities_id = ? AND status = ? AND is_deleted = 0 AND (? = 0 OR solvedate < ?) ORDER BY id',
      Number(entities_id),
      ITIL_STATUS.SOLVED,
      delay,
      solvedBefore,
    );
  });
}

/** One turn at `at`: every ticket due closes, in one transaction (none when nothing is due). */
export function closeSolvedTickets(db: Db, at: string): void {
  if (dueAt(db, at).length === 0) return;
  const type = itemtypeOrThrow('Ticket');
  inTransaction(db, () => {
    for (const ticket of dueAt(db, at)) writeRuleChanges({ db, history: true, actor: ACTOR }, type, ticket, { status: ITIL_STATUS.CLOSED, closedate: at, date_mod: at });
  });
}
