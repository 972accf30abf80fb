/**
 * The eight profiles of a fresh install, with GLPI's ids, interfaces and right bitmasks
 * (one value per profile id 1..8). Right names not listed are 0 for every profile.
 */
export interface DefaultProfile {
  id: number;
  name: string;
  interface: 'central' | 'helpdesk';
  isDefault: boolean;
  createTicketOnLogin: boolean;
  /** ITIL status transitions: 'all' allowed, 'none' forbidden, 'approve' only solved -> closed. */
  transitions: 'all' | 'none' | 'approve';
}

export const DEFAULT_PROFILES: DefaultProfile[] = [
  { id: 1, name: 'Self-Service', interface: 'helpdesk', isDefault: true, createTicketOnLogin: false, transitions: 'approve' },
  { id: 2, name: 'Observer', interface: 'central', isDefault: false, createTicketOnLogin: false, transitions: 'all' },
  { id: 3, name: 'Admin', interface: 'central', isDefault: false, createTicketOnLogin: false, transitions: 'all' },
  { id: 4, name: 'Super-Admin', interface: 'central', isDefault: false, createTicketOnLogin: false, transitions: 'all' },
  { id: 5, name: 'Hotliner', interface: 'central', isDefault: false, createTicketOnLogin: true, transitions: 'all' },
  { id: 6, name: 'Technician', interface: 'central', isDefault: false, createTicketOnLogin: false, transitions: 'all' },
  { id: 7, name: 'Supervisor', interface: 'central', isDefault: false, createTicketOnLogin: false, transitions: 'all' },
  { id: 8, name: 'Read-Only', interface: 'central', isDefault: false, createTicketOnLogin: false, transitions: 'none' },
];

const ASSETS = [0, 33, 127, 255, 0, 127, 127, 33];
const CONTRACTS = [0, 33, 127, 255, 0, 96, 96, 33];
const DROPDOWNS = [0, 0, 23, 23, 0, 0, 0, 1];
const TREE_DROPDOWNS = [0, 0, 23, 23, 0, 0, 23, 1];
/** Data centre, cluster, appliance and database: standard rights, no notes. */
const DATACENTRE = [0, 1, 31, 31, 0, 31, 31, 1];

