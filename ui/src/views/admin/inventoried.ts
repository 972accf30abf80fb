/**
 * What an item page needs to know of inventories, without the inventory screens (./Inventory.tsx,
 * a chunk of the console fetched when one shows).
 */
import { api } from '../../data/api';
import { useApi } from '../../data/use-api';

/** The types an inventory writes: their pages have an inventory tab. */
export const INVENTORIED_TYPES = ['Computer', 'Phone', 'NetworkEquipment', 'Printer'];

const NONE_LOCKED: Set<string> = new Set();

/** The locked fields of an item (GLPI 10's Lockedfield): none when the profile may not read them. */
export function useLockedFields(itemtype: string, id: number | null, dynamic: boolean, reload: number): Set<string> {
  const fields = useApi(async () => {
    if (id === null || !dynamic) return NONE_LOCKED;
    return api
      .list('Lockedfield', { range: '0-999', searchText: { itemtype: `^${itemtype}$`, items_id: `^${id}$` } })
      .then((page) => new Set(page.items.map((l) => String(l.field))), () => NONE_LOCKED);
  }, [itemtype, id, dynamic, reload]);
  return fields.data ?? NONE_LOCKED;
}
