/**
 * GLPI 10's targets beyond an item's actors, through a real SMTP server: users mentioned in a
 * ticket's description, followups, tasks and solutions ("New user mentionned", the "Mentioned user" target;
 * only users newly mentioned, private elements only to those who may see them; each then observes
 * the ticket, as in GLPI), the technician
 * removed from a ticket ("Former technician in charge" of "Update Ticket"), actors added (GLPI's
 * "New user in observers", "New supplier in assignees"…), the user, technician and group in charge
 * of the ticket's items and the group of a task, a change's approval request and answer (to the
 * approver, to whom asked), and the followup and task events
 * webhooks may subscribe to.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { headerOf, MailCatcher, type CapturedMail } from '../support/smtp';
import { useServer } from '../support/server';
import { Receiver } from '../support/webhook-receiver';
import { until } from '../support/until';

const clock = new TestClock();
const ctx = useServer({}, clock.args);
const mail = new MailCatcher();
const receiver = new Receiver({ status: 200, body: 'ok' });
const ids: Record<string, number> = {};
let bob: Client;

beforeAll(async () => {
  await mail.start();
  receiver.start();
  // No global administrator address: each mail below goes to the targets the test names.
  for (const [name, value] of Object.entries({ use_notifications: '1', notifications_mailing: '1', smtp_host: '127.0.0.1', smtp_port: String(mail.port), admin_email: '', from_email: 'desk@example.org', webhook_allow_private: '1' })) {
    await ctx.api.setConfig(name, value);
  }
  const user = (name: string, profile: number) =>
    ctx.api.create('User', { name, realname: name[0]!.toUpperCase() + name.slice(1), password: 'Pass-word-1', password2: 'Pass-word-1', _profiles_id: profile, email: `${name}@example.org` });
  ids.alice = await user('alice', 1); // requester, self-service: no private followups
  ids.bob = await user('bob', 6); // technician
  ids.carol = await user('carol', 6);
  ids.dave = await user('dave', 6);
  bob = await new Client(ctx.server.api).login('bob', 'Pass-word-1');
});
afterAll(async () => {
  await mail.stop();
  receiver.stop();
});

const queued = async () => ((await (await fetch(`${ctx.server.origin}/health`)).json()) as { mail: { queued: number } }).mail.queued;

/** The mails the action sends (`count` of them, and any more it queued: all are sent once the queue is empty), as "recipient: subject", sorted. */
async function next(count: number, action: () => Promise<unknown>): Promise<string[]> {
  const before = mail.messages.length;
  await action();
  await mail.waitFor(before + count);
  await until('the queue empty', queued, (n) => n === 0);
  const mails = mail.messages.slice(before) as CapturedMail[];
  return mails.map((m) => `${m.to.join(',')}: ${headerOf(m.raw, 'Subject')!}`).sort();
}

const mention = (user: string) => `<span data-user-mention="true" data-user-id="${ids[user]}">@${user}</span>`;
const tag = (id: number) => `[GLPI #${String(id).padStart(7, '0')}]`;

