/**
 * Webhook deliveries and their `queuedwebhook` automatic action, run explicitly on a real data
 * folder against real HTTP receivers on loopback ports, on a clock the test moves: queued in the
 * writer's transaction with the item as its user reads it, signed, retried 1, 2, 4… minutes later,
 * given up after the webhook's `sent_try` retries, the webhook paused after `webhook_pause_after`
 * failures in a row; answers bounded, hanging receivers cut off, closed connections logged; the
 * guard refuses link-local, metadata and (unless allowed) loopback addresses.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { formatDate, setClock, systemClock } from '../../server/core/clock';
import { inTransaction } from '../../server/db/connection';
import { findById, insertRow } from '../../server/db/rows';
import { sealSecret } from '../../server/core/secrets';
import { secretKey } from '../../server/db/secret-key';
import { createServices } from '../../server/auth/services';
import { webhookReader } from '../../server/api/webhook-reader';
import { queueWebhooks, setWebhookReader } from '../../server/notify/webhooks';
import { sendTest, webhookSender } from '../../server/notify/webhook-sender';
import { addressKind, pinned, refusedDestination } from '../../server/notify/webhook-guard';
import type { SerialRun } from '../../server/notify/serial-run';
import { Closer, Receiver } from '../support/webhook-receiver';
import { setSettings, useStore } from '../support/store';

let time = Date.UTC(2026, 0, 15, 9, 0, 0);
setClock({ now: () => time });
const minutes = (n: number) => (time += n * 60_000);
const at = (ms: number) => formatDate(new Date(ms));

const ctx = useStore('webhooks');
const good = new Receiver({ status: 200, body: 'ok' });
const failing = new Receiver({ status: 500, body: 'boom' });
const big = new Receiver({ status: 200, body: 'x'.repeat(1024 * 1024) });
const hanging = new Receiver('hang');
const closer = new Closer();
let sender: SerialRun;
const failures: string[] = [];

const set = (values: Record<string, string>) => setSettings(ctx.store, values);

const webhook = (values: Record<string, unknown>) =>
  insertRow(ctx.db, 'glpi_webhooks', { name: 'hook', entities_id: 0, is_recursive: 1, itemtype: 'Ticket', event: 'new', http_method: 'POST', secret: sealSecret(secretKey(ctx.store.dataDir), 's3cret'), is_active: 1, users_id: 2, ...values });

/** A ticket written with its `new` event in one transaction, as the engine's hooks do. */
function newTicket(name: string): number {
  return inTransaction(ctx.db, () => {
    const id = insertRow(ctx.db, 'glpi_tickets', { name, content: 'c', entities_id: 0, status: 1, date: at(time), date_mod: at(time) });
    queueWebhooks(ctx.db, 'Ticket', findById(ctx.db, 'glpi_tickets', id)!, 'new');
    return id;
  });
}

const deliveries = (webhookId: number) =>
  ctx.db.query('SELECT status, sent_try, send_time, is_deleted, last_status_code, last_response, last_error FROM glpi_queuedwebhooks WHERE webhooks_id = ? ORDER BY id').all(webhookId) as Record<string, unknown>[];
const webhookState = (id: number) => ctx.db.query('SELECT is_active, failures, paused_reason FROM glpi_webhooks WHERE id = ?').get(id) as Record<string, unknown>;

