/**
 * Pending reasons, as GLPI 10 sets them. A follow-up or task added with `pending` puts its ticket,
 * problem or change on hold (status 4); with a `pendingreasons_id` the reason is kept on both the
 * item and the follow-up or task (PendingReason_Item, one per item), with the reason's reminder
 * frequency and number of reminders before resolution unless `followup_frequency` and
 * `followups_before_resolution` give others. An item updated (or added) on hold with a
 * `pendingreasons_id` gets the reason too; 0 removes it. Leaving the hold removes it (./rules.ts).
 * Only someone who may update the item, with the full update right (a requester's right to edit
 * their own new ticket is not enough), puts it on hold.
 */
import { UPDATE } from '../auth/rights';
import { hasRight } from '../auth/scope';
import { nowString } from '../core/clock';
import { toId, type Params } from '../core/params';
import { findById, insertRow, run, selectOne, type Row } from '../db/rows';
import { rowWritable } from '../items/crud';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import { itemtype, type Itemtype } from '../registry';
import { ITIL_STATUS } from '../registry/values';
import { writeRuleChanges } from './rules';

const { WAITING, SOLVED, CLOSED } = ITIL_STATUS;
const TABLE = 'glpi_pendingreasons_items';

/** `pending` as GLPI's forms send it; anything else is refused. */
function asksPending(input: Params): boolean {
  const value = input.pending;
  if (value === undefined || value === false || value === 0 || value === '0' || value === 'false') return false;
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  throw new ItemError('Field pending: 1 (put the item on hold) or 0');
}

function count(input: Params, key: string, fallback: number): number {
  const value = input[key];
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new ItemError(`Field ${key}: a whole number, 0 or more`);
  return n;
}

/** The reason the input names with its reminder settings, or null when it names none (0 or absent). */
function reasonOf(wc: WriteContext, input: Params): Row | null {
  if (input.pendingreasons_id === undefined || Number(input.pendingreasons_id) === 0) return null;
  const id = toId(input.pendingreasons_id);
  const reason = id === null ? null : selectOne(wc.db, 'SELECT id, followup_frequency, followups_before_resolution FROM glpi_pendingreasons WHERE id = ?', id);
  if (!reason) throw new ItemError(`Field pendingreasons_id: pending reason ${String(input.pendingreasons_id)} does not exist`);
  return {
    pendingreasons_id: Number(reason.id),
    followup_frequency: count(input, 'followup_frequency', Number(reason.followup_frequency)),
    followups_before_resolution: count(input, 'followups_before_resolution', Number(reason.followups_before_resolution)),
  };
}

/** Gives `type`/`id` the reason (replacing the one it had); `previous` is the status it had before the hold. */
function keepReason(wc: WriteContext, type: Itemtype, id: number, reason: Row, previous: number): void {
  run(wc.db, `DELETE FROM ${TABLE} WHERE itemtype = ? AND items_id = ?`, type.name, id);
  insertRow(wc.db, TABLE, { ...reason, itemtype: type.name, items_id: id, bump_count: 0, last_bump_date: nowString(), previous_status: previous });
}

/** The ticket, problem or change a follow-up (itemtype/items_id) or task (its owner's key) belongs to. */
function parentOf(wc: WriteContext, type: Itemtype, row: Row): { type: Itemtype; row: Row } | null {
  const owner = type.owners.find((o) => 'fk' in o);
  const parentType = owner && 'fk' in owner ? itemtype(owner.itemtype) : itemtype(String(row.itemtype ?? ''));
  const parentId = owner && 'fk' in owner ? Number(row[owner.fk]) : Number(row.items_id);
  const parent = parentType ? findById(wc.db, parentType.table, parentId) : null;
  return parentType && parent ? { type: parentType, row: parent } : null;
}

/** On ITILFollowup and the task types: checked before the follow-up is written (a requester's answer may reopen the item), applied after. */
export const pendingTimelineHooks: ItemHooks = {
  prepareAdd(wc, type, row, input) {
    if (!asksPending(input)) return;
    const parent = parentOf(wc, type, row);
    if (!parent) return;
    const status = Number(parent.row.status);
    if (status === SOLVED || status === CLOSED) throw new ItemError('A solved or closed item cannot be put on hold');
    const mayHold = parent.type.right !== null && hasRight(wc.scope, parent.type.right, UPDATE) && rowWritable(wc, parent.type, parent.row, 'update');
    if (!mayHold) throw new ItemError("You don't have permission to put this item on hold.");
    reasonOf(wc, input);
    input._pending_previous_status = status;
  },
  afterAdd(wc, type, row, input) {
    if (input._pending_previous_status === undefined) return;
    const previous = Number(input._pending_previous_status);
    const parent = parentOf(wc, type, row)!;
    if (Number(parent.row.status) !== WAITING) writeRuleChanges(wc, parent.type, parent.row, { status: WAITING, date_mod: nowString() });
    const reason = reasonOf(wc, input);
    if (!reason) return;
    keepReason(wc, parent.type, Number(parent.row.id), reason, previous);
    keepReason(wc, type, Number(row.id), reason, previous);
  },
};

function itemOnHold(wc: WriteContext, type: Itemtype, id: number, status: number, previous: number, input: Params): void {
  if (status !== WAITING || input.pendingreasons_id === undefined) return;
  const reason = reasonOf(wc, input);
  if (reason) keepReason(wc, type, id, reason, previous);
  else run(wc.db, `DELETE FROM ${TABLE} WHERE itemtype = ? AND items_id = ?`, type.name, id);
}

/** On Ticket, Problem and Change. */
export const pendingItemHooks: ItemHooks = {
  afterAdd(wc, type, row, input) {
    itemOnHold(wc, type, Number(row.id), Number(row.status), Number(row.status), input);
  },
  afterUpdate(wc, type, old, changes, input) {
    itemOnHold(wc, type, Number(old.id), Number(changes.status ?? old.status), Number(old.status), input);
  },
};
