/**
 * The mail collectors in the console, in a real browser against a real IMAP server: a receiver's
 * "test connection" lists its folders and "collect now" reports its run; a refused e-mail shows
 * why, and "import anyway" opens its ticket.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ensureConsoleBuilt, hasChromium, launchChromium, consoleWithSession } from '../support/browser';
import { Client } from '../support/client';
import { Dovecot, dovecotMissing } from '../support/dovecot';
import { startServer, type TestServer } from '../support/server';

const runnable = hasChromium && dovecotMissing === null;

describe.skipIf(!runnable)('mail collectors in the console', () => {
  let server: TestServer;
  let api: Client;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let page: Page;
  const dovecot = new Dovecot();
  const ids = { collector: 0 };
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    await dovecot.start();
    server = await startServer();
    api = await new Client(server.api).login();
    // GLPI's default rule 'Root' takes every mail: only mail from example.com is routed here.
    expect((await api.put('Rule/3', { input: { is_active: 0 } })).status).toBe(200);
    const rule = await api.create('Rule', { name: 'example.com to the root entity', sub_type: 'RuleMailCollector', match: 'AND' });
    await api.create('RuleCriteria', { rules_id: rule, criteria: 'from', condition: 5, pattern: '@example.com' });
    await api.create('RuleAction', { rules_id: rule, action_type: 'assign', field: 'entities_id', value: '0' });
    ids.collector = await api.create('MailCollector', { name: 'helpdesk', host: `{127.0.0.1:${dovecot.port}/imap/tls/novalidate-cert}INBOX`, login: 'helpdesk', passwd: 'mail-pw', accepted: 'Accepted', refused: 'Refused' });
    browser = await launchChromium();
    // Signed in as the API client's session (the sign-in form is the main console test's).
    page = await consoleWithSession(browser, server.origin, api.token, pageErrors);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await dovecot.stop();
  });

  test("a receiver's mailbox: test connection lists the folders, collect now reports the run", async () => {
    dovecot.deliver(readFileSync(join(import.meta.dir, '../mail/fixtures/plain.eml')));
    dovecot.deliver(readFileSync(join(import.meta.dir, '../mail/fixtures/no-rule.eml')));
    await page.goto(`${server.origin}/#/MailCollector/${ids.collector}?tab=mailbox`);
    if (process.env.CONSOLE_SCREENSHOTS) await page.screenshot({ path: join(process.env.CONSOLE_SCREENSHOTS, 'mailbox.png'), fullPage: true });
    const panel = page.getByRole('region', { name: 'Mailbox' });
    await panel.getByRole('button', { name: 'Test connection' }).click();
    await panel.getByText('Connected: 1 folders').waitFor();
    expect(await panel.getByRole('list', { name: 'Folders' }).getByRole('listitem').allTextContents()).toEqual(['INBOX']);
    await panel.getByRole('button', { name: 'Collect now' }).click();
    await panel.locator('.notice-success', { hasText: '1 tickets, 0 followups, 1 refused' }).waitFor();
    // The item reloads: the last run's counts show.
    await panel.locator('dd', { hasText: '1 tickets, 0 followups, 1 refused' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('a mailbox refusing the login: the error shows, and the receiver counts it', async () => {
    const wrong = await api.create('MailCollector', { name: 'wrong password', host: `{127.0.0.1:${dovecot.port}/imap/tls/novalidate-cert}INBOX`, login: 'helpdesk', passwd: 'not-it' });
    await page.goto(`${server.origin}/#/MailCollector/${wrong}?tab=mailbox`);
    const panel = page.getByRole('region', { name: 'Mailbox' });
    await panel.getByRole('button', { name: 'Collect now' }).click();
    await panel.locator('.notice-error', { hasText: 'login refused by the server' }).waitFor();
    await panel.locator('dd', { hasText: /^1$/ }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('a refused e-mail shows why; import anyway opens its ticket', async () => {
    const refused = ((await api.get('NotImportedEmail/')).body as { id: number; subject: string }[]).find((r) => r.subject === 'Who routes me?')!;
    await page.goto(`${server.origin}/#/NotImportedEmail/${refused.id}?tab=mail`);
    const panel = page.getByRole('region', { name: 'Refused email' });
    await panel.getByText('no mail collector rule gave it an entity').waitFor();
    await panel.getByLabel('Entity ID of the new ticket').fill('0');
    await panel.getByRole('button', { name: 'Import anyway' }).click();
    await page.locator('.notice-success', { hasText: /Imported as ticket \d+\./ }).waitFor();
    const ticket = Number(/#\/Ticket\/(\d+)/.exec(page.url())?.[1]);
    expect((await api.get(`Ticket/${ticket}`)).body).toMatchObject({ name: 'Who routes me?', entities_id: 0 });
    expect((await api.get(`NotImportedEmail/${refused.id}`)).status).toBe(404);
    expect(pageErrors).toEqual([]);
  });
});

if (!runnable) test.skip('console mail tests skipped: Chromium or Dovecot is missing', () => {});
