import { accessFilter } from '../auth/visibility';
import { cachedCount } from '../items/paging';
import type { Actor } from '../auth/actor';
import { errors } from '../core/errors';
import { nowString } from '../core/clock';
import type { Itemtype } from '../registry';
import { searchOptions, type SearchOption } from '../registry/searchoptions';
import { cachedRead, readsClock as sqlReadsClock, VersionedCache } from '../db/read-cache';
import { namings } from '../db/table-versions';
import type { Db } from '../db/connection';
import { hasRows, selectAll, selectValues, type Row } from '../db/rows';
import { outputValue } from '../items/values';
import type { Criterion, SearchParams } from './criteria';
import { Aliases, Frag, and, joinFrags, raw, sql, type Arg } from '../db/frag';
import { columnSql, resolveField, sortsNocase, Unsupported, valueExpression, type BuildContext, type Field } from './options';
import { countSql, narrowedWhere } from './combinations';
import { readPage, type Direction } from './page';
import { criteriaCondition, metaRows, namesRowOf, shownRowsFilter, type WhereContext } from './sql';

/** One result column: a search option of the searched type, or of a meta criterion's type. */
export interface Column {
  option: SearchOption;
  /** Set for meta columns. */
  meta: Itemtype | null;
}

export interface ResultRow {
  id: number;
  itemtype: string;
  /** Values in column order. */
  values: unknown[];
}

export interface SearchResult {
  total: number;
  rows: ResultRow[];
  sql: { count: string[]; search: string; params: Arg[] };
  reuse: Reuse;
}

/** How far a kept answer may be reused (search/answers.ts). */
export interface Reuse {
  /** Some of its SQL reads the clock (or its criteria compare dates): never kept. */
  clock: boolean;
  /** Set when a write to rows of the searched table that match neither before nor after it (so are not shown) leaves the answer as it is. */
  perRow: RowTest | null;
}

/**
 * A search of one table whose match test, sort keys and shown values each read the row itself
 * of that table (and other tables): `test` tells whether a row matches now; `matched` lists the
 * matching ids (ascending) as the answer was built.
 */
export interface RowTest {
  table: string;
  test: Frag;
  matched: number[];
}

/** Matches read into RowTest.matched at most, when the page does not hold them all. */
const MAX_KNOWN_MATCHES = 5_000;

const SEPARATOR = '\u001f';

/** Everything about one searched table: its WHERE and its sort expressions. */
interface Branch {
  base: Itemtype;
  where: Frag;
  /** The same WHERE for a walk of the sort's index (see plan.ts), built when a page needs it. */
  walkWhere: () => Frag;
  /** The WHERE without the criteria: trash, templates, rights and entities. */
  visibility: Frag;
  /** True when criteria restrict the rows besides visibility. */
  filtered: boolean;
  sortFields: (Field | null)[];
  /** The sort expressions on the row `alias`. */
  sorts: ((alias: string) => Frag)[];
}

function buildContext(ctx: Actor, type: Itemtype, base: Itemtype, aliases: Aliases): WhereContext {
  return { scope: ctx.scope, aliases, type, base, alias: 't', entities: ctx.services.directory.entities(), db: ctx.services.store.db };
}

type BranchWhere = Pick<Branch, 'where' | 'walkWhere' | 'visibility' | 'filtered'>;

/** Default restrictions (trash, templates), the session's visibility, then the criteria. */
function branchWhere(ctx: Actor, type: Itemtype, base: Itemtype, params: SearchParams, aliases: Aliases): BranchWhere {
  const wc = buildContext(ctx, type, base, aliases);
  const parts: Frag[] = [];
  // `+` keeps SQLite from choosing the trash index over the criteria's indexes (names, serials…):
  // sampled statistics make the nearly constant trash flag look selective.
  if (base.column.has('is_deleted')) parts.push(sql`+t.is_deleted = ${params.isDeleted && type === base ? 1 : 0}`);
  if (base.column.has('is_template')) parts.push(raw('+t.is_template = 0'));
  parts.push(accessFilter(ctx.scope, base, 'read', 't'));
  const criteria = criteriaCondition(params.criteria, wc);
  const visibility = and(parts);
  if (!criteria) return { where: visibility, walkWhere: () => visibility, visibility, filtered: false };
  // The walk tests each row it passes: the criteria are hidden from index choice (SQLite looks
  // through likely() and splits the ORs inside it, never into a CASE; the criteria are never
  // NULL, so the CASE keeps the same rows), and without the trigram pre-filters (the same rows,
  // without gathering every candidate first). Built once, when a page first needs it.
  let walk: Frag | undefined;
  const walkWhere = () => (walk ??= and([...parts, sql`CASE WHEN ${criteriaCondition(params.criteria, { ...wc, noFulltext: true }) ?? raw('1')} THEN 1 ELSE 0 END`]));
  return { where: and([...parts, criteria]), walkWhere, visibility, filtered: true };
}

