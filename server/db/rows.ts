import type { Statement } from 'bun:sqlite';

export type { Statement };
import { inAutocommitWrite, openReadSnapshot, type Db } from './connection';
import { VersionedCache } from './read-cache';
import { noteRead, noteRowRead, noteUpdatedColumns } from './table-versions';

export type Row = Record<string, unknown>;
export type Bindable = string | number | bigint | boolean | null | Uint8Array;

/**
 * Prepared statements are cached per database and SQL text: the hot paths reuse them. Searches
 * make a new shape of SQL per set of criteria, so the cache is bounded. A hit only marks its
 * statement used (reordering the map on every use cost more than the lookup); eviction gives the
 * oldest statements used since they last came round a second chance (CLOCK), so the ones in use
 * stay and the first one not used since goes.
 */
interface Cached {
  stmt: Statement;
  used: boolean;
}
const cache = new WeakMap<Db, Map<string, Cached>>();
const MAX_STATEMENTS = 2000;

export function prepared(db: Db, sql: string): Statement {
  let stmts = cache.get(db);
  if (!stmts) cache.set(db, (stmts = new Map()));
  const hit = stmts.get(sql);
  if (hit) {
    hit.used = true;
    return hit.stmt;
  }
  const stmt = db.prepare(sql);
  if (stmts.size >= MAX_STATEMENTS) evictOne(stmts);
  stmts.set(sql, { stmt, used: false });
  return stmt;
}

/** Finalizes the oldest statement not used since it last came round; a used one moves to the end, unmarked. */
function evictOne(stmts: Map<string, Cached>): void {
  // A Map visits what is re-added during the loop, so this ends even when all were used.
  for (const [sql, entry] of stmts) {
    stmts.delete(sql);
    if (!entry.used) {
      entry.stmt.finalize();
      return;
    }
    entry.used = false;
    stmts.set(sql, entry);
  }
}

export function selectOne(db: Db, sql: string, ...args: Bindable[]): Row | null {
  openReadSnapshot(db);
  noteRead(sql);
  return (prepared(db, sql).get(...args) as Row | null) ?? null;
}

/**
 * selectOne for a statement that reads row `id` of `table` and no other row of it: a read kept
 * from it stays while the table's other rows are written (table-versions.ts).
 */
export function selectRow(db: Db, table: string, id: number, sql: string, ...args: Bindable[]): Row | null {
  openReadSnapshot(db);
  noteRowRead(sql, table, id);
  return (prepared(db, sql).get(...args) as Row | null) ?? null;
}

export function selectAll(db: Db, sql: string, ...args: Bindable[]): Row[] {
  openReadSnapshot(db);
  noteRead(sql);
  return prepared(db, sql).all(...args) as Row[];
}

/** Rows as arrays in column order: no object per row (pages of search results). */
export function selectValues(db: Db, sql: string, ...args: Bindable[]): unknown[][] {
  openReadSnapshot(db);
  noteRead(sql);
  return prepared(db, sql).values(...args) as unknown[][];
}

export function run(db: Db, sql: string, ...args: Bindable[]): { changes: number; lastInsertRowid: number } {
  // A write outside inTransaction (sessions): the request's snapshot ends here.
  const res = inAutocommitWrite(db, () => prepared(db, sql).run(...args));
  return { changes: res.changes, lastInsertRowid: Number(res.lastInsertRowid) };
}

/** A column name as an SQL identifier: quoted, so GLPI's columns named like keywords (`group`) work. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** INSERT statements by table, column list and row count (a bulk add repeats the same shapes). */
const insertSql = new Map<string, string>();

function insertStatement(table: string, keys: string[], rows = 1): string {
  const shape = `${table}\0${rows}\0${keys.join('\0')}`;
  let sql = insertSql.get(shape);
  if (sql === undefined) {
    const tuple = `(${keys.map(() => '?').join(', ')})`;
    sql = keys.length ? `INSERT INTO ${table} (${keys.map(ident).join(', ')}) VALUES ${Array.from({ length: rows }, () => tuple).join(', ')}` : `INSERT INTO ${table} DEFAULT VALUES`;
    // Inputs choose their columns, so shapes are many: bounded like the statements.
    if (insertSql.size >= MAX_STATEMENTS) insertSql.clear();
    insertSql.set(shape, sql);
  }
  return sql;
}

