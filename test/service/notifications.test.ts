/**
 * GLPI's notification engine on its own rows (issue 29): a fresh install's default notifications
 * (ids, names, events, templates, targets as GLPI 10.0's), and the mails a ticket's life sends
 * through a real SMTP server: who gets them (GLPI's targets and skip rules), subjects with GLPI's
 * tag, threading headers, text and HTML bodies, private followups, a recipient's language.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { headerOf, MailCatcher, partOf, type CapturedMail } from '../support/smtp';
import { useServer } from '../support/server';
import { stored as readStored } from '../support/stored';

const clock = new TestClock();
const ctx = useServer({}, clock.args);
const mail = new MailCatcher();
const ids: Record<string, number> = {};
let ticket = 0;

beforeAll(async () => {
  await mail.start();
  for (const [name, value] of Object.entries({ use_notifications: '1', notifications_mailing: '1', smtp_host: '127.0.0.1', smtp_port: String(mail.port), admin_email: 'admin@example.org', url_base: 'https://desk.example.org' })) {
    await ctx.api.setConfig(name, value);
  }
  const user = (name: string, profile: number, extra: Record<string, unknown> = {}) =>
    ctx.api.create('User', { name, realname: name[0]!.toUpperCase() + name.slice(1), password: 'Pass-word-1', password2: 'Pass-word-1', _profiles_id: profile, ...extra });
  ids.alice = await user('alice', 1, { email: 'alice@example.org' }); // requester, self-service
  ids.bob = await user('bob', 6, { email: 'bob@example.org' }); // assigned technician
  ids.carol = await user('carol', 6, { email: 'carol@example.org' }); // observer, technician
  ids.dave = await user('dave', 6, { email: 'dave@example.org', is_active: 0 }); // observer, inactive
  ids.erin = await user('erin', 6); // observer without an address
});
afterAll(() => mail.stop());

/** The mails that arrive for the next `count` sends, by recipient. */
async function next(count: number, action: () => Promise<unknown>): Promise<Map<string, CapturedMail>> {
  const before = mail.messages.length;
  await action();
  await mail.waitFor(before + count);
  return new Map(mail.messages.slice(before).map((m) => [m.to.join(','), m]));
}

const stored = (sql: string) => readStored(ctx.server.dataDir, sql);

describe("a fresh install has GLPI 10.0's default notifications", () => {
  test('ids, names, events, templates and targets of the ticket ones', async () => {
    const notifications = (await ctx.api.get('Notification/', { query: 'range=0-200' })).body as Record<string, unknown>[];
    const ticketOnes = notifications.filter((n) => n.itemtype === 'Ticket').map((n) => [n.id, n.name, n.event, n.is_active]);
    expect(ticketOnes.slice(0, 6)).toEqual([
      [1, 'Alert Tickets not closed', 'alertnotclosed', 1],
      [2, 'New Ticket', 'new', 1],
      [3, 'Update Ticket', 'update', 1],
      [4, 'Close Ticket', 'closed', 1],
      [5, 'Add Followup', 'add_followup', 1],
      [6, 'Add Task', 'add_task', 1],
    ]);
    expect(ticketOnes.find((n) => n[0] === 11)).toEqual([11, 'Resolve ticket', 'solved', 1]);
    expect(ticketOnes.find((n) => n[0] === 63)).toEqual([63, 'New user in assignees', 'assign_user', 1]);
    expect(stored('SELECT items_id, type FROM glpi_notificationtargets WHERE notifications_id = 2 ORDER BY id')).toEqual([
      { items_id: 3, type: 2 }, // the Admin profile
      { items_id: 1, type: 1 }, // the global administrator
      { items_id: 3, type: 1 }, // the requesters
      { items_id: 21, type: 1 }, // the observers
    ]);
    expect(stored('SELECT notificationtemplates_id AS t FROM glpi_notifications_notificationtemplates WHERE notifications_id IN (2, 12, 26) ORDER BY notifications_id')).toEqual([{ t: 4 }, { t: 7 }, { t: 14 }]);
    expect(stored("SELECT id, name FROM glpi_notificationtemplates WHERE itemtype = 'Ticket' ORDER BY id")).toEqual([
      { id: 4, name: 'Tickets' },
      { id: 5, name: 'Tickets (Simple)' },
      { id: 6, name: 'Alert Tickets not closed' },
      { id: 7, name: 'Tickets Validation' },
      { id: 14, name: 'Ticket Satisfaction' },
    ]);
  });
});

