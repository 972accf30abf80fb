import type { Column } from '../registry/columns';
import { parseColumns } from '../registry/columns';
import { TABLES } from '../registry';
import type { Db } from './connection';
import { ident } from './rows';
import { syncFulltext } from './fulltext';
import { indexColumns, indexName } from './indexes';

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

/** Indexes an earlier version made and this one replaced: they would only slow writes down. */
function dropStaleIndexes(db: Db, table: string, wanted: Set<string>): void {
  const own = db.query<{ name: string }, [string, string]>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name LIKE ? ESCAPE '\\'").all(table, `${table.replaceAll('_', '\\_')}\\_\\_i\\_%`);
  for (const { name } of own) if (!wanted.has(name)) db.exec(`DROP INDEX ${name}`);
}

/**
 * Brings the database up to the registry: creates missing tables, columns and indexes (and
 * drops the indexes it no longer makes). Data is never changed, so it is safe on every start;
 * destructive changes go in migrations.
 */
export function syncSchema(db: Db): void {
  for (const sql of SYSTEM_TABLES) db.exec(sql);
  for (const [table, spec] of Object.entries(TABLES)) {
    const columns = parseColumns(spec.columns);
    db.exec(`CREATE TABLE IF NOT EXISTS ${table} (${columns.map(columnDdl).join(', ')})`);
    const existing = new Set(db.query<{ name: string }, []>(`PRAGMA table_info(${table})`).all().map((r) => r.name));
    for (const col of columns) {
      if (!existing.has(col.name)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${columnDdl(col)}`);
    }
    for (const cols of spec.unique ?? []) {
      db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${table}__u_${cols.join('_')} ON ${table} (${cols.map(ident).join(', ')})`);
    }
    const wanted = indexColumns(columns);
    for (const cols of wanted) db.exec(`CREATE INDEX IF NOT EXISTS ${indexName(table, cols)} ON ${table} (${cols.map(ident).join(', ')})`);
    dropStaleIndexes(db, table, new Set(wanted.map((cols) => indexName(table, cols))));
  }
  syncFulltext(db);
}
