import type { Db } from '../db/connection';
import { cachedCount } from '../items/paging';
import { cachedRead, VersionedCache } from '../db/read-cache';
import { matchingIds } from '../db/id-lists';
import { leadingIndex } from '../db/indexes';
import { selectAll, selectOne, selectValues } from '../db/rows';
import { tableRows } from '../db/statistics';
import { Frag, and, idSet, raw, sql } from '../db/frag';
import { sortsOnOwnIndex, walkSortIndex } from './plan';
import { sortsNocase, type Field } from './options';
import type { Itemtype } from '../registry';

/**
 * The ids of one page of a single-table search or of an item list (api/items/list.ts), in sort
 * order: the one paging engine of the API. The answer is always the page of
 * `SELECT id … ORDER BY sorts, id LIMIT … OFFSET …`; what changes is how SQLite is asked:
 * - a page nearer the end is read backwards (every direction flipped, the rows reversed), so
 *   OFFSET never walks more than half the matches;
 * - in id order without criteria, the table is walked in id order (NOT INDEXED) when that reads
 *   fewer rows than sorting every match: the trash index lists ids by entity;
 * - in id order deeper than LISTED_FROM from both ends, the page is a slice of the matching ids,
 *   kept and patched by the writes to the table (db/id-lists.ts);
 * - deep in an own indexed column's order, the index is walked without the id tie-break (which
 *   costs a sort per value), to the sort key at the page's start; the page is then read from
 *   that key on;
 * - a page on an own indexed column is read from the nearest position earlier pages found a
 *   key's first row at (kept until the next write), rather than from the order's first row;
 * - a sort key shared by many rows (a bulk add's `date_mod`) is read whole once, in id order, and
 *   kept until the next write with its place in the order: a page inside it is then a slice;
 * - few matches sorted on an own indexed column: the sort's index is walked keeping the matching
 *   ids, instead of reading every match's row for its sort value;
 * - sorted on a dropdown reached through the row's own link column (location, manufacturer…),
 *   the few link values are read from the link's index, ranked by the dropdown's sort value, and
 *   the rows of each rank are read in id order until the page is full.
 */
export interface PageQuery {
  db: Db;
  base: Itemtype;
  /** The WHERE, and the same for a walk of the sort's index (see plan.ts), built on demand. */
  where: Frag;
  walkWhere: () => Frag;
  /** True when the WHERE holds criteria besides visibility (trash, templates, entities). */
  filtered: boolean;
  sortField: Field | null;
  /** `expr(alias)`: the sort expressions, on the row `alias`. */
  sorts: ((alias: string) => Frag)[];
  directions: Direction[];
  /** Direction of the id tie-break (the first sort's, or the requested order without a sort). */
  tie: Direction;
  total: number;
  start: number;
  limit: number;
}

export type Direction = 'ASC' | 'DESC';

const flip = (d: Direction): Direction => (d === 'ASC' ? 'DESC' : 'ASC');

export function readPage(q: PageQuery): { ids: number[]; sql: Frag } {
  const tail = q.total - q.start - q.limit;
  const backwards = tail < q.start;
  const start = backwards ? tail : q.start;
  const directions = backwards ? [...q.directions, q.tie].map(flip) : [...q.directions, q.tie];
  const seen: KeyAtStart = { read: false };
  const page = ranked(q, start, directions) ?? inRun(q, start, directions) ?? keyWindow(q, start, directions, seen) ?? seek(q, start, directions, seen) ?? throughIds(q, start, directions) ?? listed(q, start, directions) ?? plain(q, start, directions);
  if (backwards) page.ids.reverse();
  return page;
}

/** The sort key of the match at the page's start, once a walk of the sort's index has read it (undefined: no such match). */
interface KeyAtStart {
  read: boolean;
  key?: unknown;
}

const table = (q: PageQuery, hint = '') => raw(`${q.base.table} t${hint}`);
const ids = (rows: Record<string, unknown>[]) => rows.map((r) => Number(r.id));

