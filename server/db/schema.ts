import type { Column } from '../registry/columns';
import { parseColumns } from '../registry/columns';
import { TABLES } from '../registry';
import type { Db } from './connection';

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
  return `${col.name} ${sqlType(col)}${col.nullable ? '' : ' NOT NULL'}${sqlDefault(col)}`;
}

/** Indexes that every lookup path needs: links, parents, entity scope and names. */
function indexColumns(columns: Column[]): string[][] {
  const names = new Set(columns.map((c) => c.name));
  const out: string[][] = [];
  if (names.has('itemtype') && names.has('items_id')) out.push(['itemtype', 'items_id']);
  for (const name of ['entities_id', 'name', 'users_id', 'tickets_id', 'problems_id', 'changes_id', 'groups_id', 'profiles_id', 'documents_id', 'computers_id', 'softwares_id', 'softwareversions_id', 'contracts_id', 'networkports_id']) {
    if (names.has(name)) out.push([name]);
  }
  // Search: inventory lookups by serial number, and "changed since" / "last updated" on big tables.
  for (const name of ['serial', 'date_mod']) if (names.has(name)) out.push([name]);
  // Every list filters on the trash (and templates): pages then walk this index in id order.
  if (names.has('is_deleted')) out.push(names.has('is_template') ? ['is_deleted', 'is_template'] : ['is_deleted']);
  return out;
}

/**
 * Brings the database up to the registry: creates missing tables, columns and indexes.
 * Purely additive, so it is safe on every start; destructive changes go in migrations.
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
      db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${table}__u_${cols.join('_')} ON ${table} (${cols.join(', ')})`);
    }
    for (const cols of indexColumns(columns)) {
      db.exec(`CREATE INDEX IF NOT EXISTS ${table}__i_${cols.join('_')} ON ${table} (${cols.join(', ')})`);
    }
  }
}
