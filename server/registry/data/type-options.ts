/**
 * GLPI 10's own search option ids for types its option dump does not cover, where they differ from
 * or add to the common ids the registry derives (name 1, id 2, comment 16, …). An entry is either
 * `[id, column, name, datatype]` on the type's own table, `[id, 'fk>field', name]` through a
 * foreign key (a dropdown), or `[id, 'Type.Other.field', name, datatype]` along a path of link
 * rows and children (several values per item), or `[id, 'item>field', name, datatype]` for a field
 * of the item a row names by itemtype + items_id (GLPI's `reservation_types`). A fifth element
 * `'nosearch'` lists an option GLPI shows but does not search; `'is'` (equals only) and
 * `'is-or-not'` (equals, notequals) are the search types GLPI's definition forces, where a
 * `specific` option would otherwise be matched as text (contains, notcontains). A field written `=field` (own, or
 * at the end of a path) is a value GLPI computes from other columns, not a column: it is listed
 * as GLPI lists it, and the search engine computes it where it knows how (a contract's end date).
 * A type listed here keeps its derived
 * options for the columns and ids it does not name, unless it is in COMPLETE: then its list is
 * GLPI 10.0's whole rawSearchOptions; the families GLPI's search adds (financial data, contracts,
 * notes, …) come from ./families.ts.
 */
export type TypeOption = readonly [id: number, column: string, name: string, datatype?: string, flag?: 'nosearch' | 'is' | 'is-or-not'];

/** CommonDropdown's options (each only where the table has its column). */
const DROPDOWN: readonly TypeOption[] = [
  [1, 'name', 'Name', 'itemlink'],
  [2, 'id', 'ID', 'number'],
  [16, 'comment', 'Comments', 'text'],
  [19, 'date_mod', 'Last update', 'datetime'],
  [80, 'entities_id>completename', 'Entity'],
  [86, 'is_recursive', 'Child entities', 'bool'],
  [121, 'date_creation', 'Creation date', 'datetime'],
];

/** CommonDropdown's options for a dropdown outside entities (no 80, no 86). */
const GLOBAL_DROPDOWN = DROPDOWN.filter(([id]) => id !== 80 && id !== 86);

/** The location options GLPI adds to a located type (Location::rawSearchOptionsToAdd). */
const LOCATION: readonly TypeOption[] = [
  [3, 'locations_id>completename', 'Location'],
  [91, 'locations_id>building', 'Building number', 'string'],
  [92, 'locations_id>room', 'Room number', 'string'],
  [93, 'locations_id>comment', 'Location comments', 'text'],
  [101, 'locations_id>address', 'Address', 'string'],
  [102, 'locations_id>postcode', 'Postal code', 'string'],
  [103, 'locations_id>town', 'Town', 'string'],
  [104, 'locations_id>state', 'State', 'string'],
  [105, 'locations_id>country', 'Country', 'string'],
  [998, 'locations_id>latitude', 'Latitude', 'text'],
  [999, 'locations_id>longitude', 'Longitude', 'text'],
];

/**
 * GLPI's data centre position (178, shown as its name by GLPI's API, never searched) of the types
 * that may stand in a data centre.
 */
const DC_POSITION: TypeOption = [178, '_virtual_datacenter_position', 'Data center position', 'specific', 'nosearch'];

/** The data centre position, server room and data centre of an item mounted in a rack (178, 1450, 1451). */
const RACK_PLACE: readonly TypeOption[] = [
  DC_POSITION,
  [1450, 'Item_Rack.Rack.DCRoom.name', 'Server room', 'itemlink'],
  [1451, 'Item_Rack.Rack.DCRoom.Datacenter.name', 'Data center', 'dropdown'],
];

/** What GLPI 10.0 lists for every data centre equipment (enclosures, PDUs, passive equipment), with its model. */
const dcEquipment = (modelFk: string): TypeOption[] => [
  [1, 'name', 'Name', 'itemlink'],
  [2, 'id', 'ID', 'number'],
  ...LOCATION,
  [5, 'serial', 'Serial number', 'string'],
  [6, 'otherserial', 'Inventory number', 'string'],
  [19, 'date_mod', 'Last update', 'datetime'],
  [23, 'manufacturers_id>name', 'Manufacturer'],
  [24, 'users_id_tech>name', 'Technician in charge'],
  [31, 'states_id>completename', 'Status'],
  [40, `${modelFk}>name`, 'Model'],
  [49, 'groups_id_tech>completename', 'Group in charge'],
  [61, 'template_name', 'Template name', 'text', 'nosearch'],
  [80, 'entities_id>completename', 'Entity'],
  [121, 'date_creation', 'Creation date', 'datetime'],
  // The rack an equipment is mounted in, and its place there.
  [180, 'Item_Rack.Rack.name', 'Name', 'dropdown'],
  [181, 'Item_Rack.position', 'Position', 'number'],
  ...RACK_PLACE,
];

/**
 * CommonDBRelation's options: the ID (2), then each side whose type is fixed, shown by its id
 * through the row's key under 3 (first side) and 4 (second side), named by the plural type name.
 */
function relation(first: readonly [fk: string, types: string] | null, second: readonly [fk: string, types: string] | null): TypeOption[] {
  return [
    [2, 'id', 'ID', 'number'],
    ...(first ? [[3, `${first[0]}>id`, first[1], 'text'] as const] : []),
    ...(second ? [[4, `${second[0]}>id`, second[1], 'text'] as const] : []),
  ];
}