/** `directions`: one per sort, then the id tie-break's. */
function orderBy(q: PageQuery, directions: Direction[]): Frag {
  const parts = q.sorts.map((s, i) => sql`${s('t')} ${raw(directions[i]!)}`);
  parts.push(raw(`t.id ${directions[q.sorts.length]!}`));
  return new Frag(parts.map((p) => p.sql).join(', '), parts.flatMap((p) => p.args));
}

function walks(q: PageQuery, start: number): boolean {
  return q.sorts.length > 0 && walkSortIndex(q.db, q.base, q.sortField, q.total, start, q.limit);
}

/**
 * In id order without criteria, the trash index lists ids by entity, so SQLite sorts every match
 * for each page; walking the table in id order instead reads about (rows passed) × rows ÷ matches
 * rows, taken when that is less than the matches.
 */
function walksIds(q: PageQuery, start: number): boolean {
  if (q.sorts.length > 0 || q.filtered || q.total === 0) return false;
  const rows = tableRows(q.db, q.base.table);
  return rows !== null && (start + q.limit) * rows < q.total * q.total;
}

/** From this far in, a page in id order is a slice of the matching ids (db/id-lists.ts)… */
const LISTED_FROM = 200;
/** …for at most this many matches (the list is read whole once, then patched by writes). */
const MAX_LISTED = 100_000;

/** In id order, deep in the matches: the page from the kept list of matching ids, which writes patch instead of dropping. */
function listed(q: PageQuery, start: number, directions: Direction[]): { ids: number[]; sql: Frag } | null {
  if (q.sorts.length > 0 || start < LISTED_FROM || q.total > MAX_LISTED) return null;
  const all = matchingIds(q.db, q.base.table, q.where);
  return { ids: idSlice(all, directions[0]!, start, q.limit), sql: sql`SELECT t.id AS id FROM ${table(q)} WHERE ${q.where} ORDER BY t.id` };
}

function plain(q: PageQuery, start: number, directions: Direction[]): { ids: number[]; sql: Frag } {
  if (walksIds(q, start)) {
    const walk = sql`SELECT t.id AS id FROM ${table(q, ' NOT INDEXED')} WHERE ${q.where} ORDER BY ${orderBy(q, directions)} LIMIT ${q.limit} OFFSET ${start}`;
    return { ids: ids(selectAll(q.db, walk.sql, ...walk.args)), sql: walk };
  }
  const query = sql`SELECT t.id AS id FROM ${table(q)} WHERE ${walks(q, start) ? q.walkWhere() : q.where} ORDER BY ${orderBy(q, directions)} LIMIT ${q.limit} OFFSET ${start}`;
  return { ids: ids(selectAll(q.db, query.sql, ...query.args)), sql: query };
}

/** SQLite's equality of two sort keys: NOCASE folds ASCII letters only; null when unsure (blobs). */
function keyEquality(nocase: boolean): (a: unknown, b: unknown) => boolean | null {
  const plain = (v: unknown) => v === null || typeof v === 'number' || typeof v === 'string';
  return (a, b) => {
    if (!plain(a) || !plain(b)) return null;
    if (a === b) return true;
    return nocase && typeof a === 'string' && typeof b === 'string' && sameNocase(a, b);
  };
}

/** `a = b COLLATE NOCASE`: equal once ASCII capitals are lowered (other letters as they are). */
function sameNocase(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x >= 65 && x <= 90) x += 32;
    if (y >= 65 && y <= 90) y += 32;
    if (x !== y) return false;
  }
  return true;
}

/**
 * On an own indexed column, the page straight from the sort's index in key order, without the id
 * tie-break (which costs SQLite a sort per key value). A row more on each side shows whether the
 * page starts and ends between two keys: then it holds exactly the page's rows, and rows sharing
 * a key are put in id order here. A key running across either edge: null (seek handles it).
 */
