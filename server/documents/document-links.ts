import { RIGHT_MISSING_MESSAGE } from '../core/errors';
import { findById, selectAll, type Row } from '../db/rows';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import { itemtype } from '../registry';
import { ITIL_STATUS } from '../registry/values';

/** GLPI's timeline sides: an ITIL object's requesters write on the left, its technicians on the right. */
const TIMELINE_LEFT = 1;
const TIMELINE_RIGHT = 4;
const REQUESTER = 1;
const ASSIGNED = 2;
const OBSERVER = 3;

/**
 * The side of an ITIL object's timeline a user's document (follow-up, task) goes to, as GLPI
 * places it: right for an assigned technician who does not request it, left for a requester or
 * an observer; a user who is no actor goes left, unless nobody at all (then by the interface).
 */
export function timelinePosition(wc: WriteContext, itil: string, itemsId: number, usersId: number): number {
  const type = itemtype(itil);
  if (!type) return TIMELINE_LEFT;
  const roles = new Set(selectAll(wc.db, `SELECT type FROM ${type.table}_users WHERE ${type.fkName} = ? AND users_id = ?`, itemsId, usersId).map((r) => Number(r.type)));
  if (roles.size === 0) return TIMELINE_LEFT;
  if (roles.has(REQUESTER)) return TIMELINE_LEFT;
  if (roles.has(ASSIGNED)) return TIMELINE_RIGHT;
  return roles.has(OBSERVER) ? TIMELINE_LEFT : wc.scope.profile.interface === 'helpdesk' ? TIMELINE_LEFT : TIMELINE_RIGHT;
}

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
};
