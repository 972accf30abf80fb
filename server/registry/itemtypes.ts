import { asset, component, deviceLink, dependent, dropdown, ITIL_INPUT, PENDING_TIMELINE_INPUT, poly, TREE_CACHE, treeDropdown } from './kinds';
import { adminItemtypes } from './tables/admin';
import { assistanceItemtypes } from './tables/assistance';
import { datacenterItemtypes } from './tables/datacenter';
import { deviceItemtypes } from './tables/devices';
import { dropdownItemtypes } from './tables/dropdowns';
import { managementItemtypes } from './tables/management';
import { networkItemtypes } from './tables/network';
import { toolItemtypes } from './tables/tools';
import type { ItemtypeSpec } from './types';

/**
 * Every itemtype Deskbase serves, as data. Tables come from ./tables; columns, foreign keys,
 * trash, entity and recursion flags are derived from them in ./index.ts.
 */
const HIDDEN_USER_FIELDS = ['password', 'personal_token', 'api_token', 'cookie_token', 'password_forget_token', 'password_forget_token_date'];

const ITIL_CHILDREN = {
  Ticket: ['TicketTask', 'TicketValidation', 'TicketCost', 'Problem_Ticket', 'Change_Ticket', 'Item_Ticket', 'ITILSolution', 'ITILFollowup', 'Ticket_User', 'Group_Ticket', 'Supplier_Ticket'],
  Problem: ['ProblemTask', 'ProblemCost', 'Change_Problem', 'Problem_Ticket', 'Item_Problem', 'ITILSolution', 'ITILFollowup', 'Problem_User', 'Group_Problem', 'Problem_Supplier'],
  Change: ['ChangeTask', 'ChangeCost', 'Itil_Project', 'Change_Problem', 'Change_Ticket', 'Change_Item', 'ITILSolution', 'ITILFollowup', 'Change_User', 'Change_Group', 'Change_Supplier'],
};

const itil = (table: string, right: string, name: keyof typeof ITIL_CHILDREN): ItemtypeSpec => ({
  table,
  kind: 'itil',
  right,
  trash: true,
  features: name === 'Ticket' ? ['document', 'contract'] : ['document', 'note'],
  children: ITIL_CHILDREN[name],
  computed: ['users_id_recipient', 'users_id_lastupdater', 'solvedate', 'closedate'],
  unlogged: ['solve_delay_stat', 'close_delay_stat', 'waiting_duration', 'begin_waiting_date'],
  virtualInput: ITIL_INPUT,
});

/** An ITIL actor row: rights follow the ITIL item; history names the user, group or supplier. */
const itilActor = (table: string, parent: string, parentFk: string, actor: 'User' | 'Group' | 'Supplier'): ItemtypeSpec =>
  dependent(table, [{ fk: parentFk, itemtype: parent }], { logsWith: { fk: `${actor.toLowerCase()}s_id`, itemtype: actor }, quietAdd: true });

/** GLPI's linked_action values for installations and connections (components: see ./kinds). */
const SOFTWARE_LINK = { add: 4, remove: 5 };
const CONNECTION_LINK = { add: 7, remove: 6 };

