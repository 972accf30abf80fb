/**
 * GLPI's mail queue and its `queuednotification` automatic action, run explicitly on a real data
 * folder against a real SMTP server, on a clock the test moves: an event staged in the writer's
 * transaction and turned into its mails by the action, mails queued in the writer's transaction,
 * sent oldest first and marked one by one, retried later and later while the server is away
 * (smtp_retry_time doubled after each failure), given up after smtp_max_retries, at most the
 * task's parameter per run, and deleted by `queuednotificationclean` after its days.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { formatDate, setClock, systemClock } from '../../server/core/clock';
import { inTransaction } from '../../server/db/connection';
import { mailSender, type MailSender } from '../../server/notify/sender';
import { queueMails, queueState } from '../../server/notify/queue';
import { raiseEvent } from '../../server/notify/events';
import { findById, insertRow } from '../../server/db/rows';
import { MailCatcher } from '../support/smtp';
import { setSettings, useStore } from '../support/store';

let time = Date.UTC(2026, 0, 15, 9, 0, 0);
setClock({ now: () => time });
const minutes = (n: number) => (time += n * 60_000);

const ctx = useStore('mail-queue');
let catcher = new MailCatcher();
let sender: MailSender;
const failures: string[] = [];

const set = (values: Record<string, string>) => setSettings(ctx.store, values);

const queue = (to: string, subject = `to ${to}`) =>
  inTransaction(ctx.db, () =>
    queueMails(ctx.db, ctx.store.settings, [{ itemtype: 'Ticket', itemsId: 7, entitiesId: 0, event: 'new', to: { address: to, name: '' }, subject, text: 'body' }])[0]!,
  );
const rowOf = (id: number) => ctx.db.query('SELECT is_deleted, sent_try, send_time, sent_time FROM glpi_queuednotifications WHERE id = ?').get(id);

beforeAll(async () => {
  await catcher.start();
  set({ use_notifications: '1', notifications_mailing: '1', smtp_host: '127.0.0.1', smtp_port: String(catcher.port), admin_email: 'desk@example.org' });
  sender = mailSender(ctx.store, (what, error) => failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`));
});
afterAll(async () => {
  await catcher.stop();
  setClock(systemClock);
});
beforeEach(() => ctx.db.exec('DELETE FROM deskbase_staged_notifications; DELETE FROM glpi_queuednotifications'));

describe('queueing', () => {
  test('a mail queued in a write that rolls back is not queued', () => {
    expect(() =>
      inTransaction(ctx.db, () => {
        queueMails(ctx.db, ctx.store.settings, [{ itemtype: 'Ticket', itemsId: 7, entitiesId: 0, event: 'new', to: { address: 'a@example.org', name: '' }, subject: 's', text: 't' }]);
        throw new Error('the change failed');
      }),
    ).toThrow('the change failed');
    expect(queueState(ctx.db)).toEqual({ queued: 0, failing: 0 });
  });

  test("an event is staged in the change's transaction (not when it rolls back) and counts in the queue until the sender turns it into its mails", async () => {
    const ticket = inTransaction(ctx.db, () => {
      const user = insertRow(ctx.db, 'glpi_users', { name: 'stella', is_active: 1 });
      insertRow(ctx.db, 'glpi_useremails', { users_id: user, email: 'stella@example.org', is_default: 1 });
      const id = insertRow(ctx.db, 'glpi_tickets', { name: 'Staged', content: 'x', entities_id: 0, status: 2 });
      insertRow(ctx.db, 'glpi_tickets_users', { tickets_id: id, users_id: user, type: 1 });
      return id;
    });
    const raise = () => raiseEvent(ctx.db, ctx.store.settings, 'update', { itemtype: 'Ticket', item: findById(ctx.db, 'glpi_tickets', ticket)!, authorId: 0 });
    expect(() =>
      inTransaction(ctx.db, () => {
        raise();
        throw new Error('the change failed');
      }),
    ).toThrow('the change failed');
    expect(queueState(ctx.db)).toEqual({ queued: 0, failing: 0 });
    inTransaction(ctx.db, raise);
    expect([queueState(ctx.db), ctx.db.query('SELECT COUNT(*) AS n FROM glpi_queuednotifications').get()]).toEqual([{ queued: 1, failing: 0 }, { n: 0 }]);
    const before = catcher.messages.length;
    // The requester and the administrator (admin_email), GLPI's "Update Ticket" targets.
    expect(await sender.send()).toBe(2);
    expect(catcher.messages.slice(before).flatMap((m) => m.to).sort()).toEqual(['desk@example.org', 'stella@example.org']);
    expect([queueState(ctx.db), ctx.db.query('SELECT COUNT(*) AS n FROM deskbase_staged_notifications').get()]).toEqual([{ queued: 0, failing: 0 }, { n: 0 }]);
  });

  test('a staged event the sender cannot read stays staged, told, and the events after it become their mails', async () => {
    ctx.db.query("INSERT INTO deskbase_staged_notifications (event, itemtype, items_id, create_time, data) VALUES ('new', 'Ticket', 7, '2026-01-15 09:00:00', 'not JSON')").run();
    inTransaction(ctx.db, () => raiseEvent(ctx.db, ctx.store.settings, 'passwordforget', { itemtype: 'User', item: { id: 2, entities_id: 0, _address: 'reset@example.org' }, authorId: 0 }, { values: {}, lists: {} }));
    const told = failures.length;
    const before = catcher.messages.length;
    expect(await sender.send()).toBe(1);
    expect([failures.slice(told).map((f) => f.split(':')[0]), catcher.messages.slice(before).flatMap((m) => m.to)]).toEqual([['finding the recipients of the new event on Ticket 7'], ['reset@example.org']]);
    expect([queueState(ctx.db), ctx.db.query('SELECT event, data FROM deskbase_staged_notifications').all()]).toEqual([{ queued: 1, failing: 0 }, [{ event: 'new', data: 'not JSON' }]]);
  });

  test('the row holds what GLPI keeps: item, event, sender chosen when queued, times', () => {
    const id = queue('a@example.org', 'Hello');
    expect(ctx.db.query('SELECT itemtype, items_id, event, mode, name, sender, recipient, is_deleted, sent_try, create_time, send_time, sent_time FROM glpi_queuednotifications WHERE id = ?').get(id)).toEqual({
      itemtype: 'Ticket',
      items_id: 7,
      event: 'new',
      mode: 'mailing',
      name: 'Hello',
      sender: 'desk@example.org',
      recipient: 'a@example.org',
      is_deleted: 0,
      sent_try: 0,
      create_time: expect.stringMatching(/^2026-01-15 /),
      send_time: expect.stringMatching(/^2026-01-15 /),
      sent_time: null,
    });
  });
});

describe('the queuednotification action', () => {
  test('sends the due mails oldest first and marks each sent', async () => {
    const before = catcher.messages.length;
    const ids = [queue('a@example.org'), queue('b@example.org'), queue('c@example.org')];
    expect(await sender.send()).toBe(3);
    expect(catcher.messages.slice(before).map((m) => m.to[0])).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
    for (const id of ids) expect(rowOf(id)).toMatchObject({ is_deleted: 1, sent_try: 0, sent_time: expect.stringMatching(/^2026-01-15 /) });
    expect(await sender.send()).toBe(0); // nothing is sent twice
    expect(queueState(ctx.db)).toEqual({ queued: 0, failing: 0 });
  });

  test('sends at most its parameter per run (GLPI: 50)', async () => {
    ctx.db.exec("UPDATE glpi_crontasks SET param = 2 WHERE name = 'queuednotification'");
    try {
      for (const to of ['a', 'b', 'c']) queue(`${to}@example.org`);
      expect(await sender.send()).toBe(2);
      expect(queueState(ctx.db).queued).toBe(1);
      expect(await sender.send()).toBe(1);
    } finally {
      ctx.db.exec("UPDATE glpi_crontasks SET param = 50 WHERE name = 'queuednotification'");
    }
  });

  test('switched off (state 0), it sends nothing', async () => {
    ctx.db.exec("UPDATE glpi_crontasks SET state = 0 WHERE name = 'queuednotification'");
    try {
      queue('a@example.org');
      expect(await sender.send()).toBe(0);
      expect(queueState(ctx.db)).toEqual({ queued: 1, failing: 0 });
    } finally {
      ctx.db.exec("UPDATE glpi_crontasks SET state = 1 WHERE name = 'queuednotification'");
    }
  });

  test('while the SMTP server is away the mail waits smtp_retry_time, then twice as long after each failure; it leaves once the server is back', async () => {
    set({ smtp_retry_time: '5', smtp_max_retries: '5' });
    await catcher.stop();
    const id = queue('late@example.org');
    const start = time;
    const at = (ms: number) => formatDate(new Date(ms));
    expect(await sender.send()).toBe(0);
    expect(rowOf(id)).toEqual({ is_deleted: 0, sent_try: 1, send_time: at(start + 5 * 60_000), sent_time: null });
    expect(queueState(ctx.db)).toEqual({ queued: 1, failing: 1 });
    expect(failures.at(-1)).toStartWith(`sending queued mail ${id} to late@example.org: `);

    minutes(4);
    expect(await sender.send()).toBe(0); // not due yet: not tried
    expect(rowOf(id)).toMatchObject({ sent_try: 1 });
    minutes(1);
    expect(await sender.send()).toBe(0);
    expect(rowOf(id)).toMatchObject({ sent_try: 2, send_time: at(time + 10 * 60_000) });

    const port = catcher.port;
    catcher = new MailCatcher();
    await catcher.start(port);
    minutes(10);
    expect(await sender.send()).toBe(1);
    expect(catcher.messages.map((m) => m.to)).toEqual([['late@example.org']]);
    expect(rowOf(id)).toMatchObject({ is_deleted: 1, sent_try: 2, sent_time: at(time) });
  });

  test('after smtp_max_retries failed retries the mail is given up (out of the queue, never sent)', async () => {
    set({ smtp_retry_time: '0', smtp_max_retries: '1', smtp_port: '1' });
    try {
      const id = queue('never@example.org');
      expect(await sender.send()).toBe(0);
      expect(rowOf(id)).toMatchObject({ is_deleted: 0, sent_try: 1 });
      expect(await sender.send()).toBe(0);
      expect(rowOf(id)).toMatchObject({ is_deleted: 1, sent_try: 2, sent_time: null });
      expect(queueState(ctx.db)).toEqual({ queued: 0, failing: 0 });
    } finally {
      set({ smtp_retry_time: '5', smtp_max_retries: '5', smtp_port: String(catcher.port) });
    }
  });
});

test('queuednotificationclean deletes the sent and given-up mails older than its parameter (30 days)', async () => {
  const old = queue('old@example.org');
  await sender.send();
  minutes(29 * 24 * 60);
  const recent = queue('recent@example.org');
  await sender.send();
  const waiting = queue('waiting@example.org');
  minutes(2 * 24 * 60);
  sender.tick();
  const left = ctx.db.query('SELECT id FROM glpi_queuednotifications ORDER BY id').all();
  expect(left).toEqual([{ id: recent }, { id: waiting }]);
  expect(old).toBeLessThan(recent);
});
