/**
 * GLPI's alert automatic actions: `contract` (a contract's end, its notice, the end of each period
 * and its notice), `infocom` (the end of a warranty) and `reservation` (reservations about to end).
 * Each runs only while notifications are on, alerts per entity whose settings ask for it (GLPI's
 * `use_contracts_alert`, `use_infocoms_alert`, `use_reservations_alert`, inherited with -2, and
 * their delays), raises one event per entity listing its items, and notes each item's alert in
 * glpi_alerts so it is sent once (a period's once per period), in one transaction.
 */
import { formatDate, now } from '../core/clock';
import { inTransaction, type Db } from '../db/connection';
import { findById, selectAll, selectOne, type Row } from '../db/rows';
import { Settings } from '../db/settings';
import { itemtype as itemtypeNamed } from '../registry';
import { CRON_TASKS, type CronTaskSpec } from '../registry/automatic-actions';
import { addDays, addMonths, ALERT, alertSent, noteAlert } from './alert-dates';
import { raiseEvent } from './events';
import { userName } from './itil-tags';
import { mailEnabled } from './mailer';
import { entityChain } from './recipients';
import type { TagData } from './template';

const INHERIT = -2;
/** Bits of a contract's or infocom's `alert` (1 << GLPI's alert type). */
const BIT = { end: 1 << ALERT.END, notice: 1 << ALERT.NOTICE, periodicity: 1 << ALERT.PERIODICITY };

/** An entity's setting, from the entity up while it says "inherit" (0 at the root). */
function entitySetting(db: Db, entityId: number, column: string): number {
  for (const id of entityChain(db, entityId)) {
    const value = Number(selectOne(db, `SELECT ${column} AS value FROM glpi_entities WHERE id = ?`, id)?.value ?? INHERIT);
    if (value !== INHERIT) return value;
  }
  return 0;
}

const entityName = (db: Db, id: number) => String(selectOne(db, 'SELECT completename FROM glpi_entities WHERE id = ?', id)?.completename ?? '');
const urlOf = (settings: Settings, itemtype: string, id: number) => {
  const base = settings.get('url_base').replace(/\/+$/, '');
  return base ? `${base}/#/${itemtype}/${id}` : '';
};

/** Items to alert about, by entity: their tag rows, and what to note once the event is raised. */
class Batches {
  private readonly byEntity = new Map<number, { rows: Record<string, string>[]; notes: (() => void)[] }>();
  add(entityId: number, row: Record<string, string>, note: () => void): void {
    const batch = this.byEntity.get(entityId) ?? this.byEntity.set(entityId, { rows: [], notes: [] }).get(entityId)!;
    batch.rows.push(row);
    batch.notes.push(note);
  }
  /** Raises `event` once per entity with its list, then notes the alerts. */
  raise(db: Db, settings: Settings, itemtype: string, event: string, list: string, values: (entityId: number) => Record<string, string>): void {
    for (const [entityId, batch] of this.byEntity) {
      const tags: TagData = { values: values(entityId), lists: { [list]: batch.rows } };
      raiseEvent(db, settings, event, { itemtype, item: { id: 0, entities_id: entityId }, authorId: 0 }, tags);
      for (const note of batch.notes) note();
    }
  }
}

const CONTRACT_ACTIONS: Record<string, string> = { end: 'End of contracts', notice: 'Contracts notice', periodicity: 'Contract periods ending', periodicitynotice: 'Contract periods notice' };

