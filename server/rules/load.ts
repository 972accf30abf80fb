/**
 * The active rules of a collection, read with their criteria (patterns compiled) and actions,
 * and kept until the rules change: SQLite triggers on glpi_rules, glpi_rulecriterias and
 * glpi_ruleactions count every write in deskbase_rules_state (migration 25), whoever makes it (the
 * API, an import, another thread or process), so one indexed read tells whether they did.
 */
import { dataVersion, type Db } from '../db/connection';
import { selectAll, selectOne, type Row } from '../db/rows';
import { cidrRange, CONDITION, KNOWN, type PreparedCriterion } from './conditions';
import { compileRulePattern, type Compiled } from './regex';

export interface LoadedCriterion {
  id: number;
  criteria: string;
  condition: number;
  pattern: string;
  prepared: PreparedCriterion;
  /** Why this criterion can never hold (a pattern that does not compile, an unknown condition). */
  error: string | null;
}

export interface LoadedRule {
  id: number;
  name: string;
  ranking: number;
  match: 'AND' | 'OR';
  entityId: number;
  recursive: boolean;
  condition: number;
  criteria: LoadedCriterion[];
  actions: { id: number; action_type: string; field: string; value: string }[];
}

/**
 * Prepares one criterion row: its pattern lower-cased once; a regular expression compiled when
 * first tested, or asked whether it compiles (`error`), not when the rules are read: a write whose
 * rules are ruled out by other criteria (a hand-made asset add and the `_auto` ones) compiles
 * none, and the first compile after a start costs about 15 ms.
 */
export function prepareCriterion(row: Row): LoadedCriterion {
  const condition = Number(row.condition);
  const pattern = String(row.pattern ?? '');
  const unknown = KNOWN.has(condition) ? null : `unknown condition ${condition}`;
  const prepared: PreparedCriterion = { condition, text: pattern.toLowerCase(), regex: null, subtree: null, range: condition === CONDITION.CIDR || condition === CONDITION.NOT_CIDR ? cidrRange(pattern) : null };
  const base = { id: Number(row.id), criteria: String(row.criteria ?? ''), condition, pattern, prepared, error: unknown };
  if (condition !== CONDITION.REGEX_MATCH && condition !== CONDITION.REGEX_NOT_MATCH) return base;
  let compiled: Compiled | null = null;
  const compile = (): Compiled => (compiled ??= compileRulePattern(pattern));
  Object.defineProperty(prepared, 'regex', {
    enumerable: true,
    get: () => {
      const c = compile();
      return c.ok ? c.regex : null;
    },
  });
  return Object.defineProperty(base, 'error', {
    enumerable: true,
    get: () => {
      const c = compile();
      return c.ok ? null : `regular expression ${pattern}: ${c.message} (offset ${c.offset})`;
    },
  });
}

function readCollection(db: Db, subType: string): LoadedRule[] {
  const rules = selectAll(db, 'SELECT * FROM glpi_rules WHERE sub_type = ? AND is_active = 1 ORDER BY ranking, id', subType);
  if (rules.length === 0) return [];
  const ids = rules.map((r) => Number(r.id));
  const criteria = new Map<number, LoadedCriterion[]>();
  const actions = new Map<number, LoadedRule['actions']>();
  const inList = `(SELECT id FROM glpi_rules WHERE sub_type = ? AND is_active = 1)`;
  for (const row of selectAll(db, `SELECT * FROM glpi_rulecriterias WHERE rules_id IN ${inList} ORDER BY id`, subType)) {
    const list = criteria.get(Number(row.rules_id)) ?? [];
    list.push(prepareCriterion(row));
    criteria.set(Number(row.rules_id), list);
  }
  for (const row of selectAll(db, `SELECT * FROM glpi_ruleactions WHERE rules_id IN ${inList} ORDER BY id`, subType)) {
    const list = actions.get(Number(row.rules_id)) ?? [];
    list.push({ id: Number(row.id), action_type: String(row.action_type ?? ''), field: String(row.field ?? ''), value: String(row.value ?? '') });
    actions.set(Number(row.rules_id), list);
  }
  return rules.map((r, i) => ({
    id: ids[i]!,
    name: String(r.name ?? ''),
    ranking: Number(r.ranking),
    match: String(r.match ?? 'AND').toUpperCase() === 'OR' ? 'OR' : 'AND',
    entityId: Number(r.entities_id),
    recursive: Number(r.is_recursive) === 1,
    condition: Number(r.condition),
    criteria: criteria.get(ids[i]!) ?? [],
    actions: actions.get(ids[i]!) ?? [],
  }));
}

interface Cached {
  /** The database state last checked, and the rules' generation then. */
  checkedAt: number;
  generation: number;
  collections: Map<string, LoadedRule[]>;
}

const cache = new WeakMap<Db, Cached>();

/** How many writes the rules have had (0 before migration 25 made the counter). */
export function rulesGeneration(db: Db): number {
  return Number(selectOne(db, 'SELECT generation FROM deskbase_rules_state WHERE id = 1')?.generation ?? 0);
}

/** The active rules of `subType`, ranking order, from the cache while the rules are unchanged. */
export function activeRules(db: Db, subType: string): LoadedRule[] {
  let entry = cache.get(db);
  if (!entry || entry.checkedAt !== dataVersion) {
    const generation = rulesGeneration(db);
    if (!entry || entry.generation !== generation) entry = { checkedAt: dataVersion, generation, collections: new Map() };
    entry.checkedAt = dataVersion;
    cache.set(db, entry);
  }
  let rules = entry.collections.get(subType);
  if (!rules) entry.collections.set(subType, (rules = readCollection(db, subType)));
  return rules;
}
