/**
 * The rules of ITIL tasks (TicketTask, ProblemTask, ChangeTask), as GLPI keeps them:
 * - a task records who wrote it and when; the input cannot claim another author;
 * - the parent's `actiontime` is the sum of its tasks' durations, recounted whenever a task is
 *   added, changes duration or parent, or is purged. GLPI writes the sum straight to the row,
 *   without a history line, and so does this.
 */
import { nowString } from '../core/clock';
import { run } from '../db/rows';
import type { ItemHooks, WriteContext } from '../items/hooks';
import { itemtypeOrThrow, type Itemtype } from '../registry';

/** The parent link of a task type (TicketTask → tickets_id on Ticket). */
function parentOf(type: Itemtype): { fk: string; table: string } {
  const owner = type.owners.find((o) => 'fk' in o);
  if (!owner || !('fk' in owner)) throw new Error(`${type.name} has no parent column`);
  return { fk: owner.fk, table: itemtypeOrThrow(owner.itemtype).table };
}

function recountActionTime(wc: WriteContext, type: Itemtype, parentId: number): void {
  const { fk, table } = parentOf(type);
  run(wc.db, `UPDATE ${table} SET actiontime = (SELECT COALESCE(SUM(actiontime), 0) FROM ${type.table} WHERE ${fk} = ?1) WHERE id = ?1`, parentId);
}

export const taskHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    row.users_id = Number(wc.scope.user.id);
    row.date ??= nowString();
  },
  afterAdd(wc, type, row) {
    recountActionTime(wc, type, Number(row[parentOf(type).fk]));
  },
  afterUpdate(wc, type, old, changes) {
    const { fk } = parentOf(type);
    if (!('actiontime' in changes) && !(fk in changes)) return;
    recountActionTime(wc, type, Number(old[fk]));
    if (fk in changes && Number(changes[fk]) !== Number(old[fk])) recountActionTime(wc, type, Number(changes[fk]));
  },
  afterPurge(wc, type, row) {
    recountActionTime(wc, type, Number(row[parentOf(type).fk]));
  },
};