/** The link rows GLPI 10.0 lists only with CommonDBRelation's options. */
const RELATIONS: Record<string, readonly TypeOption[]> = {
  Appliance_Item: relation(['appliances_id', 'Appliances'], null),
  Calendar_Holiday: relation(['calendars_id', 'Calendars'], ['holidays_id', 'Close times']),
  Cartridge: relation(['cartridgeitems_id', 'Cartridge models'], ['printers_id', 'Printers']),
  CartridgeItem_PrinterModel: relation(['cartridgeitems_id', 'Cartridge models'], ['printermodels_id', 'Printer models']),
  Certificate_Item: relation(['certificates_id', 'Certificates'], null),
  Change_Problem: relation(['changes_id', 'Changes'], ['problems_id', 'Problems']),
  Change_Ticket: relation(['changes_id', 'Changes'], ['tickets_id', 'Tickets']),
  Computer_Item: relation(['computers_id', 'Computers'], null),
  Contact_Supplier: relation(['contacts_id', 'Contacts'], ['suppliers_id', 'Suppliers']),
  Contract_Supplier: relation(['contracts_id', 'Contracts'], ['suppliers_id', 'Suppliers']),
  Entity_KnowbaseItem: relation(['knowbaseitems_id', 'Knowledge base'], ['entities_id', 'Entities']),
  Entity_RSSFeed: relation(['rssfeeds_id', 'RSS feed'], ['entities_id', 'Entities']),
  Entity_Reminder: relation(['reminders_id', 'Reminders'], ['entities_id', 'Entities']),
  Group_KnowbaseItem: relation(['knowbaseitems_id', 'Knowledge base'], ['groups_id', 'Groups']),
  Group_RSSFeed: relation(['rssfeeds_id', 'RSS feed'], ['groups_id', 'Groups']),
  Group_Reminder: relation(['reminders_id', 'Reminders'], ['groups_id', 'Groups']),
  IPNetwork_Vlan: relation(['ipnetworks_id', 'IP networks'], ['vlans_id', 'VLANs']),
  Item_Cluster: relation(['clusters_id', 'Clusters'], null),
  Item_Enclosure: relation(['enclosures_id', 'Enclosures'], null),
  Item_Project: relation(['projects_id', 'Projects'], null),
  Item_Rack: relation(['racks_id', 'Racks'], null),
  Itil_Project: relation(null, ['projects_id', 'Projects']),
  KnowbaseItem_Item: relation(['knowbaseitems_id', 'Knowledge base'], null),
  KnowbaseItem_KnowbaseItemCategory: relation(['knowbaseitems_id', 'Knowledge base'], ['knowbaseitemcategories_id', 'Knowledge base categories']),
  KnowbaseItem_Profile: relation(['knowbaseitems_id', 'Knowledge base'], ['profiles_id', 'Profiles']),
  KnowbaseItem_User: relation(['knowbaseitems_id', 'Knowledge base'], ['users_id', 'Users']),
  NetworkPort_NetworkPort: relation(['networkports_id_1', 'Network ports'], ['networkports_id_2', 'Network ports']),
  NetworkPort_Vlan: relation(['networkports_id', 'Network ports'], ['vlans_id', 'VLANs']),
  Notification_NotificationTemplate: relation(['notifications_id', 'Notifications'], ['notificationtemplates_id', 'Notification templates']),
  PDU_Rack: relation(['racks_id', 'Racks'], ['pdus_id', 'PDUs']),
  Pdu_Plug: relation(['pdus_id', 'PDUs'], ['plugs_id', 'Plugs']),
  Problem_Ticket: relation(['problems_id', 'Problems'], ['tickets_id', 'Tickets']),
  Profile_RSSFeed: relation(['rssfeeds_id', 'RSS feed'], ['profiles_id', 'Profiles']),
  Profile_Reminder: relation(['reminders_id', 'Reminders'], ['profiles_id', 'Profiles']),
  ProjectTaskTeam: relation(['projecttasks_id', 'Project tasks'], null),
  ProjectTask_Ticket: relation(['projecttasks_id', 'Project tasks'], ['tickets_id', 'Tickets']),
  ProjectTeam: relation(['projects_id', 'Projects'], null),
  RSSFeed_User: relation(['rssfeeds_id', 'RSS feed'], ['users_id', 'Users']),
  Reminder_User: relation(['reminders_id', 'Reminders'], ['users_id', 'Users']),
  Ticket_Contract: relation(['tickets_id', 'Tickets'], ['contracts_id', 'Contracts']),
  Ticket_Ticket: relation(['tickets_id_1', 'Tickets'], ['tickets_id_2', 'Tickets']),
};

/** The serial, inventory number, location and status GLPI lists for most components (10, 12, 13, 14). */
const DEVICE_SERIALS: readonly TypeOption[] = [
  [10, 'serial', 'Serial number', ''],
  [12, 'otherserial', 'Inventory number', ''],
  [13, 'locations_id>completename', 'Location'],
  [14, 'states_id>name', 'Status'],
];
const BUS_ID: TypeOption = [11, 'busID', 'Position of the device on its bus', ''];

/**
 * Item_Devices' options: the row's ID under 1, the component under 4, the item it is in (5, 6),
 * the specificities of the component type, the entity.
 */
function itemDevice(fk: string, component: string, specificities: readonly TypeOption[]): TypeOption[] {
  return [
    [1, 'id', 'ID', 'itemlink'],
    [4, `${fk}>designation`, component, 'itemlink'],
    [5, 'items_id', 'Associated elements', 'specific'],
    [6, 'itemtype', 'Associated item types', 'itemtypename'],
    ...specificities,
    [80, 'entities_id>completename', 'Entity'],
  ];
}

