/**
 * Solutions: adding one solves the item and waits for approval; the requester approves it
 * (followup with add_close: the item closes) or refuses it (add_reopen: the item reopens).
 * Only who may solve adds one (GLPI's canSolve); a problem's or change's is accepted at once,
 * and a ticket closes at once where its entity closes solved tickets after 0 days.
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

describe('who may solve, and what a solution does to each type', () => {
  // As GLPI's API answers an add its canCreateItem refuses.
  const refused = (res: { status: number; body: unknown }) => expect([res.status, ...(res.body as string[])]).toEqual([400, 'ERROR_GLPI_ADD', "You don't have permission to perform this action."]);
  const solve = (client: Client, itemtype: string, id: number) => client.post('ITILSolution/', { input: { itemtype, items_id: id, content: 'Done.' } });

  test('a requester cannot solve their own ticket: only the update right or an assignment lets one solve', async () => {
    const id = await requester.create('Ticket', { name: 'mine to solve?', content: 'x' });
    refused(await solve(requester, 'Ticket', id));
    expect((await ctx.api.get(`Ticket/${id}`)).body.status).toBe(1);
    expect((await ctx.api.get(`Ticket/${id}/ITILSolution`)).body).toEqual([]);
  });

  test('a requester neither solves through a ticket update nor rewrites, accepts or removes the solution given to their ticket', async () => {
    const id = await requester.create('Ticket', { name: 'solve it for me', content: 'x' });
    const viaUpdate = await requester.put(`Ticket/${id}`, { input: { urgency: 4, solution: 'I fixed it myself.' } });
    expect([viaUpdate.status, ...(viaUpdate.body as string[])]).toEqual([400, 'ERROR_GLPI_UPDATE', "You don't have permission to perform this action."]);
    expect((await ctx.api.get(`Ticket/${id}`)).body).toMatchObject({ status: 1, urgency: 3 });

    const solution = await ctx.api.create('ITILSolution', { itemtype: 'Ticket', items_id: id, content: 'Rebooted.' });
    // Refused by the requester: the ticket reopens, the solution stays refused (4).
    expect((await requester.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: id, add_reopen: 1, content: 'Still broken.' } })).status).toBe(201);
    const rewrite = await requester.put(`ITILSolution/${solution}`, { input: { status: 3, content: 'Accepted after all.' } });
    expect([rewrite.status, rewrite.body[0]]).toEqual([400, 'ERROR_GLPI_UPDATE']);
    const remove = await requester.del(`ITILSolution/${solution}`);
    expect([remove.status, remove.body[0]]).toEqual([400, 'ERROR_GLPI_DELETE']);
    expect((await ctx.api.get(`ITILSolution/${solution}`)).body).toMatchObject({ status: 4, content: 'Rebooted.' });
    // Whoever may solve the ticket still edits it.
    expect((await ctx.api.put(`ITILSolution/${solution}`, { input: { content: 'Rebooted twice.' } })).status).toBe(200);
  });

  test('an Observer (no ticket update right) solves only a ticket assigned to them or to their group', async () => {
    await ctx.api.create('User', { name: 'watcher', password: 'Watcher-pass-1', password2: 'Watcher-pass-1', _profiles_id: 2, _entities_id: 0 });
    const watcher = await new Client(ctx.server.api).login('watcher', 'Watcher-pass-1');
    const me = (await watcher.get('getFullSession')).body.session.glpiID as number;
    const free = await ctx.api.create('Ticket', { name: 'nobody on it', content: 'x' });
    refused(await solve(watcher, 'Ticket', free));

    const mine = await ctx.api.create('Ticket', { name: 'assigned to the watcher', content: 'x', _users_id_assign: me });
    expect((await solve(watcher, 'Ticket', mine)).status).toBe(201);
    expect((await ctx.api.get(`Ticket/${mine}`)).body.status).toBe(5);

    const group = await ctx.api.create('Group', { name: 'Watchers', entities_id: 0, is_recursive: 1 });
    await ctx.api.create('Group_User', { groups_id: group, users_id: me });
    const ours = await ctx.api.create('Ticket', { name: 'assigned to the group', content: 'x', _groups_id_assign: group });
    const again = await new Client(ctx.server.api).login('watcher', 'Watcher-pass-1'); // a new session knows the new group
    expect((await solve(again, 'Ticket', ours)).status).toBe(201);
  });

  test('a closed ticket takes no solution; an already solved one says so', async () => {
    const closed = await ctx.api.create('Ticket', { name: 'closed already', content: 'x', status: 6 });
    refused(await solve(ctx.api, 'Ticket', closed));
    const solved = await ctx.api.create('Ticket', { name: 'solved by hand', content: 'x', status: 5 });
    const res = await solve(ctx.api, 'Ticket', solved);
    expect([res.status, res.body[1]]).toEqual([400, 'The item is already solved, did anyone pushed a solution before you?']);
  });

  test("a problem's or a change's solution is accepted at once by its author; the item is solved", async () => {
    const admin = (await ctx.api.get('getFullSession')).body.session.glpiID as number;
    for (const itemtype of ['Problem', 'Change']) {
      const id = await ctx.api.create(itemtype, { name: `${itemtype} to solve`, content: 'x' });
      expect((await solve(ctx.api, itemtype, id)).status).toBe(201);
      expect((await ctx.api.get(`${itemtype}/${id}`)).body.status).toBe(5);
      const [solution] = (await ctx.api.get(`${itemtype}/${id}/ITILSolution`)).body;
      expect([solution.status, solution.users_id_approval, typeof solution.date_approval]).toEqual([3, admin, 'string']);
    }
  });

  test('in an entity that closes solved tickets after 0 days, the solution is accepted and the ticket closes', async () => {
    const entity = await ctx.api.create('Entity', { name: 'Closes at once', entities_id: 0, autoclose_delay: 0 });
    const child = await ctx.api.create('Entity', { name: 'Inherits closing', entities_id: entity });
    for (const entities_id of [entity, child]) {
      const id = await ctx.api.create('Ticket', { name: 'closes at once', content: 'x', entities_id });
      expect((await solve(ctx.api, 'Ticket', id)).status).toBe(201);
      const ticket = (await ctx.api.get(`Ticket/${id}`)).body;
      expect([ticket.status, typeof ticket.closedate, typeof ticket.solvedate]).toEqual([6, 'string', 'string']);
      expect((await ctx.api.get(`Ticket/${id}/ITILSolution`)).body.map((s: { status: number }) => s.status)).toEqual([3]);
    }
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
