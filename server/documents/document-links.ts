import { nowString } from '../core/clock';
import { RIGHT_MISSING_MESSAGE } from '../core/errors';
import { findById, type Row } from '../db/rows';
import { same, writeCarriedChanges } from '../items/crud';
import { HISTORY, writeLog } from '../items/history';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import { timelinePosition } from '../items/timeline';
import { itemtype, itemtypeOrThrow } from '../registry';
import { historyOption } from '../registry/searchoptions';
import { ITIL_STATUS } from '../registry/values';

/**
 * GLPI's entity coherency of a relation: both sides in one entity, or the recursive side in an
 * entity above the other's.
 */
function coherent(wc: WriteContext, a: Row, b: Row): boolean {
  const [ea, eb] = [Number(a.entities_id), Number(b.entities_id)];
  if (ea === eb) return true;
  const tree = wc.services.directory.entities();
  return (Number(a.is_recursive) === 1 && tree.ancestors(eb).includes(ea)) || (Number(b.is_recursive) === 1 && tree.ancestors(ea).includes(eb));
}

/**
 * A document attached to an item, as GLPI adds the link: refused on a closed ticket and between
 * entities that do not see each other (a document of the root entity that is not recursive on a
 * sub-entity's item); the link takes the document's entity and recursion, the attaching user,
 * and on an ITIL object the timeline side of that user.
 */
export const documentLinkHooks: ItemHooks = {
  prepareAdd(wc, _type, row, input) {
    const document = findById(wc.db, 'glpi_documents', Number(row.documents_id));
    const target = typeof row.itemtype === 'string' ? itemtype(row.itemtype) : undefined;
    const item = target ? findById(wc.db, target.table, Number(row.items_id)) : null;
    if (!document || !target || !item) return;
    if (target.name === 'Ticket' && Number(item.status) === ITIL_STATUS.CLOSED) throw new ItemError(RIGHT_MISSING_MESSAGE);
    if (target.name !== 'Entity' && target.column.has('entities_id') && !coherent(wc, document, item)) throw new ItemError(RIGHT_MISSING_MESSAGE);
    if (input.users_id === undefined) row.users_id = Number(wc.scope.user.id);
    if (input.entities_id === undefined) {
      row.entities_id = Number(document.entities_id);
      row.is_recursive = Number(document.is_recursive);
    }
    if (target.kind === 'itil' && input.timeline_position === undefined) row.timeline_position = timelinePosition(wc, target.name, Number(row.items_id), Number(row.users_id));
  },
  afterAdd: (wc, _type, row) => touchTicket(wc, row),
  afterPurge: (wc, _type, row) => touchTicket(wc, row),
};

/**
 * Attaching a document to a ticket or taking it off updates the ticket as GLPI's Document_Item
 * does, through an update whose input is the date: its `date_mod` change is logged (19), and its
 * last updater (64) when that changes.
 */
function touchTicket(wc: WriteContext, row: Row): void {
  if (row.itemtype !== 'Ticket') return;
  const type = itemtypeOrThrow('Ticket');
  const ticket = findById(wc.db, type.table, Number(row.items_id));
  if (!ticket) return;
  const now = nowString();
  if (wc.history && !same(ticket.date_mod, now)) {
    writeLog(wc.db, wc.actor, { itemtype: type.name, itemsId: Number(ticket.id), action: HISTORY.FIELD, option: historyOption(type, 'date_mod'), oldValue: String(ticket.date_mod ?? ''), newValue: now });
  }
  writeCarriedChanges(wc, type, ticket, { date_mod: now, users_id_lastupdater: Number(wc.scope.user.id) });
}
