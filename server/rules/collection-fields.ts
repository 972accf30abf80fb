/**
 * The criteria and actions GLPI 10.0 offers in each rule collection's editor (its getCriterias and
 * getActions), with GLPI's labels; the inventory collections
 * list GLPI's criteria whole, their wiring being the inventory's. Dropdown criteria name the
 * table the engine compares them with (collections.ts).
 */
import {
  action,
  ASSET_ITEMTYPES,
  AUTH_TYPE,
  criterion,
  dropdown,
  IMPACT,
  IMPORT_SOURCE,
  INVENTORY_ITEMTYPES,
  INVENTORY_LINK,
  list,
  PRIORITY,
  TICKET_STATUS,
  TICKET_TYPE,
  URGENCY,
  VALIDATION_PERCENT,
  VALIDATION_STATUS,
  YES_NO,
  YES_ONLY,
  type ActionDef,
  type CriterionDef,
} from './field-kinds';
import { CONDITION } from './conditions';

const { IS, IS_NOT, CONTAINS, NOT_CONTAINS, BEGINS, ENDS, REGEX_MATCH, REGEX_NOT_MATCH, EXISTS, NOT_EXISTS, FIND, IS_EMPTY, CIDR, NOT_CIDR, ENTITY_RESTRICT, PORT_RESTRICT, ONLY_CRITERIA } = CONDITION;
const IS_OR_NOT = [IS, IS_NOT];
const TEXT_CONDITIONS = [IS, IS_NOT, CONTAINS, NOT_CONTAINS, BEGINS, ENDS, REGEX_MATCH, REGEX_NOT_MATCH];
const REGEX_TYPES = ['assign', 'regex_result', 'append_regex_result'];

export interface CollectionFields {
  criteria: readonly CriterionDef[];
  actions: readonly ActionDef[];
}

const USERS = dropdown('glpi_users');
const GROUPS = dropdown('glpi_groups');
const ENTITIES = dropdown('glpi_entities');
const LOCATIONS = dropdown('glpi_locations');
const MANUFACTURERS = dropdown('glpi_manufacturers');

