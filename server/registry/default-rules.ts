/**
 * The rules of a fresh GLPI 10.0 install (its install data: glpi_rules, glpi_rulecriterias,
 * glpi_ruleactions), with GLPI's ids and uuids. Criteria on `TYPE` compare authentication types
 * (AUTHTYPE: 2 LDAP directory, 3 mail server; GLPI's Root rule names both, so it reads the same).
 */
export interface DefaultRule {
  id: number;
  sub_type: string;
  ranking: number;
  name: string;
  uuid: string;
  description: string;
  match: 'AND' | 'OR';
  is_active: 0 | 1;
  is_recursive: 0 | 1;
  condition: number;
  /** [id, criteria, condition, pattern] */
  criteria: [number, string, number, string][];
  /** [id, action_type, field, value] */
  actions: [number, string, string, string][];
}

const rule = (r: DefaultRule) => r;

export const DEFAULT_RULES: readonly DefaultRule[] = [
  rule({ id: 2, sub_type: 'RuleRight', ranking: 1, name: 'Root', uuid: 'glpi_rule_right_root', description: '', match: 'OR', is_active: 1, is_recursive: 0, condition: 0, criteria: [[2, 'TYPE', 0, '3'], [3, 'TYPE', 0, '2']], actions: [[2, 'assign', 'entities_id', '0']] }),
  rule({ id: 3, sub_type: 'RuleMailCollector', ranking: 3, name: 'Root', uuid: 'glpi_rule_mail_collector_root', description: '', match: 'OR', is_active: 1, is_recursive: 0, condition: 0, criteria: [[5, 'subject', 6, '/.*/']], actions: [[3, 'assign', 'entities_id', '0']] }),
  rule({
    id: 4,
    sub_type: 'RuleMailCollector',
    ranking: 1,
    name: 'X-Auto-Response-Suppress',
    uuid: 'glpi_rule_mail_collector_x_auto_response_suppress',
    description: 'Exclude Auto-Reply emails using X-Auto-Response-Suppress header',
    match: 'AND',
    is_active: 0,
    is_recursive: 1,
    condition: 0,
    criteria: [[6, 'x-auto-response-suppress', 6, '/\\S+/']],
    actions: [[4, 'assign', '_refuse_email_no_response', '1']],
  }),
  rule({
    id: 5,
    sub_type: 'RuleMailCollector',
    ranking: 2,
    name: 'Auto-Reply Auto-Submitted',
    uuid: 'glpi_rule_mail_collector_auto_reply_auto_submitted',
    description: 'Exclude Auto-Reply emails using Auto-Submitted header',
    match: 'OR',
    is_active: 1,
    is_recursive: 1,
    condition: 0,
    criteria: [[7, 'auto-submitted', 6, '/^(?!.*no).+$/i']],
    actions: [[5, 'assign', '_refuse_email_no_response', '1']],
  }),
  rule({
    id: 6,
    sub_type: 'RuleTicket',
    ranking: 1,
    name: 'Ticket location from item',
    uuid: 'glpi_rule_rule_ticket_location_from_item',
    description: '',
    match: 'AND',
    is_active: 0,
    is_recursive: 1,
    condition: 1,
    criteria: [[9, 'locations_id', 9, '1'], [10, 'items_locations', 8, '1']],
    actions: [[6, 'fromitem', 'locations_id', '1']],
  }),
  rule({
    id: 7,
    sub_type: 'RuleTicket',
    ranking: 2,
    name: 'Ticket location from user',
    uuid: 'glpi_rule_rule_ticket_location_from_user',
    description: '',
    match: 'AND',
    is_active: 0,
    is_recursive: 1,
    condition: 1,
    criteria: [[11, 'locations_id', 9, '1'], [12, '_locations_id_of_requester', 8, '1']],
    actions: [[7, 'fromuser', 'locations_id', '1']],
  }),
  rule({
    id: 8,
    sub_type: 'RuleSoftwareCategory',
    ranking: 1,
    name: 'Import category from inventory tool',
    uuid: 'glpi_rule_rule_software_category_import_category_from_inventory_tool',
    description: '',
    match: 'AND',
    is_active: 0,
    is_recursive: 1,
    condition: 1,
    criteria: [[13, 'name', 0, '*']],
    actions: [[8, 'assign', '_import_category', '1']],
  }),
  ...(
    [
      [9, 1, 'Domain user assignation', 'glpi_rule_rule_asset_domain_user_assignation', '/(.*)@/'],
      [10, 2, 'Multiple users: assign to the first', 'glpi_rule_rule_asset_multiple_user_assign_to_first', '/(.*)[,|\\/]/'],
      [11, 3, 'One user assignation', 'glpi_rule_rule_asset_one_user_assignation', '/(.*)/'],
    ] as const
  ).map(([id, ranking, name, uuid, contact]) => {
    const first = 14 + (id - 9) * 3;
    return rule({
      id,
      sub_type: 'RuleAsset',
      ranking,
      name,
      uuid,
      description: '',
      match: 'AND',
      is_active: 1,
      is_recursive: 1,
      condition: 3,
      criteria: [[first, '_itemtype', 0, 'Computer'], [first + 1, '_auto', 0, '1'], [first + 2, 'contact', 6, contact]],
      actions: [[id, 'regex_result', '_affect_user_by_regex', '#0']],
    });
  }),
];
