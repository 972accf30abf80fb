/**
 * Solutions: adding one solves the item and waits for approval; the requester approves it
 * (followup with add_close: the item closes) or refuses it (add_reopen: the item reopens).
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { useServer } from '../support/server';

const ctx = useServer();
let requester: Client;

beforeAll(async () => {
  // Self-Service (1) in the root entity: the requester of the tickets below.
  await ctx.api.create('User', { name: 'asker', password: 'Asker-pass-1', password2: 'Asker-pass-1', _profiles_id: 1, _entities_id: 0 });
  requester = await new Client(ctx.server.api).login('asker', 'Asker-pass-1');
});

async function solvedTicket(name: string): Promise<number> {
  const id = await requester.create('Ticket', { name, content: 'It is broken.' });
  const solution = await ctx.api.post('ITILSolution/', { input: { itemtype: 'Ticket', items_id: id, content: 'Fixed it.', solutiontypes_id: 0 } });
  expect(solution.status).toBe(201);
  return id;
}

const solutions = async (id: number) => (await ctx.api.get(`Ticket/${id}/ITILSolution`)).body as { status: number; users_id_approval: number }[];

describe('solutions', () => {
  test('adding a solution solves the ticket and waits for approval; a second one is refused', async () => {
    const id = await solvedTicket('no network');
    expect((await ctx.api.get(`Ticket/${id}`)).body.status).toBe(5);
    expect((await solutions(id)).map((s) => s.status)).toEqual([2]);
    const again = await ctx.api.post('ITILSolution/', { input: { itemtype: 'Ticket', items_id: id, content: 'Fixed twice.' } });
    expect([again.status, again.body[0]]).toEqual([400, 'ERROR_GLPI_ADD']);
    expect(again.body[1]).toContain('already solved');
  });

  test('a solution without words is refused', async () => {
    const id = await requester.create('Ticket', { name: 'blank', content: 'x' });
    const res = await ctx.api.post('ITILSolution/', { input: { itemtype: 'Ticket', items_id: id, content: ' ' } });
    expect([res.status, res.body[0]]).toEqual([400, 'ERROR_GLPI_ADD']);
    expect((await ctx.api.get(`Ticket/${id}`)).body.status).toBe(1);
  });

  test('the requester approves: the ticket closes, the solution is accepted by them', async () => {
    const id = await solvedTicket('slow disk');
    const res = await requester.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: id, add_close: 1 } });
    expect(res.status).toBe(201);
    expect((await ctx.api.get(`Ticket/${id}`)).body.status).toBe(6);
    const [solution] = await solutions(id);
    expect(solution?.status).toBe(3);
    expect(solution?.users_id_approval).toBe((await requester.get('getFullSession')).body.session.glpiID);
    const followups = await ctx.api.get(`Ticket/${id}/ITILFollowup`);
    expect(followups.body.map((f: { content: string }) => f.content)).toEqual(['Solution approved']);
  });

  test('the requester refuses: the ticket reopens, the solution is refused', async () => {
    const id = await solvedTicket('noisy fan');
    const res = await requester.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: id, add_reopen: 1, content: 'Still noisy.' } });
    expect(res.status).toBe(201);
    expect((await ctx.api.get(`Ticket/${id}`)).body.status).toBe(1);
    expect((await solutions(id)).map((s) => s.status)).toEqual([4]);
  });

  test('approving without a waiting solution, or as someone not involved, is refused', async () => {
    const open = await requester.create('Ticket', { name: 'open one', content: 'x' });
    const early = await requester.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: open, add_close: 1 } });
    expect([early.status, early.body[1]]).toEqual([400, expect.stringContaining('No solution waits for approval')]);
    const id = await solvedTicket('not mine');
    const admin = await ctx.api.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: id, add_close: 1 } });
    expect([admin.status, admin.body[1]]).toEqual([400, expect.stringContaining('Only a requester')]);
    expect((await ctx.api.get(`Ticket/${id}`)).body.status).toBe(5);
  });
});

describe('assignment through actor rows', () => {
  test('assigning a technician or a group to a new ticket moves it to Processing (assigned), with history; requesters do not', async () => {
    const ticket = await requester.create('Ticket', { name: 'assign me', content: 'x' });
    expect((await ctx.api.post('Ticket_User/', { input: { tickets_id: ticket, users_id: 2, type: 3 } })).status).toBe(201);
    expect((await ctx.api.get(`Ticket/${ticket}`)).body.status).toBe(1);
    expect((await ctx.api.post('Ticket_User/', { input: { tickets_id: ticket, users_id: 2, type: 2 } })).status).toBe(201);
    expect((await ctx.api.get(`Ticket/${ticket}`)).body.status).toBe(2);
    const logs = Object.values((await ctx.api.get(`Ticket/${ticket}`, { query: 'with_logs=true' })).body._logs) as { id_search_option: number; new_value: string }[];
    expect(logs.some((l) => l.id_search_option === 12 && l.new_value === '2')).toBe(true);

    const second = await requester.create('Ticket', { name: 'assign my group', content: 'x' });
    const group = await ctx.api.create('Group', { name: 'Level 2', entities_id: 0, is_recursive: 1 });
    expect((await ctx.api.post('Group_Ticket/', { input: { tickets_id: second, groups_id: group, type: 2 } })).status).toBe(201);
    expect((await ctx.api.get(`Ticket/${second}`)).body.status).toBe(2);
  });
});
