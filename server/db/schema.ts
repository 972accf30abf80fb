import type { Column } from '../registry/columns';
import { parseColumns } from '../registry/columns';
import { TABLES } from '../registry';
import type { Db } from './connection';
import { ident } from './rows';
import { fulltextTable, syncFulltext } from './fulltext';
import { countsTable, syncDropdownCounts } from './dropdown-counts';
import { readSchema, type SchemaState } from './schema-state';
import { indexColumns, indexName, partialIndexes } from './indexes';
import { timedStep, type UpgradeNote } from './upgrade-note';

/** Tables Deskbase keeps for itself, beside the GLPI-shaped ones. */
const SYSTEM_TABLES = [
  `CREATE TABLE IF NOT EXISTS deskbase_migrations (
     id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS deskbase_sessions (
     token_hash TEXT PRIMARY KEY,
     users_id INTEGER NOT NULL,
     profiles_id INTEGER NOT NULL,
     entities_id INTEGER,
     is_recursive INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL,
     last_active INTEGER NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS deskbase_sessions_user ON deskbase_sessions (users_id)`,
];

function sqlType(col: Column): string {
  switch (col.kind) {
    case 'int':
    case 'bool':
      return 'INTEGER';
    case 'decimal':
    case 'float':
      return 'REAL';
    case 'string':
      return 'TEXT COLLATE NOCASE'; // GLPI compares varchar case-insensitively
    default:
      return 'TEXT';
  }
}

function sqlDefault(col: Column): string {
  if (col.default === null) return col.nullable ? '' : col.kind === 'int' || col.kind === 'bool' ? ' DEFAULT 0' : " DEFAULT ''";
  return typeof col.default === 'number' ? ` DEFAULT ${col.default}` : ` DEFAULT '${col.default.replaceAll("'", "''")}'`;
}

export function columnDdl(col: Column): string {
  if (col.name === 'id') return col.autoIncrement ? 'id INTEGER PRIMARY KEY AUTOINCREMENT' : 'id INTEGER PRIMARY KEY';
  return `${ident(col.name)} ${sqlType(col)}${col.nullable ? '' : ' NOT NULL'}${sqlDefault(col)}`;
}

/**
 * Brings one table up to the registry: creates it, its missing columns and indexes, and drops the
 * indexes an earlier version made and this one replaced (they would only slow writes down).
 */
function syncTable(db: Db, table: string, state: SchemaState, note?: UpgradeNote): void {
  const spec = TABLES[table]!;
  const columns = parseColumns(spec.columns);
  const existing = state.columns.get(table);
  if (!existing) db.exec(`CREATE TABLE IF NOT EXISTS ${table} (${columns.map(columnDdl).join(', ')})`);
  else for (const col of columns) if (!existing.has(col.name)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${columnDdl(col)}`);
  const has = (name: string) => state.objects.has(name);
  for (const cols of spec.unique ?? []) {
    const name = `${table}__u_${cols.join('_')}`;
    if (!has(name)) db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${name} ON ${table} (${cols.map(ident).join(', ')})`);
  }
  const wanted = new Map(indexColumns(table, columns).map((cols) => [indexName(table, cols), `(${cols.map(ident).join(', ')})`]));
  for (const { name, column, where } of partialIndexes(table, columns)) wanted.set(name, `(${ident(column)}) WHERE ${where}`);
  for (const [name, definition] of wanted) {
    if (has(name)) continue;
    const build = () => db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} ${definition}`);
    if (existing && note) timedStep(db, table, `building the index ${name}`, note, build);
    else build();
  }
  const own = `${table}__i_`;
  for (const name of state.indexes.get(table) ?? []) if (name.startsWith(own) && !wanted.has(name)) db.exec(`DROP INDEX ${name}`);
}

/**
 * Brings the database up to the registry: creates missing tables, columns and indexes (and
 * drops the indexes it no longer makes). Data is never changed, so it is safe on every start;
 * destructive changes go in migrations. With `only`, just those tables (an import puts back the
 * indexes of the table it filled).
 */
export function syncSchema(db: Db, only?: string[], note?: UpgradeNote): void {
  for (const sql of SYSTEM_TABLES) db.exec(sql);
  const state = readSchema(db, only && [...only, ...only.map(fulltextTable), ...only.map(countsTable)]);
  const tables = only ?? Object.keys(TABLES);
  for (const table of tables) syncTable(db, table, state, note);
  syncFulltext(db, state, tables, note);
  syncDropdownCounts(db, state, tables, note);
}
