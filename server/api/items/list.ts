import { classCan } from '../../auth/rights';
import { accessFilter } from '../../auth/visibility';
import { json, type Reply, type SessionContext } from '../context';
import { badRequest, errors } from '../../core/errors';
import { isObject, type Params } from '../../core/params';
import { describeParam, flagParam, parseParam } from '../../core/request-params';
import type { Db } from '../../db/connection';
import { fulltextPrefilter } from '../../db/fulltext';
import type { Itemtype } from '../../registry';
import { searchOptions } from '../../registry/searchoptions';
import { ident, selectAll, type Row } from '../../db/rows';
import { Frag, idSet, joinFrags, raw, sql, TRUE } from '../../db/frag';
import { readPage } from '../../search/page';
import { cachedCount, likePattern } from '../../items/paging';
import { pageHeaders, parseRange } from '../paging';
import { readOptions } from './options';
import { pageCache } from './reply-cache';
import { presentItem, presentItemJson } from './item';

function sortColumn(type: Itemtype, value: unknown): string {
  if (value === undefined || value === '') return describeParam('sort').default as string;
  // Only a string or a number names a column (`sort[]=…` gives an object).
  const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (/^\d+$/.test(text)) {
    const option = searchOptions(type).byId.get(Number(text));
    if (option && option.table === type.table && type.column.has(option.field)) return option.field;
  } else if (type.column.has(text) && !type.hidden.includes(text)) {
    return text;
  }
  throw badRequest(`sort param is not a field of ${type.table}`);
}

function sortOrder(value: unknown): 'ASC' | 'DESC' {
  if (value === '') return 'ASC';
  const res = parseParam('order', value);
  if (!res.success) throw badRequest('order must be DESC or ASC');
  return res.output as 'ASC' | 'DESC';
}

const rowsOf = (query: Frag): [string, ...(string | number)[]] => [query.sql, ...query.args];

function searchTextFilter(db: Db, type: Itemtype, value: unknown, where: Frag[]): void {
  if (value === undefined) return;
  if (!isObject(value)) throw badRequest('searchText must be an object: searchText[field]=text');
  for (const [field, text] of Object.entries(value)) {
    if (typeof text !== 'string' || text === '') continue;
    const columns = field === 'all' ? ['name', 'comment'].filter((c) => type.column.has(c)) : [field];
    if (field !== 'all' && !type.column.has(field)) throw errors.fieldNotFound(field, type.name);
    const usable = columns.filter((c) => !type.hidden.includes(c));
    if (usable.length === 0) continue;
    const pattern = likePattern(text);
    const terms = usable.map((c) => {
      const like = sql`${raw(`t.${ident(c)}`)} LIKE ${pattern} ESCAPE '\\'`;
      const index = fulltextPrefilter(type.table, c, 't', pattern, db);
      return index ? sql`(${new Frag(index.sql, index.args)} AND ${like})` : like;
    });
    where.push(sql`(${joinFrags(terms, ' OR ')})`);
  }
}

export interface ListScope {
  /** Extra SQL condition on alias t (sub-items: the parent link). */
  where?: string;
  args?: (string | number)[];
  /** Reshapes each presented item (old itemtype names show old field names). */
  mapItem?: (item: unknown) => unknown;
}

/** GET /:itemtype/ and GET /:parent/:id/:itemtype: one page of readable rows. */
export function listItems(ctx: SessionContext, type: Itemtype, scope: ListScope = {}): Reply {
  if (!classCan(ctx.scope, type, 'read')) throw errors.rightMissing();
  return pageCache.reply(ctx, () => buildPage(ctx, type, scope));
}

function buildPage(ctx: SessionContext, type: Itemtype, scope: ListScope): Reply {
  const params: Params = ctx.params;
  const range = parseRange(params.range);
  const column = sortColumn(type, params.sort);
  const order = sortOrder(params.order);
  // Collections honour only with_networkports among the with_* flags, and never get_sha1.
  const read = readOptions(params);
  const opts = { ...read, sha1: false, with: new Set([...read.with].filter((f) => f === 'with_networkports')) };
  const where: Frag[] = [];
  if (scope.where) where.push(new Frag(scope.where, scope.args));
  // With a text filter, `+` keeps SQLite on the filtered column's index rather than the trash
  // index (which plain pages walk in id order).
  const filtered = isObject(params.searchText) && Object.values(params.searchText).some((v) => typeof v === 'string' && v !== '');
  const flagColumn = (column: string) => `${filtered ? '+' : ''}t.${column}`;
  // As GLPI's getItems: the trash or not, templates included (its search leaves them out).
  if (type.column.has('is_deleted')) {
    where.push(sql`${raw(flagColumn('is_deleted'))} = ${flagParam(params, 'is_deleted') ? 1 : 0}`);
  }
  searchTextFilter(ctx.services.store.db, type, params.searchText, where);
  const filter = accessFilter(ctx.scope, type, 'read', 't');
  if (filter.sql !== '1') where.push(sql`(${filter})`);
  const matching = where.length ? joinFrags(where, ' AND ') : TRUE;
  const db = ctx.services.store.db;
  const total = cachedCount(db, `SELECT COUNT(*) AS n FROM ${type.table} t WHERE ${matching.sql}`, matching.args);
  if (range.start > total) throw errors.rangeExceedTotal(total);
  // The page's ids first, by the paging engine searches use (search/page.ts): skipping `start`
  // rows then walks an index or the table, not whole rows.
  const size = Math.max(0, Math.min(range.end, total - 1) - range.start + 1);
  const sorts = column === 'id' ? [] : [(alias: string) => raw(`${alias}.${ident(column)}`)];
  const pageIds = readPage({ db, base: type, where: matching, walkWhere: () => matching, filtered: filtered || !!scope.where, sortField: null, sorts, directions: sorts.map(() => order), tie: order, total, start: range.start, limit: size });
  const orderBy = `ORDER BY t.${ident(column)} ${order}${column === 'id' ? '' : `, t.id ${order}`}`;
  const rows = pageIds.ids.length === 0 ? [] : selectAll(db, ...rowsOf(sql`SELECT t.* FROM ${raw(type.table)} t WHERE t.id IN ${idSet(pageIds.ids)} ${raw(orderBy)}`));
  const page = pageHeaders(type.name, range, total);
  if (scope.mapItem) return json(rows.map((row) => scope.mapItem!(presentItem(ctx, type, row, opts))), page.status, page.headers);
  // Each item written as text (its links from the type's template), not built and serialised.
  return { status: page.status, headers: page.headers, jsonText: `[${rows.map((row) => presentItemJson(ctx, type, row, opts)).join(',')}]` };
}
