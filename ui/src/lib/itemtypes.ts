/**
 * The console's view of itemtypes. Facts (rights, trash, trees, foreign keys, computed fields,
 * value lists, type names) come from the server's own registry and rights modules, bundled by Vite;
 * only presentation (menu groups, list columns, form order) is decided here.
 */
import { type Action, profileCan } from '@server/registry/rights';
import { itemtype as registryType, type Itemtype } from '@server/registry';
import { typeDisplayNames } from '@server/registry/labels';
import { valueList } from '@server/registry/values';
import { t } from './i18n';

export { ACTOR_ROLES, ITIL_STATUS } from '@server/registry/values';

export interface TypeDef {
  itemtype: string;
  /** The type's name in the user's language (read at each use: the language is known after sign-in). */
  readonly label: string;
  readonly plural: string;
  /** The registry's description, when the server knows the type. */
  type: Itemtype | null;
  trash: boolean;
  /** Default list columns (item keys). */
  columns: string[];
  /** Field that names an item (tree types show their complete name). */
  title?: string;
  /** The form's main fields, in order (others present on an item go under "More fields"). */
  form: string[];
  /** Parent field of a tree type. */
  parent?: string;
}

export interface NavGroup {
  label: string;
  types: TypeDef[];
}

interface Layout {
  columns: string[];
  form: string[];
}

const ASSET_FORM = (type: string, model: string) => [
  'name', 'entities_id', 'is_recursive', 'states_id', 'locations_id', 'manufacturers_id', type, model, 'serial', 'otherserial',
  'uuid', 'users_id', 'groups_id', 'users_id_tech', 'groups_id_tech', 'contact', 'contact_num', 'comment',
];
const asset = (type: string, model: string): Layout => ({
  columns: ['name', 'entities_id', 'states_id', 'manufacturers_id', 'serial', type, 'locations_id', 'date_mod'],
  form: ASSET_FORM(type, model),
});
const ITIL_FORM = [
  'name', 'entities_id', 'type', 'status', 'urgency', 'impact', 'priority', 'itilcategories_id', 'requesttypes_id', 'locations_id',
  'date', 'time_to_resolve', '_users_id_requester', '_users_id_assign', '_groups_id_assign', 'content',
];
const itil = (ticket = false): Layout => ({
  columns: ['name', 'entities_id', 'status', ...(ticket ? ['type'] : []), 'priority', 'itilcategories_id', 'date', 'date_mod'],
  form: ITIL_FORM,
});
const dropdown = (extra: string[] = []): Layout => ({ columns: ['name', 'comment', 'date_mod'], form: ['name', 'entities_id', 'is_recursive', ...extra, 'comment'] });

