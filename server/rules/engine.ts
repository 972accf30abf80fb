/**
 * GLPI's rules engine: a collection's active rules, in ranking order, each tried on the input.
 * A rule applies where the collection says (its entity, or below it when recursive; on add or on
 * update as its `condition` mask says) and matches when all its criteria hold (`match` AND) or
 * one does (OR); a rule without criteria never matches. Its actions then set values; in a
 * chained collection (tickets) the next rules see them as input; a collection that stops at its
 * first match (dictionaries, mail, imports) tries no further rule. On an update, only the rules
 * with a criterion on a changed field are tried, as GLPI does.
 *
 * This is the interface every caller uses (tickets, assets, dictionaries here; the mail
 * collector, directory and inventory engines): runRules answers what the rules set and, for
 * the tester, why.
 */
import type { Db } from '../db/connection';
import { selectAll, type Row } from '../db/rows';
import { itemtypeByTable } from '../registry';
import { runAction, type ActionRow } from './actions';
import { collection, type Collection } from './collections';
import { BY_ID, CONDITION, holds, isEmpty, type PreparedCriterion } from './conditions';
import { activeRules, prepareCriterion, type LoadedCriterion, type LoadedRule } from './load';
import { marks } from '../db/frag';
import { HELD_PATTERNS } from './mail-actions';

/** The patterns of the `is` criteria that held, by criterion (actions that read which profile a rule named). */
const heldPatterns = (traces: CriterionTrace[]) => Object.fromEntries(traces.filter((t) => t.holds && t.condition === CONDITION.IS).map((t) => [t.criteria, t.pattern]));

export interface RunOptions {
  /** The entity of the item the input is about (collections whose rules belong to entities). */
  entityId?: number;
  /** Its ancestors, root first (recursive rules of a parent entity apply). */
  ancestors?: readonly number[];
  /** ON.ADD or ON.UPDATE, for collections with conditions. */
  event?: number;
  /** On an update: the fields that changed; only rules with a criterion on one are tried. */
  onlyCriteria?: ReadonlySet<string>;
  /** Judge every criterion of the rules tried (the tester), not only those that decide. */
  trace?: boolean;
  /**
   * GLPI's "find" condition (10, the inventory's global criteria: a row with this serial, this
   * MAC… exists): the caller's lookup decides, knowing the rule's other criteria (GLPI looks
   * them up together); without one it never holds. It also judges "is empty" in collections
   * where that tests the rows found (emptyInFound).
   */
  find?: (criterion: { criteria: string; condition: number; pattern: string }, input: Record<string, unknown>, rule: { id: number; criteria: readonly { criteria: string; condition: number }[] }) => boolean;
}

export interface CriterionTrace {
  id: number;
  criteria: string;
  condition: number;
  pattern: string;
  /** The value compared (a dropdown's name for the text conditions). */
  value: unknown;
  holds: boolean;
  error?: string;
}

export interface ActionTrace extends ActionRow {
  set: Record<string, unknown>;
  error?: string;
}

export interface RuleTrace {
  id: number;
  name: string;
  ranking: number;
  matched: boolean;
  criteria: CriterionTrace[];
  actions: ActionTrace[];
}

export interface Outcome {
  /** Every key the matching rules set, with its last value. */
  output: Record<string, unknown>;
  /** The rules tried, in order, with the criteria judged and, when they matched, their actions. */
  rules: RuleTrace[];
}

/** The rules of `subType` that apply to an item of `entityId` (its own entity's, and recursive ones above it). */
function applies(c: Collection, rule: LoadedRule, options: RunOptions): boolean {
  if (c.usesConditions && (options.event === undefined || (rule.condition & options.event) === 0)) return false;
  if (!c.entityScoped || options.entityId === undefined) return true;
  if (rule.entityId === options.entityId) return true;
  return rule.recursive && (options.ancestors ?? []).includes(rule.entityId);
}

function treeColumn(table: string): string | null {
  return itemtypeByTable(table)?.tree ?? null;
}

/** Names of dropdown rows for the text conditions (complete names in trees, as GLPI shows them). */
function dropdownName(db: Db, table: string, value: unknown): unknown {
  const list = Array.isArray(value) ? value : [value];
  const idList = list.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  if (idList.length === 0) return Array.isArray(value) ? [] : '';
  const column = treeColumn(table) ? 'completename' : 'name';
  const names = new Map(selectAll(db, `SELECT id, ${column} AS label FROM ${table} WHERE id IN (${marks(idList)})`, ...idList).map((r) => [Number(r.id), String(r.label ?? '')]));
  const out = idList.map((id) => names.get(id) ?? '');
  return Array.isArray(value) ? out : out[0];
}

