/**
 * GLPI 10's own search option ids for types its option dump does not cover, where they differ from
 * or add to the common ids the registry derives (name 1, id 2, comment 16, …). An entry is either
 * `[id, column, name, datatype]` on the type's own table, `[id, 'fk>field', name]` through a
 * foreign key (a dropdown), or `[id, 'Type.Other.field', name, datatype]` along a path of link
 * rows and children (several values per item), or `[id, 'item>field', name, datatype]` for a field
 * of the item a row names by itemtype + items_id (GLPI's `reservation_types`). A fifth element
 * `'nosearch'` lists an option GLPI shows but does not search. A type listed here keeps its derived
 * options for the columns and ids it does not name, unless it is in COMPLETE: then its list is
 * GLPI 10.0's whole rawSearchOptions (the options GLPI's search adds per family, such as financial
 * data or notes, are not among them).
 */
export type TypeOption = readonly [id: number, column: string, name: string, datatype?: string, flag?: 'nosearch'];

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

/** The server room and data centre of an item mounted in a rack (1450, 1451). */
const RACK_PLACE: readonly TypeOption[] = [
  [1450, 'Item_Rack.Rack.DCRoom.name', 'Server room', 'itemlink'],
  [1451, 'Item_Rack.Rack.DCRoom.Datacenter.name', 'Data center', 'dropdown'],
];

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

