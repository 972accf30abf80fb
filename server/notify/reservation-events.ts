/**
 * A reservation's own events (GLPI's Reservation new, update, delete): raised in the write's
 * transaction, to the reservation's user and whom the notification targets (the reserved item's
 * technician and group in charge among them).
 */
import { findById, type Row } from '../db/rows';
import type { Db } from '../db/connection';
import type { ItemHooks, WriteContext } from '../items/hooks';
import type { Settings } from '../db/settings';
import { itemtype as itemtypeNamed } from '../registry';
import { reservationTags } from './alerts';
import { raiseEvent } from './events';
import { mailEnabled } from './mailer';

function raise(db: Db, settings: Settings, reservation: Row, event: string, authorId: number): void {
  const item = findById(db, 'glpi_reservationitems', Number(reservation.reservationitems_id));
  const type = item ? itemtypeNamed(String(item.itemtype)) : undefined;
  const asset = item && type ? findById(db, type.table, Number(item.items_id)) : null;
  const ctx = { itemtype: 'Reservation', item: { ...reservation, entities_id: Number(item?.entities_id ?? 0) }, authorId, asset: asset ?? undefined };
  raiseEvent(db, settings, event, ctx, reservationTags(db, settings, reservation, item, event));
}

const on = (wc: WriteContext) => mailEnabled(wc.services.store.settings);
const author = (wc: WriteContext) => Number(wc.scope.user.id) || 0;

export const reservationNotificationHooks: ItemHooks = {
  afterAdd(wc, _type, row) {
    const reservation = on(wc) ? findById(wc.db, 'glpi_reservations', Number(row.id)) : null;
    if (reservation) raise(wc.db, wc.services.store.settings, reservation, 'new', author(wc));
  },
  afterUpdate(wc, _type, old, changes) {
    if (on(wc)) raise(wc.db, wc.services.store.settings, { ...old, ...changes }, 'update', author(wc));
  },
  beforeDelete(wc, _type, row) {
    if (on(wc)) raise(wc.db, wc.services.store.settings, row, 'delete', author(wc));
  },
};
