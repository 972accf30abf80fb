/**
 * Rules written through the API, with GLPI's rights: each collection's own right (rule_ticket,
 * rule_dictionnary_software…), ticket rules in the session's entities; the checks the engine
 * needs (a known collection, AND/OR, GLPI's conditions, regular expressions that compile, with
 * the offset of the error); a rule's criteria and actions go with it.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { scenario } from '../support/scenario';
import { useServer } from '../support/server';
import { createUser, DENIED, loginAs, refused, unique } from '../rights/fixture';

const ctx = useServer();
const READ = 1;
const UPDATE = 2;
const CREATE = 4;
const PURGE = 16;

/** A user whose only profile holds these rights, on `entity` (recursive). */
async function userWith(rights: Record<string, number>, entity = 0): Promise<Client> {
  const profile = await ctx.api.create('Profile', { name: unique('rules'), interface: 'central' });
  await ctx.api.setRights(profile, rights);
  const login = unique('rules-user');
  await createUser(ctx.api, login, profile, entity);
  return loginAs(ctx.server.api, login);
}

describe('writing rules', () => {
  test('a new rule goes last in its collection, matches all its criteria, runs on add; its criteria and actions go with it', async () => {
    const first = await ctx.api.create('Rule', { name: unique('first'), sub_type: 'RuleTicket', ranking: 40 });
    const second = await ctx.api.create('Rule', { name: unique('second'), sub_type: 'RuleTicket' });
    expect((await ctx.api.get(`Rule/${second}`)).body).toMatchObject({ sub_type: 'RuleTicket', ranking: 41, match: 'AND', condition: 1, is_active: 1, entities_id: 0 });
    expect((await ctx.api.get(`Rule/${second}`)).body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const criterion = await ctx.api.create('RuleCriteria', { rules_id: second, criteria: 'name', condition: 2, pattern: 'x' });
    const action = await ctx.api.create('RuleAction', { rules_id: second, action_type: 'assign', field: 'urgency', value: '4' });
    expect((await ctx.api.get(`Rule/${second}/RuleCriteria`)).body.map((r: { id: number }) => r.id)).toEqual([criterion]);
    await scenario(ctx.api, [
      { request: `DELETE Rule/${second}`, status: 204 },
      { request: `GET RuleCriteria/${criterion}`, status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
      { request: `GET RuleAction/${action}`, status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
      { request: `GET Rule/${first}`, status: 200, answer: { ranking: 40 } },
    ]);
    // A collection without entities keeps its rules in the root entity; it has no add/update condition.
    const dictionary = await ctx.api.create('Rule', { name: unique('dict'), sub_type: 'RuleDictionnaryManufacturer', entities_id: 0, match: 'or' });
    expect((await ctx.api.get(`Rule/${dictionary}`)).body).toMatchObject({ entities_id: 0, condition: 0, match: 'OR', ranking: 1 });
  });

  test('bad rules, criteria and actions are refused whole, with what is wrong', async () => {
    const rule = await ctx.api.create('Rule', { name: unique('checked'), sub_type: 'RuleTicket' });
    await scenario(ctx.api, [
      { request: 'POST Rule', body: { input: { name: 'x', sub_type: 'RuleNobody' } }, status: 400, error: 'ERROR_GLPI_ADD', message: /^Field sub_type: "RuleNobody" is not a rule collection \(RuleTicket, RuleAsset, / },
      { request: 'POST Rule', body: { input: { name: 'x', sub_type: 'RuleTicket', match: 'XOR' } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'Field match: AND (every criterion) or OR (one criterion)' },
      { request: 'POST Rule', body: { input: { name: 'x' } }, status: 400, error: 'ERROR_GLPI_ADD' },
      {
        request: 'POST RuleCriteria',
        body: { input: { rules_id: rule, criteria: 'name', condition: 6, pattern: '/srv-(\\d+/' } },
        status: 400,
        error: 'ERROR_GLPI_ADD',
        message: 'Field pattern: invalid regular expression at offset 1: missing closing ): srv-(\\d+',
      },
      // PCRE that RE2 cannot run in linear time (a back-reference) is refused, not run with backtracking.
      { request: 'POST RuleCriteria', body: { input: { rules_id: rule, criteria: 'name', condition: 6, pattern: '/(a+)\\1/' } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'Field pattern: invalid regular expression at offset 5: invalid escape sequence: \\1' },
      // A look-around runs on a backtracking engine: a repeated group repeating inside it is catastrophic, refused where it starts.
      {
        request: 'POST RuleCriteria',
        body: { input: { rules_id: rule, criteria: 'content', condition: 7, pattern: '/^(?!(\\w+\\s?)*$)/' } },
        status: 400,
        error: 'ERROR_GLPI_ADD',
        message: 'Field pattern: invalid regular expression at offset 5: a repeated group that repeats inside (catastrophic backtracking)',
      },
      { request: 'POST RuleCriteria', body: { input: { rules_id: rule, criteria: 'name', condition: 13, pattern: 'x' } }, status: 400, error: 'ERROR_GLPI_ADD', message: "Field condition: 13 is not one of GLPI's criteria conditions" },
      { request: 'POST RuleCriteria', body: { input: { rules_id: rule, condition: 0, pattern: 'x' } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'Field criteria: the field the criterion tests' },
      { request: 'POST RuleCriteria', body: { input: { rules_id: rule, criteria: 'ip', condition: 333, pattern: '10.0.0.0/40' } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'Field pattern: an IPv4 address or range, such as 10.1.0.0/16' },
      { request: 'POST RuleAction', body: { input: { rules_id: rule, action_type: 'assign', value: '3' } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'Field field: must not be empty' },
      { request: `GET Rule/${rule}/RuleCriteria`, status: 200, equals: [] },
    ]);
    const criterion = await ctx.api.create('RuleCriteria', { rules_id: rule, criteria: 'name', condition: 2, pattern: '(' });
    await scenario(ctx.api, [
      // Turning it into a regular expression checks the pattern it keeps.
      { request: `PUT RuleCriteria/${criterion}`, body: { input: { condition: 6 } }, status: 400, error: 'ERROR_GLPI_UPDATE', message: 'Field pattern: invalid regular expression at offset 1: no closing delimiter )' },
      { request: `PUT RuleCriteria/${criterion}`, body: { input: { condition: 6, pattern: '#^\\(#i' } }, status: 200 },
      { request: `GET RuleCriteria/${criterion}`, status: 200, answer: { condition: 6, pattern: '#^\\(#i' } },
    ]);
  });
});

describe("each collection's right", () => {
  let ticketRule = 0;
  let softwareRule = 0;
  let otherEntityRule = 0;
  let entityA = 0;
  let entityB = 0;
  beforeAll(async () => {
    entityA = await ctx.api.create('Entity', { name: unique('A'), entities_id: 0 });
    entityB = await ctx.api.create('Entity', { name: unique('B'), entities_id: 0 });
    ticketRule = await ctx.api.create('Rule', { name: unique('root tickets'), sub_type: 'RuleTicket', entities_id: 0, is_recursive: 1 });
    otherEntityRule = await ctx.api.create('Rule', { name: unique('B tickets'), sub_type: 'RuleTicket', entities_id: entityB });
    softwareRule = await ctx.api.create('Rule', { name: unique('software'), sub_type: 'RuleDictionnarySoftware' });
  });

  test('rule_dictionnary_software reaches the software dictionary only: reads, adds, changes, removes', async () => {
    const holder = await userWith({ rule_dictionnary_software: READ | UPDATE | CREATE | PURGE });
    const list = ((await holder.get('Rule/', { query: 'range=0-999' })).body as { sub_type: string }[]).map((r) => r.sub_type);
    expect([...new Set(list)]).toEqual(['RuleDictionnarySoftware']);
    const mine = (await holder.post('Rule/', { input: { name: unique('mine'), sub_type: 'RuleDictionnarySoftware' } })).body.id as number;
    await scenario(holder, [
      { request: `GET Rule/${ticketRule}`, ...DENIED, note: 'a rule of another collection' },
      { request: 'POST Rule', body: { input: { name: 'x', sub_type: 'RuleTicket' } }, ...refused('ERROR_GLPI_ADD') },
      { request: `PUT Rule/${softwareRule}`, body: { input: { comment: 'mine now' } }, status: 200 },
      // Moving a rule to a collection the session has no right on is refused.
      { request: `PUT Rule/${mine}`, body: { input: { sub_type: 'RuleTicket' } }, ...refused('ERROR_GLPI_UPDATE') },
      { request: 'POST RuleCriteria', body: { input: { rules_id: mine, criteria: 'name', condition: 0, pattern: 'Firefox' } }, status: 201 },
      { request: 'POST RuleCriteria', body: { input: { rules_id: ticketRule, criteria: 'name', condition: 0, pattern: 'x' } }, ...refused('ERROR_GLPI_ADD') },
      { request: `DELETE Rule/${mine}`, status: 204 },
    ]);
  });

  test('READ alone reads; no rule right at all: no rule', async () => {
    const reader = await userWith({ rule_dictionnary_software: READ });
    await scenario(reader, [
      { request: `GET Rule/${softwareRule}`, status: 200 },
      { request: `PUT Rule/${softwareRule}`, body: { input: { comment: 'no' } }, ...DENIED },
      { request: 'POST Rule', body: { input: { name: 'x', sub_type: 'RuleDictionnarySoftware' } }, ...DENIED },
    ]);
    const none = await userWith({ computer: READ });
    await scenario(none, [{ request: `GET Rule/${softwareRule}`, ...DENIED }]);
  });

  test("ticket rules follow the session's entities: its own, and recursive rules of the entities above for reading", async () => {
    const inA = await userWith({ rule_ticket: READ | UPDATE | CREATE | PURGE }, entityA);
    await scenario(inA, [
      { request: `GET Rule/${ticketRule}`, status: 200, note: 'a recursive rule of the root entity' },
      { request: `PUT Rule/${ticketRule}`, body: { input: { comment: 'no' } }, ...refused('ERROR_GLPI_UPDATE') },
      { request: `GET Rule/${otherEntityRule}`, status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
      { request: 'POST Rule', body: { input: { name: unique('in A'), sub_type: 'RuleTicket', entities_id: entityA } }, status: 201 },
      { request: 'POST Rule', body: { input: { name: unique('in B'), sub_type: 'RuleTicket', entities_id: entityB } }, ...refused('ERROR_GLPI_ADD') },
    ]);
  });

  test("PARENT (1024) without READ reads the rules applied to the session's entity, as GLPI's \"Rules applied\" tab lists them, and writes none", async () => {
    const child = await ctx.api.create('Entity', { name: unique('A child'), entities_id: entityA });
    const inA = await ctx.api.create('Rule', { name: unique('A tickets'), sub_type: 'RuleTicket', entities_id: entityA });
    const inChild = await ctx.api.create('Rule', { name: unique('A child tickets'), sub_type: 'RuleTicket', entities_id: child });
    const rootOnly = await ctx.api.create('Rule', { name: unique('root only'), sub_type: 'RuleTicket', entities_id: 0, is_recursive: 0 });
    const assetRule = await ctx.api.create('Rule', { name: unique('root assets'), sub_type: 'RuleAsset', entities_id: 0, is_recursive: 1 });
    const parentOnly = await userWith({ rule_ticket: 1024 }, entityA);
    const notFound = { status: 404, error: 'ERROR_ITEM_NOT_FOUND' } as const;
    await scenario(parentOnly, [
      { request: `GET Rule/${ticketRule}`, status: 200, note: 'a recursive rule of the root entity' },
      { request: `GET Rule/${inA}`, status: 200 },
      { request: `GET Rule/${inChild}`, ...DENIED, note: 'a sub-entity\'s rule, in reach but not applied to A' },
      { request: `GET Rule/${rootOnly}`, ...notFound },
      { request: `GET Rule/${otherEntityRule}`, ...notFound },
      { request: `GET Rule/${assetRule}`, ...DENIED, note: 'rule_asset is not held' },
      { request: `PUT Rule/${inA}`, body: { input: { comment: 'no' } }, ...DENIED },
    ]);
  });

  test("GLPI 10.0's default profiles: Super-Admin and Admin write ticket rules, Read-Only reads every collection", async () => {
    const rights = async (profile: number) =>
      Object.fromEntries(((await ctx.api.get(`Profile/${profile}/ProfileRight`, { query: 'range=0-999' })).body as { name: string; rights: number }[]).filter((r) => r.name.startsWith('rule_')).map((r) => [r.name, r.rights]));
    expect(await rights(4)).toEqual({
      rule_ldap: 23,
      rule_ticket: 1047,
      rule_mailcollector: 23,
      rule_import: 23,
      rule_location: 23,
      rule_softwarecategories: 23,
      rule_dictionnary_software: 23,
      rule_dictionnary_dropdown: 23,
      rule_dictionnary_printer: 23,
      rule_asset: 1047,
    });
    expect((await rights(3)).rule_ticket).toBe(1047);
    expect((await rights(8)).rule_dictionnary_dropdown).toBe(READ);
  });
});
