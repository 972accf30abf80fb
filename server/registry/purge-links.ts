import type { Itemtype } from './types';

/**
 * A link row with one owner (a ticket's actor): its plain foreign keys are the link's other
 * side, and the link means nothing once that side is purged.
 */
export const isOtherSide = (type: Itemtype): boolean => type.kind === 'relation' && type.owners.length === 1 && 'fk' in type.owners[0]!;

/**
 * Whether a purge of the item `column` of `type` names (its foreign key target `target`) reaches
 * the rows of `type` through that column (items/cascade.ts): not through an owner's key (those
 * rows belong to the item), a tree's parent, nor an entity (entities keep their own rules). The
 * history keeps what it noted.
 */
export function purgeFollows(type: Itemtype, column: string, target: string): boolean {
  if (type.table === 'glpi_logs' || column === type.tree || (column === 'entities_id' && target === 'Entity')) return false;
  return !type.owners.some((owner) => 'fk' in owner && owner.fk === column);
}

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

/**
 * The plain foreign keys of `type` that a purge of their target resets to 0 (a computer's
 * technician when the user goes). Most rows hold 0 there, so their index holds only the others
 * (`WHERE column <> 0`), and the reset names that condition too, or the index would not serve it.
 */
export function purgeResetColumns(type: Itemtype): string[] {
  if (isOtherSide(type)) return [];
  return [...type.foreignKeys].flatMap(([column, target]) => (purgeFollows(type, column, target) ? [column] : []));
}

/** The condition of a reset column's partial index (see purgeResetColumns). */
export const resetIndexCondition = (column: string) => `${column} <> 0`;
