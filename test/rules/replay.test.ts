/**
 * A dictionary replayed on the rows already there: asked through /apirest.php/replayDictionary,
 * run by the automatic action replaydictionary a batch per turn (the server's clock moves it),
 * with its progress readable meanwhile and a history row per change.
 */
import { describe, expect, test } from 'bun:test';
import { TestClock } from '../support/clock';
import { useServer } from '../support/server';
import { scenario } from '../support/scenario';
import { createUser, DENIED, loginAs, unique } from '../rights/fixture';

const clock = new TestClock(); // 2026-01-15 09:00
const ctx = useServer({ TZ: 'UTC' }, clock.args);

describe('dictionary replay', () => {
  test('renames the existing rows a batch per turn, its progress readable meanwhile', async () => {
    const names = Array.from({ length: 250 }, (_, i) => ({ name: i % 2 === 0 ? `Acme Corp. ${i}` : `Other ${i}` }));
    expect((await ctx.api.post('Manufacturer/', { input: names })).status).toBe(201);
    const rule = await ctx.api.create('Rule', { name: 'acme', sub_type: 'RuleDictionnaryManufacturer' });
    await ctx.api.create('RuleCriteria', { rules_id: rule, criteria: 'name', condition: 4, pattern: 'acme' });
    await ctx.api.create('RuleAction', { rules_id: rule, action_type: 'assign', field: 'name', value: 'ACME' });
    const asked = await ctx.api.post('replayDictionary', { sub_type: 'RuleDictionnaryManufacturer' });
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({ id: 1, sub_type: 'RuleDictionnaryManufacturer', status: 'waiting', done: 0, changed: 0, total: 250, date_creation: '2026-01-15 09:00:00', date_done: null });
    // A minute later the automatic action runs a first batch of 200.
    clock.advance(60_000);
    await scenario(ctx.api, [{ request: 'GET replayDictionary', status: 200, equals: [{ ...asked.body, status: 'running', done: 200, changed: 100 }] }]);
    clock.advance(60_000);
    await scenario(ctx.api, [{ request: 'GET replayDictionary', status: 200, equals: [{ ...asked.body, status: 'done', done: 250, changed: 125, date_done: '2026-01-15 09:02:00' }] }]);
    const rows = (await ctx.api.get('Manufacturer/', { query: 'range=0-999' })).body as { id: number; name: string }[];
    expect(rows.filter((r) => r.name === 'ACME').length).toBe(125);
    expect(rows.filter((r) => r.name.startsWith('Other')).length).toBe(125);
    const history = (await ctx.api.get(`Manufacturer/${rows.find((r) => r.name === 'ACME')!.id}/Log`)).body as { user_name: string; old_value: string; new_value: string }[];
    expect(history.find((h) => h.user_name === 'Automatic action (dictionary replay)')).toMatchObject({ old_value: 'Acme Corp. 0', new_value: 'ACME' });
    const task = ((await ctx.api.get('CronTask/', { query: 'range=0-99' })).body as Record<string, unknown>[]).find((t) => t.name === 'replaydictionary');
    expect(task).toMatchObject({ id: 1001, itemtype: 'RuleCollection', lastrun: '2026-01-15 09:02:00' });
  });

  test('bad requests and rights', async () => {
    const login = unique('tech');
    await createUser(ctx.api, login, 6, 0);
    const technician = await loginAs(ctx.server.api, login);
    await scenario(ctx.api, [
      { request: 'POST replayDictionary', body: { sub_type: 'RuleTicket' }, status: 400, error: 'ERROR', message: /^Bad Request: sub_type must be a dictionary/ },
      { request: 'PUT replayDictionary', body: { sub_type: 'RuleDictionnaryManufacturer' }, status: 400, error: 'ERROR', message: /^Bad Request: GET lists the replays, POST asks for one/ },
      { request: 'POST replayDictionary', as: technician, body: { sub_type: 'RuleDictionnarySoftware' }, ...DENIED },
      { request: 'GET replayDictionary', as: technician, status: 200, equals: [] },
    ]);
  });
});
