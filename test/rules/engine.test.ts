/**
 * The rules engine on GLPI's tables: criteria conditions by GLPI's numbers, AND/OR, ranking,
 * collections that stop at their first match or chain their rules, entities and recursion, the
 * add/update mask, the changed-fields filter of updates, captures in actions, patterns that do not
 * compile, and the cache that follows every write to the rules (from any connection).
 */
import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { inTransaction } from '../../server/db/connection';
import { externalWriteCheck } from '../../server/db/external-writes';
import { insertRow, run } from '../../server/db/rows';
import { anyRuleCouldMatch, anyRuleFor, runRules, type Outcome } from '../../server/rules/engine';
import { rightRuleSets } from '../../server/rules/right-sets';
import { compileRulePattern, nestedQuantifier, requiredLiteral } from '../../server/rules/regex';
import { useStore } from '../support/store';

const fresh = useStore('rules-engine');

interface RuleSpec {
  sub_type?: string;
  ranking?: number;
  match?: 'AND' | 'OR';
  entities_id?: number;
  is_recursive?: number;
  condition?: number;
  is_active?: number;
  criteria: [string, number, string][];
  actions: [string, string, string][];
}

/** Writes a rule with its criteria and actions, as the API or an import would. */
function rule(spec: RuleSpec): number {
  return inTransaction(fresh.db, () => {
    const id = insertRow(fresh.db, 'glpi_rules', {
      sub_type: spec.sub_type ?? 'RuleTicket',
      name: `rule ${spec.ranking ?? 0}`,
      ranking: spec.ranking ?? 0,
      match: spec.match ?? 'AND',
      entities_id: spec.entities_id ?? 0,
      is_recursive: spec.is_recursive ?? 1,
      condition: spec.condition ?? 1,
      is_active: spec.is_active ?? 1,
    });
    for (const [criteria, condition, pattern] of spec.criteria) insertRow(fresh.db, 'glpi_rulecriterias', { rules_id: id, criteria, condition, pattern });
    for (const [action_type, field, value] of spec.actions) insertRow(fresh.db, 'glpi_ruleactions', { rules_id: id, action_type, field, value });
    return id;
  });
}

function clear(): void {
  inTransaction(fresh.db, () => {
    run(fresh.db, 'DELETE FROM glpi_ruleactions');
    run(fresh.db, 'DELETE FROM glpi_rulecriterias');
    run(fresh.db, 'DELETE FROM glpi_rules');
  });
}

const ticket = (input: Record<string, unknown>, options = {}): Outcome => runRules(fresh.db, 'RuleTicket', input, { entityId: 0, ancestors: [], event: 1, ...options });

describe('criteria conditions, by GLPI number', () => {
  const cases: [number, string, unknown, boolean][] = [
    [0, 'Printer down', 'printer DOWN', true],
    [0, 'Printer', 'printer down', false],
    [1, 'Printer', 'printer down', true],
    [1, 'printer', 'PRINTER', false],
    [2, 'TONER', 'out of toner today', true],
    [2, '', 'anything', false],
    [3, 'toner', 'out of paper', true],
    [3, 'toner', 'TONER low', false],
    [4, 'srv-', 'SRV-12 down', true],
    [4, 'srv-', 'my srv-12', false],
    [5, 'down', 'srv-12 DOWN', true],
    [5, 'down', 'down srv-12', false],
    [6, '/^srv-\\d+/', 'SRV-12 down', true],
    [6, '/^srv-\\d+/', 'my srv-12', false],
    [7, '/printer|toner/', 'the database', true],
    [7, '/printer|toner/', 'the Printer', false],
    [8, '1', 'x', true],
    [8, '1', '', false],
    [8, '1', 0, false],
    [9, '1', '0', true],
    [9, '1', 'x', false],
    [30, '1', null, true],
    // Lists (a ticket's requesters): one element for a positive condition, every one for a negative.
    [0, '7', [3, 7], true],
    [1, '7', [3, 7], false],
    [1, '7', [3, 4], true],
    [8, '1', [], false],
    [9, '1', [], true],
    // IPv4 ranges (the inventory's address criteria).
    [333, '10.1.0.0/16', '10.1.2.3', true],
    [333, '10.1.0.0/16', '10.2.0.1', false],
    [334, '10.1.0.0/16', '10.2.0.1', true],
    [333, '192.168.0.7', '192.168.0.7', true],
    [333, '192.168.0.0/24', ['10.0.0.1', '192.168.0.7'], true],
    [334, '192.168.0.0/24', ['10.0.0.1', '192.168.0.7'], false],
    [333, '10.0.0.0/8', 'not an address', false],
    // A condition GLPI 10.0 has not got for this collection never holds.
    [99, 'x', 'x', false],
  ];
  test.each(cases)('condition %p, pattern %p, value %p → %p', (condition, pattern, value, expected) => {
    clear();
    rule({ criteria: [['name', condition, pattern]], actions: [['assign', 'urgency', '5']] });
    expect(ticket({ name: value }).output).toEqual(expected ? { urgency: 5 } : {});
  });
});

