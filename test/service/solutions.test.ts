/**
 * Solutions: adding one solves the item and waits for approval; the requester approves it
 * (followup with add_close: the item closes) or refuses it (add_reopen: the item reopens).
 * Only who may solve adds one (GLPI's canSolve); a problem's or change's is accepted at once,
 * and a ticket closes at once where its entity closes solved tickets after 0 days.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { refused as refusedBy } from '../rights/fixture';
import { Client } from '../support/client';
import { creates, holds, scenario, type Step } from '../support/scenario';
import { useServer } from '../support/server';

const ctx = useServer();
let requester: Client;
let requesterId: number;

beforeAll(async () => {
  // Self-Service (1) in the root entity: the requester of the tickets below.
  requesterId = await ctx.api.create('User', { name: 'asker', password: 'Asker-pass-1', password2: 'Asker-pass-1', _profiles_id: 1, _entities_id: 0 });
  requester = await new Client(ctx.server.api).login('asker', 'Asker-pass-1');
});

/** The requester opens a ticket, captured as `ticket`. */
const opened = (name: string, content = 'x'): Step => creates('ticket', 'Ticket', { name, content }, requester);
/** The requester's ticket, then the technician's solution: it waits for approval. */
const solvedTicket = (name: string): Step[] => [
  opened(name, 'It is broken.'),
  { request: 'POST ITILSolution/', body: { input: { itemtype: 'Ticket', items_id: '${ticket}', content: 'Fixed it.', solutiontypes_id: 0 } }, status: 201 },
];
/** The statuses of the captured item's solutions. */
const solutionStatuses = (statuses: number[], item = 'Ticket/${ticket}'): Step => ({
  request: `GET ${item}/ITILSolution`,
  status: 200,
  check: (res) => expect((res.body as { status: number }[]).map((s) => s.status)).toEqual(statuses),
});
const followup = (input: Record<string, unknown>, as: Client): Step => ({ request: 'POST ITILFollowup/', body: { input: { itemtype: 'Ticket', items_id: '${ticket}', ...input } }, as, status: 201 });

describe('solutions', () => {
  test('adding a solution solves the ticket and waits for approval; a second one is refused', () =>
    scenario(ctx.api, [
      ...solvedTicket('no network'),
      holds('Ticket/${ticket}', { status: 5 }),
      solutionStatuses([2]),
      { request: 'POST ITILSolution/', body: { input: { itemtype: 'Ticket', items_id: '${ticket}', content: 'Fixed twice.' } }, status: 400, error: 'ERROR_GLPI_ADD', message: /already solved/ },
    ]));

  test('a solution without words is refused', () =>
    scenario(ctx.api, [
      opened('blank'),
      { request: 'POST ITILSolution/', body: { input: { itemtype: 'Ticket', items_id: '${ticket}', content: ' ' } }, status: 400, error: 'ERROR_GLPI_ADD' },
      holds('Ticket/${ticket}', { status: 1 }),
    ]));

  test('the requester approves: the ticket closes, the solution is accepted by them', () =>
    scenario(ctx.api, [
      ...solvedTicket('slow disk'),
      followup({ add_close: 1 }, requester),
      holds('Ticket/${ticket}', { status: 6 }),
      { request: 'GET Ticket/${ticket}/ITILSolution', status: 200, check: (res) => expect(res.body.map((s: { status: number; users_id_approval: number }) => [s.status, s.users_id_approval])).toEqual([[3, requesterId]]) },
      { request: 'GET Ticket/${ticket}/ITILFollowup', status: 200, check: (res) => expect(res.body.map((f: { content: string }) => f.content)).toEqual(['Solution approved']) },
    ]));

  test('the requester refuses: the ticket reopens, the solution is refused', () =>
    scenario(ctx.api, [...solvedTicket('noisy fan'), followup({ add_reopen: 1, content: 'Still noisy.' }, requester), holds('Ticket/${ticket}', { status: 1 }), solutionStatuses([4])]));

  test('approving without a waiting solution, or as someone not involved, is refused', () =>
    scenario(ctx.api, [
      opened('open one'),
      { ...followup({ add_close: 1 }, requester), status: 400, error: 'ERROR_GLPI_ADD', message: /No solution waits for approval/ },
      ...solvedTicket('not mine'),
      { request: 'POST ITILFollowup/', body: { input: { itemtype: 'Ticket', items_id: '${ticket}', add_close: 1 } }, status: 400, error: 'ERROR_GLPI_ADD', message: /Only a requester/ },
      holds('Ticket/${ticket}', { status: 5 }),
    ]));
});

