import { classCan, UPDATE, type Action } from '../auth/rights';
import { hasRight } from '../auth/scope';
import { accessFilter, mayReassignAuthor } from '../auth/visibility';
import { ITEM_NOT_FOUND_MESSAGE, RIGHT_MISSING_MESSAGE } from '../core/errors';
import { isObject, type Params } from '../core/params';
import { itemtype, itemtypeOrThrow, type Itemtype } from '../registry';
import type { Column } from '../registry/columns';
import { guardedFields, secretColumns } from '../registry/guarded';
import { historyOption } from '../registry/searchoptions';
import { purgeDependents } from './cascade';
import { dropHistory, HISTORY, logCreations, logRelation, logRelations, writeLog } from './history';
import { hooksOf, ItemError, KeptRefusal, type WriteContext } from './hooks';
import { nameOf } from './names';
import { deleteRow, findById, ident, insertRow, insertRows, selectOne, updateRow, type Row } from '../db/rows';
import { nowString } from '../core/clock';
import { checkValue, defaultValue, writableColumns } from './values';

export { ItemError, type WriteContext } from './hooks';

const IGNORED_INPUT = new Set(['id', 'links']);

/** A write the user may do on their own behalf (see ItemHooks.selfService). */
function selfService(wc: WriteContext, type: Itemtype, row: Row, input: Params): boolean {
  return hooksOf(type).some((h) => h.selfService?.(wc, type, row, input));
}

function refuse(): never {
  throw new ItemError(RIGHT_MISSING_MESSAGE, 'ERROR_RIGHT_MISSING');
}

/** May the session attempt this kind of write at all (class right, or something of its own)? */
export function mayAttempt(scope: WriteContext['scope'], type: Itemtype, action: Action): boolean {
  if (type.readOnly) return false;
  if (classCan(scope, type, action)) return true;
  if (action === 'update' || action === 'create') return hooksOf(type).some((h) => h.selfService);
  return (action === 'delete' || action === 'purge') && hooksOf(type).some((h) => h.selfServiceDelete);
}

/** May the session write this row (a new one, or an existing one)? Uses the shared access filter. */
export function rowWritable(wc: WriteContext, type: Itemtype, row: Row, action: Action): boolean {
  if (!classCan(wc.scope, type, action)) return false;
  const custom = hooksOf(type).find((h) => h.canWriteOwner);
  const verdict = custom?.canWriteOwner?.(wc, type, row, action === 'purge' ? 'delete' : (action as 'create' | 'update' | 'delete')) ?? null;
  if (verdict === false) return false;
  if (verdict === null) return checkFilterOnValues(wc, type, row, action);
  // Allowed by the hook; a type without a right of its own has nothing more to check.
  return type.right === null || checkFilterOnValues(wc, { ...type, owners: [] }, row, action);
}

/** Evaluates the write filter against a row's values, stored or about to be. */
function checkFilterOnValues(wc: WriteContext, type: Itemtype, row: Row, action: Action): boolean {
  const mode = action === 'create' ? 'create' : action === 'delete' || action === 'purge' ? 'delete' : 'write';
  const filter = accessFilter(wc.scope, type, mode, 'candidate');
  if (filter.sql === '1') return true;
  if (filter.sql === '0') return false;
  const columns = type.columns.map((c) => c.name);
  const values = columns.map((c) => (row[c] === undefined ? defaultValue(type.column.get(c)!) : row[c])) as (string | number | null)[];
  const select = columns.map((c) => `? AS ${ident(c)}`).join(', ');
  const sql = `SELECT 1 AS ok FROM (SELECT ${select}) candidate WHERE ${filter.sql}`;
  return selectOne(wc.db, sql, ...values, ...filter.args) !== null;
}

/** Per type, what each input key names: a writable column, or null for a key left alone. */
const inputKeysCache = new WeakMap<Itemtype, Map<string, Column | null>>();

function inputKeys(type: Itemtype): Map<string, Column | null> {
  let keys = inputKeysCache.get(type);
  if (!keys) {
    keys = new Map(writableColumns(type).map((c) => [c.name, c]));
    for (const key of [...IGNORED_INPUT, ...type.computed, ...type.hidden, ...type.virtualInput]) keys.set(key, null);
    inputKeysCache.set(type, keys);
  }
  return keys;
}

