import * as v from 'valibot';
import { classCan } from '../../auth/rights';
import { accessFilter } from '../../auth/visibility';
import { dataVersion } from '../../store/db';
import { fulltextPrefilter } from '../../store/fulltext';
import { json, type Reply, type SessionContext } from '../../http/context';
import { badRequest, errors } from '../../http/errors';
import { flag, isObject, type Params } from '../../http/params';
import type { Itemtype } from '../../registry';
import { searchOptions } from '../../registry/searchoptions';
import { prepared, selectAll, type Row } from '../../store/rows';
import { readOptions } from './options';
import { cachedPage } from './page-cache';
import { presentItem } from './present';

export const DEFAULT_RANGE = '0-50';
export const MAX_PAGE = 1000;

export interface Range {
  start: number;
  end: number;
}

const RANGE = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{1,15}-\d{1,15}$/, 'range must be in format : [start-end] with integers'),
  v.transform((s) => s.split('-').map(Number) as [number, number]),
  v.check(([start, end]) => end >= start, 'range end must not be lower than range start'),
);

/** `start-end`, inclusive; a page is at most MAX_PAGE rows. */
export function parseRange(value: unknown): Range {
  const res = v.safeParse(RANGE, value === undefined ? DEFAULT_RANGE : value);
  if (!res.success) throw badRequest(res.issues[0].message.startsWith('range') ? res.issues[0].message : 'range must be in format : [start-end] with integers');
  const [start, end] = res.output;
  return { start, end: Math.min(end, start + MAX_PAGE - 1) };
}

/** Content-Range, Accept-Range and 200/206 as GLPI computes them. */
export function pageHeaders(itemtype: string, range: Range, total: number): { status: number; headers: Record<string, string> } {
  const headers: Record<string, string> = { 'Accept-Range': `${itemtype} ${MAX_PAGE}` };
  const end = Math.min(range.end, total - 1);
  if (total > 0) headers['Content-Range'] = `${range.start}-${end}/${total}`;
  return { status: end - range.start + 1 < total ? 206 : 200, headers };
}

function sortColumn(type: Itemtype, value: unknown): string {
  if (value === undefined || value === '') return 'id';
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

const ORDER = v.pipe(v.string(), v.trim(), v.toUpperCase(), v.picklist(['ASC', 'DESC']));

function sortOrder(value: unknown): 'ASC' | 'DESC' {
  if (value === undefined || value === '') return 'ASC';
  const res = v.safeParse(ORDER, value);
  if (!res.success) throw badRequest('order must be DESC or ASC');
  return res.output;
}

/** GLPI's "contains": `^` anchors the start, `$` the end, otherwise anywhere; case-insensitive. */
export function likePattern(text: string): string {
  let value = text.trim();
  const start = value.startsWith('^');
  const end = value.endsWith('$') && value.length > (start ? 1 : 0);
  if (start) value = value.slice(1);
  if (end) value = value.slice(0, -1);
  const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
  return `${start ? '' : '%'}${escaped}${end ? '' : '%'}`;
}

function searchTextFilter(type: Itemtype, value: unknown, where: string[], args: (string | number)[]): void {
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
      const like = `t.${c} LIKE ? ESCAPE '\\'`;
      const index = fulltextPrefilter(type.table, c, 't', pattern);
      args.push(...(index?.args ?? []), pattern);
      return index ? `(${index.sql} AND ${like})` : like;
    });
    where.push(`(${terms.join(' OR ')})`);
  }
}

const counts = new Map<string, { version: number; total: number }>();

/** COUNT(*) is the costly part of a page: cached until the next write anywhere. */
export function countRows(ctx: SessionContext, sql: string, args: (string | number)[]): number {
  const key = `${sql}\u0000${args.join('\u0000')}`;
  const hit = counts.get(key);
  if (hit && hit.version === dataVersion) return hit.total;
  const total = Number((prepared(ctx.services.store.db, sql).get(...args) as { n: number }).n);
  if (counts.size > 5000) counts.clear();
  counts.set(key, { version: dataVersion, total });
  return total;
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
  return cachedPage(ctx, () => buildPage(ctx, type, scope));
}

function buildPage(ctx: SessionContext, type: Itemtype, scope: ListScope): Reply {
  const params: Params = ctx.params;
  const range = parseRange(params.range);
  const column = sortColumn(type, params.sort);
  const order = sortOrder(params.order);
  // Collections honour only with_networkports among the with_* flags, and never get_sha1.
  const read = readOptions(params);
  const opts = { ...read, sha1: false, with: new Set([...read.with].filter((f) => f === 'with_networkports')) };
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (scope.where) {
    where.push(scope.where);
    args.push(...(scope.args ?? []));
  }
  // With a text filter, `+` keeps SQLite on the filtered column's index rather than the trash
  // index (which plain pages walk in id order).
  const filtered = isObject(params.searchText) && Object.values(params.searchText).some((v) => typeof v === 'string' && v !== '');
  const flagColumn = (column: string) => `${filtered ? '+' : ''}t.${column}`;
  if (type.column.has('is_deleted')) {
    where.push(`${flagColumn('is_deleted')} = ?`);
    args.push(flag(params, 'is_deleted', false) ? 1 : 0);
  }
  if (type.column.has('is_template')) where.push(`${flagColumn('is_template')} = 0`);
  searchTextFilter(type, params.searchText, where, args);
  const filter = accessFilter(ctx.scope, type, 'read', 't');
  if (filter !== '1') where.push(`(${filter})`);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = countRows(ctx, `SELECT COUNT(*) AS n FROM ${type.table} t ${whereSql}`, args);
  if (range.start > total) throw errors.rangeExceedTotal(total);
  // The page's ids first: skipping `start` rows then walks an index, not whole rows.
  const orderBy = `ORDER BY t.${column} ${order}${column === 'id' ? '' : `, t.id ${order}`}`;
  const rows = selectAll(
    ctx.services.store.db,
    `SELECT t.* FROM ${type.table} t WHERE t.id IN (SELECT t.id FROM ${type.table} t ${whereSql} ${orderBy} LIMIT ? OFFSET ?) ${orderBy}`,
    ...args,
    range.end - range.start + 1,
    range.start,
  );
  const present = (row: Row) => presentItem(ctx, type, row, opts);
  const body = scope.mapItem ? rows.map((row) => scope.mapItem!(present(row))) : rows.map(present);
  const page = pageHeaders(type.name, range, total);
  return json(body, page.status, page.headers);
}
