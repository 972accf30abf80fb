/** A page as the request asks for it (`range`) and as the answer tells it (Content-Range, 206). */
import { badRequest } from '../core/errors';
import { MAX_PAGE, parseParam } from '../core/request-params';
import type { Range } from '../items/paging';

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
