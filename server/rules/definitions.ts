/**
 * What a rule collection's editor offers, as GLPI's rule forms do: each criterion with its label,
 * the conditions valid for it (GLPI's numbering: the usual ten, under / not under when it names
 * a tree dropdown, the collection's own such as "is already present" or an IP range, or only
 * those GLPI allows it) and what its pattern holds (a dropdown's itemtype, a fixed list, text);
 * each action field with the action types it takes and, per type, what its value holds.
 * RuleRight adds the directory attributes its administrators declared (RuleRightParameter).
 */
import type { Db } from '../db/connection';
import { selectAll } from '../db/rows';
import { itemtypeByTable } from '../registry';
import { DROPDOWN_DICTIONARIES } from './collections';
import { collectionFields } from './collection-fields';
import { CONDITION } from './conditions';
import { criterion as textCriterion, YES_ONLY, type CriterionDef, type FieldKind } from './field-kinds';

const { IS, IS_NOT, CONTAINS, NOT_CONTAINS, BEGINS, ENDS, REGEX_MATCH, REGEX_NOT_MATCH, EXISTS, NOT_EXISTS, UNDER, NOT_UNDER } = CONDITION;

/** GLPI's labels of its condition numbers. */
export const CONDITION_LABELS: Readonly<Record<number, string>> = {
  [IS]: 'is',
  [IS_NOT]: 'is not',
  [CONTAINS]: 'contains',
  [NOT_CONTAINS]: 'does not contain',
  [BEGINS]: 'starting with',
  [ENDS]: 'finished by',
  [REGEX_MATCH]: 'regular expression matches',
  [REGEX_NOT_MATCH]: 'regular expression does not match',
  [EXISTS]: 'exists',
  [NOT_EXISTS]: 'does not exist',
  [CONDITION.FIND]: 'is already present',
  [UNDER]: 'under',
  [NOT_UNDER]: 'not under',
  [CONDITION.IS_EMPTY]: 'is empty',
  // GLPI shows its import rules' flags as a plain "Yes".
  [CONDITION.ENTITY_RESTRICT]: 'Yes',
  [CONDITION.PORT_RESTRICT]: 'Yes',
  [CONDITION.ONLY_CRITERIA]: 'Yes',
  [CONDITION.CIDR]: 'is CIDR',
  [CONDITION.NOT_CIDR]: 'is not CIDR',
};

/** GLPI's titles of its rule collections. */
const COLLECTION_TITLES: Readonly<Record<string, string>> = {
  RuleTicket: 'Business rules for tickets',
  RuleAsset: 'Business rules for assets',
  RuleMailCollector: 'Rules for assigning a ticket created through a mails receiver',
  RuleRight: 'Automatic user assignment',
  RuleImportAsset: 'Rules for import and link equipments',
  RuleImportEntity: 'Rules for assigning an item to an entity',
  RuleLocation: 'Location rules',
  RuleSoftwareCategory: 'Rules for assigning a category to software',
  RuleDictionnarySoftware: 'Dictionary of software',
  RuleDictionnaryPrinter: 'Dictionary of printers',
  RuleDictionnaryManufacturer: 'Dictionary of manufacturers',
  RuleDictionnaryComputerModel: 'Dictionary of computer models',
  RuleDictionnaryMonitorModel: 'Dictionary of monitor models',
  RuleDictionnaryPrinterModel: 'Dictionary of printer models',
  RuleDictionnaryPeripheralModel: 'Dictionary of device models',
  RuleDictionnaryNetworkEquipmentModel: 'Dictionary of networking equipment models',
  RuleDictionnaryPhoneModel: 'Dictionary of phone models',
  RuleDictionnaryComputerType: 'Dictionary of computer types',
  RuleDictionnaryMonitorType: 'Dictionary of monitor types',
  RuleDictionnaryPrinterType: 'Dictionary of printer types',
  RuleDictionnaryPeripheralType: 'Dictionary of device types',
  RuleDictionnaryNetworkEquipmentType: 'Dictionary of network equipment types',
  RuleDictionnaryPhoneType: 'Dictionary of phone types',
  RuleDictionnaryOperatingSystem: 'Dictionary of operating systems',
  RuleDictionnaryOperatingSystemServicePack: 'Dictionary of service packs',
  RuleDictionnaryOperatingSystemVersion: 'Dictionary of operating system versions',
  RuleDictionnaryOperatingSystemArchitecture: 'Dictionary of operating system architectures',
  RuleDictionnaryOperatingSystemEdition: 'Dictionary of operating system editions',
};