/** The components' item links (the SIM card's PIN and PUK codes are secret: no option). */
const ITEM_DEVICES: Record<string, readonly TypeOption[]> = {
  Item_DeviceMotherboard: itemDevice('devicemotherboards_id', 'System board', DEVICE_SERIALS),
  Item_DeviceFirmware: itemDevice('devicefirmwares_id', 'Firmware', DEVICE_SERIALS),
  Item_DeviceProcessor: itemDevice('deviceprocessors_id', 'Processor', [
    [20, 'frequency', 'Frequency (MHz)', 'integer'],
    ...DEVICE_SERIALS,
    [21, 'nbcores', 'Number of cores', 'integer'],
    [22, 'nbthreads', 'Number of threads', 'integer'],
    BUS_ID,
  ]),
  Item_DeviceMemory: itemDevice('devicememories_id', 'Memory', [[20, 'size', 'Size (Mio)', 'integer'], ...DEVICE_SERIALS, BUS_ID]),
  Item_DeviceHardDrive: itemDevice('deviceharddrives_id', 'Hard drive', [[20, 'capacity', 'Capacity (Mio)', 'integer'], ...DEVICE_SERIALS, BUS_ID]),
  Item_DeviceNetworkCard: itemDevice('devicenetworkcards_id', 'Network card', [[20, 'mac', 'MAC address', 'mac'], ...DEVICE_SERIALS, BUS_ID]),
  Item_DeviceDrive: itemDevice('devicedrives_id', 'Drive', [...DEVICE_SERIALS, BUS_ID]),
  Item_DeviceBattery: itemDevice('devicebatteries_id', 'Battery', [
    ...DEVICE_SERIALS,
    [20, 'manufacturing_date', 'Manufacturing date', 'date'],
    [21, 'real_capacity', 'Real capacity (mWh)', 'progressbar'],
  ]),
  Item_DeviceGraphicCard: itemDevice('devicegraphiccards_id', 'Graphics card', [[20, 'memory', 'Memory (Mio)', 'integer'], ...DEVICE_SERIALS, BUS_ID]),
  Item_DeviceSoundCard: itemDevice('devicesoundcards_id', 'Soundcard', [...DEVICE_SERIALS, BUS_ID]),
  Item_DeviceControl: itemDevice('devicecontrols_id', 'Controller', [...DEVICE_SERIALS, BUS_ID]),
  Item_DevicePci: itemDevice('devicepcis_id', 'PCI device', [...DEVICE_SERIALS, BUS_ID]),
  Item_DeviceCase: itemDevice('devicecases_id', 'Case', DEVICE_SERIALS),
  Item_DevicePowerSupply: itemDevice('devicepowersupplies_id', 'Power supply', DEVICE_SERIALS),
  Item_DeviceGeneric: itemDevice('devicegenerics_id', 'Generic device', DEVICE_SERIALS),
  Item_DeviceSimcard: itemDevice('devicesimcards_id', 'Simcard', [
    ...DEVICE_SERIALS,
    [19, 'lines_id>name', 'Line'],
    [20, 'msin', 'Mobile Subscriber Identification Number', 'string'],
    [21, 'users_id>name', 'User'],
    [22, 'groups_id>name', 'Group'],
  ]),
  Item_DeviceSensor: itemDevice('devicesensors_id', 'Sensor', DEVICE_SERIALS),
  Item_DeviceCamera: itemDevice('devicecameras_id', 'Camera', []),
};

/** GLPI's LevelAgreement options, shared by SLA and OLA. */
const LEVEL_AGREEMENT: readonly TypeOption[] = [
  [1, 'name', 'Name', 'itemlink'],
  [2, 'id', 'ID', 'number'],
  [5, 'number_time', 'Time', 'specific', 'nosearch'],
  [6, 'end_of_working_day', 'End of working day', 'bool'],
  [7, 'type', 'Type', 'specific'],
  [8, 'slms_id>name', 'SLM'],
  [16, 'comment', 'Comments', 'text'],
];

/** Database options GLPI adds to a database instance, through its databases. */
const INSTANCE_DATABASES: readonly TypeOption[] = [
  [166, 'Database.size', 'Size (Mio)', 'integer'],
  [167, 'Database.name', 'Name', 'dropdown'],
  [169, 'Database.is_active', 'Active', 'bool'],
  [170, 'Database.is_onbackup', 'Is on backup', 'bool'],
  [172, 'Database.date_lastbackup', 'Last backup date', 'date'],
  [174, 'Database.is_dynamic', 'Dynamic', 'bool'],
];

/** A project's changes, problems and tickets (92–94), counted among its Itil_Project rows. */
const PROJECT_ITIL_COUNTS: readonly TypeOption[] = [
  [92, 'Itil_Project.id', 'Number of changes', 'count'],
  [93, 'Itil_Project.id', 'Number of problems', 'count'],
  [94, 'Itil_Project.id', 'Number of tickets', 'count'],
];

/** The members of a project's team, by kind (87–90). */
const PROJECT_TEAM: readonly TypeOption[] = [
  [87, 'ProjectTeam.User.name', 'Users', 'dropdown'],
  [88, 'ProjectTeam.Group.completename', 'Groups', 'dropdown'],
  [89, 'ProjectTeam.Supplier.name', 'Suppliers', 'dropdown'],
  [90, 'ProjectTeam.Contact.name', 'Contacts', 'dropdown'],
];

/** A project's tasks (111–126, the planned end under 1400). */
const PROJECT_TASKS: readonly TypeOption[] = [
  [111, 'ProjectTask.name', 'Name', 'string'],
  [112, 'ProjectTask.content', 'Description', 'text'],
  [113, 'ProjectTask.ProjectState.name', 'State', 'dropdown'],
  [114, 'ProjectTask.ProjectTaskType.name', 'Type', 'dropdown'],
  [115, 'ProjectTask.date_creation', 'Creation date', 'datetime'],
  [116, 'ProjectTask.date_mod', 'Last update', 'datetime'],
  [117, 'ProjectTask.percent_done', 'Percent done', 'number'],
  [118, 'ProjectTask.plan_start_date', 'Planned start date', 'datetime'],
  [1400, 'ProjectTask.plan_end_date', 'Planned end date', 'datetime'],
  [120, 'ProjectTask.real_start_date', 'Real start date', 'datetime'],
  [122, 'ProjectTask.real_end_date', 'Real end date', 'datetime'],
  [123, 'ProjectTask.planned_duration', 'Planned Duration', 'timestamp'],
  [124, 'ProjectTask.effective_duration', 'Effective duration', 'timestamp'],
  [125, 'ProjectTask.comment', 'Comments', 'text'],
  [126, 'ProjectTask.is_milestone', 'Milestone', 'bool'],
];

/** The modules an inventory agent runs (Agent 17–24). */
const AGENT_MODULES: readonly TypeOption[] = [
  [17, 'use_module_wake_on_lan', 'Wake on LAN', 'bool'],
  [18, 'use_module_computer_inventory', 'Computer inventory', 'bool'],
  [19, 'use_module_esx_remote_inventory', 'ESX remote inventory', 'bool'],
  [20, 'use_module_network_inventory', 'Network inventory (SNMP)', 'bool'],
  [21, 'use_module_network_discovery', 'Network discovery (SNMP)', 'bool'],
  [22, 'use_module_package_deployment', 'Package Deployment', 'bool'],
  [23, 'use_module_collect_data', 'Collect data', 'bool'],
  [24, 'use_module_remote_inventory', 'Remote inventory', 'bool'],
];

