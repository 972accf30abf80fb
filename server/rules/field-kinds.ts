/**
 * What a rule criterion or action field holds, for the editor's pickers: free text, a row of a
 * dropdown table (its id), or one of a fixed list of values (GLPI's urgency, status, yes/no…).
 * The lists carry GLPI 10.0's values and labels.
 */
import { AUTHTYPE } from '../registry/values';

export type Choices = readonly (readonly [number | string, string])[];

export type FieldKind = { kind: 'text' } | { kind: 'dropdown'; table: string } | { kind: 'list'; choices: Choices };

export interface CriterionDef {
  name: string;
  label: string;
  value: FieldKind;
  /** GLPI's allow_condition: only these conditions (else the usual ten, and under / not under on a tree). */
  only?: readonly number[];
  /** Conditions the collection adds for this criterion (GLPI's addMoreCriteria). */
  more?: readonly number[];
}

export interface ActionDef {
  field: string;
  label: string;
  value: FieldKind;
  /** GLPI's force_actions: the action types this field takes (else assign alone). */
  types?: readonly string[];
}

export const TEXT: FieldKind = { kind: 'text' };
export const dropdown = (table: string): FieldKind => ({ kind: 'dropdown', table });
export const list = (choices: Choices): FieldKind => ({ kind: 'list', choices });

export const YES_NO = list([
  [0, 'No'],
  [1, 'Yes'],
]);
export const YES_ONLY = list([[1, 'Yes']]);

const SCALE: Choices = [
  [5, 'Very high'],
  [4, 'High'],
  [3, 'Medium'],
  [2, 'Low'],
  [1, 'Very low'],
];
export const URGENCY = list(SCALE);
export const IMPACT = list(SCALE);
export const PRIORITY = list([[6, 'Major'], ...SCALE]);
export const TICKET_STATUS = list([
  [1, 'New'],
  [2, 'Processing (assigned)'],
  [3, 'Processing (planned)'],
  [4, 'Pending'],
  [5, 'Solved'],
  [6, 'Closed'],
]);
export const TICKET_TYPE = list([
  [1, 'Incident'],
  [2, 'Request'],
]);
export const VALIDATION_STATUS = list([
  [1, 'Not subject to approval'],
  [2, 'Waiting for approval'],
  [3, 'Granted'],
  [4, 'Refused'],
]);
export const VALIDATION_PERCENT = list([[0, 'None'], ...[10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((n) => [n, `${n}%`] as const)]);

const types = (names: readonly string[]) => list(names.map((n) => [n, n] as const));
/** The asset types GLPI's asset rules and ticket items name. */
export const ASSET_ITEMTYPES = types(['Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Software', 'Enclosure', 'PDU', 'Rack', 'Cluster', 'PassiveDCEquipment', 'Cable', 'Appliance', 'DatabaseInstance']);
export const INVENTORY_ITEMTYPES = types(['Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Unmanaged']);

/** RuleRight's TYPE criterion: the user's authtype, numbered as Deskbase stores it (LDAP 2, mail 3). */
export const AUTH_TYPE = list([
  [AUTHTYPE.LOCAL, 'GLPI internal database'],
  [AUTHTYPE.LDAP, 'LDAP directory'],
  [AUTHTYPE.MAIL, 'Mail server'],
  [AUTHTYPE.EXTERNAL, 'Other'],
  [AUTHTYPE.CAS, 'CAS'],
  [AUTHTYPE.X509, 'x509 certificate'],
  [AUTHTYPE.API, 'API'],
  [AUTHTYPE.COOKIE, 'Cookie'],
]);

/** RuleImportAsset's `_inventory` values (RULE_ACTION_LINK_OR_IMPORT, …_OR_NO_IMPORT, DENIED). */
export const INVENTORY_LINK = list([
  [0, 'Link if possible'],
  [1, 'Link if possible, otherwise imports declined'],
  [2, 'Import denied (no log)'],
]);

export const IMPORT_SOURCE = list([
  ['GLPI', 'GLPI'],
  ['NATIVE_INVENTORY', 'Native inventory'],
]);

export const criterion = (name: string, label: string, value: FieldKind = TEXT, more: Partial<CriterionDef> = {}): CriterionDef => ({ name, label, value, ...more });
export const action = (field: string, label: string, value: FieldKind = TEXT, types?: readonly string[]): ActionDef => ({ field, label, value, ...(types ? { types } : {}) });