function keyWindow(q: PageQuery, start: number, directions: Direction[], seen: KeyAtStart): { ids: number[]; sql: Frag } | null {
  if (q.sorts.length !== 1 || !sortsOnOwnIndex(q.base, q.sortField) || (q.filtered && !walks(q, start))) return null;
  const key = q.sorts[0]!('t');
  const dir = directions[0]!;
  const where = q.walkWhere();
  const same = keyEquality(sortsNocase(q.sortField));
  const known = anchors(q, where, dir);
  const { from, query, rows } = anchoredRows(q, known, start, where, key, dir) ?? unanchoredRows(q, start, where, key, dir);
  // The same ORDER BY as seek's (the key alone) and the same WHERE: its key at `start` is this one.
  seen.read = true;
  seen.key = rows[start - from]?.[1];
  known.record(from, rows, same);
  const page = rows.slice(start - from, start - from + q.limit);
  // An anchored read starting at `start` starts at a key's first row.
  const before = start > from ? rows[start - from - 1] : undefined;
  const after = rows[start - from + q.limit];
  if (before && (page.length === 0 || same(before[1], page[0]![1]) !== false)) return null;
  if (after && same(page[page.length - 1]![1], after[1]) !== false) return null;
  const ids: number[] = [];
  const up = directions[1] === 'ASC' ? 1 : -1;
  for (let i = 0; i < page.length; ) {
    let end = i + 1;
    while (end < page.length) {
      const equal = same(page[i]![1], page[end]![1]);
      if (equal === null) return null;
      if (!equal) break;
      end++;
    }
    ids.push(...page.slice(i, end).map((r) => Number(r[0])).sort((a, b) => (a - b) * up));
    i = end;
  }
  return { ids, sql: query };
}

type KeyRows = { from: number; query: Frag; rows: unknown[][] };

/** The rows from just before `start` to one past the page, with their keys, read from the first row. */
function unanchoredRows(q: PageQuery, start: number, where: Frag, key: Frag, dir: Direction): KeyRows {
  const from = start > 0 ? start - 1 : 0;
  const query = sql`SELECT t.id AS id, ${key} AS k FROM ${table(q)} WHERE ${where} ORDER BY ${key} ${raw(dir)} LIMIT ${q.limit + 1 + start - from} OFFSET ${from}`;
  return { from, query, rows: selectValues(q.db, ...args(query)) };
}

/** The same rows from the nearest known key's first row at or before `start`, found in the index by its key. */
function anchoredRows(q: PageQuery, known: Anchors, start: number, where: Frag, key: Frag, dir: Direction): KeyRows | null {
  const anchor = known.atOrBefore(start);
  if (!anchor) return null;
  // Only the rows from just before the page on are returned, as unanchoredRows does.
  const skip = Math.max(0, start - anchor.position - 1);
  const from = anchor.position + skip;
  const wanted = start - from + q.limit + 1;
  const query = sql`SELECT t.id AS id, ${key} AS k FROM ${table(q)} WHERE ${and([where, sql`${key} ${raw(dir === 'ASC' ? '>=' : '<=')} ${anchor.key}`])} ORDER BY ${key} ${raw(dir)} LIMIT ${wanted} OFFSET ${skip}`;
  const rows = selectValues(q.db, ...args(query));
  // Descending, NULL keys come last and the key's range leaves them out: short of the matches' end, read plainly.
  if (rows.length < wanted && from + rows.length < q.total) return null;
  return { from, query, rows };
}

/** Known positions in one sort's order (per WHERE and direction) where a key's first row stands; kept until the next write. */
class Anchors {
  private readonly positions: number[] = [];
  private readonly keys: (string | number)[] = [];

