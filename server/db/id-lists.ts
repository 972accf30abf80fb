import { openReadSnapshot, type Db } from './connection';
import { idSet, raw, sql, type Frag } from './frag';
import { readsClock } from './read-cache';
import { selectValues } from './rows';
import { noteDependencies, stillValid, tracked, writtenSince, type Dependencies } from './table-versions';

/**
 * Lists of a table's rows that a test on each row alone picks (a WHERE, a trigram of the
 * full-text index), ascending, kept across writes: a write to the table does not drop a list; the
 * rows it wrote are tested again and the list patched, which is exact because the test answers the
 * same for every row no write touched. A write to another table the list read, or one not known row
 * by row (table-versions.ts), drops it; a test reading the clock is never kept.
 */
export interface IdQuery {
  /** Names the list (with the table). */
  key: string;
  /** `SELECT id …`: the list (sorted here), possibly cut at `limit` rows. */
  read: Frag;
  /** `SELECT id …`: the rows among `rowids` the test picks (a rowid may be of no row). */
  among: (rowids: number[]) => Frag;
  /** A statement of the test that names the table once (its answer for a row is that row's own). */
  perRow: string;
  /**
   * A list read with `limit` rows (the read's LIMIT) may have been cut: then it holds only some of
   * the rows picked, and proves there are `enough` (at most `limit`, the caller's threshold) or more.
   * A write takes the rows it wrote out of such a list, untested; it is kept while it still proves that.
   */
  limit?: number;
  enough?: number;
  /** Rows tested again at most before the list is read whole instead (MAX_PATCH unless told). */
  maxPatch?: number;
}

interface Entry {
  ids: number[];
  deps: Dependencies;
  /** False when the read may have been cut (see IdQuery.limit). */
  whole: boolean;
}

const lists = new WeakMap<Db, Map<string, Entry>>();
/** Ids kept over all lists of a database, and lists; past either they start again empty. */
const MAX_IDS = 400_000;
const MAX_LISTS = 8_192;
/** Rows tested again at most before a list is read whole instead. */
const MAX_PATCH = 2_000;

/** The list, which the caller reads at once (a later write patches it in place). */
export function keptIds(db: Db, table: string, q: IdQuery): number[] {
  openReadSnapshot(db); // checked against the state the request's next reads see
  let entries = lists.get(db);
  if (!entries) lists.set(db, (entries = new Map()));
  const key = `${table}\u0000${q.key}`;
  const hit = entries.get(key);
  const patched = hit && patch(db, table, q, hit);
  if (patched) {
    noteDependencies(patched.deps); // a cached reply built from it depends on what it read
    return patched.ids;
  }
  entries.delete(key);
  const { value: ids, deps } = tracked(() => selectValues(db, q.read.sql, ...q.read.args).map((r) => Number(r[0])));
  ids.sort((a, b) => a - b);
  if (readsClock(q.read.sql) || readsClock(q.perRow) || !stillValid(deps)) return ids;
  let held = ids.length;
  for (const e of entries.values()) held += e.ids.length;
  if (held > MAX_IDS || entries.size >= MAX_LISTS) entries.clear();
  if (ids.length <= MAX_IDS) entries.set(key, { ids, deps, whole: q.limit === undefined || ids.length < q.limit });
  return ids;
}

/** The ids of `table`'s rows (alias `t`) that `where` picks, ascending. */
export function matchingIds(db: Db, table: string, where: Frag): number[] {
  const read = sql`SELECT t.id FROM ${raw(table)} t WHERE ${where} ORDER BY t.id`;
  return keptIds(db, table, {
    key: `${where.sql}\u0000${JSON.stringify(where.args)}`,
    read,
    among: (rowids) => sql`SELECT t.id FROM ${raw(table)} t WHERE t.id IN ${idSet(rowids)} AND (${where})`,
    perRow: read.sql,
  });
}

/** The entry made current by testing again the rows written since it was read; null when it cannot be. */
function patch(db: Db, table: string, q: IdQuery, entry: Entry): Entry | null {
  const since = writtenSince(entry.deps, table, q.perRow);
  if (!since) return null;
  if (since.rowids.length === 0) return entry;
  const written = [...new Set(since.rowids)];
  if (!entry.whole) return cutDown(entry, written, q.enough ?? q.limit!, since.deps);
  if (written.length > (q.maxPatch ?? MAX_PATCH)) return null;
  const again = q.among(written);
  const { value: picked, deps } = tracked(() => new Set(selectValues(db, again.sql, ...again.args).map((r) => Number(r[0]))));
  // The test itself must have read the state the list now stands for.
  if (!stillValid(deps) || !stillValid(since.deps)) return null;
  for (const id of written) {
    const at = lowerBound(entry.ids, id);
    const listed = entry.ids[at] === id;
    if (listed && !picked.has(id)) entry.ids.splice(at, 1);
    else if (!listed && picked.has(id)) entry.ids.splice(at, 0, id);
  }
  entry.deps = since.deps;
  return entry;
}

/** A cut list without the rows written (which may or may not be picked now), if it still holds `enough`. */
function cutDown(entry: Entry, written: number[], enough: number, deps: Dependencies): Entry | null {
  const gone = new Set(written);
  const ids = entry.ids.filter((id) => !gone.has(id));
  if (ids.length < enough) return null;
  entry.ids = ids;
  entry.deps = deps;
  return entry;
}

/** The first position in ascending `ids` holding `id` or more. */
export function lowerBound(ids: number[], id: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (ids[mid]! < id) low = mid + 1;
    else high = mid;
  }
  return low;
}
