import type { Column } from '../registry/columns';
import { parseColumns } from '../registry/columns';
import { TABLES } from '../registry';
import type { Db } from './db';
import { syncFulltext } from './fulltext';

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

const SEARCHED_LINKS = /^(locations_id|manufacturers_id|states_id|[a-z]+types_id)$/;
/** Every search and list filters on these: at the end of a searched column's index, they let a
 * count or a page be read from the index alone, never from the rows. */
const VISIBILITY = ['is_deleted', 'is_template', 'entities_id'];

/** Indexes that every lookup path needs: links, parents, entity scope and names. */
function indexColumns(columns: Column[]): string[][] {
  const names = new Set(columns.map((c) => c.name));
  const out: string[][] = [];
  if (names.has('itemtype') && names.has('items_id')) out.push(['itemtype', 'items_id']);
  for (const name of ['entities_id', 'users_id', 'tickets_id', 'problems_id', 'changes_id', 'groups_id', 'profiles_id', 'documents_id', 'computers_id', 'softwares_id', 'softwareversions_id', 'contracts_id', 'networkports_id']) {
    if (names.has(name)) out.push([name]);
  }
  // Search: names, inventory numbers and contacts (lookups and sorted pages), "last updated",
  // the dropdowns people filter assets by, and the ticket queue (status, opening date).
  const trail = names.has('is_deleted') ? VISIBILITY.filter((c) => names.has(c)) : [];
  const searched = ['name', 'serial', 'otherserial', 'contact', 'date_mod', 'date', ...columns.map((c) => c.name).filter((n) => SEARCHED_LINKS.test(n))];
  for (const name of searched) if (names.has(name)) out.push([name, ...trail]);
  if (names.has('status') && names.has('date')) out.push(['status', 'date', ...trail]);
  // Every list filters on the trash (and templates): pages then walk this index in id order.
  if (names.has('is_deleted')) out.push(trail);
  return out;
}

const indexName = (table: string, cols: string[]) => `${table}__i_${cols.join('_')}`;

/** True when `column` leads one of the indexes this module creates on `table`. */
export function isIndexed(table: string, column: string): boolean {
  const spec = TABLES[table];
  return !!spec && indexColumns(parseColumns(spec.columns)).some((cols) => cols[0] === column);
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
      db.exec(`CREATE UNIQUE INDEX IF NOT EXISTS ${table}__u_${cols.join('_')} ON ${table} (${cols.join(', ')})`);
    }
    const wanted = indexColumns(columns);
    for (const cols of wanted) db.exec(`CREATE INDEX IF NOT EXISTS ${indexName(table, cols)} ON ${table} (${cols.join(', ')})`);
    dropStaleIndexes(db, table, new Set(wanted.map((cols) => indexName(table, cols))));
  }
  syncFulltext(db);
}