const TICKET: CollectionFields = {
  criteria: [
    criterion('name', 'Title'),
    criterion('content', 'Description'),
    criterion('date_mod', 'Last update'),
    criterion('itilcategories_id', 'Category', dropdown('glpi_itilcategories')),
    criterion('itilcategories_id_code', 'Code representing the ticket category'),
    criterion('type', 'Type', TICKET_TYPE),
    criterion('users_id_recipient', 'Writer', USERS),
    criterion('_users_id_requester', 'Requester', USERS),
    criterion('_groups_id_of_requester', 'Requester in group', GROUPS),
    criterion('_locations_id_of_requester', 'Requester location', LOCATIONS),
    criterion('_locations_id_of_item', 'Item location', LOCATIONS),
    criterion('_groups_id_of_item', 'Item group', GROUPS),
    criterion('_states_id_of_item', 'Item state', dropdown('glpi_states')),
    criterion('locations_id', 'Ticket location', LOCATIONS),
    criterion('_groups_id_requester', 'Requester group', GROUPS),
    criterion('_users_id_assign', 'Technician', USERS),
    criterion('_groups_id_assign', 'Technician group', GROUPS),
    criterion('_suppliers_id_assign', 'Assigned to a supplier', dropdown('glpi_suppliers')),
    criterion('_users_id_observer', 'Watcher', USERS),
    criterion('_groups_id_observer', 'Watcher group', GROUPS),
    criterion('requesttypes_id', 'Request source', dropdown('glpi_requesttypes')),
    criterion('itemtype', 'Item type', ASSET_ITEMTYPES),
    criterion('entities_id', 'Entity', ENTITIES),
    criterion('urgency', 'Urgency', URGENCY),
    criterion('impact', 'Impact', IMPACT),
    criterion('priority', 'Priority', PRIORITY),
    criterion('status', 'Status', TICKET_STATUS),
    criterion('_mailgate', 'Mails receiver', dropdown('glpi_mailcollectors')),
    criterion('_x-priority', 'X-Priority email header'),
    criterion('_from', 'From email header'),
    criterion('_subject', 'Subject email header'),
    criterion('_reply-to', 'Reply-To email header'),
    criterion('_in-reply-to', 'In-Reply-To email header'),
    criterion('_to', 'To email header'),
    criterion('slas_id_ttr', 'SLA Time to resolve', dropdown('glpi_slas')),
    criterion('slas_id_tto', 'SLA Time to own', dropdown('glpi_slas')),
    criterion('olas_id_ttr', 'OLA Time to resolve', dropdown('glpi_olas')),
    criterion('olas_id_tto', 'OLA Time to own', dropdown('glpi_olas')),
    criterion('_contract_types', 'Contract type', dropdown('glpi_contracttypes')),
    criterion('global_validation', 'Validation', VALIDATION_STATUS),
    criterion('_date_creation_calendars_id', 'Creation date is a working hour in calendar', dropdown('glpi_calendars')),
  ],
  actions: [
    action('itilcategories_id', 'Category', dropdown('glpi_itilcategories')),
    action('_affect_itilcategory_by_code', 'Ticket category from code', undefined, ['regex_result']),
    action('_affect_itilcategory_by_completename', 'Ticket category from complete name', undefined, ['regex_result']),
    action('type', 'Type', TICKET_TYPE),
    action('_users_id_requester', 'Requester', USERS, ['assign', 'append']),
    action('_groups_id_requester', 'Requester group', GROUPS, ['assign', 'append', 'fromitem', 'defaultfromuser', 'regex_result']),
    action('_users_id_assign', 'Technician', USERS, ['assign', 'append']),
    action('_groups_id_assign', 'Technician group', GROUPS, ['assign', 'append']),
    action('_suppliers_id_assign', 'Assigned to a supplier', dropdown('glpi_suppliers'), ['assign', 'append']),
    action('_users_id_observer', 'Watcher', USERS, ['assign', 'append']),
    action('_groups_id_observer', 'Watcher group', GROUPS, ['assign', 'append']),
    action('urgency', 'Urgency', URGENCY),
    action('impact', 'Impact', IMPACT),
    action('priority', 'Priority', PRIORITY, ['assign', 'compute']),
    action('status', 'Status', TICKET_STATUS),
    action('affectobject', 'Associated elements', undefined, ['affectbyip', 'affectbyfqdn', 'affectbymac']),
    action('slas_id_ttr', 'SLA Time to resolve', dropdown('glpi_slas')),
    action('time_to_resolve', 'Time to resolve', YES_ONLY, ['delete']),
    action('slas_id_tto', 'SLA Time to own', dropdown('glpi_slas')),
    action('time_to_own', 'Time to own', YES_ONLY, ['delete']),
    action('olas_id_ttr', 'OLA Time to resolve', dropdown('glpi_olas')),
    action('internal_time_to_resolve', 'Internal time to resolve', YES_ONLY, ['delete']),
    action('olas_id_tto', 'OLA Time to own', dropdown('glpi_olas')),
    action('internal_time_to_own', 'Internal Time to own', YES_ONLY, ['delete']),
    action('users_id_validate', 'Send an approval request - User', USERS, ['add_validation']),
    action('groups_id_validate', 'Send an approval request - Group', GROUPS, ['add_validation']),
    action('validation_percent', 'Send an approval request - Minimum validation required', VALIDATION_PERCENT),
    action('responsible_id_validate', 'Send an approval request - Responsible of the requester', YES_ONLY, ['add_validation']),
    action('users_id_validate_requester_supervisor', 'Approval request to requester group manager', YES_ONLY, ['add_validation']),
    action('users_id_validate_assign_supervisor', 'Approval request to technician group manager', YES_ONLY, ['add_validation']),
    action('locations_id', 'Location', LOCATIONS, ['assign', 'fromuser', 'fromitem']),
    action('requesttypes_id', 'Request source', dropdown('glpi_requesttypes')),
    action('takeintoaccount_delay_stat', 'Take into account delay', YES_ONLY, ['do_not_compute']),
    action('solution_template', 'Solution template', dropdown('glpi_solutiontemplates'), ['assign']),
    action('task_template', 'Task template', dropdown('glpi_tasktemplates'), ['append']),
    action('itilfollowup_template', 'Followup template', dropdown('glpi_itilfollowuptemplates'), ['append']),
    action('global_validation', 'Validation', VALIDATION_STATUS),
    action('assign_appliance', 'Associated elements : Appliance', dropdown('glpi_appliances'), ['assign', 'regex_result', 'append']),
    action('assign_project', 'Project', dropdown('glpi_projects'), ['assign', 'regex_result', 'append']),
    action('assign_contract', 'Contract', dropdown('glpi_contracts'), ['assign', 'regex_result']),
  ],
};

