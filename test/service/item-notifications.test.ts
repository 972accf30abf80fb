/**
 * GLPI's notifications beyond tickets (issue 29): a fresh install's default User, Reservation,
 * Contract and Infocom notifications (ids, events, templates, targets as GLPI 10.0's) and their
 * automatic actions; then what arrives at a real SMTP server: a reservation's new/delete mails, the
 * reservation alert, a contract's end and a warranty's end (each once), and the password expiry warning.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { headerOf, MailCatcher, partOf, type CapturedMail } from '../support/smtp';
import { useServer } from '../support/server';
import { stored as readStored } from '../support/stored';

const clock = new TestClock(); // 2026-01-15 09:00
const ctx = useServer({ TZ: 'UTC' }, clock.args);
const mail = new MailCatcher();
const ids: Record<string, number> = {};

const stored = (sql: string) => readStored(ctx.server.dataDir, sql);
/** Events raised but not yet turned into mails by the sender (a second alert would wait there first). */
const staged = (itemtype: string) => stored(`SELECT event FROM deskbase_staged_notifications WHERE itemtype = '${itemtype}'`);

/** The mails the next `count` sends bring, by recipient. */
async function next(count: number, action: () => Promise<unknown>): Promise<Map<string, CapturedMail>> {
  const before = mail.messages.length;
  await action();
  await mail.waitFor(before + count);
  return new Map(mail.messages.slice(before).map((m) => [m.to.join(','), m]));
}

/** A minute later, any request runs the automatic actions. */
const nextMinute = async () => {
  clock.advance(61_000);
  expect((await ctx.api.get('getMyProfiles')).status).toBe(200);
};

const subjectOf = (m: CapturedMail | undefined) => headerOf(m?.raw ?? '', 'Subject');
const textOf = (m: CapturedMail | undefined) => partOf(m?.raw ?? '', 'text/plain') ?? '';

beforeAll(async () => {
  await mail.start();
  for (const [name, value] of Object.entries({ use_notifications: '1', notifications_mailing: '1', smtp_host: '127.0.0.1', smtp_port: String(mail.port), admin_email: 'admin@example.org', url_base: 'https://desk.example.org' })) {
    await ctx.api.setConfig(name, value);
  }
  ids.alice = await ctx.api.create('User', { name: 'alice', realname: 'Alice', password: 'Pass-word-1', password2: 'Pass-word-1', _profiles_id: 1, email: 'alice@example.org' });
  ids.bob = await ctx.api.create('User', { name: 'bob', realname: 'Bob', password: 'Pass-word-1', password2: 'Pass-word-1', _profiles_id: 6, email: 'bob@example.org' });
  ids.laptop = await ctx.api.create('Computer', { name: 'Loan laptop 3', users_id_tech: ids.bob });
  // Targets GLPI's install leaves these alerts without, and the expiry warning turned on (the API serves both read-only).
  await ctx.server.stop();
  const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'));
  db.exec(`INSERT INTO glpi_notificationtargets (notifications_id, type, items_id) VALUES (13, 1, 5), (16, 1, 1), (18, 1, 1), (22, 1, 1), (17, 1, 1), (38, 1, 1), (39, 1, 1);
           UPDATE glpi_crontasks SET state = 1 WHERE id = 36`);
  db.close();
  await ctx.server.start();
  ctx.api = await new Client(ctx.server.api).login();
});
afterAll(() => mail.stop());

