/**
 * The right (`glpi_profilerights.name`) each of a profile's right options shows and searches in
 * GLPI 10.0 (Profile 4, 20–171): the option reads that row of the profile's rights.
 */
export const PROFILE_RIGHT_OPTIONS: Readonly<Record<number, string>> = {
  // Assets
  20: 'computer', 21: 'monitor', 22: 'software', 23: 'networking', 24: 'printer', 25: 'peripheral', 26: 'cartridge',
  27: 'consumable', 28: 'phone', 129: 'internet', 130: 'devicesimcard_pinpuk',
  // Management
  30: 'contact_enterprise', 31: 'document', 32: 'contract', 33: 'infocom', 101: 'budget', 142: 'license', 143: 'contact_enterprise',
  144: 'line', 145: 'certificate', 146: 'datacenter', 147: 'cluster', 148: 'domain', 149: 'appliance', 150: 'database',
  151: 'cable_management',
  // Tools
  34: 'knowbase', 36: 'reservation', 38: 'reports', 140: 'project', 141: 'projecttask',
  // Setup
  42: 'dropdown', 44: 'device', 106: 'notification', 45: 'typedoc', 46: 'link', 47: 'config', 109: 'personalization',
  52: 'search_config', 107: 'calendar', 162: 'dashboard', 163: 'location', 164: 'itilcategory', 165: 'knowbasecategory',
  166: 'taskcategory', 167: 'state', 168: 'itilfollowuptemplate', 169: 'solutiontemplate', 170: 'slm', 171: 'lineoperator',
  // Administration
  48: 'rule_ticket', 105: 'rule_mailcollector', 49: 'rule_import', 50: 'rule_ldap', 51: 'rule_softwarecategories',
  159: 'rule_location', 160: 'rule_asset', 90: 'rule_dictionnary_software', 91: 'rule_dictionnary_dropdown',
  161: 'rule_dictionnary_printer', 55: 'profile', 56: 'user', 58: 'group', 59: 'entity', 60: 'transfer', 61: 'logs',
  62: 'system_logs', 152: 'queuednotification', 153: 'inventory', 154: 'locked_field', 155: 'snmpcredential',
  156: 'refusedequipment', 157: 'unmanaged', 158: 'agent',
  // Assistance
  102: 'ticket', 103: 'tickettemplate', 79: 'planning', 85: 'statistic', 119: 'ticketcost', 89: 'show_group_hardware',
  112: 'problem', 115: 'change', 131: 'followup', 132: 'task', 133: 'ticketvalidation', 134: 'itiltemplate',
  135: 'pendingreason', 136: 'ticketrecurrent', 137: 'externalevent', 138: 'changevalidation', 139: 'recurrentchange',
  // Other
  4: 'password_update', 63: 'reminder_public', 64: 'bookmark_public', 120: 'rssfeed_public',
};
