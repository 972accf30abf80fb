/**
 * GLPI 10.0's default RuleImportAsset rules (what its RuleImportAsset::initRules creates, in its
 * order and ranking from 0), up to the phones' ones: the global rules of network discovery, the
 * computer rules, then those of printers, network equipment, peripherals, monitors and phones,
 * the first match deciding which asset an inventory updates. The rules of the types Deskbase does
 * not inventory (clusters, enclosures, PDUs…) are left out. GLPI gives them ids after its other
 * default rules (12 on) and random uuids; Deskbase names the uuids as GLPI's own migrations name
 * theirs.
 */
import type { DefaultRule } from './default-rules';

/** GLPI's conditions: is, exists, does not exist, find (a row with the value), is empty (in the found row), port restriction, only these criteria. */
const IS = 0;
const EXISTS = 8;
const NOT_EXISTS = 9;
const FIND = 10;
const IS_EMPTY = 30;
const PORT_RESTRICT = 203;
const ONLY_CRITERIA = 204;
/** RuleImportAsset's `_inventory` values: link or import (GLPI's RULE_ACTION_LINK_OR_IMPORT), denied. */
const LINK = '0';
const DENY = '2';

type Criterion = [criteria: string, condition: number, pattern?: string];

const computer: Criterion = ['itemtype', IS, 'Computer'];
const noItemtype: Criterion = ['itemtype', NOT_EXISTS];
const found = (criteria: string): Criterion[] => [[criteria, FIND], [criteria, EXISTS]];

type RuleRow = [name: string, active: 0 | 1, action: string, criteria: Criterion[]];

const is = (itemtype: string): Criterion => ['itemtype', IS, itemtype];
/** GLPI's rules of a network-inventoried type: name required, linked by serial (by MAC: inactive), else denied. */
const deviceRules = (itemtype: string): RuleRow[] => [
  [`${itemtype} constraint (name)`, 1, DENY, [is(itemtype), ['name', NOT_EXISTS]]],
  [`${itemtype} update (by serial)`, 1, LINK, [is(itemtype), ['serial', EXISTS], ['serial', FIND]]],
  [`${itemtype} update (by mac)`, 0, LINK, [is(itemtype), ['mac', EXISTS], ['mac', FIND]]],
  [`${itemtype} import (by serial)`, 1, LINK, [is(itemtype), ['serial', EXISTS]]],
  [`${itemtype} import (by mac)`, 0, LINK, [is(itemtype), ['mac', EXISTS]]],
  [`${itemtype} import denied`, 1, DENY, [is(itemtype)]],
];
/** GLPI's rules of a type linked by serial only (peripherals are "Device" in their names). */
const serialRules = (itemtype: string, label: string): RuleRow[] => [
  [`${label} update (by serial)`, 1, LINK, [is(itemtype), ['serial', EXISTS], ['serial', FIND]]],
  [`${label} import (by serial)`, 1, LINK, [is(itemtype), ['serial', EXISTS]]],
  [`${label} import denied`, 1, DENY, [is(itemtype)]],
];

const RULES: RuleRow[] = [
  ['No creation on partial import', 1, DENY, [['partial', IS, '1'], noItemtype]],
  ['Global update (by mac+ifnumber restricted port)', 1, LINK, [noItemtype, ...found('mac'), ...found('ifnumber'), ['link_criteria_port', PORT_RESTRICT]]],
  ['Global update (by mac+ifnumber not restricted port)', 1, LINK, [noItemtype, ...found('mac'), ...found('ifnumber')]],
  ['Global import (by mac+ifnumber)', 1, LINK, [noItemtype, ['mac', EXISTS], ['ifnumber', EXISTS]]],
  ['Global update (by ip+ifdescr restricted port)', 1, LINK, [noItemtype, ...found('ip'), ...found('ifdescr'), ['link_criteria_port', PORT_RESTRICT]]],
  ['Global update (by ip+ifdescr not restricted port)', 1, LINK, [noItemtype, ...found('ip'), ...found('ifdescr')]],
  ['Global import (by ip+ifdescr)', 1, LINK, [noItemtype, ['ip', EXISTS], ['ifdescr', EXISTS]]],
  ['Update only mac address (mac on switch port)', 1, LINK, [noItemtype, ...found('mac'), ['only_these_criteria', ONLY_CRITERIA]]],
  ['Import only mac address (mac on switch port)', 1, LINK, [noItemtype, ['mac', EXISTS], ['only_these_criteria', ONLY_CRITERIA]]],
  ['Computer constraint (name)', 1, DENY, [computer, ['name', NOT_EXISTS]]],
  ['Computer update (by serial + uuid)', 1, LINK, [computer, ...found('serial'), ...found('uuid')]],
  ['Computer update (by serial + uuid is empty in GLPI)', 1, LINK, [computer, ...found('serial'), ['uuid', IS_EMPTY]]],
  ['Computer import (by serial + uuid)', 1, LINK, [computer, ['uuid', EXISTS], ['serial', EXISTS]]],
  ['Computer update (by serial)', 1, LINK, [computer, ...found('serial')]],
  ['Computer update (by uuid)', 0, LINK, [computer, ...found('uuid')]],
  ['Computer update (by mac)', 0, LINK, [computer, ...found('mac')]],
  ['Computer update (by name)', 1, LINK, [computer, ...found('name')]],
  ['Computer import (by serial)', 1, LINK, [computer, ['serial', EXISTS]]],
  ['Computer import (by uuid)', 0, LINK, [computer, ['uuid', EXISTS]]],
  ['Computer import (by mac)', 0, LINK, [computer, ['mac', EXISTS]]],
  ['Computer import (by name)', 1, LINK, [computer, ['name', EXISTS]]],
  ['Computer import denied', 1, DENY, [computer]],
  ...deviceRules('Printer'),
  ...deviceRules('NetworkEquipment'),
  ...serialRules('Peripheral', 'Device'),
  ...serialRules('Monitor', 'Monitor'),
  ['Phone constraint (name)', 0, DENY, [is('Phone'), ['name', NOT_EXISTS]]],
  ['Phone update (by mac)', 0, LINK, [is('Phone'), ['mac', FIND], ['mac', EXISTS]]],
  ['Phone import (by mac)', 0, LINK, [is('Phone'), ['mac', EXISTS]]],
  ['Phone import denied', 0, DENY, [is('Phone')]],
];

/** First ids: after GLPI's other default rules, criteria and actions (./default-rules.ts). */
const FIRST = { rule: 12, criterion: 23, action: 12 };

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

export const DEFAULT_IMPORT_RULES: readonly DefaultRule[] = (() => {
  let criterionId = FIRST.criterion;
  return RULES.map(([name, active, action, criteria], index) => ({
    id: FIRST.rule + index,
    sub_type: 'RuleImportAsset',
    ranking: index,
    name,
    uuid: `glpi_rule_import_asset_${slug(name)}`,
    description: '',
    match: 'AND' as const,
    is_active: active,
    is_recursive: 0 as const,
    condition: 0,
    criteria: criteria.map(([criterion, condition, pattern]): [number, string, number, string] => [criterionId++, criterion, condition, pattern ?? '1']),
    actions: [[FIRST.action + index, 'assign', '_inventory', action]] as [number, string, string, string][],
  }));
})();