/** Validated column values from an input object; unknown fields are refused, `_` keys left to hooks. */
export function columnsFromInput(type: Itemtype, input: Params): Row {
  const out: Row = {};
  const keys = inputKeys(type);
  // for…in, not Object.entries: a bulk add checks thousands of inputs, and the pairs cost more than the checks.
  for (const key in input) {
    if (key.startsWith('_')) continue;
    const column = keys.get(key);
    if (column === null) continue;
    if (column === undefined) throw new ItemError(`Field ${key} is not valid for ${type.name} item.`, 'ERROR_FIELD_NOT_FOUND');
    const checked = checkValue(column, input[key]);
    if (!checked.ok) throw new ItemError(checked.message);
    out[key] = checked.value;
  }
  return out;
}

/** A foreign key of a type, with the lookup that proves its target exists. */
interface LinkCheck {
  fk: string;
  targetName: string;
  targetTable: string;
  /** Whether id 0 names a real row of the target (the root entity). */
  rootRow: boolean;
  sql: string;
}

const linkChecksByType = new WeakMap<Itemtype, LinkCheck[]>();

function linkChecks(type: Itemtype): LinkCheck[] {
  let checks = linkChecksByType.get(type);
  if (!checks) {
    checks = [...type.foreignKeys].map(([fk, targetName]) => {
      const target = itemtypeOrThrow(targetName);
      return { fk, targetName, targetTable: target.table, rootRow: target.rootRow, sql: `SELECT 1 AS ok FROM ${target.table} WHERE id = ?` };
    });
    linkChecksByType.set(type, checks);
  }
  return checks;
}

/** Foreign keys must point at existing rows; polymorphic links at a valid itemtype. */
function checkLinks(wc: WriteContext, type: Itemtype, row: Row, only?: Set<string>): void {
  for (const { fk, targetName, targetTable, rootRow, sql } of linkChecks(type)) {
    if (only && !only.has(fk)) continue;
    const id = row[fk];
    if (typeof id !== 'number' || (id === 0 && !rootRow)) continue;
    let known = wc.knownRows?.get(targetTable);
    if (known?.has(id)) continue;
    if (!selectOne(wc.db, sql, id)) throw new ItemError(`Field ${fk}: ${targetName} ${id} does not exist`);
    if (wc.knownRows) {
      if (!known) wc.knownRows.set(targetTable, (known = new Set()));
      known.add(id);
    }
  }
  if (type.polymorphic && (!only || only.has('itemtype') || only.has('items_id'))) {
    const name = row.itemtype;
    if (name === undefined || name === null || name === '') return;
    const target = itemtype(String(name));
    if (!target || (type.polyTargets.length && !type.polyTargets.includes(target.name))) {
      throw new ItemError(`Field itemtype: ${String(name)} cannot be linked to ${type.name}`);
    }
    if (!selectOne(wc.db, `SELECT 1 AS ok FROM ${target.table} WHERE id = ?`, Number(row.items_id ?? 0))) {
      throw new ItemError(`Field items_id: ${target.name} ${Number(row.items_id ?? 0)} does not exist`);
    }
  }
}

/** Per type, the fields a row must fill: the required ones and the owner links, and the NOT NULL columns without a default. */
const requiredByType = new WeakMap<Itemtype, { fields: string[]; columns: string[] }>();

function requiredOf(type: Itemtype): { fields: string[]; columns: string[] } {
  let required = requiredByType.get(type);
  if (!required) {
    const fields = [...type.required];
    for (const owner of type.owners) {
      if ('fk' in owner) fields.push(owner.fk);
      else fields.push('itemtype', 'items_id');
    }
    // A NOT NULL column without a default (a rack position, a DNS record's TTL) needs a value.
    const columns = type.columns.filter((col) => !(col.nullable || col.default !== null || col.autoIncrement || col.kind === 'text')).map((col) => col.name);
    requiredByType.set(type, (required = { fields, columns }));
  }
  return required;
}

function checkRequired(type: Itemtype, row: Row): void {
  const { fields, columns } = requiredOf(type);
  for (const field of fields) {
    const value = row[field];
    if (value === undefined || value === null || value === '' || (value === 0 && field !== 'entities_id')) {
      throw new ItemError(`Field ${field} is mandatory for ${type.name}`);
    }
  }
  for (const column of columns) {
    if (row[column] === undefined || row[column] === null) throw new ItemError(`Field ${column} is mandatory for ${type.name}`);
  }
}

