import type { Itemtype } from '../registry';
import { itemtypeOrThrow } from '../registry';
import { rightOf, type Scope } from './scope';

export type Action = 'read' | 'create' | 'update' | 'delete' | 'purge';

export const READ = 1;
export const UPDATE = 2;
export const CREATE = 4;
export const DELETE = 8;
export const PURGE = 16;
export const READNOTE = 32;

/** Ticket-specific bits (GLPI's Ticket constants). */
export const TICKET = {
  READMY: 1,
  READALL: 1024,
  READGROUP: 2048,
  READASSIGN: 4096,
  ASSIGN: 8192,
  STEAL: 16384,
  OWN: 32768,
  CHANGEPRIORITY: 65536,
} as const;

/** ITILFollowup bits. */
export const FOLLOWUP = {
  SEEPUBLIC: 1,
  UPDATEMY: 2,
  ADDMYTICKET: 4,
  UPDATEALL: 1024,
  ADDGROUPTICKET: 2048,
  ADDALLTICKET: 4096,
  SEEPRIVATE: 8192,
} as const;

const STANDARD: Record<Action, number> = { read: READ, update: UPDATE, create: CREATE, delete: DELETE, purge: PURGE };

/** Any one of the returned bits grants the action at the class level. */
function actionBits(right: string, action: Action, helpdesk: boolean): number {
  switch (right) {
    case 'ticket':
      if (action === 'read') return TICKET.READMY | TICKET.READALL | UPDATE | TICKET.READASSIGN | TICKET.READGROUP | TICKET.OWN;
      if (action === 'update') return helpdesk ? CREATE : UPDATE | TICKET.ASSIGN | TICKET.STEAL | TICKET.OWN | TICKET.CHANGEPRIORITY;
      if (action === 'delete') return helpdesk ? CREATE : DELETE;
      return STANDARD[action];
    case 'problem':
    case 'change':
      return action === 'read' ? READ | TICKET.READALL : STANDARD[action];
    case 'followup':
    case 'task':
      if (action === 'read') return FOLLOWUP.SEEPUBLIC | FOLLOWUP.SEEPRIVATE;
      if (action === 'create') return FOLLOWUP.ADDMYTICKET | FOLLOWUP.ADDGROUPTICKET | FOLLOWUP.ADDALLTICKET | FOLLOWUP.UPDATEALL;
      if (action === 'update') return FOLLOWUP.UPDATEMY | FOLLOWUP.UPDATEALL;
      return PURGE;
    case 'ticketvalidation':
    case 'changevalidation':
      return action === 'read' ? 1024 | 2048 | 4096 | 8192 : action === 'create' ? 1024 | 2048 : 4096 | 8192;
    default:
      return STANDARD[action];
  }
}

/**
 * May the active profile do `action` on this itemtype at all? Dependent types without a right
 * of their own follow their first owner: reading it, or updating it for any change.
 */
export function classCan(scope: Scope, type: Itemtype, action: Action): boolean {
  if (type.readOnly && action !== 'read') return false;
  // As GLPI: whoever may update the configuration adds and removes API clients.
  if (type.name === 'APIClient' && (action === 'create' || action === 'purge')) return (rightOf(scope, 'config') & UPDATE) !== 0;
  if (type.right) {
    return (rightOf(scope, type.right) & actionBits(type.right, action, scope.profile.interface === 'helpdesk')) !== 0;
  }
  const owner = type.owners[0];
  if (!owner) return false;
  if ('poly' in owner) return true; // decided per row, on the item it points to
  return classCan(scope, itemtypeOrThrow(owner.itemtype), action === 'read' ? 'read' : 'update');
}
