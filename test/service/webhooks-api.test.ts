/**
 * Webhooks through the API on a real server with real receivers: written with their checks (URL,
 * method, itemtype, event, custom headers, nobody else's user), the secret never shown, the
 * `webhook` right (Admin, Super-Admin; not a technician), "send a test", a ticket's delivery sent by
 * the server itself, and a delivery queued with its change that survives a SIGKILL and is sent
 * once after the restart, when its receiver is back.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { scenario } from '../support/scenario';
import { useServer } from '../support/server';
import { until } from '../support/until';
import { Receiver } from '../support/webhook-receiver';
import { createUser, DENIED, loginAs, NOT_FOUND, refused } from '../rights/fixture';

const clock = new TestClock();
const ctx = useServer({}, clock.args);
const good = new Receiver({ status: 200, body: 'ok' });
const TECHNICIAN = 6;
let tech: Client;
let admin: Client;
let adminId: number;
let hook: number;

beforeAll(async () => {
  good.start();
  await ctx.api.setConfig('webhook_allow_private', '1');
  await createUser(ctx.api, 'tech-hooks', TECHNICIAN, 0);
  tech = await loginAs(ctx.server.api, 'tech-hooks');
  adminId = await createUser(ctx.api, 'admin-hooks', 3, 0);
  admin = await loginAs(ctx.server.api, 'admin-hooks');
  hook = await ctx.api.create('Webhook', { name: 'desk', url: good.url, itemtype: 'Ticket', event: 'new', secret: 's3cret', custom_headers: { 'X-Team': 'desk' }, is_active: 1, is_recursive: 1 });
});
afterAll(() => good.stop());

const input = (values: Record<string, unknown>) => ({ input: { name: 'bad', url: good.url, itemtype: 'Ticket', event: 'new', ...values } });

describe('the Webhook itemtype', () => {
  test('written with its checks; the secret never shown; the webhook right; send a test', async () => {
    await scenario(ctx.api, [
      {
        request: `GET Webhook/${hook}`,
        status: 200,
        answer: { name: 'desk', url: good.url, http_method: 'POST', itemtype: 'Ticket', event: 'new', users_id: 2, custom_headers: '{"X-Team":"desk"}', failures: 0, is_active: 1 },
        check: (res) => expect(Object.keys(res.body)).not.toContain('secret'),
      },
      { request: 'POST Webhook', body: input({ event: 'exploded' }), status: 400, error: 'ERROR', message: /^event must be one of new, update, solved/ },
      { request: 'POST Webhook', body: input({ url: 'ftp://example.org/' }), status: 400, error: 'ERROR', message: /^url must be an http or https URL;/ },
      { request: 'POST Webhook', body: input({ itemtype: 'Computer' }), status: 400, error: 'ERROR', message: /^itemtype must be one of Ticket, Problem, Change;/ },
      { request: 'POST Webhook', body: input({ http_method: 'TRACE' }), status: 400, error: 'ERROR', message: /^http_method must be one of POST, PUT, PATCH, GET, DELETE;/ },
      { request: 'POST Webhook', body: input({ custom_headers: { 'X-Deskbase-Event': 'forged' } }), status: 400, error: 'ERROR', message: /^custom_headers: X-Deskbase-Event is set by Deskbase;/ },
      { request: 'POST Webhook', body: input({ custom_headers: '[1]' }), status: 400, error: 'ERROR', message: /^custom_headers must be a JSON object of header names and values;/ },
      { note: "a webhook may not read as someone else", request: 'POST Webhook', body: input({ users_id: 3 }), ...DENIED },
      { note: 'a paused webhook activated again forgets its failures', request: `PUT Webhook/${hook}`, body: { input: { is_active: 0 } }, status: 200 },
      { request: `PUT Webhook/${hook}`, body: { input: { is_active: 1, http_method: 'post' } }, status: 200 },
      { request: `GET Webhook/${hook}`, status: 200, answer: { is_active: 1, http_method: 'POST', failures: 0, paused_reason: null } },
      { note: 'changed by another, it reads as them', request: `PUT Webhook/${hook}`, as: admin, body: { input: { comment: 'mine now' } }, status: 200 },
      { request: `GET Webhook/${hook}`, status: 200, answer: { users_id: adminId, comment: 'mine now' } },
      { request: `PUT Webhook/${hook}`, body: { input: { comment: '' } }, status: 200 },
      { request: `GET Webhook/${hook}`, status: 200, answer: { users_id: 2 } },
      { note: 'technicians hold no webhook right', request: 'GET Webhook/', as: tech, ...DENIED },
      { request: 'POST testWebhook', body: { webhooks_id: hook }, as: tech, ...DENIED },
      { request: 'POST testWebhook', body: { webhooks_id: 999_999 }, ...NOT_FOUND },
      { request: 'GET testWebhook', status: 400, error: 'ERROR' },
      { request: 'POST testWebhook', body: { webhooks_id: hook }, status: 200, answer: { ok: true, status: 200, response: 'ok', error: null } },
    ]);
    const test = good.received.at(-1)!;
    expect(JSON.parse(test.body)).toMatchObject({ event: 'test', itemtype: 'Webhook', items_id: hook, item: null });
    expect(test.headers['x-deskbase-signature']).toBe(`sha256=${createHmac('sha256', 's3cret').update(test.body).digest('hex')}`);
    expect(test.headers['x-team']).toBe('desk');
    // At rest the secret is sealed with the data folder's key, as mailbox and directory passwords.
    const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'), { readonly: true });
    const stored = String((db.query('SELECT secret FROM glpi_webhooks WHERE id = ?').get(hook) as { secret: string }).secret);
    db.close();
    expect([stored.startsWith('v1:'), stored.includes('s3cret')]).toEqual([true, false]);
  });

  test('entity scope: an Admin of entity A reaches only the webhooks of A (and recursive ones above it)', async () => {
    const A = await ctx.api.create('Entity', { name: 'hooks-A', entities_id: 0 });
    const adminAId = await createUser(ctx.api, 'admin-A', 3, A);
    const adminA = await loginAs(ctx.server.api, 'admin-A');
    const inA = await adminA.create('Webhook', { name: 'in A', url: good.url, itemtype: 'Ticket', event: 'new', entities_id: A });
    const rootOnly = await ctx.api.create('Webhook', { name: 'root only', url: good.url, itemtype: 'Ticket', event: 'update', entities_id: 0, is_recursive: 0 });
    await scenario(adminA, [
      { request: `GET Webhook/${inA}`, status: 200, answer: { entities_id: A, users_id: adminAId } },
      { request: `GET Webhook/${rootOnly}`, ...NOT_FOUND },
      { request: `PUT Webhook/${rootOnly}`, body: { input: { url: 'https://elsewhere.example.org/' } }, ...refused('ERROR_GLPI_UPDATE') },
      { request: 'POST Webhook', body: input({ entities_id: 0 }), ...refused('ERROR_GLPI_ADD') },
      { request: 'POST testWebhook', body: { webhooks_id: rootOnly }, ...NOT_FOUND },
    ]);
    expect((await ctx.api.get(`Webhook/${rootOnly}`)).body).toMatchObject({ url: good.url, users_id: 2 });
  });

  test("GLPI 11's webhook right: every standard right for Admin and Super-Admin, none for the others", async () => {
    const webhookRight = async (profile: number) => ((await ctx.api.get(`Profile/${profile}/ProfileRight`, { query: 'range=0-999' })).body as { name: string; rights: number }[]).find((r) => r.name === 'webhook')?.rights;
    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(webhookRight))).toEqual([0, 0, 31, 31, 0, 0, 0, 0]);
  });

  test("a ticket's new event reaches the receiver, sent by the server; its delivery log is read as QueuedWebhook", async () => {
    const before = good.received.length;
    const ticket = await ctx.api.create('Ticket', { name: 'hooked', content: 'x' });
    const got = await until('the delivery', () => good.received.slice(before), (r) => r.length === 1);
    expect(JSON.parse(got[0]!.body)).toMatchObject({ event: 'new', itemtype: 'Ticket', items_id: ticket, item: { id: ticket, name: 'hooked' } });
    await scenario(ctx.api, [
      {
        note: 'done deliveries are out of the queue (is_deleted 1, as GLPI keeps them)',
        request: 'GET QueuedWebhook/',
        query: 'is_deleted=true&range=0-99',
        status: 200,
        check: (res) =>
          expect((res.body as Record<string, unknown>[]).filter((r) => r.webhooks_id === hook).map((r) => [r.event, r.status, r.last_status_code])).toEqual([
            ['test', 'sent', 200],
            ['new', 'sent', 200],
          ]),
      },
      { request: 'GET QueuedWebhook/', as: tech, ...DENIED },
    ]);
    // A webhook in the trash sends nothing; purged, it takes its delivery log with it.
    const gone = await ctx.api.create('Webhook', { name: 'gone', url: good.url, itemtype: 'Ticket', event: 'new' });
    expect((await ctx.api.post('testWebhook', { webhooks_id: gone })).status).toBe(200);
    const logOf = async (id: number) => ((await ctx.api.get('QueuedWebhook/', { query: 'is_deleted=true&range=0-99' })).body as Record<string, unknown>[]).filter((r) => r.webhooks_id === id).length;
    expect(await logOf(gone)).toBe(1);
    expect((await ctx.api.del(`Webhook/${gone}`)).status).toBe(204);
    expect((await ctx.api.get(`Webhook/${gone}`)).body).toMatchObject({ is_deleted: 1 });
    expect((await ctx.api.del(`Webhook/${gone}`, { query: 'force_purge=true' })).status).toBe(204);
    expect(await logOf(gone)).toBe(0);
  });
});

test('a delivery queued with its change survives a SIGKILL and is sent once after the restart', async () => {
  const receiver = new Receiver({ status: 503, body: 'away' }); // failing until the restart
  receiver.start();
  try {
    const later = await ctx.api.create('Webhook', { name: 'later', url: receiver.url, itemtype: 'Ticket', event: 'new', is_active: 1 });
    const ticket = await ctx.api.create('Ticket', { name: 'kept', content: 'x' });
    await ctx.server.stop(true);

    await ctx.server.start();
    ctx.api = await new Client(ctx.server.api).login();
    receiver.answer = { status: 200, body: 'back' };
    // Each poll moves the clock a day: a retry is due, and the request runs the sender.
    const sent = async () => {
      clock.advance(24 * 60 * 60_000);
      const log = await ctx.api.get('QueuedWebhook/', { query: 'is_deleted=true&range=0-99' });
      return (log.body as Record<string, unknown>[]).filter((r) => r.webhooks_id === later);
    };
    const log = await until('the delivery marked sent after the restart', sent, (rows) => rows.length === 1);
    expect(log.map((r) => [r.items_id, r.status, r.last_response])).toEqual([[ticket, 'sent', 'back']]);
    const accepted = receiver.received.filter((r) => r.status === 200);
    expect(accepted.length).toBe(1);
    expect(JSON.parse(accepted[0]!.body)).toMatchObject({ event: 'new', itemtype: 'Ticket', items_id: ticket, webhook: { id: later, name: 'later' } });
  } finally {
    await receiver.stop();
  }
}, 120_000);