  atOrBefore(start: number): { position: number; key: string | number } | null {
    let low = 0;
    let high = this.positions.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.positions[mid]! <= start) low = mid + 1;
      else high = mid;
    }
    if (low === 0) return null;
    return { position: this.positions[low - 1]!, key: this.keys[low - 1]! };
  }

  /**
   * Rows read from position `from` in order: where a key differs from the previous row's, its first
   * row stands there. Recorded from the end of the read back, where the next pages start.
   */
  record(from: number, rows: unknown[][], same: (a: unknown, b: unknown) => boolean | null): void {
    let last = Infinity;
    let added = 0;
    for (let i = rows.length - 1; i >= 1 && added < ANCHORS_PER_READ && this.positions.length < MAX_ANCHORS; i--) {
      const k = rows[i]![1];
      if (last - (from + i) < ANCHOR_STEP || (typeof k !== 'string' && typeof k !== 'number') || same(rows[i - 1]![1], k) !== false) continue;
      last = from + i;
      if (this.insert(last, k)) added++;
    }
  }

  private insert(position: number, key: string | number): boolean {
    let low = 0;
    let high = this.positions.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.positions[mid]! < position) low = mid + 1;
      else high = mid;
    }
    if (this.positions[low] === position) return false;
    this.positions.splice(low, 0, position);
    this.keys.splice(low, 0, key);
    return true;
  }
}

/** Anchors at least this far apart (a page reads at most this many rows more), some per read, at most MAX_ANCHORS per sort. */
const ANCHOR_STEP = 16;
const ANCHORS_PER_READ = 64;
const MAX_ANCHORS = 4_096;
const anchorsBySort = new VersionedCache<Anchors>(64);

const anchors = (q: PageQuery, where: Frag, dir: Direction): Anchors => anchorsBySort.get(q.db, sortKey(q, where, dir), () => new Anchors());

/** One sort's order under one WHERE, as a cache key. */
function sortKey(q: PageQuery, where: Frag, dir: Direction): string {
  const key = q.sorts[0]!('t');
  return `${q.base.table}\u0000${where.sql}\u0000${key.sql}\u0000${dir}\u0000${JSON.stringify([...where.args, ...key.args])}`;
}

/** Deep in an own column's index: find the key at `start`, count what sorts before it, read on from it. */
function seek(q: PageQuery, start: number, directions: Direction[], seen: KeyAtStart): { ids: number[]; sql: Frag } | null {
  // Without criteria every row is a match: walking the sort's index is then always the way.
  if (q.sorts.length !== 1 || (q.filtered && !walks(q, start))) return null;
  if (!sortsOnOwnIndex(q.base, q.sortField)) return null;
  const dir = directions[0]!;
  const key = q.sorts[0]!('t');
  const where = q.walkWhere();
  const k = seen.read ? seen.key : selectOne(q.db, ...args(sql`SELECT ${key} AS k FROM ${table(q)} WHERE ${where} ORDER BY ${key} ${raw(dir)} LIMIT 1 OFFSET ${start}`))?.k;
  // NULLs sort first ascending and last descending: a page starting among them is read plainly.
  if (k === null || k === undefined || (typeof k !== 'string' && typeof k !== 'number')) return null;
  const count = (cond: Frag) => cachedCount(q.db, ...countArgs(sql`SELECT COUNT(*) AS n FROM ${table(q)} WHERE ${and([where, cond])}`));
  const before = count(sql`${key} ${raw(dir === 'ASC' ? '<' : '>')} ${k}`) + (dir === 'ASC' ? count(sql`${key} IS NULL`) : 0);
  const isKey = sql`${key} = ${k}`;
  const tie = runRows(q, directions, where, isKey, before, start - before) ?? tiedRows(q, where, isKey, start - before, directions[1]!);
  // The rest of the page (all of it without a large tie) from the key on, or just after it.
  const from = tie ? (dir === 'ASC' ? '>' : '<') : dir === 'ASC' ? '>=' : '<=';
  const query = sql`SELECT t.id AS id FROM ${table(q)} WHERE ${and([where, sql`${key} ${raw(from)} ${k}`])} ORDER BY ${orderBy(q, directions)} LIMIT ${q.limit - (tie?.length ?? 0)} OFFSET ${tie ? 0 : start - before}`;
  const page = tie ?? [];
  if (page.length < q.limit) page.push(...ids(selectAll(q.db, ...args(query))));
  if (dir === 'DESC' && page.length < q.limit) {
    const nulls = sql`SELECT t.id AS id FROM ${table(q)} WHERE ${and([where, sql`${key} IS NULL`])} ORDER BY t.id DESC LIMIT ${q.limit - page.length}`;
    page.push(...ids(selectAll(q.db, ...args(nulls))));
  }
  return { ids: page, sql: query };
}

