import { DEFAULT_RULES } from '../registry/default-rules';
import type { Db } from './connection';
import { insertRow, selectOne } from './rows';

const free = (db: Db, table: string, id: number) => !selectOne(db, `SELECT id FROM ${table} WHERE id = ?`, id);

/**
 * GLPI 10.0's default rules, with their ids where free. A rule already there (by uuid, as an
 * imported GLPI database has them) or whose id another rule took is left alone.
 */
export function seedDefaultRules(db: Db): void {
  for (const { criteria, actions, ...rule } of DEFAULT_RULES) {
    if (!free(db, 'glpi_rules', rule.id) || selectOne(db, 'SELECT id FROM glpi_rules WHERE uuid = ?', rule.uuid)) continue;
    insertRow(db, 'glpi_rules', { ...rule, entities_id: 0 });
    for (const [id, criterion, condition, pattern] of criteria) {
      insertRow(db, 'glpi_rulecriterias', { ...(free(db, 'glpi_rulecriterias', id) ? { id } : {}), rules_id: rule.id, criteria: criterion, condition, pattern });
    }
    for (const [id, action_type, field, value] of actions) {
      insertRow(db, 'glpi_ruleactions', { ...(free(db, 'glpi_ruleactions', id) ? { id } : {}), rules_id: rule.id, action_type, field, value });
    }
  }
}
