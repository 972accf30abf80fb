import { openReadSnapshot, type Db } from './connection';
import { idSet, raw, sql, type Frag } from './frag';
import { readsClock } from './read-cache';
import { selectValues } from './rows';
import { noteDependencies, stillValid, tracked, writtenSince, type Dependencies } from './table-versions';

/**
 * The ids of a table's rows that match a WHERE (on alias `t`), ascending, kept across writes: a
 * page deep in id order is then a slice, not an OFFSET walk. A write to the table does not drop
 * the list: the rows it wrote are matched again and the list patched, which is exact because a
 * WHERE naming the table once reads the row alone, and answers the same for every row no write
 * touched. A WHERE reading the clock is never kept. A write to another
 * table the WHERE read, or one not known row by row (table-versions.ts), drops it.
 */
interface Entry {
  ids: number[];
  deps: Dependencies;
}

const lists = new WeakMap<Db, Map<string, Entry>>();
/** Ids kept over all lists of a database; past it they start again empty. */
const MAX_IDS = 400_000;
/** Rows matched again at most before a list is read whole instead. */
const MAX_PATCH = 2_000;

/** The list for `where`: the caller reads it at once (a later write patches it in place). */
export function matchingIds(db: Db, table: string, where: Frag): number[] {
  openReadSnapshot(db); // checked against the state the request's next reads see
  let entries = lists.get(db);
  if (!entries) lists.set(db, (entries = new Map()));
  const key = `${table}\u0000${where.sql}\u0000${JSON.stringify(where.args)}`;
  const hit = entries.get(key);
  const patched = hit && patch(db, table, where, hit);
  if (patched) {
    noteDependencies(patched.deps); // a cached reply built from it depends on what it read
    return patched.ids;
  }
  entries.delete(key);
  const read = listQuery(table, where);
  const { value: ids, deps } = tracked(() => selectValues(db, read.sql, ...read.args).map((r) => Number(r[0])));
  if (readsClock(read.sql) || !stillValid(deps)) return ids;
  let held = ids.length;
  for (const e of entries.values()) held += e.ids.length;
  if (held > MAX_IDS) entries.clear();
  if (ids.length <= MAX_IDS) entries.set(key, { ids, deps });
  return ids;
}

const listQuery = (table: string, where: Frag): Frag => sql`SELECT t.id FROM ${raw(table)} t WHERE ${where} ORDER BY t.id`;

/** The entry made current by matching again the rows written since it was read; null when it cannot be. */
function patch(db: Db, table: string, where: Frag, entry: Entry): Entry | null {
  const since = writtenSince(entry.deps, table, listQuery(table, where).sql);
  if (!since) return null;
  if (since.rowids.length === 0) return entry;
  const written = [...new Set(since.rowids)];
  if (written.length > MAX_PATCH) return null;
  const again = sql`SELECT t.id FROM ${raw(table)} t WHERE t.id IN ${idSet(written)} AND (${where})`;
  const { value: matching, deps } = tracked(() => new Set(selectValues(db, again.sql, ...again.args).map((r) => Number(r[0]))));
  // The check itself must have read the state the list now stands for.
  if (!stillValid(deps) || !stillValid(since.deps)) return null;
  for (const id of written) {
    const at = lowerBound(entry.ids, id);
    const listed = entry.ids[at] === id;
    if (listed && !matching.has(id)) entry.ids.splice(at, 1);
    else if (!listed && matching.has(id)) entry.ids.splice(at, 0, id);
  }
  entry.deps = since.deps;
  return entry;
}

/** The first position in ascending `ids` holding `id` or more. */
function lowerBound(ids: number[], id: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (ids[mid]! < id) low = mid + 1;
    else high = mid;
  }
  return low;
}