describe('rules', () => {
  test('AND needs every criterion, OR one; a rule without criteria never matches; inactive rules are not tried', () => {
    clear();
    const all = rule({ ranking: 1, criteria: [['name', 2, 'printer'], ['content', 2, 'toner']], actions: [['assign', 'urgency', '4']] });
    const one = rule({ ranking: 2, match: 'OR', criteria: [['name', 2, 'printer'], ['content', 2, 'toner']], actions: [['assign', 'impact', '4']] });
    rule({ ranking: 3, criteria: [], actions: [['assign', 'type', '2']] });
    rule({ ranking: 4, is_active: 0, criteria: [['name', 2, 'printer']], actions: [['assign', 'status', '2']] });
    const traced = ticket({ name: 'printer', content: 'paper jam' }, { trace: true });
    expect(traced.output).toEqual({ impact: 4 });
    expect(traced.rules.map((r) => [r.id, r.matched, r.criteria.map((c) => c.holds)])).toEqual([
      [all, false, [true, false]],
      [one, true, [true, false]],
      [expect.any(Number), false, []],
    ]);
    // As GLPI, a rule's criteria are judged until one decides: an OR rule stops at the first that holds.
    const run = ticket({ name: 'printer', content: 'paper jam' });
    expect(run.output).toEqual({ impact: 4 });
    expect(run.rules.map((r) => r.criteria.map((c) => c.holds))).toEqual([[true, false], [true], []]);
  });

  test('ticket rules chain in ranking order (a later rule sees and overrides what an earlier one set); a dictionary stops at its first match', () => {
    clear();
    rule({ ranking: 2, criteria: [['urgency', 0, '5']], actions: [['assign', 'impact', '5']] });
    rule({ ranking: 1, criteria: [['name', 2, 'outage']], actions: [['assign', 'urgency', '5'], ['assign', 'impact', '2']] });
    expect(ticket({ name: 'network outage', urgency: 3 }).output).toEqual({ urgency: 5, impact: 5 });
    rule({ sub_type: 'RuleDictionnaryManufacturer', ranking: 1, criteria: [['name', 6, '/^microsoft/']], actions: [['assign', 'name', 'Microsoft']] });
    rule({ sub_type: 'RuleDictionnaryManufacturer', ranking: 2, criteria: [['name', 2, 'corp']], actions: [['assign', 'name', 'Some corporation']] });
    const dictionary = runRules(fresh.db, 'RuleDictionnaryManufacturer', { name: 'Microsoft Corporation' });
    expect(dictionary.output).toEqual({ name: 'Microsoft' });
    expect(dictionary.rules.length).toBe(1);
  });

  test('a rule applies in its entity, and below it only when recursive', () => {
    clear();
    const here = rule({ ranking: 1, entities_id: 3, is_recursive: 0, criteria: [['name', 8, '1']], actions: [['append', '_groups_id_assign', '10']] });
    const above = rule({ ranking: 2, entities_id: 1, is_recursive: 1, criteria: [['name', 8, '1']], actions: [['append', '_groups_id_assign', '11']] });
    rule({ ranking: 3, entities_id: 1, is_recursive: 0, criteria: [['name', 8, '1']], actions: [['append', '_groups_id_assign', '12']] });
    const matched = (o: Outcome) => o.rules.map((r) => r.id);
    expect(matched(ticket({ name: 'x' }, { entityId: 3, ancestors: [0, 1] }))).toEqual([here, above]);
    expect(ticket({ name: 'x', _groups_id_assign: [9] }, { entityId: 3, ancestors: [0, 1] }).output).toEqual({ _groups_id_assign: [9, 10, 11] });
    expect(matched(ticket({ name: 'x' }, { entityId: 0, ancestors: [] }))).toEqual([]);
  });

  test("GLPI's find condition (10) asks the caller's lookup, and never holds without one", () => {
    clear();
    rule({ sub_type: 'RuleImportAsset', ranking: 1, criteria: [['serial', 10, '1'], ['serial', 8, '1']], actions: [['assign', '_found', '1']] });
    const seen: string[] = [];
    const find = (criterion: { criteria: string }, input: Record<string, unknown>) => {
      seen.push(`${criterion.criteria}=${String(input[criterion.criteria])}`);
      return input.serial === 'KNOWN';
    };
    expect(runRules(fresh.db, 'RuleImportAsset', { serial: 'KNOWN' }, { find }).output).toEqual({ _found: 1 });
    expect(runRules(fresh.db, 'RuleImportAsset', { serial: 'NEW' }, { find }).output).toEqual({});
    expect(runRules(fresh.db, 'RuleImportAsset', { serial: 'KNOWN' }).output).toEqual({});
    expect(seen).toEqual(['serial=KNOWN', 'serial=NEW']);
  });

  test('whether any active rule could run for an event: the wiring gathers no input otherwise', () => {
    clear();
    rule({ condition: 2, is_active: 0, criteria: [['name', 8, '1']], actions: [['assign', 'urgency', '2']] });
    rule({ condition: 1, criteria: [['name', 8, '1']], actions: [['assign', 'urgency', '2']] });
    expect([anyRuleFor(fresh.db, 'RuleTicket', 1), anyRuleFor(fresh.db, 'RuleTicket', 2), anyRuleFor(fresh.db, 'RuleDictionnaryManufacturer', 0)]).toEqual([true, false, false]);
  });

  test('whether any rule could match whatever the other fields: an AND rule whose criterion on a fixed field fails cannot; the answer follows the rules', () => {
    clear();
    const asset = { sub_type: 'RuleAsset', condition: 3 };
    rule({ ...asset, criteria: [['_itemtype', 0, 'Computer'], ['_auto', 0, '1'], ['contact', 6, '/(.*)@/']], actions: [['regex_result', '_affect_user_by_regex', '#0']] });
    rule({ ...asset, match: 'OR', criteria: [['_auto', 0, '1'], ['_itemtype', 0, 'Printer']], actions: [['assign', 'states_id', '1']] });
    const could = (itemtype: string, auto: string | number, event = 1) => anyRuleCouldMatch(fresh.db, 'RuleAsset', { _itemtype: itemtype, _auto: auto }, event);
    // The OR rule is never ruled out on one of its criteria.
    expect([could('Computer', 0), could('Computer', 1)]).toEqual([true, true]);
    clear();
    rule({ ...asset, criteria: [['_itemtype', 0, 'Computer'], ['_auto', 0, '1'], ['contact', 6, '/(.*)@/']], actions: [['regex_result', '_affect_user_by_regex', '#0']] });
    rule({ ...asset, condition: 2, criteria: [['_auto', 0, '0']], actions: [['assign', 'states_id', '1']] });
    expect([could('Computer', 0), could('Computer', '1'), could('Monitor', 1), could('Computer', 0, 2)]).toEqual([false, true, false, true]);
    rule({ ...asset, criteria: [['serial', 2, 'X']], actions: [['assign', 'states_id', '1']] });
    expect(could('Computer', 0)).toBe(true);
  });

  test('business rules run on add, on update or both as their condition says; on update only when a criterion field changed', () => {
    clear();
    const onAdd = rule({ ranking: 1, condition: 1, criteria: [['name', 8, '1']], actions: [['assign', 'urgency', '2']] });
    const onUpdate = rule({ ranking: 2, condition: 2, criteria: [['name', 8, '1']], actions: [['assign', 'impact', '2']] });
    const both = rule({ ranking: 3, condition: 3, criteria: [['content', 8, '1']], actions: [['assign', 'type', '2']] });
    const ids = (o: Outcome) => o.rules.map((r) => r.id);
    expect(ids(ticket({ name: 'a', content: 'b' }, { event: 1 }))).toEqual([onAdd, both]);
    expect(ids(ticket({ name: 'a', content: 'b' }, { event: 2 }))).toEqual([onUpdate, both]);
    expect(ids(ticket({ name: 'a', content: 'b' }, { event: 2, onlyCriteria: new Set(['content']) }))).toEqual([both]);
  });

  test("a regular expression's captures fill #0, #1… in regex_result actions, and lookups find rows by the text", () => {
    clear();
    const category = insertRow(fresh.db, 'glpi_itilcategories', { name: 'Network', completename: 'Network', code: 'NET', entities_id: 0, is_recursive: 1 });
    rule({ ranking: 1, criteria: [['name', 6, '/^\\[(\\w+)\\] (.*)$/']], actions: [['regex_result', 'name', '#1 (#0)'], ['regex_result', '_affect_itilcategory_by_code', '#0']] });
    expect(ticket({ name: '[net] switch down' }).output).toEqual({ name: 'switch down (net)', itilcategories_id: category });
    const missing = ticket({ name: '[hr] payslip' });
    expect(missing.output).toEqual({ name: 'payslip (hr)' });
    expect(missing.rules[0]!.actions[1]!.error).toBe('no category with code "hr"');
  });

  test("several regular expressions: their captures are put end to end in criteria order, as GLPI combines them", () => {
    clear();
    // Title then sender: #0 #1 are the title's groups, #2 the sender's domain, #3 past the captures is empty.
    rule({ ranking: 1, criteria: [['name', 6, '/^(\\w+)-(\\d+)/'], ['content', 2, 'down'], ['_from', 6, '/@(.+)$/']], actions: [['regex_result', 'name', '#1 on #0 from #2#3'], ['append_regex_result', '_tags', '#2']] });
    expect(ticket({ name: 'srv-42 is down', content: 'down since 8', _from: 'ops@example.org' }).output).toEqual({ name: '42 on srv from example.org', _tags: ['example.org'] });
    // A list: the first element that matches gives its captures (GLPI's first combination).
    expect(ticket({ name: 'db-7', content: 'down', _from: ['nobody', 'a@one.net', 'b@two.net'] }).output.name).toBe('7 on db from one.net');
    // An OR rule stops at the first criterion that holds: only its captures count.
    clear();
    rule({ ranking: 1, match: 'OR', criteria: [['name', 6, '/^x(\\d)/'], ['content', 6, '/^y(\\d)/'], ['_from', 6, '/(.+)/']], actions: [['regex_result', 'name', '[#0|#1]']] });
    expect(ticket({ name: 'none', content: 'y5', _from: 'z' }).output).toEqual({ name: '[5|]' });
    // A rule whose expressions capture nothing keeps the value as written.
    clear();
    rule({ ranking: 1, criteria: [['name', 6, '/^ok/']], actions: [['regex_result', 'name', 'done #0']] });
    expect(ticket({ name: 'ok' }).output).toEqual({ name: 'done #0' });
  });

  test("copy from item: the first item's location, or every item's group as the requester groups", () => {
    clear();
    const site = insertRow(fresh.db, 'glpi_locations', { name: 'Depot', completename: 'Depot', entities_id: 0 });
    const first = insertRow(fresh.db, 'glpi_computers', { name: 'pc-a', entities_id: 0, groups_id: 7 });
    const second = insertRow(fresh.db, 'glpi_computers', { name: 'pc-b', entities_id: 0, groups_id: 9, locations_id: site });
    rule({ ranking: 1, criteria: [['name', 8, '1']], actions: [['fromitem', 'locations_id', '1'], ['fromitem', '_groups_id_requester', '1']] });
    expect(ticket({ name: 'x', items_id: { Computer: [first, second] } }).output).toEqual({ locations_id: site, _groups_id_requester: [7, 9] });
    const none = ticket({ name: 'x', items_id: {} });
    expect(none.rules[0]!.actions.map((a) => a.error)).toEqual(['no item with a location', 'no item with a group']);
  });

  test('a requester group from a regular expression: the requester group of each captured name is added', () => {
    clear();
    const sales = insertRow(fresh.db, 'glpi_groups', { name: 'Sales', completename: 'Sales', entities_id: 0, is_requester: 1 });
    insertRow(fresh.db, 'glpi_groups', { name: 'Hidden', completename: 'Hidden', entities_id: 0, is_requester: 0 });
    rule({ ranking: 1, criteria: [['_to', 6, '/^(\\w+)@/']], actions: [['regex_result', '_groups_id_requester', '#0']] });
    expect(ticket({ _to: ['hidden@desk', 'SALES@desk'], _groups_id_requester: [] }).output).toEqual({ _groups_id_requester: [sales] });
    expect(ticket({ _to: 'hidden@desk' }).rules[0]!.actions[0]!.error).toBe('no requester group named "hidden"');
  });

  test("approval requests: a user, a group's members, the managers of the requester or technician groups, the requester's responsible", () => {
    clear();
    const user = (name: string, supervisor = 0) => insertRow(fresh.db, 'glpi_users', { name, users_id_supervisor: supervisor });
    const boss = user('boss');
    const requester = user('req', boss);
    const [salesHead, salesMember, itHead, approver] = [user('sales-head'), user('sales-member'), user('it-head'), user('approver')];
    const sales = insertRow(fresh.db, 'glpi_groups', { name: 'Sales', completename: 'Sales', entities_id: 0 });
    const it = insertRow(fresh.db, 'glpi_groups', { name: 'IT', completename: 'IT', entities_id: 0 });
    insertRow(fresh.db, 'glpi_groups_users', { groups_id: sales, users_id: salesHead, is_manager: 1 });
    insertRow(fresh.db, 'glpi_groups_users', { groups_id: sales, users_id: salesMember, is_manager: 0 });
    insertRow(fresh.db, 'glpi_groups_users', { groups_id: it, users_id: itHead, is_manager: 1 });
    const approvals = (field: string, value = '1') => {
      clear();
      rule({ ranking: 1, criteria: [['name', 8, '1']], actions: [['add_validation', field, value]] });
      const outcome = ticket({ name: 'x', _users_id_requester: [requester], _groups_id_requester: [sales], _groups_id_assign: [it] });
      return outcome.output._add_validation ?? outcome.rules[0]!.actions[0]!.error;
    };
    expect(approvals('users_id_validate', String(approver))).toEqual([approver]);
    expect(approvals('groups_id_validate', String(sales))).toEqual([salesHead, salesMember]);
    expect(approvals('users_id_validate_requester_supervisor')).toEqual([salesHead]);
    expect(approvals('users_id_validate_assign_supervisor')).toEqual([itHead]);
    expect(approvals('responsible_id_validate')).toEqual([boss]);
    clear();
    rule({ ranking: 1, criteria: [['name', 8, '1']], actions: [['add_validation', 'users_id_validate_assign_supervisor', '1']] });
    expect(ticket({ name: 'x' }).rules[0]!.actions[0]!.error).toBe('no approver found');
  });

  test('under and not under follow the tree of the dropdown; text conditions compare its complete name', () => {
    clear();
    const site = insertRow(fresh.db, 'glpi_locations', { name: 'Paris', completename: 'Paris', entities_id: 0, locations_id: 0 });
    const floor = insertRow(fresh.db, 'glpi_locations', { name: 'Floor 2', completename: 'Paris > Floor 2', entities_id: 0, locations_id: site });
    const elsewhere = insertRow(fresh.db, 'glpi_locations', { name: 'Lyon', completename: 'Lyon', entities_id: 0, locations_id: 0 });
    rule({ ranking: 1, criteria: [['locations_id', 11, String(site)]], actions: [['assign', 'urgency', '4']] });
    rule({ ranking: 2, criteria: [['locations_id', 2, 'floor 2']], actions: [['assign', 'impact', '4']] });
    rule({ ranking: 3, criteria: [['locations_id', 12, String(site)]], actions: [['assign', 'type', '2']] });
    expect(ticket({ locations_id: floor }).output).toEqual({ urgency: 4, impact: 4 });
    expect(ticket({ locations_id: elsewhere }).output).toEqual({ type: 2 });
  });

  test('a pattern that does not compile never holds and says why; the rule cache follows writes made by another connection', () => {
    clear();
    const id = rule({ ranking: 1, criteria: [['name', 6, '/(a+)\\1/']], actions: [['assign', 'urgency', '5']] });
    const broken = ticket({ name: 'aa' });
    expect(broken.output).toEqual({});
    expect(broken.rules[0]!.criteria[0]!.error).toBe('regular expression /(a+)\\1/: invalid escape sequence: \\1 (offset 5)');
    const noticeExternalWrites = externalWriteCheck(fresh.db, () => {});
    const other = new Database(join(fresh.store.dataDir, 'deskbase.sqlite'));
    other.run("UPDATE glpi_rulecriterias SET pattern = '/^(a+)$/' WHERE rules_id = ?", [id]);
    other.close();
    // What the server does before each request: another connection's commit is noticed.
    noticeExternalWrites();
    expect(ticket({ name: 'aa' }).output).toEqual({ urgency: 5 });
  });
});