function checkUnique(wc: WriteContext, type: Itemtype, row: Row, id?: number): void {
  for (const cols of type.unique) {
    // Columns the input leaves out take their defaults, as the inserted row will.
    const values = cols.map((c) => (row[c] === undefined ? defaultValue(type.column.get(c)!) : row[c]));
    if (values.some((value) => value === null)) continue;
    const where = cols.map((c) => `${ident(c)} = ?`).join(' AND ');
    const clash = selectOne(wc.db, `SELECT id FROM ${type.table} WHERE ${where}${id === undefined ? '' : ' AND id <> ?'}`, ...(values as (string | number)[]), ...(id === undefined ? [] : [id]));
    if (clash) throw new ItemError(`${type.name} with the same ${cols.join(', ')} already exists (id ${Number(clash.id)})`);
  }
}

function afterScopeChange(wc: WriteContext, type: Itemtype): void {
  if (type.altersAccess) wc.services.directory.invalidate();
  if (type.name === 'Config') wc.services.store.settings.invalidate();
}

/** A dependent row (port, disk, infocom, link…) belongs to its owner's entity, as in GLPI. */
function ownerEntity(wc: WriteContext, type: Itemtype, row: Row): number | undefined {
  const owner = type.owners[0];
  if (!owner) return undefined;
  const target = 'fk' in owner ? itemtype(owner.itemtype) : itemtype(String(row.itemtype ?? ''));
  const id = Number('fk' in owner ? row[owner.fk] : row.items_id);
  if (!target?.column.has('entities_id') || !Number.isSafeInteger(id)) return undefined;
  const found = selectOne(wc.db, `SELECT entities_id FROM ${target.table} WHERE id = ?`, id);
  return found ? Number(found.entities_id) : undefined;
}

/** Guarded columns (a SIM card's PIN and PUK) are written only with the UPDATE bit of their right. */
function checkGuarded(wc: WriteContext, type: Itemtype, row: Row): void {
  const guarded = guardedFields(type.name);
  if (!guarded || hasRight(wc.scope, guarded.right, UPDATE)) return;
  const field = guarded.fields.find((f) => f in row);
  if (field) throw new ItemError(`Field ${field} needs the ${guarded.right} right`, 'ERROR_RIGHT_MISSING', 403);
}

/** Adds one item; call inside a transaction. Returns the new id. */
export function addItem(wc: WriteContext, type: Itemtype, input: Params): number {
  const row = checkNewRow(wc, type, input);
  const id = insertRow(wc.db, type.table, row);
  row.id = id;
  afterNewRow(wc, type, row, input);
  // GLPI writes the creation row last, after what the add did to other items (its post_addItem).
  if (wc.history && type.history) writeLog(wc.db, wc.actor, { itemtype: type.name, itemsId: id, action: HISTORY.CREATE_ITEM });
  return id;
}

/** The row an add would insert, checked (rights, values, links, uniqueness); throws ItemError when refused. */
function checkNewRow(wc: WriteContext, type: Itemtype, input: Params): Row {
  if (type.readOnly) refuse();
  const row = columnsFromInput(type, input);
  checkGuarded(wc, type, row);
  const now = nowString();
  if (type.privateTo && row.users_id === undefined) row.users_id = Number(wc.scope.user.id);
  if (type.entityAssign && row.entities_id === undefined) {
    row.entities_id = ownerEntity(wc, type, row) ?? wc.scope.session.entityId ?? wc.scope.activeEntities[0] ?? 0;
  }
  if (type.column.has('date_creation') && row.date_creation === undefined) row.date_creation = now;
  if (type.column.has('date_mod') && row.date_mod === undefined) row.date_mod = now;
  for (const hook of hooksOf(type)) hook.prepareAdd?.(wc, type, row, input);
  checkRequired(type, row);
  checkLinks(wc, type, row);
  if (!rowWritable(wc, type, row, 'create') && !selfService(wc, type, row, input)) refuse();
  checkUnique(wc, type, row);
  return row;
}

/**
 * What follows the INSERT of a new row (its id set): hooks, relation history, caches. The hooks
 * come first, as GLPI logs a link after what adding it changed on its items (a ticket's status).
 */
function afterNewRow(wc: WriteContext, type: Itemtype, row: Row, input: Params): void {
  for (const hook of hooksOf(type)) hook.afterAdd?.(wc, type, row, input);
  logRelation(wc, type, row, HISTORY.ADD_RELATION);
  afterScopeChange(wc, type);
}

/**
 * Whether a bulk add of this type may check every element first and then insert the accepted
 * ones together (addItems), with the same outcome as adding them one by one: checking an
 * element must not read what the earlier ones write (no uniqueness, no link to its own type, no
 * tree, owner or polymorphic link), nor write anything itself (no prepareAdd hook but those that
 * check alone), and adding one must not change what a session may reach.
 */