describe('mentioned users', () => {
  let ticket = 0;

  test("a ticket's description mentioning a user: they get GLPI's \"User mentioned\" mail besides the new ticket's", async () => {
    const mails = await next(2, async () => {
      ticket = await ctx.api.create('Ticket', { name: 'Toner low', content: `<p>Ask ${mention('carol')}</p>`, _users_id_requester: ids.alice, _users_id_assign: ids.bob });
    });
    expect(mails).toEqual([`alice@example.org: ${tag(ticket)} New: Toner low`, `carol@example.org: ${tag(ticket)} User mentioned: Toner low`]);
    const actors = (await ctx.api.get(`Ticket/${ticket}/Ticket_User`)).body as { users_id: number; type: number }[];
    expect(actors.map((a) => [a.users_id, a.type]).sort()).toEqual([[ids.alice!, 1], [ids.bob!, 2], [ids.carol!, 3]].sort());
  });

  test('a followup mentioning two users, changed to mention a third: each is told once, when first mentioned', async () => {
    let followup = 0;
    // Carol observes the ticket since her mention: "New followup" reaches her too; Dave joins after his mention.
    const added = await next(4, async () => {
      followup = (await bob.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: ticket, content: `<p>${mention('carol')} and ${mention('dave')}</p>` } })).body.id as number;
    });
    expect(added).toEqual([
      `alice@example.org: ${tag(ticket)} New followup: Toner low`,
      `carol@example.org: ${tag(ticket)} New followup: Toner low`,
      `carol@example.org: ${tag(ticket)} User mentioned: Toner low`,
      `dave@example.org: ${tag(ticket)} User mentioned: Toner low`,
    ]);
    // "Update Followup" goes to the requester as ever; the mention only to the one newly mentioned.
    const changed = await next(4, () => bob.put(`ITILFollowup/${followup}`, { input: { content: `<p>${mention('carol')}, ${mention('dave')}, ${mention('alice')}</p>` } }));
    expect(changed).toEqual([
      `alice@example.org: ${tag(ticket)} Update of a followup: Toner low`,
      `alice@example.org: ${tag(ticket)} User mentioned: Toner low`,
      `carol@example.org: ${tag(ticket)} Update of a followup: Toner low`,
      `dave@example.org: ${tag(ticket)} Update of a followup: Toner low`,
    ]);
  });

  test('a private task mentioning the requester (who may not see private tasks) and a technician: only the technician is told', async () => {
    const mails = await next(3, () => bob.post('TicketTask/', { input: { tickets_id: ticket, content: `<p>${mention('alice')} ${mention('dave')}</p>`, is_private: 1 } }));
    // "New task" too reaches only the observers, technicians who see private tasks.
    expect(mails).toEqual([`carol@example.org: ${tag(ticket)} New task: Toner low`, `dave@example.org: ${tag(ticket)} New task: Toner low`, `dave@example.org: ${tag(ticket)} User mentioned: Toner low`]);
  });

  test('a solution mentioning a user: the requester is told of the solution, the user of the mention', async () => {
    const mails = await next(4, () => bob.post('ITILSolution/', { input: { itemtype: 'Ticket', items_id: ticket, content: `<p>Replaced, thanks ${mention('carol')}</p>` } }));
    expect(mails).toEqual([
      `alice@example.org: ${tag(ticket)} Solved: Toner low`,
      `carol@example.org: ${tag(ticket)} Solved: Toner low`,
      `carol@example.org: ${tag(ticket)} User mentioned: Toner low`,
      `dave@example.org: ${tag(ticket)} Solved: Toner low`,
    ]);
  });
});

describe('the former technician', () => {
  test('removing the assigned technician: "Update Ticket" reaches them (GLPI\'s "Former technician in charge") and the requester', async () => {
    let ticket = 0;
    await next(1, async () => {
      ticket = await ctx.api.create('Ticket', { name: 'Badge reader', content: 'Dead', _users_id_requester: ids.alice, _users_id_assign: ids.carol });
    });
    const links = (await ctx.api.get(`Ticket/${ticket}/Ticket_User`)).body as { id: number; users_id: number; type: number }[];
    const carolLink = links.find((l) => l.users_id === ids.carol && l.type === 2)!;
    const mails = await next(2, () => ctx.api.del(`Ticket_User/${carolLink.id}`));
    expect(mails).toEqual([`alice@example.org: ${tag(ticket)} Update: Badge reader`, `carol@example.org: ${tag(ticket)} Update: Badge reader`]);
  });
});

