import type { Db } from '../db/connection';
import { isIndexed } from '../db/indexes';
import { tableRows } from '../db/statistics';
import type { Itemtype } from '../registry';
import type { Field } from './options';

/**
 * The page query's plan, when the planner's sampled statistics would pick badly. With the exact
 * match count already known (the count runs first), reading the sort column's index in order
 * and testing each row costs about (start + limit) × rows ÷ matches rows, while using the
 * criteria's index and sorting costs about `matches`: a location holding 90 % of a million
 * computers must not be sorted whole for its first 50 names. Either plan gives the same rows.
 */
export function walkSortIndex(db: Db, base: Itemtype, sort: Field | null, matches: number, start: number, limit: number): boolean {
  if (!sortsOnOwnIndex(base, sort)) return false;
  const rows = tableRows(db, base.table);
  return rows !== null && matches > 0 && (start + limit) * rows < matches * matches;
}

/** The sort is on a column of the row itself that leads one of its indexes. */
export function sortsOnOwnIndex(base: Itemtype, sort: Field | null): boolean {
  return !!sort && sort.hops.length === 0 && !sort.count && !sort.computed && isIndexed(base.table, sort.column);
}