describe("a ticket's mails", () => {
  let thread = '';

  test('new: to the global administrator, the requester and the observers (not the inactive one, not the one without address, not the assignee)', async () => {
    const mails = await next(3, async () => {
      ticket = await ctx.api.create('Ticket', {
        name: 'Printer on fire',
        content: '<p>Smoke &amp; flames</p>',
        _users_id_requester: ids.alice,
        _users_id_observer: [ids.carol, ids.dave, ids.erin],
        _users_id_assign: ids.bob,
      });
    });
    expect([...mails.keys()].sort()).toEqual(['admin@example.org', 'alice@example.org', 'carol@example.org']);
    const toAlice = mails.get('alice@example.org')!;
    const tag = `[GLPI #${String(ticket).padStart(7, '0')}]`;
    expect(headerOf(toAlice.raw, 'Subject')).toBe(`${tag} New: Printer on fire`);
    expect(headerOf(toAlice.raw, 'To')).toBe('Alice <alice@example.org>');
    thread = headerOf(toAlice.raw, 'Message-ID')!;
    expect(thread).toMatch(new RegExp(`^<GLPI_[0-9a-f]{32}-Ticket-${ticket}/new@.+>$`));
    expect(headerOf(toAlice.raw, 'In-Reply-To')).toBeNull();
    const text = partOf(toAlice.raw, 'text/plain')!;
    expect(text).toContain(`https://desk.example.org/#/Ticket/${ticket}`);
    expect(text).toContain('Smoke & flames');
    expect(text).toContain('Assigned to: Bob');
    expect(partOf(toAlice.raw, 'text/html')).toContain('Smoke &#38; flames');
  });

  test('a public followup: to the same targets, threaded under the first mail', async () => {
    const bob = await new Client(ctx.server.api).login('bob', 'Pass-word-1');
    const mails = await next(3, () => bob.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: ticket, content: 'Extinguisher on its way' } }));
    expect([...mails.keys()].sort()).toEqual(['admin@example.org', 'alice@example.org', 'carol@example.org']);
    const toCarol = mails.get('carol@example.org')!;
    expect(headerOf(toCarol.raw, 'Subject')).toBe(`[GLPI #${String(ticket).padStart(7, '0')}] New followup: Printer on fire`);
    expect([headerOf(toCarol.raw, 'In-Reply-To'), headerOf(toCarol.raw, 'References')]).toEqual([thread, thread]);
    expect(headerOf(toCarol.raw, 'Message-ID')).not.toBe(thread);
    expect(partOf(toCarol.raw, 'text/plain')).toContain('Bob wrote:\nExtinguisher on its way');
  });

  test('a private followup: only to those who may see private followups (the technician observer)', async () => {
    const bob = await new Client(ctx.server.api).login('bob', 'Pass-word-1');
    const mails = await next(1, () => bob.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: ticket, content: 'Internal: toner recall', is_private: 1 } }));
    expect([...mails.keys()]).toEqual(['carol@example.org']);
    expect(partOf(mails.get('carol@example.org')!.raw, 'text/plain')).toContain('Internal: toner recall');
    // The next public mail to the requester lists only the public followup.
    const next2 = await next(3, () => bob.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: ticket, content: 'Fire is out' } }));
    const toAlice = partOf(next2.get('alice@example.org')!.raw, 'text/plain')!;
    expect(toAlice).toContain('Fire is out');
    expect(toAlice).not.toContain('toner recall');
    expect(partOf(next2.get('carol@example.org')!.raw, 'text/plain')).toContain('toner recall');
  });

  test("the author of a change is left out when their notification_to_myself is off", async () => {
    expect((await ctx.api.put(`User/${ids.alice}`, { input: { notification_to_myself: 0 } })).status).toBe(200);
    const alice = await new Client(ctx.server.api).login('alice', 'Pass-word-1');
    const mails = await next(2, () => alice.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: ticket, content: 'Thanks!' } }));
    expect([...mails.keys()].sort()).toEqual(['admin@example.org', 'carol@example.org']);
  });

  test('a followup changed, then deleted: "Update Followup" and "Delete Followup" to their targets', async () => {
    const bob = await new Client(ctx.server.api).login('bob', 'Pass-word-1');
    const followups = (await ctx.api.get(`Ticket/${ticket}/ITILFollowup`)).body as { id: number; content: string }[];
    const fireOut = followups.find((f) => f.content.includes('Fire is out'))!;
    const changed = await next(3, () => bob.put(`ITILFollowup/${fireOut.id}`, { input: { content: 'Fire is out, smoke remains' } }));
    expect([...changed.keys()].sort()).toEqual(['admin@example.org', 'alice@example.org', 'carol@example.org']);
    expect(headerOf(changed.get('alice@example.org')!.raw, 'Subject')).toBe(`[GLPI #${String(ticket).padStart(7, '0')}] Update of a followup: Printer on fire`);
    expect(partOf(changed.get('alice@example.org')!.raw, 'text/plain')).toContain('Fire is out, smoke remains');
    // Deleted by the administrator (a technician may not delete followups).
    const deleted = await next(3, () => ctx.api.del(`ITILFollowup/${fireOut.id}`));
    expect([...deleted.keys()].sort()).toEqual(['admin@example.org', 'alice@example.org', 'carol@example.org']);
    expect(headerOf(deleted.get('carol@example.org')!.raw, 'Subject')).toBe(`[GLPI #${String(ticket).padStart(7, '0')}] Deletion of a followup: Printer on fire`);
    // A purged ticket: GLPI's "Delete Ticket" to the administrator; its followups go with it without a deletion mail each.
    let doomed = 0;
    await next(2, async () => (doomed = await ctx.api.create('Ticket', { name: 'Duplicate', content: 'x', _users_id_requester: ids.alice })));
    await next(2, () => ctx.api.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: doomed, content: 'Same as the other one' } }));
    const purged = await next(1, () => ctx.api.del(`Ticket/${doomed}`, { query: 'force_purge=true' }));
    expect([...purged.keys()]).toEqual(['admin@example.org']);
    expect(headerOf(purged.get('admin@example.org')!.raw, 'Subject')).toBe(`[GLPI #${String(doomed).padStart(7, '0')}] Deletion: Duplicate`);
    expect((await ctx.api.get(`Ticket/${doomed}`)).status).toBe(404);
    expect(stored(`SELECT event FROM glpi_queuednotifications WHERE items_id = ${doomed} AND event LIKE 'delete%'`)).toEqual([{ event: 'delete' }]);
  });

  test('solved: the solution in the mail, GLPI\'s "Resolve ticket" targets', async () => {
    const bob = await new Client(ctx.server.api).login('bob', 'Pass-word-1');
    expect((await ctx.api.put(`User/${ids.alice}`, { input: { notification_to_myself: 1 } })).status).toBe(200);
    const mails = await next(3, () => bob.post('ITILSolution/', { input: { itemtype: 'Ticket', items_id: ticket, content: 'Replaced the fuser' } }));
    expect([...mails.keys()].sort()).toEqual(['admin@example.org', 'alice@example.org', 'carol@example.org']);
    const toAlice = mails.get('alice@example.org')!;
    expect(headerOf(toAlice.raw, 'Subject')).toBe(`[GLPI #${String(ticket).padStart(7, '0')}] Solved: Printer on fire`);
    expect(partOf(toAlice.raw, 'text/plain')).toContain('Solution: Replaced the fuser');
  });

  test('with notifications off nothing is queued', async () => {
    await ctx.api.setConfig('use_notifications', '0');
    try {
      const quiet = await ctx.api.create('Ticket', { name: 'Quiet one', content: 'x', _users_id_requester: ids.alice });
      // Neither a mail nor an event staged for the sender.
      expect(stored(`SELECT (SELECT COUNT(*) FROM glpi_queuednotifications WHERE items_id = ${quiet}) + (SELECT COUNT(*) FROM deskbase_staged_notifications WHERE items_id = ${quiet}) AS n`)).toEqual([{ n: 0 }]);
    } finally {
      await ctx.api.setConfig('use_notifications', '1');
    }
  });
});