/** A row and every row below it, for under / not under. */
function subtree(db: Db, table: string, pattern: string): Set<string> {
  const parent = treeColumn(table);
  const id = Number(pattern);
  if (!parent || !Number.isInteger(id)) return new Set([pattern]);
  const rows = selectAll(db, `WITH RECURSIVE below(id) AS (SELECT ? UNION SELECT t.id FROM ${table} t JOIN below ON t.${parent} = below.id) SELECT id FROM below`, id);
  return new Set(rows.map((r) => String(r.id)));
}

/**
 * GLPI's "only criteria of this rule in data": every value the input carries is one a criterion
 * of the rule names (the entity the find is made in aside; an empty value is no data).
 */
function onlyRuleCriteria(rule: Pick<LoadedRule, 'criteria'>, input: Record<string, unknown>): boolean {
  const named = new Set(rule.criteria.map((cr) => cr.criteria));
  return Object.entries(input).every(([key, value]) => key === 'entities_id' || named.has(key) || isEmpty(value));
}

function judge(db: Db, c: Collection, rule: Pick<LoadedRule, 'id' | 'criteria'>, criterion: LoadedCriterion, input: Record<string, unknown>, options: RunOptions): { trace: CriterionTrace; captures?: string[][] } {
  const base = { id: criterion.id, criteria: criterion.criteria, condition: criterion.condition, pattern: criterion.pattern };
  const raw = input[criterion.criteria];
  if (criterion.error) return { trace: { ...base, value: raw ?? null, holds: false, error: criterion.error } };
  // Import rules' flags: restrictions the caller's find reads hold; "only these criteria" holds when the input has nothing else.
  if (criterion.condition === CONDITION.ENTITY_RESTRICT || criterion.condition === CONDITION.PORT_RESTRICT) return { trace: { ...base, value: raw ?? null, holds: true } };
  if (criterion.condition === CONDITION.ONLY_CRITERIA) return { trace: { ...base, value: raw ?? null, holds: onlyRuleCriteria(rule, input) } };
  if (criterion.condition === CONDITION.FIND || (c.emptyInFound && criterion.condition === CONDITION.IS_EMPTY)) {
    return { trace: { ...base, value: raw ?? null, holds: options.find?.(criterion, input, rule) ?? false } };
  }
  const table = c.dropdowns[criterion.criteria];
  const value = table && !BY_ID.has(criterion.condition) ? dropdownName(db, table, raw) : raw;
  let prepared: PreparedCriterion = criterion.prepared;
  if (criterion.condition === CONDITION.UNDER || criterion.condition === CONDITION.NOT_UNDER) {
    prepared = { ...prepared, subtree: table ? subtree(db, table, criterion.pattern) : new Set([criterion.pattern]) };
  }
  const result = holds(prepared, value);
  return { trace: { ...base, value: value ?? null, holds: result.holds }, captures: result.captures };
}

const MAX_COMBINATIONS = 1000;

/**
 * GLPI's regex results: every combination of one match of each regular expression matched so far
 * (a list's elements each match apart), captures end to end in criteria order, the earlier
 * criteria's first: with `/(\w+)-(\d+)/` then `/@(.+)$/`, `#0` and `#1` are the first's, `#2` the
 * second's. The first combination is what `#0`… stand for; some lookups try them all.
 */
function combine(results: string[][], found: string[][]): string[][] {
  const all = results.length === 0 ? found : found.flatMap((next) => results.map((earlier) => [...earlier, ...next]));
  // Long lists on several expressions multiply: past this many, the rest are not tried.
  return all.length > MAX_COMBINATIONS ? all.slice(0, MAX_COMBINATIONS) : all;
}

/**
 * Tries one rule as GLPI does: its criteria in order until one decides (the first that fails an
 * AND rule, the first that holds an OR rule), combining the captures of the regular expressions
 * matched until then. `trace` judges the remaining criteria too, for the tester, without
 * changing the outcome.
 */
function tryRule(db: Db, c: Collection, rule: LoadedRule, input: Record<string, unknown>, options: RunOptions) {
  const trace = options.trace ?? false;
  const traces: CriterionTrace[] = [];
  const or = rule.match === 'OR';
  let matched = rule.criteria.length > 0 && !or;
  let decided = false;
  let captures: string[][] = [];
  for (const criterion of rule.criteria) {
    const { trace: verdict, captures: found } = judge(db, c, rule, criterion, input, options);
    traces.push(verdict);
    if (decided) continue;
    if (found) captures = combine(captures, found);
    if (verdict.holds === or) {
      matched = or;
      decided = true;
      if (!trace) break;
    }
  }
  return { traces, matched, captures };
}

/**
 * Runs the collection `subType` on `input`: what its matching rules set, and the trace of every
 * rule tried. Writes nothing. An unknown collection has no rules.
 */
