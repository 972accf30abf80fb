import type { Itemtype } from './types';
import { itemtypeOrThrow } from './index';

/**
 * Rights as data: the profile-level rights check, free of sessions and storage, the bits each
 * right takes and the names GLPI's profile screens give them. The server's `classCan` and the
 * console both call it, so a menu entry or button shows exactly when the API would allow it.
 */
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
  SURVEY: 131072,
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

/** TicketValidation bits. */
export const VALIDATION = { CREATEREQUEST: 1024, CREATEINCIDENT: 2048, VALIDATEREQUEST: 4096, VALIDATEINCIDENT: 8192 } as const;

/** The inventory right's bits beyond READ: sending an inventory file, editing the inventory configuration. */
const INVENTORY = { IMPORTFROMFILE: 1024, UPDATECONFIG: 2048 } as const;
/** rule_ticket's and rule_asset's bit (GLPI's PARENT) for the business rules an entity inherits from its parents. */
export const RULE_PARENT = 1024;

/** The bits a right takes and what each means (the profile editor shows one checkbox per bit). */
export function rightBits(right: string): [number, string][] {
  const standard: [number, string][] = [
    [READ, 'Read'],
    [UPDATE, 'Update'],
    [CREATE, 'Create'],
    [DELETE, 'Delete'],
    [PURGE, 'Purge'],
  ];
  switch (right) {
    case 'ticket':
      return [
        [TICKET.READMY, 'See my tickets'],
        [TICKET.READGROUP, 'See tickets of my groups'],
        [TICKET.READASSIGN, 'See assigned tickets'],
        [TICKET.READALL, 'See all tickets'],
        [UPDATE, 'Update'],
        [CREATE, 'Create'],
        [DELETE, 'Delete'],
        [PURGE, 'Purge'],
        [TICKET.ASSIGN, 'Assign'],
        [TICKET.STEAL, 'Steal'],
        [TICKET.OWN, 'Be in charge'],
        [TICKET.CHANGEPRIORITY, 'Change priority'],
      ];
    case 'problem':
    case 'change':
      return [[READ, 'See my items'], [TICKET.READALL, 'See all'], ...standard.slice(1)];
    case 'followup':
    case 'task':
      return [
        [FOLLOWUP.SEEPUBLIC, 'See public ones'],
        [FOLLOWUP.SEEPRIVATE, 'See private ones'],
        [FOLLOWUP.ADDMYTICKET, 'Add to my tickets'],
        [FOLLOWUP.ADDGROUPTICKET, 'Add to tickets of my groups'],
        [FOLLOWUP.ADDALLTICKET, 'Add to all tickets'],
        [FOLLOWUP.UPDATEMY, 'Update my own'],
        [FOLLOWUP.UPDATEALL, 'Update all'],
        [PURGE, 'Purge'],
      ];
    case 'changevalidation':
      return [
        [CREATE, 'Ask approval'],
        [CHANGE_VALIDATE, 'Approve'],
        [PURGE, 'Purge'],
      ];
    case 'inventory':
      return [
        [READ, 'Read'],
        [INVENTORY.IMPORTFROMFILE, 'Import from file'],
        [INVENTORY.UPDATECONFIG, 'Import configuration'],
      ];
    case 'rule_ticket':
    case 'rule_asset':
      // Rules are never in a trash: no DELETE bit.
      return [...standard.filter(([bit]) => bit !== DELETE), [RULE_PARENT, 'Business rules (entity parent)']];
    case 'ticketvalidation':
      return [
        [VALIDATION.CREATEREQUEST, 'Ask approval of requests'],
        [VALIDATION.CREATEINCIDENT, 'Ask approval of incidents'],
        [VALIDATION.VALIDATEREQUEST, 'Approve requests'],
        [VALIDATION.VALIDATEINCIDENT, 'Approve incidents'],
      ];
    default:
      return standard;
  }
}

/** KnowbaseItem bits. */
export const KNOWBASE = { ADMIN: 1024, READFAQ: 2048, PUBLISHFAQ: 4096 } as const;
/** The reservation right's bit for booking (and managing one's own bookings). */
const RESERVE_AN_ITEM = 1024;

/** ChangeValidation's VALIDATE bit (answering an approval request). */
const CHANGE_VALIDATE = 1024;

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
    case 'knowbase':
      // GLPI: FAQ readers and publishers, KNOWBASEADMIN for edits.
      if (action === 'read') return READ | KNOWBASE.READFAQ;
      if (action === 'create') return CREATE | KNOWBASE.PUBLISHFAQ;
      return action === 'update' ? UPDATE | KNOWBASE.ADMIN : STANDARD[action];
    case 'reservation':
      // Reservable items are listed to whoever may book them.
      return action === 'read' ? READ | RESERVE_AN_ITEM : STANDARD[action];
    case 'followup':
    case 'task':
      if (action === 'read') return FOLLOWUP.SEEPUBLIC | FOLLOWUP.SEEPRIVATE;
      if (action === 'create') return FOLLOWUP.ADDMYTICKET | FOLLOWUP.ADDGROUPTICKET | FOLLOWUP.ADDALLTICKET | FOLLOWUP.UPDATEALL;
      if (action === 'update') return FOLLOWUP.UPDATEMY | FOLLOWUP.UPDATEALL;
      return PURGE;
    case 'changevalidation':
      // GLPI's change approvals: CREATE asks, VALIDATE answers, PURGE removes.
      if (action === 'create') return CREATE;
      return action === 'read' || action === 'update' ? CREATE | CHANGE_VALIDATE : PURGE;
    case 'ticketvalidation':
      return action === 'read'
        ? VALIDATION.CREATEREQUEST | VALIDATION.CREATEINCIDENT | VALIDATION.VALIDATEREQUEST | VALIDATION.VALIDATEINCIDENT
        : action === 'create'
          ? VALIDATION.CREATEREQUEST | VALIDATION.CREATEINCIDENT
          : VALIDATION.VALIDATEREQUEST | VALIDATION.VALIDATEINCIDENT;
    default:
      return STANDARD[action];
  }
}

