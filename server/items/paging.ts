/** Paging and text matching shared by item lists and searches (the request's side is api/paging.ts). */
import type { Db } from '../db/connection';
import { cachedRead } from '../db/read-cache';
import { selectOne } from '../db/rows';

export interface Range {
  start: number;
  end: number;
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

/** COUNT(*) is the costly part of a page. `sql` answers one row with a count `n`: cached until the next write, here or in another process. */
export function cachedCount(db: Db, sql: string, args: readonly (string | number)[]): number {
  return cachedRead(db, sql, args, () => Number(selectOne(db, sql, ...args)?.n));
}