describe('authorizations from the directory (RuleRight)', () => {
  const entity = (name: string, columns: Record<string, string>) =>
    insertRow(fresh.db, 'glpi_entities', { name, completename: `Root entity > ${name}`, entities_id: 0, level: 2, ...columns });
  /** What each matching rule set, as the directory sign-in reads it. */
  const sets = (input: Record<string, unknown>) =>
    runRules(fresh.db, 'RuleRight', input)
      .rules.filter((r) => r.matched)
      .map((r) => r.actions.map((a) => a.error ?? a.set));

  test('entities from a captured mail domain, DN or tag (exactly one entity has it), and the GROUPS criterion by id or complete name', () => {
    clear();
    const paris = entity('Paris', { mail_domain: 'paris.example.org' });
    const lyon = entity('Lyon', { ldap_dn: 'ou=lyon,ou=people,dc=example,dc=org' });
    const nice = entity('Nice', { tag: 'NCE' });
    entity('Twin 1', { mail_domain: 'twin.example.org' });
    entity('Twin 2', { mail_domain: 'twin.example.org' });
    const accounting = insertRow(fresh.db, 'glpi_groups', { name: 'Accounting', completename: 'Accounting', entities_id: 0, is_recursive: 1 });
    rule({ sub_type: 'RuleRight', ranking: 1, criteria: [['MAIL_EMAIL', 6, '/@(.+)$/']], actions: [['regex_result', '_affect_entity_by_domain', '#0'], ['assign', 'profiles_id', '6']] });
    rule({ sub_type: 'RuleRight', ranking: 2, criteria: [['GROUPS', 2, 'account'], ['seealso', 6, '/^cn=\\w+,(ou=.+)$/']], actions: [['regex_result', '_affect_entity_by_dn', '#0']] });
    rule({ sub_type: 'RuleRight', ranking: 3, criteria: [['GROUPS', 0, String(accounting)], ['employeenumber', 6, '/^([a-z]{3})-/']], actions: [['regex_result', '_affect_entity_by_tag', '#0']] });
    const input = { TYPE: 2, LOGIN: 'alice', MAIL_EMAIL: 'alice@Paris.example.org', employeenumber: 'nce-7', seealso: 'cn=alice,OU=Lyon,ou=people,dc=example,dc=org' };
    expect(sets({ ...input, GROUPS: [accounting] })).toEqual([[{ entities_id: paris }, { profiles_id: 6 }], [{ entities_id: lyon }], [{ entities_id: nice }]]);
    // Without the group only the mail rule holds; a domain two entities share gives none.
    expect(sets({ ...input, GROUPS: [] })).toEqual([[{ entities_id: paris }, { profiles_id: 6 }]]);
    expect(sets({ ...input, GROUPS: [], MAIL_EMAIL: 'zoe@twin.example.org' })).toEqual([['no single entity with mail domain "twin.example.org"', { profiles_id: 6 }]]);
  });

  test("a regular expression on a list matches each element; the entity lookups try every combination, as GLPI's: each entity found is given", () => {
    clear();
    const lyon = entity('Lyon2', { tag: 'LYS' });
    const nice = entity('Nice2', { tag: 'NCS' });
    rule({ sub_type: 'RuleRight', ranking: 1, criteria: [['LOGIN', 6, '/^(\\w)/'], ['memberof', 6, '/^cn=site-(\\w+),/']], actions: [['regex_result', '_affect_entity_by_tag', '#1'], ['assign', 'profiles_id', '6']] });
    const memberof = ['cn=staff,ou=groups', 'cn=site-lys,ou=groups', 'cn=site-xxx,ou=groups', 'cn=site-ncs,ou=groups'];
    expect(sets({ LOGIN: 'alice', memberof })).toEqual([[{ entities_id: [lyon, nice] }, { profiles_id: 6 }]]);
    // What the sign-in reads: a rule whose lookup found no entity gives nothing, not even its profile.
    expect(rightRuleSets(fresh.db, { LOGIN: 'alice', memberof })).toEqual([{ entities_id: [lyon, nice], profiles_id: 6 }]);
    expect(rightRuleSets(fresh.db, { LOGIN: 'alice', memberof: ['cn=site-xxx,ou=groups'] })).toEqual([]);
    expect(sets({ LOGIN: 'alice', memberof: ['cn=site-xxx,ou=groups'] })).toEqual([['no single entity with tag "xxx"', { profiles_id: 6 }]]);
    // A ticket rule's #0… stand for the first combination: the first element that matched.
    clear();
    rule({ ranking: 1, criteria: [['_from', 6, '/@(\\w+)/'], ['_to', 6, '/^(\\w+)@/']], actions: [['regex_result', 'name', '#0/#1']] });
    expect(ticket({ _from: ['x', 'a@one', 'b@two'], _to: ['ops@desk', 'hr@desk'] }).output).toEqual({ name: 'one/ops' });
  });
});