const ASSET: CollectionFields = {
  criteria: [
    criterion('_auto', 'Automatic inventory', YES_NO, { only: IS_OR_NOT }),
    criterion('_itemtype', 'Item type', ASSET_ITEMTYPES, { only: [IS, IS_NOT, REGEX_MATCH, REGEX_NOT_MATCH] }),
    criterion('states_id', 'Status', dropdown('glpi_states')),
    criterion('comment', 'Comments'),
    criterion('contact', 'Alternate username'),
    criterion('contact_num', 'Alternate username number'),
    criterion('manufacturers_id', 'Manufacturer', MANUFACTURERS),
    criterion('locations_id', 'Locations', LOCATIONS),
    criterion('entities_id', 'Entity', ENTITIES),
    criterion('users_id', 'User', USERS),
  ],
  actions: [
    action('states_id', 'Status', dropdown('glpi_states')),
    action('locations_id', 'Location', LOCATIONS),
    action('users_id', 'User', USERS),
    action('_affect_user_by_regex', 'User based contact information', undefined, ['regex_result']),
    action('groups_id', 'Group', GROUPS, ['assign', 'defaultfromuser', 'firstgroupfromuser']),
    action('users_id_tech', 'Technician in charge', USERS),
    action('groups_id_tech', 'Group in charge', GROUPS),
    action('comment', 'Comments', undefined, ['assign', 'regex_result']),
    action('otherserial', 'Inventory number', undefined, ['regex_result']),
  ],
};

const MAIL: CollectionFields = {
  criteria: [
    criterion('mailcollector', 'Mails receiver', dropdown('glpi_mailcollectors')),
    criterion('_users_id_requester', 'Requester', USERS),
    criterion('subject', 'Subject email header'),
    criterion('content', 'Email body'),
    criterion('from', 'From email address'),
    criterion('to', 'To email address'),
    criterion('in_reply_to', 'In-Reply-To email header'),
    criterion('x-priority', 'X-Priority email header'),
    criterion('x-auto-response-suppress', 'X-Auto-Response-Suppress email header'),
    criterion('auto-submitted', 'Auto-Submitted email header'),
    criterion('x-uce-status', 'X-UCE-Status email header'),
    criterion('received', 'Received email header'),
    criterion('GROUPS', 'User: Group', GROUPS),
    criterion('KNOWN_DOMAIN', 'Known mail domain', YES_NO, { only: [IS] }),
    criterion('PROFILES', 'User featuring the profile', dropdown('glpi_profiles'), { only: [IS] }),
    criterion('UNIQUE_PROFILE', 'User featuring a single profile', dropdown('glpi_profiles'), { only: [IS] }),
    criterion('ONE_PROFILE', 'User with a single profile', YES_ONLY, { only: [IS] }),
  ],
  actions: [
    action('entities_id', 'Entity', ENTITIES),
    action('_affect_entity_by_domain', 'Entity from domain', undefined, ['regex_result']),
    action('_affect_entity_by_tag', 'Entity from TAG', undefined, ['regex_result']),
    action('_affect_entity_by_user_entity', "Entity based on user's profile", YES_ONLY),
    action('_refuse_email_no_response', 'Reject email (without email response)', YES_ONLY),
    action('_refuse_email_with_response', 'Reject email (with email response)', YES_ONLY),
  ],
};