/** The rows of one sort key under a WHERE, in id order, and the position of the first of them in the sort's order. */
interface Run {
  first: number;
  ids: number[];
  sql: Frag;
}

/** Runs read per table, WHERE, sort and direction, kept until the next write; bounded in entries and ids. */
const runsBySort = new VersionedCache<Run[]>(64);
const MAX_RUN_IDS = 40_000;

/** Only a seek's page (see seek) reads or records runs: the same WHERE, and a key at the page's start. */
const runs = (q: PageQuery, where: Frag, dir: Direction): Run[] => runsBySort.get(q.db, sortKey(q, where, dir), () => []);

/** A page from `start` to `start + limit` that lies inside a kept run; its ids in the run's place. */
function inRun(q: PageQuery, start: number, directions: Direction[]): { ids: number[]; sql: Frag } | null {
  if (q.sorts.length !== 1 || !sortsOnOwnIndex(q.base, q.sortField) || (q.filtered && !walks(q, start))) return null;
  const dir = directions[0]!;
  const run = runs(q, q.walkWhere(), dir).find((r) => r.first <= start && start + q.limit <= r.first + r.ids.length);
  return run ? { ids: idSlice(run.ids, directions[1]!, start - run.first, q.limit), sql: run.sql } : null;
}

/** `limit` of the ascending `ids` from `offset` when read in `direction`. */
function idSlice(ids: number[], direction: Direction, offset: number, limit: number): number[] {
  if (direction === 'ASC') return ids.slice(offset, offset + limit);
  const end = ids.length - offset;
  return ids.slice(Math.max(0, end - limit), end).reverse();
}

/**
 * The tie's rows of the page when the tie fills a page or more (and is below SMALL_RANK): the whole
 * tie is read once in id order, at `first` in the sort's order, and kept for the next pages.
 */
function runRows(q: PageQuery, directions: Direction[], where: Frag, isKey: Frag, first: number, offset: number): number[] | null {
  const inTie = and([where, isKey]);
  const size = tieSize(q, inTie);
  if (size < q.limit || size >= SMALL_RANK) return null;
  const kept = runs(q, where, directions[0]!);
  let run = kept.find((r) => r.first === first);
  if (!run) {
    // `+t.id`: the key's index finds the tie, which is then sorted, instead of a walk of every row in id order.
    const query = sql`SELECT t.id AS id FROM ${table(q)} WHERE ${inTie} ORDER BY +t.id`;
    run = { first, ids: ids(selectAll(q.db, ...args(query))), sql: query };
    if (kept.reduce((n, r) => n + r.ids.length, run.ids.length) <= MAX_RUN_IDS) kept.push(run);
  }
  return idSlice(run.ids, directions[1]!, offset, q.limit);
}

/** The rows of a tie, exact below SMALL_RANK; kept until the next write. */
const tieSize = (q: PageQuery, inTie: Frag): number => cachedCount(q.db, ...countArgs(sql`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${table(q)} WHERE ${inTie} LIMIT ${SMALL_RANK})`));

/**
 * Many rows share the page's first sort key (a bulk add's `date_mod`): the key's index lists them
 * by the visibility columns, then id, so SQLite would sort the whole tie by id for every page.
 * Walking the table in id order reads about (offset + limit) × rows ÷ tie rows instead; taken
 * when that is less than the tie. Answers the tie's rows of the page, from `offset` in it.
 */