/**
 * Built WHEREs per session scope (its rights, entities and groups are in the SQL), kept until the
 * next write: the pages and sorts of one search, and a list refreshed, ask for the same criteria
 * again. What else they read (a value's candidate rows, a link's row counts, the entity tree)
 * changes only with a write. Criteria on dates are built afresh: they may be relative to now.
 * One bound for all sessions (each entry is small: SQL text and its values).
 */
const builtWheres = new VersionedCache<BranchWhere>(8192);
const scopeIds = new WeakMap<Actor['scope'], number>();
let lastScopeId = 0;

function cachedBranchWhere(ctx: Actor, type: Itemtype, base: Itemtype, params: SearchParams): BranchWhere {
  if (readsClock(params.criteria, type, base)) return branchWhere(ctx, type, base, params, new Aliases());
  let scope = scopeIds.get(ctx.scope);
  if (scope === undefined) scopeIds.set(ctx.scope, (scope = ++lastScopeId));
  const key = `${scope}\u0000${type.name}\u0000${base.name}\u0000${params.isDeleted ? 1 : 0}\u0000${criteriaKey(params.criteria)}`;
  return builtWheres.get(ctx.services.store.db, key, () => branchWhere(ctx, type, base, params, new Aliases()));
}

/** The criteria as text: a meta criterion's itemtype by its name. */
const criteriaKey = (criteria: Criterion[]): string => JSON.stringify(criteria, (key, value: unknown) => (key === 'meta' ? ((value as Itemtype | null)?.name ?? null) : value));

/** Some criterion compares a date, whose value may be relative to the server's time. */
function readsClock(criteria: Criterion[], type: Itemtype, base: Itemtype): boolean {
  return criteria.some((c) => {
    if (c.kind === 'group') return readsClock(c.criteria, type, base);
    const field = c.meta ? tryField(c.meta, c.field, c.meta) : tryField(type, c.field, base);
    return field?.semantic === 'date' || field?.semantic === 'datetime';
  });
}

