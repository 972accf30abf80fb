/**
 * Ticket approvals (TicketValidation): a request names its approver and waits; only that approver
 * answers, once; a refusal needs a reason; the ticket's global_validation follows.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { useServer } from '../support/server';

// On a test clock, so the dates an approval writes are known.
const clock = new TestClock();
const ctx = useServer({}, clock.args);
/** The clock's time as GLPI writes a datetime. */
const glpiNow = () => new Date(clock.now).toISOString().slice(0, 19).replace('T', ' ');
let approver: Client;
let approverId: number;

beforeAll(async () => {
  // A Supervisor (7) may approve tickets.
  approverId = await ctx.api.create('User', { name: 'approver', password: 'Approver-pass-1', password2: 'Approver-pass-1', _profiles_id: 7, _entities_id: 0 });
  approver = await new Client(ctx.server.api).login('approver', 'Approver-pass-1');
});

async function request(name: string): Promise<{ ticket: number; validation: number }> {
  const ticket = await ctx.api.create('Ticket', { name, content: 'Needs a yes.' });
  const validation = await ctx.api.create('TicketValidation', { tickets_id: ticket, users_id_validate: approverId, comment_submission: 'May we?', status: 3 });
  return { ticket, validation };
}

const globalValidation = async (ticket: number) => Number((await ctx.api.get(`Ticket/${ticket}`)).body.global_validation);

describe('ticket approvals', () => {
  test('a request waits for its approver, asked by the session user whatever the input says; the ticket waits too', async () => {
    const { ticket, validation } = await request('new screen');
    const row = (await ctx.api.get(`TicketValidation/${validation}`)).body;
    expect(row).toMatchObject({ tickets_id: ticket, users_id: 2, users_id_validate: approverId, status: 2, comment_submission: 'May we?', validation_date: null });
    expect(row.submission_date).toBe(glpiNow());
    expect(await globalValidation(ticket)).toBe(2);
  });

  test('a request without an approver is refused', async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'nobody to ask', content: 'x' });
    const res = await ctx.api.post('TicketValidation/', { input: { tickets_id: ticket, comment_submission: 'Anyone?' } });
    expect([res.status, res.body[0]]).toEqual([400, 'ERROR_GLPI_ADD']);
    expect(res.body[1]).toContain('approver');
    expect(await globalValidation(ticket)).toBe(1);
  });

  test('only the approver answers; a refusal needs a reason; an answer is final', async () => {
    const { ticket, validation } = await request('new desk');
    const byOther = await ctx.api.put(`TicketValidation/${validation}`, { input: { status: 3 } });
    expect([byOther.status, byOther.body[1]]).toEqual([400, expect.stringContaining('Only the approver')]);
    const silent = await approver.put(`TicketValidation/${validation}`, { input: { status: 4 } });
    expect([silent.status, silent.body[1]]).toEqual([400, 'If approval is denied, specify a reason.']);
    expect((await ctx.api.get(`TicketValidation/${validation}`)).body.status).toBe(2);

    clock.advance(60_000);
    const yes = await approver.put(`TicketValidation/${validation}`, { input: { status: 3, comment_validation: 'Fine.' } });
    expect(yes.status).toBe(200);
    const row = (await ctx.api.get(`TicketValidation/${validation}`)).body;
    expect(row).toMatchObject({ status: 3, comment_validation: 'Fine.' });
    expect(row.validation_date).toBe(glpiNow());
    expect(await globalValidation(ticket)).toBe(3);
    const again = await approver.put(`TicketValidation/${validation}`, { input: { status: 4, comment_validation: 'Changed my mind.' } });
    expect([again.status, again.body[1]]).toEqual([400, expect.stringContaining('already been answered')]);
  });

  test("the ticket's global_validation as GLPI 10.0.19 computes it: without a share required any acceptance grants, else a refusal refuses; with validation_percent, the share", async () => {
    const { ticket, validation } = await request('new chair');
    const second = await ctx.api.create('TicketValidation', { tickets_id: ticket, users_id_validate: approverId });
    expect((await approver.put(`TicketValidation/${validation}`, { input: { status: 4, comment_validation: 'Too expensive.' } })).status).toBe(200);
    expect(await globalValidation(ticket)).toBe(4);
    expect((await approver.put(`TicketValidation/${second}`, { input: { status: 3 } })).status).toBe(200);
    expect(await globalValidation(ticket)).toBe(3);
    // validation_percent is the share required (a rule's or the form's), never rewritten by the answers.
    expect(Number((await ctx.api.get(`Ticket/${ticket}`)).body.validation_percent)).toBe(0);

    const shared = await ctx.api.create('Ticket', { name: 'new desks', content: 'x', validation_percent: 100 });
    const [one, two] = [await ctx.api.create('TicketValidation', { tickets_id: shared, users_id_validate: approverId }), await ctx.api.create('TicketValidation', { tickets_id: shared, users_id_validate: approverId })];
    expect((await approver.put(`TicketValidation/${one}`, { input: { status: 3 } })).status).toBe(200);
    expect(await globalValidation(shared)).toBe(2);
    expect((await approver.put(`TicketValidation/${two}`, { input: { status: 3 } })).status).toBe(200);
    expect(await globalValidation(shared)).toBe(3);
    expect(Number((await ctx.api.get(`Ticket/${shared}`)).body.validation_percent)).toBe(100);
  });

  test('cancelling a waiting request leaves the ticket not subject to approval; an answered ticket keeps its answer', async () => {
    const { ticket, validation } = await request('new lamp');
    expect((await ctx.api.del(`TicketValidation/${validation}`)).status).toBe(204);
    expect(await globalValidation(ticket)).toBe(1);
    const answered = await request('new bin');
    expect((await approver.put(`TicketValidation/${answered.validation}`, { input: { status: 3 } })).status).toBe(200);
    expect((await ctx.api.del(`TicketValidation/${answered.validation}`)).status).toBe(204);
    expect(await globalValidation(answered.ticket)).toBe(3);
  });

  test('an approver cannot re-route a request to answer it, nor rewrite who asked, when, or an answer', async () => {
    // A second Supervisor holds the approve bits too, but the request names the first.
    await ctx.api.create('User', { name: 'other-approver', password: 'Other-pass-1', password2: 'Other-pass-1', _profiles_id: 7, _entities_id: 0 });
    const other = await new Client(ctx.server.api).login('other-approver', 'Other-pass-1');
    const otherId = Number((await other.get('getFullSession')).body.session.glpiID);
    const { ticket, validation } = await request('new phone');
    const before = (await ctx.api.get(`TicketValidation/${validation}`)).body;
    const refused = async (input: Record<string, unknown>, message: string) => {
      const res = await other.put(`TicketValidation/${validation}`, { input });
      expect([res.status, res.body[0], res.body[1]]).toEqual([400, 'ERROR_GLPI_UPDATE', expect.stringContaining(message)]);
    };
    await refused({ users_id_validate: otherId, status: 3 }, 'Only the approver');
    await refused({ comment_validation: 'Looks fine to me.' }, 'Only the approver');
    await refused({ users_id: otherId }, 'users_id of an approval request is set by the server');
    await refused({ submission_date: '2020-01-01 00:00:00' }, 'submission_date of an approval request is set by the server');
    await refused({ tickets_id: await ctx.api.create('Ticket', { name: 'elsewhere', content: 'x' }) }, 'tickets_id of an approval request is set by the server');
    expect((await ctx.api.get(`TicketValidation/${validation}`)).body).toEqual(before);
    expect(await globalValidation(ticket)).toBe(2);

    // Once answered, the request keeps its approver and its answer.
    expect((await approver.put(`TicketValidation/${validation}`, { input: { status: 3, comment_validation: 'Yes.' } })).status).toBe(200);
    await refused({ users_id_validate: otherId }, 'keeps its approver');
    const rewrite = await approver.put(`TicketValidation/${validation}`, { input: { validation_date: '2020-01-01 00:00:00' } });
    expect([rewrite.status, rewrite.body[1]]).toEqual([400, expect.stringContaining('validation_date')]);
    expect((await ctx.api.get(`TicketValidation/${validation}`)).body).toMatchObject({ status: 3, comment_validation: 'Yes.', users_id_validate: approverId });
  });
});