export const ITEMTYPE_SPECS: Record<string, ItemtypeSpec> = {
  // Assets
  Computer: { ...asset('glpi_computers', 'computer', ['networkport', 'device', 'disk', 'software', 'connection']), allAssets: 1 },
  Monitor: { ...asset('glpi_monitors', 'monitor', ['networkport', 'software', 'connectable']), allAssets: 2 },
  NetworkEquipment: { ...asset('glpi_networkequipments', 'networking', ['networkport', 'device', 'disk', 'software']), allAssets: 3 },
  Peripheral: { ...asset('glpi_peripherals', 'peripheral', ['networkport', 'device', 'software', 'connectable']), allAssets: 4 },
  Phone: { ...asset('glpi_phones', 'phone', ['networkport', 'device', 'disk', 'software', 'connectable']), allAssets: 5 },
  Printer: { ...asset('glpi_printers', 'printer', ['networkport', 'device', 'disk', 'software', 'connectable']), allAssets: 6 },
  SoftwareLicense: { ...asset('glpi_softwarelicenses', 'license'), allAssets: 7, tree: 'softwarelicenses_id', computed: TREE_CACHE },
  CartridgeItem: { ...asset('glpi_cartridgeitems', 'cartridge'), features: ['infocom', 'document', 'note'] },
  ConsumableItem: { ...asset('glpi_consumableitems', 'consumable'), features: ['infocom', 'document', 'note'] },
  Software: asset('glpi_softwares', 'software'),
  SoftwareVersion: { table: 'glpi_softwareversions', kind: 'child', right: 'software', owners: [{ fk: 'softwares_id', itemtype: 'Software' }] },
  Item_SoftwareVersion: dependent('glpi_items_softwareversions', [poly, { fk: 'softwareversions_id', itemtype: 'SoftwareVersion' }], { polyTargets: 'software', linkActions: SOFTWARE_LINK }),
  Item_SoftwareLicense: dependent('glpi_items_softwarelicenses', [poly, { fk: 'softwarelicenses_id', itemtype: 'SoftwareLicense' }], { polyTargets: 'software' }),
  Computer_Item: dependent('glpi_computers_items', [{ fk: 'computers_id', itemtype: 'Computer' }, poly], { polyTargets: 'connectable', linkActions: CONNECTION_LINK }),
  NetworkPort: dependent('glpi_networkports', [poly], {
    kind: 'child',
    polyTargets: 'networkport',
    keptHistory: true,
    // The instantiation (Ethernet) and network-name fields GLPI takes with the port.
    virtualInput: ['speed', 'type', 'items_devicenetworkcards_id', 'NetworkName_name', 'NetworkName_fqdns_id', 'NetworkName_comment', 'NetworkName__ipaddresses'],
  }),
  NetworkPortEthernet: dependent('glpi_networkportethernets', [{ fk: 'networkports_id', itemtype: 'NetworkPort' }], { kind: 'child', quietAdd: true }),
  NetworkName: dependent('glpi_networknames', [poly], { kind: 'child', polyTargets: ['NetworkPort'], keptHistory: true }),
  IPAddress: dependent('glpi_ipaddresses', [poly], { kind: 'child', polyTargets: ['NetworkName'] }),
  FQDN: dropdown('glpi_fqdns', 'internet'),
  IPNetwork: { ...treeDropdown('glpi_ipnetworks', 'ipnetworks_id', 'internet') },
  Item_Disk: dependent('glpi_items_disks', [poly], { kind: 'child', polyTargets: 'disk', keptHistory: true }),
  Infocom: dependent('glpi_infocoms', [poly], { kind: 'child', right: 'infocom', history: true, polyTargets: 'infocom', quietAdd: true }),
  Contract: { table: 'glpi_contracts', kind: 'other', right: 'contract', trash: true, features: ['document', 'note', 'infocom'] },
  Contract_Item: dependent('glpi_contracts_items', [{ fk: 'contracts_id', itemtype: 'Contract' }, poly], { polyTargets: 'contract' }),
  Contract_Supplier: dependent('glpi_contracts_suppliers', [{ fk: 'contracts_id', itemtype: 'Contract' }, { fk: 'suppliers_id', itemtype: 'Supplier' }]),
  Supplier: { table: 'glpi_suppliers', kind: 'other', right: 'contact_enterprise', trash: true, features: ['document', 'note', 'contract'] },
  Budget: { table: 'glpi_budgets', kind: 'other', right: 'budget', trash: true, features: ['document', 'note'] },
  Notepad: dependent('glpi_notepads', [poly], { kind: 'child', polyTargets: 'note', quietAdd: true }),

  // Components
  DeviceProcessor: component('glpi_deviceprocessors'),
  DeviceMemory: component('glpi_devicememories'),
  DeviceHardDrive: component('glpi_deviceharddrives'),
  DeviceNetworkCard: component('glpi_devicenetworkcards'),
  DeviceGraphicCard: component('glpi_devicegraphiccards'),
  DeviceMemoryType: dropdown('glpi_devicememorytypes'),
  DeviceProcessorModel: dropdown('glpi_deviceprocessormodels'),
  Item_DeviceProcessor: deviceLink('glpi_items_deviceprocessors', 'deviceprocessors_id', 'DeviceProcessor'),
  Item_DeviceMemory: deviceLink('glpi_items_devicememories', 'devicememories_id', 'DeviceMemory'),
  Item_DeviceHardDrive: deviceLink('glpi_items_deviceharddrives', 'deviceharddrives_id', 'DeviceHardDrive'),
  Item_DeviceNetworkCard: deviceLink('glpi_items_devicenetworkcards', 'devicenetworkcards_id', 'DeviceNetworkCard'),
  Item_DeviceGraphicCard: deviceLink('glpi_items_devicegraphiccards', 'devicegraphiccards_id', 'DeviceGraphicCard'),
  OperatingSystem: dropdown('glpi_operatingsystems'),
  Item_OperatingSystem: dependent('glpi_items_operatingsystems', [poly], { polyTargets: 'software' }),

  // Service desk
  Ticket: itil('glpi_tickets', 'ticket', 'Ticket'),
  Problem: itil('glpi_problems', 'problem', 'Problem'),
  Change: itil('glpi_changes', 'change', 'Change'),
  ITILFollowup: { table: 'glpi_itilfollowups', kind: 'child', right: 'followup', history: false, owners: [poly], computed: ['users_id', 'users_id_editor'], polyTargets: 'itil', quietAdd: true, features: ['document'], virtualInput: PENDING_TIMELINE_INPUT },
  TicketTask: { table: 'glpi_tickettasks', kind: 'child', right: 'task', history: false, owners: [{ fk: 'tickets_id', itemtype: 'Ticket' }], quietAdd: true, features: ['document'], virtualInput: PENDING_TIMELINE_INPUT },
  ITILSolution: { table: 'glpi_itilsolutions', kind: 'child', right: null, history: true, owners: [poly], polyTargets: 'itil', features: ['document'] },
  TicketValidation: { table: 'glpi_ticketvalidations', kind: 'child', right: 'ticketvalidation', history: false, owners: [{ fk: 'tickets_id', itemtype: 'Ticket' }], quietAdd: true },
  Ticket_User: itilActor('glpi_tickets_users', 'Ticket', 'tickets_id', 'User'),
  Group_Ticket: itilActor('glpi_groups_tickets', 'Ticket', 'tickets_id', 'Group'),
  Supplier_Ticket: itilActor('glpi_suppliers_tickets', 'Ticket', 'tickets_id', 'Supplier'),
  Problem_User: itilActor('glpi_problems_users', 'Problem', 'problems_id', 'User'),
  Group_Problem: itilActor('glpi_groups_problems', 'Problem', 'problems_id', 'Group'),
  Problem_Supplier: itilActor('glpi_problems_suppliers', 'Problem', 'problems_id', 'Supplier'),
  Change_User: itilActor('glpi_changes_users', 'Change', 'changes_id', 'User'),
  Change_Group: itilActor('glpi_changes_groups', 'Change', 'changes_id', 'Group'),
  Change_Supplier: itilActor('glpi_changes_suppliers', 'Change', 'changes_id', 'Supplier'),
  Item_Ticket: dependent('glpi_items_tickets', [{ fk: 'tickets_id', itemtype: 'Ticket' }, poly], { polyTargets: 'ticket' }),
  Item_Problem: dependent('glpi_items_problems', [{ fk: 'problems_id', itemtype: 'Problem' }, poly], { polyTargets: 'ticket' }),
  Change_Item: dependent('glpi_changes_items', [{ fk: 'changes_id', itemtype: 'Change' }, poly], { polyTargets: 'ticket' }),
  Problem_Ticket: dependent('glpi_problems_tickets', [{ fk: 'problems_id', itemtype: 'Problem' }, { fk: 'tickets_id', itemtype: 'Ticket' }]),
  Change_Ticket: dependent('glpi_changes_tickets', [{ fk: 'changes_id', itemtype: 'Change' }, { fk: 'tickets_id', itemtype: 'Ticket' }]),
  Change_Problem: dependent('glpi_changes_problems', [{ fk: 'changes_id', itemtype: 'Change' }, { fk: 'problems_id', itemtype: 'Problem' }]),

  // People, organisation and access
  User: {
    table: 'glpi_users',
    kind: 'user',
    right: 'user',
    trash: true,
    features: ['document'],
    required: ['name'],
    hidden: HIDDEN_USER_FIELDS,
    visibility: 'authorizations',
    computed: ['password_last_update', 'last_login', 'date_sync', 'is_deleted_ldap', 'picture', ...HIDDEN_USER_FIELDS],
    // password2 confirms password; email is the default address (a UserEmail row).
    virtualInput: ['password2', 'email'],
    fk: { default_requesttypes_id: 'RequestType', users_id_supervisor: 'User' },
    altersAccess: true,
  },
  UserEmail: dependent('glpi_useremails', [{ fk: 'users_id', itemtype: 'User' }], { kind: 'child', required: ['email'], quietAdd: true, keptHistory: true }),
  UserPreference: dependent('glpi_userpreferences', [{ fk: 'users_id', itemtype: 'User' }], { kind: 'child', fk: { default_requesttypes_id: 'RequestType' }, quietAdd: true }),
  Group: { table: 'glpi_groups', kind: 'dropdown', right: 'group', tree: 'groups_id', computed: TREE_CACHE, features: ['document'], required: ['name'], altersAccess: true },
  Group_User: dependent('glpi_groups_users', [{ fk: 'users_id', itemtype: 'User' }, { fk: 'groups_id', itemtype: 'Group' }], { altersAccess: true }),
  Entity: {
    table: 'glpi_entities',
    kind: 'entity',
    right: 'entity',
    rootRow: true,
    altersAccess: true,
    tree: 'entities_id',
    computed: TREE_CACHE,
    features: ['document', 'note'],
    required: ['name'],
  },
  Profile: { table: 'glpi_profiles', kind: 'system', right: 'profile', required: ['name'], altersAccess: true },
  ProfileRight: { table: 'glpi_profilerights', kind: 'child', right: 'profile', history: false, owners: [{ fk: 'profiles_id', itemtype: 'Profile' }], quietAdd: true, altersAccess: true },
  // An authorization is also in an entity: sessions reach only those of their entities.
  Profile_User: dependent('glpi_profiles_users', [{ fk: 'users_id', itemtype: 'User' }, { fk: 'profiles_id', itemtype: 'Profile' }], { visibility: 'entity', quietAdd: true, altersAccess: true }),
  Config: { table: 'glpi_configs', kind: 'system', right: 'config', history: false, quietAdd: true },
  APIClient: { table: 'glpi_apiclients', kind: 'system', right: 'config', hidden: ['app_token'], altersAccess: true, editedWithUpdate: true },
  DisplayPreference: { table: 'glpi_displaypreferences', kind: 'system', right: 'search_config', history: false, quietAdd: true },
  Log: { table: 'glpi_logs', kind: 'child', right: 'logs', history: false, owners: [poly], readOnly: true, polyTargets: 'history' },

  // Documents
  Document: {
    table: 'glpi_documents',
    kind: 'other',
    right: 'document',
    trash: true,
    features: ['document', 'note'],
    computed: ['filepath', 'sha1sum', 'mime'],
  },
  Document_Item: dependent('glpi_documents_items', [{ fk: 'documents_id', itemtype: 'Document' }, poly], { polyTargets: 'document' }),
  DocumentType: dropdown('glpi_documenttypes', 'typedoc'),

  // Dropdowns
  Location: treeDropdown('glpi_locations', 'locations_id', 'location'),
  State: treeDropdown('glpi_states', 'states_id', 'state'),
  ITILCategory: treeDropdown('glpi_itilcategories', 'itilcategories_id', 'itilcategory'),
  DocumentCategory: treeDropdown('glpi_documentcategories', 'documentcategories_id'),
  SoftwareCategory: treeDropdown('glpi_softwarecategories', 'softwarecategories_id'),
  SoftwareLicenseType: treeDropdown('glpi_softwarelicensetypes', 'softwarelicensetypes_id'),
  BusinessCriticity: treeDropdown('glpi_businesscriticities', 'businesscriticities_id'),
  Manufacturer: dropdown('glpi_manufacturers'),
  RequestType: dropdown('glpi_requesttypes'),
  SolutionType: dropdown('glpi_solutiontypes'),
  UserTitle: dropdown('glpi_usertitles'),
  UserCategory: dropdown('glpi_usercategories'),
  ComputerModel: dropdown('glpi_computermodels'),
  ComputerType: dropdown('glpi_computertypes'),
  MonitorModel: dropdown('glpi_monitormodels'),
  MonitorType: dropdown('glpi_monitortypes'),
  NetworkEquipmentModel: dropdown('glpi_networkequipmentmodels'),
  NetworkEquipmentType: dropdown('glpi_networkequipmenttypes'),
  PeripheralModel: dropdown('glpi_peripheralmodels'),
  PeripheralType: dropdown('glpi_peripheraltypes'),
  PhoneModel: dropdown('glpi_phonemodels'),
  PhoneType: dropdown('glpi_phonetypes'),
  PhonePowerSupply: dropdown('glpi_phonepowersupplies'),
  PrinterModel: dropdown('glpi_printermodels'),
  PrinterType: dropdown('glpi_printertypes'),
  CartridgeItemType: dropdown('glpi_cartridgeitemtypes'),
  ConsumableItemType: dropdown('glpi_consumableitemtypes'),
  AutoUpdateSystem: dropdown('glpi_autoupdatesystems'),
  Network: dropdown('glpi_networks'),
  Filesystem: dropdown('glpi_filesystems'),
  ContractType: dropdown('glpi_contracttypes'),
  SupplierType: dropdown('glpi_suppliertypes'),

  // Further families, each in its own module under ./tables
  ...deviceItemtypes,
  ...managementItemtypes,
  ...datacenterItemtypes,
  ...toolItemtypes,
  ...assistanceItemtypes,
  ...dropdownItemtypes,
  ...adminItemtypes,
  ...networkItemtypes,
};
