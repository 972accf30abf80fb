import type { Itemtype } from './types';

/**
 * A link row with one owner (a ticket's actor): its plain foreign keys are the link's other
 * side, and the link means nothing once that side is purged.
 */
export const isOtherSide = (type: Itemtype): boolean => type.kind === 'relation' && type.owners.length === 1 && 'fk' in type.owners[0]!;

/**
 * The columns a purge of another item finds rows of `type` by (items/cascade.ts): its owners'
 * foreign keys and, for a one-owner link, the other side's. Each needs an index, or every purge
 * of such an item reads the whole table.
 */
export function purgeLookupColumns(type: Itemtype): string[] {
  const columns = type.owners.flatMap((owner) => ('fk' in owner ? [owner.fk] : []));
  if (isOtherSide(type)) columns.push(...[...type.foreignKeys.keys()].filter((column) => column !== type.tree));
  return [...new Set(columns)];
}
