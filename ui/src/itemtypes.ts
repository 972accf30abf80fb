/** What the console knows about itemtypes: navigation, rights, list columns, value lists, foreign keys. */

export interface TypeDef {
  itemtype: string;
  /** Singular and plural labels. */
  label: string;
  plural: string;
  /** The profile right that governs the type (GLPI's rights names). */
  right: string;
  /** The type has a trash (is_deleted). */
  trash?: boolean;
  /** Default list columns (item keys). */
  columns: string[];
  /** Field that names an item (Entity, Location… show their complete name). */
  title?: string;
  /** The form's main fields, in order (others present on an item go under "More fields"). */
  form: string[];
  /** Parent field of a tree type (Location.locations_id, Entity.entities_id…). */
  parent?: string;
}

export interface NavGroup {
  label: string;
  types: TypeDef[];
}

const ASSET_COLUMNS = ['name', 'entities_id', 'states_id', 'manufacturers_id', 'serial', 'locations_id', 'date_mod'];
const asset = (itemtype: string, label: string, plural: string, right: string, type: string, model: string): TypeDef => ({
  itemtype,
  label,
  plural,
  right,
  trash: true,
  columns: [...ASSET_COLUMNS.slice(0, 5), type, ...ASSET_COLUMNS.slice(5)],
  form: [
    'name', 'entities_id', 'is_recursive', 'states_id', 'locations_id', 'manufacturers_id', type, model, 'serial', 'otherserial',
    'uuid', 'users_id', 'groups_id', 'users_id_tech', 'groups_id_tech', 'contact', 'contact_num', 'comment',
  ],
});
const ITIL_COLUMNS = ['name', 'entities_id', 'status', 'priority', 'itilcategories_id', 'date', 'date_mod'];
const itil = (itemtype: string, label: string, plural: string, right: string): TypeDef => ({
  itemtype,
  label,
  plural,
  right,
  trash: true,
  columns: itemtype === 'Ticket' ? ['name', 'entities_id', 'status', 'type', 'priority', 'itilcategories_id', 'date', 'date_mod'] : ITIL_COLUMNS,
  form: [
    'name', 'entities_id', 'type', 'status', 'urgency', 'impact', 'priority', 'itilcategories_id', 'requesttypes_id', 'locations_id',
    'date', 'time_to_resolve', '_users_id_requester', '_users_id_assign', '_groups_id_assign', 'content',
  ],
});
const dropdown = (itemtype: string, label: string, plural: string, right = 'dropdown', tree = false, extra: string[] = []): TypeDef => ({
  itemtype,
  label,
  plural,
  right,
  columns: tree ? ['completename', 'entities_id', 'comment', 'date_mod'] : ['name', 'comment', 'date_mod'],
  title: tree ? 'completename' : undefined,
  parent: tree ? foreignKeyOf(itemtype) : undefined,
  form: ['name', ...(tree ? [foreignKeyOf(itemtype)] : []), 'entities_id', 'is_recursive', ...extra, 'comment'],
});