/**
 * An ITIL task's options (CommonITILTask): 5 "Technician" is, as in GLPI, the user the task
 * names by `users_id` (its writer); the technician in charge has no option of its own.
 */
const ITIL_TASK: readonly TypeOption[] = [
  [1, 'content', 'Description', 'text'],
  [2, 'taskcategories_id>name', 'Task category'],
  [3, 'date', 'Date', 'datetime'],
  [4, 'is_private', 'Public followup', 'bool'],
  [5, 'users_id>name', 'Technician'],
  [6, 'actiontime', 'Total duration', 'timestamp'],
  [7, 'state', 'Status', 'specific'],
];

export const TYPE_OPTIONS: Record<string, readonly TypeOption[]> = {
  ...RELATIONS,
  ...ITEM_DEVICES,
  Certificate: [
    [1, 'name', 'Name', 'itemlink'],
    [2, 'id', 'ID', 'number'],
    ...LOCATION,
    [5, 'serial', 'Serial number', 'string'],
    [6, 'otherserial', 'Inventory number', 'string'],
    [7, 'certificatetypes_id>name', 'Type'],
    [8, 'dns_suffix', 'DNS suffix', ''],
    [9, 'is_autosign', 'Self-signed', 'bool'],
    [10, 'date_expiration', 'Expiration date', 'date'],
    [11, 'command', 'Command used', 'text'],
    [12, 'certificate_request', 'Certificate request (CSR)', 'text'],
    [13, 'certificate_item', 'Certificate', 'text'],
    [15, 'comment', 'Comments', 'text'],
    [16, 'contact', 'Alternate username', 'string'],
    [17, 'contact_num', 'Alternate username number', 'string'],
    [18, 'dns_name', 'DNS name', ''],
    [19, 'date_mod', 'Last update', 'datetime'],
    [23, 'manufacturers_id>name', 'Manufacturer'],
    [24, 'users_id_tech>name', 'Technician in charge'],
    [31, 'states_id>completename', 'Status'],
    [49, 'groups_id_tech>completename', 'Group in charge'],
    [61, 'template_name', 'Template name', 'text', 'nosearch'],
    [70, 'users_id>name', 'User'],
    [71, 'groups_id>completename', 'Group'],
    [72, 'Certificate_Item.id', 'Number of associated items', 'count'],
    [80, 'entities_id>completename', 'Entity'],
    [86, 'is_recursive', 'Child entities', 'bool'],
    [121, 'date_creation', 'Creation date', 'datetime'],
  ],
  Domain: [
    [1, 'name', 'Name', 'itemlink'],
    [2, 'domaintypes_id>name', 'Type'],
    [3, 'users_id_tech>name', 'Technician in charge'],
    [5, 'date_domaincreation', 'Registration date', 'date'],
    [6, 'date_expiration', 'Expiration date', 'date'],
    [7, 'comment', 'Comments', 'text'],
    [10, 'groups_id_tech>name', 'Group in charge'],
    [12, 'date_mod', 'Last update', 'datetime'],
    [18, 'is_recursive', 'Child entities', 'bool'],
    [31, 'is_active', 'Active', 'bool'],
    [80, 'entities_id>completename', 'Entity'],
    // GLPI's "Entity-ID" is the entities_id of the item's entity row: its parent entity.
    [81, 'entities_id>entities_id', 'Entity-ID', ''],
    [121, 'date_creation', 'Creation date', 'datetime'],
    [1400, 'id', 'ID', 'number'],
  ],
  Line: [
    [1, 'name', 'Name', 'itemlink'],
    [2, 'id', 'ID', 'number'],
    ...LOCATION,
    [4, 'linetypes_id>name', 'Line type'],
    [16, 'comment', 'Comments', 'text'],
    [19, 'date_mod', 'Last update', 'datetime'],
    [31, 'states_id>completename', 'Status'],
    [70, 'users_id>name', 'User'],
    [71, 'groups_id>completename', 'Group'],
    [80, 'entities_id>completename', 'Entity'],
    [86, 'is_recursive', 'Child entities', 'bool'],
    [121, 'date_creation', 'Creation date', 'datetime'],
    [184, 'lineoperators_id>name', 'Line operator'],
    [185, 'caller_num', 'Caller number', 'string'],
    [186, 'caller_name', 'Caller name', 'string'],
  ],
  // GLPI 10.0 lists neither the ID nor the entity of a cluster.
  Cluster: [
    [1, 'name', 'Name', 'itemlink'],
    [5, 'uuid', 'UUID', 'string'],
    [16, 'comment', 'Comments', 'text'],
    [19, 'date_mod', 'Last update', 'datetime'],
    [24, 'users_id_tech>name', 'Technician in charge'],
    [31, 'states_id>completename', 'Status'],
    [49, 'groups_id_tech>completename', 'Group in charge'],
    [86, 'is_recursive', 'Child entities', 'bool'],
    [121, 'date_creation', 'Creation date', 'datetime'],
  ],
  Cable: [
    [1, 'name', 'Name', 'itemlink'],
    [2, 'id', 'ID', 'number'],
    [4, 'cabletypes_id>name', 'Cable type'],
    [5, 'cablestrands_id>name', 'Cable strand'],
    [6, 'otherserial', 'Inventory number', 'string'],
    [7, 'itemtype_endpoint_a', 'Associated item type (Endpoint A)', 'itemtypename'],
    [8, 'items_id_endpoint_b', 'Associated item (Endpoint B)', 'specific', 'is'],
    [9, 'itemtype_endpoint_b', 'Associated item type (Endpoint B)', 'itemtypename'],
    [10, 'items_id_endpoint_a', 'Associated item (Endpoint A)', 'specific', 'is'],
    [11, 'socketmodels_id_endpoint_a>name', 'Socket Model (Endpoint A)'],
    [12, 'socketmodels_id_endpoint_b>name', 'Socket Model (Endpoint B)'],
    [13, 'sockets_id_endpoint_b>name', 'Socket (Endpoint B)'],
    [14, 'sockets_id_endpoint_a>name', 'Socket (Endpoint A)'],
    [15, 'color', 'Color', 'color'],
    [16, 'comment', 'Comments', 'text'],
    [19, 'date_mod', 'Last update', 'datetime'],
    [24, 'users_id_tech>name', 'Technician in charge'],
    [31, 'states_id>completename', 'Status'],
    [121, 'date_creation', 'Creation date', 'datetime'],
    // The data centre position of each end: shown as null by GLPI's API, never searched.
    [87, '_virtual_datacenter_position', 'Data center position (Endpoint A)', 'specific', 'nosearch'],
    [88, '_virtual_datacenter_position', 'Data center position (Endpoint B)', 'specific', 'nosearch'],
  ],
  Appliance: [
    [1, 'name', 'Name', 'itemlink'],
    ...LOCATION,
    [4, 'comment', 'Comments', 'text'],
    [6, 'users_id>name', 'User'],
    [7, 'is_recursive', 'Child entities', 'bool'],
    [8, 'groups_id>completename', 'Group'],
    [9, 'date_mod', 'Last update', 'datetime'],
    [10, 'applianceenvironments_id>name', 'Environment'],
    [11, 'appliancetypes_id>name', 'Type'],
    [12, 'serial', 'Serial number', ''],
    [13, 'otherserial', 'Inventory number', ''],
    [14, 'contact', 'Alternate username', 'string'],
    [15, 'contact_num', 'Alternate username number', 'string'],
    [23, 'manufacturers_id>name', 'Manufacturer'],
    [24, 'users_id_tech>name', 'Technician in charge'],
    [31, 'id', 'ID', 'number'],
    [32, 'states_id>completename', 'Status'],
    [49, 'groups_id_tech>completename', 'Group in charge'],
    [61, 'is_helpdesk_visible', 'Associable to a ticket', 'bool'],
    [80, 'entities_id>completename', 'Entity'],
    // GLPI's "Entity-ID" is the entities_id of the item's entity row: its parent entity.
    [81, 'entities_id>entities_id', 'Entity-ID', ''],
    // CommonDBTM adds the recursion flag under 86 as well.
    [86, 'is_recursive', 'Child entities', 'bool'],
    [1300, 'Certificate_Item.Certificate.name', 'Name', 'itemlink'],
    [1301, 'Certificate_Item.Certificate.serial', 'Serial number', 'string'],
    [1302, 'Certificate_Item.Certificate.otherserial', 'Inventory number', 'string'],
    [1304, 'Certificate_Item.Certificate.CertificateType.name', 'Type', 'dropdown'],
    [1305, 'Certificate_Item.Certificate.comment', 'Comments', 'text'],
    [1306, 'Certificate_Item.Certificate.date_expiration', 'Expiration', 'date'],
  ],
  Rack: [
    [1, 'name', 'Name', 'itemlink'],
    [2, 'id', 'ID', 'number'],
    ...LOCATION,
    [4, 'racktypes_id>name', 'Type'],
    [5, 'serial', 'Serial number', 'string'],
    [6, 'otherserial', 'Inventory number', 'string'],
    [7, 'dcrooms_id>name', 'Server room'],
    [8, 'number_units', 'Number of units', 'number'],
    [16, 'comment', 'Comments', 'text'],
    [19, 'date_mod', 'Last update', 'datetime'],
    [23, 'manufacturers_id>name', 'Manufacturer'],
    [24, 'users_id_tech>name', 'Technician in charge'],
    [31, 'states_id>completename', 'Status'],
    [40, 'rackmodels_id>name', 'Model'],
    [49, 'groups_id_tech>completename', 'Group in charge'],
    [61, 'template_name', 'Template name', 'text', 'nosearch'],
    [80, 'entities_id>completename', 'Entity'],
    [81, 'DCRoom.Datacenter.name', 'Data center', 'dropdown'],
    [86, 'is_recursive', 'Child entities', 'bool'],
    [121, 'date_creation', 'Creation date', 'datetime'],
    DC_POSITION,
  ],
  // GLPI 10.0 lists the Gantt flag (6) only with the Gantt plugin.
  Project: [
    [1, 'name', 'Name', 'itemlink'],
    [2, 'id', 'ID', 'number'],
    [3, 'priority', 'Priority', 'specific', 'is'],
    [4, 'code', 'Code', 'string'],
    [5, 'percent_done', 'Percent done', 'number'],
    [7, 'plan_start_date', 'Planned start date', 'datetime'],
    [8, 'plan_end_date', 'Planned end date', 'datetime'],
    [9, 'real_start_date', 'Real start date', 'datetime'],
    [10, 'real_end_date', 'Real end date', 'datetime'],
    [12, 'projectstates_id>name', 'State'],
    // The parent project, with the uid of the project's own name (as GLPI).
    [13, 'name', 'Father', 'itemlink'],
    [14, 'projecttypes_id>name', 'Type'],
    [15, 'date', 'Creation date', 'datetime'],
    [16, 'comment', 'Comments', 'text'],
    // The sums of the tasks' durations: shown as an empty list by GLPI's API, never searched.
    [17, '_virtual_planned_duration', 'Planned duration', 'specific', 'nosearch'],
    [18, '_virtual_effective_duration', 'Effective duration', 'specific', 'nosearch'],
    [19, 'date_mod', 'Last update', 'datetime'],
    [21, 'content', 'Description', 'text'],
    [24, 'users_id>name', 'Manager'],
    [49, 'groups_id>completename', 'Manager group'],
    [50, 'template_name', 'Template name', 'text', 'nosearch'],
    [80, 'entities_id>completename', 'Entity'],
    [86, 'is_recursive', 'Child entities', 'bool'],
    [121, 'date_creation', 'Creation date', 'datetime'],
    [91, 'Project.ProjectCost.=totalcost', 'Total cost', 'decimal'],
    ...PROJECT_ITIL_COUNTS,
    ...PROJECT_TEAM,
    ...PROJECT_TASKS,
  ],
  DCRoom: [
    [1, 'name', 'Name', 'itemlink'],
    [2, 'id', 'ID', 'number'],
    ...LOCATION,
    [4, 'datacenters_id>name', 'Data center'],
    [5, 'vis_cols', 'Number of columns', 'number'],
    [6, 'vis_rows', 'Number of rows', 'number'],
    [19, 'date_mod', 'Last update', 'datetime'],
    [80, 'entities_id>completename', 'Entity'],
    [121, 'date_creation', 'Creation date', 'datetime'],
    DC_POSITION,
  ],
  Enclosure: [
    ...dcEquipment('enclosuremodels_id'),
    [16, 'comment', 'Comments', 'text'],
    [86, 'is_recursive', 'Child entities', 'bool'],
  ],
  PDU: [
    ...dcEquipment('pdumodels_id'),
    [4, 'pdutypes_id>name', 'Type'],
    [16, 'comment', 'Comments', 'text'],
    [86, 'is_recursive', 'Child entities', 'bool'],
  ],
  // GLPI 10.0 lists neither a comment nor the recursion flag for passive equipment, but its sockets.
  PassiveDCEquipment: [
    ...dcEquipment('passivedcequipmentmodels_id'),
    [4, 'passivedcequipmenttypes_id>name', 'Type'],
    [1310, 'Socket.name', 'Sockets', 'itemlink'],
    [1311, 'Socket.SocketModel.name', 'Socket models', 'dropdown'],
    [1312, 'Socket.wiring_side', 'Wiring side', 'specific', 'is'],
  ],
  // GLPI 10.0's own list: location as its plain name (3), entity under 8 (no 80), serial under 4.
  Unmanaged: [
    [1, 'name', 'Name', 'itemlink'],
    [2, 'id', 'ID', ''],
    [3, 'locations_id>name', 'Location'],
    [4, 'serial', 'Serial Number', ''],
    [5, 'otherserial', 'Inventory number', ''],
    [6, 'contact', 'Contact', ''],
    [7, 'hub', 'Network hub', 'bool'],
    [8, 'entities_id>completename', 'Entity'],
    [10, 'comment', 'Comments', 'text'],
    [13, 'itemtype', 'Type', 'dropdown'],
    [14, 'date_mod', 'Last update', 'datetime'],
    [15, 'sysdescr', 'Sysdescr', 'text'],
    [18, 'ip', 'IP', ''],
    [31, 'states_id>completename', 'Status'],
    [86, 'is_recursive', 'Child entities', 'bool'],
  ],
  Supplier: [
    [1, 'name', 'Name', 'itemlink'],
    [2, 'id', 'ID', 'number'],
    [3, 'address', 'Address', 'text'],
    [4, 'website', 'Website', 'weblink'],
    [5, 'phonenumber', 'Phone', 'string'],
    [6, 'email', 'Email', 'email'],
    [7, 'is_active', 'Active', 'bool'],
    // The contacts' last and first names, as GLPI shows them.
    [8, 'Contact_Supplier.Contact.=completename', 'Associated contacts', 'itemlink'],
    [9, 'suppliertypes_id>name', 'Third party type'],
    [10, 'fax', 'Fax', 'string'],
    [11, 'town', 'City', 'string'],
    [12, 'state', 'State', 'string'],
    [13, 'country', 'Country', 'string'],
    [14, 'postcode', 'Postal code', 'string'],
    [16, 'comment', 'Comments', 'text'],
    [19, 'date_mod', 'Last update', 'datetime'],
    [29, 'Contract_Supplier.Contract.name', 'Associated contracts', 'itemlink'],
    [70, 'registration_number', 'Administrative number', 'string'],
    [80, 'entities_id>completename', 'Entity'],
    [86, 'is_recursive', 'Child entities', 'bool'],
    [121, 'date_creation', 'Creation date', 'datetime'],
  ],
  // GLPI 10.0 shows the location under 8 (3 is the number) and computes the end dates from the start and duration.
  Contract: [
    [1, 'name', 'Name', 'itemlink'],
    [2, 'id', 'ID', 'number'],
    ...LOCATION.map(([id, ...rest]): TypeOption => [id === 3 ? 8 : id, ...rest]),
    [3, 'num', 'Number', 'string'],
    [4, 'contracttypes_id>name', 'Type'],
    [5, 'begin_date', 'Start date', 'date'],
    [6, 'duration', 'Duration', 'number'],
    [7, 'notice', 'Notice', 'number'],
    [10, 'accounting_number', 'Account number', 'string'],
    // The sum of its costs, one value per contract.
    [11, 'ContractCost.=totalcost', 'Total cost', 'decimal'],
    [12, '=_virtual_expiration', 'Expiration', 'specific', 'nosearch'],
    [13, '=expire_notice', 'Expiration date + notice', 'date_delay'],
    [16, 'comment', 'Comments', 'text'],
    [19, 'date_mod', 'Last update', 'datetime'],
    [20, '=end_date', 'End date', 'date_delay'],
    [21, 'periodicity', 'Periodicity', 'number'],
    [22, 'billing', 'Invoice period', 'number'],
    [23, 'renewal', 'Renewal', 'specific', 'is-or-not'],
    [29, 'Contract_Supplier.Supplier.name', 'Associated suppliers', 'itemlink'],
    [31, 'states_id>completename', 'Status'],
    [41, 'ContractCost.cost', 'Costs', 'decimal'],
    [42, 'ContractCost.begin_date', 'Cost - Begin date', 'date'],
    [43, 'ContractCost.end_date', 'Cost - End date', 'date'],
    [44, 'ContractCost.name', 'Cost - Name', 'dropdown'],
    [45, 'ContractCost.Budget.name', 'Cost - Budget', 'dropdown'],
    [50, 'template_name', 'Template name', 'text', 'nosearch'],
    [59, 'alert', 'Email alarms', 'specific', 'is-or-not'],
    [72, 'Contract_Item.id', 'Number of items', 'count'],
    [80, 'entities_id>completename', 'Entity'],
    [86, 'is_recursive', 'Child entities', 'bool'],
    [121, 'date_creation', 'Creation date', 'datetime'],
  ],
  // A reminder's writer is 2 (GLPI lists no ID option), its title 1.
  Reminder: [
    [1, 'name', 'Title', 'itemlink'],
    [2, 'users_id>name', 'Writer'],
    [3, 'state', 'Status', 'specific', 'is-or-not'],
    [4, 'text', 'Description', 'text'],
    [5, 'begin_view_date', 'Visibility start date', 'datetime'],
    [6, 'end_view_date', 'Visibility end date', 'datetime'],
    [7, 'is_planned', 'Planning', 'bool'],
    [8, 'begin', 'Planning start date', 'datetime'],
    [9, 'end', 'Planning end date', 'datetime'],
    [19, 'date_mod', 'Last update', 'datetime'],
    [121, 'date_creation', 'Creation date', 'datetime'],
  ],
  Budget: [
    ...DROPDOWN,
    ...LOCATION,
    [4, 'budgettypes_id>name', 'Type'],
    [5, 'begin_date', 'Start date', 'date'],
    [6, 'end_date', 'End date', 'date'],
    [7, 'value', 'Value', 'decimal'],
    [50, 'template_name', 'Template name', 'text', 'nosearch'],
  ],
  Contact: [
    ...DROPDOWN,
    [1, 'name', 'Last name', 'itemlink'],
    [3, 'phone', 'Phone', 'string'],
    [4, 'phone2', 'Phone 2', 'string'],
    [5, 'fax', 'Fax', 'string'],
    [6, 'email', 'Email', 'email'],
    [8, 'Contact_Supplier.Supplier.name', 'Associated suppliers', 'itemlink'],
    [9, 'contacttypes_id>name', 'Type'],
    [10, 'mobile', 'Mobile phone', 'string'],
    [11, 'firstname', 'First name', 'string'],
    [70, 'registration_number', 'Administrative number', 'string'],
    [81, 'usertitles_id>name', 'Title'],
    // GLPI gives the address no datatype.
    [82, 'address', 'Address', ''],
    [83, 'postcode', 'Postal code', 'string'],
    [84, 'town', 'City', 'string'],
    [85, 'state', 'State', 'string'],
    [87, 'country', 'Country', 'string'],
  ],
  // GLPI 10.0 lists the subject under 6 (no option 1), and neither categories nor targets.
  KnowbaseItem: [
    [2, 'id', 'ID', 'number'],
    [6, 'name', 'Subject', 'text'],
    [7, 'answer', 'Content', 'text'],
    [8, 'is_faq', 'FAQ item', 'bool'],
    [9, 'view', 'Views', 'integer'],
    [10, 'begin_date', 'Visibility start date', 'datetime'],
    [11, 'end_date', 'Visibility end date', 'datetime'],
    [19, 'date_mod', 'Last update', 'datetime'],
    [70, 'users_id>name', 'User'],
    [121, 'date_creation', 'Creation date', 'datetime'],
  ],
  SLA: LEVEL_AGREEMENT,
  OLA: LEVEL_AGREEMENT,
  SLM: [
    [1, 'name', 'Name', 'itemlink'],
    [2, 'id', 'ID', 'number'],
    [4, 'calendars_id>name', 'Calendar'],
    [16, 'comment', 'Comments', 'text'],
  ],
  Calendar: DROPDOWN,
  Holiday: [
    ...DROPDOWN,
    [11, 'begin_date', 'Start', 'date'],
    [12, 'end_date', 'End', 'date'],
    [13, 'is_perpetual', 'Recurrent', 'bool'],
  ],
  TicketRecurrent: [
    ...DROPDOWN,
    [11, 'is_active', 'Active', 'bool'],
    [12, 'tickettemplates_id>name', 'Ticket template', 'itemlink'],
    [13, 'begin_date', 'Start date', 'datetime'],
    [14, 'create_before', 'Preliminary creation', 'timestamp'],
    [15, 'periodicity', 'Periodicity', 'specific'],
    [17, 'end_date', 'End date', 'datetime'],
    [18, 'calendars_id>name', 'Calendar', 'itemlink'],
  ],
  ProjectTask: [
    [1, 'name', 'Name', 'itemlink'],
    [2, 'projects_id>name', 'Project'],
    [5, 'percent_done', 'Percent done', 'number'],
    [7, 'plan_start_date', 'Planned start date', 'datetime'],
    [8, 'plan_end_date', 'Planned end date', 'datetime'],
    [9, 'real_start_date', 'Real start date', 'datetime'],
    [10, 'real_end_date', 'Real end date', 'datetime'],
    [11, 'planned_duration', 'Planned duration', 'timestamp'],
    [12, 'projectstates_id>name', 'State'],
    [13, 'projecttasks_id>name', 'Father'],
    [14, 'projecttasktypes_id>name', 'Type'],
    [16, 'comment', 'Comments', 'text'],
    [17, 'effective_duration', 'Effective duration', 'timestamp'],
    [18, 'is_milestone', 'Milestone', 'bool'],
    [19, 'date_mod', 'Last update', 'datetime'],
    [21, 'content', 'Description', 'text'],
    [24, 'users_id>name', 'Creator'],
    [50, 'template_name', 'Template name', 'text', 'nosearch'],
    [80, 'entities_id>completename', 'Entity'],
    [86, 'is_recursive', 'Child entities', 'bool'],
    [121, 'date_creation', 'Creation date', 'datetime'],
  ],
  DatabaseInstance: [
    [1, 'name', 'Name', 'itemlink'],
    [2, 'id', 'ID', 'number'],
    ...LOCATION,
    [4, 'databaseinstancetypes_id>name', 'Type'],
    [5, 'items_id', 'Associated items', 'specific', 'nosearch'],
    [6, 'version', 'Version', 'text'],
    [16, 'comment', 'Comments', 'text'],
    [19, 'date_mod', 'Last update', 'datetime'],
    [23, 'manufacturers_id>name', 'Manufacturer'],
    [24, 'users_id_tech>name', 'Technician in charge'],
    [40, 'databaseinstancecategories_id>name', 'Category'],
    [41, 'states_id>name', 'State'],
    [49, 'groups_id_tech>completename', 'Group in charge'],
    [86, 'is_recursive', 'Child entities', 'bool'],
    [121, 'date_creation', 'Creation date', 'datetime'],
    [168, 'port', 'Port', 'integer'],
    [171, 'date_lastboot', 'Last boot date', 'date'],
    ...INSTANCE_DATABASES,
  ],
  Database: [
    [1, 'name', 'Name', 'itemlink'],
    [3, 'is_active', 'Active', 'bool'],
    [4, 'date_mod', 'Last update', 'datetime'],
    [5, 'date_creation', 'Creation date', 'datetime'],
    [6, 'size', 'Global size', 'number'],
    [7, 'entities_id>completename', 'Entity'],
    [8, 'is_recursive', 'Child entities', 'bool'],
    [9, 'is_onbackup', 'Is on backup', 'bool'],
    [10, 'date_lastbackup', 'Last backup date', 'date'],
    [11, 'databaseinstances_id>name', 'Database instance'],
    // The computer its instance runs on.
    [12, 'items_id.DatabaseInstance.Computer.name', 'Computers', 'itemlink'],
    [13, 'is_dynamic', 'Dynamic', 'bool'],
  ],
  // A reservable item: 1, 2, 6, 16 and 19 show the reserved item's own fields, whatever its type;
  // its location (3, 91–105, 998, 999), manufacturer (23), technician (24), user (70) and group (71)
  // are the reserved item's.
  ReservationItem: [
    [1, 'item>name', 'Name', 'itemlink'],
    [2, 'item>id', 'ID', 'number'],
    [4, 'comment', 'Comments', 'text'],
    [5, 'is_active', 'Active', 'bool'],
    // The planning: shown as null by GLPI's API, never searched.
    [9, '_virtual', 'Planning', 'specific', 'nosearch'],
    ...LOCATION.map(([id, column, name, datatype]): TypeOption => [id, `item>${column}`, name, datatype]),
    [6, 'item>otherserial', 'Inventory number', 'string'],
    [16, 'item>comment', 'Comments', 'text'],
    [70, 'item>users_id>name', 'User'],
    [71, 'item>groups_id>completename', 'Group'],
    [19, 'item>date_mod', 'Last update', 'datetime'],
    [23, 'item>manufacturers_id>name', 'Manufacturer'],
    [24, 'item>users_id_tech>name', 'Technician in charge'],
    [80, 'entities_id>completename', 'Entity'],
  ],
  // GLPI 10.0 lists nothing of their own for these (no name column); its search adds financial data to cartridges and consumables.
  Reservation: [],
  Consumable: [],
  CalendarSegment: [],
  Agent: [
    [1, 'name', 'Name', 'itemlink'],
    [2, 'entities_id>completename', 'Entity'],
    [3, 'is_recursive', 'Child entities', 'bool'],
    [4, 'last_contact', 'Last contact', 'datetime'],
    [5, 'locked', 'Locked', 'bool'],
    [6, 'deviceid', 'Device id', 'text'],
    [8, 'version', 'Version', 'text'],
    [10, 'useragent', 'Useragent', 'text'],
    [11, 'tag', 'Tag', 'text'],
    [14, 'port', 'Port', 'integer'],
    [15, 'items_id', 'Item', 'specific'],
    [16, 'remote_addr', 'Public contact address', 'text'],
    ...AGENT_MODULES,
  ],
  AgentType: [[1, 'name', 'Name', 'itemlink']],
  // An installation and a license's assignment: the item (shown with its type), the software side, the item's type.
  Item_SoftwareVersion: [
    [2, 'id', 'ID', 'number'],
    [3, 'items_id', 'Associated elements', 'specific'],
    [4, 'softwareversions_id>name', 'Version'],
    [5, 'itemtype', 'Request source', 'dropdown'],
  ],
  Item_SoftwareLicense: [
    [2, 'id', 'ID', 'number'],
    [4, 'softwarelicenses_id>name', 'License'],
    [5, 'items_id', 'Associated elements', 'specific'],
    [6, 'itemtype', 'Request source', 'dropdown'],
  ],
  SsoVariable: GLOBAL_DROPDOWN,
  RuleRightParameter: [...GLOBAL_DROPDOWN, [11, 'value', 'Criterion', 'string']],
  Fieldblacklist: [
    ...DROPDOWN,
    [4, 'itemtype', 'Type', 'itemtypename'],
    [6, 'field', 'Field', 'specific'],
    [7, 'value', 'Value', 'specific'],
  ],
  TicketTask: ITIL_TASK,
  ProblemTask: ITIL_TASK,
  ChangeTask: ITIL_TASK,
  // A solution has no name: GLPI lists nothing of its own (its documents come with the families).
  ITILSolution: [],
};