describe('events raised by rules and automatic actions', () => {
  test('closed, then the satisfaction survey the createinquest action draws: to the requester', async () => {
    const entity = await ctx.api.create('Entity', { name: 'Surveyed', entities_id: 0, inquest_config: 1, inquest_rate: 100, inquest_delay: 0 });
    let id = 0;
    const created = await next(2, async () => {
      id = await ctx.api.create('Ticket', { name: 'Mouse dead', content: 'x', entities_id: entity, _users_id_requester: ids.alice });
    });
    expect([...created.keys()].sort()).toEqual(['admin@example.org', 'alice@example.org']);
    const closed = await next(2, () => ctx.api.put(`Ticket/${id}`, { input: { status: 6 } }));
    expect(headerOf(closed.get('alice@example.org')!.raw, 'Subject')).toBe(`[GLPI #${String(id).padStart(7, '0')}] Closure: Mouse dead`);
    const survey = await next(1, async () => {
      clock.advance(2 * 60_000); // the next request runs the automatic actions
      await ctx.api.get(`Ticket/${id}`);
    });
    expect([...survey.keys()]).toEqual(['alice@example.org']);
    expect(headerOf(survey.get('alice@example.org')!.raw, 'Subject')).toBe(`[GLPI #${String(id).padStart(7, '0')}] Satisfaction survey: Mouse dead`);
  });
});

