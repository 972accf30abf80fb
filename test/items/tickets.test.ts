/** Service-desk rules through the item API: priority matrix, scales, statuses and their dates, actors, followups. */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { scenario, type Step } from '../support/scenario';
import { DATETIME, expectError, logsOf, uniq } from './fixtures';

const ctx = useServer();

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

/** Steps on one item: an update that must succeed, and a read of what it holds then. */
const put = (path: string, input: Record<string, unknown>): Step => ({ request: `PUT ${path}`, body: { input }, status: 200 });
const holds = (path: string, answer: Record<string, unknown>, check?: Step['check']): Step => ({ request: `GET ${path}`, status: 200, answer, ...(check ? { check } : {}) });

describe('priority', () => {
  test('computed from urgency x impact for all 25 pairs', async () => {
    const pairs = [1, 2, 3, 4, 5].flatMap((urgency) => [1, 2, 3, 4, 5].map((impact) => ({ urgency, impact })));
    const res = await ctx.api.post('Ticket/', { input: pairs.map((p) => ({ name: `u${p.urgency}i${p.impact}`, content: 'x', ...p })) });
    expect(res.status).toBe(201);
    for (const [i, { id }] of (res.body as { id: number }[]).entries()) {
      const { urgency, impact } = pairs[i]!;
      const row = (await ctx.api.get(`Ticket/${id}`)).body;
      expect({ urgency, impact, priority: row.priority }).toEqual({ urgency, impact, priority: MATRIX[urgency]![impact - 1]! });
    }
  });

  test('defaults: urgency 3, impact 3, priority 3; Problem and Change use the same matrix', async () => {
    expect(await ticket()).toMatchObject({ urgency: 3, impact: 3, priority: 3 });
    for (const itemtype of ['Problem', 'Change']) {
      const id = await ctx.api.create(itemtype, { name: uniq(itemtype), content: 'x', urgency: 4, impact: 2 });
      expect((await ctx.api.get(`${itemtype}/${id}`)).body).toMatchObject({ urgency: 4, impact: 2, priority: 3 });
    }
  });

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
  test('status New, type Incident, Helpdesk request type, recipient and last updater = me, dates set', async () => {
    const t = await ticket();
    expect(t).toMatchObject({ status: 1, type: 1, requesttypes_id: 1, users_id_recipient: 2, users_id_lastupdater: 2, entities_id: 0, solvedate: null, closedate: null, is_deleted: 0 });
    expect(t.date).toMatch(DATETIME);
    expect(t.date_creation).toMatch(DATETIME);
  });

  test('computed fields in the input are ignored; name comes from the content when empty', async () => {
    const t = await ticket({ users_id_recipient: 999, solvedate: '2020-01-01 00:00:00', name: '', content: `  ${'word '.repeat(30)}` });
    expect(t.users_id_recipient).toBe(2);
    expect(t.solvedate).toBeNull();
    expect(t.name).toBe('word '.repeat(14));
  });

  test("the type defaults to the entity's tickettype (inherited through -2); a type given wins", async () => {
    const requests = await ctx.api.create('Entity', { name: uniq('requests'), entities_id: 0, tickettype: 2 });
    const inherits = await ctx.api.create('Entity', { name: uniq('inherits'), entities_id: requests, tickettype: -2 });
    expect((await ticket({ entities_id: requests })).type).toBe(2);
    expect((await ticket({ entities_id: inherits })).type).toBe(2);
    expect((await ticket({ entities_id: inherits, type: 1 })).type).toBe(1);
  });

  test('type must be 1 (Incident) or 2 (Request)', async () => {
    expect((await ticket({ type: 2 })).type).toBe(2);
    expectError(await ctx.api.post('Ticket/', { input: { name: 'x', type: 3 } }), 400, 'ERROR_GLPI_ADD', /^Field type/);
  });
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

  test('created solved or closed: the dates come from the ticket date', async () => {
    const solved = await ticket({ status: 5, date: '2024-05-06 07:08:09' });
    expect(solved).toMatchObject({ status: 5, date: '2024-05-06 07:08:09', solvedate: '2024-05-06 07:08:09', closedate: null });
    const closed = await ticket({ status: 6, date: '2024-05-06 07:08:09' });
    expect(closed).toMatchObject({ status: 6, solvedate: '2024-05-06 07:08:09', closedate: '2024-05-06 07:08:09' });
  });

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

  test('a solution sent with the update is stored as an ITILSolution', async () => {
    const t = await ticket();
    expect((await ctx.api.put(`Ticket/${t.id}`, { input: { status: 5, solution: 'rebooted it' } })).status).toBe(200);
    const solutions = await ctx.api.get(`Ticket/${t.id}/ITILSolution`);
    expect(solutions.body.map((s: any) => [s.itemtype, s.items_id, s.content, s.users_id, s.status])).toEqual([['Ticket', t.id, 'rebooted it', 2, 2]]);
  });

  test('a solution type sent with an update goes with the solution, through the solution rules; a bad one refuses the update whole', async () => {
    const kind = await ctx.api.create('SolutionType', { name: uniq('workaround') });
    const t = await ticket();
    expect((await ctx.api.put(`Ticket/${t.id}`, { input: { solution: 'Rebooted the switch.', solutiontypes_id: kind } })).status).toBe(200);
    const solved = (await ctx.api.get(`Ticket/${t.id}`)).body;
    expect([solved.status, typeof solved.solvedate]).toEqual([5, 'string']);
    const solutions = await ctx.api.get(`Ticket/${t.id}/ITILSolution`);
    expect(solutions.body.map((s: any) => [s.solutiontypes_id, s.content, s.status])).toEqual([[kind, 'Rebooted the switch.', 2]]);
    const other = `Ticket/${(await ticket()).id}`;
    await scenario(ctx.api, [
      {
        note: 'one solution waits at a time, as when it is added on its own',
        request: `PUT Ticket/${t.id}`,
        body: { input: { solution: 'Again.' } },
        status: 400,
        error: 'ERROR_GLPI_UPDATE',
        message: 'The item is already solved, did anyone pushed a solution before you?',
      },
      { request: `PUT ${other}`, body: { input: { urgency: 5, solutiontypes_id: kind } }, status: 400, error: 'ERROR_GLPI_UPDATE', message: "You can't add a solution without description" },
      { request: `PUT ${other}`, body: { input: { urgency: 5, solution: 'x', solutiontypes_id: 999999 } }, status: 400, error: 'ERROR_GLPI_UPDATE', message: 'Field solutiontypes_id: SolutionType 999999 does not exist' },
      holds(other, { status: 1, urgency: 3 }),
      { request: `GET ${other}/ITILSolution`, status: 200, equals: [] },
    ]);
  });

  test("a ticket's request type defaults to the one flagged as the default; a follow-up's stays 0, as GLPI 10.0.19's API adds it", async () => {
    const phone = 3;
    expect((await ctx.api.put('RequestType/1', { input: { is_helpdesk_default: 0, is_followup_default: 0 } })).status).toBe(200);
    expect((await ctx.api.put(`RequestType/${phone}`, { input: { is_helpdesk_default: 1, is_followup_default: 1 } })).status).toBe(200);
    try {
      const t = await ticket();
      expect(t.requesttypes_id).toBe(phone);
      const followup = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: t.id, content: 'called back' });
      expect((await ctx.api.get(`ITILFollowup/${followup}`)).body.requesttypes_id).toBe(0);
    } finally {
      await ctx.api.put(`RequestType/${phone}`, { input: { is_helpdesk_default: 0, is_followup_default: 0 } });
      await ctx.api.put('RequestType/1', { input: { is_helpdesk_default: 1, is_followup_default: 1 } });
    }
  });
});

