/**
 * GLPI 10's automatic action for pending reasons (pendingreason_autobump_autosolve): a ticket,
 * problem or change on hold with a reason whose `followup_frequency` is set gets a reminder, a
 * follow-up written from the reason's follow-up template, each time that many seconds have gone
 * by since the last one (`last_bump_date`, `bump_count`); once `followups_before_resolution`
 * reminders went unanswered (0: never), the next turn solves it with the reason's solution
 * template. Without the template in question nothing is written. No user writes it (users_id 0).
 */
import { inTransaction, type Db } from '../db/connection';
import { run, selectAll, selectOne, type Row } from '../db/rows';
import { itemtype } from '../registry';
import { ITIL_STATUS } from '../registry/values';
import { dueDate } from './agreement-dates';
import { followupFromTemplate, solutionFromTemplate } from './template-writes';

/** The history's name for what the automatic action writes. */
const ACTOR = 'Automatic action (pending reasons)';

function remind(db: Db, pending: Row, at: string): void {
  const type = itemtype(String(pending.itemtype));
  if (!type || !followupFromTemplate(db, type, Number(pending.items_id), Number(pending.itilfollowuptemplates_id), 0, at)) return;
  run(db, 'UPDATE glpi_pendingreasons_items SET bump_count = bump_count + 1, last_bump_date = ? WHERE id = ?', at, Number(pending.id));
}

function solve(db: Db, pending: Row, item: Row, at: string): void {
  const type = itemtype(String(pending.itemtype));
  if (!type || !solutionFromTemplate({ db, history: true, actor: ACTOR }, type, item, Number(pending.solutiontemplates_id), 0, at)) return;
  // No longer on hold: the reason goes, as when a user moves the item.
  run(db, 'DELETE FROM glpi_pendingreasons_items WHERE itemtype = ? AND items_id = ?', type.name, Number(item.id));
}

/** The unanswered reminders have all been sent: the next turn solves. */
const isLast = (pending: Row) => Number(pending.followups_before_resolution) > 0 && Number(pending.bump_count) >= Number(pending.followups_before_resolution);

/** The reasons whose turn has come at `at`, with their items (still on hold). */
function dueAt(db: Db, at: string): { pending: Row; item: Row }[] {
  const kept = selectAll(
    db,
    `SELECT pi.*, r.itilfollowuptemplates_id, r.solutiontemplates_id, f.id IS NOT NULL AS reminds, s.id IS NOT NULL AS solves
       FROM glpi_pendingreasons_items pi
       JOIN glpi_pendingreasons r ON r.id = pi.pendingreasons_id
       LEFT JOIN glpi_itilfollowuptemplates f ON f.id = r.itilfollowuptemplates_id
       LEFT JOIN glpi_solutiontemplates s ON s.id = r.solutiontemplates_id
      WHERE pi.itemtype IN ('Ticket', 'Problem', 'Change') AND pi.followup_frequency > 0 AND pi.last_bump_date IS NOT NULL`,
  );
  return kept.flatMap((pending) => {
    // Without the template of what is due, nothing is written: the turn skips it.
    if (Number(isLast(pending) ? pending.solves : pending.reminds) !== 1) return [];
    const next = dueDate(String(pending.last_bump_date), { seconds: Number(pending.followup_frequency), inDays: false, endOfWorkingDay: false }, null);
    if (next === null || next > at) return [];
    const type = itemtype(String(pending.itemtype));
    const item = type ? selectOne(db, `SELECT * FROM ${type.table} WHERE id = ?`, Number(pending.items_id)) : null;
    return item && Number(item.status) === ITIL_STATUS.WAITING ? [{ pending, item }] : [];
  });
}

/** One turn of the automatic action at `at`: the reminders and resolutions that are due, in one transaction (none when nothing is due). */
export function bumpPendingItems(db: Db, at: string): void {
  if (dueAt(db, at).length === 0) return;
  inTransaction(db, () => {
    for (const { pending, item } of dueAt(db, at)) {
      if (isLast(pending)) solve(db, pending, item, at);
      else remind(db, pending, at);
    }
  });
}