describe('who may solve, and what a solution does to each type', () => {
  // As GLPI's API answers an add its canCreateItem refuses.
  const solve = (itemtype: string, items_id: string, more: Partial<Step> = {}): Step => ({ request: 'POST ITILSolution/', body: { input: { itemtype, items_id, content: 'Done.' } }, status: 201, ...more });
  const refused = refusedBy('ERROR_GLPI_ADD');

  test('a requester cannot solve their own ticket: only the update right or an assignment lets one solve', () =>
    scenario(ctx.api, [
      opened('mine to solve?'),
      solve('Ticket', '${ticket}', { as: requester, ...refused }),
      holds('Ticket/${ticket}', { status: 1 }),
      { request: 'GET Ticket/${ticket}/ITILSolution', status: 200, equals: [] },
    ]));

  test('a requester neither solves through a ticket update nor rewrites, accepts or removes the solution given to their ticket', () =>
    scenario(ctx.api, [
      opened('solve it for me'),
      { request: 'PUT Ticket/${ticket}', body: { input: { urgency: 4, solution: 'I fixed it myself.' } }, as: requester, ...refusedBy('ERROR_GLPI_UPDATE') },
      holds('Ticket/${ticket}', { status: 1, urgency: 3 }),
      creates('solution', 'ITILSolution', { itemtype: 'Ticket', items_id: '${ticket}', content: 'Rebooted.' }),
      // Refused by the requester: the ticket reopens, the solution stays refused (4).
      followup({ add_reopen: 1, content: 'Still broken.' }, requester),
      { request: 'PUT ITILSolution/${solution}', body: { input: { status: 3, content: 'Accepted after all.' } }, as: requester, status: 400, error: 'ERROR_GLPI_UPDATE' },
      { request: 'DELETE ITILSolution/${solution}', as: requester, status: 400, error: 'ERROR_GLPI_DELETE' },
      holds('ITILSolution/${solution}', { status: 4, content: 'Rebooted.' }),
      // Whoever may solve the ticket still edits it.
      { request: 'PUT ITILSolution/${solution}', body: { input: { content: 'Rebooted twice.' } }, status: 200 },
    ]));

  test('an Observer (no ticket update right) solves only a ticket assigned to them or to their group', async () => {
    const me = await ctx.api.create('User', { name: 'watcher', password: 'Watcher-pass-1', password2: 'Watcher-pass-1', _profiles_id: 2, _entities_id: 0 });
    const watcher = await new Client(ctx.server.api).login('watcher', 'Watcher-pass-1');
    const basic = `Basic ${Buffer.from('watcher:Watcher-pass-1').toString('base64')}`;
    await scenario(ctx.api, [
      creates('free', 'Ticket', { name: 'nobody on it', content: 'x' }),
      solve('Ticket', '${free}', { as: watcher, ...refused }),
      creates('ticket', 'Ticket', { name: 'assigned to the watcher', content: 'x', _users_id_assign: me }),
      solve('Ticket', '${ticket}', { as: watcher }),
      holds('Ticket/${ticket}', { status: 5 }),
      creates('group', 'Group', { name: 'Watchers', entities_id: 0, is_recursive: 1 }),
      creates('member', 'Group_User', { groups_id: '${group}', users_id: me }),
      creates('ours', 'Ticket', { name: 'assigned to the group', content: 'x', _groups_id_assign: '${group}' }),
      // A new session knows the new group.
      { request: 'GET initSession', as: 'anonymous', headers: { Authorization: basic }, status: 200, capture: { again: (body) => body.session_token } },
      solve('Ticket', '${ours}', { as: 'anonymous', headers: { 'Session-Token': '${again}' } }),
    ]);
  });

  test('a closed ticket takes no solution; an already solved one says so', () =>
    scenario(ctx.api, [
      creates('closed', 'Ticket', { name: 'closed already', content: 'x', status: 6 }),
      solve('Ticket', '${closed}', refused),
      creates('solved', 'Ticket', { name: 'solved by hand', content: 'x', status: 5 }),
      solve('Ticket', '${solved}', { status: 400, error: 'ERROR_GLPI_ADD', message: 'The item is already solved, did anyone pushed a solution before you?' }),
    ]));

  test.each(['Problem', 'Change'])("a %s's solution is accepted at once by its author; the item is solved", (itemtype) =>
    scenario(ctx.api, [
      { request: 'GET getFullSession', status: 200, capture: { admin: (body) => body.session.glpiID } },
      creates('item', itemtype, { name: `${itemtype} to solve`, content: 'x' }),
      solve(itemtype, '${item}'),
      holds(`${itemtype}/\${item}`, { status: 5 }),
      { request: `GET ${itemtype}/\${item}/ITILSolution`, status: 200, check: (res, { admin }) => expect(res.body.map((s: Record<string, unknown>) => [s.status, s.users_id_approval, typeof s.date_approval])).toEqual([[3, admin, 'string']]) },
    ]));

  test('in an entity that closes solved tickets after 0 days, the solution is accepted and the ticket closes', () => {
    const closesAtOnce = (entity: string): Step[] => [
      creates('ticket', 'Ticket', { name: 'closes at once', content: 'x', entities_id: entity }),
      solve('Ticket', '${ticket}'),
      holds('Ticket/${ticket}', { status: 6, closedate: expect.any(String), solvedate: expect.any(String) }),
      solutionStatuses([3]),
    ];
    return scenario(ctx.api, [
      creates('entity', 'Entity', { name: 'Closes at once', entities_id: 0, autoclose_delay: 0 }),
      creates('child', 'Entity', { name: 'Inherits closing', entities_id: '${entity}' }),
      ...closesAtOnce('${entity}'),
      ...closesAtOnce('${child}'),
    ]);
  });
});

describe('assignment through actor rows', () => {
  test('assigning a technician or a group to a new ticket moves it to Processing (assigned), with history; requesters do not', () =>
    scenario(ctx.api, [
      opened('assign me'),
      creates('requesterRow', 'Ticket_User', { tickets_id: '${ticket}', users_id: 2, type: 3 }),
      holds('Ticket/${ticket}', { status: 1 }),
      creates('assignRow', 'Ticket_User', { tickets_id: '${ticket}', users_id: 2, type: 2 }),
      holds('Ticket/${ticket}', { status: 2 }),
      {
        request: 'GET Ticket/${ticket}',
        query: 'with_logs=true',
        status: 200,
        check: (res) => {
          const logs = Object.values(res.body._logs) as { id_search_option: number; new_value: string }[];
          expect(logs.filter((l) => l.id_search_option === 12).map((l) => l.new_value)).toContain('2');
        },
      },
      opened('assign my group'),
      creates('group', 'Group', { name: 'Level 2', entities_id: 0, is_recursive: 1 }),
      creates('groupRow', 'Group_Ticket', { tickets_id: '${ticket}', groups_id: '${group}', type: 2 }),
      holds('Ticket/${ticket}', { status: 2 }),
    ]));
});