/**
 * A section header GLPI's own list gives after a type's first ("Characteristics") options: its
 * key, its name and the option ids under it, in GLPI's order.
 */
export type TypeSection = readonly [key: string, name: string, ids: readonly number[]];

/**
 * The data centre sections, wherever a type lists their options (as GLPI's racked assets): the
 * position and data centre, the rack, the sockets, the server room.
 */
export const DC_SECTIONS: readonly TypeSection[] = [
  ['datacenter', 'Data centers', [178, 1451]],
  ['rack', 'Racks', [180, 181]],
  ['socket', 'Sockets', [1310, 1311, 1312]],
  ['dcroom', 'Server room', [1450]],
];

/** The other sections of the types listed above. */
export const TYPE_SECTIONS: Record<string, readonly TypeSection[]> = {
  Project: [
    ['project_team', 'Project teams', PROJECT_TEAM.map(([id]) => id)],
    ['project_task', 'Project tasks', PROJECT_TASKS.map(([id]) => id)],
  ],
  Contract: [['cost', 'Cost', [11, 41, 42, 43, 44, 45]]],
};

/** The types whose list above is GLPI 10.0's whole list: no derived option is added to them. */
export const COMPLETE: ReadonlySet<string> = new Set([
  'Certificate', 'Domain', 'Line', 'Cluster', 'Cable', 'Appliance', 'Rack', 'Project',
  'DCRoom', 'Budget', 'Contact', 'KnowbaseItem', 'SLA', 'OLA', 'SLM', 'Calendar', 'Holiday', 'TicketRecurrent', 'ProjectTask',
  'DatabaseInstance', 'Database', 'ReservationItem', 'Reservation', 'Consumable', 'CalendarSegment', 'Agent', 'AgentType',
  'SsoVariable', 'RuleRightParameter', 'Fieldblacklist', 'Item_SoftwareVersion', 'Item_SoftwareLicense',
  'Enclosure', 'PDU', 'PassiveDCEquipment', 'Unmanaged', 'Supplier', 'Contract', 'Reminder',
  'TicketTask', 'ProblemTask', 'ChangeTask', 'ITILSolution',
  ...Object.keys(RELATIONS),
  ...Object.keys(ITEM_DEVICES),
]);