describe('actors', () => {
  test('_users_id_assign on creation adds the actor and makes the ticket Processing (assigned)', async () => {
    const tech = await ctx.api.create('User', { name: uniq('tech') });
    const t = await ticket({ _users_id_assign: tech, _users_id_requester: 2 });
    expect(t.status).toBe(2);
    const actors = await ctx.api.get(`Ticket/${t.id}/Ticket_User`);
    expect(actors.body.map((a: any) => [a.users_id, a.type]).sort()).toEqual([[2, 1], [tech, 2]]);
    // Each actor is a relation in the ticket's history, naming the user.
    const added = (await logsOf(ctx.api, 'Ticket', t.id)).filter((l) => l.linked_action === 15 && l.itemtype_link === 'User');
    expect(added.map((l) => l.new_value)).toContain('glpi (2)');
    expect(added.map((l) => l.new_value).some((v: string) => v.endsWith(`(${tech})`))).toBe(true);
  });

  test('assigning later (user or group) moves a New ticket to 2; a Change keeps its status', async () => {
    const tech = await ctx.api.create('User', { name: uniq('tech') });
    const group = await ctx.api.create('Group', { name: uniq('support') });
    const t = await ticket();
    expect(t.status).toBe(1);
    expect((await ctx.api.put(`Ticket/${t.id}`, { input: { _users_id_assign: [tech] } })).status).toBe(200);
    expect((await ctx.api.get(`Ticket/${t.id}`)).body.status).toBe(2);
    // The status that followed the assignment is in the history, like a change made by hand.
    const statusRows = (await logsOf(ctx.api, 'Ticket', t.id)).filter((l) => l.id_search_option === 12);
    expect(statusRows.map((l) => [l.linked_action, l.old_value, l.new_value])).toEqual([[0, '1', '2']]);

    const g = await ticket({ _groups_id_assign: group });
    expect(g.status).toBe(2);
    expect((await ctx.api.get(`Ticket/${g.id}/Group_Ticket`)).body.map((r: any) => [r.groups_id, r.type])).toEqual([[group, 2]]);

    const change = await ctx.api.create('Change', { name: uniq('change'), content: 'x', _users_id_assign: tech });
    expect((await ctx.api.get(`Change/${change}`)).body.status).toBe(1);
    const problem = await ctx.api.create('Problem', { name: uniq('problem'), content: 'x', _users_id_assign: tech });
    expect((await ctx.api.get(`Problem/${problem}`)).body.status).toBe(2);
  });

  test('a pending or solved ticket already assigned keeps its status when actors are added', async () => {
    const tech = await ctx.api.create('User', { name: uniq('tech') });
    const t = await ticket({ status: 4 });
    await ctx.api.put(`Ticket/${t.id}`, { input: { _users_id_assign: tech } });
    expect((await ctx.api.get(`Ticket/${t.id}`)).body.status).toBe(4);
  });

  test('removing the last assignee makes an assigned, planned or pending ticket New again; a solved one or one still assigned keeps its status', async () => {
    const [tech, other] = [await ctx.api.create('User', { name: uniq('tech') }), await ctx.api.create('User', { name: uniq('tech') })];
    const assigneeRow = async (id: number, user: number) => (await ctx.api.get(`Ticket/${id}/Ticket_User`)).body.find((r: any) => r.users_id === user && r.type === 2).id;
    for (const [status, after] of [[2, 1], [3, 1], [4, 1], [5, 5]]) {
      const t = await ticket({ _users_id_assign: tech });
      if (status !== 2) await ctx.api.put(`Ticket/${t.id}`, { input: { status } });
      expect((await ctx.api.del(`Ticket_User/${await assigneeRow(t.id, tech)}`)).status).toBe(204);
      expect({ status, now: (await ctx.api.get(`Ticket/${t.id}`)).body.status }).toEqual({ status, now: after });
    }
    const shared = await ticket({ _users_id_assign: [tech, other] });
    await ctx.api.del(`Ticket_User/${await assigneeRow(shared.id, tech)}`);
    expect((await ctx.api.get(`Ticket/${shared.id}`)).body.status).toBe(2);
    await ctx.api.del(`Ticket_User/${await assigneeRow(shared.id, other)}`);
    expect((await ctx.api.get(`Ticket/${shared.id}`)).body.status).toBe(1);
    const statusRows = (await logsOf(ctx.api, 'Ticket', shared.id)).filter((l) => l.id_search_option === 12);
    // Opened assigned (1 → 2, as GLPI logs it), then new again once.
    expect(statusRows.map((l) => [l.old_value, l.new_value])).toEqual([['1', '2'], ['2', '1']]);
  });

  test('a change left without any assignee (user, group, supplier) is New again unless new, accepted, in evaluation or approval, applied or closed', async () => {
    const tech = await ctx.api.create('User', { name: uniq('tech') });
    const group = await ctx.api.create('Group', { name: uniq('grp') });
    const supplier = await ctx.api.create('Supplier', { name: uniq('sup') });
    const change = async (status: number) => {
      const id = await ctx.api.create('Change', { name: uniq('change'), content: 'x', _users_id_assign: tech });
      if (status !== 1) await ctx.api.put(`Change/${id}`, { input: { status } });
      return id;
    };
    const assignee = async (id: number, link: string) => (await ctx.api.get(`Change/${id}/${link}`)).body.find((r: any) => r.type === 2).id;
    // Testing (11), pending (4), review (8), refused (13) and cancelled (14) go back to New; the others stay.
    for (const [status, after] of [[11, 1], [4, 1], [8, 1], [13, 1], [14, 1], [7, 7], [9, 9], [10, 10], [5, 5], [6, 6]]) {
      const id = await change(status!);
      expect((await ctx.api.get(`Change/${id}`)).body.status).toBe(status);
      expect((await ctx.api.del(`Change_User/${await assignee(id, 'Change_User')}`)).status).toBe(204);
      expect({ status, now: (await ctx.api.get(`Change/${id}`)).body.status }).toEqual({ status, now: after });
    }
    // A group or supplier still assigned keeps it in progress; the last one to go makes it New.
    const shared = await change(11);
    await ctx.api.create('Change_Group', { changes_id: shared, groups_id: group, type: 2 });
    await ctx.api.create('Change_Supplier', { changes_id: shared, suppliers_id: supplier, type: 2 });
    await ctx.api.del(`Change_User/${await assignee(shared, 'Change_User')}`);
    await ctx.api.del(`Change_Group/${await assignee(shared, 'Change_Group')}`);
    expect((await ctx.api.get(`Change/${shared}`)).body.status).toBe(11);
    await ctx.api.del(`Change_Supplier/${await assignee(shared, 'Change_Supplier')}`);
    expect((await ctx.api.get(`Change/${shared}`)).body.status).toBe(1);
    const statusRows = (await logsOf(ctx.api, 'Change', shared)).filter((l) => l.id_search_option === 12);
    expect(statusRows.at(-1)).toMatchObject({ old_value: '11', new_value: '1' });
    // Assigning someone to a new change leaves it New (a change has no "assigned" status).
    const fresh = await ctx.api.create('Change', { name: uniq('change'), content: 'x' });
    await ctx.api.create('Change_Group', { changes_id: fresh, groups_id: group, type: 2 });
    expect((await ctx.api.get(`Change/${fresh}`)).body.status).toBe(1);
  });

  test('a supplier assigned on creation (_suppliers_id_assign, or _actors) is linked, logged, and makes the ticket assigned', async () => {
    const supplier = await ctx.api.create('Supplier', { name: uniq('sup') });
    const t = await ticket({ _suppliers_id_assign: supplier });
    expect(t.status).toBe(2);
    expect((await ctx.api.get(`Ticket/${t.id}/Supplier_Ticket`)).body.map((r: any) => [r.suppliers_id, r.type])).toEqual([[supplier, 2]]);
    const added = (await logsOf(ctx.api, 'Ticket', t.id)).filter((l) => l.linked_action === 15 && l.itemtype_link === 'Supplier');
    expect(added.length).toBe(1);
    const problem = await ctx.api.create('Problem', { name: uniq('problem'), content: 'x', _actors: { assign: [{ itemtype: 'Supplier', items_id: supplier }] } });
    expect((await ctx.api.get(`Problem/${problem}/Problem_Supplier`)).body.map((r: any) => [r.suppliers_id, r.type])).toEqual([[supplier, 2]]);
    expectError(await ctx.api.post('Ticket/', { input: { name: 'x', _suppliers_id_assign: 999999 } }), 400, 'ERROR_GLPI_ADD', 'Supplier 999999 does not exist');
  });

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

  test('a followup records its author and request type, and touches the ticket', async () => {
    const t = await ticket({ date: '2024-01-01 00:00:00' });
    const res = await ctx.api.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: t.id, content: '<p>first & foremost</p>', is_private: true } });
    expect(res.status).toBe(201);
    const followup = (await ctx.api.get(`ITILFollowup/${res.body.id}`)).body;
    expect(followup).toMatchObject({ itemtype: 'Ticket', items_id: t.id, content: '<p>first & foremost</p>', users_id: 2, requesttypes_id: 0, is_private: 1 });
    expect(followup.date).toMatch(DATETIME);
    const viaParent = await ctx.api.post(`Ticket/${t.id}/ITILFollowup`, { input: { content: 'second' } });
    expect(viaParent.status).toBe(201);
    expect((await ctx.api.get(`Ticket/${t.id}/ITILFollowup`)).body.map((f: any) => f.content)).toEqual(['<p>first & foremost</p>', 'second']);
  });

  test('the parent must exist and be an ITIL item', async () => {
    const pc = await ctx.api.create('Computer', { name: uniq('pc') });
    await scenario(ctx.api, [
      { request: 'POST ITILFollowup/', body: { input: { itemtype: 'Ticket', items_id: 999999, content: 'x' } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'Field items_id: Ticket 999999 does not exist' },
      { request: 'POST ITILFollowup/', body: { input: { itemtype: 'Computer', items_id: pc, content: 'x' } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'Field itemtype: Computer cannot be linked to ITILFollowup' },
    ]);
  });

  test('a requester answering a solved ticket reopens it; a closed ticket stays closed', async () => {
    const solved = await ticket({ _users_id_requester: 2 });
    await ctx.api.put(`Ticket/${solved.id}`, { input: { status: 5 } });
    await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: solved.id, content: 'still broken' });
    expect((await ctx.api.get(`Ticket/${solved.id}`)).body).toMatchObject({ status: 1, solvedate: null });
    const reopened = (await logsOf(ctx.api, 'Ticket', solved.id)).filter((l) => l.id_search_option === 12).map((l) => [l.old_value, l.new_value]);
    expect(reopened).toEqual([['1', '5'], ['5', '1']]);

    const tech = await ctx.api.create('User', { name: uniq('tech') });
    const assigned = await ticket({ _users_id_requester: 2, _users_id_assign: tech });
    await ctx.api.put(`Ticket/${assigned.id}`, { input: { status: 4 } });
    await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: assigned.id, content: 'here is the info' });
    expect((await ctx.api.get(`Ticket/${assigned.id}`)).body.status).toBe(2);

    const closed = await ticket({ _users_id_requester: 2, status: 6 });
    expect((await ctx.api.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: closed.id, content: 'hello?' } })).status).toBe(201);
    expect((await ctx.api.get(`Ticket/${closed.id}`)).body.status).toBe(6);
  });
});
