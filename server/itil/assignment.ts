/**
 * Assigning someone to a new ticket or problem through its actor rows (Ticket_User,
 * Group_Ticket, Supplier_Ticket…, as GLPI's clients do) moves it to "Processing (assigned)", the
 * same rule the item's own `_users_id_assign` input follows (a change has no such status: it keeps
 * its own). Once no assignee is left, a ticket, problem or change in progress is New again, as
 * GLPI's actor rows do for all three.
 */
import type { Db } from '../db/connection';
import { findById, selectOne, type Row } from '../db/rows';
import type { ItemHooks } from '../items/hooks';
import { ACTOR } from '../auth/itil-visibility';
import { itemtypeOrThrow, type Itemtype } from '../registry';
import { ITIL_STATUS, ITIL_STATUSES } from '../registry/values';
import { touchItilItem } from './take-into-account';
import { writeRuleChanges } from './rules';

export const ASSIGNMENT_LINKS = ['Ticket_User', 'Group_Ticket', 'Supplier_Ticket', 'Problem_User', 'Group_Problem', 'Problem_Supplier', 'Change_User', 'Change_Group', 'Change_Supplier'];

/** The ticket or problem an actor row belongs to. */
function parentOf(db: Db, type: Itemtype, row: Row): { parentType: Itemtype; parent: Row | null } | null {
  const owner = type.owners[0];
  if (!owner || 'poly' in owner) return null;
  const parentType = itemtypeOrThrow(owner.itemtype);
  return { parentType, parent: findById(db, parentType.table, Number(row[owner.fk])) };
}

/** Is anyone (user, group or supplier) still assigned to this ticket, problem or change? */
function stillAssigned(db: Db, parentType: Itemtype, id: number): boolean {
  return ASSIGNMENT_LINKS.map(itemtypeOrThrow).some((link) => {
    const owner = link.owners[0]!;
    if ('poly' in owner || owner.itemtype !== parentType.name) return false;
    return selectOne(db, `SELECT 1 FROM ${link.table} WHERE ${owner.fk} = ? AND type = ?`, id, ACTOR.ASSIGNED) !== null;
  });
}

/**
 * Statuses GLPI leaves as they are when no assignee is left: the new ones (a change's accepted,
 * evaluation and approval included), solved and closed. Any other (a change in test, a cancelled
 * one) becomes New.
 */
const KEPT_UNASSIGNED = new Set<number>([ITIL_STATUS.NEW, ITIL_STATUS.ACCEPTED, ITIL_STATUS.EVALUATION, ITIL_STATUS.APPROVAL, ITIL_STATUS.SOLVED, ITIL_STATUS.CLOSED]);

/** Does this type have GLPI's "Processing (assigned)" status (tickets and problems; changes do not)? */
const hasAssignedStatus = (type: Itemtype) => (ITIL_STATUSES[type.name as keyof typeof ITIL_STATUSES] ?? []).some(([value]) => value === ITIL_STATUS.ASSIGNED);

export const assignmentHooks: ItemHooks = {
  afterAdd(wc, type, row) {
    const link = parentOf(wc.db, type, row);
    if (!link?.parent) return;
    // GLPI counts a ticket taken into account when a technician comes, not a requester or observer.
    touchItilItem(wc, link.parentType, link.parent, Number(row.type) === ACTOR.ASSIGNED);
    if (Number(row.type) !== ACTOR.ASSIGNED || !hasAssignedStatus(link.parentType) || Number(link.parent.status) !== ITIL_STATUS.NEW) return;
    writeRuleChanges(wc, link.parentType, findById(wc.db, link.parentType.table, Number(link.parent.id))!, { status: ITIL_STATUS.ASSIGNED });
  },
  // As GLPI: once an actor row goes and no assignee is left, an item in progress is new again.
  afterPurge(wc, type, row) {
    const link = parentOf(wc.db, type, row);
    if (!link?.parent) return;
    touchItilItem(wc, link.parentType, link.parent);
    if (KEPT_UNASSIGNED.has(Number(link.parent.status))) return;
    if (!stillAssigned(wc.db, link.parentType, Number(link.parent.id))) writeRuleChanges(wc, link.parentType, findById(wc.db, link.parentType.table, Number(link.parent.id))!, { status: ITIL_STATUS.NEW });
  },
};
