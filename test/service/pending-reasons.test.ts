/**
 * Pending reasons, as GLPI 10 sets them: a follow-up or task added with `pending` puts the ticket on
 * hold, and with a reason keeps it on the ticket and on the follow-up (PendingReason_Item); an
 * update to status 4 with a reason does the same; only someone who may update the ticket does it.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { creates, holds, scenario, updates, type Step } from '../support/scenario';
import { useServer } from '../support/server';

const clock = new TestClock();
const ctx = useServer({ TZ: 'UTC' }, clock.args);
let reason = 0;
let requester: Client;

interface Kept {
  itemtype: string;
  items_id: number;
  pendingreasons_id: number;
  followup_frequency: number;
  followups_before_resolution: number;
  bump_count: number;
  last_bump_date: string;
  previous_status: number;
}

/** The pending reasons kept on the captured item (`${name}`), as `pick` shows them. */
const kept = (itemtype: string, name: string, expected: unknown[], pick: (row: Kept) => unknown = (r) => r): Step => ({
  request: 'GET PendingReason_Item/',
  query: 'range=0-999',
  note: `reasons kept on ${itemtype} ${name}`,
  status: 200,
  check: (res, captured) => {
    const rows = (res.body as Kept[]).filter((r) => r.itemtype === itemtype && r.items_id === captured[name]);
    expect(rows.map(pick)).toEqual(expected);
  },
});
const onHold = (name = 'ticket') => holds(`Ticket/\${${name}}`, { status: 4 });

beforeAll(async () => {
  reason = await ctx.api.create('PendingReason', { name: 'Waiting for the user', followup_frequency: 86400, followups_before_resolution: 2 });
  await ctx.api.create('User', { name: 'holder', password: 'Holder-pass-1', password2: 'Holder-pass-1', _profiles_id: 1, _entities_id: 0 });
  requester = await new Client(ctx.server.api).login('holder', 'Holder-pass-1');
});

