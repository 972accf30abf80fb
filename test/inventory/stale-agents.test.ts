/**
 * GLPI 10.0's Cleanoldagents on the server's clock: agents silent for `stale_agents_delay` days
 * get `stale_agents_action` — their dynamic computer a state and the trash, or the agent deleted.
 */
import { describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { useServer } from '../support/server';
import { enableInventory, inventory, post, setInventorySettings } from './fixture';

const DAY = 24 * 3600_000;
const clock = new TestClock(); // 2026-01-15 09:00
const ctx = useServer({ TZ: 'UTC' }, clock.args);
enableInventory(ctx);
/** Moves the server's clock; a new session, the last one having expired meanwhile. */
async function later(ms: number): Promise<void> {
  clock.advance(ms);
  ctx.api = await new Client(ctx.server.api).login();
}
const agents = async () => (await ctx.api.get('Agent/', { query: 'range=0-99' })).body as Record<string, unknown>[];

describe('stale agents', () => {
  test("a silent agent's computer gets the state and the trash, then the agent is deleted; a recent one is left alone", async () => {
    expect((await post(ctx.server.origin, inventory({ deviceid: 'old-2026-01-01-00-00-00', name: 'old-pc', serial: 'OLD-1', software: [], disks: ['/'] }))).status).toBe(200);
    const state = await ctx.api.create('State', { name: 'Lost' });
    await setInventorySettings(ctx.api, { stale_agents_delay: '3', stale_agents_action: '[1,2]', stale_agents_status: String(state) });
    await later(2 * DAY);
    expect((await post(ctx.server.origin, inventory({ deviceid: 'new-2026-01-01-00-00-00', name: 'new-pc', serial: 'NEW-1', software: [], disks: ['/'] }))).status).toBe(200);
    const ids = ((await ctx.api.get('Computer/', { query: 'range=0-99' })).body as Record<string, unknown>[]).map((c) => Number(c.id));
    const computers = async () => Promise.all(ids.map(async (id) => (await ctx.api.get(`Computer/${id}`)).body)).then((all) => all.map((c) => [c.name, c.is_deleted, c.states_id]));
    expect(await computers()).toEqual([['old-pc', 0, 0], ['new-pc', 0, 0]]);
    await later(2 * DAY);
    // Any request lets the automatic actions run (at most once a minute).
    await agents();
    expect(await computers()).toEqual([['old-pc', 1, state], ['new-pc', 0, 0]]);
    expect((await agents()).map((a) => a.deviceid)).toEqual(['old-2026-01-01-00-00-00', 'new-2026-01-01-00-00-00']);

    await setInventorySettings(ctx.api, { stale_agents_action: '[0]' });
    await later(60_000);
    await agents();
    expect((await agents()).map((a) => a.deviceid)).toEqual(['new-2026-01-01-00-00-00']);
  });
});