const RIGHT: CollectionFields = {
  criteria: [
    criterion('TYPE', 'Authentication type', AUTH_TYPE, { only: IS_OR_NOT }),
    criterion('LDAP_SERVER', 'LDAP directory', dropdown('glpi_authldaps')),
    criterion('MAIL_SERVER', 'Email server', dropdown('glpi_authmails')),
    criterion('MAIL_EMAIL', 'Email'),
    criterion('LOGIN', 'Login'),
    criterion('GROUPS', 'Imported group from an LDAP directory', GROUPS),
  ],
  actions: [
    action('entities_id', 'Entity', ENTITIES),
    action('_affect_entity_by_dn', 'Entity based on LDAP information', undefined, ['regex_result']),
    action('_affect_entity_by_tag', 'Entity from TAG', undefined, ['regex_result']),
    action('_affect_entity_by_domain', 'Entity from mail domain', undefined, ['regex_result']),
    action('_affect_entity_by_completename', 'Entity from complete name', undefined, ['regex_result']),
    action('profiles_id', 'Profiles', dropdown('glpi_profiles')),
    action('is_recursive', 'Recursive', YES_NO),
    action('is_active', 'Active', YES_NO),
    action('_ignore_user_import', 'To be unaware of import', YES_ONLY),
    action('_entities_id_default', 'Default entity', ENTITIES),
    action('specific_groups_id', 'Groups', GROUPS),
    action('groups_id', 'Default group', GROUPS),
    action('_profiles_id_default', 'Default profile', dropdown('glpi_profiles')),
    action('_deny_login', 'Deny login', YES_ONLY),
  ],
};

/** RuleImportAsset: every criterion but the item type may also be "already present" (find) or "empty". */
const INVENTORIED = { more: [FIND, IS_EMPTY] };
const IMPORT_ASSET: CollectionFields = {
  criteria: [
    criterion('entities_id', 'Target entity for the asset', ENTITIES, { only: TEXT_CONDITIONS }),
    criterion('states_id', 'Having the status', dropdown('glpi_states'), { only: IS_OR_NOT }),
    ...(
      [
        ['model', 'Asset > Model'],
        ['manufacturer', 'Manufacturer'],
        ['mac', 'Asset > Network port > MAC'],
        ['ip', 'Asset > Network port > IP'],
        ['ifdescr', 'Asset > Network port > Port description'],
        ['ifnumber', 'Asset > Network port > Port number'],
        ['serial', 'Asset > Serial number'],
        ['uuid', 'Asset > UUID'],
        ['device_id', 'Agent > Device_id'],
        ['mskey', 'Asset > Serial of the operating system'],
        ['name', 'Asset > Name'],
        ['tag', 'Agent > Inventory tag'],
        ['osname', 'Asset > Operating system'],
        ['oscomment', 'Asset > Operating system > Comments'],
      ] as const
    ).map(([name, label]) => criterion(name, label, undefined, INVENTORIED)),
    criterion('itemtype', 'Asset > Item type', INVENTORY_ITEMTYPES, { only: [IS, IS_NOT, EXISTS, NOT_EXISTS] }),
    criterion('domains_id', 'Asset > Domain', dropdown('glpi_domains'), INVENTORIED),
    criterion('linked_item', 'Linked asset', YES_NO, { only: [FIND] }),
    criterion('partial', 'Is partial', YES_NO, { only: IS_OR_NOT }),
    criterion('entityrestrict', 'General > Restrict search in defined entity', YES_ONLY, { only: [ENTITY_RESTRICT] }),
    criterion('link_criteria_port', 'General > Restrict criteria to same network port', YES_ONLY, { only: [PORT_RESTRICT] }),
    criterion('only_these_criteria', 'General > Only criteria of this rule in data', YES_ONLY, { only: [ONLY_CRITERIA] }),
  ],
  actions: [action('_inventory', 'Inventory link', INVENTORY_LINK), action('_ignore_import', 'Refuse import', YES_ONLY)],
};