export function addsTogether(type: Itemtype): boolean {
  return (
    !type.readOnly &&
    !type.tree &&
    !type.polymorphic &&
    !type.altersAccess &&
    type.unique.length === 0 &&
    type.owners.length === 0 &&
    ![...type.foreignKeys.values()].includes(type.name) &&
    hooksOf(type).every((hook) => !hook.prepareAdd || hook.checksAlone)
  );
}

export type Checked = { row: Row } | { error: unknown };

/**
 * Checks the elements of a bulk add of a type that addsTogether, before anything is written:
 * each one's row, or why it is refused. They share one cache of link targets found.
 */
export function checkNewRows(contexts: WriteContext[], type: Itemtype, inputs: Params[]): Checked[] {
  const knownRows = new Map<string, Set<number>>();
  return inputs.map((input, i) => {
    const wc = contexts[i]!;
    wc.knownRows = knownRows;
    try {
      return { row: checkNewRow(wc, type, input) };
    } catch (error) {
      return { error };
    } finally {
      delete wc.knownRows;
    }
  });
}

/**
 * Inserts rows that checkNewRows accepted, with their creation history, in multi-row statements,
 * then runs what follows each add in element order; answers the new ids. Call inside a
 * transaction, and abandon it if this throws (nothing tells which element failed).
 */
export function addItems(contexts: WriteContext[], type: Itemtype, rows: Row[], inputs: Params[]): number[] {
  if (rows.length === 0) return [];
  const { db, actor, history } = contexts[0]!; // one request's elements: one session, one history flag
  const ids = insertRows(db, type.table, rows);
  rows.forEach((row, i) => (row.id = ids[i]));
  if (history && type.history) logCreations(db, actor, type.name, ids);
  if (hooksOf(type).some((hook) => hook.afterAdd)) rows.forEach((row, i) => afterNewRow(contexts[i]!, type, row, inputs[i]!));
  else {
    // Nothing runs between the relation rows of two elements: they are written together, in the same order.
    logRelations(contexts[0]!, type, rows, HISTORY.ADD_RELATION);
    afterScopeChange(contexts[0]!, type);
  }
  return ids;
}

/** Equal as stored: null and undefined alike, numbers and their strings alike. */
export const same = (a: unknown, b: unknown) => (a === null || a === undefined ? null : String(a)) === (b === null || b === undefined ? null : String(b));

/** Updates one item; call inside a transaction. */
export function updateItem(wc: WriteContext, type: Itemtype, id: number, input: Params): void {
  const old = findById(wc.db, type.table, id);
  if (!old) throw new ItemError(ITEM_NOT_FOUND_MESSAGE, 'ERROR_ITEM_NOT_FOUND');
  const own = selfService(wc, type, old, input);
  if (type.readOnly || (!own && !rowWritable(wc, type, old, 'update'))) refuse();
  const changes = columnsFromInput(type, input);
  checkGuarded(wc, type, changes);
  if ('is_deleted' in changes && !same(changes.is_deleted, old.is_deleted)) {
    if (!type.trash || !classCan(wc.scope, type, 'delete')) refuse();
  }
  for (const hook of hooksOf(type)) hook.prepareUpdate?.(wc, type, old, changes, input);
  for (const key of Object.keys(changes)) if (same(changes[key], old[key])) delete changes[key];
  if ('users_id' in changes && !mayReassignAuthor(wc.scope, type, Number(old.users_id))) refuse();
  if (Object.keys(changes).length === 0) {
    // No column changes, but special inputs (a ticket's `_users_id_assign`) still apply.
    for (const hook of hooksOf(type)) hook.afterUpdate?.(wc, type, old, changes, input);
    return;
  }
  const next = { ...old, ...changes };
  checkRequired(type, next);
  checkLinks(wc, type, next, new Set(Object.keys(changes)));
  if (!own && !rowWritable(wc, type, next, 'update')) refuse();
  checkUnique(wc, type, next, id);
  if (type.column.has('date_mod') && changes.date_mod === undefined) changes.date_mod = nowString();
  updateRow(wc.db, type.table, id, changes);
  if (wc.history && type.history) logChanges(wc, type, id, old, changes);
  if (type.owners.length === 1 && !type.history) logRelation(wc, type, next, HISTORY.UPDATE_SUBITEM, { old, changes });
  for (const hook of hooksOf(type)) hook.afterUpdate?.(wc, type, old, changes, input);
  afterScopeChange(wc, type);
}