export const TYPE_OPTIONS: Record<string, readonly TypeOption[]> = {
  Certificate: [
    [7, 'certificatetypes_id>name', 'Type'],
    [8, 'dns_suffix', 'DNS suffix', 'string'],
    [9, 'is_autosign', 'Self-signed', 'bool'],
    [10, 'date_expiration', 'Expiration date', 'date'],
    [11, 'command', 'Command used', 'text'],
    [12, 'certificate_request', 'Certificate request (CSR)', 'text'],
    [13, 'certificate_item', 'Certificate', 'text'],
    [15, 'comment', 'Comments', 'text'],
    [16, 'contact', 'Alternate username', 'string'],
    [17, 'contact_num', 'Alternate username number', 'string'],
    [18, 'dns_name', 'DNS name', 'string'],
  ],
  Domain: [
    [2, 'domaintypes_id>name', 'Type'],
    [3, 'users_id_tech>name', 'Technician in charge'],
    [5, 'date_domaincreation', 'Registration date', 'date'],
    [6, 'date_expiration', 'Expiration date', 'date'],
    [7, 'comment', 'Comments', 'text'],
    [10, 'groups_id_tech>name', 'Group in charge'],
    [12, 'date_mod', 'Last update', 'datetime'],
    [18, 'is_recursive', 'Child entities', 'bool'],
    [31, 'is_active', 'Active', 'bool'],
    [1400, 'id', 'ID', 'number'],
  ],
  Line: [
    [184, 'lineoperators_id>name', 'Line operator'],
    [185, 'caller_num', 'Caller number', 'string'],
    [186, 'caller_name', 'Caller name', 'string'],
  ],
  Cluster: [
    [5, 'uuid', 'UUID', 'string'],
  ],
  Cable: [
    [4, 'cabletypes_id>name', 'Cable type'],
    [5, 'cablestrands_id>name', 'Cable strand'],
    [7, 'itemtype_endpoint_a', 'Associated item type (Endpoint A)', 'itemtypename'],
    [8, 'items_id_endpoint_b', 'Associated item (Endpoint B)', 'specific'],
    [9, 'itemtype_endpoint_b', 'Associated item type (Endpoint B)', 'itemtypename'],
    [10, 'items_id_endpoint_a', 'Associated item (Endpoint A)', 'specific'],
    [11, 'socketmodels_id_endpoint_a>name', 'Socket Model (Endpoint A)'],
    [12, 'socketmodels_id_endpoint_b>name', 'Socket Model (Endpoint B)'],
    [13, 'sockets_id_endpoint_b>name', 'Socket (Endpoint B)'],
    [14, 'sockets_id_endpoint_a>name', 'Socket (Endpoint A)'],
    [15, 'color', 'Color', 'color'],
  ],
  Appliance: [
    [4, 'comment', 'Comments', 'text'],
    [6, 'users_id>name', 'User'],
    [7, 'is_recursive', 'Child entities', 'bool'],
    [8, 'groups_id>completename', 'Group'],
    [9, 'date_mod', 'Last update', 'datetime'],
    [10, 'applianceenvironments_id>name', 'Environment'],
    [11, 'appliancetypes_id>name', 'Type'],
    [12, 'serial', 'Serial number', 'string'],
    [13, 'otherserial', 'Inventory number', 'string'],
    [31, 'id', 'ID', 'number'],
    [32, 'states_id>completename', 'Status'],
    [61, 'is_helpdesk_visible', 'Associable to a ticket', 'bool'],
  ],
  Rack: [
    [7, 'dcrooms_id>name', 'Server room'],
    [8, 'number_units', 'Number of units', 'number'],
  ],
  Project: [
    [3, 'priority', 'Priority', 'specific'],
    [4, 'code', 'Code', 'string'],
    [5, 'percent_done', 'Percent done', 'number'],
    [6, 'show_on_global_gantt', 'Show on global GANTT', 'bool'],
    [7, 'plan_start_date', 'Planned start date', 'datetime'],
    [8, 'plan_end_date', 'Planned end date', 'datetime'],
    [9, 'real_start_date', 'Real start date', 'datetime'],
    [10, 'real_end_date', 'Real end date', 'datetime'],
    [12, 'projectstates_id>name', 'State'],
    [14, 'projecttypes_id>name', 'Type'],
    [15, 'date', 'Creation date', 'datetime'],
    [21, 'content', 'Description', 'text'],
    [24, 'users_id>name', 'Manager'],
    [49, 'groups_id>completename', 'Manager group'],
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
  ],
  Enclosure: RACK_PLACE,
  PDU: RACK_PLACE,
  PassiveDCEquipment: RACK_PLACE,
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
  // GLPI's 12 (the computer of the instance) is not listed: the search engine does not follow an
  // instance to the item it names.
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
    [13, 'is_dynamic', 'Dynamic', 'bool'],
  ],
  // A reservable item: 1, 2, 6, 16 and 19 show the reserved item's own fields, whatever its type.
  ReservationItem: [
    [1, 'item>name', 'Name', 'itemlink'],
    [2, 'item>id', 'ID', 'number'],
    [4, 'comment', 'Comments', 'text'],
    [5, 'is_active', 'Active', 'bool'],
    [6, 'item>otherserial', 'Inventory number', 'string'],
    [16, 'item>comment', 'Comments', 'text'],
    [19, 'item>date_mod', 'Last update', 'datetime'],
    [80, 'entities_id>completename', 'Entity'],
  ],
  // GLPI 10.0 lists nothing of their own for these (no name column); its search adds financial data to cartridges and consumables.
  Reservation: [],
  Consumable: [],
  CalendarSegment: [],
  Cartridge: [
    [2, 'id', 'ID', 'number'],
    [3, 'cartridgeitems_id>id', 'Cartridge models', 'text'],
    [4, 'printers_id>id', 'Printers', 'text'],
  ],
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
};

/** The types whose list above is GLPI 10.0's whole list: no derived option is added to them. */
export const COMPLETE: ReadonlySet<string> = new Set([
  'DCRoom', 'Budget', 'Contact', 'KnowbaseItem', 'SLA', 'OLA', 'SLM', 'Calendar', 'Holiday', 'TicketRecurrent', 'ProjectTask',
  'DatabaseInstance', 'Database', 'ReservationItem', 'Reservation', 'Consumable', 'CalendarSegment', 'Cartridge', 'Agent', 'AgentType',
]);
