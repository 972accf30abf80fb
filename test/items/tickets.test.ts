/** Service-desk rules through the item API: priority matrix, scales, statuses and their dates, actors, followups. */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { type Captured, creates, holds, scenario, updates as put, type Step } from '../support/scenario';
import { DATETIME, uniq } from './fixtures';

const ctx = useServer();

/** Opens a ticket, its id captured as `name`. */
const opens = (name: string, input: Record<string, unknown> = {}): Step => creates(name, 'Ticket', { name: uniq('ticket'), content: 'something is wrong', ...input });
/** The item's history rows (oldest first), handed to `verify` with what was captured. */
const logOf = (path: string, verify: (rows: Record<string, unknown>[], captured: Captured) => void): Step => ({
  request: `GET ${path}/Log`,
  query: 'range=0-999&sort=id&order=ASC',
  status: 200,
  check: (res, captured) => verify(res.body, captured),
});
/** The item's history rows of status changes (search option 12). */
const statusLog = (path: string, verify: (rows: Record<string, unknown>[]) => void): Step => logOf(path, (rows) => verify(rows.filter((l) => l.id_search_option === 12)));

/** glpi-model §5.2: row = urgency, column = impact. */
const MATRIX: Record<number, number[]> = {
  1: [1, 1, 2, 2, 2],
  2: [1, 2, 2, 3, 3],
  3: [2, 2, 3, 4, 4],
  4: [2, 3, 4, 4, 5],
  5: [2, 3, 4, 5, 5],
};

async function ticket(input: Record<string, unknown> = {}): Promise<any> {
  const id = await ctx.api.create('Ticket', { name: uniq('ticket'), content: 'something is wrong', ...input });
  return (await ctx.api.get(`Ticket/${id}`)).body;
}


describe('priority', () => {
  test('computed from urgency x impact for all 25 pairs', () => {
    const pairs = [1, 2, 3, 4, 5].flatMap((urgency) => [1, 2, 3, 4, 5].map((impact) => ({ urgency, impact })));
    return scenario(ctx.api, [
      {
        request: 'POST Ticket/',
        body: { input: pairs.map((p) => ({ name: `u${p.urgency}i${p.impact}`, content: 'x', ...p })) },
        status: 201,
        capture: Object.fromEntries(pairs.map((_, i) => [`t${i}`, (body: { id: number }[]) => body[i]!.id])),
      },
      ...pairs.map(({ urgency, impact }, i) => holds(`Ticket/\${t${i}}`, { urgency, impact, priority: MATRIX[urgency]![impact - 1]! })),
    ]);
  });

  test('defaults: urgency 3, impact 3, priority 3; Problem and Change use the same matrix', () =>
    scenario(ctx.api, [
      opens('ticket'),
      holds('Ticket/${ticket}', { urgency: 3, impact: 3, priority: 3 }),
      ...['Problem', 'Change'].flatMap((itemtype) => [
        creates('item', itemtype, { name: uniq(itemtype), content: 'x', urgency: 4, impact: 2 }),
        holds(`${itemtype}/\${item}`, { urgency: 4, impact: 2, priority: 3 }),
      ]),
    ]));

  test('changing urgency or impact recomputes the priority', async () => {
    const t = await ticket({ urgency: 1, impact: 1 });
    expect(t.priority).toBe(1);
    const at = `Ticket/${t.id}`;
    await scenario(ctx.api, [
      put(at, { urgency: 5 }),
      holds(at, { urgency: 5, impact: 1, priority: 2 }),
      put(at, { impact: 5 }),
      holds(at, { urgency: 5, impact: 5, priority: 5 }),
      put(at, { urgency: 2, impact: 3 }),
      holds(at, { priority: 2 }),
    ]);
  });

  test('a user holding CHANGEPRIORITY may set the priority by hand', async () => {
    const t = await ticket({ urgency: 5, impact: 5, priority: 1 });
    expect(t.priority).toBe(1);
    const at = `Ticket/${t.id}`;
    await scenario(ctx.api, [put(at, { priority: 4 }), holds(at, { priority: 4 }), put(at, { priority: 6 }), holds(at, { priority: 6 })]);
  });

  test('urgency and impact outside 1..5, priority outside 1..6 (6 is GLPI\'s Major) are refused', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ urgency: 0 }, 'urgency'],
      [{ urgency: 6 }, 'urgency'],
      [{ impact: 0 }, 'impact'],
      [{ impact: 6 }, 'impact'],
      [{ priority: 0 }, 'priority'],
      [{ priority: 7 }, 'priority'],
      [{ urgency: -1 }, 'urgency'],
    ];
    const before = (await ctx.api.get('Ticket/', { query: 'range=0-0' })).headers.get('content-range');
    await scenario(
      ctx.api,
      cases.map(([input, field]): Step => ({ request: 'POST Ticket/', body: { input: { name: 'bad scale', content: 'x', ...input } }, status: 400, error: 'ERROR_GLPI_ADD', message: new RegExp(`^Field ${field}: `) })),
    );
    expect((await ctx.api.get('Ticket/', { query: 'range=0-0' })).headers.get('content-range')).toBe(before);
    const t = await ticket({ urgency: 2 });
    await scenario(ctx.api, [
      ...cases.map(([input, field]): Step => ({ request: `PUT Ticket/${t.id}`, body: { input }, status: 400, error: 'ERROR_GLPI_UPDATE', message: new RegExp(`^Field ${field}: `) })),
      holds(`Ticket/${t.id}`, { urgency: 2, impact: 3, priority: 2 }),
      { request: 'POST Problem/', body: { input: { name: 'p', urgency: 6 } }, status: 400, error: 'ERROR_GLPI_ADD' },
    ]);
  });
});