/** A profile as the rights check sees it: its value for each right name, and its interface. */
export interface ProfileRights {
  rightOf(name: string): number;
  helpdesk: boolean;
}

/**
 * May a profile do `action` on this itemtype at all? Dependent types without a right of their
 * own follow their first owner: reading it, or updating it for any change.
 */
export function profileCan(profile: ProfileRights, type: Itemtype, action: Action): boolean {
  if (type.readOnly && action !== 'read') return false;
  // As GLPI: whoever may update the configuration adds and removes API clients, SSO variables…
  if (type.right && type.editedWithUpdate && action !== 'read') return (profile.rightOf(type.right) & UPDATE) !== 0;
  if (type.right && type.readWithUpdate && action === 'read') return (profile.rightOf(type.right) & UPDATE) !== 0;
  // Rows guarded by their own right (rules, by collection): any of those rights will do at this level
  // (PARENT reads the rules an entity's collection inherits).
  if (type.rowRights) {
    const { rights, entityScoped } = type.rowRights;
    const bits = (value: string) => STANDARD[action] | (action === 'read' && entityScoped.includes(value) ? RULE_PARENT : 0);
    if (Object.entries(rights).some(([value, right]) => (profile.rightOf(right) & bits(value)) !== 0)) return true;
  }
  if (type.privateTo?.ownWithoutRight && !profile.helpdesk) return true;
  if (type.right) return (profile.rightOf(type.right) & (actionBits(type.right, action, profile.helpdesk) | (type.privateTo?.ownBits ?? 0))) !== 0;
  const owner = type.owners[0];
  if (!owner) return false;
  // Decided per row, on the item it points to. GLPI reads a component's link to its item only
  // with the right on components as well (it checks both sides of a relation to view it).
  if ('poly' in owner) return action !== 'read' || !type.name.startsWith('Item_Device') || (profile.rightOf('device') & READ) !== 0;
  return profileCan(profile, itemtypeOrThrow(owner.itemtype), action === 'read' ? 'read' : 'update');
}

/** A right's name as GLPI's profile screens show it (English; the catalogue translates it). */
export const RIGHT_NAMES: Record<string, string> = {
  computer: 'Computers',
  monitor: 'Monitors',
  networking: 'Network devices',
  peripheral: 'Peripherals',
  phone: 'Phones',
  printer: 'Printers',
  software: 'Software',
  license: 'Licenses',
  cartridge: 'Cartridges',
  consumable: 'Consumables',
  certificate: 'Certificates',
  appliance: 'Appliances',
  cluster: 'Clusters',
  database: 'Databases',
  datacenter: 'Data centers',
  cable_management: 'Cable management',
  unmanaged: 'Unmanaged devices',
  device: 'Components',
  devicesimcard_pinpuk: 'SIM card PIN/PUK',
  internet: 'Internet',
  budget: 'Budgets',
  contact_enterprise: 'Contacts / Suppliers',
  contract: 'Contracts',
  document: 'Documents',
  domain: 'Domains',
  line: 'Lines',
  infocom: 'Financial and administrative information',
  knowbase: 'Knowledge base',
  knowbasecategory: 'Knowledge base categories',
  project: 'Projects',
  projecttask: 'Project tasks',
  reminder_public: 'Public reminders',
  rssfeed_public: 'Public RSS feeds',
  bookmark_public: 'Public saved searches',
  reservation: 'Reservations',
  reports: 'Reports',
  statistic: 'Statistics',
  planning: 'Planning',
  externalevent: 'External events',
  pendingreason: 'Pending reasons',
  show_group_hardware: 'See hardware of my groups',
  global_validation: 'Global approval',
  dashboard: 'Dashboards',
  lineoperator: 'Line operators',
  backup: 'Maintenance',
  transfer: 'Transfer',
  system_logs: 'System logs',
  ticket: 'Tickets',
  followup: 'Followups',
  task: 'Tasks',
  ticketvalidation: 'Ticket approvals',
  ticketcost: 'Ticket costs',
  ticketrecurrent: 'Recurrent tickets',
  problem: 'Problems',
  change: 'Changes',
  changevalidation: 'Change approvals',
  itilcategory: 'Ticket categories',
  itiltemplate: 'ITIL templates',
  itilfollowuptemplate: 'Followup templates',
  solutiontemplate: 'Solution templates',
  taskcategory: 'Task categories',
  slm: 'Service levels',
  calendar: 'Calendars',
  user: 'Users',
  group: 'Groups',
  entity: 'Entities',
  profile: 'Profiles',
  config: 'General setup',
  dropdown: 'Dropdowns',
  location: 'Locations',
  state: 'Statuses of items',
  typedoc: 'Document types',
  link: 'External links',
  notification: 'Notifications',
  logs: 'Logs',
  search_config: 'Search result display',
  personalization: 'Personalization',
  password_update: 'Update own password',
  inventory: 'Inventory',
  rule_asset: 'Business rules for assets',
};

/** A right's English name; a right GLPI's screens do not name shows its key, readable. */
export function rightName(right: string): string {
  const english = RIGHT_NAMES[right];
  if (english) return english;
  const words = right.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