/** right name -> [Self-Service, Observer, Admin, Super-Admin, Hotliner, Technician, Supervisor, Read-Only] */
export const DEFAULT_RIGHTS: Record<string, number[]> = {
  computer: ASSETS,
  monitor: ASSETS,
  networking: ASSETS,
  peripheral: ASSETS,
  phone: ASSETS,
  printer: ASSETS,
  software: ASSETS,
  license: ASSETS,
  cartridge: ASSETS,
  consumable: ASSETS,
  document: ASSETS,
  ticket: [5, 168989, 261151, 261151, 140295, 166919, 261151, 138241],
  problem: [0, 1057, 1151, 1151, 1024, 1121, 1151, 1057],
  change: [0, 1057, 1151, 1151, 1054, 1151, 1151, 1057],
  followup: [5, 5, 31767, 31767, 12295, 13319, 31767, 8193],
  task: [1, 1, 13329, 13329, 8193, 13329, 13329, 8193],
  user: [0, 2049, 7199, 7327, 1025, 1055, 1055, 1],
  group: [0, 33, 119, 119, 0, 1, 1, 33],
  entity: [0, 0, 33, 3327, 0, 33, 33, 33],
  profile: [0, 0, 1, 23, 0, 0, 0, 1],
  infocom: [0, 1, 23, 23, 0, 0, 0, 1],
  contract: CONTRACTS,
  contact_enterprise: CONTRACTS,
  budget: [0, 33, 127, 127, 0, 96, 96, 33],
  dropdown: DROPDOWNS,
  device: DROPDOWNS,
  typedoc: [0, 1, 23, 23, 0, 0, 0, 1],
  internet: [0, 1, 31, 159, 0, 31, 31, 1],
  location: TREE_DROPDOWNS,
  state: TREE_DROPDOWNS,
  itilcategory: TREE_DROPDOWNS,
  logs: [0, 0, 1, 1, 0, 0, 1, 1],
  config: [0, 0, 0, 3, 0, 0, 0, 1],
  search_config: [0, 1024, 3072, 3072, 0, 0, 0, 0],
  ticketvalidation: [0, 15376, 15376, 15376, 3088, 3088, 15376, 0],
  password_update: [1, 1, 1, 1, 1, 1, 1, 0],
  personalization: [3, 3, 3, 3, 3, 3, 3, 3],
  // Further families (management, data centre, tools, service levels, administration): GLPI 10's install values.
  certificate: ASSETS,
  line: ASSETS,
  domain: [0, 0, 31, 31, 0, 0, 31, 1],
  database: DATACENTRE,
  datacenter: DATACENTRE,
  cluster: DATACENTRE,
  appliance: DATACENTRE,
  // unmanaged: READ | UPDATE | DELETE | PURGE, no CREATE (inventory creates them).
  unmanaged: [0, 0, 0, 27, 0, 0, 0, 0],
  cable_management: [0, 0, 31, 31, 0, 0, 31, 1],
  devicesimcard_pinpuk: [0, 1, 3, 3, 0, 3, 3, 1],
  // project: READMY=1, READALL=1024; projecttask: READMY=1, UPDATEMY=1024.
  project: [0, 1025, 1151, 1151, 1151, 1151, 1151, 1057],
  projecttask: [0, 1025, 1121, 1121, 0, 1025, 1025, 33],
  // knowbase: KNOWBASEADMIN=1024, READFAQ=2048, PUBLISHFAQ=4096, COMMENTS=8192.
  knowbase: [2048, 10241, 14359, 15383, 10240, 14359, 14359, 10241],
  knowbasecategory: TREE_DROPDOWNS,
  // reminder_public, rssfeed_public: PERSONAL=128 (one's own reminders and feeds) beside the standard bits.
  reminder_public: [1, 129, 151, 159, 128, 151, 151, 1],
  rssfeed_public: [1, 129, 151, 159, 128, 151, 151, 129],
  bookmark_public: [0, 0, 23, 23, 0, 0, 0, 1],
  // reservation: RESERVEANITEM=1024; the Read-Only profile's 128 is GLPI's install's.
  reservation: [1024, 1025, 1055, 1055, 0, 1055, 1055, 129],
  calendar: TREE_DROPDOWNS,
  slm: [0, 0, 23, 23, 0, 1, 23, 1],
  itiltemplate: [0, 0, 23, 23, 0, 1, 23, 1],
  ticketrecurrent: [0, 0, 1, 23, 0, 1, 1, 1],
  ticketcost: [0, 1, 23, 23, 23, 23, 23, 1],
  solutiontemplate: TREE_DROPDOWNS,
  itilfollowuptemplate: TREE_DROPDOWNS,
  taskcategory: TREE_DROPDOWNS,
  // changevalidation: VALIDATE=1024 beside CREATE and PURGE.
  changevalidation: [0, 1044, 1044, 1044, 20, 20, 1044, 0],
  notification: [0, 0, 0, 23, 0, 0, 0, 1],
  queuednotification: [0, 0, 0, 31, 0, 0, 0, 1],
  // agent: READ | UPDATE | PURGE for the profiles that update the configuration (GLPI 10.0.4's addRight).
  agent: [0, 0, 0, 19, 0, 0, 0, 0],
  // inventory: READ | IMPORTFROMFILE (1024) | UPDATECONFIG (2048) for Admin and Super-Admin.
  inventory: [0, 0, 3073, 3073, 0, 0, 0, 0],
  // refusedequipment: READ | UPDATE | PURGE for the profiles that update the configuration (GLPI 10.0's addRight).
  refusedequipment: [0, 0, 0, 19, 0, 0, 0, 0],
  // locked_field: CREATE | UPDATE for the profiles that update the configuration (GLPI 10.0's addRight).
  locked_field: [0, 0, 0, 6, 0, 0, 0, 0],
  // snmpcredential: every standard right for the profiles that update the configuration (GLPI 10.0's addRight).
  snmpcredential: [0, 0, 0, 31, 0, 0, 0, 0],
  // webhook (GLPI 11): every standard right for the Admin and Super-Admin profiles.
  webhook: [0, 0, 31, 31, 0, 0, 0, 0],
  link: [0, 1, 23, 159, 0, 0, 0, 1],
  // LDAP criteria of the authorization rules: READ | UPDATE | CREATE | PURGE for the Super-Admin.
  rule_ldap: [0, 0, 0, 23, 0, 0, 0, 1],
  // The rule collections (GLPI 10.0's install): READ | UPDATE | CREATE | PURGE, with PARENT (1024,
  // the rules of parent entities) for ticket and asset rules (asset rules for the Super-Admin only);
  // READ for the Read-Only profile.
  rule_ticket: [0, 0, 1047, 1047, 0, 0, 1047, 1],
  rule_mailcollector: [0, 0, 23, 23, 0, 0, 23, 1],
  rule_import: [0, 0, 0, 23, 0, 0, 0, 1],
  rule_location: [0, 0, 0, 23, 0, 0, 0, 1],
  rule_softwarecategories: [0, 0, 0, 23, 0, 0, 0, 1],
  rule_dictionnary_software: [0, 0, 0, 23, 0, 0, 0, 1],
  rule_dictionnary_dropdown: [0, 0, 0, 23, 0, 0, 0, 1],
  rule_dictionnary_printer: [0, 0, 0, 23, 0, 0, 0, 1],
  rule_asset: [0, 0, 0, 1047, 0, 0, 0, 0],
  // The rest of GLPI 10.0.19's install (rights Deskbase keeps for GLPI's answers and an import's round trip).
  backup: [0, 0, 1024, 1045, 0, 0, 0, 1],
  dashboard: [0, 0, 0, 23, 0, 0, 0, 0],
  externalevent: [0, 1, 1055, 1055, 0, 1, 31, 1],
  global_validation: [0, 0, 0, 0, 0, 0, 0, 0],
  lineoperator: [0, 33, 23, 23, 0, 0, 23, 1],
  pendingreason: [0, 0, 31, 31, 1, 1, 1, 1],
  planning: [0, 1, 3073, 3073, 1, 1, 3073, 3073],
  reports: [0, 1, 1, 1, 0, 1, 1, 1],
  show_group_hardware: [0, 0, 0, 1, 0, 0, 0, 1],
  statistic: [0, 1, 1, 1, 1, 1, 1, 1],
  system_logs: [0, 0, 0, 1, 0, 0, 0, 0],
  transfer: [0, 0, 1, 23, 0, 1, 1, 1],
};

