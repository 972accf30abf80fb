/**
 * Recipients are found and mails rendered by the background sender, not in the change's
 * transaction (issue 29's performance requirement): the change stages its event with what its
 * notifications need as it is then, the sender queues the mail of each recipient and renders it
 * before the first attempt, through a real SMTP server. The mail goes to the ticket's actors at
 * the change and describes the ticket then (a later rename or followup does not show), and a
 * retry sends the message rendered the first time.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { setClock, systemClock } from '../../server/core/clock';
import { inTransaction } from '../../server/db/connection';
import { findById, insertRow } from '../../server/db/rows';
import { raiseEvent } from '../../server/notify/events';
import { expandStaged } from '../../server/notify/expansion';
import { mailSender, type MailSender } from '../../server/notify/sender';
import { headerOf, MailCatcher, partOf } from '../support/smtp';
import { setSettings, useStore } from '../support/store';

let time = Date.UTC(2026, 2, 2, 10, 0, 0);
setClock({ now: () => time });

const ctx = useStore('notification-rendering');
let catcher = new MailCatcher();
let sender: MailSender;
let requester = 0;
let ticket = 0;

type QueueRow = { name: string; body_text: string | null; messageid: string | null; render_data: string | null; recipient: string };
const queued = () => ctx.db.query('SELECT name, body_text, messageid, render_data, recipient FROM glpi_queuednotifications ORDER BY id').all() as QueueRow[];
const staged = () => ctx.db.query('SELECT event, itemtype, items_id FROM deskbase_staged_notifications ORDER BY id').all();
/** The ticket's update raised in a transaction of its own: staged for the sender. */
const update = () => inTransaction(ctx.db, () => raiseEvent(ctx.db, ctx.store.settings, 'update', { itemtype: 'Ticket', item: findById(ctx.db, 'glpi_tickets', ticket)!, authorId: 0 }));
/** The sender's first step alone: the staged events become their queued mails. */
const expand = () =>
  expandStaged(ctx.db, ctx.store.settings, 100, (_what, error) => {
    throw error;
  });
const followup = (content: string) => insertRow(ctx.db, 'glpi_itilfollowups', { itemtype: 'Ticket', items_id: ticket, content, users_id: requester, date: '2026-03-02 09:00:00' });

beforeAll(async () => {
  await catcher.start();
  // No global administrator address: the requester is the one recipient of "Update Ticket".
  setSettings(ctx.store, { use_notifications: '1', notifications_mailing: '1', smtp_host: '127.0.0.1', smtp_port: String(catcher.port), admin_email: '', from_email: 'desk@example.org' });
  sender = mailSender(ctx.store, () => undefined);
  inTransaction(ctx.db, () => {
    requester = insertRow(ctx.db, 'glpi_users', { name: 'rita', realname: 'Rita', is_active: 1 });
    insertRow(ctx.db, 'glpi_useremails', { users_id: requester, email: 'rita@example.org', is_default: 1 });
    ticket = insertRow(ctx.db, 'glpi_tickets', { name: 'Old title', content: 'Broken screen', entities_id: 0, status: 2, urgency: 3, impact: 3, priority: 3 });
    insertRow(ctx.db, 'glpi_tickets_users', { tickets_id: ticket, users_id: requester, type: 1 });
  });
});
afterAll(async () => {
  await catcher.stop();
  setClock(systemClock);
});
beforeEach(() => ctx.db.exec('DELETE FROM deskbase_staged_notifications; DELETE FROM glpi_queuednotifications; DELETE FROM glpi_itilfollowups'));

const tag = () => `[GLPI #${String(ticket).padStart(7, '0')}]`;

