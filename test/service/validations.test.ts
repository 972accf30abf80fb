/**
 * Ticket approvals (TicketValidation): a request names its approver and waits; only that approver
 * answers, once; a refusal needs a reason; the ticket's global_validation follows.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { creates, holds, scenario, type Step } from '../support/scenario';
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

/** A ticket (captured as `ticket`) and its approval request to the approver (`validation`). */
const request = (name: string): Step[] => [
  creates('ticket', 'Ticket', { name, content: 'Needs a yes.' }),
  creates('validation', 'TicketValidation', { tickets_id: '${ticket}', users_id_validate: approverId, comment_submission: 'May we?', status: 3 }),
];
const answer = (input: Record<string, unknown>, as: Client, more: Partial<Step> = {}): Step => ({ request: 'PUT TicketValidation/${validation}', body: { input }, as, status: 200, ...more });
const refusedUpdate = (message: string | RegExp): Pick<Step, 'status' | 'error' | 'message'> => ({ status: 400, error: 'ERROR_GLPI_UPDATE', message });
const ticketHolds = (answer: Record<string, unknown>) => holds('Ticket/${ticket}', answer);

describe('ticket approvals', () => {
  test('a request waits for its approver, asked by the session user whatever the input says; the ticket waits too', () =>
    scenario(ctx.api, [
      ...request('new screen'),
      holds('TicketValidation/${validation}', { tickets_id: '${ticket}', users_id: 2, users_id_validate: approverId, status: 2, comment_submission: 'May we?', validation_date: null, submission_date: glpiNow() }),
      ticketHolds({ global_validation: 2 }),
    ]));

  test('a request without an approver is refused', () =>
    scenario(ctx.api, [
      creates('ticket', 'Ticket', { name: 'nobody to ask', content: 'x' }),
      { request: 'POST TicketValidation/', body: { input: { tickets_id: '${ticket}', comment_submission: 'Anyone?' } }, status: 400, error: 'ERROR_GLPI_ADD', message: /approver/ },
      ticketHolds({ global_validation: 1 }),
    ]));

  test('only the approver answers; a refusal needs a reason; an answer is final', async () => {
    const asked = await scenario(ctx.api, [
      ...request('new desk'),
      { request: 'PUT TicketValidation/${validation}', body: { input: { status: 3 } }, ...refusedUpdate(/Only the approver/) },
      answer({ status: 4 }, approver, refusedUpdate('If approval is denied, specify a reason.')),
      holds('TicketValidation/${validation}', { status: 2 }),
    ]);
    clock.advance(60_000);
    await scenario(
      ctx.api,
      [
        answer({ status: 3, comment_validation: 'Fine.' }, approver),
        holds('TicketValidation/${validation}', { status: 3, comment_validation: 'Fine.', validation_date: glpiNow() }),
        ticketHolds({ global_validation: 3 }),
        answer({ status: 4, comment_validation: 'Changed my mind.' }, approver, refusedUpdate(/already been answered/)),
      ],
      asked,
    );
  });

  test("the ticket's global_validation as GLPI 10.0.19 computes it: without a share required any acceptance grants, else a refusal refuses; with validation_percent, the share", () => {
    const answerTo = (validation: string, input: Record<string, unknown>): Step => ({ ...answer(input, approver), request: `PUT TicketValidation/\${${validation}}` });
    const asks = (name: string, ticket: string) => creates(name, 'TicketValidation', { tickets_id: `\${${ticket}}`, users_id_validate: approverId });
    return scenario(ctx.api, [
      ...request('new chair'),
      asks('second', 'ticket'),
      answer({ status: 4, comment_validation: 'Too expensive.' }, approver),
      ticketHolds({ global_validation: 4 }),
      answerTo('second', { status: 3 }),
      // validation_percent is the share required (a rule's or the form's), never rewritten by the answers.
      ticketHolds({ global_validation: 3, validation_percent: 0 }),
      creates('shared', 'Ticket', { name: 'new desks', content: 'x', validation_percent: 100 }),
      asks('one', 'shared'),
      asks('two', 'shared'),
      answerTo('one', { status: 3 }),
      holds('Ticket/${shared}', { global_validation: 2 }),
      answerTo('two', { status: 3 }),
      holds('Ticket/${shared}', { global_validation: 3, validation_percent: 100 }),
    ]);
  });

  test('cancelling a waiting request leaves the ticket not subject to approval; an answered ticket keeps its answer', () =>
    scenario(ctx.api, [
      ...request('new lamp'),
      { request: 'DELETE TicketValidation/${validation}', status: 204 },
      ticketHolds({ global_validation: 1 }),
      ...request('new bin'),
      answer({ status: 3 }, approver),
      { request: 'DELETE TicketValidation/${validation}', status: 204 },
      ticketHolds({ global_validation: 3 }),
    ]));

  test('an approver cannot re-route a request to answer it, nor rewrite who asked, when, or an answer', async () => {
    // A second Supervisor holds the approve bits too, but the request names the first.
    const otherId = await ctx.api.create('User', { name: 'other-approver', password: 'Other-pass-1', password2: 'Other-pass-1', _profiles_id: 7, _entities_id: 0 });
    const other = await new Client(ctx.server.api).login('other-approver', 'Other-pass-1');
    const refused = (input: Record<string, unknown>, message: string) => answer(input, other, refusedUpdate(new RegExp(message)));
    await scenario(ctx.api, [
      ...request('new phone'),
      { request: 'GET TicketValidation/${validation}', status: 200, capture: { before: (body) => body } },
      refused({ users_id_validate: otherId, status: 3 }, 'Only the approver'),
      refused({ comment_validation: 'Looks fine to me.' }, 'Only the approver'),
      refused({ users_id: otherId }, 'users_id of an approval request is set by the server'),
      refused({ submission_date: '2020-01-01 00:00:00' }, 'submission_date of an approval request is set by the server'),
      creates('elsewhere', 'Ticket', { name: 'elsewhere', content: 'x' }),
      refused({ tickets_id: '${elsewhere}' }, 'tickets_id of an approval request is set by the server'),
      { request: 'GET TicketValidation/${validation}', status: 200, equals: '${before}' },
      ticketHolds({ global_validation: 2 }),
      // Once answered, the request keeps its approver and its answer.
      answer({ status: 3, comment_validation: 'Yes.' }, approver),
      refused({ users_id_validate: otherId }, 'keeps its approver'),
      answer({ validation_date: '2020-01-01 00:00:00' }, approver, refusedUpdate(/validation_date/)),
      holds('TicketValidation/${validation}', { status: 3, comment_validation: 'Yes.', users_id_validate: approverId }),
    ]);
  });
});

