import { DEFAULT_IMPORT_RULES } from '../registry/default-import-rules';
import { DEFAULT_RULES, type DefaultRule } from '../registry/default-rules';
import type { Db } from './connection';
import { insertRow, run, selectOne } from './rows';

const free = (db: Db, table: string, id: number) => !selectOne(db, `SELECT id FROM ${table} WHERE id = ?`, id);

/** One default rule with its criteria and actions, each with its GLPI id where free. */
function insertDefaultRule(db: Db, { criteria, actions, ...rule }: DefaultRule): void {
  const { id, ...fields } = rule;
  const ruleId = free(db, 'glpi_rules', id) ? insertRow(db, 'glpi_rules', { id, ...fields, entities_id: 0 }) : insertRow(db, 'glpi_rules', { ...fields, entities_id: 0 });
  for (const [criterionId, criterion, condition, pattern] of criteria) {
    insertRow(db, 'glpi_rulecriterias', { ...(free(db, 'glpi_rulecriterias', criterionId) ? { id: criterionId } : {}), rules_id: ruleId, criteria: criterion, condition, pattern });
  }
  for (const [actionId, action_type, field, value] of actions) {
    insertRow(db, 'glpi_ruleactions', { ...(free(db, 'glpi_ruleactions', actionId) ? { id: actionId } : {}), rules_id: ruleId, action_type, field, value });
  }
}

/**
 * GLPI 10.0's default rules, with their ids where free. A rule already there (by uuid, as an
 * imported GLPI database has them) or whose id another rule took is left alone.
 */
export function seedDefaultRules(db: Db): void {
  for (const rule of [...DEFAULT_RULES, ...DEFAULT_IMPORT_RULES]) {
    if (!free(db, 'glpi_rules', rule.id) || selectOne(db, 'SELECT id FROM glpi_rules WHERE uuid = ?', rule.uuid)) continue;
    insertDefaultRule(db, rule);
  }
}

/**
 * GLPI 10.0's default import rules on a database that has none, all of them (another id where
 * a rule took GLPI's), as GLPI's own migration to 10.0 adds them only to a collection without
 * rules: an imported GLPI database keeps its own.
 */
export function seedDefaultImportRules(db: Db): void {
  if (selectOne(db, "SELECT id FROM glpi_rules WHERE sub_type = 'RuleImportAsset' LIMIT 1")) return;
  for (const rule of DEFAULT_IMPORT_RULES) insertDefaultRule(db, rule);
}

/**
 * The default import rules a database seeded before they were added lacks (those of printers,
 * network equipment, peripherals, monitors and phones), each missing by name: put at GLPI's
 * ranking, the rules ranked from there (written since) moved after them, as a rule written later
 * ranks after the defaults.
 */
export function seedMissingImportRules(db: Db): void {
  const missing = DEFAULT_IMPORT_RULES.filter((rule) => !selectOne(db, "SELECT id FROM glpi_rules WHERE sub_type = 'RuleImportAsset' AND name = ?", rule.name));
  const first = missing[0];
  if (!first) return;
  run(db, "UPDATE glpi_rules SET ranking = ranking + ? WHERE sub_type = 'RuleImportAsset' AND ranking >= ?", missing.length, first.ranking);
  for (const rule of missing) insertDefaultRule(db, rule);
}