function tiedRows(q: PageQuery, where: Frag, isKey: Frag, offset: number, idDirection: Direction): number[] | null {
  const inTie = and([where, isKey]);
  const size = tieSize(q, inTie);
  if ((offset + q.limit) * rowCount(q) >= size * size) return null;
  return ids(selectAll(q.db, ...args(sql`SELECT t.id AS id FROM ${table(q, ' NOT INDEXED')} WHERE ${inTie} ORDER BY t.id ${raw(idDirection)} LIMIT ${q.limit} OFFSET ${offset}`)));
}

/** Index entries a walk through the matching ids may read (no row is read for them)… */
const ID_WALK_MAX = 200_000;
/** …and per match: reading a match's row costs about as much as this many index entries. */
const ENTRIES_PER_ROW = 4;

/**
 * Few matches, sorted on an own indexed column: SQLite would read every match's row for its sort
 * value, then sort. The matching ids are often known from an index alone (a location's rows);
 * the sort's index is then walked in order keeping the entries whose id is among them, which
 * reads about (start + limit) × rows ÷ matches index entries and no rows.
 */
function throughIds(q: PageQuery, start: number, directions: Direction[]): { ids: number[]; sql: Frag } | null {
  if (!q.filtered || q.sorts.length !== 1 || !sortsOnOwnIndex(q.base, q.sortField) || walks(q, start)) return null;
  const rows = rowCount(q);
  if (q.total === 0 || ((start + q.limit) * rows) / q.total > Math.min(ID_WALK_MAX, q.total * ENTRIES_PER_ROW)) return null;
  // The inner `t` is the sub-query's own row: the WHERE reads as it does everywhere else.
  const query = sql`SELECT t.id AS id FROM ${table(q)} WHERE +t.id IN (SELECT t.id FROM ${table(q)} WHERE ${q.where}) ORDER BY ${orderBy(q, directions)} LIMIT ${q.limit} OFFSET ${start}`;
  return { ids: ids(selectAll(q.db, ...args(query))), sql: query };
}

/** The table's rows; before the first statistics, the highest id bounds them (one index seek). */
const rowCount = (q: PageQuery): number => tableRows(q.db, q.base.table) ?? Number(selectOne(q.db, `SELECT MAX(id) AS n FROM ${q.base.table}`)?.n ?? 0);

/** The ids of ranks below SMALL_RANK rows, in id order, per rank and WHERE; kept until the next write. */
const rankIds = new VersionedCache<number[]>(128);

/** Link values a ranked walk handles at most (beyond that, SQLite's own sort is as good). */
const MAX_LINK_VALUES = 200;
/** A rank with fewer matching rows is read whole through the link's index and kept; a larger one
 * is walked in id order. */
const SMALL_RANK = 20_000;

/** The link column of a sort on a dropdown reached through the row's own, non-null link. */
function rankedLink(q: PageQuery): { column: string; index: string } | null {
  const f = q.sortField;
  if (q.filtered || q.sorts.length !== 1 || !f || f.multi || f.count || f.computed) return null;
  const first = f.hops[0];
  if (!first || first.kind !== 'fk' || first.nullable || !f.hops.every((h) => h.kind === 'fk')) return null;
  const index = leadingIndex(q.base.table, first.column);
  return index ? { column: first.column, index } : null;
}

/** Distinct values of an indexed column, one index seek each (none past `max`). */
function distinctValues(db: Db, tableName: string, column: string, max: number): number[] | null {
  const text = `WITH RECURSIVE v(x, n) AS (SELECT (SELECT MIN(${column}) FROM ${tableName}), 1 UNION ALL SELECT (SELECT MIN(${column}) FROM ${tableName} WHERE ${column} > v.x), n + 1 FROM v WHERE v.x IS NOT NULL AND n <= ?) SELECT x FROM v WHERE x IS NOT NULL`;
  // Kept until the next write: every page of the sort asks.
  const rows = cachedRead(db, text, [max], () => selectAll(db, text, max).map((r) => Number(r.x)));
  return rows.length > max ? null : rows;
}