describe('approvals asked when the ticket is opened (_add_validation)', () => {
  const requestsOf = async (ticket: number) =>
    ((await ctx.api.get(`Ticket/${ticket}/TicketValidation`)).body as { users_id_validate: number; status: number; comment_submission: string | null }[]).map((v) => [v.users_id_validate, v.status, v.comment_submission]);

  test('one approver or a list, with the comment; the ticket waits for them', async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'new laptop', content: 'x', _add_validation: approverId, _validation_comment: 'Budget line 12' });
    expect(await requestsOf(ticket)).toEqual([[approverId, 2, 'Budget line 12']]);
    expect(await globalValidation(ticket)).toBe(2);
    const both = await ctx.api.create('Ticket', { name: 'two approvers', content: 'x', _add_validation: [approverId, 2, approverId] });
    expect((await requestsOf(both)).map(([user]) => user).sort()).toEqual([2, approverId].sort());
  });

  test('a requester who may not ask for approvals opens the ticket without them, as GLPI; a bad id refuses the add', async () => {
    await ctx.api.create('User', { name: 'plain-requester', password: 'Requester-pass-1', password2: 'Requester-pass-1', _profiles_id: 1, _entities_id: 0 });
    const requester = await new Client(ctx.server.api).login('plain-requester', 'Requester-pass-1');
    const ticket = await requester.create('Ticket', { name: 'mouse', content: 'x', _add_validation: approverId });
    expect(await requestsOf(ticket)).toEqual([]);
    const bad = await ctx.api.post('Ticket/', { input: { name: 'x', content: 'x', _add_validation: 'someone' } });
    expect([bad.status, bad.body[1]]).toEqual([400, 'Field _add_validation: user ids, one or a list']);
  });
});

describe('change approvals (ChangeValidation)', () => {
  test("follow the same rules as a ticket's: the approver answers, a refusal needs a reason, the change's global_validation follows", async () => {
    const change = await ctx.api.create('Change', { name: 'new firewall', content: 'x', _add_validation: approverId });
    const [asked] = (await ctx.api.get(`Change/${change}/ChangeValidation`)).body as { id: number; status: number; users_id_validate: number }[];
    expect([asked!.status, asked!.users_id_validate]).toEqual([2, approverId]);
    expect(Number((await ctx.api.get(`Change/${change}`)).body.global_validation)).toBe(2);
    const notMine = await ctx.api.put(`ChangeValidation/${asked!.id}`, { input: { status: 3 } });
    expect([notMine.status, notMine.body[1]]).toEqual([400, 'Only the approver named in the request answers it']);
    const noReason = await approver.put(`ChangeValidation/${asked!.id}`, { input: { status: 4 } });
    expect([noReason.status, noReason.body[1]]).toEqual([400, 'If approval is denied, specify a reason.']);
    expect((await approver.put(`ChangeValidation/${asked!.id}`, { input: { status: 4, comment_validation: 'Not this quarter' } })).status).toBe(200);
    expect((await ctx.api.get(`Change/${change}`)).body).toMatchObject({ global_validation: 4, validation_percent: 0 });
  });
});