describe("GLPI 10.0's default notifications beyond ITIL", () => {
  test('ids, names, events, templates and targets', () => {
    expect(stored("SELECT n.id, n.name, n.itemtype, n.event, l.notificationtemplates_id AS template FROM glpi_notifications n JOIN glpi_notifications_notificationtemplates l ON l.notifications_id = n.id WHERE n.itemtype IN ('User', 'Reservation', 'Contract', 'Infocom') ORDER BY n.id")).toEqual([
      { id: 13, name: 'New Reservation', itemtype: 'Reservation', event: 'new', template: 2 },
      { id: 14, name: 'Update Reservation', itemtype: 'Reservation', event: 'update', template: 2 },
      { id: 15, name: 'Delete Reservation', itemtype: 'Reservation', event: 'delete', template: 2 },
      { id: 16, name: 'Alert Reservation', itemtype: 'Reservation', event: 'alert', template: 3 },
      { id: 17, name: 'Contract Notice', itemtype: 'Contract', event: 'notice', template: 12 },
      { id: 18, name: 'Contract End', itemtype: 'Contract', event: 'end', template: 12 },
      { id: 22, name: 'Infocoms', itemtype: 'Infocom', event: 'alert', template: 10 },
      { id: 25, name: 'Password Forget', itemtype: 'User', event: 'passwordforget', template: 13 },
      { id: 38, name: 'Contract End Periodicity', itemtype: 'Contract', event: 'periodicity', template: 12 },
      { id: 39, name: 'Contract Notice Periodicity', itemtype: 'Contract', event: 'periodicitynotice', template: 12 },
      { id: 70, name: 'Password expires alert', itemtype: 'User', event: 'passwordexpires', template: 27 },
    ]);
    expect(stored('SELECT id, items_id, type, notifications_id FROM glpi_notificationtargets WHERE notifications_id IN (13, 14, 15, 16, 17, 18, 22, 25, 38, 39, 70) ORDER BY id')).toEqual([
      { id: 1, items_id: 3, type: 1, notifications_id: 13 },
      { id: 2, items_id: 1, type: 1, notifications_id: 13 },
      { id: 16, items_id: 3, type: 1, notifications_id: 14 },
      { id: 17, items_id: 1, type: 1, notifications_id: 14 },
      { id: 18, items_id: 3, type: 1, notifications_id: 15 },
      { id: 19, items_id: 1, type: 1, notifications_id: 15 },
      { id: 32, items_id: 19, type: 1, notifications_id: 25 },
      { id: 138, items_id: 19, type: 1, notifications_id: 70 },
      // Added by this test: the reserved item's technician in charge, the administrator.
      { id: 141, items_id: 5, type: 1, notifications_id: 13 },
      { id: 142, items_id: 1, type: 1, notifications_id: 16 },
      { id: 143, items_id: 1, type: 1, notifications_id: 18 },
      { id: 144, items_id: 1, type: 1, notifications_id: 22 },
      { id: 145, items_id: 1, type: 1, notifications_id: 17 },
      { id: 146, items_id: 1, type: 1, notifications_id: 38 },
      { id: 147, items_id: 1, type: 1, notifications_id: 39 },
    ]);
    expect(stored('SELECT id, name, itemtype FROM glpi_notificationtemplates WHERE id IN (2, 3, 10, 12, 13, 27) ORDER BY id')).toEqual([
      { id: 2, name: 'Reservations', itemtype: 'Reservation' },
      { id: 3, name: 'Alert Reservation', itemtype: 'Reservation' },
      { id: 10, name: 'Infocoms', itemtype: 'Infocom' },
      { id: 12, name: 'Contracts', itemtype: 'Contract' },
      { id: 13, name: 'Password Forget', itemtype: 'User' },
      { id: 27, name: 'Password expires alert', itemtype: 'User' },
    ]);
    expect(stored('SELECT id, itemtype, name, frequency, state, mode, param FROM glpi_crontasks WHERE id IN (4, 5, 14, 36) ORDER BY id')).toEqual([
      { id: 4, itemtype: 'Contract', name: 'contract', frequency: 86400, state: 1, mode: 1, param: null },
      { id: 5, itemtype: 'Infocom', name: 'infocom', frequency: 86400, state: 1, mode: 1, param: null },
      { id: 14, itemtype: 'ReservationItem', name: 'reservation', frequency: 3600, state: 1, mode: 1, param: null },
      { id: 36, itemtype: 'User', name: 'passwordexpiration', frequency: 86400, state: 1, mode: 2, param: 100 }, // 0 in the install, turned on above
    ]);
  });
});

