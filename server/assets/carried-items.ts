import { findById, selectAll, type Row } from '../db/rows';
import { writeCarriedChanges } from '../items/crud';
import type { ItemHooks } from '../items/hooks';
import { componentTypes, itemtypesWith } from '../registry';

/** What a computer's connected items take from it when it changes (GLPI's default auto-update settings). */
const TO_CONNECTED = ['contact', 'contact_num', 'users_id', 'groups_id', 'locations_id'];
/** What its components take. */
const TO_COMPONENTS = ['locations_id'];

const LOCATION_MESSAGE = 'Location updated. The connected items have been moved in the same location.';
const USER_MESSAGE = 'User or group updated. The connected items have been moved in the same values.';
const CONTACT_MESSAGE = 'Alternate username updated. The connected items have been updated using this alternate username.';

const picked = (changes: Row, keys: readonly string[]): Row => Object.fromEntries(keys.filter((k) => k in changes).map((k) => [k, changes[k]]));

/**
 * As GLPI, a computer's new location, user, group or alternate username is carried to the items
 * directly connected to it (not to global ones), and its new location to its components; the
 * update's message says so when any of them moved.
 */
export const carriedItemsHooks: ItemHooks = {
  afterUpdate(wc, _type, old, changes) {
    const toConnected = picked(changes, TO_CONNECTED);
    if (Object.keys(toConnected).length === 0) return;
    const id = Number(old.id);
    let moved = false;
    for (const target of itemtypesWith('connectable')) {
      for (const link of selectAll(wc.db, 'SELECT items_id FROM glpi_computers_items WHERE computers_id = ? AND itemtype = ? AND is_deleted = 0', id, target.name)) {
        const item = findById(wc.db, target.table, Number(link.items_id));
        if (item && Number(item.is_global ?? 0) !== 1) moved = writeCarriedChanges(wc, target, item, toConnected) || moved;
      }
    }
    const toComponents = picked(changes, TO_COMPONENTS);
    if (Object.keys(toComponents).length > 0) {
      for (const component of componentTypes()) {
        for (const row of selectAll(wc.db, `SELECT * FROM ${component.table} WHERE itemtype = 'Computer' AND items_id = ? AND is_deleted = 0`, id)) {
          moved = writeCarriedChanges(wc, component, row, toComponents) || moved;
        }
      }
    }
    if (!moved) return;
    // GLPI's messages follow one another, the last one is what the API answers.
    if ('locations_id' in toConnected) wc.extra.message = LOCATION_MESSAGE;
    else if ('users_id' in toConnected || 'groups_id' in toConnected) wc.extra.message = USER_MESSAGE;
    else wc.extra.message = CONTACT_MESSAGE;
  },
};
