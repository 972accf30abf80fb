import { classCan } from '../../auth/rights';
import type { Scope } from '../../auth/scope';
import { accessFilter, documentFileFilter, entityReachFilter } from '../../auth/visibility';
import { downloadDocument, wantsDownload } from './download';
import { json, type Reply, type SessionContext } from '../context';
import { ApiError, errors } from '../../core/errors';
import { parseDate } from '../../core/clock';
import type { Itemtype } from '../../registry';
import { selectOne, selectRow, type Row } from '../../db/rows';
import { raw, sql, type Frag } from '../../db/frag';
import { readOptions, type ReadOptions } from './options';
import { presentItem, presentItemJson } from './item';
import { itemCache } from './reply-cache';

/**
 * Loads one item the session may read. A type the profile has no right on at all is 403 (whether
 * or not the id exists, as GLPI); an item that does not exist or lies outside the active entities
 * is 404; one inside them that the session may still not read (another user's ticket) is 403.
 * Existence, reach and visibility come from the shared filters: the row itself when it passes
 * them (a read answered), else the filters' values as columns tell 404 from 403.
 */
export function loadReadable(ctx: SessionContext, type: Itemtype, id: number): Row {
  if (!classCan(ctx.scope, type, 'read')) throw errors.rightMissing();
  const { passing, flags } = readableQueries(ctx.scope, type);
  const { db } = ctx.services.store;
  // Reads this row alone of its table (the filters read others): writes to other rows leave a reply built from it.
  const row = selectRow(db, type.table, id, passing.sql, ...passing.args, id);
  if (row) return row;
  const refused = selectRow(db, type.table, id, flags.sql, ...flags.args, id);
  if (!refused || Number(refused.__reached) !== 1) throw errors.itemNotFound();
  throw errors.rightMissing();
}

/**
 * A Document whose file the session may download: one it may read, else one it uploaded or that is
 * linked to an item it reads (a visible ticket's attachment, as GLPI allows). Otherwise the
 * refusal is the read's own (403 without the right, 404 outside the active entities).
 */
function loadDownloadable(ctx: SessionContext, type: Itemtype, id: number): Row {
  try {
    return loadReadable(ctx, type, id);
  } catch (refusal) {
    if (!(refusal instanceof ApiError)) throw refusal;
    const files = documentFileFilter(ctx.scope, 't');
    const row = selectOne(ctx.services.store.db, `SELECT t.* FROM ${type.table} t WHERE t.id = ? AND (${files.sql})`, id, ...files.args);
    if (!row) throw refusal;
    return row;
  }
}

/**
 * loadReadable's queries but their last value (the id), by scope (replaced, never changed, when
 * rights or entities change) and type: the row when both filters hold (1), and both as columns.
 */
interface ReadableQueries {
  passing: Frag;
  flags: Frag;
}

const readableByScope = new WeakMap<Scope, Map<string, ReadableQueries>>();

function readableQueries(scope: Scope, type: Itemtype): ReadableQueries {
  let byType = readableByScope.get(scope);
  if (!byType) readableByScope.set(scope, (byType = new Map()));
  let queries = byType.get(type.name);
  if (queries === undefined) {
    const filter = accessFilter(scope, type, 'read', 't');
    const reach = entityReachFilter(scope, type, 't');
    const table = raw(type.table);
    queries = {
      passing: sql`SELECT t.* FROM ${table} t WHERE (${filter}) = 1 AND (${reach}) = 1 AND t.id = ?`,
      flags: sql`SELECT (${filter}) AS __visible, (${reach}) AS __reached FROM ${table} t WHERE t.id = ?`,
    };
    byType.set(type.name, queries);
  }
  return queries;
}

/** RFC 1123 form of a stored `YYYY-MM-DD HH:MM:SS` (data zone). */
export function httpDate(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const ms = parseDate(value);
  return ms === null ? null : new Date(ms).toUTCString();
}

export function renderItem(ctx: SessionContext, type: Itemtype, id: number, opts: ReadOptions): { body: unknown; row: Row } {
  const row = loadReadable(ctx, type, id);
  return { body: presentItem(ctx, type, row, { ...opts, single: true }), row };
}

/** Another view of a type's rows (an old itemtype name): which rows it shows, and in which form. */
export interface ItemView {
  shows(row: Row): boolean;
  reshape(item: unknown): unknown;
}

/** GET /:itemtype/:id, or through `view` (a row it does not show is 404, found by the same read). */
export function getItem(ctx: SessionContext, type: Itemtype, id: number, view?: ItemView): Reply {
  if (wantsDownload(ctx, type)) return downloadDocument(ctx, loadDownloadable(ctx, type, id));
  return itemCache.reply(ctx, () => buildItem(ctx, type, id, view));
}

function buildItem(ctx: SessionContext, type: Itemtype, id: number, view?: ItemView): Reply {
  const opts = { ...readOptions(ctx.params), single: true };
  const row = loadReadable(ctx, type, id);
  if (view && !view.shows(row)) throw errors.itemNotFound();
  const modified = httpDate(row.date_mod);
  const headers = modified ? { 'Last-Modified': modified } : undefined;
  if (view) return json(view.reshape(presentItem(ctx, type, row, opts)), 200, headers);
  return { status: 200, jsonText: presentItemJson(ctx, type, row, opts), headers };
}
