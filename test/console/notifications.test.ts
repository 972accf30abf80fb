/**
 * The notification console in a real browser (issue 29, part 5): a notification's recipients; a
 * template's translation edited and previewed on a real ticket with its unknown tags flagged, then
 * saved; a queued mail that failed shows its error and "retry now" sends it through a real SMTP
 * server once it is back; a webhook's "send a test" reaches a real receiver and shows in its
 * delivery log; a user chooses whether they are mailed about their own changes; a notification's
 * and a webhook's event are picked from the events of their itemtype.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { consoleSignedIn, ensureConsoleBuilt, hasChromium, type launchChromium } from '../support/browser';
import { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { MailCatcher } from '../support/smtp';
import { until } from '../support/until';
import { Receiver } from '../support/webhook-receiver';

describe.skipIf(!hasChromium)('notifications in the console', () => {
  let server: TestServer;
  let api: Client;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let page: Page;
  let mail = new MailCatcher();
  let smtpPort = 0;
  const receiver = new Receiver({ status: 200, body: 'thanks' });
  const pageErrors: string[] = [];
  let ticket = 0;

  beforeAll(async () => {
    ensureConsoleBuilt();
    await mail.start();
    smtpPort = mail.port;
    await mail.stop(); // away until the queue test brings it back
    receiver.start();
    server = await startServer();
    api = await new Client(server.api).login();
    for (const [name, value] of Object.entries({ use_notifications: '1', notifications_mailing: '1', smtp_host: '127.0.0.1', smtp_port: String(smtpPort), admin_email: 'admin@example.org', webhook_allow_private: '1' })) {
      await api.setConfig(name, value);
    }
    ticket = await api.create('Ticket', { name: 'Scanner jammed', content: 'Paper everywhere' });
    ({ browser, page } = await consoleSignedIn(server.origin, api.token, pageErrors));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await mail.stop();
    receiver.stop();
  });

  test("a template's translation: previewed on a real ticket with its unknown tags flagged, then saved", async () => {
    await page.goto(`${server.origin}/#/NotificationTemplate/4?tab=translations`);
    const panel = page.getByRole('region', { name: 'Translations' });
    const subject = panel.getByLabel('Subject');
    await subject.fill('Heads up: ##ticket.title## ##ticket.colour##');
    await panel.getByLabel('Preview with item id').fill(String(ticket));
    await panel.getByRole('button', { name: 'Preview' }).click();
    const preview = panel.getByRole('region', { name: 'Preview' });
    await preview.locator('[data-preview="subject"]', { hasText: `[GLPI #${String(ticket).padStart(7, '0')}] Heads up: Scanner jammed` }).waitFor();
    expect(await preview.getByRole('alert').textContent()).toBe('Unknown tags (rendered empty): ##ticket.colour##');
    expect(await preview.locator('[data-preview="text"]').textContent()).toContain('Paper everywhere');
    // Not saved by the preview; saved by Save.
    expect((await api.get('NotificationTemplateTranslation/4')).body.subject).toBe('##ticket.action##: ##ticket.title##');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.locator('.notice-success', { hasText: 'Translation saved.' }).waitFor();
    expect((await api.get('NotificationTemplateTranslation/4')).body.subject).toBe('Heads up: ##ticket.title## ##ticket.colour##');
    expect(pageErrors).toEqual([]);
  });

  test("a notification's recipients: listed by GLPI's roles, one added and removed", async () => {
    await page.goto(`${server.origin}/#/Notification/3?tab=recipients`);
    const panel = page.getByRole('region', { name: 'Recipients' });
    const list = panel.getByRole('list', { name: 'Recipients' });
    await list.getByRole('listitem').first().waitFor();
    const names = async () => (await list.getByRole('listitem').allTextContents()).map((text) => text.replace(/\s*Remove$/, ''));
    expect(await names()).toEqual(['Administrator', 'Assigned technician', 'Former technician in charge', 'Requester', 'Observer']);
    await panel.getByLabel('Role', { exact: true }).selectOption({ label: 'Observer group' });
    await panel.getByRole('button', { name: 'Add recipient' }).click();
    await panel.locator('.notice-success', { hasText: 'Target added.' }).waitFor();
    await list.getByRole('listitem').filter({ hasText: 'Observer group' }).waitFor();
    const added = ((await api.get('Notification/3/NotificationTarget')).body as { id: number; type: number; items_id: number }[]).find((r) => r.items_id === 20)!;
    expect(added.type).toBe(1);
    await list.getByRole('listitem').filter({ hasText: 'Observer group' }).getByRole('button', { name: 'Remove' }).click();
    await panel.locator('.notice-success', { hasText: 'Target removed.' }).waitFor();
    // The list is read again after the removal (the old rows stay shown until then).
    await list.getByRole('listitem').filter({ hasText: 'Observer group' }).waitFor({ state: 'detached' });
    expect(await names()).toEqual(['Administrator', 'Assigned technician', 'Former technician in charge', 'Requester', 'Observer']);
    expect((await api.get(`NotificationTarget/${added.id}`)).status).toBe(404);
    expect(pageErrors).toEqual([]);
  });

  test('a queued mail that failed shows its error; retry now sends it once the SMTP server is back', async () => {
    const queued = await until(
      'the failed attempt',
      async () => ((await api.get('QueuedNotification/')).body as { id: number; sent_try: number }[]).find((m) => m.sent_try > 0),
      (found) => found !== undefined,
    );
    await page.goto(`${server.origin}/#/QueuedNotification/${queued!.id}?tab=delivery`);
    const panel = page.getByRole('region', { name: 'Delivery' });
    await panel.locator('dd', { hasText: 'ECONNREFUSED' }).waitFor();
    mail = new MailCatcher();
    await mail.start(smtpPort);
    await panel.getByRole('button', { name: 'Retry now' }).click();
    await panel.locator('.notice-success', { hasText: 'Due now: the sender is trying it.' }).waitFor();
    const sent = await mail.waitFor(1);
    expect(sent.to).toEqual(['admin@example.org']);
    expect(sent.raw).toContain('Scanner jammed');
    expect(pageErrors).toEqual([]);
  });

  test("a user's own notification preference: mail about my own changes", async () => {
    const me = Number((await api.get('getFullSession')).body.session.glpiID);
    await page.goto(`${server.origin}/#/User/${me}?tab=notifications`);
    const panel = page.getByRole('region', { name: 'Notifications' });
    const choice = panel.getByLabel('Mail me about my own changes');
    expect(await choice.inputValue()).toBe('');
    await choice.selectOption({ label: 'No' });
    await panel.locator('.notice-success', { hasText: 'Preferences saved.' }).waitFor();
    expect((await api.get(`User/${me}`)).body.notification_to_myself).toBe(0);
    await choice.selectOption({ label: 'As the global setting' });
    await panel.locator('.notice-success', { hasText: 'Preferences saved.' }).waitFor();
    await until('the preference cleared', async () => (await api.get(`User/${me}`)).body.notification_to_myself, (v) => v === null);
    expect(pageErrors).toEqual([]);
  });

  test("a webhook's event is picked from the events it may follow", async () => {
    const hook = await api.create('Webhook', { name: 'followups gone', url: receiver.url, itemtype: 'Ticket', event: 'new', is_active: 0 });
    await page.goto(`${server.origin}/#/Webhook/${hook}`);
    const form = page.locator('form.item-form');
    const event = form.getByLabel('Event', { exact: true });
    await event.locator('option', { hasText: 'New item' }).waitFor({ state: 'attached' });
    expect(await event.locator('option').count()).toBe(22);
    await event.selectOption({ label: 'Deletion of a followup' });
    await page.getByRole('button', { name: 'Save' }).click();
    await until('the event saved', async () => (await api.get(`Webhook/${hook}`)).body.event, (v) => v === 'delete_followup');
    expect(pageErrors).toEqual([]);
  });

  test("a notification's event is picked from its itemtype's events: a change's approvals, none (nor surveys, nor SLA reminders) for a problem", async () => {
    const form = page.locator('form.item-form');
    const options = async (id: number) => {
      await page.goto(`${server.origin}/#/Notification/${id}`);
      const event = form.getByLabel('Event', { exact: true });
      await event.locator('option', { hasText: 'New item' }).waitFor({ state: 'attached' });
      return event.locator('option').allTextContents();
    };
    const problem = await options(30); // "Update Problem"
    expect(problem.length).toBe(19);
    expect(['Approval request', 'Satisfaction survey', 'Automatic reminder', 'User mentioned'].map((label) => problem.includes(label))).toEqual([false, false, false, true]);
    const change = await options(43); // "Update Change"
    expect(change.length).toBe(21);
    expect(change.filter((label) => label.startsWith('Approval request'))).toEqual(['Approval request', 'Approval request answer']);
    await form.getByLabel('Event', { exact: true }).selectOption({ label: 'Approval request answer' });
    await page.getByRole('button', { name: 'Save' }).click();
    await until('the event saved', async () => (await api.get('Notification/43')).body.event, (v) => v === 'validation_answer');
    expect((await api.put('Notification/43', { input: { event: 'update' } })).status).toBe(200);
    expect(pageErrors).toEqual([]);
  });

  test("a webhook's send a test reaches its receiver and shows in its delivery log", async () => {
    const hook = await api.create('Webhook', { name: 'chat', url: receiver.url, itemtype: 'Ticket', event: 'new', is_active: 1 });
    await page.goto(`${server.origin}/#/Webhook/${hook}?tab=deliveries`);
    const panel = page.getByRole('region', { name: 'Deliveries' });
    await panel.getByText('No delivery yet.').waitFor();
    await panel.getByRole('button', { name: 'Send a test' }).click();
    await panel.locator('.notice-success', { hasText: 'Test delivered: HTTP 200.' }).waitFor();
    const row = panel.getByRole('table', { name: 'Delivery log' }).locator('tbody tr');
    await row.first().waitFor();
    expect((await row.first().locator('td').allTextContents()).slice(0, 5)).toEqual(['test', 'sent', '200', expect.stringMatching(/^\d+$/), 'thanks']);
    expect(receiver.received.length).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});

if (!hasChromium) test.skip('console notification tests skipped: Chromium is missing', () => {});