describe("the ticket's items and the task's group", () => {
  test('a task on a ticket about a computer: "Add Task" reaches the computer\'s technician, user and group in charge, and the task\'s group (GLPI targets 5, 6, 23, 37)', async () => {
    ids.erin = await ctx.api.create('User', { name: 'erin', realname: 'Erin', password: 'Pass-word-1', password2: 'Pass-word-1', _profiles_id: 6, email: 'erin@example.org' });
    ids.frank = await ctx.api.create('User', { name: 'frank', realname: 'Frank', password: 'Pass-word-1', password2: 'Pass-word-1', _profiles_id: 6, email: 'frank@example.org' });
    const itemGroup = await ctx.api.create('Group', { name: 'Workstations' });
    await ctx.api.create('Group_User', { groups_id: itemGroup, users_id: ids.erin });
    const taskGroup = await ctx.api.create('Group', { name: 'Field team' });
    await ctx.api.create('Group_User', { groups_id: taskGroup, users_id: ids.frank });
    const pc = await ctx.api.create('Computer', { name: 'pc-7', users_id_tech: ids.carol, users_id: ids.dave, groups_id_tech: itemGroup });
    // "Add Task" (6) of the fresh install also targets the item's technician, user and group in charge and the task's group.
    const added: number[] = [];
    for (const target of [5, 6, 23, 37]) added.push(await ctx.api.create('NotificationTarget', { notifications_id: 6, type: 1, items_id: target }));
    let ticket = 0;
    await next(1, async () => {
      ticket = await ctx.api.create('Ticket', { name: 'Screen flicker', content: 'Blinks', _users_id_requester: ids.alice });
    });
    await ctx.api.create('Item_Ticket', { tickets_id: ticket, itemtype: 'Computer', items_id: pc });
    const mails = await next(5, () => ctx.api.create('TicketTask', { tickets_id: ticket, content: 'Swap the cable', groups_id_tech: taskGroup }));
    for (const id of added) await ctx.api.del(`NotificationTarget/${id}`);
    const subject = `${tag(ticket)} New task: Screen flicker`;
    expect(mails).toEqual(['alice', 'carol', 'dave', 'erin', 'frank'].map((u) => `${u}@example.org: ${subject}`));
  });
});

describe('change approvals', () => {
  // GLPI 10.0's install has no change approval notifications: an administrator adds them, as in GLPI.
  const notify = async (event: string, target: number) => {
    const id = await ctx.api.create('Notification', { name: `Change ${event}`, itemtype: 'Change', event, entities_id: 0, is_recursive: 1, is_active: 1 });
    await ctx.api.create('Notification_NotificationTemplate', { notifications_id: id, mode: 'mailing', notificationtemplates_id: 19 });
    await ctx.api.create('NotificationTarget', { notifications_id: id, type: 1, items_id: target });
  };

  test('a change approval request mails the approver (GLPI target 14), the answer mails whom asked (15)', async () => {
    await notify('validation', 14);
    await notify('validation_answer', 15);
    const carol = await new Client(ctx.server.api).login('carol', 'Pass-word-1');
    // Its requester (bob, by default) is written with e-mail followup off (glpi_changes_users' default): no "New Change" mail.
    const change = await bob.create('Change', { name: 'New firewall', content: 'Replace it' });
    let asked = 0;
    const request = await next(1, async () => {
      asked = await bob.create('ChangeValidation', { changes_id: change, users_id_validate: ids.carol, comment_submission: 'Please approve' });
    });
    const answer = await next(1, () => carol.put(`ChangeValidation/${asked}`, { input: { status: 3 } }));
    expect(request).toEqual([`carol@example.org: ${tag(change)} Approval request: New firewall`]);
    expect(answer).toEqual([`bob@example.org: ${tag(change)} Approval request answer: New firewall`]);
  });
});

describe('actors added to a ticket', () => {
  test('an observer and an assigned supplier added: GLPI\'s "New user in observers" to the observer, "New supplier in assignees" to the supplier', async () => {
    const supplier = await ctx.api.create('Supplier', { name: 'Parts Ltd', email: 'parts@example.org' });
    let ticket = 0;
    await next(1, async () => {
      ticket = await ctx.api.create('Ticket', { name: 'Fan noise', content: 'Loud', _users_id_requester: ids.alice });
    });
    const observer = await next(1, () => ctx.api.post('Ticket_User/', { input: { tickets_id: ticket, users_id: ids.dave, type: 3 } }));
    expect(observer).toEqual([`dave@example.org: ${tag(ticket)} New user in observers: Fan noise`]);
    const assigned = await next(1, () => ctx.api.post('Supplier_Ticket/', { input: { tickets_id: ticket, suppliers_id: supplier, type: 2 } }));
    expect(assigned).toEqual([`parts@example.org: ${tag(ticket)} New supplier in assignees: Fan noise`]);
  });
});