const MENU: [string, Record<string, Layout>][] = [
  [
    'Assets',
    {
      Computer: asset('computertypes_id', 'computermodels_id'),
      Monitor: asset('monitortypes_id', 'monitormodels_id'),
      NetworkEquipment: asset('networkequipmenttypes_id', 'networkequipmentmodels_id'),
      Peripheral: asset('peripheraltypes_id', 'peripheralmodels_id'),
      Phone: asset('phonetypes_id', 'phonemodels_id'),
      Printer: asset('printertypes_id', 'printermodels_id'),
      Software: {
        columns: ['name', 'entities_id', 'manufacturers_id', 'softwarecategories_id', 'date_mod'],
        form: [
          'name', 'entities_id', 'is_recursive', 'manufacturers_id', 'softwarecategories_id', 'locations_id', 'users_id_tech',
          'groups_id_tech', 'users_id', 'groups_id', 'is_helpdesk_visible', 'is_valid', 'comment',
        ],
      },
    },
  ],
  ['Assistance', { Ticket: itil(true), Problem: itil(), Change: itil() }],
  [
    'Management',
    {
      Document: {
        columns: ['name', 'filename', 'mime', 'documentcategories_id', 'entities_id', 'date_mod'],
        form: ['name', 'entities_id', 'is_recursive', 'documentcategories_id', 'comment'],
      },
    },
  ],
  [
    'Administration',
    {
      User: {
        columns: ['name', 'realname', 'firstname', 'phone', 'locations_id', 'is_active', 'last_login'],
        form: [
          'name', 'realname', 'firstname', 'email', 'phone', 'phone2', 'mobile', 'locations_id', 'usertitles_id', 'usercategories_id',
          'users_id_supervisor', 'is_active', 'begin_date', 'end_date', 'entities_id', 'profiles_id', 'authtype', 'comment',
          'password', 'password2',
        ],
      },
      Group: {
        columns: ['entities_id', 'comment', 'date_mod'],
        form: [
          'name', 'entities_id', 'is_recursive', 'is_requester', 'is_watcher', 'is_assign', 'is_task', 'is_notify',
          'is_itemgroup', 'is_usergroup', 'is_manager', 'comment',
        ],
      },
      Entity: {
        columns: ['registration_number', 'town', 'date_mod'],
        form: ['name', 'registration_number', 'address', 'postcode', 'town', 'state', 'country', 'phonenumber', 'fax', 'email', 'website', 'comment'],
      },
      Profile: { columns: ['name', 'interface', 'is_default', 'date_mod'], form: ['name', 'interface', 'is_default', 'comment'] },
      // GLPI's rules of every collection the profile may read (ticket business rules, dictionaries…), by ranking.
      Rule: {
        columns: ['name', 'sub_type', 'ranking', 'is_active', 'match', 'condition', 'entities_id'],
        form: ['name', 'sub_type', 'entities_id', 'is_recursive', 'ranking', 'match', 'condition', 'is_active', 'description', 'comment'],
      },
    },
  ],
  [
    'Setup',
    {
      Location: dropdown(['building', 'room', 'address', 'postcode', 'town', 'state', 'country']),
      Manufacturer: dropdown(),
      State: dropdown(),
      ITILCategory: dropdown(['code', 'users_id', 'groups_id', 'is_helpdeskvisible', 'is_incident', 'is_request', 'is_problem', 'is_change']),
      RequestType: dropdown(),
      SolutionType: dropdown(),
      ComputerType: dropdown(),
      ComputerModel: dropdown(),
      SoftwareCategory: dropdown(),
      UserTitle: dropdown(),
      UserCategory: dropdown(),
      MailCollector: {
        columns: ['name', 'host', 'login', 'is_active', 'errors', 'last_collect_date'],
        form: ['name', 'host', 'login', 'passwd', 'accepted', 'refused', 'filesize_max', 'use_mail_date', 'requester_field', 'add_cc_to_observer', 'collect_only_unread', 'is_active', 'comment'],
      },
      // Directories (GLPI's AuthLDAP): the connection, then GLPI's field mapping and groups; the root DN password is write-only.
      AuthLDAP: {
        columns: ['name', 'host', 'port', 'basedn', 'is_default', 'is_active'],
        form: [
          'name', 'host', 'port', 'basedn', 'rootdn', 'rootdn_passwd', 'condition', 'login_field', 'sync_field', 'use_tls', 'tls_certfile', 'tls_keyfile',
          'timeout', 'can_support_pagesize', 'pagesize', 'is_default', 'is_active', 'realname_field', 'firstname_field', 'email1_field', 'phone_field',
          'mobile_field', 'title_field', 'category_field', 'language_field', 'group_search_type', 'group_field', 'group_condition', 'group_member_field', 'use_dn', 'comment',
        ],
      },
      // Inventory agents (GLPI's `agent` right) and what the import rules refused (`refusedequipment`).
      Agent: { columns: ['deviceid', 'version', 'last_contact', 'tag', 'remote_addr', 'items_id'], form: ['name', 'deviceid', 'version', 'useragent', 'tag', 'last_contact', 'remote_addr', 'itemtype', 'items_id', 'locked'] },
      RefusedEquipment: { columns: ['serial', 'uuid', 'rules_id', 'method', 'date_creation'], form: ['name', 'itemtype', 'serial', 'uuid', 'ip', 'mac', 'rules_id', 'method', 'agents_id', 'date_creation'] },
      NotImportedEmail: { columns: ['from', 'subject', 'reason', 'date', 'mailcollectors_id'], form: ['from', 'to', 'subject', 'date', 'messageid', 'reason', 'mailcollectors_id', 'users_id'] },
      // GLPI's notifications (their templates' translations and preview under a tab), the mail queue and GLPI 11's webhooks.
      Notification: { columns: ['name', 'itemtype', 'event', 'is_active', 'entities_id'], form: ['name', 'entities_id', 'is_recursive', 'itemtype', 'event', 'is_active', 'comment'] },
      NotificationTemplate: { columns: ['name', 'itemtype', 'date_mod'], form: ['name', 'itemtype', 'css', 'comment'] },
      QueuedNotification: { columns: ['name', 'recipient', 'event', 'send_time', 'sent_try', 'sent_time', 'last_error'], form: ['name', 'recipient', 'itemtype', 'items_id', 'event', 'create_time', 'send_time', 'sent_try', 'sent_time', 'last_error'] },
      Webhook: {
        columns: ['name', 'itemtype', 'event', 'url', 'is_active', 'failures'],
        form: ['name', 'entities_id', 'is_recursive', 'itemtype', 'event', 'url', 'http_method', 'secret', 'custom_headers', 'is_active', 'paused_reason', 'comment'],
      },
    },
  ],
];