describe('regular expressions', () => {
  test('refused with the offset of the error; PCRE flags RE2 has are kept', () => {
    expect(compileRulePattern('/srv(\\d+/')).toMatchObject({ ok: false, message: 'missing closing ): srv(\\d+', offset: 1 });
    // RE2 has no look-around: such a pattern runs on JavaScript's engine unless it nests repeats.
    expect(compileRulePattern('/(?=(\\w+)+x)/')).toEqual({ ok: false, message: 'a repeated group that repeats inside (catastrophic backtracking)', offset: 4 });
    expect(compileRulePattern('/(a)\\1/')).toMatchObject({ ok: false, offset: 4 });
    expect(compileRulePattern('/a/x')).toEqual({ ok: false, message: 'unsupported flag x', offset: 3 });
    expect(compileRulePattern('srv')).toMatchObject({ ok: false, offset: 0 });
    expect(compileRulePattern('#^a.b$#s').ok).toBe(true);
    expect(compileRulePattern('{a+}').ok).toBe(true);
  });

  test.each([
    ['(a+)+', 0],
    ['x((ab)*c)+', 1],
    ['(?!.*no).+', -1],
    ['(a|b)*c', -1],
    ['(a{2})+', -1],
    ['(a{2,})+', 0],
    ['[(+]+(x)+', -1],
    ['\\(a+\\)+', -1],
  ])('nested repeats in %p: at %p', (source, at) => {
    expect(nestedQuantifier(source)).toBe(at);
  });

  test.each([
    ['^srv-(\\d+)', 'srv-'],
    ['(.*)@', '@'],
    ['Printer (\\w+) on floor', ' on floor'],
    ['printer|toner', ''],
    ['(printer|toner) down', ' down'],
    ['ab*c', 'a'],
    ['\\[urgent\\] ', '[urgent] '],
    ['x{2}yz', 'yz'],
    ['[abc]def', 'def'],
    ['\\Qa.b\\E', ''],
    ['café', ''],
  ])('the literal every match of %p holds: %p', (source, literal) => {
    expect(requiredLiteral(source)).toBe(literal);
  });

  test('a text without that literal is not scanned, and the answers stay those of the pattern', () => {
    const c = compileRulePattern('/Printer (\\w+) on FLOOR/');
    if (!c.ok) throw new Error(c.message);
    expect([c.regex.captures('the printer Zeta on floor 3'), c.regex.captures('the printer Zeta on level 3'), c.regex.captures('ſ printer Zeta ON FLOOR')]).toEqual([['Zeta'], null, ['Zeta']]);
  });

  test("GLPI's own look-around pattern (Auto-Reply Auto-Submitted) holds as in GLPI, on a bounded text", () => {
    const autoSubmitted = compileRulePattern('/^(?!.*no).+$/i');
    if (!autoSubmitted.ok) throw new Error(autoSubmitted.message);
    expect([autoSubmitted.regex.captures('auto-replied'), autoSubmitted.regex.captures('no'), autoSubmitted.regex.captures('NO thanks')]).toEqual([[], null, null]);
    const around = compileRulePattern('/(?<=srv-)(\\d+)/');
    if (!around.ok) throw new Error(around.message);
    expect(around.regex.captures('srv-12 and SRV-7')).toEqual(['12', '7']);
    expect(around.regex.captures(`${'x'.repeat(9000)}srv-1`)).toBeNull();
  });

  test('a pattern that backtracks catastrophically in PCRE matches in linear time here', () => {
    clear();
    rule({ ranking: 1, criteria: [['content', 6, '/^(a+)+$/']], actions: [['assign', 'urgency', '5']] });
    expect(ticket({ content: `${'a'.repeat(50_000)}!` }).output).toEqual({});
    expect(ticket({ content: 'a'.repeat(50_000) }).output).toEqual({ urgency: 5 });
  });
});