describe('reservations', () => {
  test("a new reservation goes to its user and the administrator; its deletion too; the item's technician when targeted", async () => {
    ids.item = await ctx.api.create('ReservationItem', { itemtype: 'Computer', items_id: ids.laptop, is_active: 1 });
    const added = await next(3, async () => {
      ids.reservation = await ctx.api.create('Reservation', { reservationitems_id: ids.item, users_id: ids.alice, begin: '2026-01-15 10:00:00', end: '2026-01-15 12:00:00', comment: 'for the audit' });
    });
    expect([...added.keys()].sort()).toEqual(['admin@example.org', 'alice@example.org', 'bob@example.org']);
    const alice = added.get('alice@example.org');
    expect(subjectOf(alice)).toBe('New reservation');
    expect(textOf(alice)).toContain('By: Alice\nItem: Computer - Loan laptop 3\nTechnician in charge: Bob\nFrom 2026-01-15 10:00:00 to 2026-01-15 12:00:00\n\nfor the audit');

    const deleted = await next(2, () => ctx.api.del(`Reservation/${ids.reservation}`));
    expect([...deleted.keys()].sort()).toEqual(['admin@example.org', 'alice@example.org']);
    expect(subjectOf(deleted.get('alice@example.org'))).toBe('Deletion of a reservation');
  });

  test('the reservation alert lists, once, the reservations ending within the entity\'s hours', async () => {
    expect((await ctx.api.put('Entity/0', { input: { use_reservations_alert: 2 } })).status).toBe(200);
    await next(3, () => ctx.api.create('Reservation', { reservationitems_id: ids.item, users_id: ids.alice, begin: '2026-01-15 09:30:00', end: '2026-01-15 10:30:00' }));
    // Ends beyond the two hours: not yet.
    await next(3, () => ctx.api.create('Reservation', { reservationitems_id: ids.item, users_id: ids.alice, begin: '2026-01-16 09:00:00', end: '2026-01-16 10:00:00' }));
    const alert = await next(1, nextMinute);
    const admin = alert.get('admin@example.org');
    expect(subjectOf(admin)).toBe('Reservation expired Root entity');
    expect(textOf(admin)).toContain('Computer - Loan laptop 3, reserved by Alice until 2026-01-15 10:30:00\nhttps://desk.example.org/#/Computer/');
    expect(textOf(admin)).not.toContain('2026-01-16');
    await nextMinute();
    expect([stored("SELECT COUNT(*) AS n FROM glpi_queuednotifications WHERE itemtype = 'Reservation' AND event = 'alert'"), staged('Reservation')]).toEqual([[{ n: 1 }], []]);
  });
});

