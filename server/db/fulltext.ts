import type { Db } from './connection';
import { isIndexed } from './indexes';
import { VersionedCache } from './read-cache';
import { holds, type SchemaState } from './schema-state';
import { columnsPerTable } from './table-columns';
import { timedStep, type UpgradeNote } from './upgrade-note';

/**
 * "Contains anywhere" on big tables: an FTS5 index with the trigram tokenizer per asset and ITIL
 * table, over the text columns people search by fragment. It is external-content (the text stays
 * in the table only) and kept by triggers, so it changes in the same transaction as the row.
 * Searches use it as a pre-filter and still test the row itself, so answers are the same as a
 * plain scan's whatever the index holds.
 *
 * FTS5 writes its pending terms out at the end of every statement that touches it, so a row
 * indexed by its own trigger costs about 50 µs. A bulk add defers instead (deferFulltext): the
 * triggers leave alone the rows created after the deferral began, and one INSERT … SELECT indexes
 * them before the transaction commits.
 */
const FULLTEXT_COLUMNS = ['name', 'serial', 'otherserial', 'comment', 'contact'];
const INDEXED_KINDS = ['asset', 'itil'];
/** The trigram index finds a pattern only through a run of at least this many characters. */
const MIN_RUN = 3;

export const fulltextTable = (table: string) => `${table}__fts`;

/** The columns of `table` that have a trigram index (empty when the table has none). */
export const fulltextColumns = columnsPerTable(INDEXED_KINDS, (columns) => {
  const text = new Set(columns.filter((c) => c.kind === 'string' || c.kind === 'text').map((c) => c.name));
  return FULLTEXT_COLUMNS.filter((c) => text.has(c));
});

/**
 * `deskbase_fulltext_deferred` holds, inside a bulk write's transaction only, the last id of each
 * table whose newer rows are indexed at the end of that transaction (see deferFulltext).
 */
const DEFERRED = 'deskbase_fulltext_deferred';
const DEFERRED_DDL = `CREATE TABLE IF NOT EXISTS ${DEFERRED} (tbl TEXT PRIMARY KEY, above INTEGER NOT NULL) WITHOUT ROWID`;

function ddl(table: string, columns: string[]): { table: string; triggers: string[] } {
  const fts = fulltextTable(table);
  const list = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
  const remove = `INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.id, ${values('old')});`;
  const add = `INSERT INTO ${fts}(rowid, ${list}) VALUES (new.id, ${values('new')});`;
  // A row created while indexing is deferred is not in the index yet: its triggers do nothing.
  const indexed = (row: 'new' | 'old') => `WHEN ${row}.id <= coalesce((SELECT above FROM ${DEFERRED} WHERE tbl = '${table}'), ${row}.id)`;
  return {
    table: `CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram', detail='none', columnsize=0)`,
    triggers: [
      `CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${table} ${indexed('new')} BEGIN ${add} END`,
      `CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${table} ${indexed('old')} BEGIN ${remove} END`,
      `CREATE TRIGGER ${fts}_au AFTER UPDATE OF ${list} ON ${table} ${indexed('old')} BEGIN ${remove} ${add} END`,
    ],
  };
}

/**
 * Defers the indexing of the rows `table` gains from now on until the returned function runs,
 * which must happen in the same transaction (before it commits). Rows created meanwhile may be
 * updated or deleted freely: their triggers skip them, and the final INSERT … SELECT reads them
 * as they are then. Rows that existed before keep their triggers. Answers null for a table
 * without a trigram index.
 */
export function deferFulltext(db: Db, table: string): (() => void) | null {
  const columns = fulltextColumns(table);
  if (columns.length === 0) return null;
  const above = db.query<{ above: number | null }, []>(`SELECT max(id) AS above FROM ${table}`).get()?.above ?? 0;
  db.query(`INSERT INTO ${DEFERRED} (tbl, above) VALUES (?, ?)`).run(table, above);
  const list = columns.join(', ');
  return () => {
    db.query(`INSERT INTO ${fulltextTable(table)}(rowid, ${list}) SELECT id, ${list} FROM ${table} WHERE id > ?`).run(above);
    db.query(`DELETE FROM ${DEFERRED} WHERE tbl = ?`).run(table);
  };
}

/** Removes a table's trigram index and its triggers (a bulk load then rebuilds it once at the end). */
export function dropFulltext(db: Db, table: string): void {
  const fts = fulltextTable(table);
  dropTriggers(db, fts);
  db.exec(`DROP TABLE IF EXISTS ${fts}`);
}

