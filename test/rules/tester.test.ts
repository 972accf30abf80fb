/**
 * POST /apirest.php/testRules: GLPI's rules engine tester. It answers which rules were tried,
 * which criteria held with the value each compared, what the actions set, and what a write would
 * leave out; it writes nothing, and needs READ on the collection's right.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { scenario } from '../support/scenario';
import { useServer } from '../support/server';
import { createUser, DENIED, loginAs, unique } from '../rights/fixture';

const ctx = useServer();
const ids = { entity: 0, rule: 0, criterion: 0, action: 0, gone: 0, printers: 0, dictionary: 0 };

beforeAll(async () => {
  const { api } = ctx;
  ids.entity = await api.create('Entity', { name: unique('tester'), entities_id: 0 });
  ids.printers = await api.create('Group', { name: 'Printers', entities_id: 0, is_recursive: 1 });
  ids.gone = await api.create('Group', { name: 'Gone', entities_id: 0 });
  ids.rule = await api.create('Rule', { name: 'printers', sub_type: 'RuleTicket', entities_id: ids.entity, match: 'AND', condition: 3, ranking: 10 });
  ids.criterion = await api.create('RuleCriteria', { rules_id: ids.rule, criteria: 'name', condition: 6, pattern: '/^(\\w+) printer/' });
  await api.create('RuleCriteria', { rules_id: ids.rule, criteria: 'itilcategories_id', condition: 9, pattern: '1' });
  ids.action = await api.create('RuleAction', { rules_id: ids.rule, action_type: 'append', field: '_groups_id_assign', value: String(ids.printers) });
  await api.create('RuleAction', { rules_id: ids.rule, action_type: 'append', field: '_groups_id_assign', value: String(ids.gone) });
  await api.create('RuleAction', { rules_id: ids.rule, action_type: 'regex_result', field: 'name', value: 'Printer of #0' });
  await api.del(`Group/${ids.gone}`, { query: 'force_purge=true' });
  ids.dictionary = await api.create('Rule', { name: 'microsoft', sub_type: 'RuleDictionnaryManufacturer', match: 'OR' });
  await api.create('RuleCriteria', { rules_id: ids.dictionary, criteria: 'name', condition: 4, pattern: 'microsoft' });
  await api.create('RuleAction', { rules_id: ids.dictionary, action_type: 'assign', field: 'name', value: 'Microsoft' });
});

describe('testRules', () => {
  test('a ticket input: the rule, each criterion with the value it compared, what the actions set and what a write would leave out; nothing written', async () => {
    const tickets = async () => ((await ctx.api.get('Ticket/', { query: 'range=0-999' })).body as unknown[]).length;
    const before = await tickets();
    await scenario(ctx.api, [
      {
        request: 'POST testRules',
        body: { sub_type: 'RuleTicket', entities_id: ids.entity, input: { name: 'accounting printer jams', content: 'x' } },
        status: 200,
        equals: {
          sub_type: 'RuleTicket',
          entities_id: ids.entity,
          condition: 1,
          rules: [
            {
              id: ids.rule,
              name: 'printers',
              ranking: 10,
              matched: true,
              criteria: [
                { id: ids.criterion, criteria: 'name', condition: 6, pattern: '/^(\\w+) printer/', value: 'accounting printer jams', holds: true },
                { id: ids.criterion + 1, criteria: 'itilcategories_id', condition: 9, pattern: '1', value: null, holds: true },
              ],
              actions: [
                { id: ids.action, action_type: 'append', field: '_groups_id_assign', value: String(ids.printers), set: { _groups_id_assign: [ids.printers] } },
                { id: ids.action + 1, action_type: 'append', field: '_groups_id_assign', value: String(ids.gone), set: { _groups_id_assign: [ids.printers, ids.gone] } },
                { id: ids.action + 2, action_type: 'regex_result', field: 'name', value: 'Printer of #0', set: { name: 'Printer of accounting' } },
              ],
            },
          ],
          output: { _groups_id_assign: [ids.printers, ids.gone], name: 'Printer of accounting' },
          left_out: [`_groups_id_assign: ${ids.gone} no longer exist`],
        },
      },
      {
        request: 'POST testRules',
        note: 'a criterion that does not hold: the rule is tried, not matched',
        body: { sub_type: 'RuleTicket', entities_id: ids.entity, condition: 2, input: { name: 'the scanner' } },
        status: 200,
        check: (res) => expect(res.body.rules.map((r: { matched: boolean; criteria: { holds: boolean }[] }) => [r.matched, r.criteria.map((c) => c.holds)])).toEqual([[false, [false, true]]]),
      },
      { request: 'POST testRules', note: 'the root entity has none of its rules', body: { sub_type: 'RuleTicket', entities_id: 0, input: { name: 'accounting printer' } }, status: 200, answer: { rules: [], output: {} } },
      { request: `GET Rule/${ids.rule}/RuleAction`, status: 200, check: (res) => expect(res.body.length).toBe(3) },
    ]);
    expect(await tickets()).toBe(before);
  });

  test('a dictionary: the first matching rule, what it renames to', async () => {
    await scenario(ctx.api, [
      {
        request: 'POST testRules',
        body: { sub_type: 'RuleDictionnaryManufacturer', input: { name: 'Microsoft Corporation' } },
        status: 200,
        answer: { sub_type: 'RuleDictionnaryManufacturer', output: { name: 'Microsoft' }, left_out: [] },
        check: (res) => expect(res.body).not.toHaveProperty('entities_id'),
      },
    ]);
  });

  test("a mail collector input: the sender's profiles come from its user, and the entity from the profile", async () => {
    const sales = await ctx.api.create('Entity', { name: unique('Sales'), entities_id: 0, mail_domain: 'sales.example' });
    const seller = await createUser(ctx.api, unique('seller'), 1, sales, false);
    const rule = await ctx.api.create('Rule', { name: 'by profile', sub_type: 'RuleMailCollector', match: 'AND', ranking: -1 });
    await ctx.api.create('RuleCriteria', { rules_id: rule, criteria: 'ONE_PROFILE', condition: 0, pattern: '1' });
    await ctx.api.create('RuleCriteria', { rules_id: rule, criteria: 'KNOWN_DOMAIN', condition: 0, pattern: '1' });
    await ctx.api.create('RuleAction', { rules_id: rule, action_type: 'assign', field: '_affect_entity_by_user_entity', value: '1' });
    const tested = await ctx.api.post('testRules', { sub_type: 'RuleMailCollector', input: { from: 'ann@sales.example', _users_id_requester: seller, subject: 'hello' } });
    expect(tested.status).toBe(200);
    expect([tested.body.rules[0].id, tested.body.rules[0].criteria.map((c: { value: unknown }) => c.value), tested.body.output]).toEqual([rule, [1, 1], { entities_id: sales }]);
    // Without a known user, no profile holds: the action says why the tester gives no entity.
    const unknown = await ctx.api.post('testRules', { sub_type: 'RuleMailCollector', input: { from: 'ann@sales.example', ONE_PROFILE: 1 } });
    expect(unknown.body.rules[0].actions[0].error).toBe('no requester known to the directory');
    expect((await ctx.api.put(`Rule/${rule}`, { input: { is_active: 0 } })).status).toBe(200);
  });

  test('bad requests and rights', async () => {
    const login = unique('no-rules');
    await createUser(ctx.api, login, 6, 0);
    const technician = await loginAs(ctx.server.api, login);
    await scenario(ctx.api, [
      { request: 'POST testRules', body: { input: { name: 'x' } }, status: 400, error: 'ERROR', message: /^Bad Request: sub_type is missing \(a rule collection, such as RuleTicket\); view documentation/ },
      { request: 'POST testRules', body: { sub_type: 'Computer', input: {} }, status: 400, error: 'ERROR', message: /^Bad Request: Computer is not a rule collection; view documentation/ },
      { request: 'POST testRules', body: { sub_type: 'RuleTicket', input: 'name' }, status: 400, error: 'ERROR', message: /^Bad Request: input must be an object of the fields the rules test; view documentation/ },
      { request: 'POST testRules', body: { sub_type: 'RuleTicket', entities_id: 999, input: {} }, status: 400, error: 'ERROR', message: /^Bad Request: entities_id 999 is not one of the active entities; view documentation/ },
      { request: 'POST testRules', body: { sub_type: 'RuleTicket', condition: 3, input: {} }, status: 400, error: 'ERROR', message: /^Bad Request: condition is 1 \(on add\) or 2 \(on update\); view documentation/ },
      // The Technician profile holds no rule right in GLPI 10.0.
      { request: 'POST testRules', as: technician, body: { sub_type: 'RuleTicket', input: {} }, ...DENIED },
      { request: 'POST testRules', as: 'anonymous', body: { sub_type: 'RuleTicket', input: {} }, status: 401, error: 'ERROR_SESSION_TOKEN_MISSING' },
    ]);
  });
});
