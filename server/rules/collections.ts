/**
 * GLPI 10.0's rule collections (glpi_rules.sub_type): the right that guards each, whether it stops
 * at its first matching rule, whether each matching rule's output is the next one's input
 * (GLPI's use_output_rule_process_as_next_input), whether its rules belong to entities, and
 * whether they run on add, on update or both (`condition`, a bit mask).
 */
export interface Collection {
  subType: string;
  right: string;
  stopOnFirstMatch: boolean;
  chained: boolean;
  /** A rule applies in its entity, and below it when recursive. */
  entityScoped: boolean;
  /** `condition` is GLPI's mask of events (on add 1, on update 2); without, it is not read. */
  usesConditions: boolean;
  /** Criteria that name a dropdown row, with its table: is, is not, under compare ids, the others its name. */
  dropdowns: Readonly<Record<string, string>>;
  /** GLPI's import rules: "is empty" (30) tests the rows the rule's find criteria look up, not the input (the caller's `find` judges it). */
  emptyInFound?: boolean;
}

/** The events of business rules' `condition` mask. */
export const ON = { ADD: 1, UPDATE: 2 } as const;

const ITIL_DROPDOWNS = {
  itilcategories_id: 'glpi_itilcategories',
  locations_id: 'glpi_locations',
  _locations_id_of_requester: 'glpi_locations',
  _locations_id_of_item: 'glpi_locations',
  requesttypes_id: 'glpi_requesttypes',
  entities_id: 'glpi_entities',
  _groups_id_of_requester: 'glpi_groups',
  _groups_id_requester: 'glpi_groups',
  _groups_id_assign: 'glpi_groups',
  _groups_id_observer: 'glpi_groups',
  _users_id_requester: 'glpi_users',
  _users_id_assign: 'glpi_users',
  _users_id_observer: 'glpi_users',
  _suppliers_id_assign: 'glpi_suppliers',
  slas_id_ttr: 'glpi_slas',
  slas_id_tto: 'glpi_slas',
  olas_id_ttr: 'glpi_olas',
  olas_id_tto: 'glpi_olas',
  users_id_recipient: 'glpi_users',
  _mailgate: 'glpi_mailcollectors',
  _groups_id_of_item: 'glpi_groups',
  _states_id_of_item: 'glpi_states',
  _contract_types: 'glpi_contracttypes',
  _date_creation_calendars_id: 'glpi_calendars',
} as const;

const ASSET_DROPDOWNS = {
  locations_id: 'glpi_locations',
  entities_id: 'glpi_entities',
  groups_id: 'glpi_groups',
  groups_id_tech: 'glpi_groups',
  users_id: 'glpi_users',
  users_id_tech: 'glpi_users',
  states_id: 'glpi_states',
  manufacturers_id: 'glpi_manufacturers',
} as const;

const plain = (subType: string, right: string, more: Partial<Collection> = {}): Collection => ({
  subType,
  right,
  stopOnFirstMatch: true,
  chained: false,
  entityScoped: false,
  usesConditions: false,
  dropdowns: {},
  ...more,
});

/** The dropdown dictionaries: each renames one dropdown's names (`name` criterion and action). */
export const DROPDOWN_DICTIONARIES: Readonly<Record<string, string>> = {
  RuleDictionnaryManufacturer: 'Manufacturer',
  RuleDictionnaryComputerModel: 'ComputerModel',
  RuleDictionnaryMonitorModel: 'MonitorModel',
  RuleDictionnaryPrinterModel: 'PrinterModel',
  RuleDictionnaryPeripheralModel: 'PeripheralModel',
  RuleDictionnaryNetworkEquipmentModel: 'NetworkEquipmentModel',
  RuleDictionnaryPhoneModel: 'PhoneModel',
  RuleDictionnaryComputerType: 'ComputerType',
  RuleDictionnaryMonitorType: 'MonitorType',
  RuleDictionnaryPrinterType: 'PrinterType',
  RuleDictionnaryPeripheralType: 'PeripheralType',
  RuleDictionnaryNetworkEquipmentType: 'NetworkEquipmentType',
  RuleDictionnaryPhoneType: 'PhoneType',
  RuleDictionnaryOperatingSystem: 'OperatingSystem',
  RuleDictionnaryOperatingSystemServicePack: 'OperatingSystemServicePack',
  RuleDictionnaryOperatingSystemVersion: 'OperatingSystemVersion',
  RuleDictionnaryOperatingSystemArchitecture: 'OperatingSystemArchitecture',
  RuleDictionnaryOperatingSystemEdition: 'OperatingSystemEdition',
};

const LIST: Collection[] = [
  plain('RuleTicket', 'rule_ticket', { stopOnFirstMatch: false, chained: true, entityScoped: true, usesConditions: true, dropdowns: ITIL_DROPDOWNS }),
  plain('RuleAsset', 'rule_asset', { stopOnFirstMatch: false, entityScoped: true, usesConditions: true, dropdowns: ASSET_DROPDOWNS }),
  plain('RuleMailCollector', 'rule_mailcollector'),
  // GROUPS: the user's directory groups, compared by id or by complete name as GLPI's dropdown criterion.
  plain('RuleRight', 'rule_ldap', { stopOnFirstMatch: false, dropdowns: { GROUPS: 'glpi_groups' } }),
  plain('RuleImportAsset', 'rule_import', { emptyInFound: true }),
  plain('RuleImportEntity', 'rule_import'),
  plain('RuleLocation', 'rule_location'),
  plain('RuleSoftwareCategory', 'rule_softwarecategories'),
  plain('RuleDictionnarySoftware', 'rule_dictionnary_software', { dropdowns: { manufacturer: 'glpi_manufacturers' } }),
  plain('RuleDictionnaryPrinter', 'rule_dictionnary_printer', { dropdowns: { manufacturer: 'glpi_manufacturers' } }),
  ...Object.keys(DROPDOWN_DICTIONARIES).map((subType) => plain(subType, 'rule_dictionnary_dropdown')),
];

const BY_SUB_TYPE = new Map(LIST.map((c) => [c.subType, c]));

export function collection(subType: string): Collection | undefined {
  return BY_SUB_TYPE.get(subType);
}

export const COLLECTIONS: readonly Collection[] = LIST;
