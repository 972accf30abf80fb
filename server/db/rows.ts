import type { Statement } from 'bun:sqlite';

export type { Statement };
import type { Db } from './connection';
import { VersionedCache } from './read-cache';

export type Row = Record<string, unknown>;
type Bindable = string | number | bigint | boolean | null | Uint8Array;

/**
 * Prepared statements are cached per database and SQL text: the hot paths reuse them. Searches
 * make a new shape of SQL per set of criteria, so the cache is bounded (oldest out first).
 */
const cache = new WeakMap<Db, Map<string, Statement>>();
const MAX_STATEMENTS = 2000;

export function prepared(db: Db, sql: string): Statement {
  let stmts = cache.get(db);
  if (!stmts) cache.set(db, (stmts = new Map()));
  let stmt = stmts.get(sql);
  if (stmt) {
    // Most recently used last, so eviction takes the least recently used.
    stmts.delete(sql);
    stmts.set(sql, stmt);
    return stmt;
  }
  stmt = db.prepare(sql);
  stmts.set(sql, stmt);
  if (stmts.size > MAX_STATEMENTS) {
    const oldest = stmts.keys().next().value!;
    stmts.get(oldest)?.finalize();
    stmts.delete(oldest);
  }
  return stmt;
}

export function selectOne(db: Db, sql: string, ...args: Bindable[]): Row | null {
  return (prepared(db, sql).get(...args) as Row | null) ?? null;
}

export function selectAll(db: Db, sql: string, ...args: Bindable[]): Row[] {
  return prepared(db, sql).all(...args) as Row[];
}

/** Rows as arrays in column order: no object per row (pages of search results). */
export function selectValues(db: Db, sql: string, ...args: Bindable[]): unknown[][] {
  return prepared(db, sql).values(...args) as unknown[][];
}

export function run(db: Db, sql: string, ...args: Bindable[]): { changes: number; lastInsertRowid: number } {
  const res = prepared(db, sql).run(...args);
  return { changes: res.changes, lastInsertRowid: Number(res.lastInsertRowid) };
}

/** A column name as an SQL identifier: quoted, so GLPI's columns named like keywords (`group`) work. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** INSERT statements by table and column list (a bulk add repeats the same shape). */
const insertSql = new Map<string, string>();

function insertStatement(table: string, keys: string[]): string {
  const shape = `${table}\0${keys.join('\0')}`;
  let sql = insertSql.get(shape);
  if (sql === undefined) {
    sql = keys.length ? `INSERT INTO ${table} (${keys.map(ident).join(', ')}) VALUES (${keys.map(() => '?').join(', ')})` : `INSERT INTO ${table} DEFAULT VALUES`;
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

/** Updates the given columns of one row. */
export function updateRow(db: Db, table: string, id: number, changes: Row): void {
  const keys = Object.keys(changes);
  if (keys.length === 0) return;
  run(db, `UPDATE ${table} SET ${keys.map((k) => `${ident(k)} = ?`).join(', ')} WHERE id = ?`, ...keys.map((k) => changes[k] as Bindable), id);
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