describe('approvals asked when the ticket is opened (_add_validation)', () => {
  /** The captured ticket's approval requests, as `[approver, status, comment]`. */
  const requestsOf = (ticket: string, expected: unknown[][]): Step => ({
    request: `GET Ticket/\${${ticket}}/TicketValidation`,
    status: 200,
    check: (res) => expect((res.body as { users_id_validate: number; status: number; comment_submission: string | null }[]).map((v): unknown[] => [v.users_id_validate, v.status, v.comment_submission])).toEqual(expected),
  });

  test('one approver or a list, with the comment; the ticket waits for them', () =>
    scenario(ctx.api, [
      creates('ticket', 'Ticket', { name: 'new laptop', content: 'x', _add_validation: approverId, _validation_comment: 'Budget line 12' }),
      requestsOf('ticket', [[approverId, 2, 'Budget line 12']]),
      ticketHolds({ global_validation: 2 }),
      creates('both', 'Ticket', { name: 'two approvers', content: 'x', _add_validation: [approverId, 2, approverId] }),
      {
        request: 'GET Ticket/${both}/TicketValidation',
        status: 200,
        check: (res) => expect((res.body as { users_id_validate: number }[]).map((v) => v.users_id_validate).sort()).toEqual([2, approverId].sort()),
      },
    ]));

  test('a requester who may not ask for approvals opens the ticket without them, as GLPI; a bad id refuses the add', async () => {
    await ctx.api.create('User', { name: 'plain-requester', password: 'Requester-pass-1', password2: 'Requester-pass-1', _profiles_id: 1, _entities_id: 0 });
    const requester = await new Client(ctx.server.api).login('plain-requester', 'Requester-pass-1');
    await scenario(ctx.api, [
      creates('ticket', 'Ticket', { name: 'mouse', content: 'x', _add_validation: approverId }, requester),
      requestsOf('ticket', []),
      { request: 'POST Ticket/', body: { input: { name: 'x', content: 'x', _add_validation: 'someone' } }, status: 400, error: 'ERROR_GLPI_ADD', message: 'Field _add_validation: user ids, one or a list' },
    ]);
  });
});

describe('change approvals (ChangeValidation)', () => {
  test("follow the same rules as a ticket's: the approver answers, a refusal needs a reason, the change's global_validation follows", () => {
    const answerAs = (input: Record<string, unknown>, more: Partial<Step>): Step => ({ request: 'PUT ChangeValidation/${asked}', body: { input }, status: 200, ...more });
    return scenario(ctx.api, [
      creates('change', 'Change', { name: 'new firewall', content: 'x', _add_validation: approverId }),
      {
        request: 'GET Change/${change}/ChangeValidation',
        status: 200,
        check: (res) => expect((res.body as { status: number; users_id_validate: number }[]).map((v) => [v.status, v.users_id_validate])).toEqual([[2, approverId]]),
        capture: { asked: (body) => body[0].id },
      },
      holds('Change/${change}', { global_validation: 2 }),
      answerAs({ status: 3 }, refusedUpdate('Only the approver named in the request answers it')),
      answerAs({ status: 4 }, { as: approver, ...refusedUpdate('If approval is denied, specify a reason.') }),
      answerAs({ status: 4, comment_validation: 'Not this quarter' }, { as: approver }),
      holds('Change/${change}', { global_validation: 4, validation_percent: 0 }),
    ]);
  });
});
