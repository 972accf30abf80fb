/**
 * What the notification console needs from the API (issue 29, part 5): notifications, templates,
 * translations and targets written with the `notification` right (the Super-Admin's; not an
 * Admin's), a preview of a translation (stored or being edited) rendered from a real ticket with
 * its unknown tags flagged, and the mail queue read with `queuednotification`, each failure's
 * reason kept, "retry now" sending a failing mail at once once its SMTP server is back.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { scenario } from '../support/scenario';
import { useServer } from '../support/server';
import { MailCatcher } from '../support/smtp';
import { until } from '../support/until';
import { createUser, DENIED, loginAs, NOT_FOUND } from '../rights/fixture';

const clock = new TestClock();
const ctx = useServer({}, clock.args);
let mail = new MailCatcher();
let port = 0;
let admin: Client;
let adminId: number;
let requester: Client;
let ticket: number;

beforeAll(async () => {
  await mail.start();
  port = mail.port;
  await mail.stop(); // the SMTP server is away at first
  for (const [name, value] of Object.entries({ use_notifications: '1', notifications_mailing: '1', smtp_host: '127.0.0.1', smtp_port: String(port), admin_email: 'admin@example.org', url_base: 'https://desk.example.org' })) {
    await ctx.api.setConfig(name, value);
  }
  adminId = await createUser(ctx.api, 'admin-notif', 3, 0);
  admin = await loginAs(ctx.server.api, 'admin-notif');
  await createUser(ctx.api, 'requester-notif', 1, 0);
  requester = await loginAs(ctx.server.api, 'requester-notif');
  ticket = await ctx.api.create('Ticket', { name: 'Printer on fire', content: '<p>Smoke on floor 2</p>' });
});
afterAll(() => mail.stop());

describe('notifications and templates are written with the notification right', () => {
  test('the Super-Admin edits them; an Admin neither writes nor reads them', async () => {
    await scenario(ctx.api, [
      { request: 'PUT Notification/3', body: { input: { is_active: 0 } }, status: 200 },
      { request: 'GET Notification/3', status: 200, answer: { name: 'Update Ticket', is_active: 0 } },
      { request: 'PUT Notification/3', body: { input: { is_active: 1 } }, status: 200 },
      { request: 'POST NotificationTarget', body: { input: { notifications_id: 3, type: 1, items_id: 2 } }, status: 201 },
      { request: 'PUT NotificationTemplateTranslation/4', body: { input: { subject: '##ticket.action##: ##ticket.title## (##ticket.priority##)' } }, status: 200 },
      { request: 'POST NotificationTemplateTranslation', body: { input: { notificationtemplates_id: 4, language: 'fr_FR', subject: 'Ticket ##ticket.title##', content_text: 'Bonjour' } }, status: 201 },
      { request: 'PUT Notification/3', as: admin, body: { input: { is_active: 0 } }, ...DENIED },
      { request: 'GET NotificationTemplate/4', as: admin, ...DENIED },
    ]);
  });
});

describe("a user's own notification preference", () => {
  test('anyone sets whether they are mailed about their own changes (empty: the global setting), not for others', async () => {
    const me = Number((await requester.get('getFullSession')).body.session.glpiID);
    await scenario(ctx.api, [
      { request: `PUT User/${me}`, as: requester, body: { input: { notification_to_myself: 0 } }, status: 200 },
      { request: `GET User/${me}`, status: 200, answer: { notification_to_myself: 0 } },
      { request: `PUT User/${me}`, as: requester, body: { input: { notification_to_myself: null } }, status: 200 },
      { request: `GET User/${me}`, status: 200, answer: { notification_to_myself: null } },
      { request: `PUT User/${adminId}`, as: requester, body: { input: { notification_to_myself: 0 } }, status: 400, error: 'ERROR_GLPI_UPDATE' },
      { request: `GET User/${adminId}`, status: 200, answer: { notification_to_myself: null } },
    ]);
  });
});

describe('the preview', () => {
  test('renders a translation on a real ticket, stored or being edited, and flags the tags its data lacks', async () => {
    await scenario(ctx.api, [
      {
        request: 'POST previewNotification',
        body: { notificationtemplates_id: 4, items_id: ticket },
        status: 200,
        check: (res) => {
          expect(res.body.subject).toBe(`[GLPI #${String(ticket).padStart(7, '0')}] Update: Printer on fire (Medium)`);
          expect(res.body.text).toContain(`https://desk.example.org/#/Ticket/${ticket}`);
          expect(res.body.text).toContain('Smoke on floor 2');
          expect(res.body.html).toContain('<div>Smoke on floor 2</div>');
          expect(res.body.unknown_tags).toEqual([]);
        },
      },
      {
        note: 'an edit not saved yet, with a tag Deskbase does not know and a list it lacks',
        request: 'POST previewNotification',
        body: { notificationtemplates_id: 4, items_id: ticket, subject: '##ticket.title## ##ticket.nosuchthing##', content_text: 'x ##FOREACHwidgets##w##ENDFOREACHwidgets## ##IFticket.bogus##b##ENDIFticket.bogus##', content_html: '' },
        status: 200,
        answer: { subject: `[GLPI #${String(ticket).padStart(7, '0')}] Printer on fire`, text: 'x  ', unknown_tags: ['ticket.nosuchthing', 'FOREACHwidgets', 'ticket.bogus'] },
      },
      { note: "the French translation, for a recipient's language", request: 'POST previewNotification', body: { notificationtemplates_id: 4, items_id: ticket, language: 'fr_FR' }, status: 200, answer: { text: 'Bonjour' } },
      { request: 'POST previewNotification', body: { notificationtemplates_id: 13, items_id: ticket }, status: 400, error: 'ERROR', message: /only ticket, problem and change templates/ },
      { request: 'POST previewNotification', body: { notificationtemplates_id: 4, items_id: 999_999 }, ...NOT_FOUND },
      { request: 'POST previewNotification', body: { notificationtemplates_id: 4 }, status: 400, error: 'ERROR', message: /items_id must be an id/ },
      { request: 'POST previewNotification', as: admin, body: { notificationtemplates_id: 4, items_id: ticket }, ...DENIED },
      { request: 'GET previewNotification', status: 400, error: 'ERROR' },
    ]);
  });
});

describe('the queue', () => {
  test('failing mails keep their reason; retry now sends one at once once the server is back', async () => {
    // The ticket's creation queued its mail to the administrator; the sender failed on it.
    const queued = async () => ((await ctx.api.get('QueuedNotification/', { query: 'range=0-50' })).body as Record<string, unknown>[]).filter((m) => m.recipient === 'admin@example.org');
    const rows = await until('the failed attempt', queued, (r) => r.length > 0 && r.every((m) => Number(m.sent_try) > 0));
    const failing = rows.find((r) => r.event === 'new')!;
    expect([failing.sent_try, failing.is_deleted, failing.sent_time]).toEqual([1, 0, null]);
    expect(String(failing.last_error)).toMatch(/ECONNREFUSED|connect/i);
    // Bodies are never served (a lost password's mail holds its reset token).
    expect([failing.body_text, failing.body_html, (await ctx.api.get(`QueuedNotification/${failing.id}`)).body.body_text]).toEqual([undefined, undefined, undefined]);
    mail = new MailCatcher();
    await mail.start(port);
    const before = mail.messages.length;
    await scenario(ctx.api, [
      { request: 'GET QueuedNotification/', as: admin, ...DENIED },
      { request: 'POST retryNotification', as: admin, body: { queuednotifications_id: failing.id }, ...DENIED },
      { request: 'POST retryNotification', body: { queuednotifications_id: 999_999 }, ...NOT_FOUND },
      { request: 'POST retryNotification', body: { queuednotifications_id: failing.id }, status: 200, answer: { id: failing.id, retried: true } },
    ]);
    const sent = await mail.waitFor(before + 1);
    expect(sent.to).toEqual(['admin@example.org']);
    await scenario(ctx.api, [{ note: 'sent: nothing to retry', request: 'POST retryNotification', body: { queuednotifications_id: failing.id }, status: 400, error: 'ERROR', message: /already sent/ }]);
  });
});
