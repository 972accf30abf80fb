import type { Db } from './connection';
import { isIndexed } from './indexes';
import { Frag, raw, sql } from './frag';
import { keptIds } from './id-lists';
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
 * FTS5 writes its pending terms out at the end of every statement and at every savepoint, so a
 * row indexed by its own trigger costs about 50 µs, and far more inside a bulk write, where each
 * element's savepoint writes a new tiny segment that later merges rewrite. A bulk write defers
 * instead (deferFulltext): the triggers leave alone the rows it created and the existing rows it
 * names, and one INSERT … SELECT indexes them as they are before the transaction commits.
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
 * `deskbase_fulltext_skipped` holds, inside a bulk write's transaction only, the id ranges of
 * each table whose rows are left out of the index until the end of that transaction (see
 * deferFulltext): the ids above the table's highest when it began, and single existing ids.
 * Ranges never overlap, so the one starting nearest below an id is the only one that may hold it.
 */
const SKIPPED = 'deskbase_fulltext_skipped';
const SKIPPED_DDL = `CREATE TABLE IF NOT EXISTS ${SKIPPED} (tbl TEXT NOT NULL, lo INTEGER NOT NULL, hi INTEGER NOT NULL, PRIMARY KEY (tbl, lo)) WITHOUT ROWID`;
/**
 * `deskbase_fulltext_unmerged`: per table, the index entries written or deleted since its index
 * was last merged whole (see fulltext-upkeep.ts). Every write through the API counts them here,
 * in its own transaction.
 */
export const UNMERGED = 'deskbase_fulltext_unmerged';
const UNMERGED_DDL = `CREATE TABLE IF NOT EXISTS ${UNMERGED} (tbl TEXT PRIMARY KEY NOT NULL, entries INTEGER NOT NULL) WITHOUT ROWID`;

/** The earlier version's table (ids above a bound only), replaced by SKIPPED. */
const OLD_DEFERRED = 'deskbase_fulltext_deferred';

function ddl(table: string, columns: string[]): { table: string; triggers: string[] } {
  const fts = fulltextTable(table);
  const list = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((c) => `${row}.${c}`).join(', ');
  const remove = `INSERT INTO ${fts}(${fts}, rowid, ${list}) VALUES ('delete', old.id, ${values('old')});`;
  const add = `INSERT INTO ${fts}(rowid, ${list}) VALUES (new.id, ${values('new')});`;
  // A row whose indexing is deferred is not in the index until the deferral ends: its triggers do nothing.
  const indexed = (row: 'new' | 'old') => `WHEN coalesce((SELECT hi FROM ${SKIPPED} WHERE tbl = '${table}' AND lo <= ${row}.id ORDER BY lo DESC LIMIT 1), ${row}.id - 1) < ${row}.id`;
  return {
    table: `CREATE VIRTUAL TABLE ${fts} USING fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram', detail='none', columnsize=0)`,
    triggers: [
      `CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${table} ${indexed('new')} BEGIN ${add} END`,
      `CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${table} ${indexed('old')} BEGIN ${remove} END`,
      `CREATE TRIGGER ${fts}_au AFTER UPDATE OF ${list} ON ${table} ${indexed('old')} BEGIN ${remove} ${add} END`,
    ],
  };
}

/** The table's highest id (0 when empty): rows above it are new to the write that asked. */
const highestId = (db: Db, table: string): number => db.query<{ above: number | null }, []>(`SELECT max(id) AS above FROM ${table}`).get()?.above ?? 0;

/** Adds `entries` to the table's count of index entries written since its last whole merge (see fulltext-upkeep.ts). */
function countUnmerged(db: Db, table: string, entries: number): void {
  if (entries > 0) db.query(`INSERT INTO ${UNMERGED} (tbl, entries) VALUES (?1, ?2) ON CONFLICT (tbl) DO UPDATE SET entries = entries + ?2`).run(table, entries);
}

/**
 * Defers the indexing of the rows `table` gains from now on, and of its existing rows `ids`
 * (those a bulk update or delete names), until the returned function runs, which must happen in
 * the same transaction (before it commits). The named rows leave the index at once, all in one
 * statement; the deferred rows may then be updated or deleted freely: their triggers skip them,
 * and the final INSERT … SELECT reads those still there as they are then. Other rows keep their
 * triggers. Answers null for a table without a trigram index.
 *
 * The triggers stay in place meanwhile, though each deferred row's trigger still looks SKIPPED
 * up (about 3 µs a row): dropping them for the transaction is DDL, after which every other
 * connection re-reads the whole schema (some 2 000 objects: about 10 ms of CPU each) and every
 * cached read is dropped (table-versions.ts), far more than the lookups cost.
 */
export function deferFulltext(db: Db, table: string, ids: readonly number[] = []): (() => void) | null {
  const columns = fulltextColumns(table);
  if (columns.length === 0) return null;
  const fts = fulltextTable(table);
  const list = columns.join(', ');
  const above = highestId(db, table);
  const named = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= above);
  const existing = JSON.stringify(named);
  // Rows that exist: their index entries go now (a "delete" must name a row's indexed values).
  db.query(`INSERT INTO ${fts}(${fts}, rowid, ${list}) SELECT 'delete', id, ${list} FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`).run(existing);
  db.query(`INSERT INTO ${SKIPPED} (tbl, lo, hi) SELECT ?1, value, value FROM json_each(?2) UNION ALL SELECT ?1, ?3 + 1, 9223372036854775807`).run(table, existing, above);
  return () => {
    db.query(`DELETE FROM ${SKIPPED} WHERE tbl = ?`).run(table);
    const indexed = db.query(`INSERT INTO ${fts}(rowid, ${list}) SELECT id, ${list} FROM ${table} WHERE id > ?1 OR id IN (SELECT value FROM json_each(?2))`).run(above, existing).changes;
    // Each removed entry leaves a deletion marker in the index until a whole merge drops it.
    countUnmerged(db, table, indexed + named.length);
  };
}