/**
 * Writes `changes` to an item as a rule does, without the session's rights (GLPI's update of the
 * items a computer carries along): only the columns that change, with the date and history.
 * Returns whether anything changed.
 */
export function writeCarriedChanges(wc: Pick<WriteContext, 'db' | 'history' | 'actor'>, type: Itemtype, old: Row, changes: Row): boolean {
  const changed: Row = {};
  for (const [key, value] of Object.entries(changes)) if (type.column.has(key) && !same(value, old[key])) changed[key] = value;
  if (Object.keys(changed).length === 0) return false;
  const id = Number(old.id);
  if (type.column.has('date_mod')) changed.date_mod = nowString();
  updateRow(wc.db, type.table, id, changed);
  if (wc.history && type.history) logChanges(wc, type, id, old, changed);
  return true;
}

function logChanges(wc: Pick<WriteContext, 'db' | 'actor'>, type: Itemtype, id: number, old: Row, changes: Row): void {
  for (const [column, value] of Object.entries(changes)) {
    if (column === 'date_mod' || secretColumns(type).has(column) || type.unlogged.includes(column)) continue;
    // GLPI logs the trash only through a delete (DELETE_ITEM): is_deleted changed by an update leaves no row.
    if (column === 'is_deleted') continue;
    const option = historyOption(type, column);
    if (option === 0) continue;
    const target = type.foreignKeys.get(column);
    const show = (v: unknown) => {
      if (!target) return v === null || v === undefined ? '' : String(v);
      const linkId = Number(v ?? 0);
      const targetType = itemtypeOrThrow(target);
      return `${(linkId === 0 && !targetType.rootRow ? '' : nameOf(wc.db, targetType, linkId)) || '&nbsp;'} (${linkId})`;
    };
    writeLog(wc.db, wc.actor, { itemtype: type.name, itemsId: id, action: HISTORY.FIELD, option, oldValue: show(old[column]), newValue: show(value) });
  }
}

export const NOT_DELETED_MESSAGE = 'You must mark the item for deletion before actually deleting it';

/**
 * Moves one item to the trash, or purges it (and what depends on it); call inside a transaction.
 * Returns the refusal of a delete that failed but keeps what its rules wrote (see KeptRefusal).
 */
export function deleteItem(wc: WriteContext, type: Itemtype, id: number, forcePurge: boolean): KeptRefusal | null {
  const row = findById(wc.db, type.table, id);
  if (!row) throw new ItemError(ITEM_NOT_FOUND_MESSAGE, 'ERROR_ITEM_NOT_FOUND');
  const purge = forcePurge || !type.trash;
  const own = hooksOf(type).some((h) => h.selfServiceDelete?.(wc, type, row));
  if (type.readOnly || (!own && !rowWritable(wc, type, row, purge ? 'purge' : 'delete'))) refuse();
  if (purge && type.trash && Number(row.is_deleted) !== 1 && wc.services.store.settings.flag('purge_requires_trash')) {
    throw new ItemError(NOT_DELETED_MESSAGE, 'ERROR_NOT_DELETED');
  }
  try {
    for (const hook of hooksOf(type)) hook.beforeDelete?.(wc, type, row, purge);
  } catch (error) {
    if (!(error instanceof KeptRefusal)) throw error;
    afterScopeChange(wc, type);
    return error;
  }
  if (!purge) {
    const changes: Row = { is_deleted: 1 };
    if (type.column.has('date_mod')) changes.date_mod = nowString();
    updateRow(wc.db, type.table, id, changes);
    if (wc.history && type.history) writeLog(wc.db, wc.actor, { itemtype: type.name, itemsId: id, action: HISTORY.DELETE_ITEM });
  } else {
    purgeRow(wc, type, row);
  }
  afterScopeChange(wc, type);
  return null;
}

/** Removes a row, everything that depends on it, and its history. No rights checked here. */
export function purgeRow(wc: WriteContext, type: Itemtype, row: Row): void {
  const id = Number(row.id);
  purgeDependents(wc, type, id);
  deleteRow(wc.db, type.table, id);
  dropHistory(wc.db, type, id);
  // As on add, what removing a link changes on its items is logged before the link's own row.
  for (const hook of hooksOf(type)) hook.afterPurge?.(wc, type, row);
  logRelation(wc, type, row, HISTORY.DEL_RELATION);
}

export { isObject };
