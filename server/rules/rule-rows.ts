/**
 * The rules written through the API (`Rule`, `RuleCriteria`, `RuleAction`), checked as the engine
 * will read them: a rule names a known collection and matches all (AND) or one (OR) of its
 * criteria; a new rule goes last in its collection unless given a ranking; one of a collection
 * without entities lies in the root entity; a business rule runs on add unless told otherwise. A
 * criterion has one of GLPI's conditions, a regular expression must compile (refused with the
 * offset of the error) and an IP range be one.
 */
import { randomUUID } from 'node:crypto';
import { selectOne, type Row } from '../db/rows';
import { ItemError, type ItemHooks } from '../items/hooks';
import { collection, COLLECTIONS, ON } from './collections';
import { cidrRange, CONDITION, KNOWN } from './conditions';
import { compileRulePattern } from './regex';

function checkRule(row: Row): void {
  if ('sub_type' in row) {
    const c = collection(String(row.sub_type ?? ''));
    if (!c) throw new ItemError(`Field sub_type: ${JSON.stringify(row.sub_type)} is not a rule collection (${COLLECTIONS.map((x) => x.subType).join(', ')})`);
  }
  if ('match' in row) {
    const match = String(row.match ?? '').toUpperCase();
    if (match !== 'AND' && match !== 'OR') throw new ItemError('Field match: AND (every criterion) or OR (one criterion)');
    row.match = match;
  }
}

function checkCriterion(row: Row, old?: Row): void {
  const condition = Number(row.condition ?? old?.condition ?? 0);
  if ((condition === CONDITION.CIDR || condition === CONDITION.NOT_CIDR) && !cidrRange(String(row.pattern ?? old?.pattern ?? ''))) {
    throw new ItemError('Field pattern: an IPv4 address or range, such as 10.1.0.0/16');
  }
  if ('condition' in row && !KNOWN.has(condition)) throw new ItemError(`Field condition: ${JSON.stringify(row.condition)} is not one of GLPI's criteria conditions`);
  if ('criteria' in row && String(row.criteria ?? '').trim() === '') throw new ItemError('Field criteria: the field the criterion tests');
  if ((condition === CONDITION.REGEX_MATCH || condition === CONDITION.REGEX_NOT_MATCH) && ('pattern' in row || 'condition' in row)) {
    const pattern = String(row.pattern ?? old?.pattern ?? '');
    const compiled = compileRulePattern(pattern);
    if (!compiled.ok) throw new ItemError(`Field pattern: invalid regular expression at offset ${compiled.offset}: ${compiled.message}`);
  }
}

function checkAction(row: Row): void {
  for (const field of ['action_type', 'field'] as const) {
    if (field in row && String(row[field] ?? '').trim() === '') throw new ItemError(`Field ${field}: must not be empty`);
  }
}

export const ruleHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    row.sub_type ??= '';
    checkRule(row);
    const c = collection(String(row.sub_type))!;
    if (!c.entityScoped) row.entities_id = 0;
    if (c.usesConditions && row.condition === undefined) row.condition = ON.ADD;
    row.match ??= 'AND';
    row.uuid ??= randomUUID();
    if (row.ranking === undefined) {
      row.ranking = Number(selectOne(wc.db, 'SELECT COALESCE(MAX(ranking), 0) + 1 AS next FROM glpi_rules WHERE sub_type = ?', c.subType)!.next);
    }
  },
  prepareUpdate(_wc, _type, _old, changes) {
    checkRule(changes);
  },
};

export const ruleCriterionHooks: ItemHooks = {
  prepareAdd(_wc, _type, row) {
    if (!('criteria' in row)) throw new ItemError('Field criteria: the field the criterion tests');
    checkCriterion({ condition: 0, ...row });
  },
  prepareUpdate(_wc, _type, old, changes) {
    checkCriterion(changes, old);
  },
};

export const ruleActionHooks: ItemHooks = {
  prepareAdd(_wc, _type, row) {
    checkAction({ action_type: row.action_type ?? '', field: row.field ?? '', ...row });
  },
  prepareUpdate(_wc, _type, _old, changes) {
    checkAction(changes);
  },
};