test("a change's mails use GLPI's \"New Change\" notification and its Changes template", async () => {
  let id = 0;
  const mails = await next(1, async () => {
    id = await ctx.api.create('Change', { name: 'Swap the core switch', content: 'Saturday night' });
  });
  const toAdmin = mails.get('admin@example.org')!;
  expect(headerOf(toAdmin.raw, 'Subject')).toBe(`[GLPI #${String(id).padStart(7, '0')}] New: Swap the core switch`);
  expect(headerOf(toAdmin.raw, 'Message-ID')).toMatch(new RegExp(`-Change-${id}/new@`));
  expect(partOf(toAdmin.raw, 'text/plain')).toContain('Saturday night');
});

describe('templates', () => {
  test("a recipient gets the translation of their language, else the one for all languages; the entity's subject tag replaces GLPI", async () => {
    await ctx.server.stop();
    const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'));
    db.exec(`INSERT INTO glpi_notificationtemplatetranslations (notificationtemplates_id, language, subject, content_text, content_html)
             VALUES (4, 'fr_FR', 'Nouveau : ##ticket.title##', 'Bonjour ##ticket.authors## ##ticket.nosuchtag##.', '')`);
    db.exec("UPDATE glpi_entities SET notification_subject_tag = 'Desk' WHERE id = 0");
    db.exec(`UPDATE glpi_users SET language = 'fr_FR' WHERE id = ${ids.carol}`);
    db.close();
    await ctx.server.start();
    ctx.api = await new Client(ctx.server.api).login();
    let id = 0;
    const mails = await next(3, async () => {
      id = await ctx.api.create('Ticket', { name: 'Scanner jam', content: 'Paper stuck', _users_id_requester: ids.alice, _users_id_observer: ids.carol });
    });
    const toCarol = mails.get('carol@example.org')!;
    expect(headerOf(toCarol.raw, 'Subject')).toBe(`[Desk #${String(id).padStart(7, '0')}] Nouveau : Scanner jam`);
    expect(partOf(toCarol.raw, 'text/plain')).toBe('Bonjour Alice .');
    expect(partOf(toCarol.raw, 'text/html')).toBeNull();
    expect(headerOf(mails.get('alice@example.org')!.raw, 'Subject')).toBe(`[Desk #${String(id).padStart(7, '0')}] New: Scanner jam`);
  });
});

test('migration 22 gives an older folder the defaults, and keeps the notifications a folder already has (an imported GLPI)', async () => {
  await ctx.server.stop();
  const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'));
  db.exec('DELETE FROM glpi_notifications WHERE id <> 2; DELETE FROM glpi_notificationtargets; DELETE FROM glpi_notifications_notificationtemplates');
  db.exec("UPDATE glpi_notifications SET name = 'Our new ticket mail' WHERE id = 2; DELETE FROM deskbase_migrations WHERE id = 22");
  db.close();
  await ctx.server.start();
  ctx.api = await new Client(ctx.server.api).login();
  expect(stored('SELECT id, name FROM glpi_notifications WHERE id IN (2, 3) ORDER BY id')).toEqual([
    { id: 2, name: 'Our new ticket mail' },
    { id: 3, name: 'Update Ticket' },
  ]);
  expect(stored('SELECT COUNT(*) AS n FROM glpi_notificationtargets WHERE notifications_id = 2')).toEqual([{ n: 0 }]);
  expect(stored('SELECT items_id, type FROM glpi_notificationtargets WHERE notifications_id = 3 ORDER BY id')).toEqual([1, 2, 4, 3, 21].map((items_id) => ({ items_id, type: 1 })));
});