export const NAV: NavGroup[] = [
  {
    label: 'Assets',
    types: [
      asset('Computer', 'Computer', 'Computers', 'computer', 'computertypes_id', 'computermodels_id'),
      asset('Monitor', 'Monitor', 'Monitors', 'monitor', 'monitortypes_id', 'monitormodels_id'),
      asset('NetworkEquipment', 'Network device', 'Network devices', 'networking', 'networkequipmenttypes_id', 'networkequipmentmodels_id'),
      asset('Peripheral', 'Peripheral', 'Peripherals', 'peripheral', 'peripheraltypes_id', 'peripheralmodels_id'),
      asset('Phone', 'Phone', 'Phones', 'phone', 'phonetypes_id', 'phonemodels_id'),
      asset('Printer', 'Printer', 'Printers', 'printer', 'printertypes_id', 'printermodels_id'),
      {
        itemtype: 'Software',
        label: 'Software',
        plural: 'Software',
        right: 'software',
        trash: true,
        columns: ['name', 'entities_id', 'manufacturers_id', 'softwarecategories_id', 'date_mod'],
        form: [
          'name', 'entities_id', 'is_recursive', 'manufacturers_id', 'softwarecategories_id', 'locations_id', 'users_id_tech',
          'groups_id_tech', 'users_id', 'groups_id', 'is_helpdesk_visible', 'is_valid', 'comment',
        ],
      },
    ],
  },
  {
    label: 'Assistance',
    types: [itil('Ticket', 'Ticket', 'Tickets', 'ticket'), itil('Problem', 'Problem', 'Problems', 'problem'), itil('Change', 'Change', 'Changes', 'change')],
  },
  {
    label: 'Administration',
    types: [
      {
        itemtype: 'User',
        label: 'User',
        plural: 'Users',
        right: 'user',
        trash: true,
        columns: ['name', 'realname', 'firstname', 'phone', 'locations_id', 'is_active', 'last_login'],
        form: [
          'name', 'realname', 'firstname', 'email', 'phone', 'phone2', 'mobile', 'locations_id', 'usertitles_id', 'usercategories_id',
          'users_id_supervisor', 'is_active', 'begin_date', 'end_date', 'entities_id', 'profiles_id', 'authtype', 'comment',
          'password', 'password2',
        ],
      },
      {
        itemtype: 'Group',
        label: 'Group',
        plural: 'Groups',
        right: 'group',
        columns: ['completename', 'entities_id', 'comment', 'date_mod'],
        title: 'completename',
        parent: 'groups_id',
        form: [
          'name', 'groups_id', 'entities_id', 'is_recursive', 'is_requester', 'is_watcher', 'is_assign', 'is_task', 'is_notify',
          'is_itemgroup', 'is_usergroup', 'is_manager', 'comment',
        ],
      },
      {
        itemtype: 'Entity',
        label: 'Entity',
        plural: 'Entities',
        right: 'entity',
        columns: ['completename', 'registration_number', 'town', 'date_mod'],
        title: 'completename',
        parent: 'entities_id',
        form: [
          'name', 'entities_id', 'registration_number', 'address', 'postcode', 'town', 'state', 'country', 'phonenumber', 'fax',
          'email', 'website', 'comment',
        ],
      },
      {
        itemtype: 'Profile',
        label: 'Profile',
        plural: 'Profiles',
        right: 'profile',
        columns: ['name', 'interface', 'is_default', 'date_mod'],
        form: ['name', 'interface', 'is_default', 'comment'],
      },
    ],
  },
  {
    label: 'Setup',
    types: [
      dropdown('Location', 'Location', 'Locations', 'location', true, ['building', 'room', 'address', 'postcode', 'town', 'state', 'country']),
      dropdown('Manufacturer', 'Manufacturer', 'Manufacturers'),
      dropdown('State', 'Status of items', 'Statuses of items', 'state', true),
      dropdown('ITILCategory', 'Ticket category', 'Ticket categories', 'itilcategory', true, [
        'code', 'users_id', 'groups_id', 'is_helpdeskvisible', 'is_incident', 'is_request', 'is_problem', 'is_change',
      ]),
      dropdown('RequestType', 'Request source', 'Request sources'),
      dropdown('ComputerType', 'Computer type', 'Computer types'),
      dropdown('ComputerModel', 'Computer model', 'Computer models'),
      dropdown('SoftwareCategory', 'Software category', 'Software categories', 'dropdown', true),
      dropdown('UserTitle', 'User title', 'User titles'),
      dropdown('UserCategory', 'User category', 'User categories'),
    ],
  },
];

export const TYPES = new Map<string, TypeDef>(NAV.flatMap((g) => g.types.map((t) => [t.itemtype, t] as const)));

export function typeDef(itemtype: string): TypeDef {
  return TYPES.get(itemtype) ?? { itemtype, label: itemtype, plural: itemtype, right: '', columns: ['name', 'date_mod'], form: ['name', 'comment'] };
}

// Rights (GLPI's bit values)
export const READ = 1;
export const UPDATE = 2;
export const CREATE = 4;
export const DELETE = 8;
export const PURGE = 16;
/** ITIL types read with READMY (1), READALL (1024), READGROUP (2048) or READASSIGN (4096). */
const ITIL_READ = 1 | 1024 | 2048 | 4096;

/** The active profile's value for a right, or null when the profile does not say (then the API decides). */
export function rightValue(profile: Record<string, unknown> | null, right: string): number | null {
  if (!profile || !right) return null;
  const value = profile[right];
  return typeof value === 'number' ? value : null;
}

export function can(profile: Record<string, unknown> | null, itemtype: string, bit: number): boolean {
  const value = rightValue(profile, typeDef(itemtype).right);
  if (value === null) return true;
  if (bit === READ && ['ticket', 'problem', 'change'].includes(typeDef(itemtype).right)) return (value & ITIL_READ) !== 0;
  return (value & bit) !== 0;
}

// Value lists