describe('webhooks', () => {
  test('a webhook subscribes to a followup being deleted, and receives it', async () => {
    const hook = await ctx.api.create('Webhook', { name: 'deleted followups', url: receiver.url, itemtype: 'Ticket', event: 'delete_followup', is_active: 1, is_recursive: 1 });
    expect((await ctx.api.post('Webhook/', { input: { name: 'x', url: receiver.url, itemtype: 'Ticket', event: 'user_mention' } })).status).toBe(400);
    let ticket = 0;
    await next(1, async () => {
      ticket = await ctx.api.create('Ticket', { name: 'Projector', content: 'Blurry', _users_id_requester: ids.alice });
    });
    let followup = 0;
    await next(1, async () => {
      followup = (await ctx.api.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: ticket, content: 'Refocused' } })).body.id as number;
    });
    await next(1, () => ctx.api.del(`ITILFollowup/${followup}`));
    await until('the delivery', () => receiver.received.length, (n) => n === 1);
    const body = JSON.parse(receiver.received[0]!.body) as { event: string; itemtype: string; items_id: number; webhook: { id: number } };
    expect([body.event, body.itemtype, body.items_id, body.webhook.id]).toEqual(['delete_followup', 'Ticket', ticket, hook]);
  });
});

test('the queue (here its sent mails) is served without what a mail is rendered from (render_data holds the ticket and, for a lost password, its token)', async () => {
  const rows = (await ctx.api.get('QueuedNotification/', { query: 'is_deleted=1&range=0-0' })).body as Record<string, unknown>[];
  const one = (await ctx.api.get(`QueuedNotification/${rows[0]!.id as number}`)).body as Record<string, unknown>;
  expect(['render_data', 'body_text', 'body_html'].filter((column) => column in rows[0]! || column in one)).toEqual([]);
  expect(typeof one.recipient).toBe('string');
});

describe('alternative addresses', () => {
  test("an actor's alternative address gets the ticket's mails but never its private followups (whoever names actors may write it)", async () => {
    const ticket = await ctx.api.create('Ticket', {
      name: 'Badge reader',
      content: '<p>Door 3</p>',
      _users_id_requester: ids.alice,
      _users_id_observer: [ids.carol, ids.dave],
      _users_id_observer_notif: { use_notification: [1, 1], alternative_email: ['carol.home@example.net', ''] },
    });
    await until('the new ticket mails sent', queued, (n) => n === 0);
    // Carol and Dave may both see private followups; Carol's mails go to the address the ticket names for her.
    const hidden = await next(1, () => bob.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: ticket, content: '<p>Code is 4711</p>', is_private: 1 } }));
    expect(hidden).toEqual([`dave@example.org: ${tag(ticket)} New followup: Badge reader`]);
    const shown = await next(3, () => bob.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: ticket, content: '<p>Fixed</p>' } }));
    expect(shown).toEqual([
      `alice@example.org: ${tag(ticket)} New followup: Badge reader`,
      `carol.home@example.net: ${tag(ticket)} New followup: Badge reader`,
      `dave@example.org: ${tag(ticket)} New followup: Badge reader`,
    ]);
    // The public followup's mail to the alternative address lists no private followup.
    const home = mail.messages.filter((m) => m.to.includes('carol.home@example.net')).at(-1)!;
    const own = mail.messages.filter((m) => m.to.includes('dave@example.org')).at(-1)!;
    expect([home.raw.includes('4711'), own.raw.includes('4711')]).toEqual([false, true]);
  });
});
