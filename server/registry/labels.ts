import { derivedTypeName, GLPI_TYPE_NAMES } from './glpi-type-names';

/** Human names of itemtypes (GLPI's type names, singular and plural), for clients such as the console. */
const LABELS: Record<string, readonly [string, string]> = {
  Computer: ['Computer', 'Computers'],
  Monitor: ['Monitor', 'Monitors'],
  NetworkEquipment: ['Network device', 'Network devices'],
  Peripheral: ['Peripheral', 'Peripherals'],
  Phone: ['Phone', 'Phones'],
  Printer: ['Printer', 'Printers'],
  Software: ['Software', 'Software'],
  Ticket: ['Ticket', 'Tickets'],
  Problem: ['Problem', 'Problems'],
  Change: ['Change', 'Changes'],
  ITILFollowup: ['Followup', 'Followups'],
  TicketTask: ['Task', 'Tasks'],
  ITILSolution: ['Solution', 'Solutions'],
  TicketValidation: ['Approval', 'Approvals'],
  Document: ['Document', 'Documents'],
  Document_Item: ['Document item', 'Document items'],
  Ticket_Ticket: ['Linked ticket', 'Linked tickets'],
  DocumentCategory: ['Document category', 'Document categories'],
  User: ['User', 'Users'],
  Group: ['Group', 'Groups'],
  Entity: ['Entity', 'Entities'],
  Profile: ['Profile', 'Profiles'],
  Rule: ['Rule', 'Rules'],
  RuleCriteria: ['Criterion', 'Criteria'],
  RuleAction: ['Action', 'Actions'],
  Supplier: ['Supplier', 'Suppliers'],
  Location: ['Location', 'Locations'],
  Manufacturer: ['Manufacturer', 'Manufacturers'],
  State: ['Status of items', 'Statuses of items'],
  ITILCategory: ['Ticket category', 'Ticket categories'],
  RequestType: ['Request source', 'Request sources'],
  SolutionType: ['Solution type', 'Solution types'],
  ComputerType: ['Computer type', 'Computer types'],
  ComputerModel: ['Computer model', 'Computer models'],
  SoftwareCategory: ['Software category', 'Software categories'],
  UserTitle: ['User title', 'User titles'],
  UserCategory: ['User category', 'User categories'],
  MailCollector: ['Receiver', 'Receivers'],
  AuthLDAP: ['LDAP directory', 'LDAP directories'],
  NotImportedEmail: ['Refused email', 'Refused emails'],
  Notification: ['Notification', 'Notifications'],
  NotificationTemplate: ['Notification template', 'Notification templates'],
  QueuedNotification: ['Queued mail', 'Mail queue'],
  Webhook: ['Webhook', 'Webhooks'],
  Agent: ['Agent', 'Agents'],
  RefusedEquipment: ['Equipment refused by rules log', 'Equipments refused by rules log'],
};

const known = (itemtype: string) => LABELS[itemtype] ?? GLPI_TYPE_NAMES[itemtype];

/** GLPI 10.0.19's names (getTypeName) of link types, which its add message gives an item without a name. */
const LINK_TYPE_NAMES: Readonly<Record<string, string>> = {
  Item_SoftwareVersion: 'Installation',
  Contract_Item: 'Link Contract/Item',
  Contact_Supplier: 'Link Contact/Supplier',
  Problem_Ticket: 'Link Ticket/Problem',
  Change_Ticket: 'Link Ticket/Change',
  Change_Problem: 'Link Problem/Change',
  Item_Problem: 'Problem item',
  Change_Item: 'Change item',
  Domain_Item: 'Domain item',
  Item_Cluster: 'Cluster item',
  Item_Project: 'Project item',
  ProjectTask_Ticket: 'Link Ticket/Project task',
  Itil_Project: 'Link Project/Itil',
  KnowbaseItem_Item: 'Knowledge base item',
};

/**
 * The type name GLPI's add message gives an item without a name ("<name> - ID 5"): its own, else
 * GLPI's generic "General" (the name of a type that defines none, as Group_User).
 */
export function addedItemTypeName(itemtype: string): string {
  return known(itemtype)?.[0] ?? LINK_TYPE_NAMES[itemtype] ?? 'General';
}

/** Singular and plural name of an itemtype; the itemtype itself when it has none (the API's messages name it so). */
export function typeLabels(itemtype: string): readonly [string, string] {
  return LABELS[itemtype] ?? [itemtype, itemtype];
}

/** A type's name for people (the console's menus): GLPI's, else one made from the type it belongs to or from its words, never the class name. */
export function typeDisplayNames(itemtype: string): readonly [string, string] {
  return known(itemtype) ?? derivedTypeName(itemtype, known);
}