/** GLPI's labels of its action types. */
export const ACTION_TYPE_LABELS: Readonly<Record<string, string>> = {
  assign: 'Assign',
  append: 'Add',
  regex_result: 'Assign the value from regular expression',
  append_regex_result: 'Add the result of regular expression',
  affectbyip: 'Assign: equipment by IP address',
  affectbyfqdn: 'Assign: equipment by name + domain',
  affectbymac: 'Assign: equipment by MAC address',
  compute: 'Recalculate',
  send: 'Send',
  add_validation: 'Send',
  fromuser: 'Copy from user',
  defaultfromuser: 'Copy default from user',
  firstgroupfromuser: 'Copy first group from user',
  fromitem: 'Copy from item',
  delete: 'Delete',
  do_not_compute: 'Do not calculate',
};

const BASE_CONDITIONS = [IS, IS_NOT, CONTAINS, NOT_CONTAINS, BEGINS, ENDS, REGEX_MATCH, REGEX_NOT_MATCH, EXISTS, NOT_EXISTS];
/** Action types whose value is the field's own (a user, a status…); the regex ones and lookups take text, the copies a yes. */
const FIELD_VALUED = new Set(['assign', 'append', 'add_validation']);
const TEXT_VALUED = new Set(['regex_result', 'append_regex_result', 'affectbyip', 'affectbyfqdn', 'affectbymac']);

export type ValueOut = { kind: 'text' } | { kind: 'dropdown'; itemtype: string } | { kind: 'list'; choices: { value: number | string; label: string }[] };

function valueOut(kind: FieldKind): ValueOut {
  if (kind.kind === 'list') return { kind: 'list', choices: kind.choices.map(([value, label]) => ({ value, label })) };
  if (kind.kind === 'dropdown') {
    const type = itemtypeByTable(kind.table);
    if (type) return { kind: 'dropdown', itemtype: type.name };
  }
  return { kind: 'text' };
}

function conditionsOf(c: CriterionDef): number[] {
  if (c.only) return [...c.only];
  const tree = c.value.kind === 'dropdown' && !!itemtypeByTable(c.value.table)?.tree;
  return [...BASE_CONDITIONS, ...(c.more ?? []), ...(tree ? [UNDER, NOT_UNDER] : [])];
}

/** The directory attributes RuleRight's criteria may test, as declared (RuleRightParameter: name, attribute). */
function directoryCriteria(db: Db): CriterionDef[] {
  return selectAll(db, "SELECT name, value FROM glpi_rulerightparameters WHERE COALESCE(value, '') <> '' ORDER BY name, id").map((r) => textCriterion(String(r.value), String(r.name ?? r.value)));
}

export interface CollectionDescription {
  sub_type: string;
  /** GLPI's title of the collection. */
  title: string;
  conditions: { id: number; label: string }[];
  criteria: { name: string; label: string; conditions: number[]; value: ValueOut }[];
  actions: { field: string; label: string; types: { type: string; label: string; value: ValueOut }[] }[];
}

/** The editor's view of collection `subType`, or undefined when Deskbase has no such collection. */
export function describeCollection(db: Db, subType: string): CollectionDescription | undefined {
  const fields = collectionFields(subType, DROPDOWN_DICTIONARIES[subType]);
  if (!fields) return undefined;
  const criteria = subType === 'RuleRight' ? [...fields.criteria, ...directoryCriteria(db)] : fields.criteria;
  return {
    sub_type: subType,
    title: COLLECTION_TITLES[subType] ?? subType,
    conditions: Object.entries(CONDITION_LABELS).map(([id, label]) => ({ id: Number(id), label })),
    criteria: criteria.map((c) => ({ name: c.name, label: c.label, conditions: conditionsOf(c), value: valueOut(c.value) })),
    actions: fields.actions.map((a) => ({
      field: a.field,
      label: a.label,
      types: (a.types ?? ['assign']).map((type) => ({
        type,
        label: ACTION_TYPE_LABELS[type] ?? type,
        value: valueOut(FIELD_VALUED.has(type) ? a.value : TEXT_VALUED.has(type) ? { kind: 'text' } : YES_ONLY),
      })),
    })),
  };
}
