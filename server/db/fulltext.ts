import { parseColumns } from '../registry/columns';
import { itemtypeByTable, TABLES } from '../registry';
import type { Db } from './connection';
import { isIndexed } from './indexes';

/**
 * "Contains anywhere" on big tables: an FTS5 index with the trigram tokenizer per asset and ITIL
 * table, over the text columns people search by fragment. It is external-content (the text stays
 * in the table only) and kept by triggers, so it changes in the same transaction as the row.
 * Searches use it as a pre-filter and still test the row itself, so answers are the same as a
 * plain scan's whatever the index holds.
 */
const FULLTEXT_COLUMNS = ['name', 'serial', 'otherserial', 'comment', 'contact'];
const INDEXED_KINDS = new Set(['asset', 'itil']);
/** The trigram index finds a pattern only through a run of at least this many characters. */
const MIN_RUN = 3;

export const fulltextTable = (table: string) => `${table}__fts`;

/** The columns of `table` that have a trigram index (empty when the table has none). */
export function fulltextColumns(table: string): string[] {
  let columns = columnsByTable.get(table);
  if (!columns) columnsByTable.set(table, (columns = findColumns(table)));
  return columns;
}

const columnsByTable = new Map<string, string[]>();

function findColumns(table: string): string[] {
  const spec = TABLES[table];
  const type = itemtypeByTable(table);
  if (!spec || !type || !INDEXED_KINDS.has(type.kind)) return [];
  const text = new Set(parseColumns(spec.columns).filter((c) => c.kind === 'string' || c.kind === 'text').map((c) => c.name));
  return FULLTEXT_COLUMNS.filter((c) => text.has(c));
}

function ddl(table: string, columns: string[]): { table: string; triggers: string[] } {
  const fts = fulltextTable(table);
  const list = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
  const remove = `INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.id, ${values('old')});`;
  const add = `INSERT INTO ${fts}(rowid, ${list}) VALUES (new.id, ${values('new')});`;
  return {
    table: `CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram', detail='none', columnsize=0)`,
    triggers: [
      `CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${table} BEGIN ${add} END`,
      `CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${table} BEGIN ${remove} END`,
      `CREATE TRIGGER ${fts}_au AFTER UPDATE OF ${list} ON ${table} BEGIN ${remove} ${add} END`,
    ],
  };
}

/** Removes a table's trigram index and its triggers (a bulk load then rebuilds it once at the end). */
export function dropFulltext(db: Db, table: string): void {
  const fts = fulltextTable(table);
  for (const suffix of ['_ai', '_ad', '_au']) db.exec(`DROP TRIGGER IF EXISTS ${fts}${suffix}`);
  db.exec(`DROP TABLE IF EXISTS ${fts}`);
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Creates missing trigram indexes and their triggers, rebuilding from the table's rows (older
 * data folders get theirs on their first start). An index whose definition changed is rebuilt.
 */
export function syncFulltext(db: Db): void {
  const existing = new Map(
    db
      .query<{ name: string; sql: string }, []>("SELECT name, sql FROM sqlite_master WHERE (type = 'table' OR type = 'trigger') AND name LIKE '%\\_\\_fts%' ESCAPE '\\'")
      .all()
      .map((r) => [r.name, normalise(r.sql)]),
  );
  for (const table of Object.keys(TABLES)) {
    const columns = fulltextColumns(table);
    if (columns.length === 0) continue;
    const fts = fulltextTable(table);
    const want = ddl(table, columns);
    const current = [want.table, ...want.triggers].every((statement) => [...existing.values()].includes(normalise(statement)));
    if (current) continue;
    dropFulltext(db, table);
    db.exec(want.table);
    for (const trigger of want.triggers) db.exec(trigger);
    db.exec(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`);
  }
}

/**
 * The pattern for the index: FTS5 uses the trigram index only for a LIKE without ESCAPE, so an
 * escaped `%` or `_` becomes `_` (any one character: a wider pattern, never a narrower one) and
 * an escaped backslash a plain one.
 */
function unescaped(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) {
      const next = pattern[++i]!;
      out += next === '%' || next === '_' ? '_' : next;
    } else out += c;
  }
  return out;
}

/**
 * `alias.id IN (…trigram index…)` for `column LIKE pattern ESCAPE '\'`, or null when the index
 * cannot help (no index on that column, or no run of three characters for a trigram). It only
 * narrows the rows, possibly too little: callers keep the LIKE on the row, which decides.
 */
export function fulltextPrefilter(table: string, column: string, alias: string, pattern: string): { sql: string; args: string[] } | null {
  if (!fulltextColumns(table).includes(column)) return null;
  // A starts-with on a column with its own index: that index serves it better.
  if (!pattern.startsWith('%') && isIndexed(table, column)) return null;
  const wide = unescaped(pattern);
  if (!wide.split(/[%_]/).some((run) => [...run].length >= MIN_RUN)) return null;
  return { sql: `${alias}.id IN (SELECT rowid FROM ${fulltextTable(table)} WHERE ${column} LIKE ?)`, args: [wide] };
}
