/**
 * GLPI's automatic assignment of a new ticket, as its entity's `auto_assign_mode` says (inherited
 * through -2; the root entity as installed: never): 1 takes the technician and technician group
 * of the item the ticket names (when it names exactly one), then those of its category; 2 the
 * category first, then the item. Each only fills what is still empty: a technician given by hand,
 * or found first, stays alone.
 */
import { asList, isObject, type Params } from '../core/params';
import { findById } from '../db/rows';
import type { ItemHooks } from '../items/hooks';
import { decidingEntity } from './entity-settings';
import { namedItems } from './linked-items';

const MODE = { ITEM_THEN_CATEGORY: 1, CATEGORY_THEN_ITEM: 2 } as const;

/** Does the input already assign a user (or a group)? By `_users_id_assign` or GLPI 10's `_actors`. */
function assigns(input: Params, kind: 'users' | 'groups'): boolean {
  const direct = input[`_${kind}_id_assign`];
  if ((asList(direct) ?? [direct]).some((id) => Number(id) > 0)) return true;
  const actors = isObject(input._actors) ? asList(input._actors.assign) : null;
  return (actors ?? []).some((entry) => isObject(entry) && entry.itemtype === (kind === 'users' ? 'User' : 'Group'));
}

export const autoAssignHooks: ItemHooks = {
  prepareAdd(wc, type, row, input) {
    const mode = Number(decidingEntity(wc.db, Number(row.entities_id ?? 0), 'auto_assign_mode')?.auto_assign_mode ?? -1);
    if (mode !== MODE.ITEM_THEN_CATEGORY && mode !== MODE.CATEGORY_THEN_ITEM) return;
    const items = namedItems(wc, type, input);
    const item = items.length === 1 ? items[0]!.row : null;
    const category = Number(row.itilcategories_id ?? 0) > 0 ? findById(wc.db, 'glpi_itilcategories', Number(row.itilcategories_id)) : null;
    const sources = [item && { user: item.users_id_tech, group: item.groups_id_tech }, category && { user: category.users_id, group: category.groups_id }];
    if (mode === MODE.CATEGORY_THEN_ITEM) sources.reverse();
    for (const source of sources) {
      if (!source) continue;
      if (Number(source.user ?? 0) > 0 && !assigns(input, 'users')) input._users_id_assign = Number(source.user);
      if (Number(source.group ?? 0) > 0 && !assigns(input, 'groups')) input._groups_id_assign = Number(source.group);
    }
  },
};