describe('creation defaults', () => {
  test('status New, type Incident, Helpdesk request type, recipient and last updater = me, dates set', () =>
    scenario(ctx.api, [
      opens('ticket'),
      holds('Ticket/${ticket}', {
        status: 1,
        type: 1,
        requesttypes_id: 1,
        users_id_recipient: 2,
        users_id_lastupdater: 2,
        entities_id: 0,
        solvedate: null,
        closedate: null,
        is_deleted: 0,
        date: expect.stringMatching(DATETIME),
        date_creation: expect.stringMatching(DATETIME),
      }),
    ]));

  test('computed fields in the input are ignored; name comes from the content when empty', () =>
    scenario(ctx.api, [
      opens('ticket', { users_id_recipient: 999, solvedate: '2020-01-01 00:00:00', name: '', content: `  ${'word '.repeat(30)}` }),
      holds('Ticket/${ticket}', { users_id_recipient: 2, solvedate: null, name: 'word '.repeat(14) }),
    ]));

  test("the type defaults to the entity's tickettype (inherited through -2); a type given wins", () =>
    scenario(ctx.api, [
      creates('requests', 'Entity', { name: uniq('requests'), entities_id: 0, tickettype: 2 }),
      creates('inherits', 'Entity', { name: uniq('inherits'), entities_id: '${requests}', tickettype: -2 }),
      ...([['${requests}', undefined, 2], ['${inherits}', undefined, 2], ['${inherits}', 1, 1]] as const).flatMap(([entity, type, expected]): Step[] => [
        opens('ticket', { entities_id: entity, ...(type ? { type } : {}) }),
        holds('Ticket/${ticket}', { type: expected }),
      ]),
    ]));

  test('type must be 1 (Incident) or 2 (Request)', () =>
    scenario(ctx.api, [
      opens('ticket', { type: 2 }),
      holds('Ticket/${ticket}', { type: 2 }),
      { request: 'POST Ticket/', body: { input: { name: 'x', type: 3 } }, status: 400, error: 'ERROR_GLPI_ADD', message: /^Field type/ },
    ]));
});

