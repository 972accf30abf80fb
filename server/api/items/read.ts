import { classCan } from '../../auth/rights';
import { accessFilter } from '../../auth/visibility';
import { downloadDocument, wantsDownload } from '../../documents/download';
import { json, type Reply, type SessionContext } from '../../auth/context';
import { errors } from '../../core/errors';
import type { Itemtype } from '../../registry';
import { selectOne, type Row } from '../../db/rows';
import { readOptions, type ReadOptions } from './options';
import { presentItem } from './item';

/**
 * Loads one item the session may read: 404 when it does not exist, 403 when it is out of
 * reach. Existence and visibility come from one query with the shared access filter.
 */
export function loadReadable(ctx: SessionContext, type: Itemtype, id: number): Row {
  if (!classCan(ctx.scope, type, 'read')) {
    if (!selectOne(ctx.services.store.db, `SELECT id FROM ${type.table} WHERE id = ?`, id)) throw errors.itemNotFound();
    throw errors.rightMissing();
  }
  const filter = accessFilter(ctx.scope, type, 'read', 't');
  const row = selectOne(ctx.services.store.db, `SELECT t.*, (${filter}) AS __visible FROM ${type.table} t WHERE t.id = ?`, id);
  if (!row) throw errors.itemNotFound();
  const visible = Number(row.__visible) === 1;
  delete row.__visible;
  if (!visible) throw errors.rightMissing();
  return row;
}

/** RFC 1123 form of a stored `YYYY-MM-DD HH:MM:SS` (server local time). */
export function httpDate(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(value.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date.toUTCString();
}

export function renderItem(ctx: SessionContext, type: Itemtype, id: number, opts: ReadOptions): { body: unknown; row: Row } {
  const row = loadReadable(ctx, type, id);
  return { body: presentItem(ctx, type, row, opts), row };
}

export function getItem(ctx: SessionContext, type: Itemtype, id: number): Reply {
  // A Document's file, once the read right and the entity are checked.
  if (wantsDownload(ctx, type)) return downloadDocument(ctx, loadReadable(ctx, type, id));
  const { body, row } = renderItem(ctx, type, id, readOptions(ctx.params));
  const modified = httpDate(row.date_mod);
  return json(body, 200, modified ? { 'Last-Modified': modified } : undefined);
}