describe('the change queues, the sender renders', () => {
  test('the change stages its event; the sender queues its recipient with what the template needs, no body yet', () => {
    update();
    expect([staged(), queued()]).toEqual([[{ event: 'update', itemtype: 'Ticket', items_id: ticket }], []]);
    expect(expand()).toBe(1);
    expect(staged()).toEqual([]);
    const [row] = queued();
    expect([row!.name, row!.body_text, row!.messageid, row!.recipient]).toEqual(['Update Ticket', null, null, 'rita@example.org']);
    const source = JSON.parse(row!.render_data!) as { itil: { item: Record<string, unknown>; authorId: number }; userId: number; language: string };
    expect([source.itil.item.id, source.itil.item.name, source.itil.item.status, source.itil.authorId, source.userId, source.language]).toEqual([ticket, 'Old title', 2, 0, requester, 'en_GB']);
  });

  test('the recipients are the actors at the change: a requester removed before the sender runs is told', async () => {
    update();
    ctx.db.query('DELETE FROM glpi_tickets_users WHERE tickets_id = ?').run(ticket);
    try {
      const before = catcher.messages.length;
      expect(await sender.send()).toBe(1);
      expect(catcher.messages[before]!.to).toEqual(['rita@example.org']);
    } finally {
      ctx.db.query('INSERT INTO glpi_tickets_users (tickets_id, users_id, type) VALUES (?, ?, 1)').run(ticket, requester);
    }
  });

  test('the mail shows the ticket as it was at the change: neither a later rename nor a later followup', async () => {
    followup('Before the change');
    update();
    ctx.db.query('UPDATE glpi_tickets SET name = ?, status = 4 WHERE id = ?').run('New title', ticket);
    followup('After the change');
    const before = catcher.messages.length;
    expect(await sender.send()).toBe(1);
    const mail = catcher.messages[before]!;
    expect(headerOf(mail.raw, 'Subject')).toBe(`${tag()} Update: Old title`);
    const text = partOf(mail.raw, 'text/plain')!;
    expect([text.includes('Status: Processing (assigned)'), text.includes('Before the change'), text.includes('After the change'), text.includes('Followups: 1 - Tasks: 0')]).toEqual([true, true, false, true]);
    // The row keeps what was sent, and no longer what it was rendered from.
    const [row] = queued();
    expect([row!.name, row!.render_data, row!.messageid]).toEqual([`${tag()} Update: Old title`, null, headerOf(mail.raw, 'Message-ID')]);
    ctx.db.query("UPDATE glpi_tickets SET name = 'Old title', status = 2 WHERE id = ?").run(ticket);
  });

  test('a mail that failed is sent again as rendered the first time (same subject and Message-ID)', async () => {
    setSettings(ctx.store, { smtp_retry_time: '1', smtp_max_retries: '5' });
    await catcher.stop();
    update();
    expect(await sender.send()).toBe(0);
    const [failed] = queued();
    expect([failed!.name, failed!.render_data]).toEqual([`${tag()} Update: Old title`, null]);
    ctx.db.query('UPDATE glpi_tickets SET name = ? WHERE id = ?').run('Renamed meanwhile', ticket);
    const port = catcher.port;
    catcher = new MailCatcher();
    await catcher.start(port);
    time += 2 * 60_000;
    expect(await sender.send()).toBe(1);
    expect([headerOf(catcher.messages[0]!.raw, 'Subject'), headerOf(catcher.messages[0]!.raw, 'Message-ID')]).toEqual([`${tag()} Update: Old title`, failed!.messageid]);
    ctx.db.query("UPDATE glpi_tickets SET name = 'Old title' WHERE id = ?").run(ticket);
  });

  test("an update's mail lists the ticket's history up to the change (GLPI's FOREACHlog): a reopened ticket shows the status it left and took", async () => {
    const log = (oldValue: string, newValue: string) =>
      insertRow(ctx.db, 'glpi_logs', { itemtype: 'Ticket', items_id: ticket, id_search_option: 12, linked_action: 0, user_name: 'bob', date_mod: '2026-03-02 10:00:00', old_value: oldValue, new_value: newValue });
    const translation = insertRow(ctx.db, 'glpi_notificationtemplatetranslations', {
      notificationtemplates_id: 4,
      language: 'de_DE',
      subject: '##ticket.action##: ##ticket.title##',
      content_text: '##FOREACHlog####ticket.log.user## - ##ticket.log.field##: ##ticket.log.content##\n##ENDFOREACHlog##(##ticket.numberoflogs##)',
    });
    ctx.db.query("UPDATE glpi_users SET language = 'de_DE' WHERE id = ?").run(requester);
    try {
      log('Solved', 'Processing (assigned)');
      update();
      log('Processing (assigned)', 'Closed'); // after the change: not in its mail
      const before = catcher.messages.length;
      expect(await sender.send()).toBe(1);
      expect(partOf(catcher.messages[before]!.raw, 'text/plain')).toBe('bob - Status: Change Solved to Processing (assigned)\n(1)');
    } finally {
      ctx.db.query('DELETE FROM glpi_notificationtemplatetranslations WHERE id = ?').run(translation);
      ctx.db.query("UPDATE glpi_users SET language = NULL WHERE id = ?").run(requester);
      ctx.db.exec("DELETE FROM glpi_logs WHERE itemtype = 'Ticket'");
    }
  });

  test('a notification whose template has no translation queues nothing', () => {
    ctx.db.exec('UPDATE glpi_notificationtemplatetranslations SET notificationtemplates_id = 9999 WHERE notificationtemplates_id = 4');
    try {
      update();
      expect(expand()).toBe(1);
      expect([staged(), queued()]).toEqual([[], []]);
    } finally {
      ctx.db.exec('UPDATE glpi_notificationtemplatetranslations SET notificationtemplates_id = 4 WHERE notificationtemplates_id = 9999');
    }
  });
});
