import { accessFilter } from '../auth/visibility';
import { selectOne } from '../db/rows';
import type { ItemHooks } from '../items/hooks';
import { itemtypeOrThrow } from '../registry';

/**
 * Booking is not managing: whoever may book (GLPI's RESERVEANITEM) reserves an item they can
 * see, and only an active one; the reservation itself is theirs (Reservation's `privateTo`).
 * Managing the reservable items (ReservationItem) keeps the standard rights.
 */
export const reservationHooks: ItemHooks = {
  canWriteOwner(wc, _type, row, action) {
    const items = itemtypeOrThrow('ReservationItem');
    const readable = accessFilter(wc.scope, items, 'read', 'ri');
    if (readable === '0') return false;
    const active = action === 'create' ? ' AND ri.is_active = 1' : '';
    const sql = `SELECT 1 AS ok FROM ${items.table} ri WHERE ri.id = ?${active} AND (${readable})`;
    return selectOne(wc.db, sql, Number(row.reservationitems_id ?? 0)) !== null;
  },
};