function tryField(type: Itemtype, id: number, base: Itemtype): Field | null {
  try {
    return resolveField(type, id, base);
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

function sortExpression(field: Field | null, ctx: BuildContext, alias: string): Frag {
  if (!field) return raw('NULL');
  const expr = valueExpression(field, alias, ctx);
  return sortsNocase(field) ? sql`${expr} COLLATE NOCASE` : expr;
}

/** The value of a meta column: the option of the meta type over every linked row. */
function metaExpression(ctx: Actor, base: Itemtype, column: Column, aliases: Aliases): Frag {
  const other = column.meta!;
  const field = resolveField(other, column.option.id);
  const bc = { scope: ctx.scope, aliases, alias: 't' };
  const { link, m, access } = metaRows(base, other, bc);
  const value = valueExpression(field, m, bc, true);
  const where = and([raw(`${link.inner} = ${link.outer}`), ...(link.outerExtra ? [link.outerExtra] : []), ...link.extra, access]);
  return sql`(SELECT GROUP_CONCAT(${value}, char(31)) FROM ${link.from} WHERE ${where})`;
}

function shape(field: Field | null, value: unknown, multi: boolean): unknown {
  if (field?.count) return Number(value ?? 0);
  if (field?.emptyList) return [];
  if (field?.sum) return outputValue(field.col, value);
  if (multi || (field?.multi && !field.oneRow)) {
    // GLPI 10.0.19 answers null for a column no linked row gives a value to.
    if (value === null || value === undefined || value === '') return null;
    const list = String(value).split(SEPARATOR);
    return list.length === 1 ? list[0] : list;
  }
  return field ? outputValue(field.col, value) : null;
}

/**
 * A single-valued option reached through links only (location, manufacturer, a model's type…):
 * LEFT JOINs on the linked rows' ids, shared by the columns that take the same path. SQLite then
 * reads each linked row once per result row, where a sub-query per value costs a statement step
 * of its own. A missing link gives NULL, as the sub-query would.
 */
function joinedValue(field: Field, joins: Map<string, string>): string | null {
  // A step reaching a ticket, problem or change is restricted to those the session may see: the sub-query path does that.
  if (field.hops.length === 0 || field.count || field.multi || !field.hops.every((h) => h.kind === 'fk') || field.hops.some((h) => h.target.kind === 'itil')) return null;
  let previous = 't';
  for (const hop of field.hops) {
    const on = `${previous}.${hop.column} ${hop.target.table}`;
    let alias = joins.get(on);
    if (!alias) joins.set(on, (alias = `j${joins.size}`));
    previous = alias;
  }
  return columnSql(field, previous);
}

/** The value query of one table and set of columns: the page's ids are its last parameter. */
interface ValueQuery {
  text: string;
  args: Arg[];
  fields: (Field | null)[];
}

/**
 * Value queries per session scope (whose rights the sub-queries hold), columns and day: the same
 * page of the same list asks again and again, and the SQL depends on nothing else but today's
 * date, which a computed value may hold (a tacitly renewed contract's expiration). Bounded per scope.
 */
const valueQueries = new WeakMap<Actor['scope'], Map<string, ValueQuery>>();
const MAX_VALUE_QUERIES = 256;

function valueQuery(ctx: Actor, type: Itemtype, base: Itemtype, columns: Column[], criteria: Criterion[]): ValueQuery {
  let byKey = valueQueries.get(ctx.scope);
  if (!byKey) valueQueries.set(ctx.scope, (byKey = new Map()));
  // Criteria on a shown option or its joined row may keep some of its rows only (shownRowsFilter): they are part of the query then.
  const searched = columns.some((col) => {
    const field = col.meta ? null : tryField(type, col.option.id, base);
    return field !== null && namesRowOf(criteria, field, type, base);
  });
  const key = `${nowString().slice(0, 10)}\u0000${type.name}\u0000${base.name}\u0000${columns.map((c) => `${c.meta?.name ?? ''}.${c.option.id}`).join()}\u0000${searched ? criteriaKey(criteria) : ''}`;
  let query = byKey.get(key);
  if (!query) {
    query = buildValueQuery(ctx, type, base, columns, searched ? criteria : []);
    if (byKey.size >= MAX_VALUE_QUERIES) byKey.clear();
    byKey.set(key, query);
  }
  return query;
}

function buildValueQuery(ctx: Actor, type: Itemtype, base: Itemtype, columns: Column[], criteria: Criterion[]): ValueQuery {
  const aliases = new Aliases();
  const bc: BuildContext = { scope: ctx.scope, aliases };
  const wc = buildContext(ctx, type, base, aliases);
  const fields = columns.map((c) => (c.meta ? null : tryField(type, c.option.id, base)));
  const joins = new Map<string, string>();
  const exprs = columns.map((c, i) => {
    if (c.meta) return metaExpression(ctx, base, c, aliases);
    const field = fields[i];
    if (!field) return raw('NULL');
    const rows = criteria.length ? shownRowsFilter(criteria, field, wc) : null;
    if (rows) return valueExpression(field, 't', bc, true, rows);
    const joined = joinedValue(field, joins);
    return joined === null ? valueExpression(field, 't', bc, true) : raw(joined);
  });
  const select = joinFrags(exprs.map((e, i) => sql`, ${e} AS c${raw(String(i))}`), '');
  const joined = [...joins].map(([on, alias]) => {
    const [column, table] = on.split(' ') as [string, string];
    return ` LEFT JOIN ${table} ${alias} ON ${alias}.id = ${column}`;
  });
  // The page's ids drive the read: one primary-key lookup each, in the order given.
  const text = `SELECT t.id AS id${select.sql} FROM json_each(?) p CROSS JOIN ${base.table} t ON t.id = p.value${joined.join('')}`;
  return { text, args: [...select.args], fields };
}

/**
 * Pages (their ids) and their values, kept until the next write: a list shown again (a console's
 * refresh, a client paging back, many sessions on one view) walks no index and reads no row. Each
 * is keyed by the SQL it is read with, whose WHERE and sub-queries hold the session's rights and
 * entities, so sessions that see the same rows share entries. Pages of more rows than
 * MAX_KEPT_PAGE are read afresh, which bounds the memory held.
 */
const keptPages = new VersionedCache<PageRead>(2048);
const keptValues = new VersionedCache<Map<number, unknown[]>>(2048);
const MAX_KEPT_PAGE = 200;

type PageRead = ReturnType<typeof readPage>;

const fragKey = (frag: Frag) => `${frag.sql}\u0000${JSON.stringify(frag.args)}`;

/** The same rows, through one dropdown's index instead of each candidate row, when the count table proves it. */
const narrowed = (db: Db, b: Branch): Frag => (b.filtered && narrowedWhere(db, b.base.table, b.where, b.visibility)) || b.where;

function keptPage(db: Db, b: Branch, params: SearchParams, start: number, limit: number, read: () => PageRead): PageRead {
  // rawdata shows how the engine reads this page now, not how it read it first.
  if (limit > MAX_KEPT_PAGE || params.rawdata) return read();
  const order = [...sortDirections(params), params.order[0] ?? 'ASC'].join();
  const key = [b.base.table, start, limit, order, fragKey(b.where), ...b.sorts.map((s) => fragKey(s('t')))].join('\u0000');
  return keptPages.get(db, key, read);
}

/** The page of a search over several tables (AllAssets), kept as keptPage keeps one table's. */
function keptUnion(db: Db, query: Frag, params: SearchParams, limit: number): Row[] {
  const read = () => selectAll(db, query.sql, ...query.args);
  return limit > MAX_KEPT_PAGE || params.rawdata ? read() : cachedRead(db, query.sql, query.args, read);
}

/** Values of the result columns for the page's rows of one table. */
function fetchValues(ctx: Actor, type: Itemtype, base: Itemtype, columns: Column[], ids: number[], criteria: Criterion[]): Map<number, unknown[]> {
  const { text, args, fields } = valueQuery(ctx, type, base, columns, criteria);
  const idList = JSON.stringify(ids);
  const read = () => {
    const out = new Map<number, unknown[]>();
    for (const row of selectValues(ctx.services.store.db, text, ...args, idList)) {
      const values: unknown[] = [];
      for (let i = 0; i < columns.length; i++) values.push(shape(fields[i] ?? null, row[i + 1], columns[i]!.meta !== null));
      out.set(Number(row[0]), values);
    }
    return out;
  };
  if (ids.length > MAX_KEPT_PAGE) return read();
  return keptValues.get(ctx.services.store.db, `${text}\u0000${JSON.stringify(args)}\u0000${idList}`, read);
}

function sortDirections(params: SearchParams): Direction[] {
  return params.sort.map((_, i) => params.order[i] ?? params.order[0] ?? 'ASC');
}

function orderBy(sorts: Frag[], params: SearchParams, tie: string[]): Frag {
  const directions = sortDirections(params);
  const parts = sorts.map((s, i) => sql`${s} ${raw(directions[i]!)}`);
  const direction = params.order[0] ?? 'ASC';
  for (const t of tie) parts.push(raw(`${t} ${direction}`));
  return new Frag(parts.map((p) => p.sql).join(', '), parts.flatMap((p) => p.args));
}

/**
 * Runs a search: COUNT per table (cached until the next write), then the page's ids in sort
 * order, then the displayed values of those ids only — so a page costs the same on a million
 * rows as on a hundred, apart from the count and the sort.
 */
export function runSearch(ctx: Actor, type: Itemtype, bases: Itemtype[], params: SearchParams, columns: Column[]): SearchResult {
  const aliases = new Aliases();
  const db = ctx.services.store.db;
  // An empty table matches nothing (AllAssets searches many, often mostly empty ones): no WHERE is
  // built for it when there are several, and it is never counted. Each table is asked once.
  const filled = bases.filter((base) => hasRows(db, base.table));
  const branches: Branch[] = (bases.length > 1 ? filled : bases).map((base) => {
    const { where, walkWhere, visibility, filtered } = cachedBranchWhere(ctx, type, base, params);
    const bc = { scope: ctx.scope, aliases };
    const sortFields = params.sort.map((id) => tryField(type, id, base));
    const sorts = sortFields.map((field) => (alias: string) => sortExpression(field, bc, alias));
    return { base, where, walkWhere, visibility, filtered, sortFields, sorts };
  });
  const countTexts: string[] = [];
  let total = 0;
  const live = branches.filter((b) => b.where.sql !== '0' && filled.includes(b.base));
  for (const b of live) {
    const text = countSql(b.base.table, b.where);
    countTexts.push(text);
    total += cachedCount(db, text, [...b.where.args]);
  }
  const { start, end } = params.range;
  if (start > total) throw errors.rangeExceedTotal(total);
  const limit = Math.min(end, total - 1) - start + 1;
  let query: Frag;
  let page: Row[];
  if (bases.length === 1 && bases[0] === type) {
    const b = branches[0]!;
    const read =
      limit > 0 && live.length
        ? keptPage(db, b, params, start, limit, () =>
            readPage({ db, base: b.base, where: narrowed(db, b), walkWhere: b.walkWhere, filtered: b.filtered, sortField: b.sortFields[0] ?? null, sorts: b.sorts, directions: sortDirections(params), tie: params.order[0] ?? 'ASC', total, start, limit }),
          )
        : null;
    query = read?.sql ?? raw('');
    page = read ? read.ids.map((id) => ({ id })) : [];
  } else {
    // Each table gives its own first start+limit rows in order (an index can serve that), the
    // union of those is sorted once more: no table is ever sorted as a whole.
    const union = live.map((b) => {
      const own = b.sorts.map((s) => s('t'));
      const sortCols = own.map((s, i) => sql`, ${s} AS s${raw(String(i))}`);
      const columns = new Frag(sortCols.map((s) => s.sql).join(''), sortCols.flatMap((s) => s.args));
      return sql`SELECT * FROM (SELECT t.id AS id, ${b.base.name} AS itemtype${columns} FROM ${raw(`${b.base.table} t`)} WHERE ${b.where} ORDER BY ${orderBy(own, params, ['t.id'])} LIMIT ${Math.max(start + limit, 0)})`;
    });
    const sortNames = params.sort.map((id, i) => {
      const field = bases.map((base) => tryField(type, id, base)).find((f) => f);
      return raw(sortsNocase(field ?? null) ? `s${i} COLLATE NOCASE` : `s${i}`);
    });
    query = live.length
      ? sql`SELECT id, itemtype FROM (${new Frag(union.map((u) => u.sql).join(' UNION ALL '), union.flatMap((u) => u.args))}) ORDER BY ${orderBy(sortNames, params, ['itemtype', 'id'])} LIMIT ${Math.max(limit, 0)} OFFSET ${start}`
      : raw('SELECT 0 AS id, NULL AS itemtype WHERE 0');
    page = limit > 0 && live.length ? keptUnion(db, query, params, limit) : [];
  }
  const rows: ResultRow[] = page.map((r) => ({ id: Number(r.id), itemtype: String(r.itemtype ?? bases[0]!.name), values: [] }));
  const valueTexts: string[] = [];
  for (const base of bases) {
    const ids = rows.filter((r) => r.itemtype === base.name).map((r) => r.id);
    if (ids.length === 0) continue;
    valueTexts.push(valueQuery(ctx, type, base, columns, params.criteria).text);
    const values = fetchValues(ctx, type, base, columns, ids, params.criteria);
    for (const row of rows) if (row.itemtype === base.name) row.values = values.get(row.id) ?? columns.map(() => null);
  }
  const clock = bases.some((base) => readsClock(params.criteria, type, base)) || [query.sql, ...valueTexts].some(sqlReadsClock) || live.some((b) => sqlReadsClock(b.where.sql) || b.sorts.some((s) => sqlReadsClock(s('t').sql)));
  const single = !clock && bases.length === 1 && bases[0] === type && live.length === 1 ? live[0]! : null;
  const reuse = { clock, perRow: single && rowTest(ctx, single, columns, params, total, start === 0 && rows.length === total ? rows.map((r) => r.id) : null) };
  return { total, rows, sql: { count: countTexts, search: query.sql, params: [...query.args] }, reuse };
}

/**
 * The per-row test of a single-table answer, when its match test and sort keys never name the
 * table (they read the row `t` itself) and its value query names it once (the shown rows);
 * `pageIds`: the matches when the page holds them all.
 */
function rowTest(ctx: Actor, b: Branch, columns: Column[], params: SearchParams, total: number, pageIds: number[] | null): RowTest | null {
  const { table } = b.base;
  const test = b.walkWhere();
  const { text } = valueQuery(ctx, b.base, b.base, columns, params.criteria);
  if (namings(text, table) !== 1 || [test, b.where, ...b.sorts.map((s) => s('t'))].some((f) => namings(f.sql, table) !== 0)) return null;
  if (!pageIds && total > MAX_KNOWN_MATCHES) return null;
  const all = sql`SELECT t.id FROM ${raw(`${table} t`)} WHERE ${b.where}`;
  const matched = pageIds ? [...pageIds] : selectValues(ctx.services.store.db, all.sql, ...all.args).map((r) => Number(r[0]));
  return { table, test, matched: matched.sort((x, y) => x - y) };
}

/** Meta columns: one per distinct (itemtype, option) of the meta criteria, in criteria order. */
export function metaColumns(criteria: Criterion[]): Column[] {
  const out: Column[] = [];
  const walk = (list: Criterion[]) => {
    for (const c of list) {
      if (c.kind === 'group') walk(c.criteria);
      else if (c.meta && !out.some((o) => o.meta === c.meta && o.option.id === c.field)) {
        out.push({ option: searchOptions(c.meta).byId.get(c.field)!, meta: c.meta });
      }
    }
  };
  walk(criteria);
  return out;
}