/** GLPI's `contract` action. A contract alerts on its end and notice, or (periodicity bit) on each period's end and notice. */
export function alertContracts(db: Db, at: string): void {
  const settings = new Settings(db);
  if (!mailEnabled(settings)) return;
  const today = at.slice(0, 10);
  const batches: Record<string, Batches> = { end: new Batches(), notice: new Batches(), periodicity: new Batches(), periodicitynotice: new Batches() };
  const contracts = selectAll(
    db,
    `SELECT c.*, t.name AS type_name FROM glpi_contracts c LEFT JOIN glpi_contracttypes t ON t.id = c.contracttypes_id
     WHERE c.is_deleted = 0 AND c.is_template = 0 AND c.alert != 0 AND c.begin_date IS NOT NULL ORDER BY c.id`,
  );
  for (const contract of contracts) {
    const entityId = Number(contract.entities_id);
    if (entitySetting(db, entityId, 'use_contracts_alert') <= 0) continue;
    const before = Math.max(0, entitySetting(db, entityId, 'send_contracts_alert_before_delay'));
    const id = Number(contract.id);
    const begin = String(contract.begin_date);
    const notice = Number(contract.notice);
    const alert = Number(contract.alert);
    const due = (date: string) => addDays(date, -before) <= today;
    const tags = (time: string) => ({
      'contract.name': String(contract.name ?? ''),
      'contract.number': String(contract.num ?? ''),
      'contract.time': time,
      'contract.type': String(contract.type_name ?? ''),
      'contract.url': urlOf(settings, 'Contract', id),
    });
    const periodicity = Number(contract.periodicity);
    if (alert & BIT.periodicity && periodicity > 0) {
      // The end of the current period: the first begin + k periods that is today or later.
      let k = 1;
      while (addMonths(begin, k * periodicity) < today && k < 1200) k++;
      const periodEnd = addMonths(begin, k * periodicity);
      const stamp = `${periodEnd} 00:00:00`;
      if (due(periodEnd) && alertSent(db, 'Contract', id, ALERT.PERIODICITY) < stamp) {
        batches.periodicity!.add(entityId, tags(periodEnd), () => noteAlert(db, 'Contract', id, ALERT.PERIODICITY, stamp));
      }
      const noticeDate = addMonths(periodEnd, -notice);
      if (alert & BIT.notice && notice > 0 && due(noticeDate) && alertSent(db, 'Contract', id, ALERT.NOTICE) < stamp) {
        batches.periodicitynotice!.add(entityId, tags(noticeDate), () => noteAlert(db, 'Contract', id, ALERT.NOTICE, stamp));
      }
      continue;
    }
    const duration = Number(contract.duration);
    if (duration <= 0) continue;
    const end = addMonths(begin, duration);
    if (alert & BIT.end && due(end) && alertSent(db, 'Contract', id, ALERT.END) === '') {
      batches.end!.add(entityId, tags(end), () => noteAlert(db, 'Contract', id, ALERT.END, at));
    }
    const noticeDate = addMonths(end, -notice);
    if (alert & BIT.notice && notice > 0 && due(noticeDate) && today < end && alertSent(db, 'Contract', id, ALERT.NOTICE) === '') {
      batches.notice!.add(entityId, tags(noticeDate), () => noteAlert(db, 'Contract', id, ALERT.NOTICE, at));
    }
  }
  inTransaction(db, () => {
    for (const [event, batch] of Object.entries(batches)) {
      batch.raise(db, settings, 'Contract', event, 'contracts', (entityId) => ({ 'contract.action': CONTRACT_ACTIONS[event]!, 'contract.entity': entityName(db, entityId) }));
    }
  });
}

/** The name of the asset an infocom or reservable item is about. */
function assetOf(db: Db, itemtype: string, id: number): Row | null {
  const type = itemtypeNamed(itemtype);
  return type ? findById(db, type.table, id) : null;
}
const assetName = (db: Db, itemtype: string, id: number) => String(assetOf(db, itemtype, id)?.name ?? '');