/** Sorted on a dropdown: ranks of link values by the dropdown's sort value, then rows per rank by id. */
function ranked(q: PageQuery, start: number, directions: Direction[]): { ids: number[]; sql: Frag } | null {
  const link = rankedLink(q);
  if (!link) return null;
  const values = distinctValues(q.db, q.base.table, link.column, MAX_LINK_VALUES);
  if (!values) return null;
  const dir = directions[0]!;
  // The sort expression itself, on a stand-in row per link value: ranks follow SQLite's own
  // comparison (collation, NULLs), so equal dropdown values share a rank and interleave by id.
  const rankSql = sql`SELECT g.${raw(link.column)} AS v, DENSE_RANK() OVER (ORDER BY ${q.sorts[0]!('g')} ${raw(dir)}) AS r FROM (SELECT value AS ${raw(link.column)} FROM json_each(${JSON.stringify(values)})) g ORDER BY r`;
  // The ranks change only with the dropdown or the link values: kept until the next write.
  const groups = cachedRead(q.db, rankSql.sql, rankSql.args, () => {
    const out: number[][] = [];
    for (const row of selectAll(q.db, ...args(rankSql))) (out[Number(row.r) - 1] ??= []).push(Number(row.v));
    return out;
  });
  const page: number[] = [];
  let skip = start;
  let last: Frag = raw('');
  const viaIndex = table(q, ` INDEXED BY ${link.index}`);
  const inRank = (group: number[]) => and([q.where, sql`t.${raw(link.column)} IN ${idSet(group)}`]);
  // The ranks' sizes under this WHERE (exact below SMALL_RANK), counted as pages reach them and
  // kept until the next write: the pages of one sort share them. Keyed by the rank's whole set of
  // link values, since another sort through the same link groups the values otherwise.
  const sizes = cachedRead(q.db, `rank sizes: ${q.base.table}.${link.column} WHERE ${q.where.sql}`, q.where.args, () => new Map<string, number>());
  for (const group of groups) {
    if (page.length >= q.limit) break;
    const key = group.join();
    let size = sizes.get(key);
    if (size === undefined) {
      size = Number(selectOne(q.db, ...args(sql`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${viaIndex} WHERE ${inRank(group)} LIMIT ${SMALL_RANK})`))?.n);
      sizes.set(key, size);
    }
    if (size < SMALL_RANK && skip >= size) {
      skip -= size;
      continue;
    }
    const inGroup = inRank(group);
    if (size < SMALL_RANK) {
      // Through the link's index, the whole rank is read once, sorted by id and kept until the next write.
      last = sql`SELECT t.id AS id FROM ${viaIndex} WHERE ${inGroup} ORDER BY +t.id`;
      const query = last;
      const all = rankIds.get(q.db, `${query.sql}\u0000${JSON.stringify(query.args)}`, () => ids(selectAll(q.db, ...args(query))));
      page.push(...idSlice(all, dir, skip, q.limit - page.length));
      skip = 0;
      continue;
    }
    // A large rank: the table is walked in id order, where about one row in (rows ÷ rank size) is a match.
    last = sql`SELECT t.id AS id FROM ${table(q, ' NOT INDEXED')} WHERE ${inGroup} ORDER BY t.id ${raw(dir)} LIMIT ${q.limit - page.length} OFFSET ${skip}`;
    const rows = ids(selectAll(q.db, ...args(last)));
    // A large rank that ends before `skip`: only now is its exact size worth counting.
    if (rows.length === 0 && skip > 0) skip -= Number(selectOne(q.db, ...args(sql`SELECT COUNT(*) AS n FROM ${viaIndex} WHERE ${inGroup}`))?.n);
    else skip = 0;
    page.push(...rows);
  }
  return { ids: page, sql: last };
}

const args = (f: Frag): [string, ...(string | number)[]] => [f.sql, ...f.args];
const countArgs = (f: Frag): [string, readonly (string | number)[]] => [f.sql, f.args];