const TRIGGER_SUFFIXES = ['_ai', '_ad', '_au'];

function dropTriggers(db: Db, fts: string): void {
  for (const suffix of TRIGGER_SUFFIXES) db.exec(`DROP TRIGGER IF EXISTS ${fts}${suffix}`);
}


/**
 * Creates missing trigram indexes and their triggers, rebuilding from the table's rows (older
 * data folders get theirs on their first start). An index whose definition changed is rebuilt;
 * triggers that changed alone are replaced without a rebuild (the index itself is still exact).
 */
export function syncFulltext(db: Db, state: SchemaState, tables: string[], note?: UpgradeNote): void {
  db.exec(DEFERRED_DDL);
  for (const table of tables) {
    const columns = fulltextColumns(table);
    if (columns.length === 0) continue;
    const fts = fulltextTable(table);
    const want = ddl(table, columns);
    const triggersCurrent = want.triggers.every((statement, i) => holds(state, `${fts}${TRIGGER_SUFFIXES[i]}`, statement));
    if (holds(state, fts, want.table)) {
      if (triggersCurrent) continue;
      dropTriggers(db, fts);
      for (const trigger of want.triggers) db.exec(trigger);
      continue;
    }
    dropFulltext(db, table);
    db.exec(want.table);
    for (const trigger of want.triggers) db.exec(trigger);
    const rebuild = () => db.exec(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`);
    if (note) timedStep(db, table, 'rebuilding the search index', note, rebuild);
    else rebuild();
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

/** A trigram in more rows than this is common: its rows are not worth gathering as candidates. */
const RARE_ROWS = 256;

/** Per table and trigram (few: a cache of their own, not crowded out by searches' counts). */
const trigramCounts = new VersionedCache<number>(20_000);

/** Rows of the index holding `trigram`, counted up to RARE_ROWS; kept until the next write. */
function trigramRows(db: Db, table: string, trigram: string): number {
  const fts = fulltextTable(table);
  const phrase = `"${trigram.replaceAll('"', '""')}"`;
  return trigramCounts.get(db, `${table}\u0000${trigram}`, () => {
    const row = db.query<{ n: number }, [string]>(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ? LIMIT ${RARE_ROWS})`).get(phrase);
    return Number(row?.n);
  });
}

/**
 * The MATCH query of the pattern's one or two rarest trigrams, or null when all are common. The
 * index's own LIKE reads every trigram's full list of rows and then each candidate row; a common
 * trigram ("000" in every serial number) costs as much as a scan, while a rare one narrows alone.
 */
function rareTrigrams(db: Db, table: string, runs: string[]): string | null {
  const trigrams = new Set<string>();
  for (const run of runs) {
    const chars = [...run];
    for (let i = 0; i + MIN_RUN <= chars.length; i++) trigrams.add(chars.slice(i, i + MIN_RUN).join(''));
  }
  const counted = [...trigrams].map((trigram) => ({ trigram, rows: trigramRows(db, table, trigram) })).filter((t) => t.rows < RARE_ROWS);
  if (counted.length === 0) return null;
  counted.sort((a, b) => a.rows - b.rows);
  return counted
    .slice(0, 2)
    .map((t) => `"${t.trigram.replaceAll('"', '""')}"`)
    .join(' AND ');
}

/**
 * `alias.id IN (…trigram index…)` for `column LIKE pattern ESCAPE '\'`, or null when the index
 * cannot help (no index on that column, or no run of three characters for a trigram). It only
 * narrows the rows, possibly too little: callers keep the LIKE on the row, which decides. With
 * `db`, the pattern's rarest trigrams are looked up alone when some are rare (rows holding them
 * in any indexed column: a wider set, never a narrower one).
 */
export function fulltextPrefilter(table: string, column: string, alias: string, pattern: string, db?: Db): { sql: string; args: string[] } | null {
  if (!fulltextColumns(table).includes(column)) return null;
  // A starts-with on a column with its own index: that index serves it better.
  if (!pattern.startsWith('%') && isIndexed(table, column)) return null;
  const wide = unescaped(pattern);
  const runs = wide.split(/[%_]/).filter((run) => [...run].length >= MIN_RUN);
  if (runs.length === 0) return null;
  const fts = fulltextTable(table);
  const rare = db ? rareTrigrams(db, table, runs) : null;
  if (rare) return { sql: `${alias}.id IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?)`, args: [rare] };
  return { sql: `${alias}.id IN (SELECT rowid FROM ${fts} WHERE ${column} LIKE ?)`, args: [wide] };
}