export const URGENCY: [number, string][] = [
  [1, 'Very low'],
  [2, 'Low'],
  [3, 'Medium'],
  [4, 'High'],
  [5, 'Very high'],
];
const PRIORITY: [number, string][] = [...URGENCY, [6, 'Major']];
const TICKET_STATUS: [number, string][] = [
  [1, 'New'],
  [2, 'Processing (assigned)'],
  [3, 'Processing (planned)'],
  [4, 'Pending'],
  [5, 'Solved'],
  [6, 'Closed'],
];
const PROBLEM_STATUS: [number, string][] = [
  [1, 'New'],
  [7, 'Accepted'],
  [2, 'Processing (assigned)'],
  [3, 'Processing (planned)'],
  [4, 'Pending'],
  [5, 'Solved'],
  [8, 'Under observation'],
  [6, 'Closed'],
];
const CHANGE_STATUS: [number, string][] = [
  [1, 'New'],
  [9, 'Evaluation'],
  [10, 'Approval'],
  [7, 'Accepted'],
  [4, 'Pending'],
  [11, 'Testing'],
  [12, 'Qualification'],
  [5, 'Applied'],
  [8, 'Review'],
  [6, 'Closed'],
  [14, 'Cancelled'],
  [13, 'Refused'],
];

/** Fixed value lists of some fields (shown as selects, and as labels in lists). */
export function enumOf(itemtype: string, field: string): [number | string, string][] | null {
  const itilType = itemtype === 'Ticket' || itemtype === 'Problem' || itemtype === 'Change';
  if (itilType) {
    if (field === 'status') return itemtype === 'Ticket' ? TICKET_STATUS : itemtype === 'Problem' ? PROBLEM_STATUS : CHANGE_STATUS;
    if (field === 'urgency' || field === 'impact') return URGENCY;
    if (field === 'priority') return PRIORITY;
    if (field === 'type' && itemtype === 'Ticket') return [
      [1, 'Incident'],
      [2, 'Request'],
    ];
  }
  if (itemtype === 'Profile' && field === 'interface') return [
    ['central', 'Standard interface'],
    ['helpdesk', 'Simplified interface'],
  ];
  if (itemtype === 'User' && field === 'authtype') return [
    [1, 'Local'],
    [2, 'LDAP directory'],
    [3, 'Mail server'],
    [4, 'External'],
  ];
  return null;
}

// Foreign keys

/** GLPI's foreign key of an itemtype: Location → locations_id, ITILCategory → itilcategories_id. */
export function foreignKeyOf(itemtype: string): string {
  const base = itemtype.replace(/^.*\\/, '').toLowerCase();
  const plural = /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ies` : base.endsWith('s') ? base : `${base}s`;
  return `${plural}_id`;
}

/** Dropdown and other types a foreign key may point to, beyond the navigation's. */
const TARGETS = [
  'Supplier', 'Budget', 'Contract', 'Network', 'AutoUpdateSystem', 'OperatingSystem', 'DocumentCategory', 'SolutionType',
  'MonitorType', 'MonitorModel', 'NetworkEquipmentType', 'NetworkEquipmentModel', 'PeripheralType', 'PeripheralModel',
  'PhoneType', 'PhoneModel', 'PhonePowerSupply', 'PrinterType', 'PrinterModel', 'SoftwareLicenseType', 'BusinessCriticity',
  'Document', 'ITILFollowup',
];
const FK_TARGETS = new Map<string, string>([...[...TYPES.keys(), ...TARGETS].map((t) => [foreignKeyOf(t), t] as [string, string])]);
FK_TARGETS.set('users_id_supervisor', 'User');
FK_TARGETS.set('default_requesttypes_id', 'RequestType');
FK_TARGETS.set('softwares_id', 'Software');

/** The itemtype a field points to: locations_id → Location, users_id_tech → User, groups_id_tech → Group. */
export function fkTarget(field: string): string | null {
  field = field.replace(/^_/, '');
  const exact = FK_TARGETS.get(field);
  if (exact) return exact;
  const m = /^([a-z]+_id)_[a-z0-9_]+$/.exec(field);
  return m ? (FK_TARGETS.get(m[1]!) ?? null) : null;
}

/** Fields nobody edits by hand: identifiers, computed values, caches, template machinery. */
export const READ_ONLY = new Set([
  'id', 'date_mod', 'date_creation', 'completename', 'level', 'ancestors_cache', 'sons_cache', 'users_id_recipient',
  'users_id_lastupdater', 'solvedate', 'closedate', 'last_login', 'date_sync', 'password_last_update', 'is_deleted_ldap',
  'takeintoaccountdate', 'takeintoaccount_delay_stat', 'close_delay_stat', 'solve_delay_stat', 'actiontime', 'waiting_duration',
  'sla_waiting_duration', 'ola_waiting_duration', 'begin_waiting_date', 'last_inventory_update', 'ticket_tco', 'validation_percent',
  'global_validation', 'is_dynamic', 'users_id_editor', 'timeline_position', 'picture', 'sync_field', 'user_dn', 'authtype',
  'priority',
]);

/** Fields the forms never show. */
export const HIDDEN = new Set(['links', 'is_deleted', 'is_template', 'template_name', '_logs', 'ancestors_cache', 'sons_cache', 'level']);