describe('contracts and warranties', () => {
  test("a contract's end is told once to the notification's targets, when the entity asks for contract alerts", async () => {
    const contract = await ctx.api.create('Contract', { name: 'Printer lease', num: 'PL-7', begin_date: '2025-01-20', duration: 12, alert: 4 });
    await ctx.api.create('Contract', { name: 'Not yet', begin_date: '2025-06-01', duration: 12, alert: 4 });
    // Off by default (the root entity's use_contracts_alert 0): nothing.
    await nextMinute();
    expect([stored("SELECT COUNT(*) AS n FROM glpi_queuednotifications WHERE itemtype = 'Contract'"), staged('Contract')]).toEqual([[{ n: 0 }], []]);
    expect((await ctx.api.put('Entity/0', { input: { use_contracts_alert: 1, send_contracts_alert_before_delay: 7 } })).status).toBe(200);
    // Ends 2026-01-20, within the 7 days.
    const alert = await next(1, nextMinute);
    const admin = alert.get('admin@example.org');
    expect(subjectOf(admin)).toBe('End of contracts Root entity');
    expect(textOf(admin)).toContain(`Printer lease (PL-7): 2026-01-20\nhttps://desk.example.org/#/Contract/${contract}`);
    expect(textOf(admin)).not.toContain('Not yet');
    await nextMinute();
    expect([stored("SELECT event, items_id FROM glpi_queuednotifications WHERE itemtype = 'Contract'"), staged('Contract')]).toEqual([[{ event: 'end', items_id: 0 }], []]);
    expect(stored(`SELECT itemtype, items_id, type FROM glpi_alerts WHERE itemtype = 'Contract'`)).toEqual([{ itemtype: 'Contract', items_id: contract, type: 2 }]);
  });

  test("a contract's notice, and a periodic contract's period end and notice, each once", async () => {
    // Ends 2026-04-01, notice 3 months: from 2026-01-01 (7 days ahead: 2025-12-25).
    await ctx.api.create('Contract', { name: 'Support desk', num: 'SD-1', begin_date: '2025-04-01', duration: 12, notice: 3, alert: 8 });
    // Periods of 3 months from 2025-10-20: this one ends 2026-01-20; its notice (1 month) began 2025-12-20.
    await ctx.api.create('Contract', { name: 'Copier rental', num: 'CR-2', begin_date: '2025-10-20', duration: 0, periodicity: 3, notice: 1, alert: 72 });
    const before = mail.messages.length;
    await nextMinute();
    await mail.waitFor(before + 3);
    const bySubject = new Map(mail.messages.slice(before).map((m) => [subjectOf(m), textOf(m)]));
    expect([...bySubject.keys()].sort()).toEqual(['Contract periods ending Root entity', 'Contract periods notice Root entity', 'Contracts notice Root entity']);
    expect(bySubject.get('Contracts notice Root entity')).toContain('Support desk (SD-1): 2026-01-01');
    expect(bySubject.get('Contract periods ending Root entity')).toContain('Copier rental (CR-2): 2026-01-20');
    expect(bySubject.get('Contract periods notice Root entity')).toContain('Copier rental (CR-2): 2025-12-20');
    await nextMinute();
    expect([stored("SELECT event FROM glpi_queuednotifications WHERE itemtype = 'Contract' ORDER BY id"), staged('Contract')]).toEqual([[{ event: 'end' }, { event: 'notice' }, { event: 'periodicity' }, { event: 'periodicitynotice' }], []]);
  });

  test("a warranty's end (GLPI's infocom action) is told once", async () => {
    expect((await ctx.api.put('Entity/0', { input: { use_infocoms_alert: 1, send_infocoms_alert_before_delay: 0 } })).status).toBe(200);
    await ctx.api.create('Infocom', { itemtype: 'Computer', items_id: ids.laptop, warranty_date: '2024-01-01', warranty_duration: 24, alert: 4 });
    const alert = await next(1, nextMinute);
    const admin = alert.get('admin@example.org');
    expect(subjectOf(admin)).toBe('Alarms on financial and administrative information Root entity');
    expect(textOf(admin)).toContain(`Computer - Loan laptop 3: warranty ends 2026-01-01\nhttps://desk.example.org/#/Computer/${ids.laptop}`);
    await nextMinute();
    expect([stored("SELECT COUNT(*) AS n FROM glpi_queuednotifications WHERE itemtype = 'Infocom'"), staged('Infocom')]).toEqual([[{ n: 1 }], []]);
  });
});

describe('users', () => {
  test('the password expiry warning (passwordexpiration, off by default) goes once per password', async () => {
    await ctx.api.setConfig('password_expiration_delay', '30');
    await ctx.api.setConfig('password_expiration_notice', '5');
    await ctx.api.setConfig('password_expiration_lock_delay', '3');
    await ctx.api.setConfig('session_idle_timeout', String(60 * 86_400)); // the test's session outlives the weeks it skips
    // Passwords set 2026-01-15 expire 2026-02-14; the warning starts 2026-02-09.
    clock.advance(25 * 86_400_000);
    const warned = await next(2, nextMinute);
    expect([...warned.keys()].sort()).toEqual(['alice@example.org', 'bob@example.org']);
    const alice = warned.get('alice@example.org');
    expect(subjectOf(alice)).toBe('Password expires');
    expect(textOf(alice)).toContain('The password of the account "alice" expires on 2026-02-14.\nUnless it is changed, the account is locked on 2026-02-17.');
    await nextMinute();
    expect([stored("SELECT COUNT(*) AS n FROM glpi_queuednotifications WHERE event = 'passwordexpires'"), staged('User')]).toEqual([[{ n: 2 }], []]);
  });
});