describe('pending reasons', () => {
  test("a follow-up with `pending` and a reason puts the ticket on hold; the reason is kept on both, with the reason's settings or the input's", () => {
    const expected = { pendingreasons_id: reason, followup_frequency: 3600, followups_before_resolution: 2, bump_count: 0, last_bump_date: '2026-01-15 09:00:00', previous_status: 2 };
    const settings = ({ pendingreasons_id, followup_frequency, followups_before_resolution, bump_count, last_bump_date, previous_status }: Kept) =>
      ({ pendingreasons_id, followup_frequency, followups_before_resolution, bump_count, last_bump_date, previous_status });
    return scenario(ctx.api, [
      creates('ticket', 'Ticket', { name: 'no answer', content: 'x', _users_id_assign: 2 }),
      // Assigned: the status the hold will give back.
      holds('Ticket/${ticket}', { status: expected.previous_status }),
      creates('followup', 'ITILFollowup', { itemtype: 'Ticket', items_id: '${ticket}', content: 'Please call back.', pending: 1, pendingreasons_id: reason, followup_frequency: 3600 }),
      holds('Ticket/${ticket}', { status: 4, begin_waiting_date: '2026-01-15 09:00:00' }),
      kept('Ticket', 'ticket', [expected], settings),
      kept('ITILFollowup', 'followup', [expected], settings),
    ]);
  });

  test('a task with `pending` and no reason puts the ticket on hold and keeps no reason', () =>
    scenario(ctx.api, [
      creates('ticket', 'Ticket', { name: 'parts ordered', content: 'x' }),
      creates('task', 'TicketTask', { tickets_id: '${ticket}', content: 'Ordered the disk.', pending: true }),
      onHold(),
      kept('Ticket', 'ticket', []),
    ]));

  test('an update to status 4 with a reason keeps it; 0 removes it; leaving the hold removes it', () =>
    scenario(ctx.api, [
      creates('ticket', 'Ticket', { name: 'supplier', content: 'x' }),
      updates('Ticket/${ticket}', { status: 4, pendingreasons_id: reason }),
      kept('Ticket', 'ticket', [[reason, 86400, 1]], (r) => [r.pendingreasons_id, r.followup_frequency, r.previous_status]),
      updates('Ticket/${ticket}', { pendingreasons_id: 0 }),
      kept('Ticket', 'ticket', []),
      updates('Ticket/${ticket}', { pendingreasons_id: reason }),
      updates('Ticket/${ticket}', { status: 2 }),
      kept('Ticket', 'ticket', []),
    ]));

  test('the automatic action reminds every followup_frequency seconds with the follow-up template, then solves with the solution template', async () => {
    const started = clock.now;
    const at = (minutes: number) => new Date(started + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    /** The follow-ups of the captured ticket, as `[content, users_id, date]`, from the `from`-th on. */
    const followups = (name: string, expected: unknown[][], from = 0): Step => ({
      request: `GET Ticket/\${${name}}/ITILFollowup`,
      status: 200,
      check: (res) => expect((res.body as { content: string; users_id: number; date: string }[]).slice(from).map((f): unknown[] => [f.content, f.users_id, f.date])).toEqual(expected),
    });
    const waiting = (name: string) => creates(`${name}Wait`, 'ITILFollowup', { itemtype: 'Ticket', items_id: `\${${name}}`, content: 'Waiting for you.', pending: 1, pendingreasons_id: '${chasing}' });
    let got = await scenario(ctx.api, [
      creates('reminder', 'ITILFollowupTemplate', { name: 'Reminder', content: 'Any news?' }),
      creates('closing', 'SolutionTemplate', { name: 'No answer', content: 'Closed without an answer.' }),
      creates('chasing', 'PendingReason', { name: 'Chasing', followup_frequency: 3600, followups_before_resolution: 2, itilfollowuptemplates_id: '${reminder}', solutiontemplates_id: '${closing}' }),
      creates('ticket', 'Ticket', { name: 'silent user', content: 'x' }),
      creates('resumed', 'Ticket', { name: 'answered', content: 'x' }),
      waiting('ticket'),
      waiting('resumed'),
      updates('Ticket/${resumed}', { status: 2 }),
    ]);
    // Each request runs what the clock says is due (at most once a minute).
    clock.advance(30 * 60_000);
    got = await scenario(ctx.api, [followups('ticket', [['Waiting for you.', 2, at(0)]])], got);
    clock.advance(31 * 60_000);
    got = await scenario(ctx.api, [followups('ticket', [['Any news?', 0, at(61)]], 1), kept('Ticket', 'ticket', [[1, at(61)]], (r) => [r.bump_count, r.last_bump_date])], got);
    clock.advance(60 * 60_000);
    got = await scenario(ctx.api, [followups('ticket', [['Any news?', 0, at(61)], ['Any news?', 0, at(121)]], 1), onHold()], got);
    clock.advance(60 * 60_000);
    await scenario(
      ctx.api,
      [
        holds('Ticket/${ticket}', { status: 5 }),
        { request: 'GET Ticket/${ticket}/ITILSolution', status: 200, check: (res) => expect(res.body.map((x: { content: string; status: number }) => [x.content, x.status])).toEqual([['Closed without an answer.', 2]]) },
        kept('Ticket', 'ticket', []),
        // The ticket that left the hold was never reminded.
        followups('resumed', [['Waiting for you.', 2, at(0)]]),
      ],
      got,
    );
  });

  test("a problem solved by the automatic action gets its solution accepted at once, as any problem's", async () => {
    const got = await scenario(ctx.api, [
      creates('closing', 'SolutionTemplate', { name: 'Gone quiet', content: 'No news: solved.' }),
      creates('nudge', 'ITILFollowupTemplate', { name: 'Nudge', content: 'Still happening?' }),
      creates('quiet', 'PendingReason', { name: 'Quiet', followup_frequency: 3600, followups_before_resolution: 1, itilfollowuptemplates_id: '${nudge}', solutiontemplates_id: '${closing}' }),
      creates('problem', 'Problem', { name: 'intermittent', content: 'x' }),
      creates('followup', 'ITILFollowup', { itemtype: 'Problem', items_id: '${problem}', content: 'Watching it.', pending: 1, pendingreasons_id: '${quiet}' }),
      holds('Problem/${problem}', { status: 4 }),
    ]);
    clock.advance(61 * 60_000);
    await scenario(ctx.api, [{ request: 'GET Problem/${problem}', status: 200, note: "the reminder's turn" }], got);
    clock.advance(60 * 60_000);
    await scenario(
      ctx.api,
      [
        { request: 'GET Problem/${problem}', status: 200, note: 'the solving turn' },
        holds('Problem/${problem}', { status: 5 }),
        {
          request: 'GET Problem/${problem}/ITILSolution',
          status: 200,
          check: (res) => expect(res.body.map((x: { content: string; status: number; users_id_approval: number }) => [x.content, x.status, x.users_id_approval])).toEqual([['No news: solved.', 3, 0]]),
        },
      ],
      got,
    );
  });

  test('refused whole: a requester who may not update the ticket, a solved ticket, an unknown reason, a `pending` that is no flag', () => {
    const followup = (items_id: string, more: Record<string, unknown>, as?: Client): Step =>
      ({ request: 'POST ITILFollowup/', body: { input: { itemtype: 'Ticket', items_id, content: 'hold it', ...more } }, status: 400, error: 'ERROR_GLPI_ADD', ...(as ? { as } : {}) });
    return scenario(ctx.api, [
      creates('own', 'Ticket', { name: 'mine', content: 'x' }, requester),
      followup('${own}', { pending: 1, pendingreasons_id: reason }, requester),
      holds('Ticket/${own}', { status: 1 }),
      { request: 'GET Ticket/${own}/ITILFollowup', status: 200, equals: [] },
      followup('${own}', { pending: 1, pendingreasons_id: 99999 }),
      followup('${own}', { pending: 'maybe' }),
      holds('Ticket/${own}', { status: 1 }),
      creates('solved', 'Ticket', { name: 'done', content: 'x', status: 5 }),
      followup('${solved}', { pending: 1 }),
      holds('Ticket/${solved}', { status: 5 }),
    ]);
  });
});
