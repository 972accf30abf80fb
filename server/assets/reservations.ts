import { accessFilter } from '../auth/visibility';
import { selectOne } from '../db/rows';
import type { ItemHooks, WriteContext } from '../items/hooks';
import { ItemError } from '../items/hooks';
import type { Row } from '../db/rows';
import { itemtypeOrThrow } from '../registry';

/**
 * Booking is not managing: whoever may book (GLPI's RESERVEANITEM) reserves an item they can
 * see, and only an active one; the reservation itself is theirs (Reservation's `privateTo`).
 * Managing the reservable items (ReservationItem) keeps the standard rights.
 */
/**
 * A reservation is a time span on one reservable item: it ends after it begins and meets no
 * other reservation of that item (touching ends are fine, as in GLPI).
 */
function checkTimeSpan(wc: WriteContext, row: Row, id: number): void {
  const begin = String(row.begin ?? '');
  const end = String(row.end ?? '');
  if (begin === '' || end === '' || begin >= end) throw new ItemError('A reservation needs a begin date before its end date');
  const clash = selectOne(
    wc.db,
    'SELECT id FROM glpi_reservations WHERE reservationitems_id = ? AND id <> ? AND "end" > ? AND "begin" < ? LIMIT 1',
    Number(row.reservationitems_id ?? 0),
    id,
    begin,
    end,
  );
  if (clash) throw new ItemError(`The item is already reserved during that time (reservation ${clash.id})`);
}

export const reservationHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    checkTimeSpan(wc, row, 0);
  },
  prepareUpdate(wc, _type, old, changes) {
    if (!('begin' in changes || 'end' in changes || 'reservationitems_id' in changes)) return;
    checkTimeSpan(wc, { ...old, ...changes }, Number(old.id));
  },

  canWriteOwner(wc, _type, row, action) {
    const items = itemtypeOrThrow('ReservationItem');
    const readable = accessFilter(wc.scope, items, 'read', 'ri');
    if (readable.sql === '0') return false;
    const active = action === 'create' ? ' AND ri.is_active = 1' : '';
    const sql = `SELECT 1 AS ok FROM ${items.table} ri WHERE ri.id = ?${active} AND (${readable.sql})`;
    return selectOne(wc.db, sql, Number(row.reservationitems_id ?? 0), ...readable.args) !== null;
  },
};