const IN_NETWORK = { more: [CIDR, NOT_CIDR] };
const IMPORT_ENTITY: CollectionFields = {
  criteria: [
    criterion('tag', 'Inventory tag'),
    criterion('domain', 'Domain'),
    criterion('subnet', 'Subnet', undefined, IN_NETWORK),
    criterion('ip', 'IP address', undefined, IN_NETWORK),
    criterion('name', 'Equipment name'),
    criterion('serial', 'Serial number'),
    criterion('itemtype', 'Itemtype', INVENTORY_ITEMTYPES),
    criterion('oscomment', 'Operating system > Comments'),
    criterion('_source', 'Source', IMPORT_SOURCE, { only: IS_OR_NOT }),
  ],
  actions: [
    action('entities_id', 'Entity', ENTITIES),
    action('locations_id', 'Location', LOCATIONS),
    action('_affect_entity_by_tag', 'Entity from TAG', undefined, ['regex_result']),
    action('_ignore_import', 'Refuse import', YES_ONLY),
    action('is_recursive', 'Child entities', YES_NO),
    action('groups_id_tech', 'Group in charge', GROUPS),
    action('users_id_tech', 'Technician in charge', USERS),
  ],
};

const LOCATION: CollectionFields = {
  criteria: [criterion('tag', 'Inventory tag'), criterion('ip', 'IP address', undefined, IN_NETWORK)],
  actions: [action('locations_id', 'Location', LOCATIONS, ['assign', 'regex_result'])],
};

const SOFTWARE_CATEGORY: CollectionFields = {
  criteria: [criterion('name', 'Software'), criterion('manufacturer', 'Publisher'), criterion('comment', 'Comments'), criterion('_system_category', 'Category from inventory tool')],
  actions: [action('softwarecategories_id', 'Category', dropdown('glpi_softwarecategories')), action('_import_category', 'Import category from inventory tool', YES_ONLY)],
};

const SOFTWARE_DICTIONARY: CollectionFields = {
  criteria: [criterion('name', 'Software'), criterion('manufacturer', 'Publisher', MANUFACTURERS), criterion('entities_id', 'Entity', ENTITIES), criterion('_system_category', 'Category from inventory tool')],
  actions: [
    action('name', 'Name', undefined, REGEX_TYPES),
    action('_ignore_import', 'To be unaware of import', YES_ONLY),
    action('version', 'Version', undefined, REGEX_TYPES),
    action('manufacturer', 'Publisher', MANUFACTURERS),
    action('is_helpdesk_visible', 'Associable to a ticket', YES_NO),
    action('softwarecategories_id', 'Category', dropdown('glpi_softwarecategories')),
  ],
};

const PRINTER_DICTIONARY: CollectionFields = {
  criteria: [criterion('name', 'Name'), criterion('manufacturer', 'Manufacturer', MANUFACTURERS), criterion('comment', 'Comments')],
  actions: [
    action('name', 'Name', undefined, REGEX_TYPES),
    action('_ignore_import', 'To be unaware of import', YES_ONLY),
    action('manufacturer', 'Manufacturer', MANUFACTURERS),
    action('is_global', 'Management type', list([[0, 'Unit management'], [1, 'Global management']])),
  ],
};

/** The dropdown dictionaries: a name (and a model's manufacturer) becomes another name. */
const dropdownDictionary = (model: boolean): CollectionFields => ({
  criteria: [criterion('name', 'Name'), ...(model ? [criterion('manufacturer', 'Manufacturer')] : [])],
  actions: [action('name', 'Name', undefined, REGEX_TYPES)],
});

const BY_SUB_TYPE: Readonly<Record<string, CollectionFields>> = {
  RuleTicket: TICKET,
  RuleAsset: ASSET,
  RuleMailCollector: MAIL,
  RuleRight: RIGHT,
  RuleImportAsset: IMPORT_ASSET,
  RuleImportEntity: IMPORT_ENTITY,
  RuleLocation: LOCATION,
  RuleSoftwareCategory: SOFTWARE_CATEGORY,
  RuleDictionnarySoftware: SOFTWARE_DICTIONARY,
  RuleDictionnaryPrinter: PRINTER_DICTIONARY,
};

/** The criteria and actions of a collection (`dictionaryOf`: a dropdown dictionary's itemtype). */
export function collectionFields(subType: string, dictionaryOf?: string): CollectionFields | undefined {
  return BY_SUB_TYPE[subType] ?? (dictionaryOf ? dropdownDictionary(dictionaryOf.endsWith('Model')) : undefined);
}
