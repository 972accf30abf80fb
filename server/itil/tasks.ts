/**
 * The rules of ITIL tasks (TicketTask, ProblemTask, ChangeTask), as GLPI keeps them:
 * - a task records who wrote it and when; the input cannot claim another author;
 * - the parent's `actiontime` is the sum of its tasks' durations, recounted whenever a task is
 *   added, changes duration or parent, or is purged. GLPI writes the sum straight to the row,
 *   without a history line, and so does this;
 * - an item opened with `_tasktemplates_id` (a TaskTemplate id or a list) gets a task from each,
 *   dated as the item, as GLPI's templates give them (a session that may not add tasks: none).
 */
import { nowString } from '../core/clock';
import { timelinePosition } from '../items/timeline';
import { asList, toId } from '../core/params';
import { addItem, mayAttempt } from '../items/crud';
import { run } from '../db/rows';
import { namedRows } from './named-rows';
import { type ItemHooks, type WriteContext } from '../items/hooks';
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
  prepareAdd(wc, type, row) {
    row.users_id = Number(wc.scope.user.id);
    row.date ??= nowString();
    // GLPI gives each new task a UUID, and always its writer's timeline side.
    if (type.column.has('uuid')) row.uuid ??= crypto.randomUUID();
    const owner = type.owners.find((o) => 'fk' in o);
    if (type.column.has('timeline_position') && owner && 'fk' in owner) row.timeline_position = timelinePosition(wc, owner.itemtype, Number(row[owner.fk]), Number(row.users_id));
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

/** What a task takes from its template. */
const TEMPLATE_COLUMNS = ['content', 'taskcategories_id', 'actiontime', 'state', 'is_private', 'users_id_tech', 'groups_id_tech'];

/** On Ticket, Problem and Change: `_tasktemplates_id` adds a task from each template named. */
export const taskTemplateHooks: ItemHooks = {
  afterAdd(wc, type, row, input) {
    const given = input._tasktemplates_id;
    if (given === undefined || given === null || given === '' || given === 0) return;
    const taskType = itemtypeOrThrow(`${type.name}Task`);
    const ids = [...new Set((asList(given) ?? [given]).map((value) => toId(value)))];
    const templates = namedRows(wc, input, '_tasktemplates_id', itemtypeOrThrow('TaskTemplate'), ids);
    if (!mayAttempt(wc.scope, taskType, 'create')) return;
    const { fk } = parentOf(taskType);
    for (const template of templates) {
      const values = Object.fromEntries(TEMPLATE_COLUMNS.map((column) => [column, template[column]]));
      addItem(wc, taskType, { ...values, [fk]: Number(row.id), tasktemplates_id: Number(template.id), date: row.date });
    }
  },
};
