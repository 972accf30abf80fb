/**
 * GLPI's automatic assignment of a new ticket, as its entity's `auto_assign_mode` says (inherited
 * through -2; the root entity as installed: never): 1 takes the technician and technician group
 * of the item the ticket names (when it names exactly one), then those of its category; 2 the
 * category first, then the item. Each only fills what is still empty: a technician given by hand,
 * or found first, stays alone.
 */
import { findById } from '../db/rows';
import type { ItemHooks } from '../items/hooks';
import { decidingEntity } from './entity-settings';
import { namedItems } from './linked-items';
import { actorGiven } from './rules';

const MODE = { ITEM_THEN_CATEGORY: 1, CATEGORY_THEN_ITEM: 2 } as const;

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
      if (Number(source.user ?? 0) > 0 && !actorGiven(input, '_users_id_assign')) input._users_id_assign = Number(source.user);
      if (Number(source.group ?? 0) > 0 && !actorGiven(input, '_groups_id_assign')) input._groups_id_assign = Number(source.group);
    }
  },
};