/**
 * For a write of a single element: its rows keep being indexed by their own triggers (one small
 * segment at the end of its statement, far cheaper than deferring: no bookkeeping rows, no
 * second statement), and the index entries it wrote are counted for the upkeep as deferFulltext
 * counts them (`ids`: the existing rows it may rewrite, each an entry deleted and one written).
 * Answers null for a table without a trigram index.
 */
export function countFulltext(db: Db, table: string, ids: readonly number[] = []): (() => void) | null {
  if (fulltextColumns(table).length === 0) return null;
  const above = highestId(db, table);
  const rewritten = new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= above)).size;
  return () => {
    const added = db.query<{ n: number }, [number]>(`SELECT count(*) AS n FROM ${table} WHERE id > ?`).get(above)?.n ?? 0;
    countUnmerged(db, table, added + 2 * rewritten);
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
  db.exec(SKIPPED_DDL);
  db.exec(UNMERGED_DDL);
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
  // Only ever filled inside a transaction, and no trigger names it any more.
  if (state.objects.has(OLD_DEFERRED)) db.exec(`DROP TABLE ${OLD_DEFERRED}`);
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

/**
 * The ids of the rows whose index holds `trigram` (in any indexed column), ascending, or null when
 * it is common (in RARE_ROWS rows or more). Every search for a fragment holding the trigram reuses
 * them, so a rare fragment's search reads no index at all once its trigrams were looked up; a
 * write to the table tests again the rows it wrote (id-lists.ts) instead of dropping them.
 */
function trigramRows(db: Db, table: string, trigram: string): number[] | null {
  const fts = fulltextTable(table);
  const phrase = `"${trigram.replaceAll('"', '""')}"`;
  // The table-valued form names the index once (id-lists.ts: a test of each row alone).
  const match = `SELECT rowid FROM ${fts}(?)`;
  // Read past RARE_ROWS: a common trigram's list then stays common while writes take rows out of it.
  const read = 2 * RARE_ROWS;
  const ids = keptIds(db, table, {
    key: `trigram\u0000${trigram}`,
    read: new Frag(`${match} ORDER BY rowid LIMIT ${read}`, [phrase]),
    among: (rowids) => sql`SELECT j.value AS id FROM json_each(${JSON.stringify(rowids)}) j WHERE EXISTS (SELECT 1 FROM ${raw(fts)}(${phrase}) f WHERE f.rowid = j.value)`,
    perRow: match,
    limit: read,
    enough: RARE_ROWS,
    // Each row tested seeks the trigram's whole posting list (about 5 µs), reading the list costs about 100 µs.
    maxPatch: 16,
  });
  return ids.length < RARE_ROWS ? ids : null;
}

/**
 * The rows holding every rare trigram of the pattern (a row matching the pattern holds each of its
 * trigrams), or null when all are common. The index's own LIKE reads every trigram's full list of
 * rows and then each candidate row; a common trigram ("000" in every serial number) costs as much
 * as a scan, while rare ones narrow alone, and together narrow to about the matches.
 */
function rareTrigrams(db: Db, table: string, runs: string[]): number[] | null {
  const trigrams = new Set<string>();
  for (const run of runs) {
    const chars = [...run];
    for (let i = 0; i + MIN_RUN <= chars.length; i++) trigrams.add(chars.slice(i, i + MIN_RUN).join(''));
  }
  const rare: number[][] = [];
  for (const trigram of trigrams) {
    const ids = trigramRows(db, table, trigram);
    if (ids) rare.push(ids);
  }
  if (rare.length === 0) return null;
  rare.sort((a, b) => a.length - b.length);
  let ids = rare[0]!;
  for (let i = 1; i < rare.length && ids.length > 0; i++) {
    const other = new Set(rare[i]);
    ids = ids.filter((id) => other.has(id));
  }
  return ids;
}

/**
 * `SELECT … AS id`: the rows the trigram index names as candidates for `column LIKE pattern
 * ESCAPE '\'`, or null when the index cannot help (no index on that column, or no run of three
 * characters for a trigram). It only narrows the rows, possibly too little: callers keep the LIKE
 * on the row, which decides. With `db`, the rows of the pattern's rare trigrams are the
 * candidates when some are rare (rows holding them in any indexed column: a wider set, never a
 * narrower one).
 */
export function fulltextCandidates(table: string, column: string, pattern: string, db?: Db): { sql: string; args: string[] } | null {
  if (!fulltextColumns(table).includes(column)) return null;
  // A starts-with on a column with its own index: that index serves it better.
  if (!pattern.startsWith('%') && isIndexed(table, column)) return null;
  const wide = unescaped(pattern);
  const runs = wide.split(/[%_]/).filter((run) => [...run].length >= MIN_RUN);
  if (runs.length === 0) return null;
  const fts = fulltextTable(table);
  const rare = db ? rareTrigrams(db, table, runs) : null;
  if (rare) return { sql: 'SELECT value AS id FROM json_each(?)', args: [JSON.stringify(rare)] };
  return { sql: `SELECT rowid AS id FROM ${fts} WHERE ${column} LIKE ?`, args: [wide] };
}

/** `alias.id IN (…trigram index…)`: fulltextCandidates as a condition on the row `alias`. */
export function fulltextPrefilter(table: string, column: string, alias: string, pattern: string, db?: Db): { sql: string; args: string[] } | null {
  const candidates = fulltextCandidates(table, column, pattern, db);
  return candidates && { sql: `${alias}.id IN (${candidates.sql})`, args: candidates.args };
}
