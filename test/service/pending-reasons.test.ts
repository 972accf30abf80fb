/**
 * Pending reasons, as GLPI 10 sets them: a follow-up or task added with `pending` puts the ticket on
 * hold, and with a reason keeps it on the ticket and on the follow-up (PendingReason_Item); an
 * update to status 4 with a reason does the same; only someone who may update the ticket does it.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
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

async function kept(itemtype: string, id: number): Promise<Partial<Kept>[]> {
  const rows = (await ctx.api.get('PendingReason_Item/', { query: 'range=0-999' })).body as Kept[];
  return rows
    .filter((r) => r.itemtype === itemtype && r.items_id === id)
    .map(({ pendingreasons_id, followup_frequency, followups_before_resolution, bump_count, last_bump_date, previous_status }) => ({ pendingreasons_id, followup_frequency, followups_before_resolution, bump_count, last_bump_date, previous_status }));
}

const status = async (ticket: number) => (await ctx.api.get(`Ticket/${ticket}`)).body.status as number;

beforeAll(async () => {
  reason = await ctx.api.create('PendingReason', { name: 'Waiting for the user', followup_frequency: 86400, followups_before_resolution: 2 });
  await ctx.api.create('User', { name: 'holder', password: 'Holder-pass-1', password2: 'Holder-pass-1', _profiles_id: 1, _entities_id: 0 });
  requester = await new Client(ctx.server.api).login('holder', 'Holder-pass-1');
});

describe('pending reasons', () => {
  test("a follow-up with `pending` and a reason puts the ticket on hold; the reason is kept on both, with the reason's settings or the input's", async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'no answer', content: 'x', _users_id_assign: 2 });
    const before = await status(ticket);
    const followup = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'Please call back.', pending: 1, pendingreasons_id: reason, followup_frequency: 3600 });
    expect(await status(ticket)).toBe(4);
    expect((await ctx.api.get(`Ticket/${ticket}`)).body.begin_waiting_date).toBe('2026-01-15 09:00:00');
    const expected = { pendingreasons_id: reason, followup_frequency: 3600, followups_before_resolution: 2, bump_count: 0, last_bump_date: '2026-01-15 09:00:00', previous_status: before };
    expect(await kept('Ticket', ticket)).toEqual([expected]);
    expect(await kept('ITILFollowup', followup)).toEqual([expected]);
  });

  test('a task with `pending` and no reason puts the ticket on hold and keeps no reason', async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'parts ordered', content: 'x' });
    await ctx.api.create('TicketTask', { tickets_id: ticket, content: 'Ordered the disk.', pending: true });
    expect(await status(ticket)).toBe(4);
    expect(await kept('Ticket', ticket)).toEqual([]);
  });

  test('an update to status 4 with a reason keeps it; 0 removes it; leaving the hold removes it', async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'supplier', content: 'x' });
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { status: 4, pendingreasons_id: reason } })).status).toBe(200);
    expect((await kept('Ticket', ticket)).map((r) => [r.pendingreasons_id, r.followup_frequency, r.previous_status])).toEqual([[reason, 86400, 1]]);
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { pendingreasons_id: 0 } })).status).toBe(200);
    expect(await kept('Ticket', ticket)).toEqual([]);
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { pendingreasons_id: reason } })).status).toBe(200);
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { status: 2 } })).status).toBe(200);
    expect(await kept('Ticket', ticket)).toEqual([]);
  });

  test('the automatic action reminds every followup_frequency seconds with the follow-up template, then solves with the solution template', async () => {
    const reminder = await ctx.api.create('ITILFollowupTemplate', { name: 'Reminder', content: 'Any news?' });
    const closing = await ctx.api.create('SolutionTemplate', { name: 'No answer', content: 'Closed without an answer.' });
    const chasing = await ctx.api.create('PendingReason', { name: 'Chasing', followup_frequency: 3600, followups_before_resolution: 2, itilfollowuptemplates_id: reminder, solutiontemplates_id: closing });
    const ticket = await ctx.api.create('Ticket', { name: 'silent user', content: 'x' });
    const resumed = await ctx.api.create('Ticket', { name: 'answered', content: 'x' });
    for (const id of [ticket, resumed]) await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: id, content: 'Waiting for you.', pending: 1, pendingreasons_id: chasing });
    await ctx.api.put(`Ticket/${resumed}`, { input: { status: 2 } });
    const started = clock.now;
    const at = (minutes: number) => new Date(started + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const followups = async (id: number) => ((await ctx.api.get(`Ticket/${id}/ITILFollowup`)).body as { content: string; users_id: number; date: string }[]).map((f) => [f.content, f.users_id, f.date]);
    // Each request runs what the clock says is due (at most once a minute).
    clock.advance(30 * 60_000);
    expect(await followups(ticket)).toEqual([['Waiting for you.', 2, at(0)]]);
    clock.advance(31 * 60_000);
    expect((await followups(ticket)).slice(1)).toEqual([['Any news?', 0, at(61)]]);
    expect((await kept('Ticket', ticket)).map((r) => [r.bump_count, r.last_bump_date])).toEqual([[1, at(61)]]);
    clock.advance(60 * 60_000);
    expect((await followups(ticket)).slice(1)).toEqual([['Any news?', 0, at(61)], ['Any news?', 0, at(121)]]);
    expect(await status(ticket)).toBe(4);
    clock.advance(60 * 60_000);
    expect(await status(ticket)).toBe(5);
    const solutions = (await ctx.api.get(`Ticket/${ticket}/ITILSolution`)).body as { content: string; status: number }[];
    expect(solutions.map((x) => [x.content, x.status])).toEqual([['Closed without an answer.', 2]]);
    expect(await kept('Ticket', ticket)).toEqual([]);
    // The ticket that left the hold was never reminded.
    expect(await followups(resumed)).toEqual([['Waiting for you.', 2, at(0)]]);
  });

  test("a problem solved by the automatic action gets its solution accepted at once, as any problem's", async () => {
    const closing = await ctx.api.create('SolutionTemplate', { name: 'Gone quiet', content: 'No news: solved.' });
    const nudge = await ctx.api.create('ITILFollowupTemplate', { name: 'Nudge', content: 'Still happening?' });
    const quiet = await ctx.api.create('PendingReason', { name: 'Quiet', followup_frequency: 3600, followups_before_resolution: 1, itilfollowuptemplates_id: nudge, solutiontemplates_id: closing });
    const problem = await ctx.api.create('Problem', { name: 'intermittent', content: 'x' });
    await ctx.api.create('ITILFollowup', { itemtype: 'Problem', items_id: problem, content: 'Watching it.', pending: 1, pendingreasons_id: quiet });
    expect((await ctx.api.get(`Problem/${problem}`)).body.status).toBe(4);
    clock.advance(61 * 60_000);
    await ctx.api.get(`Problem/${problem}`); // the reminder's turn
    clock.advance(60 * 60_000);
    await ctx.api.get(`Problem/${problem}`); // the solving turn
    expect((await ctx.api.get(`Problem/${problem}`)).body.status).toBe(5);
    const solutions = (await ctx.api.get(`Problem/${problem}/ITILSolution`)).body as { content: string; status: number; users_id_approval: number }[];
    expect(solutions.map((x) => [x.content, x.status, x.users_id_approval])).toEqual([['No news: solved.', 3, 0]]);
  });

  test('refused whole: a requester who may not update the ticket, a solved ticket, an unknown reason, a `pending` that is no flag', async () => {
    const own = await requester.create('Ticket', { name: 'mine', content: 'x' });
    const byRequester = await requester.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: own, content: 'hold it', pending: 1, pendingreasons_id: reason } });
    expect([byRequester.status, byRequester.body[0]]).toEqual([400, 'ERROR_GLPI_ADD']);
    expect(await status(own)).toBe(1);
    expect((await ctx.api.get(`Ticket/${own}/ITILFollowup`)).body).toEqual([]);
    const unknown = await ctx.api.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: own, content: 'hold it', pending: 1, pendingreasons_id: 99999 } });
    expect([unknown.status, unknown.body[0]]).toEqual([400, 'ERROR_GLPI_ADD']);
    const notAFlag = await ctx.api.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: own, content: 'hold it', pending: 'maybe' } });
    expect([notAFlag.status, notAFlag.body[0]]).toEqual([400, 'ERROR_GLPI_ADD']);
    expect(await status(own)).toBe(1);
    const solved = await ctx.api.create('Ticket', { name: 'done', content: 'x', status: 5 });
    const onSolved = await ctx.api.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: solved, content: 'hold it', pending: 1 } });
    expect([onSolved.status, onSolved.body[0]]).toEqual([400, 'ERROR_GLPI_ADD']);
    expect(await status(solved)).toBe(5);
  });
});