describe('statuses and dates', () => {
  test('solved sets solvedate; closed sets closedate and keeps solvedate; reopening clears them', async () => {
    const at = `Ticket/${(await ticket()).id}`;
    await scenario(ctx.api, [
      put(at, { status: 5 }),
      holds(at, { status: 5, solvedate: expect.stringMatching(DATETIME), closedate: null }),
      put(at, { status: 2 }),
      holds(at, { status: 2, solvedate: null, closedate: null }),
      put(at, { status: 5 }),
      put(at, { status: 6 }),
      holds(at, { status: 6, closedate: expect.stringMatching(DATETIME), solvedate: expect.stringMatching(DATETIME) }),
    ]);
  });

  test('created solved or closed: the dates come from the ticket date', () =>
    scenario(ctx.api, [
      opens('solved', { status: 5, date: '2024-05-06 07:08:09' }),
      holds('Ticket/${solved}', { status: 5, date: '2024-05-06 07:08:09', solvedate: '2024-05-06 07:08:09', closedate: null }),
      opens('closed', { status: 6, date: '2024-05-06 07:08:09' }),
      holds('Ticket/${closed}', { status: 6, solvedate: '2024-05-06 07:08:09', closedate: '2024-05-06 07:08:09' }),
    ]));

  test('a closed ticket cannot be reopened: 400 ERROR_GLPI_UPDATE and status stays 6', async () => {
    const t = await ticket({ status: 6 });
    const at = `Ticket/${t.id}`;
    await scenario(ctx.api, [
      ...[1, 2, 4, 5].flatMap((status): Step[] => [
        { request: `PUT ${at}`, body: { input: { status } }, status: 400, error: 'ERROR_GLPI_UPDATE', message: 'A closed item cannot be reopened' },
        holds(at, { status: 6 }),
      ]),
      { request: 'PUT Ticket/', body: { input: [{ id: t.id, status: 2 }] }, status: 400, error: 'ERROR_GLPI_UPDATE', equals: ['ERROR_GLPI_UPDATE', [{ [t.id]: false, message: 'A closed item cannot be reopened' }]] },
      put(at, { status: 6 }),
      holds(at, { status: 6 }),
    ]);
  });

  test('a solution sent with the update is stored as an ITILSolution', () =>
    scenario(ctx.api, [
      opens('ticket'),
      put('Ticket/${ticket}', { status: 5, solution: 'rebooted it' }),
      {
        request: 'GET Ticket/${ticket}/ITILSolution',
        status: 200,
        check: (res, { ticket }) => expect(res.body.map((s: any) => [s.itemtype, s.items_id, s.content, s.users_id, s.status])).toEqual([['Ticket', ticket, 'rebooted it', 2, 2]]),
      },
    ]));

  test('a solution type sent with an update goes with the solution, through the solution rules; a bad one refuses the update whole', () =>
    scenario(ctx.api, [
      creates('kind', 'SolutionType', { name: uniq('workaround') }),
      opens('ticket'),
      put('Ticket/${ticket}', { solution: 'Rebooted the switch.', solutiontypes_id: '${kind}' }),
      holds('Ticket/${ticket}', { status: 5, solvedate: expect.any(String) }),
      { request: 'GET Ticket/${ticket}/ITILSolution', status: 200, check: (res, { kind }) => expect(res.body.map((s: any) => [s.solutiontypes_id, s.content, s.status])).toEqual([[kind, 'Rebooted the switch.', 2]]) },
      {
        note: 'one solution waits at a time, as when it is added on its own',
        request: 'PUT Ticket/${ticket}',
        body: { input: { solution: 'Again.' } },
        status: 400,
        error: 'ERROR_GLPI_UPDATE',
        message: 'The item is already solved, did anyone pushed a solution before you?',
      },
      opens('other'),
      { request: 'PUT Ticket/${other}', body: { input: { urgency: 5, solutiontypes_id: '${kind}' } }, status: 400, error: 'ERROR_GLPI_UPDATE', message: "You can't add a solution without description" },
      { request: 'PUT Ticket/${other}', body: { input: { urgency: 5, solution: 'x', solutiontypes_id: 999999 } }, status: 400, error: 'ERROR_GLPI_UPDATE', message: 'Field solutiontypes_id: SolutionType 999999 does not exist' },
      holds('Ticket/${other}', { status: 1, urgency: 3 }),
      { request: 'GET Ticket/${other}/ITILSolution', status: 200, equals: [] },
    ]));

  test("a ticket's request type defaults to the one flagged as the default; a follow-up's stays 0, as GLPI 10.0.19's API adds it", async () => {
    const phone = 3;
    expect((await ctx.api.put('RequestType/1', { input: { is_helpdesk_default: 0, is_followup_default: 0 } })).status).toBe(200);
    expect((await ctx.api.put(`RequestType/${phone}`, { input: { is_helpdesk_default: 1, is_followup_default: 1 } })).status).toBe(200);
    try {
      await scenario(ctx.api, [
        opens('ticket'),
        holds('Ticket/${ticket}', { requesttypes_id: phone }),
        creates('followup', 'ITILFollowup', { itemtype: 'Ticket', items_id: '${ticket}', content: 'called back' }),
        holds('ITILFollowup/${followup}', { requesttypes_id: 0 }),
      ]);
    } finally {
      await ctx.api.put(`RequestType/${phone}`, { input: { is_helpdesk_default: 0, is_followup_default: 0 } });
      await ctx.api.put('RequestType/1', { input: { is_helpdesk_default: 1, is_followup_default: 1 } });
    }
  });
});

