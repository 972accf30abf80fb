import { itemtype, type Itemtype } from '../registry';
import type { Db } from '../db/connection';
import { insertValues, run, type Bindable, type Row } from '../db/rows';
import { nowString } from '../core/clock';
import type { ItemHooks, WriteContext } from './hooks';
import { nameOf, nameOfRow, namesByIds } from './names';

/** GLPI's linked_action values (define.php HISTORY_*). */
export const HISTORY = {
  FIELD: 0,
  SIMPLE_MESSAGE: 12,
  DELETE_ITEM: 13,
  RESTORE_ITEM: 14,
  ADD_RELATION: 15,
  DEL_RELATION: 16,
  ADD_SUBITEM: 17,
  UPDATE_SUBITEM: 18,
  DELETE_SUBITEM: 19,
  CREATE_ITEM: 20,
} as const;

const MAX_VALUE = 180;

export interface LogEntry {
  itemtype: string;
  itemsId: number;
  action: number;
  link?: string;
  option?: number;
  oldValue?: string;
  newValue?: string;
}

/** The actor as GLPI records it: "Realname Firstname (id)" or "login (id)". */
export function actorName(user: Row | null): string {
  if (!user) return '';
  const real = [user.realname, user.firstname].filter((v) => typeof v === 'string' && v !== '').join(' ');
  return `${real || String(user.name ?? '')} (${Number(user.id)})`;
}

export function writeLog(db: Db, actor: string, entry: LogEntry): void {
  const values: Bindable[] = [];
  pushLogValues(values, actor, entry, nowString());
  insertValues(db, 'glpi_logs', LOG_COLUMNS, values);
}

/** Many history rows, in order, with multi-row INSERTs (a bulk add's creations). */
export function writeLogs(db: Db, actor: string, entries: LogEntry[]): void {
  const date = nowString();
  const values: Bindable[] = [];
  for (const entry of entries) pushLogValues(values, actor, entry, date);
  insertValues(db, 'glpi_logs', LOG_COLUMNS, values);
}

/** The creation rows of many new items of one type (a bulk add), as writeLogs writes them. */
export function logCreations(db: Db, actor: string, itemtype: string, ids: readonly number[]): void {
  const date = nowString();
  const values: Bindable[] = [];
  // One entry, renumbered: no object per row.
  const entry = { itemtype, itemsId: 0, action: HISTORY.CREATE_ITEM };
  for (const id of ids) {
    entry.itemsId = id;
    pushLogValues(values, actor, entry, date);
  }
  insertValues(db, 'glpi_logs', LOG_COLUMNS, values);
}

/** GLPI's creation and trash rows name no link as '0'; other rows without one as ''. */
const ZERO_LINK = new Set<number>([HISTORY.CREATE_ITEM, HISTORY.DELETE_ITEM]);

const LOG_COLUMNS = ['itemtype', 'items_id', 'itemtype_link', 'linked_action', 'user_name', 'date_mod', 'id_search_option', 'old_value', 'new_value'];

/** Appends a history row's values in LOG_COLUMNS order (no object per row: a bulk add writes thousands). */
function pushLogValues(values: Bindable[], actor: string, entry: LogEntry, date: string): void {
  values.push(
    entry.itemtype,
    entry.itemsId,
    entry.link ?? (ZERO_LINK.has(entry.action) ? '0' : ''),
    entry.action,
    actor,
    date,
    entry.option ?? 0,
    (entry.oldValue ?? '').slice(0, MAX_VALUE),
    (entry.newValue ?? '').slice(0, MAX_VALUE),
  );
}

/** A purged item takes its own history with it. */
export function dropHistory(db: Db, type: Itemtype, id: number): void {
  run(db, 'DELETE FROM glpi_logs WHERE itemtype = ? AND items_id = ?', type.name, id);
}

