import type { Db } from '../db/connection';
import { raw, sql, type Frag } from '../db/frag';
import { lowerBound } from '../db/id-lists';
import { selectValues } from '../db/rows';
import { noteDependencies, stillValid, tableWrittenSince, tracked, type Dependencies } from '../db/table-versions';
import type { Reuse, RowTest } from './engine';
import { itemtypeByTable } from '../registry';

/** A whole answer as built, with what decides how long it stays exact. */
export interface Built<V> {
  value: V;
  reuse: Reuse;
  /** Its size in bytes, about. */
  size: number;
  /** False: answered, not kept (rawdata, large pages). */
  keep: boolean;
}

interface Entry<V> {
  value: V;
  deps: Dependencies;
  size: number;
  perRow: PerRow | null;
}

interface PerRow {
  table: string;
  /** The matching ids as the answer was built, ascending: the rows it shows among them. */
  matched: number[];
  /** `SELECT … WHERE t.id = ? AND (test)` and its arguments after the id: one primary-key look-up per written row. */
  retest: Frag;
  /** The row's columns the test reads (it reads the row as `t` alone, see RowTest); null when not known. */
  columns: ReadonlySet<string> | null;
}

/** Written rows tested again at most before an answer is built afresh instead. */
const MAX_RETEST = 256;

/**
 * Whole search answers, reused while exact. The key holds everything an answer depends on but
 * the database (who asks, the parameters, the session's zone and language, the day); a write to
 * a table the answer read drops it (db/table-versions.ts), but for writes to rows of the searched
 * table that neither matched before nor match now (so are not shown): each row's match, sort keys
 * and shown values read that row alone (RowTest), so the matches, their order and the page are
 * the same. Those rows are tested again, and the answer then stands for the state after them.
 * Bounded in entries and bytes, the oldest going first.
 */
export class KeptAnswers<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private bytes = 0;
  /** The database the entries are of (one per process but in tests): another one starts them again. */
  private db: Db | null = null;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get(db: Db, key: string, build: () => Built<V>): V {
    if (db !== this.db) {
      this.entries.clear();
      this.bytes = 0;
      this.db = db;
    }
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      if (current(db, hit)) {
        noteDependencies(hit.deps); // a reply built from it depends on what it read
        return hit.value;
      }
      this.drop(key, hit);
    }
    const { value: built, deps } = tracked(build);
    const { perRow } = built.reuse;
    // The matching ids held with it count too (8 bytes each).
    const size = built.size + 8 * (perRow?.matched.length ?? 0);
    if (!built.keep || built.reuse.clock || size > this.maxBytes / 8 || !stillValid(deps)) return built.value;
    this.entries.set(key, { value: built.value, deps, size, perRow: perRow && perRowOf(perRow) });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.drop(oldest, entry);
    }
    return built.value;
  }

  private drop(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}

function perRowOf(test: RowTest): PerRow {
  const retest = sql`SELECT t.id FROM ${raw(`${test.table} t`)} WHERE t.id = ? AND (${test.test})`;
  return { table: test.table, matched: test.matched, retest, columns: columnsOfRow(test.test.sql, test.table) };
}

/** An identifier, bare or quoted, with the alias that qualifies it if any. */
const IDENTIFIER = /(?:\b([A-Za-z_][A-Za-z0-9_]*)\.)?(?:"((?:[^"]|"")+)"|\b([A-Za-z_][A-Za-z0-9_]*))/g;

/**
 * The columns of the row `t` a test reads (`t.name`, `t."name"`), in lower case as SQLite compares
 * them; null when it may read one otherwise (a bare name of one of the table's columns, or a table
 * the registry does not describe).
 */
function columnsOfRow(test: string, table: string): Set<string> | null {
  const known = itemtypeByTable(table)?.column;
  if (known === undefined) return null;
  const columns = new Set<string>();
  for (const [, alias, quoted, bare] of test.matchAll(IDENTIFIER)) {
    const name = (quoted?.replaceAll('""', '"') ?? bare!).toLowerCase();
    if (alias === 't') columns.add(name);
    else if (alias === undefined && known.has(name)) return null;
  }
  return columns;
}

/** Is the answer still exact? Brought up to date (its dependencies) when only rows that cannot change it were written. */
function current<V>(db: Db, entry: Entry<V>): boolean {
  if (stillValid(entry.deps)) return true;
  if (entry.perRow === null) return false;
  const { table, matched, retest, columns } = entry.perRow;
  const since = tableWrittenSince(entry.deps, table, false);
  if (since === null) return false;
  const written = [...new Set(since.rowids)];
  if (written.some((id) => matched[lowerBound(matched, id)] === id)) return false;
  // Rows it did not show, updated in columns its test does not read: they still do not match.
  if (columns !== null && since.columns !== null && ![...since.columns].some((column) => columns.has(column))) {
    entry.deps = since.deps;
    return true;
  }
  if (written.length > MAX_RETEST) return false;
  const { value: matching, deps } = tracked(() => written.some((id) => selectValues(db, retest.sql, id, ...retest.args).length > 0));
  // The test must have read the state the answer will stand for.
  if (matching || !stillValid(deps) || !stillValid(since.deps)) return false;
  entry.deps = since.deps;
  return true;
}
