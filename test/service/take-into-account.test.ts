/**
 * When a ticket is taken into account, as GLPI 10.0.19 records it: its first technician, a
 * follow-up or task by someone who may treat it (not a requester), or any change by them to a
 * ticket past New, sets `takeintoaccountdate` and `takeintoaccount_delay_stat` (the time since
 * opening, at least a second), once. A ticket opened waiting starts waiting at its own date.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { useServer } from '../support/server';
import { createUser, loginAs } from '../rights/fixture';
import { scenario } from '../support/scenario';

const clock = new TestClock(); // 2026-01-15 09:00
const ctx = useServer({ TZ: 'UTC' }, clock.args);
const TECHNICIAN = 6;
const SELF_SERVICE = 1;
let tech: Client;
let techId = 0;
let requester: Client;

const stamp = () => new Date(clock.now).toISOString().slice(0, 19).replace('T', ' ');
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

  test("a technician's change takes it into account once the ticket is past New, without a history row (GLPI's pre_updateInDB)", async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'slow disk', content: 'x', _users_id_requester: 2 });
    clock.advance(60_000);
    await scenario(ctx.api, [
      { note: 'still New: not taken', as: tech, request: `PUT Ticket/${ticket}`, body: { input: { urgency: 4 } }, status: 200, history: { itemtype: 'Ticket', id: ticket, rows: [{ id_search_option: 10 }, { id_search_option: 3 }, { id_search_option: 64, old_value: 'glpi (2)', new_value: 'taker (' + techId + ')' }] } },
      { note: 'waiting: taken, only the status logged', as: tech, request: `PUT Ticket/${ticket}`, body: { input: { status: 4 } }, status: 200, history: { itemtype: 'Ticket', id: ticket, rows: [{ id_search_option: 12, old_value: '1', new_value: '4' }] } },
    ]);
    expect(await taken(ticket)).toEqual(['2026-01-15 09:37:00', 60]);
  });

  test('a requester who assigns someone does not take it into account; the one assigned does', async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'for the tech', content: 'x', _users_id_requester: 2, _users_id_assign: techId });
    expect(await taken(ticket)).toEqual([null, 0]);
    clock.advance(60_000);
    await tech.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'mine' });
    expect(await taken(ticket)).toEqual(['2026-01-15 09:38:00', 60]);
  });

  test('a ticket opened waiting starts waiting at its own date, as GLPI', async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'opened waiting', content: 'x', status: 4, date: '2026-01-02 08:00:00' });
    const row = (await ctx.api.get(`Ticket/${ticket}`)).body;
    expect([row.status, row.begin_waiting_date, row.takeintoaccountdate]).toEqual([4, '2026-01-02 08:00:00', null]);
  });

  test("solving starts the wait, as GLPI: reopening adds the time since to the time waited and clears it; closing keeps it", async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'reopened', content: 'x', _users_id_assign: techId });
    const clocks = async () => {
      const row = (await ctx.api.get(`Ticket/${ticket}`)).body;
      return [row.status, row.begin_waiting_date, row.waiting_duration];
    };
    clock.advance(60_000);
    await ctx.api.put(`Ticket/${ticket}`, { input: { status: 5 } });
    const solvedAt = stamp();
    expect(await clocks()).toEqual([5, solvedAt, 0]);
    clock.advance(10 * 60_000);
    await ctx.api.put(`Ticket/${ticket}`, { input: { status: 2 } });
    expect(await clocks()).toEqual([2, null, 600]);
    await ctx.api.put(`Ticket/${ticket}`, { input: { status: 5 } });
    const solvedAgain = stamp();
    clock.advance(60_000);
    await ctx.api.put(`Ticket/${ticket}`, { input: { status: 6 } });
    expect(await clocks()).toEqual([6, solvedAgain, 600]);
  });

  test("attaching a document updates the ticket as GLPI's Document_Item does: its date logged (19), then the last updater (64), then the link", async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'with a file', content: 'x' });
    const document = await ctx.api.create('Document', { name: 'screenshot', is_recursive: 1 });
    const opened = stamp();
    clock.advance(60_000);
    await scenario(ctx.api, [
      {
        as: tech,
        request: 'POST Document_Item',
        body: { input: { documents_id: document, itemtype: 'Ticket', items_id: ticket } },
        status: 201,
        history: {
          itemtype: 'Ticket',
          id: ticket,
          rows: [
            { linked_action: 0, id_search_option: 19, old_value: opened, new_value: stamp() },
            { linked_action: 0, id_search_option: 64, old_value: 'glpi (2)', new_value: `taker (${techId})` },
            { linked_action: 15, itemtype_link: 'Document', new_value: `screenshot (${document})` },
          ],
        },
      },
    ]);
  });
});

