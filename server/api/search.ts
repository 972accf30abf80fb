import { classCan } from '../auth/rights';
import { sessionLocale, type SessionDates, type SessionLocale } from '../auth/session-locale';
import { currentDataZone, nowString } from '../core/clock';
import type { Reply, SessionContext } from './context';
import { errors } from '../core/errors';
import { allAssetTypes, itemtype, itemtypeOrThrow, type Itemtype } from '../registry';
import { searchOptions } from '../registry/searchoptions';
import { pageHeaders } from './paging';
import { unknownResource } from './unknown-resource';
import { displayColumns } from '../search/columns';
import type { Criterion, SearchParams } from '../search/criteria';
import { parseSearchParams } from './search-params';
import { paramsKey } from '../core/params';
import { metaColumns, runSearch, type Column, type ResultRow, type SearchResult } from '../search/engine';
import { array, columnKeys, jsonOf, object, rowsJson, type Json } from '../search/output';
import { KeptAnswers, type Built } from '../search/answers';

let allAssets: Itemtype | null = null;
/** The virtual AllAssets type: its own search options, the asset types' tables. */
function allAssetsType(): Itemtype {
  allAssets ??= { ...itemtypeOrThrow('Computer'), name: 'AllAssets' };
  return allAssets;
}

function rawdata(type: Itemtype, params: SearchParams, columns: Column[], result: SearchResult, contentRange: string): Json {
  const toview = columns.filter((c) => !c.meta).map((c) => c.option.id);
  return object([
    ['itemtype', jsonOf(type.name)],
    ['search', jsonOf({ criteria: params.criteria.map(describe), sort: params.sort, order: params.order, start: params.range.start, is_deleted: params.isDeleted ? 1 : 0 })],
    ['toview', jsonOf(toview)],
    ['meta_toview', jsonOf(columns.filter((c) => c.meta).map((c) => ({ itemtype: c.meta!.name, id: c.option.id })))],
    ['tocompute', jsonOf(columns.map((c) => c.option.id))],
    ['searchopt', jsonOf(columns.map((c) => ({ id: c.option.id, uid: c.option.uid, name: c.option.name, table: c.option.table, field: c.option.field, datatype: c.option.datatype })))],
    ['sql', jsonOf({ search: result.sql.search, count: result.sql.count, params: result.sql.params })],
    ['data', jsonOf({ totalcount: result.total, count: result.rows.length, content_range: contentRange })],
    ['display_type', jsonOf('api')],
  ]);
}

function describe(c: SearchParams['criteria'][number]): unknown {
  const link = c.link + (c.not ? ' NOT' : '');
  if (c.kind === 'group') return { link, criteria: c.criteria.map(describe) };
  return { link, field: c.field, searchtype: c.searchtype, value: c.value, ...(c.meta ? { meta: true, itemtype: c.meta.name } : {}) };
}

/** Datatypes of options on dates: their values hold a time when the column is a datetime. */
const DATE_TYPES = new Set(['datetime', 'date', 'date_delay']);
/** A criterion value with a time of day: a day alone is compared as the day it names. */
const WITH_TIME = /^\s*\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/;

/** Criteria with the full datetimes the session typed moved to the data zone (a day alone or a relative date are compared as they are). */
function criteriaInDataZone(criteria: Criterion[], type: Itemtype, dates: SessionDates): Criterion[] {
  return criteria.map((c) => {
    if (c.kind === 'group') return { ...c, criteria: criteriaInDataZone(c.criteria, type, dates) };
    const option = searchOptions(c.meta ?? type).byId.get(c.field);
    return option && DATE_TYPES.has(option.datatype) && WITH_TIME.test(c.value) ? { ...c, value: dates.store(c.value) } : c;
  });
}

/** Result rows with the date columns' datetimes in the session's zone. */
function rowsInSessionZone(rows: ResultRow[], columns: Column[], dates: SessionDates): ResultRow[] {
  const at = columns.flatMap((c, i) => (DATE_TYPES.has(c.option.datatype) ? [i] : []));
  if (at.length === 0) return rows;
  const show = (value: unknown): unknown => (typeof value === 'string' ? dates.show(value) : Array.isArray(value) ? value.map(show) : value);
  return rows.map((row) => {
    const values = [...row.values];
    for (const i of at) values[i] = show(values[i]);
    return { ...row, values };
  });
}

