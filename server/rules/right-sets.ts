/**
 * What the directory's authorization rules (RuleRight) give a sign-in, as GLPI's RuleRight runs
 * its actions: each matching rule the values its actions set, merged (an entity lookup trying
 * every combination of captures gives each entity found, as a list); a rule with an entity
 * lookup that found none, and no entity otherwise, gives nothing at all, as GLPI stops its actions.
 */
import type { Db } from '../db/connection';
import { runRules, type RuleTrace } from './engine';

const lostEntity = (rule: RuleTrace) =>
  rule.actions.some((a) => a.error !== undefined && a.field.startsWith('_affect_entity_by_')) && !rule.actions.some((a) => a.set.entities_id !== undefined);

export function rightRuleSets(db: Db, input: Record<string, unknown>): Record<string, unknown>[] {
  return runRules(db, 'RuleRight', input)
    .rules.filter((rule) => rule.matched && !lostEntity(rule))
    .map((rule) => Object.assign({}, ...rule.actions.map((action) => action.set)));
}