export function runRules(db: Db, subType: string, input: Record<string, unknown>, options: RunOptions = {}): Outcome {
  const c = collection(subType);
  const outcome: Outcome = { output: {}, rules: [] };
  if (!c) return outcome;
  let current = { ...input };
  for (const rule of activeRules(db, subType)) {
    if (!applies(c, rule, options)) continue;
    if (options.onlyCriteria && !rule.criteria.some((cr) => options.onlyCriteria!.has(cr.criteria))) continue;
    const { traces, matched, captures } = tryRule(db, c, rule, c.chained ? current : input, options);
    const trace: RuleTrace = { id: rule.id, name: rule.name, ranking: rule.ranking, matched, criteria: traces, actions: [] };
    outcome.rules.push(trace);
    if (!matched) continue;
    const seen: Record<string, unknown> = { ...current, ...outcome.output };
    // Only the mail collector's actions read which profile the rule named.
    if (c.subType === 'RuleMailCollector') seen[HELD_PATTERNS] = heldPatterns(traces);
    for (const action of rule.actions) {
      const result = runAction(db, c.subType, action, captures, (key) => seen[key]);
      Object.assign(seen, result.set);
      Object.assign(outcome.output, result.set);
      trace.actions.push({ ...action, set: result.set, ...(result.error ? { error: result.error } : {}) });
    }
    if (c.chained) current = { ...current, ...outcome.output };
    if (c.stopOnFirstMatch) break;
  }
  return outcome;
}

/**
 * Whether one criterion row of a `subType` rule holds for `input`, judged as the engine judges its
 * rules' (GLPI's escalation levels are ticket rules with criteria tables of their own).
 */
export function criterionHolds(db: Db, subType: string, row: Row, input: Record<string, unknown>): boolean {
  const c = collection(subType);
  const criterion = prepareCriterion(row);
  // A rule of one criterion: escalation levels have no find conditions, the only ones that look at the rule.
  return !!c && judge(db, c, { id: 0, criteria: [criterion] }, criterion, input, {}).trace.holds;
}

/**
 * Whether any active rule of `subType` could run for `event` (its condition mask): the wiring
 * skips gathering GLPI's input (queries) when none could.
 */
export function anyRuleFor(db: Db, subType: string, event: number): boolean {
  const c = collection(subType);
  return !!c && activeRules(db, subType).some((rule) => !c.usesConditions || (rule.condition & event) !== 0);
}

/** Conditions judged on the value alone (no lookup, no other field, no caller's find). */
const ON_VALUE_ALONE = new Set<number>([CONDITION.IS, CONDITION.IS_NOT, CONDITION.CONTAINS, CONDITION.NOT_CONTAINS, CONDITION.BEGINS, CONDITION.ENDS, CONDITION.REGEX_MATCH, CONDITION.REGEX_NOT_MATCH, CONDITION.EXISTS, CONDITION.NOT_EXISTS, CONDITION.CIDR, CONDITION.NOT_CIDR]);

/** Verdicts of anyRuleCouldMatch by its key, per loaded rule list (a new list when the rules change). */
const couldMatch = new WeakMap<LoadedRule[], Map<string, boolean>>();

/** A rule that no input with these `fixed` values can match: AND, and one of its criteria on them fails. */
function ruledOut(db: Db, c: Collection, rule: LoadedRule, fixed: Readonly<Record<string, string | number>>): boolean {
  if (rule.criteria.length === 0) return true;
  if (rule.match === 'OR') return false;
  return rule.criteria.some((criterion) => criterion.criteria in fixed && !criterion.error && ON_VALUE_ALONE.has(criterion.condition) && !c.dropdowns[criterion.criteria] && !judge(db, c, rule, criterion, fixed, {}).trace.holds);
}

/**
 * Whether any active rule of `subType` could match, on `event`, an input whose `fixed` keys hold
 * these values whatever its other fields: an asset add skips building GLPI's input when none
 * could (the default asset rules all want `_auto = 1`, which no hand-made add gives). Only in
 * collections whose actions do not feed the next rules; kept until the rules change.
 */
export function anyRuleCouldMatch(db: Db, subType: string, fixed: Readonly<Record<string, string | number>>, event: number): boolean {
  const c = collection(subType);
  if (!c) return false;
  const rules = activeRules(db, subType);
  if (c.chained) return rules.length > 0;
  let known = couldMatch.get(rules);
  if (!known) couldMatch.set(rules, (known = new Map()));
  const key = `${event} ${JSON.stringify(fixed)}`;
  let answer = known.get(key);
  if (answer === undefined) {
    // Few distinct keys (a type and a flag): the bound only stops odd inputs from growing it.
    if (known.size >= 64) known.clear();
    answer = rules.some((rule) => (!c.usesConditions || (rule.condition & event) !== 0) && !ruledOut(db, c, rule, fixed));
    known.set(key, answer);
  }
  return answer;
}

/** The rules that matched, for log lines and answers. */
export const matchedRules = (outcome: Outcome) => outcome.rules.filter((r) => r.matched).map((r) => r.id);
