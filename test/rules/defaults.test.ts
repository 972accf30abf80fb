/**
 * GLPI 10.0's default rules on a fresh install, with GLPI's ids, and what they do once active:
 * a ticket's location from its item or its requester, a computer's user from an inventoried
 * contact.
 */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { createUser, unique } from '../rights/fixture';

const ctx = useServer();

describe("GLPI 10.0's default rules", () => {
  test('are there with their ids, collections, rankings and states', async () => {
    // GLPI's import rules (ids 12–33) are checked with the inventory (test/inventory/import-rules.test.ts).
    const rules = ((await ctx.api.get('Rule/', { query: 'range=0-99&sort=id' })).body as Record<string, unknown>[]).filter((r) => r.sub_type !== 'RuleImportAsset');
    expect(rules.map((r) => [r.id, r.sub_type, r.ranking, r.name, r.is_active, r.condition])).toEqual([
      [2, 'RuleRight', 1, 'Root', 1, 0],
      [3, 'RuleMailCollector', 3, 'Root', 1, 0],
      [4, 'RuleMailCollector', 1, 'X-Auto-Response-Suppress', 0, 0],
      [5, 'RuleMailCollector', 2, 'Auto-Reply Auto-Submitted', 1, 0],
      [6, 'RuleTicket', 1, 'Ticket location from item', 0, 1],
      [7, 'RuleTicket', 2, 'Ticket location from user', 0, 1],
      [8, 'RuleSoftwareCategory', 1, 'Import category from inventory tool', 0, 1],
      [9, 'RuleAsset', 1, 'Domain user assignation', 1, 3],
      [10, 'RuleAsset', 2, 'Multiple users: assign to the first', 1, 3],
      [11, 'RuleAsset', 3, 'One user assignation', 1, 3],
    ]);
    expect((await ctx.api.get('Rule/5/RuleCriteria')).body).toEqual([expect.objectContaining({ id: 7, criteria: 'auto-submitted', condition: 6, pattern: '/^(?!.*no).+$/i' })]);
    expect((await ctx.api.get('Rule/10/RuleCriteria')).body.map((c: { id: number; pattern: string }) => [c.id, c.pattern])).toEqual([
      [17, 'Computer'],
      [18, '1'],
      [19, '/(.*)[,|\\/]/'],
    ]);
    expect((await ctx.api.get('Rule/7/RuleAction')).body).toEqual([expect.objectContaining({ id: 7, action_type: 'fromuser', field: 'locations_id', value: '1' })]);
  });

  test("once active, the ticket location rules take the item's location, else the requester's", async () => {
    const hall = await ctx.api.create('Location', { name: unique('Hall') });
    const office = await ctx.api.create('Location', { name: unique('Office') });
    const pc = await ctx.api.create('Computer', { name: unique('pc'), locations_id: hall });
    const requester = await createUser(ctx.api, unique('located'), 1, 0);
    await ctx.api.put(`User/${requester}`, { input: { locations_id: office } });
    const located = async (input: Record<string, unknown>) => (await ctx.api.get(`Ticket/${await ctx.api.create('Ticket', { name: 'where', content: 'x', ...input })}`)).body.locations_id;
    expect(await located({ items_id: { Computer: [pc] }, _users_id_requester: requester })).toBe(0);
    for (const id of [6, 7]) expect((await ctx.api.put(`Rule/${id}`, { input: { is_active: 1 } })).status).toBe(200);
    expect(await located({ items_id: { Computer: [pc] }, _users_id_requester: requester })).toBe(hall);
    expect(await located({ _users_id_requester: requester })).toBe(office);
    // A location given stays.
    expect(await located({ _users_id_requester: requester, locations_id: hall })).toBe(hall);
    for (const id of [6, 7]) await ctx.api.put(`Rule/${id}`, { input: { is_active: 0 } });
  });

  test("an inventoried computer's contact gives its user (user@domain, the first of several, or the login alone); by hand it does not", async () => {
    const login = unique('inventoried');
    const user = await createUser(ctx.api, login, 6, 0);
    const userOf = async (contact: string, auto: number) => (await ctx.api.get(`Computer/${await ctx.api.create('Computer', { name: unique('pc'), contact, _auto: auto })}`)).body.users_id;
    expect(await userOf(`${login}@corp.example`, 1)).toBe(user);
    expect(await userOf(`${login},someone`, 1)).toBe(user);
    expect(await userOf(login, 1)).toBe(user);
    expect(await userOf(login, 0)).toBe(0);
  });
});
