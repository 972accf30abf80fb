/** Paging and text matching shared by item lists and searches. */
import type { SessionContext } from '../auth/context';
import { badRequest } from '../core/errors';
import { MAX_PAGE, parseParam } from '../core/request-params';
import { dataVersion } from '../db/connection';
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

const counts = new Map<string, { version: number; total: number }>();

/** COUNT(*) is the costly part of a page: cached until the next write anywhere. */
export function countRows(ctx: SessionContext, sql: string, args: (string | number)[]): number {
  const key = `${sql}\u0000${args.join('\u0000')}`;
  const hit = counts.get(key);
  if (hit && hit.version === dataVersion) return hit.total;
  const total = Number(selectOne(ctx.services.store.db, sql, ...args)?.n);
  if (counts.size > 5000) counts.clear();
  counts.set(key, { version: dataVersion, total });
  return total;
}