/** Tree types list and name by complete name, with the parent right after the name in forms. */
function define(itemtype: string, layout: Layout): TypeDef {
  const type = registryType(itemtype) ?? null;
  const [label, plural] = typeDisplayNames(itemtype);
  const parent = type?.tree ?? undefined;
  const tree = parent !== undefined;
  return {
    itemtype,
    get label() {
      return t(label);
    },
    get plural() {
      return t(plural);
    },
    type,
    trash: type?.trash ?? false,
    columns: tree ? ['completename', ...layout.columns.filter((c) => c !== 'name')] : layout.columns,
    title: tree ? 'completename' : undefined,
    parent,
    form: tree ? [layout.form[0]!, parent, ...layout.form.slice(1).filter((f) => f !== parent)] : layout.form,
  };
}

export const NAV: NavGroup[] = MENU.map(([label, types]) => ({ label, types: Object.entries(types).map(([name, layout]) => define(name, layout)) }));

const TYPES = new Map<string, TypeDef>(NAV.flatMap((g) => g.types.map((t) => [t.itemtype, t] as const)));

export function typeDef(itemtype: string): TypeDef {
  return TYPES.get(itemtype) ?? define(itemtype, { columns: ['name', 'date_mod'], form: ['name', 'comment'] });
}

export const READ: Action = 'read';
export const UPDATE: Action = 'update';
export const CREATE: Action = 'create';
export const DELETE: Action = 'delete';
export const PURGE: Action = 'purge';

/** GLPI's Super-Admin profile (id 4 on every install): the console never lets anyone lock themselves out of it. */
export const SUPER_ADMIN = 4;

/** The active profile as getActiveProfile returns it: one number per right name. */
export function can(profile: Record<string, unknown> | null, itemtype: string, action: Action): boolean {
  const type = registryType(itemtype);
  if (!profile || !type) return false;
  const rightOf = (name: string) => (typeof profile[name] === 'number' ? (profile[name] as number) : 0);
  return profileCan({ rightOf, helpdesk: profile.interface === 'helpdesk' }, type, action);
}

/** Fixed value lists of some fields (shown as selects, and as labels in lists). */
export function enumOf(itemtype: string, field: string): [number | string, string][] | null {
  const list = valueList(itemtype, field);
  return list ? list.map(([v, l]) => [v, t(l)]) : null;
}

/** The itemtype a field points to, from the registry's foreign keys (virtual `_users_id_assign` → User). */
export function fkTarget(field: string, itemtype?: string): string | null {
  const key = field.replace(/^_/, '');
  const own = itemtype ? registryType(itemtype)?.foreignKeys.get(key) : undefined;
  if (own) return own;
  const m = /^([a-z0-9]+)_id(?:_[a-z0-9_]+)?$/.exec(key);
  if (!m) return null;
  const target = BY_FK.get(`${m[1]}_id`);
  return target ?? null;
}

const BY_FK = new Map<string, string>();
for (const g of NAV) for (const t of g.types) if (t.type) BY_FK.set(t.type.fkName, t.itemtype);
for (const name of ['Supplier', 'SolutionType', 'Document', 'Budget', 'Contract', 'Network', 'OperatingSystem', 'DocumentCategory']) {
  const type = registryType(name);
  if (type) BY_FK.set(type.fkName, name);
}

/**
 * Fields nobody edits by hand: the registry's computed fields, identifiers and dates the server
 * keeps. Hidden fields (a password) are never shown, but a form may send them.
 */
export function isReadOnly(itemtype: string, field: string): boolean {
  const type = registryType(itemtype);
  const computed = (type?.computed.includes(field) ?? false) && !type?.hidden.includes(field);
  return ALWAYS_READ_ONLY.has(field) || computed || (field === 'priority' && type?.kind === 'itil');
}
/** Kept by the server or by its automatic actions (statistics, directory sync, inventory): shown, not edited. */
const ALWAYS_READ_ONLY = new Set([
  'id', 'date_mod', 'date_creation', 'completename', 'level', 'ancestors_cache', 'sons_cache', 'authtype', 'user_dn', 'sync_field',
  'is_dynamic', 'users_id_editor', 'takeintoaccountdate', 'takeintoaccount_delay_stat', 'close_delay_stat', 'solve_delay_stat',
  'actiontime', 'waiting_duration', 'sla_waiting_duration', 'ola_waiting_duration', 'begin_waiting_date', 'last_inventory_update',
  'ticket_tco', 'validation_percent', 'global_validation', 'timeline_position',
]);

/** Fields the forms never show. */
export const HIDDEN = new Set(['links', 'is_deleted', 'is_template', 'template_name', '_logs', 'ancestors_cache', 'sons_cache', 'level']);