/**
 * Answers kept while exact (search/answers.ts). Keyed by the session's scope (replaced, never
 * changed, when its rights or entities change), the parameters, the session's zone and language,
 * and the day (a shown value may be computed from today's date).
 */
const answers = new KeptAnswers<Reply>(2048, 32 * 1024 * 1024);
const scopeIds = new WeakMap<SessionContext['scope'], number>();
let lastScopeId = 0;
/** Pages of more rows are built afresh, which bounds the memory held. */
const MAX_KEPT_ROWS = 200;

function answerKey(ctx: SessionContext, name: string, locale: SessionLocale): string {
  let scope = scopeIds.get(ctx.scope);
  if (scope === undefined) scopeIds.set(ctx.scope, (scope = ++lastScopeId));
  const zone = `${locale.dates?.zone.name ?? ''}\u0000${currentDataZone().name}`;
  return `${scope}\u0000${name}\u0000${paramsKey(ctx.params)}\u0000${locale.language}\u0000${zone}\u0000${nowString().slice(0, 10)}`;
}

/** GET /search/:itemtype — GLPI's search engine: criteria, display columns, sort and paging. */
export function search(ctx: SessionContext): Reply {
  const name = ctx.segments[1];
  if (name === undefined) throw errors.resourceMissing();
  let type: Itemtype;
  let bases: Itemtype[];
  if (name === 'AllAssets') {
    type = allAssetsType();
    bases = allAssetTypes().filter((t) => classCan(ctx.scope, t, 'read'));
    if (bases.length === 0) throw errors.rightMissing();
  } else {
    const found = itemtype(name);
    if (!found) throw unknownResource(name);
    if (!classCan(ctx.scope, found, 'read')) throw errors.rightMissing();
    type = found;
    bases = [found];
  }
  const locale = sessionLocale(ctx.services.store.db, ctx.services.store.settings, ctx.scope);
  return answers.get(ctx.services.store.db, answerKey(ctx, name, locale), () => buildAnswer(ctx, name, type, bases, locale.dates));
}

function buildAnswer(ctx: SessionContext, name: string, type: Itemtype, bases: Itemtype[], dates: SessionDates | null): Built<Reply> {
  const params = parseSearchParams(ctx.params, type, bases);
  const options = searchOptions(type).byId;
  const columns: Column[] = [
    ...displayColumns(ctx, type, bases, params).map((id) => ({ option: options.get(id)!, meta: null })),
    ...metaColumns(params.criteria),
  ];
  const searched = runSearch(ctx, type, bases, dates ? { ...params, criteria: criteriaInDataZone(params.criteria, type, dates) } : params, columns);
  const result = dates ? { ...searched, rows: rowsInSessionZone(searched.rows, columns, dates) } : searched;
  const { start, end } = params.range;
  const contentRange = `${start}-${Math.min(end, result.total - 1)}/${result.total}`;
  const keys = columnKeys(columns, params.uidCols);
  const rowOpts = { allAssets: name === 'AllAssets', withIndexes: params.withIndexes };
  const body: [string, Json][] = [
    ['totalcount', jsonOf(result.total)],
    ['count', jsonOf(result.rows.length)],
    ['sort', array(params.sortEcho.map(jsonOf))],
    ['order', array(params.orderEcho.map(jsonOf))],
    ['data', rowsJson(result.rows, keys, { ...rowOpts, html: false })],
  ];
  if (params.giveItems) body.push(['data_html', rowsJson(result.rows, keys, { ...rowOpts, html: true })]);
  if (params.rawdata) body.push(['rawdata', rawdata(type, params, columns, result, contentRange)]);
  body.push(['content-range', jsonOf(contentRange)], ['range', jsonOf(contentRange)]);
  const page = pageHeaders(type.name, params.range, result.total);
  // Written as text so that rows keep their column order (JS objects put numeric keys first).
  const jsonText = object(body);
  // rawdata shows how the engine reads the page now, not how it read it first.
  const keep = !params.rawdata && result.rows.length <= MAX_KEPT_ROWS;
  return { value: { status: page.status, jsonText, headers: page.headers }, reuse: result.reuse, size: jsonText.length * 2, keep };
}
