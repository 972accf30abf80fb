/**
 * GLPI 10.0's rule collections (glpi_rules.sub_type) and the right that guards each (its
 * RuleCollection's rightname). The rules of ticket and asset business rules belong to entities;
 * the others do not. The rules engine (server/rules/) reads its collections from here.
 */
export const RULE_COLLECTION_RIGHTS: Readonly<Record<string, string>> = {
  RuleTicket: 'rule_ticket',
  RuleAsset: 'rule_asset',
  RuleMailCollector: 'rule_mailcollector',
  RuleRight: 'rule_ldap',
  RuleImportAsset: 'rule_import',
  RuleImportEntity: 'rule_import',
  RuleLocation: 'rule_location',
  RuleSoftwareCategory: 'rule_softwarecategories',
  RuleDictionnarySoftware: 'rule_dictionnary_software',
  RuleDictionnaryPrinter: 'rule_dictionnary_printer',
  RuleDictionnaryManufacturer: 'rule_dictionnary_dropdown',
  RuleDictionnaryComputerModel: 'rule_dictionnary_dropdown',
  RuleDictionnaryMonitorModel: 'rule_dictionnary_dropdown',
  RuleDictionnaryPrinterModel: 'rule_dictionnary_dropdown',
  RuleDictionnaryPeripheralModel: 'rule_dictionnary_dropdown',
  RuleDictionnaryNetworkEquipmentModel: 'rule_dictionnary_dropdown',
  RuleDictionnaryPhoneModel: 'rule_dictionnary_dropdown',
  RuleDictionnaryComputerType: 'rule_dictionnary_dropdown',
  RuleDictionnaryMonitorType: 'rule_dictionnary_dropdown',
  RuleDictionnaryPrinterType: 'rule_dictionnary_dropdown',
  RuleDictionnaryPeripheralType: 'rule_dictionnary_dropdown',
  RuleDictionnaryNetworkEquipmentType: 'rule_dictionnary_dropdown',
  RuleDictionnaryPhoneType: 'rule_dictionnary_dropdown',
  RuleDictionnaryOperatingSystem: 'rule_dictionnary_dropdown',
  RuleDictionnaryOperatingSystemServicePack: 'rule_dictionnary_dropdown',
  RuleDictionnaryOperatingSystemVersion: 'rule_dictionnary_dropdown',
  RuleDictionnaryOperatingSystemArchitecture: 'rule_dictionnary_dropdown',
  RuleDictionnaryOperatingSystemEdition: 'rule_dictionnary_dropdown',
};

/** Collections whose rules belong to an entity (and its sub-entities when recursive). */
export const ENTITY_RULE_COLLECTIONS: readonly string[] = ['RuleTicket', 'RuleAsset'];