beforeAll(() => {
  for (const r of [good, failing, big, hanging]) r.start();
  closer.start();
  set({ webhook_allow_private: '1', webhook_pause_after: '0' });
  setWebhookReader(webhookReader(createServices(ctx.store, undefined, undefined, false)));
  sender = webhookSender(ctx.store, (what, error) => failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`));
});
afterAll(async () => {
  setWebhookReader(null);
  for (const r of [good, failing, big, hanging]) await r.stop();
  closer.stop();
  setClock(systemClock);
});
beforeEach(() => {
  ctx.db.exec('DELETE FROM glpi_queuedwebhooks; DELETE FROM glpi_webhooks');
  good.received.length = 0;
});

describe('queueing', () => {
  test('a change that rolls back leaves no delivery; one that commits has one per matching webhook', () => {
    const hook = webhook({ url: good.url });
    webhook({ url: good.url, event: 'update' }); // another event
    webhook({ url: good.url, itemtype: 'Problem' }); // another itemtype
    webhook({ url: good.url, is_active: 0 }); // inactive
    webhook({ url: good.url, is_deleted: 1 }); // in the trash
    expect(() =>
      inTransaction(ctx.db, () => {
        const id = insertRow(ctx.db, 'glpi_tickets', { name: 'lost', content: 'c', entities_id: 0 });
        queueWebhooks(ctx.db, 'Ticket', findById(ctx.db, 'glpi_tickets', id)!, 'new');
        throw new Error('the change failed');
      }),
    ).toThrow('the change failed');
    expect(ctx.db.query('SELECT COUNT(*) AS n FROM glpi_queuedwebhooks').get()).toEqual({ n: 0 });
    newTicket('kept');
    expect(ctx.db.query('SELECT webhooks_id, itemtype, event, status, sent_try, is_deleted FROM glpi_queuedwebhooks').all()).toEqual([
      { webhooks_id: hook, itemtype: 'Ticket', event: 'new', status: 'queued', sent_try: 0, is_deleted: 0 },
    ]);
  });

  test("nothing is queued for a webhook whose user may not read the item (post-only's, on another's ticket)", () => {
    webhook({ url: good.url, users_id: 3 });
    newTicket('not theirs');
    expect(ctx.db.query('SELECT COUNT(*) AS n FROM glpi_queuedwebhooks').get()).toEqual({ n: 0 });
  });

  test('a webhook of another entity, not recursive, does not see the root entity items', () => {
    const child = insertRow(ctx.db, 'glpi_entities', { name: 'child', entities_id: 0, completename: 'Root entity > child', level: 2 });
    webhook({ url: good.url, entities_id: child, is_recursive: 0 });
    newTicket('root ticket');
    expect(ctx.db.query('SELECT COUNT(*) AS n FROM glpi_queuedwebhooks').get()).toEqual({ n: 0 });
  });
});

describe('the queuedwebhook action', () => {
  test('a good receiver gets the item as GET answers it, signed, with the timestamp and custom headers', async () => {
    const hook = webhook({ url: good.url, custom_headers: JSON.stringify({ 'X-Team': 'desk' }) });
    const ticket = newTicket('printer on fire');
    expect(await sender.send()).toBe(1);
    expect(good.received.length).toBe(1);
    const got = good.received[0]!;
    expect(got.method).toBe('POST');
    expect(got.headers['x-deskbase-signature']).toBe(`sha256=${createHmac('sha256', 's3cret').update(got.body).digest('hex')}`);
    expect(got.headers['x-deskbase-timestamp']).toBe(String(Math.floor(time / 1000)));
    expect(got.headers['x-deskbase-event']).toBe('new');
    expect(got.headers['x-team']).toBe('desk');
    expect(got.headers['content-type']).toBe('application/json');
    const payload = JSON.parse(got.body);
    expect(payload).toMatchObject({ event: 'new', itemtype: 'Ticket', items_id: ticket, webhook: { id: hook, name: 'hook' }, date: at(time) });
    expect(payload.item).toMatchObject({ id: ticket, name: 'printer on fire', entities_id: 0, status: 1 });
    expect(payload.item.links).toBeArray();
    expect(deliveries(hook)).toEqual([{ status: 'sent', sent_try: 0, send_time: at(time), is_deleted: 1, last_status_code: 200, last_response: 'ok', last_error: null }]);
    expect(await sender.send()).toBe(0); // never twice
  });

  test('a receiver answering 500 is retried 1, then 2 minutes later, then given up after the webhook’s sent_try retries', async () => {
    const hook = webhook({ url: failing.url, sent_try: 2 });
    newTicket('t');
    const start = time;
    expect(await sender.send()).toBe(0);
    expect(deliveries(hook)).toEqual([{ status: 'retrying', sent_try: 1, send_time: at(start + 60_000), is_deleted: 0, last_status_code: 500, last_response: 'boom', last_error: 'HTTP 500' }]);
    expect(failures.at(-1)).toMatch(/^webhook \d+, delivery \d+ to http:\/\/127\.0\.0\.1:\d+\/hook: HTTP 500$/);
    expect(failing.received.length).toBe(1);
    expect(await sender.send()).toBe(0); // not due yet: not tried
    expect(failing.received.length).toBe(1);
    minutes(1);
    await sender.send();
    expect(deliveries(hook)[0]).toMatchObject({ status: 'retrying', sent_try: 2, send_time: at(time + 2 * 60_000) });
    minutes(2);
    await sender.send();
    expect(deliveries(hook)[0]).toMatchObject({ status: 'failed', sent_try: 3, is_deleted: 1 });
    minutes(60);
    await sender.send();
    expect(failing.received.length).toBe(3);
    expect(webhookState(hook)).toEqual({ is_active: 1, failures: 3, paused_reason: null });
  });

  test('after webhook_pause_after failures in a row the webhook is paused with its reason, and its deliveries wait', async () => {
    set({ webhook_pause_after: '2' });
    try {
      const hook = webhook({ url: failing.url, sent_try: 5 });
      newTicket('t');
      const before = failing.received.length;
      await sender.send();
      expect(webhookState(hook)).toEqual({ is_active: 1, failures: 1, paused_reason: null });
      minutes(1);
      await sender.send();
      expect(webhookState(hook)).toEqual({ is_active: 0, failures: 2, paused_reason: `paused on ${at(time)} after 2 failed deliveries in a row; the last: HTTP 500` });
      minutes(60);
      expect(await sender.send()).toBe(0);
      expect(failing.received.length).toBe(before + 2);
      expect(deliveries(hook)[0]).toMatchObject({ status: 'retrying', sent_try: 2, is_deleted: 0 });
    } finally {
      set({ webhook_pause_after: '0' });
    }
  });

  test('a success clears the failures in a row', async () => {
    const hook = webhook({ url: good.url, failures: 4 });
    newTicket('t');
    expect(await sender.send()).toBe(1);
    expect(webhookState(hook)).toEqual({ is_active: 1, failures: 0, paused_reason: null });
  });

  test('a receiver that never answers is cut off after webhook_timeout', async () => {
    set({ webhook_timeout: '0.3' });
    try {
      const hook = webhook({ url: hanging.url });
      newTicket('t');
      expect(await sender.send()).toBe(0);
      expect(hanging.received.length).toBe(1);
      expect(deliveries(hook)[0]).toMatchObject({ status: 'retrying', sent_try: 1, last_status_code: null, last_error: 'no answer within webhook_timeout' });
    } finally {
      set({ webhook_timeout: '10' });
    }
  });

  test('a receiver that closes the connection is a failed attempt with the reason', async () => {
    const hook = webhook({ url: closer.url });
    newTicket('t');
    expect(await sender.send()).toBe(0);
    expect(closer.connections).toBe(1);
    const [row] = deliveries(hook);
    expect(row).toMatchObject({ status: 'retrying', sent_try: 1, last_status_code: null, last_response: '' });
    expect(String(row!.last_error)).toMatch(/closed|reset|ECONNRESET/i);
  });

  test('a big answer is read up to a bound; the log keeps its first 1000 characters', async () => {
    const hook = webhook({ url: big.url });
    newTicket('t');
    expect(await sender.send()).toBe(1);
    expect(deliveries(hook)[0]).toMatchObject({ status: 'sent', last_status_code: 200, last_response: 'x'.repeat(1000) });
  });

  test('"send a test" delivers a test event now and logs it', async () => {
    const hook = webhook({ url: good.url });
    const outcome = await sendTest(ctx.store, findById(ctx.db, 'glpi_webhooks', hook)!);
    expect(outcome).toMatchObject({ ok: true, status: 200, response: 'ok', error: null });
    expect(JSON.parse(good.received[0]!.body)).toEqual({ event: 'test', itemtype: 'Webhook', items_id: hook, item: null, webhook: { id: hook, name: 'hook' }, date: at(time) });
    expect(good.received[0]!.headers['x-deskbase-delivery']).toBe('test');
    expect(deliveries(hook)).toEqual([{ status: 'sent', sent_try: 1, send_time: at(time), is_deleted: 1, last_status_code: 200, last_response: 'ok', last_error: null }]);
    expect(await sender.send()).toBe(0);
  });
});

test('queuedwebhookclean deletes the done deliveries older than its parameter (30 days), each minute', async () => {
  const hook = webhook({ url: good.url });
  newTicket('old');
  expect(await sender.send()).toBe(1);
  newTicket('pending'); // not done: kept whatever its age
  ctx.db.exec("UPDATE glpi_crontasks SET state = 0 WHERE name = 'queuedwebhook'"); // only the clean-up acts
  try {
    minutes(30 * 24 * 60 - 1);
    sender.tick();
    expect(deliveries(hook).map((d) => d.status)).toEqual(['sent', 'queued']);
    minutes(2);
    sender.tick();
    expect(deliveries(hook).map((d) => d.status)).toEqual(['queued']);
  } finally {
    ctx.db.exec("UPDATE glpi_crontasks SET state = 1 WHERE name = 'queuedwebhook'");
  }
});

describe('the guard', () => {
  test('address kinds', () => {
    expect(['169.254.169.254', 'fe80::1', '100.100.100.200', 'fd00:ec2::254', '127.0.0.1', '::1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '0.0.0.0', '::ffff:169.254.1.1', '93.184.216.34', '2606:4700::1'].map(addressKind)).toEqual([
      'link-local', 'link-local', 'metadata', 'metadata', 'private', 'private', 'private', 'private', 'private', 'private', 'link-local', 'public', 'public',
    ]);
  });

  test('plain http goes to the address the guard checked, with the name as Host; https keeps its name', async () => {
    expect(pinned('http://hooks.example.org:8080/a?b=1', '93.184.216.34')).toEqual({ url: 'http://93.184.216.34:8080/a?b=1', host: 'hooks.example.org:8080' });
    expect(pinned('http://hooks.example.org/a', '2606:4700::1')).toEqual({ url: 'http://[2606:4700::1]/a', host: 'hooks.example.org' });
    expect(pinned('https://hooks.example.org/a', '93.184.216.34')).toEqual({ url: 'https://hooks.example.org/a', host: null });
    expect(pinned('http://hooks.example.org/a', null)).toEqual({ url: 'http://hooks.example.org/a', host: null });
    const hook = webhook({ url: good.url.replace('127.0.0.1', 'localhost') });
    newTicket('t');
    expect(await sender.send()).toBe(1);
    expect(good.received[0]!.headers.host).toBe(`localhost:${good.port}`);
    expect(deliveries(hook)[0]).toMatchObject({ status: 'sent', last_status_code: 200 });
  });

  test('link-local and metadata are refused even when private addresses are allowed; loopback only when allowed or listed', async () => {
    const settings = ctx.store.settings;
    expect(await refusedDestination(settings, 'http://169.254.169.254/latest/meta-data/')).toBe('169.254.169.254 resolves to 169.254.169.254, a link-local address: refused (see webhook_allowed_hosts)');
    expect(await refusedDestination(settings, 'http://[fe80::1]/')).toBe('fe80::1 resolves to fe80::1, a link-local address: refused (see webhook_allowed_hosts)');
    expect(await refusedDestination(settings, 'file:///etc/passwd')).toBe('only http and https URLs are allowed, not file:');
    expect(await refusedDestination(settings, good.url)).toBeNull();
    set({ webhook_allow_private: '0' });
    try {
      expect(await refusedDestination(settings, 'http://localhost:9/x')).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback or private address: refused \(see webhook_allow_private\)$/);
      const hook = webhook({ url: good.url });
      newTicket('t');
      expect(await sender.send()).toBe(0);
      expect(good.received.length).toBe(0); // refused before any connection
      expect(deliveries(hook)[0]).toMatchObject({ status: 'retrying', last_error: '127.0.0.1 resolves to 127.0.0.1, a loopback or private address: refused (see webhook_allow_private)' });
      set({ webhook_allowed_hosts: 'example.org, 127.0.0.1' });
      expect(await refusedDestination(settings, good.url)).toBeNull();
    } finally {
      set({ webhook_allow_private: '1', webhook_allowed_hosts: '' });
    }
  });
});
