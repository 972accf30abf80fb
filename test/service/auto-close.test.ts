/**
 * Solved tickets close by themselves, as GLPI's closeticket: after the `autoclose_delay` days of
 * their entity (inherited through -2; 0 at once; -10 never), run by the server's clock.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { TestClock } from '../support/clock';
import { useServer } from '../support/server';

const clock = new TestClock(); // 2026-01-15 09:00
const ctx = useServer({ TZ: 'UTC' }, clock.args);
const HOUR = 3600_000;
const entities = { inherits: 0, atOnce: 0, never: 0 };

const statusOf = async (ticket: number) => {
  const row = (await ctx.api.get(`Ticket/${ticket}`)).body;
  return [row.status, row.closedate];
};

/** A ticket in `entity`, solved now. */
async function solvedTicket(entity: number, name: string): Promise<number> {
  const id = await ctx.api.create('Ticket', { name, content: 'x', entities_id: entity });
  expect((await ctx.api.put(`Ticket/${id}`, { input: { status: 5 } })).status).toBe(200);
  return id;
}

beforeAll(async () => {
  entities.inherits = await ctx.api.create('Entity', { name: 'Inherits', entities_id: 0, autoclose_delay: -2 });
  entities.atOnce = await ctx.api.create('Entity', { name: 'At once', entities_id: 0, autoclose_delay: 0 });
  entities.never = await ctx.api.create('Entity', { name: 'Never', entities_id: 0, autoclose_delay: -10 });
});

describe('closing solved tickets', () => {
  test('by default (the root entity sets no delay) a solved ticket stays solved', async () => {
    const ticket = await solvedTicket(entities.inherits, 'default');
    clock.advance(400 * 24 * HOUR);
    await ctx.api.login(); // the session has expired meanwhile
    expect(await statusOf(ticket)).toEqual([5, null]);
  });

  test("the delay in days counts from the solution; 0 closes at the next turn; -10 never; -2 takes the parent's", async () => {
    expect((await ctx.api.put('Entity/0', { input: { autoclose_delay: 3 } })).status).toBe(200);
    const start = clock.now;
    const inherited = await solvedTicket(entities.inherits, 'inherits three days');
    const atOnce = await solvedTicket(entities.atOnce, 'at once');
    const never = await solvedTicket(entities.never, 'never');
    const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
    clock.advance(2 * 60_000);
    expect(await statusOf(atOnce)).toEqual([6, stamp(start + 2 * 60_000)]);
    expect(await statusOf(inherited)).toEqual([5, null]);
    clock.advance(3 * 24 * HOUR - 3 * 60_000);
    await ctx.api.login();
    expect(await statusOf(inherited)).toEqual([5, null]);
    clock.advance(2 * 60_000);
    expect(await statusOf(inherited)).toEqual([6, stamp(clock.now)]);
    expect((await ctx.api.get(`Ticket/${inherited}`)).body.close_delay_stat).toBe(3 * 86400 + 60);
    const logs = (await ctx.api.get(`Ticket/${inherited}/Log`)).body as { id_search_option: number; old_value: string; new_value: string; user_name: string }[];
    expect(logs.filter((l) => l.id_search_option === 12).map((l) => [l.old_value, l.new_value, l.user_name])).toContainEqual(['5', '6', 'Automatic action (closing solved tickets)']);
    clock.advance(30 * 24 * HOUR);
    await ctx.api.login();
    expect(await statusOf(never)).toEqual([5, null]);
  });
});
