import { RIGHT_MISSING_MESSAGE } from '../core/errors';
import { allItemtypes, itemtypeOrThrow, type Itemtype } from '../registry';
import { purgeRow } from './crud';
import { ItemError, type ItemHooks, type WriteContext } from './hooks';
import { findById, run, selectAll, type Row } from '../db/rows';

/**
 * Tree dropdowns (entities, locations, groups, categories…): complete names "A > B > C" and
 * levels are kept right on every add, rename and move; a move may not create a cycle.
 */
function parentOf(type: Itemtype, row: Row): number | null {
  const value = row[type.tree!];
  return value === null || value === undefined ? null : Number(value);
}

function placement(wc: WriteContext, type: Itemtype, name: string, parentId: number | null): { completename: string; level: number } {
  const isEntity = type.table === 'glpi_entities';
  if (parentId === null || (parentId === 0 && !isEntity)) return { completename: name, level: 1 };
  const parent = findById(wc.db, type.table, parentId);
  if (!parent) throw new ItemError(`Field ${type.tree}: ${type.name} ${parentId} does not exist`);
  return { completename: `${String(parent.completename ?? parent.name ?? '')} > ${name}`, level: Number(parent.level ?? 0) + 1 };
}

/** Recomputes complete names and levels below a node after it moved or was renamed. */
function refreshDescendants(wc: WriteContext, type: Itemtype, id: number, depth = 0): void {
  if (depth > 64) throw new ItemError(`${type.name} tree is too deep`);
  for (const child of selectAll(wc.db, `SELECT id, name FROM ${type.table} WHERE ${type.tree} = ? AND id <> ?`, id, id)) {
    const place = placement(wc, type, String(child.name ?? ''), id);
    run(wc.db, `UPDATE ${type.table} SET completename = ?, level = ? WHERE id = ?`, place.completename, place.level, Number(child.id));
    refreshDescendants(wc, type, Number(child.id), depth + 1);
  }
}

function isDescendant(wc: WriteContext, type: Itemtype, candidate: number, ancestor: number): boolean {
  let current: number | null = candidate;
  for (let guard = 0; current !== null && guard < 1000; guard++) {
    if (current === ancestor) return true;
    const row = findById(wc.db, type.table, current);
    if (!row) return false;
    const next = parentOf(type, row);
    current = next === current ? null : next;
  }
  return false;
}

export const treeHooks: ItemHooks = {
  prepareAdd(wc: WriteContext, type: Itemtype, row: Row) {
    if (type.table === 'glpi_entities' && row.entities_id === undefined) {
      row.entities_id = wc.scope.session.entityId ?? wc.scope.activeEntities[0] ?? 0;
    }
    Object.assign(row, placement(wc, type, String(row.name ?? ''), parentOf(type, row) ?? (type.table === 'glpi_entities' ? null : 0)));
  },
  prepareUpdate(wc: WriteContext, type: Itemtype, old: Row, changes: Row) {
    const field = type.tree!;
    if (!(field in changes) && !('name' in changes)) return;
    const id = Number(old.id);
    if (field in changes) {
      if (type.table === 'glpi_entities' && id === 0) throw new ItemError('The root entity cannot be moved');
      const parent = parentOf(type, changes);
      if (parent !== null && parent !== 0 && isDescendant(wc, type, parent, id)) {
        throw new ItemError(`${type.name} ${id} cannot be moved under itself or one of its descendants`);
      }
      if (type.table === 'glpi_entities' && parent === id) throw new ItemError('An entity cannot be its own parent');
      // An entity may only be moved under one of the session's active entities.
      if (type.table === 'glpi_entities' && parent !== parentOf(type, old) && !wc.scope.showAll && !wc.scope.active.has(parent ?? -1)) {
        throw new ItemError(RIGHT_MISSING_MESSAGE, 'ERROR_RIGHT_MISSING');
      }
    }
    const next = { ...old, ...changes };
    Object.assign(changes, placement(wc, type, String(next.name ?? ''), id === 0 && type.table === 'glpi_entities' ? null : parentOf(type, next)));
  },
  afterUpdate(wc: WriteContext, type: Itemtype, old: Row, changes: Row) {
    if ('completename' in changes) refreshDescendants(wc, type, Number(old.id));
  },
  afterPurge(wc: WriteContext, type: Itemtype, row: Row) {
    if (type.table === 'glpi_entities') return;
    // Children of a removed node move up to its parent.
    run(wc.db, `UPDATE ${type.table} SET ${type.tree} = ? WHERE ${type.tree} = ?`, Number(row[type.tree!] ?? 0), Number(row.id));
    const parent = Number(row[type.tree!] ?? 0);
    if (parent > 0) refreshDescendants(wc, type, parent);
    else {
      for (const top of selectAll(wc.db, `SELECT id, name FROM ${type.table} WHERE ${type.tree} = 0`)) {
        run(wc.db, `UPDATE ${type.table} SET completename = name, level = 1 WHERE id = ?`, Number(top.id));
        refreshDescendants(wc, type, Number(top.id));
      }
    }
  },
};

/**
 * Deleting an entity (it has no trash): its items go to the trash, or are removed when their
 * type has none; sub-entities are handled the same way only when the request says recursive.
 */
export const entityHooks: ItemHooks = {
  beforeDelete(wc, _type, row) {
    const id = Number(row.id);
    if (id === 0) throw new ItemError('The root entity cannot be deleted');
    const children = selectAll(wc.db, 'SELECT id FROM glpi_entities WHERE entities_id = ? AND id <> ?', id, id);
    if (children.length && !wc.recursive) {
      throw new ItemError(`Entity ${id} has sub-entities: delete them first, or send recursive=true to delete them with it`);
    }
    const entity = itemtypeOrThrow('Entity');
    for (const child of children) {
      const childRow = findById(wc.db, 'glpi_entities', Number(child.id))!;
      this.beforeDelete!(wc, entity, childRow, true);
      purgeRow(wc, entity, childRow);
    }
    emptyEntity(wc, id);
  },
};

function emptyEntity(wc: WriteContext, entityId: number): void {
  for (const type of allItemtypes()) {
    if (type.visibility !== 'entity' || !type.entityAssign) continue;
    if (type.trash) {
      run(wc.db, `UPDATE ${type.table} SET is_deleted = 1 WHERE entities_id = ? AND is_deleted = 0`, entityId);
      // Trashed items cannot stay in a removed entity: they move up to the root entity's trash.
      run(wc.db, `UPDATE ${type.table} SET entities_id = 0${type.mayBeRecursive ? ', is_recursive = 0' : ''} WHERE entities_id = ?`, entityId);
    } else {
      for (const item of selectAll(wc.db, `SELECT * FROM ${type.table} WHERE entities_id = ?`, entityId)) purgeRow(wc, type, item);
    }
  }
}