/** Rights GLPI's install gives a row to some default profiles only: the others have none. */
const ONLY_FOR: Readonly<Record<string, readonly number[]>> = { system_logs: [4] };

/** A default profile's value of a right, as GLPI's install writes it; null when it writes no row. */
export function defaultRight(profileId: number, name: string): number | null {
  const only = ONLY_FOR[name];
  if (only && !only.includes(profileId)) return null;
  return DEFAULT_RIGHTS[name]?.[profileId - 1] ?? 0;
}

const STATUSES = [1, 2, 3, 4, 5, 6];

/** The JSON transition matrix GLPI stores in glpi_profiles.ticket_status (0 = forbidden). */
export function transitionMatrix(kind: DefaultProfile['transitions']): string {
  if (kind === 'all') return '[]';
  const matrix: Record<string, Record<string, number>> = {};
  for (const from of STATUSES) {
    matrix[from] = {};
    for (const to of STATUSES) {
      if (from !== to && !(kind === 'approve' && from === 5 && to === 6)) matrix[from]![to] = 0;
    }
  }
  return JSON.stringify(matrix);
}

/**
 * Values an earlier Deskbase wrote for rights it then approximated (migration 3). A default
 * profile still holding exactly one of these gets GLPI's value; a value changed since is kept.
 */
export const APPROXIMATED_RIGHTS: Record<string, number[]> = {
  domain: ASSETS,
  database: ASSETS,
  datacenter: ASSETS,
  cluster: ASSETS,
  appliance: ASSETS,
  cable_management: ASSETS,
  project: ASSETS,
  knowbase: [0, 1, 31, 31, 1, 31, 31, 1],
  knowbasecategory: DROPDOWNS,
  reminder_public: [0, 1, 23, 23, 1, 23, 23, 1],
  rssfeed_public: [0, 1, 23, 23, 1, 23, 23, 1],
  bookmark_public: [0, 1, 23, 23, 1, 23, 23, 1],
  reservation: [1, 1, 31, 31, 1, 1, 1, 1],
  slm: TREE_DROPDOWNS,
  itiltemplate: TREE_DROPDOWNS,
  ticketrecurrent: TREE_DROPDOWNS,
  changevalidation: [0, 15376, 15376, 15376, 3088, 3088, 15376, 0],
  link: DROPDOWNS,
};

/**
 * Values Deskbase's install wrote before following GLPI 10.0.19's install for these rights
 * (migration 38): a default profile still holding one gets GLPI's value.
 */
export const EARLIER_DEFAULT_RIGHTS: Record<string, number[]> = {
  budget: CONTRACTS,
  cable_management: TREE_DROPDOWNS,
  domain: TREE_DROPDOWNS,
  internet: DROPDOWNS,
  inventory: [0, 0, 0, 3, 0, 0, 0, 0],
  queuednotification: [0, 0, 0, 17, 0, 0, 0, 0],
  reminder_public: [1, 1, 23, 159, 0, 23, 23, 1],
  reservation: [1024, 1025, 1055, 1055, 0, 1055, 1055, 1],
  rssfeed_public: [1, 1, 23, 159, 0, 23, 23, 1],
  rule_asset: [0, 0, 0, 255, 0, 0, 0, 0],
  typedoc: DROPDOWNS,
  unmanaged: ASSETS,
};
