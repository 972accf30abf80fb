/**
 * What GLPI's updateDateMod does to an ITIL item when one of its follow-ups, tasks or actors is
 * added, changed or removed: a ticket not yet taken into account is taken into account by whoever
 * may (see takenIntoAccount), through an update that logs its delay and last updater; then the
 * item's date and last updater are set without history.
 */
import { nowString } from '../core/clock';
import { UPDATE } from '../auth/rights';
import { hasRight } from '../auth/scope';
import { findById, updateRow, type Row } from '../db/rows';
import type { ItemHooks, WriteContext } from '../items/hooks';
import { itemtype, type Itemtype } from '../registry';
import { takenIntoAccount } from './durations';
import { writeRuleChanges } from './rules';

/**
 * Touches `item` of `type` (see above); `takeIntoAccount` false for what GLPI does not count (a
 * requester or observer added). GLPI's update keeps the take-into-account columns only for who may
 * update tickets (a requester's follow-up leaves them).
 */
export function touchItilItem(wc: WriteContext, type: Itemtype, item: Row, takeIntoAccount = true): void {
  const me = Number(wc.scope.user.id);
  if (type.name === 'Ticket' && takeIntoAccount && hasRight(wc.scope, 'ticket', UPDATE)) {
    const taken = takenIntoAccount(wc, item);
    if (Object.keys(taken).length > 0) writeRuleChanges(wc, type, item, { ...taken, users_id_lastupdater: me });
  }
  updateRow(wc.db, type.table, Number(item.id), { date_mod: nowString(), users_id_lastupdater: me });
}

/** The ITIL item a follow-up (itemtype/items_id) or task (its owner's key) belongs to. */
function parentOf(wc: WriteContext, type: Itemtype, row: Row): { parentType: Itemtype; parent: Row } | null {
  const owner = type.owners.find((o) => 'fk' in o);
  const parentType = owner && 'fk' in owner ? itemtype(owner.itemtype) : itemtype(String(row.itemtype ?? ''));
  if (!parentType || parentType.kind !== 'itil') return null;
  const parent = findById(wc.db, parentType.table, Number(owner && 'fk' in owner ? row[owner.fk] : row.items_id));
  return parent ? { parentType, parent } : null;
}

function touchParent(wc: WriteContext, type: Itemtype, row: Row): void {
  const found = parentOf(wc, type, row);
  if (found) touchItilItem(wc, found.parentType, found.parent);
}

/** On follow-ups and tasks: each add, change and removal touches their ITIL item. */
export const takeIntoAccountHooks: ItemHooks = {
  afterAdd: (wc, type, row) => touchParent(wc, type, row),
  afterUpdate(wc, type, old, changes) {
    if (Object.keys(changes).length > 0) touchParent(wc, type, { ...old, ...changes });
  },
  afterPurge: (wc, type, row) => touchParent(wc, type, row),
};

/** On linked tickets (Ticket_Ticket): a link added or removed touches both tickets, as GLPI's. */
export const ticketLinkTouchHooks: ItemHooks = {
  afterAdd: (wc, _type, row) => touchLinkedTickets(wc, row),
  afterPurge: (wc, _type, row) => touchLinkedTickets(wc, row),
};

function touchLinkedTickets(wc: WriteContext, row: Row): void {
  const type = itemtype('Ticket')!;
  for (const key of ['tickets_id_1', 'tickets_id_2']) {
    const ticket = findById(wc.db, type.table, Number(row[key]));
    if (ticket) touchItilItem(wc, type, ticket);
  }
}