/**
 * The search option GLPI logs a ticket's new actor under, on the ticket's side, by the actor's
 * role (1 requester, 2 assigned, 3 observer): a requester user 4, a watcher group 65, … Removals
 * and the other side are logged under 0, as GLPI.
 */
const ACTOR_LOG_OPTIONS: Readonly<Record<string, Readonly<Record<number, number>>>> = {
  Ticket_User: { 1: 4, 2: 5, 3: 66 },
  Group_Ticket: { 1: 71, 2: 8, 3: 65 },
  Supplier_Ticket: { 2: 6 },
};

/** Sub-items GLPI logs on their ITIL item by id alone (ITILFollowup, CommonITILTask). */
const TIMELINE_ENTRIES = new Set(['ITILFollowup', 'TicketTask', 'ProblemTask', 'ChangeTask']);

/**
 * A follow-up's simple-message rows (linked_action 12) on its ITIL item, as GLPI writes them
 * besides the id row: "Followups (<id>)" when added, each changed column's old and new value when
 * updated (not the date, not the item it belongs to); none when removed.
 */
function logFollowupMessages(wc: Pick<WriteContext, 'db' | 'actor'>, type: Itemtype, entry: { itemtype: string; itemsId: number; link: string }, row: Row, action: number, changed?: { old: Row; changes: Row }): void {
  if (action === HISTORY.ADD_SUBITEM) writeLog(wc.db, wc.actor, { ...entry, action: HISTORY.SIMPLE_MESSAGE, newValue: `Followups (${Number(row.id)})` });
  if (action !== HISTORY.UPDATE_SUBITEM || !changed) return;
  for (const [oldValue, newValue] of changedValues(type, changed)) writeLog(wc.db, wc.actor, { ...entry, action: HISTORY.SIMPLE_MESSAGE, oldValue, newValue });
}

/**
 * A sub-item's changed columns as GLPI logs them on its item (CommonDBChild): the old and new
 * stored values, without the date and the columns naming the item it belongs to.
 */
function changedValues(type: Itemtype, changed: { old: Row; changes: Row }): [string, string][] {
  const ownerColumns = new Set(['date_mod', ...type.owners.flatMap((o) => ('fk' in o ? [o.fk] : ['itemtype', 'items_id']))]);
  const show = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return Object.entries(changed.changes)
    .filter(([column]) => !ownerColumns.has(column))
    .map(([column, value]) => [show(changed.old[column]), show(value)]);
}

/** Sub-items GLPI names on their item after the item's own name ("pc2 - eth0 (1)": getPreAdditionalInfosForName). */
const NAMED_AFTER_PARENT = new Set(['NetworkPort', 'SoftwareVersion', 'Cartridge', 'Consumable']);
/** Sub-items whose name in GLPI is their id (getNameField): a consumable is "toner - 7 (7)". */
const NAMED_BY_ID = new Set(['Cartridge', 'Consumable']);
/** Sub-items GLPI adds without a row on their item (Cartridge::post_addItem logs none). */
const ADDED_QUIETLY = new Set(['Cartridge']);

/** A sub-item's name in its item's history: "name (id)", its id alone when it has no name. */
function subItemLabel(wc: Pick<WriteContext, 'db'>, type: Itemtype, row: Row, parent: Side & { type: Itemtype }): string {
  const name = NAMED_BY_ID.has(type.name) ? String(row.id) : nameOfRow(type, row);
  if (name === '') return String(row.id);
  const parentName = NAMED_AFTER_PARENT.has(type.name) ? nameOf(wc.db, parent.type, parent.id) : '';
  return `${parentName === '' ? name : `${parentName} - ${name}`} (${Number(row.id)})`;
}

/** Approval requests GLPI logs on their ITIL item as messages (CommonITILValidation). */
const APPROVALS = new Set(['TicketValidation', 'ChangeValidation']);

/**
 * GLPI's message for an approval request added, answered or changed (only its status counts) or
 * cancelled, naming the approver; null when nothing is logged.
 */