describe('actors', () => {
  test('_users_id_assign on creation adds the actor and makes the ticket Processing (assigned)', () =>
    scenario(ctx.api, [
      creates('tech', 'User', { name: uniq('tech') }),
      opens('ticket', { _users_id_assign: '${tech}', _users_id_requester: 2 }),
      holds('Ticket/${ticket}', { status: 2 }),
      { request: 'GET Ticket/${ticket}/Ticket_User', status: 200, check: (res, { tech }) => expect(res.body.map((a: any) => [a.users_id, a.type]).sort()).toEqual([[2, 1], [tech, 2]]) },
      // Each actor is a relation in the ticket's history, naming the user.
      logOf('Ticket/${ticket}', (rows, { tech }) => {
        const added = rows.filter((l) => l.linked_action === 15 && l.itemtype_link === 'User').map((l) => l.new_value as string);
        expect(added).toContain('glpi (2)');
        expect(added.filter((v) => v.endsWith(`(${tech})`))).toHaveLength(1);
      }),
    ]));

  test('assigning later (user or group) moves a New ticket to 2; a Change keeps its status', () =>
    scenario(ctx.api, [
      creates('tech', 'User', { name: uniq('tech') }),
      creates('group', 'Group', { name: uniq('support') }),
      opens('ticket'),
      holds('Ticket/${ticket}', { status: 1 }),
      put('Ticket/${ticket}', { _users_id_assign: ['${tech}'] }),
      holds('Ticket/${ticket}', { status: 2 }),
      // The status that followed the assignment is in the history, like a change made by hand.
      statusLog('Ticket/${ticket}', (rows) => expect(rows.map((l) => [l.linked_action, l.old_value, l.new_value])).toEqual([[0, '1', '2']])),
      opens('g', { _groups_id_assign: '${group}' }),
      holds('Ticket/${g}', { status: 2 }),
      { request: 'GET Ticket/${g}/Group_Ticket', status: 200, check: (res, { group }) => expect(res.body.map((r: any) => [r.groups_id, r.type])).toEqual([[group, 2]]) },
      creates('change', 'Change', { name: uniq('change'), content: 'x', _users_id_assign: '${tech}' }),
      holds('Change/${change}', { status: 1 }),
      creates('problem', 'Problem', { name: uniq('problem'), content: 'x', _users_id_assign: '${tech}' }),
      holds('Problem/${problem}', { status: 2 }),
    ]));

  test('a pending or solved ticket already assigned keeps its status when actors are added', () =>
    scenario(ctx.api, [
      creates('tech', 'User', { name: uniq('tech') }),
      opens('ticket', { status: 4 }),
      put('Ticket/${ticket}', { _users_id_assign: '${tech}' }),
      holds('Ticket/${ticket}', { status: 4 }),
    ]));

  test('removing the last assignee makes an assigned, planned or pending ticket New again; a solved one or one still assigned keeps its status', () => {
    /** Removes the captured user's assignment (type 2) from the captured ticket. */
    const unassign = (ticket: string, user: string): Step[] => [
      { request: `GET Ticket/\${${ticket}}/Ticket_User`, status: 200, capture: { row: (body, _, captured) => body.find((r: any) => r.users_id === captured[user] && r.type === 2).id } },
      { request: 'DELETE Ticket_User/${row}', status: 204 },
    ];
    return scenario(ctx.api, [
      creates('tech', 'User', { name: uniq('tech') }),
      creates('other', 'User', { name: uniq('tech') }),
      ...[[2, 1], [3, 1], [4, 1], [5, 5]].flatMap(([status, after]): Step[] => [
        opens('ticket', { _users_id_assign: '${tech}' }),
        ...(status !== 2 ? [put('Ticket/${ticket}', { status })] : []),
        ...unassign('ticket', 'tech'),
        { ...holds('Ticket/${ticket}', { status: after }), note: `from status ${status}` },
      ]),
      opens('shared', { _users_id_assign: ['${tech}', '${other}'] }),
      ...unassign('shared', 'tech'),
      holds('Ticket/${shared}', { status: 2 }),
      ...unassign('shared', 'other'),
      holds('Ticket/${shared}', { status: 1 }),
      // Opened assigned (1 → 2, as GLPI logs it), then new again once.
      statusLog('Ticket/${shared}', (rows) => expect(rows.map((l) => [l.old_value, l.new_value])).toEqual([['1', '2'], ['2', '1']])),
    ]);
  });

  test('a change left without any assignee (user, group, supplier) is New again unless new, accepted, in evaluation or approval, applied or closed', () => {
    const change = (status: number): Step[] => [
      creates('change', 'Change', { name: uniq('change'), content: 'x', _users_id_assign: '${tech}' }),
      ...(status !== 1 ? [put('Change/${change}', { status })] : []),
      holds('Change/${change}', { status }),
    ];
    /** Removes the captured change's assignment (type 2) of this kind. */
    const unassign = (link: string): Step[] => [
      { request: `GET Change/\${change}/${link}`, status: 200, capture: { row: (body) => body.find((r: any) => r.type === 2).id } },
      { request: `DELETE ${link}/\${row}`, status: 204 },
    ];
    return scenario(ctx.api, [
      creates('tech', 'User', { name: uniq('tech') }),
      creates('group', 'Group', { name: uniq('grp') }),
      creates('supplier', 'Supplier', { name: uniq('sup') }),
      // Testing (11), pending (4), review (8), refused (13) and cancelled (14) go back to New; the others stay.
      ...[[11, 1], [4, 1], [8, 1], [13, 1], [14, 1], [7, 7], [9, 9], [10, 10], [5, 5], [6, 6]].flatMap(([status, after]): Step[] => [
        ...change(status!),
        ...unassign('Change_User'),
        { ...holds('Change/${change}', { status: after }), note: `from status ${status}` },
      ]),
      // A group or supplier still assigned keeps it in progress; the last one to go makes it New.
      ...change(11),
      creates('groupRow', 'Change_Group', { changes_id: '${change}', groups_id: '${group}', type: 2 }),
      creates('supplierRow', 'Change_Supplier', { changes_id: '${change}', suppliers_id: '${supplier}', type: 2 }),
      ...unassign('Change_User'),
      ...unassign('Change_Group'),
      holds('Change/${change}', { status: 11 }),
      ...unassign('Change_Supplier'),
      holds('Change/${change}', { status: 1 }),
      statusLog('Change/${change}', (rows) => expect(rows.at(-1)).toMatchObject({ old_value: '11', new_value: '1' })),
      // Assigning someone to a new change leaves it New (a change has no "assigned" status).
      creates('fresh', 'Change', { name: uniq('change'), content: 'x' }),
      creates('freshGroup', 'Change_Group', { changes_id: '${fresh}', groups_id: '${group}', type: 2 }),
      holds('Change/${fresh}', { status: 1 }),
    ]);
  });

  test('a supplier assigned on creation (_suppliers_id_assign, or _actors) is linked, logged, and makes the ticket assigned', () =>
    scenario(ctx.api, [
      creates('supplier', 'Supplier', { name: uniq('sup') }),
      opens('ticket', { _suppliers_id_assign: '${supplier}' }),
      holds('Ticket/${ticket}', { status: 2 }),
      { request: 'GET Ticket/${ticket}/Supplier_Ticket', status: 200, check: (res, { supplier }) => expect(res.body.map((r: any) => [r.suppliers_id, r.type])).toEqual([[supplier, 2]]) },
      logOf('Ticket/${ticket}', (rows) => expect(rows.filter((l) => l.linked_action === 15 && l.itemtype_link === 'Supplier')).toHaveLength(1)),
      creates('problem', 'Problem', { name: uniq('problem'), content: 'x', _actors: { assign: [{ itemtype: 'Supplier', items_id: '${supplier}' }] } }),
      { request: 'GET Problem/${problem}/Problem_Supplier', status: 200, check: (res, { supplier }) => expect(res.body.map((r: any) => [r.suppliers_id, r.type])).toEqual([[supplier, 2]]) },
      { request: 'POST Ticket/', body: { input: { name: 'x', _suppliers_id_assign: 999999 } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'Supplier 999999 does not exist' },
    ]));

  test('unknown actors refuse the whole write', async () => {
    const t = await ticket();
    const logsBefore = (await ctx.api.get(`Ticket/${t.id}/Log`)).body.length;
    await scenario(ctx.api, [
      { request: 'POST Ticket/', body: { input: { name: 'x', _users_id_assign: 999999 } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'User 999999 does not exist' },
      { request: 'POST Ticket/', body: { input: { name: 'x', _groups_id_assign: 999999 } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'Group 999999 does not exist' },
      // The urgency is written before the actors are checked: the whole element rolls back.
      { request: `PUT Ticket/${t.id}`, body: { input: { urgency: 5, _users_id_assign: 999999 } }, status: 400, error: 'ERROR_GLPI_UPDATE', message: 'User 999999 does not exist' },
      holds(`Ticket/${t.id}`, { status: 1, urgency: 3, priority: 3 }),
      { request: `GET Ticket/${t.id}/Log`, status: 200, check: (res) => expect(res.body.length).toBe(logsBefore) },
      { request: `GET Ticket/${t.id}/Ticket_User`, status: 200, equals: [] },
    ]);
  });
});

describe('followups', () => {
  test('content is required', async () => {
    const t = await ticket();
    await scenario(ctx.api, [
      ...[{}, { content: '' }, { content: '   ' }].map((input): Step => ({
        request: 'POST ITILFollowup/',
        body: { input: { itemtype: 'Ticket', items_id: t.id, ...input } },
        status: 400,
        error: 'ERROR_GLPI_ADD',
        message: "You can't add a followup without description",
      })),
      { request: `GET Ticket/${t.id}/ITILFollowup`, status: 200, equals: [] },
    ]);
  });

  test('a followup records its author and request type, and touches the ticket', () =>
    scenario(ctx.api, [
      opens('ticket', { date: '2024-01-01 00:00:00' }),
      creates('followup', 'ITILFollowup', { itemtype: 'Ticket', items_id: '${ticket}', content: '<p>first & foremost</p>', is_private: true }),
      holds('ITILFollowup/${followup}', { itemtype: 'Ticket', items_id: '${ticket}', content: '<p>first & foremost</p>', users_id: 2, requesttypes_id: 0, is_private: 1, date: expect.stringMatching(DATETIME) }),
      { request: 'POST Ticket/${ticket}/ITILFollowup', body: { input: { content: 'second' } }, status: 201 },
      { request: 'GET Ticket/${ticket}/ITILFollowup', status: 200, check: (res) => expect(res.body.map((f: any) => f.content)).toEqual(['<p>first & foremost</p>', 'second']) },
    ]));

  test('the parent must exist and be an ITIL item', async () => {
    const pc = await ctx.api.create('Computer', { name: uniq('pc') });
    await scenario(ctx.api, [
      { request: 'POST ITILFollowup/', body: { input: { itemtype: 'Ticket', items_id: 999999, content: 'x' } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'Field items_id: Ticket 999999 does not exist' },
      { request: 'POST ITILFollowup/', body: { input: { itemtype: 'Computer', items_id: pc, content: 'x' } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'Field itemtype: Computer cannot be linked to ITILFollowup' },
    ]);
  });

  test('a requester answering a solved ticket reopens it; a closed ticket stays closed', () => {
    const answers = (ticket: string, content: string): Step => creates('answer', 'ITILFollowup', { itemtype: 'Ticket', items_id: `\${${ticket}}`, content });
    return scenario(ctx.api, [
      opens('solved', { _users_id_requester: 2 }),
      put('Ticket/${solved}', { status: 5 }),
      answers('solved', 'still broken'),
      holds('Ticket/${solved}', { status: 1, solvedate: null }),
      statusLog('Ticket/${solved}', (rows) => expect(rows.map((l) => [l.old_value, l.new_value])).toEqual([['1', '5'], ['5', '1']])),
      creates('tech', 'User', { name: uniq('tech') }),
      opens('assigned', { _users_id_requester: 2, _users_id_assign: '${tech}' }),
      put('Ticket/${assigned}', { status: 4 }),
      answers('assigned', 'here is the info'),
      holds('Ticket/${assigned}', { status: 2 }),
      opens('closed', { _users_id_requester: 2, status: 6 }),
      answers('closed', 'hello?'),
      holds('Ticket/${closed}', { status: 6 }),
    ]);
  });
});