/** Inserts one row (keys are trusted column names) and returns its id. */
export function insertRow(db: Db, table: string, row: Row): number {
  const keys = Object.keys(row);
  const res = run(db, insertStatement(table, keys), ...keys.map((k) => row[k] as Bindable));
  return 'id' in row && typeof row.id === 'number' ? row.id : res.lastInsertRowid;
}

/** Rows per multi-row INSERT: powers of two, so a few statement shapes serve every batch size. */
const MAX_ROWS_PER_INSERT = 64;
/** Bound values per statement, within SQLite's smallest default limit. */
const MAX_VALUES_PER_INSERT = 999;

/**
 * Inserts rows given as one flat list of values (`keys.length` per row, in `keys` order: trusted
 * column names) with multi-row INSERT statements, which cost SQLite far less per row than one
 * statement each, and returns their ids in order. The rows of one statement get consecutive new
 * ids (this process is the only writer), so they follow from the last one.
 */
export function insertValues(db: Db, table: string, keys: string[], values: readonly Bindable[]): number[] {
  const width = keys.length;
  if (width === 0) throw new Error(`INSERT INTO ${table} without columns`);
  const total = values.length / width;
  const most = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, 2 ** Math.floor(Math.log2(MAX_VALUES_PER_INSERT / width))));
  const ids: number[] = [];
  for (let at = 0; at < total; ) {
    let count = most;
    while (count > total - at) count >>= 1;
    const { changes, lastInsertRowid } = run(db, insertStatement(table, keys, count), ...values.slice(at * width, (at + count) * width));
    if (changes !== count) throw new Error(`INSERT INTO ${table} stored ${changes} of ${count} rows`);
    for (let r = count - 1; r >= 0; r--) ids.push(lastInsertRowid - r);
    at += count;
  }
  return ids;
}

/** Whether `row` has exactly `keys`, in that order (for…in: no array of keys made per row). */
function hasKeys(row: Row, keys: readonly string[]): boolean {
  let i = 0;
  for (const key in row) if (keys[i++] !== key) return false;
  return i === keys.length;
}

/**
 * Inserts rows (keys are trusted column names) with insertValues and returns their ids in order.
 * Consecutive rows with the same columns share statements; a row that sets its own id goes alone.
 */
export function insertRows(db: Db, table: string, rows: Row[]): number[] {
  const ids: number[] = [];
  let start = 0;
  while (start < rows.length) {
    const keys = Object.keys(rows[start]!);
    if (keys.length === 0 || keys.includes('id')) {
      ids.push(insertRow(db, table, rows[start]!));
      start++;
      continue;
    }
    const values: Bindable[] = [];
    let end = start;
    for (; end < rows.length && hasKeys(rows[end]!, keys); end++) {
      const row = rows[end]!;
      for (const key of keys) values.push(row[key] as Bindable);
    }
    for (const id of insertValues(db, table, keys, values)) ids.push(id);
    start = end;
  }
  return ids;
}

/** Updates the given columns of one row. */
export function updateRow(db: Db, table: string, id: number, changes: Row): void {
  const keys = Object.keys(changes);
  if (keys.length === 0) return;
  const { changes: rows } = run(db, `UPDATE ${table} SET ${keys.map((k) => `${ident(k)} = ?`).join(', ')} WHERE id = ?`, ...keys.map((k) => changes[k] as Bindable), id);
  // Cached searches whose test reads none of these columns need not test this row again.
  if (rows === 1) noteUpdatedColumns(table, keys);
}

export function deleteRow(db: Db, table: string, id: number): void {
  run(db, `DELETE FROM ${table} WHERE id = ?`, id);
}

export function findById(db: Db, table: string, id: number): Row | null {
  return selectOne(db, `SELECT * FROM ${table} WHERE id = ?`, id);
}

const filled = new VersionedCache<boolean>(1000);

/** Whether `table` holds any row; kept until the next write (an empty table needs no search). */
export function hasRows(db: Db, table: string): boolean {
  return filled.get(db, table, () => selectOne(db, `SELECT EXISTS (SELECT 1 FROM ${table}) AS n`)?.n === 1);
}