function approvalMessage(wc: Pick<WriteContext, 'db'>, row: Row, action: number, changed?: { old: Row; changes: Row }): string | null {
  const approver = nameOf(wc.db, itemtype('User')!, Number(row.users_id_validate ?? 0));
  if (action === HISTORY.ADD_SUBITEM) return `Approval request sent to ${approver}`;
  if (action === HISTORY.DELETE_SUBITEM) return `Cancel the approval request to ${approver}`;
  if (!changed || !('status' in changed.changes)) return null;
  return Number(changed.changes.status) === APPROVAL_ACCEPTED ? `Approval granted by ${approver}` : `Update the approval request to ${approver}`;
}
const APPROVAL_ACCEPTED = 3;

/** An approval request's change (its answer) on its item, as GLPI writes it after updating the item. */
export function logApprovalUpdate(wc: Pick<WriteContext, 'db' | 'history' | 'actor'>, type: Itemtype, row: Row, changed: { old: Row; changes: Row }): void {
  const parent = relationSides(type, row)[0];
  if (!wc.history || !parent?.type?.history) return;
  const message = approvalMessage(wc, row, HISTORY.UPDATE_SUBITEM, changed);
  if (message) writeLog(wc.db, wc.actor, { itemtype: parent.type.name, itemsId: parent.id, link: type.name, action: HISTORY.SIMPLE_MESSAGE, newValue: message });
}

/**
 * GLPI logs relation changes on both linked items, naming the other side; a sub-item's on its
 * owner, as "name (id)" (`changed`: an update's old row and changed columns).
 */
export function logRelation(wc: Pick<WriteContext, 'db' | 'history' | 'actor'>, type: Itemtype, row: Row, action: number, changed?: { old: Row; changes: Row }): void {
  if (!wc.history || type.owners.length === 0) return;
  const sides = relationSides(type, row);
  if (sides.length === 1) {
    const parent = sides[0]!;
    if (!parent.type?.history) return;
    const sub = action === HISTORY.ADD_RELATION ? HISTORY.ADD_SUBITEM : action === HISTORY.DEL_RELATION ? HISTORY.DELETE_SUBITEM : HISTORY.UPDATE_SUBITEM;
    const entry = { itemtype: parent.type.name, itemsId: parent.id, link: type.name };
    if (APPROVALS.has(type.name)) {
      // An answer is logged by its hook, after what it changes on the item (logApprovalUpdate).
      if (sub === HISTORY.UPDATE_SUBITEM) return;
      const message = approvalMessage(wc, row, sub, changed);
      if (message) writeLog(wc.db, wc.actor, { ...entry, action: HISTORY.SIMPLE_MESSAGE, newValue: message });
      return;
    }
    if (TIMELINE_ENTRIES.has(type.name)) {
      // GLPI's follow-ups and tasks log their id alone, a removal too as the new value; a new
      // follow-up's is written by followupHistoryHooks, before what it moves on its item.
      if (type.name !== 'ITILFollowup' || sub !== HISTORY.ADD_SUBITEM) writeLog(wc.db, wc.actor, { ...entry, action: sub, newValue: String(row.id) });
      if (type.name === 'ITILFollowup') logFollowupMessages(wc, type, entry, row, sub, changed);
      return;
    }
    if (sub === HISTORY.UPDATE_SUBITEM && changed) {
      // GLPI logs an update as each changed column's old and new value, not the sub-item's name.
      for (const [oldValue, newValue] of changedValues(type, changed)) writeLog(wc.db, wc.actor, { ...entry, action: sub, oldValue, newValue });
      return;
    }
    if (sub === HISTORY.ADD_SUBITEM && ADDED_QUIETLY.has(type.name)) return;
    const label = subItemLabel(wc, type, row, parent as Side & { type: Itemtype });
    writeLog(wc.db, wc.actor, { ...entry, action: sub, ...(sub === HISTORY.DELETE_SUBITEM ? { oldValue: label } : { newValue: label }) });
    return;
  }
  for (const entry of linkEntries(type, row, action, sides, (other) => nameOf(wc.db, other.type, other.id))) writeLog(wc.db, wc.actor, entry);
}

