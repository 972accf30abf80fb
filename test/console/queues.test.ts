/**
 * The queues a service desk lives in, in a real browser (Debian's Chromium via playwright-core)
 * against a real server: "My work" with the tasks assigned to me and the approvals waiting for me,
 * ticket lists with requester, assignee, status and priority badges and late tickets marked, and
 * the ticket board (drag a card to change its status; a refused move shows the API's message); as
 * a Technician and as an Admin. Every step is checked in the API too.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { CHROMIUM, ensureConsoleBuilt, hasChromium, openDesktopPage, signIn } from '../support/browser';
import { Client } from '../support/client';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../support/server';
import { until } from '../support/until';

/** Set CONSOLE_SCREENSHOTS=/some/dir to keep PNGs of the screens. */
const SHOTS = process.env.CONSOLE_SCREENSHOTS;
/** GLPI's Technician profile. */
const TECHNICIAN = 6;
const TECH_PASSWORD = 'Tina-tech-2026';

if (!hasChromium) console.warn(`[queue tests] skipped: ${CHROMIUM} is missing (run scripts/ensure-chromium.sh as root)`);

describe.skipIf(!hasChromium)('queues, badges and the ticket board', () => {
  let server: TestServer;
  let admin: Client;
  let page: Page;
  let closeBrowser: (() => Promise<void>) | undefined;
  const ids = { tina: 0, late: 0, task: 0, approval: 0, closed: 0 };
  const pageErrors: string[] = [];

  const shot = async (name: string) => {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };
  const nav = () => page.getByRole('navigation', { name: 'Main' });
  const firstCells = async () => (await page.locator('table.list tbody tr td:nth-child(1) a').allTextContents()).map((t) => t.trim());
  /** Opens a queue of My work and answers its ticket titles and the count the navigation shows. */
  const queue = async (label: string, path: string, holds: string) => {
    await page.goto(`${server.origin}/#/my/${path}`);
    await page.getByRole('heading', { name: new RegExp(label) }).waitFor();
    await until(`${holds} listed`, async () => (await firstCells()).includes(holds));
    const link = nav().getByRole('link', { name: new RegExp(`^${label} \\d+$`) });
    return { names: await firstCells(), count: Number(await link.locator('.count').textContent()) };
  };

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startServer();
    admin = await new Client(server.api).login();
    ids.tina = await admin.create('User', { name: 'tina', realname: 'Tech', firstname: 'Tina', password: TECH_PASSWORD, password2: TECH_PASSWORD, _profiles_id: TECHNICIAN, _entities_id: 0, _is_recursive: 1 });
    ids.late = await admin.create('Ticket', { name: 'Late printer', content: 'x', urgency: 4, impact: 4, _users_id_requester: 2, _users_id_assign: ids.tina });
    expect((await admin.put(`Ticket/${ids.late}`, { input: { time_to_resolve: '2020-01-06 09:00:00' } })).status).toBe(200);
    ids.task = await admin.create('Ticket', { name: 'Task ticket', content: 'x' });
    await admin.create('TicketTask', { tickets_id: ids.task, content: 'Call the vendor', users_id_tech: ids.tina, state: 1 });
    const done = await admin.create('Ticket', { name: 'Finished job', content: 'x' });
    await admin.create('TicketTask', { tickets_id: done, content: 'Done already', users_id_tech: ids.tina, state: 2 });
    ids.approval = await admin.create('Ticket', { name: 'Approval ticket', content: 'x' });
    await admin.create('TicketValidation', { tickets_id: ids.approval, users_id_validate: ids.tina, comment_submission: 'OK?' });
    ids.closed = await admin.create('Ticket', { name: 'Closed ticket', content: 'x' });
    expect((await admin.put(`Ticket/${ids.closed}`, { input: { status: 6 } })).status).toBe(200);

    ({ page, close: closeBrowser } = await openDesktopPage(pageErrors));
  }, 60_000);

  afterAll(async () => {
    await closeBrowser?.();
    await server?.dispose();
  });

  test('Technician: My work lists the tasks assigned to me (still to do) and the approvals waiting for me, with their counts', async () => {
    await signIn(page, server.origin, 'tina', TECH_PASSWORD);
    await nav().waitFor();
    const tasks = await queue('My tasks to do', 'tasks', 'Task ticket');
    expect(tasks.names).toEqual(['Task ticket']);
    expect(tasks.count).toBe(1);
    const approvals = await queue('My approvals to give', 'approvals', 'Approval ticket');
    expect(approvals.names).toEqual(['Approval ticket']);
    expect(approvals.count).toBe(1);
    // Assigned to me: the late ticket with its badges.
    await queue('Assigned to me', 'assigned', 'Late printer');
    const row = page.locator('table.list tbody tr', { hasText: 'Late printer' });
    expect(await row.locator('.badge-late').textContent()).toBe('Late');
    expect(await row.locator('.status-badge').textContent()).toBe('Processing (assigned)');
    expect(await row.locator('.priority-badge').textContent()).toBe('High');
    expect(await row.locator('.person-badge').allTextContents()).toEqual(['glpi', 'Tina Tech (tina)']);
    await shot('30-my-work-badges');
  });

  test('Admin: the tickets list shows requester, assignee, status and priority as badges in GLPI\'s colours, late ones marked', async () => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, server.origin, 'glpi', ADMIN_PASSWORD);
    await nav().getByRole('link', { name: 'Tickets', exact: true }).click();
    const row = page.locator('table.list tbody tr', { hasText: 'Late printer' });
    await row.locator('.person-badge').first().waitFor();
    const cells = await row.locator('td').evaluateAll((tds) => tds.map((td) => [td.getAttribute('data-label'), td.textContent?.trim()]));
    expect(cells).toContainEqual(['Requester', 'glpi']);
    expect(cells).toContainEqual(['Assigned to', 'Tina Tech (tina)']);
    expect(await row.locator('.badge-late').count()).toBe(1);
    const priority = row.locator('.priority-badge');
    expect(await priority.textContent()).toBe('High');
    // GLPI's default colour of priority 4 (priority_4 = #ffbfbf).
    expect(await priority.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(255, 191, 191)');
    expect(await row.locator('.status-badge').getAttribute('class')).toContain('status-2');
    // A ticket on time has no late mark.
    expect(await page.locator('table.list tbody tr', { hasText: 'Task ticket' }).locator('.badge-late').count()).toBe(0);
    await shot('31-ticket-list-badges');
  });

  test('Admin: the ticket board moves a ticket by drag and drop; a refused move shows the API message', async () => {
    await nav().getByRole('link', { name: 'Ticket board' }).click();
    await page.getByRole('heading', { name: 'Ticket board' }).waitFor();
    const column = (label: string) => page.getByRole('region', { name: label, exact: true });
    const card = (name: string) => page.locator('.kanban-card', { hasText: name });
    await column('New').locator('.kanban-card', { hasText: 'Task ticket' }).waitFor();
    await card('Task ticket').dragTo(column('Pending'));
    await page.locator('.notice-success', { hasText: 'Task ticket moved to Pending.' }).waitFor();
    expect((await admin.get(`Ticket/${ids.task}`)).body.status).toBe(4);
    await column('Pending').locator('.kanban-card', { hasText: 'Task ticket' }).waitFor();

    // A closed ticket cannot be reopened: the card stays, the API's message shows.
    await card('Closed ticket').dragTo(column('New'));
    await page.locator('.notice-error', { hasText: 'A closed item cannot be reopened' }).waitFor();
    expect((await admin.get(`Ticket/${ids.closed}`)).body.status).toBe(6);
    expect(await column('Closed').locator('.kanban-card', { hasText: 'Closed ticket' }).count()).toBe(1);

    // The keyboard's way: the card's status menu.
    await page.getByLabel('Status of Task ticket').selectOption({ label: 'Processing (planned)' });
    await page.locator('.notice-success', { hasText: 'Task ticket moved to Processing (planned).' }).waitFor();
    expect((await admin.get(`Ticket/${ids.task}`)).body.status).toBe(3);
    await shot('32-ticket-board');
    expect(pageErrors).toEqual([]);
  });
});
