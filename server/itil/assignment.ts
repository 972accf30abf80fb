/**
 * Assigning someone to a new ticket or problem through its actor rows (Ticket_User,
 * Group_Ticket, Supplier_Ticket…, as GLPI's clients do) moves it to "Processing (assigned)", the
 * same rule the item's own `_users_id_assign` input follows. Changes keep their own workflow.
 */
import { findById } from '../db/rows';
import type { ItemHooks } from '../items/hooks';
import { ACTOR } from '../auth/itil-visibility';
import { itemtypeOrThrow } from '../registry';
import { ITIL_STATUS } from '../registry/values';
import { writeRuleChanges } from './rules';

export const ASSIGNMENT_LINKS = ['Ticket_User', 'Group_Ticket', 'Supplier_Ticket', 'Problem_User', 'Group_Problem', 'Problem_Supplier'];

export const assignmentHooks: ItemHooks = {
  afterAdd(wc, type, row) {
    if (Number(row.type) !== ACTOR.ASSIGNED) return;
    const owner = type.owners[0];
    if (!owner || 'poly' in owner) return;
    const parentType = itemtypeOrThrow(owner.itemtype);
    const parent = findById(wc.db, parentType.table, Number(row[owner.fk]));
    if (parent && Number(parent.status) === ITIL_STATUS.NEW) writeRuleChanges(wc, parentType, parent, { status: ITIL_STATUS.ASSIGNED });
  },
};
