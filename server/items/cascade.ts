import { allItemtypes, type Itemtype } from '../registry';
import { HISTORY, logRelation } from './history';
import { hooksOf, type WriteContext } from './hooks';
import { run, selectAll } from '../db/rows';

interface Plan {
  /** Dependent types and how their rows point at the purged item. */
  dependents: { type: Itemtype; where: string; poly: boolean }[];
  /** Plain foreign keys elsewhere that fall back to 0 ("none"). */
  references: { type: Itemtype; column: string }[];
  /** Types naming the item by itemtype + items_id without belonging to it (a consumable given to a user). */
  polyReferences: Itemtype[];
}

const plans = new Map<string, Plan>();

/** A link row with one owner: its plain foreign keys are the link's other side. */
const isOtherSide = (type: Itemtype) => type.kind === 'relation' && type.owners.length === 1 && 'fk' in type.owners[0]!;

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
        if ('fk' in o && o.itemtype === type.name) plan.dependents.push({ type: other, where: `${o.fk} = ?`, poly: false });
      }
    }
    if (ownedByPoly) plan.dependents.push({ type: other, where: 'itemtype = ? AND items_id = ?', poly: true });
    else if (other.polymorphic && other.polyTargets.includes(type.name)) plan.polyReferences.push(other);
    if (other.table === 'glpi_logs') continue;
    for (const [column, target] of other.foreignKeys) {
      if (target !== type.name || other.owners.some((o) => 'fk' in o && o.fk === column)) continue;
      if (column === other.tree || (column === 'entities_id' && type.name === 'Entity')) continue;
      // A link row whose other side is the purged item means nothing any more (an actor of a
      // ticket). A link with two sides of its own only notes the item (who attached a document,
      // a SIM card's user, a device's location): that note falls back to 0.
      if (isOtherSide(other)) plan.dependents.push({ type: other, where: `${column} = ?`, poly: false });
      else plan.references.push({ type: other, column });
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
    const rows = selectAll(wc.db, `SELECT * FROM ${dep.type.table} WHERE ${dep.where}`, ...args);
    for (const row of rows) {
      for (const hook of hooksOf(dep.type)) hook.beforeDelete?.(wc, dep.type, row, true);
      purgeDependents(wc, dep.type, Number(row.id), depth + 1);
      run(wc.db, `DELETE FROM ${dep.type.table} WHERE id = ?`, Number(row.id));
      // The surviving side of a link keeps a trace of it, as when the link itself is purged.
      logRelation(wc, dep.type, row, HISTORY.DEL_RELATION);
    }
  }
  for (const ref of plan.references) {
    run(wc.db, `UPDATE ${ref.type.table} SET ${ref.column} = 0 WHERE ${ref.column} = ?`, id);
  }
  // The row stays and names no item any more: no id, and no type where the column allows it.
  for (const ref of plan.polyReferences) {
    const noType = ref.column.get('itemtype')!.nullable ? 'NULL' : "''";
    run(wc.db, `UPDATE ${ref.table} SET items_id = 0, itemtype = ${noType} WHERE itemtype = ? AND items_id = ?`, type.name, id);
  }
}
