import { allItemtypes, type Itemtype } from '../registry';
import { isOtherSide, purgeFollows, resetIndexCondition } from '../registry/purge-links';
import { HISTORY, logRelation } from './history';
import { hooksOf, type WriteContext } from './hooks';
import { run, selectAll } from '../db/rows';

interface Plan {
  /** Dependent types, and the SELECT of their rows that belong to the purged item. */
  dependents: { type: Itemtype; select: string; poly: boolean }[];
  /** Plain foreign keys elsewhere that fall back to 0 ("none"): their UPDATEs. */
  references: string[];
  /** Types naming the item by itemtype + items_id without belonging to it (a consumable given to a user): their UPDATEs. */
  polyReferences: string[];
}

const plans = new Map<string, Plan>();

/** Derived from the registry once per type: who depends on it, and who merely points at it. */
function planFor(type: Itemtype): Plan {
  let plan = plans.get(type.name);
  if (plan) return plan;
  plan = { dependents: [], references: [], polyReferences: [] };
  for (const other of allItemtypes()) {
    const ownedByFk = other.owners.some((o) => 'fk' in o && o.itemtype === type.name);
    const ownedByPoly = other.owners.some((o) => 'poly' in o) && other.polyTargets.includes(type.name);
    if (ownedByFk) {
      for (const o of other.owners) {
        if ('fk' in o && o.itemtype === type.name) plan.dependents.push({ type: other, select: `SELECT * FROM ${other.table} WHERE ${o.fk} = ?`, poly: false });
      }
    }
    if (ownedByPoly) plan.dependents.push({ type: other, select: `SELECT * FROM ${other.table} WHERE itemtype = ? AND items_id = ?`, poly: true });
    else if (other.polymorphic && other.polyTargets.includes(type.name)) {
      // The row stays and names no item any more: no id, and no type where the column allows it.
      const noType = other.column.get('itemtype')!.nullable ? 'NULL' : "''";
      plan.polyReferences.push(`UPDATE ${other.table} SET items_id = 0, itemtype = ${noType} WHERE itemtype = ? AND items_id = ?`);
    }
    for (const [column, target] of other.foreignKeys) {
      if (target !== type.name || !purgeFollows(other, column, target)) continue;
      // A link row whose other side is the purged item means nothing any more (an actor of a
      // ticket). A link with two sides of its own only notes the item (who attached a document,
      // a SIM card's user, a device's location): that note falls back to 0, found through the
      // column's partial index (a purged item's id is never 0).
      if (isOtherSide(other)) plan.dependents.push({ type: other, select: `SELECT * FROM ${other.table} WHERE ${column} = ?`, poly: false });
      else plan.references.push(`UPDATE ${other.table} SET ${column} = 0 WHERE ${column} = ? AND ${resetIndexCondition(column)}`);
    }
  }
  plans.set(type.name, plan);
  return plan;
}

/**
 * Removes the rows that belong to a purged item (recursively: a port takes its names and
 * addresses along) and resets plain links to it. Runs inside the purge's transaction. Each
 * removed row passes its own type's delete rules first (a group's memberships are other users'
 * access): one refusal refuses the whole purge.
 */
export function purgeDependents(wc: WriteContext, type: Itemtype, id: number, depth = 0): void {
  if (depth > 6) return;
  const plan = planFor(type);
  for (const dep of plan.dependents) {
    const args = dep.poly ? [type.name, id] : [id];
    const rows = selectAll(wc.db, dep.select, ...args);
    for (const row of rows) {
      for (const hook of hooksOf(dep.type)) hook.beforeDelete?.(wc, dep.type, row, true);
      purgeDependents(wc, dep.type, Number(row.id), depth + 1);
      run(wc.db, `DELETE FROM ${dep.type.table} WHERE id = ?`, Number(row.id));
      // The surviving side of a link keeps a trace of it, as when the link itself is purged.
      logRelation(wc, dep.type, row, HISTORY.DEL_RELATION);
    }
  }
  for (const update of plan.references) run(wc.db, update, id);
  for (const update of plan.polyReferences) run(wc.db, update, type.name, id);
}

/**
 * The UPDATEs a purge of an item of `type` runs to reset what merely names it (for tests: each
 * must find its rows through an index).
 */
export function purgeResets(type: Itemtype): string[] {
  return planFor(type).references;
}

/**
 * Every statement a purge of an item of `type` may issue to find what depends on it, to the
 * depth purgeDependents goes: the lookups of rows that belong to it (and of theirs), in order.
 * (For tests: each must find its rows through an index.)
 */
export function purgeLookups(type: Itemtype, depth = 0, seen = new Set<string>()): string[] {
  if (depth > 6 || seen.has(type.name)) return [];
  seen.add(type.name);
  return planFor(type).dependents.flatMap((dep) => [dep.select, ...purgeLookups(dep.type, depth + 1, seen)]);
}
