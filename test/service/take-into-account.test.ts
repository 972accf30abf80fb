/**
 * When a ticket is taken into account, as GLPI records it: its first technician, or a follow-up or
 * task by someone who may treat it (not a requester), sets `takeintoaccountdate` and
 * `takeintoaccount_delay_stat` (the time since opening, at least a second), once.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { useServer } from '../support/server';
import { createUser, loginAs } from '../rights/fixture';

const clock = new TestClock(); // 2026-01-15 09:00
const ctx = useServer({ TZ: 'UTC' }, clock.args);
const TECHNICIAN = 6;
const SELF_SERVICE = 1;
let tech: Client;
let techId = 0;
let requester: Client;

const taken = async (ticket: number) => {
  const row = (await ctx.api.get(`Ticket/${ticket}`)).body;
  return [row.takeintoaccountdate, row.takeintoaccount_delay_stat];
};

beforeAll(async () => {
  techId = await createUser(ctx.api, 'taker', TECHNICIAN, 0, true);
  await createUser(ctx.api, 'opener', SELF_SERVICE, 0, true);
  tech = await loginAs(ctx.server.api, 'taker');
  requester = await loginAs(ctx.server.api, 'opener');
});

describe('taken into account', () => {
  test('a ticket opened with its technician is taken into account at once (one second)', async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'assigned at once', content: 'x', _users_id_assign: techId });
    expect(await taken(ticket)).toEqual(['2026-01-15 09:00:00', 1]);
  });

  test("the requester's follow-up does not take it into account; a technician's does, once", async () => {
    const ticket = await requester.create('Ticket', { name: 'my printer', content: 'x' });
    clock.advance(10 * 60_000);
    await requester.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'Any news?' });
    expect(await taken(ticket)).toEqual([null, 0]);
    clock.advance(20 * 60_000);
    await tech.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'Looking at it.' });
    expect(await taken(ticket)).toEqual(['2026-01-15 09:30:00', 1800]);
    clock.advance(60_000);
    await tech.create('TicketTask', { tickets_id: ticket, content: 'Replaced the toner.' });
    expect(await taken(ticket)).toEqual(['2026-01-15 09:30:00', 1800]);
  });

  test('a technician assigned through Ticket_User takes it into account', async () => {
    const ticket = await requester.create('Ticket', { name: 'no network', content: 'x' });
    clock.advance(5 * 60_000);
    await ctx.api.create('Ticket_User', { tickets_id: ticket, users_id: techId, type: 2 });
    const row = (await ctx.api.get(`Ticket/${ticket}`)).body;
    expect([row.status, row.takeintoaccount_delay_stat]).toEqual([2, 300]);
  });
});
