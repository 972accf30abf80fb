/** Paging and text matching shared by item lists and searches. */
import type { SessionContext } from '../auth/context';
import { badRequest } from '../core/errors';
import { MAX_PAGE, parseParam } from '../core/request-params';
import type { Db } from '../db/connection';
import { cachedRead } from '../db/read-cache';
import { selectOne } from '../db/rows';

export interface Range {
  start: number;
  end: number;
}

/** `start-end`, inclusive; a page is at most MAX_PAGE rows. */
export function parseRange(value: unknown): Range {
  const res = parseParam('range', value);
  if (!res.success) throw badRequest(res.issues[0].message.startsWith('range') ? res.issues[0].message : 'range must be in format : [start-end] with integers');
  const [start, end] = res.output as [number, number];
  return { start, end: Math.min(end, start + MAX_PAGE - 1) };
}

/** Content-Range, Accept-Range and 200/206 as GLPI computes them. */
export function pageHeaders(itemtype: string, range: Range, total: number): { status: number; headers: Record<string, string> } {
  const headers: Record<string, string> = { 'Accept-Range': `${itemtype} ${MAX_PAGE}` };
  const end = Math.min(range.end, total - 1);
  if (total > 0) headers['Content-Range'] = `${range.start}-${end}/${total}`;
  return { status: end - range.start + 1 < total ? 206 : 200, headers };
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

/** COUNT(*) is the costly part of a page: cached until the next write anywhere. */
export function countRows(ctx: SessionContext, sql: string, args: (string | number)[]): number {
  return cachedCount(ctx.services.store.db, sql, args);
}

/** `sql` answers one row with a count `n`: cached until the next write, here or in another process. */
export function cachedCount(db: Db, sql: string, args: readonly (string | number)[]): number {
  return cachedRead(db, sql, args, () => Number(selectOne(db, sql, ...args)?.n));
}