/**
 * A new follow-up's id row on its ITIL item, as GLPI writes it: after the item is touched (taken
 * into account, last updater), before the status the follow-up moves (a reopening, an approval of
 * the solution, a pending reason) and before its "Followups (id)" message. Placed in the rule
 * table right after the touch.
 */
export const followupHistoryHooks: ItemHooks = {
  afterAdd(wc, _type, row) {
    const parent = itemtype(String(row.itemtype ?? ''));
    if (!wc.history || !parent?.history) return;
    writeLog(wc.db, wc.actor, { itemtype: parent.name, itemsId: Number(row.items_id), action: HISTORY.ADD_SUBITEM, link: 'ITILFollowup', newValue: String(row.id) });
  },
};

interface Side {
  type: Itemtype | undefined;
  id: number;
}

/** The items a row of `type` links (its owners, then what it is logged with). */
function relationSides(type: Itemtype, row: Row): Side[] {
  const links = type.logsWith ? [...type.owners, type.logsWith] : type.owners;
  return links.map((o) => ('fk' in o ? { type: itemtype(o.itemtype), id: Number(row[o.fk] ?? 0) } : { type: itemtype(String(row.itemtype ?? '')), id: Number(row.items_id ?? 0) }));
}

/** The history rows of a link between two items: on each side that keeps history, naming the other. */
function linkEntries(type: Itemtype, row: Row, action: number, sides: Side[], name: (other: Side & { type: Itemtype }) => string): LogEntry[] {
  const adding = action === HISTORY.ADD_RELATION;
  const logged = type.linkActions ? (adding ? type.linkActions.add : type.linkActions.remove) : action;
  const entries: LogEntry[] = [];
  for (const [i, side] of sides.slice(0, 2).entries()) {
    const other = sides[1 - i];
    // As GLPI, an ITIL actor's change is in the ITIL item's history only, not the user's (or group's).
    if (i === 1 && type.logsWith) continue;
    if (!side.type?.history || !other?.type) continue;
    const value = `${name(other as Side & { type: Itemtype })} (${other.id})`;
    const option = adding && i === 0 ? ACTOR_LOG_OPTIONS[type.name]?.[Number(row.type)] : undefined;
    entries.push({ itemtype: side.type.name, itemsId: side.id, action: logged, link: other.type.name, ...(option ? { option } : {}), ...(adding ? { newValue: value } : { oldValue: value }) });
  }
  return entries;
}

/**
 * The relation history of many new (or removed) links of a type linking two items, as
 * logRelation writes it row after row, with the linked items' names read once per type and the
 * rows inserted together (an inventory's hundreds of installs).
 */
export function logRelations(wc: Pick<WriteContext, 'db' | 'history' | 'actor'>, type: Itemtype, rows: Row[], action: number): void {
  if (!wc.history || type.owners.length === 0) return;
  const sidesOf = rows.map((row) => relationSides(type, row));
  if (sidesOf.some((sides) => sides.length < 2)) {
    for (const row of rows) logRelation(wc, type, row, action);
    return;
  }
  const idsByType = new Map<Itemtype, Set<number>>();
  for (const side of sidesOf.flat()) if (side.type) idsByType.set(side.type, (idsByType.get(side.type) ?? new Set()).add(side.id));
  const names = new Map([...idsByType].map(([t, ids]) => [t, namesByIds(wc.db, t, [...ids])]));
  const entries = rows.flatMap((row, i) => linkEntries(type, row, action, sidesOf[i]!, (other) => names.get(other.type)?.get(other.id) ?? ''));
  writeLogs(wc.db, wc.actor, entries);
}