/** GLPI's `infocom` action: the warranties that end within the entity's delay. */
export function alertInfocoms(db: Db, at: string): void {
  const settings = new Settings(db);
  if (!mailEnabled(settings)) return;
  const today = at.slice(0, 10);
  const batches = new Batches();
  const infocoms = selectAll(db, 'SELECT * FROM glpi_infocoms WHERE (alert & ?) != 0 AND warranty_duration > 0 AND warranty_date IS NOT NULL ORDER BY id', BIT.end);
  for (const infocom of infocoms) {
    const entityId = Number(infocom.entities_id);
    if (entitySetting(db, entityId, 'use_infocoms_alert') <= 0) continue;
    const before = Math.max(0, entitySetting(db, entityId, 'send_infocoms_alert_before_delay'));
    const end = addMonths(String(infocom.warranty_date), Number(infocom.warranty_duration));
    const id = Number(infocom.id);
    if (addDays(end, -before) > today || alertSent(db, 'Infocom', id, ALERT.END) !== '') continue;
    const itemtype = String(infocom.itemtype);
    batches.add(
      entityId,
      {
        'infocom.itemtype': itemtype,
        'infocom.item': assetName(db, itemtype, Number(infocom.items_id)),
        'infocom.expirationdate': end,
        'infocom.url': urlOf(settings, itemtype, Number(infocom.items_id)),
      },
      () => noteAlert(db, 'Infocom', id, ALERT.END, at),
    );
  }
  inTransaction(db, () => batches.raise(db, settings, 'Infocom', 'alert', 'infocoms', (entityId) => ({ 'infocom.action': 'Alarms on financial and administrative information', 'infocom.entity': entityName(db, entityId) })));
}

/** GLPI's `reservation` action: the reservations that end within the entity's hours and were not told of. */
export function alertReservations(db: Db, at: string): void {
  const settings = new Settings(db);
  if (!mailEnabled(settings)) return;
  const batches = new Batches();
  const rows = selectAll(
    db,
    `SELECT r.id, r.users_id, r."end", ri.itemtype, ri.items_id, ri.entities_id FROM glpi_reservations r JOIN glpi_reservationitems ri ON ri.id = r.reservationitems_id
     WHERE r."end" > ? ORDER BY r."end", r.id`,
    at,
  );
  for (const reservation of rows) {
    const entityId = Number(reservation.entities_id);
    const hours = entitySetting(db, entityId, 'use_reservations_alert');
    if (hours <= 0) continue;
    const id = Number(reservation.id);
    const limit = formatDate(new Date(now() + hours * 3_600_000));
    if (String(reservation.end) > limit || alertSent(db, 'Reservation', id, ALERT.END) !== '') continue;
    const itemtype = String(reservation.itemtype);
    batches.add(
      entityId,
      {
        'reservation.itemtype': itemtype,
        'reservation.item': assetName(db, itemtype, Number(reservation.items_id)),
        'reservation.user': userName(db, reservation.users_id),
        'reservation.end': String(reservation.end),
        'reservation.url': urlOf(settings, itemtype, Number(reservation.items_id)),
      },
      () => noteAlert(db, 'Reservation', id, ALERT.END, at),
    );
  }
  inTransaction(db, () => batches.raise(db, settings, 'Reservation', 'alert', 'reservations', (entityId) => ({ 'reservation.action': 'Reservation expired', 'reservation.entity': entityName(db, entityId) })));
}

/** The tags of a reservation's own events (new, update, delete). */
export function reservationTags(db: Db, settings: Settings, reservation: Row, item: Row | null, event: string): TagData {
  const labels: Record<string, string> = { new: 'New reservation', update: 'Update of a reservation', delete: 'Deletion of a reservation' };
  const itemtype = String(item?.itemtype ?? '');
  const asset = item ? assetOf(db, itemtype, Number(item.items_id)) : null;
  return {
    values: {
      'reservation.action': labels[event] ?? event,
      'reservation.user': userName(db, reservation.users_id),
      'reservation.itemtype': itemtype,
      'reservation.item.name': String(asset?.name ?? ''),
      'reservation.tech': userName(db, asset?.users_id_tech),
      'reservation.begin': String(reservation.begin ?? ''),
      'reservation.end': String(reservation.end ?? ''),
      'reservation.comment': String(reservation.comment ?? ''),
      'reservation.entity': entityName(db, Number(item?.entities_id ?? 0)),
      'reservation.url': urlOf(settings, 'Reservation', Number(reservation.id)),
    },
    lists: {},
  };
}

export const NOTIFY_ACTIONS: [CronTaskSpec, (db: Db, at: string) => void][] = [
  [CRON_TASKS.contract, alertContracts],
  [CRON_TASKS.infocom, alertInfocoms],
  [CRON_TASKS.reservation, alertReservations],
];
