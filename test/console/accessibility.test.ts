/**
 * Accessibility of the console's ten main screens in a real browser (Debian's Chromium via
 * playwright-core) against a real server: axe-core finds no serious or critical WCAG 2.1 A/AA
 * violation on any of them (as Admin, Technician and Self-Service user), and the main flows are
 * operable by keyboard alone. With CONSOLE_SCREENSHOTS=/some/dir the run keeps a PNG of each screen
 * at 1440×900 and of the requester's desk at 360×740.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { CHROMIUM, ensureConsoleBuilt, hasChromium, openDesktopPage, signIn } from '../support/browser';
import { Client } from '../support/client';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../support/server';
import { until } from '../support/until';

const SHOTS = process.env.CONSOLE_SCREENSHOTS;
/** GLPI's Self-Service and Technician profiles. */
const SELF_SERVICE = 1;
const TECHNICIAN = 6;
const PASSWORD = 'Access-2026-ok';

if (!hasChromium) console.warn(`[accessibility tests] skipped: ${CHROMIUM} is missing (run scripts/ensure-chromium.sh as root)`);

describe.skipIf(!hasChromium)('accessibility of the main screens', () => {
  let server: TestServer;
  let admin: Client;
  let page: Page;
  let closeBrowser: (() => Promise<void>) | undefined;
  const ids = { ticket: 0, computer: 0, tess: 0, flicker: 0 };
  const pageErrors: string[] = [];

  const nav = () => page.getByRole('navigation', { name: 'Main' });
  /** Checks the screen as it is now with axe-core and keeps its screenshot. */
  const audit = async (name: string) => {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `a11y-${name}.png`), fullPage: true });
    return seriousViolations(page);
  };
  /** What the focused element is called: its label, else its text. */
  const focusedName = () =>
    page.evaluate(() => {
      const e = document.activeElement as HTMLElement | null;
      if (!e || e === document.body) return '';
      const labelled = e.getAttribute('aria-labelledby');
      const label = e.getAttribute('aria-label') ?? (labelled ? document.getElementById(labelled)?.textContent : null) ?? (e as HTMLInputElement).labels?.[0]?.textContent ?? e.textContent;
      return (label ?? '').trim();
    });
  /** Presses Tab until the control called `name` has the focus; answers the names met on the way (it fails when Tab never reaches it). */
  const tabTo = async (name: string, most = 150) => {
    const met: string[] = [];
    for (let i = 0; i < most; i++) {
      await page.keyboard.press('Tab');
      const now = await focusedName();
      if (now === name) return met;
      met.push(now);
    }
    throw new Error(`Tab never reached "${name}"; met: ${met.join(' | ')}`);
  };
  const signInAs = async (login: string, password: string) => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, server.origin, login, password);
  };

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startServer();
    admin = await new Client(server.api).login();
    ids.tess = await admin.create('User', { name: 'tess', realname: 'Tech', firstname: 'Tess', password: PASSWORD, password2: PASSWORD, _profiles_id: TECHNICIAN, _entities_id: 0, _is_recursive: 1 });
    await admin.create('User', { name: 'sam', realname: 'Self', firstname: 'Sam', password: PASSWORD, password2: PASSWORD, _profiles_id: SELF_SERVICE, _entities_id: 0 });
    ids.computer = await admin.create('Computer', { name: 'ws-042', serial: 'SN-42' });
    const cpu = await admin.create('DeviceProcessor', { designation: 'Xeon E-2388G' });
    await admin.create('Item_DeviceProcessor', { itemtype: 'Computer', items_id: ids.computer, deviceprocessors_id: cpu, frequency: 3200 });
    await admin.create('Infocom', { itemtype: 'Computer', items_id: ids.computer, buy_date: '2024-06-01', value: 1200 });
    ids.ticket = await admin.create('Ticket', { name: 'Printer jam', content: '<p>The <b>printer</b> jams.</p>', urgency: 4, _users_id_requester: 2 });
    await admin.create('Item_Ticket', { itemtype: 'Computer', items_id: ids.computer, tickets_id: ids.ticket });
    await admin.create('ITILFollowup', { itemtype: 'Ticket', items_id: ids.ticket, content: '<p>Looking into it.</p>' });
    ids.flicker = await admin.create('Ticket', { name: 'Screen flickers', content: 'x', _users_id_assign: ids.tess });
    ({ page, close: closeBrowser } = await openDesktopPage(pageErrors));
  }, 60_000);

  afterAll(async () => {
    await closeBrowser?.();
    await server?.dispose();
  });

  test('Admin: sign-in, overview, a ticket list, the one-page ticket, the ticket board, a computer, the search page and Setup have no serious violation', async () => {
    const found: Record<string, unknown> = {};
    await page.goto(`${server.origin}/`);
    await page.getByRole('heading', { name: 'Deskbase' }).waitFor();
    found['sign-in'] = await audit('01-sign-in');

    await signIn(page, server.origin, 'glpi', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    found.overview = await audit('02-overview');

    await page.goto(`${server.origin}/#/Ticket`);
    await page.locator('table.list tbody tr', { hasText: 'Printer jam' }).waitFor();
    found.tickets = await audit('04-ticket-list');

    await page.goto(`${server.origin}/#/Ticket/${ids.ticket}`);
    await page.getByRole('heading', { name: /Printer jam/ }).waitFor();
    await page.locator('li[data-kind="followup"]', { hasText: 'Looking into it.' }).waitFor();
    found.ticket = await audit('05-ticket');

    await page.goto(`${server.origin}/#/kanban`);
    await page.locator('.kanban-card', { hasText: 'Printer jam' }).waitFor();
    found.kanban = await audit('06-ticket-board');

    for (const tab of ['', 'components', 'financial']) {
      await page.goto(`${server.origin}/#/Computer/${ids.computer}${tab ? `?tab=${tab}` : ''}`);
      await page.getByRole('tablist', { name: 'Sections' }).waitFor();
      await page.getByRole('heading', { name: /ws-042/ }).waitFor();
      if (tab) await page.getByRole('tabpanel').waitFor();
      found[`computer ${tab || 'details'}`] = await audit(`07-computer${tab ? `-${tab}` : ''}`);
    }

    await page.goto(`${server.origin}/#/search/Ticket`);
    await page.getByRole('heading', { name: 'Search tickets' }).waitFor();
    await page.locator('table.list tbody tr', { hasText: 'Printer jam' }).waitFor();
    found.search = await audit('08-search');

    await page.goto(`${server.origin}/#/User`);
    await page.locator('table.list tbody tr', { hasText: 'tess' }).waitFor();
    found.users = await audit('09-setup-users');

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
  }, 60_000);

  test('Technician: My work has no serious violation', async () => {
    await signInAs('tess', PASSWORD);
    await nav().waitFor();
    await page.goto(`${server.origin}/#/my/assigned`);
    await page.getByRole('heading', { name: /Assigned to me/ }).waitFor();
    await page.locator('table.list tbody tr', { hasText: 'Screen flickers' }).locator('.status-badge').waitFor();
    expect(await audit('03-my-work')).toEqual([]);
  });

  test('keyboard: sign in with Tab and Enter; the skip link comes first and leads to the page', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.origin}/`);
    await page.getByRole('heading', { name: 'Deskbase' }).waitFor();
    await tabTo('Login');
    await page.keyboard.type('glpi');
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Password');
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Sign in');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();

    await page.locator('body').focus();
    expect(await tabTo('Skip to content', 1)).toEqual([]);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The main navigation is reached by Tab too.
    await page.locator('body').focus();
    await tabTo('Tickets');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/Ticket$/);
  });

  test("keyboard: the ticket page's side panel is edited without a mouse, and the focus stays on the field saved", async () => {
    await page.goto(`${server.origin}/#/Ticket/${ids.ticket}`);
    await page.getByRole('heading', { name: /Printer jam/ }).waitFor();
    await page.locator('body').focus();
    await tabTo('Urgency');
    await page.keyboard.press('ArrowDown');
    await page.locator('.notice-success', { hasText: 'Urgency saved.' }).waitFor();
    expect((await admin.get(`Ticket/${ids.ticket}`)).body.urgency).toBe(5);
    expect(await focusedName()).toBe('Urgency');
    // Tab goes on to the next property.
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Impact');

    // The kind of answer is a group of radios: the arrows choose, the chosen label shows the focus.
    await page.locator('body').focus();
    await tabTo('Followup');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('button', { name: 'Add task' }).waitFor();
    expect(await focusedName()).toBe('Task');
    const ring = await page.locator('.answer-kinds label.chosen').evaluate((label) => getComputedStyle(label).outlineStyle);
    expect(ring).toBe('solid');
  });

  test("keyboard: a computer's sections are reached by Tab and opened with Enter", async () => {
    await page.goto(`${server.origin}/#/Computer/${ids.computer}`);
    await page.getByRole('tablist', { name: 'Sections' }).waitFor();
    await page.locator('body').focus();
    await tabTo('Components');
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Components' }).getByText('Xeon E-2388G').waitFor();
    expect(await page.getByRole('tab', { name: 'Components' }).getAttribute('aria-selected')).toBe('true');
  });

  test('keyboard: a card of the ticket board changes status through its menu', async () => {
    await page.goto(`${server.origin}/#/kanban`);
    await page.locator('.kanban-card', { hasText: 'Screen flickers' }).waitFor();
    await page.locator('body').focus();
    await tabTo('Status of Screen flickers');
    // Assigned (2) → Planned (3).
    await page.keyboard.press('ArrowDown');
    await page.locator('.notice-success', { hasText: 'Screen flickers moved to Processing (planned).' }).waitFor();
    expect((await admin.get(`Ticket/${ids.flicker}`)).body.status).toBe(3);
    await page.getByRole('region', { name: 'Processing (planned)', exact: true }).locator('.kanban-card', { hasText: 'Screen flickers' }).waitFor();
    // The focus follows the card to its new column.
    await until('the focus on the moved card', focusedName, (name) => name === 'Status of Screen flickers');
  });

  test("Self-Service: the requester's desk has no serious violation, on a desktop and on a 360 px phone", async () => {
    await signInAs('sam', PASSWORD);
    await page.getByRole('heading', { name: 'Hello Sam Self' }).waitFor();
    expect(await audit('10-desk')).toEqual([]);
    await page.getByRole('link', { name: 'Open a ticket' }).first().click();
    await page.getByLabel('Title').waitFor();
    const form = await audit('10-desk-new-ticket');
    await page.getByRole('link', { name: 'My tickets' }).first().click();
    await page.getByRole('heading', { name: 'My tickets' }).waitFor();
    const list = await audit('10-desk-my-tickets');
    await page.getByRole('link', { name: 'FAQ' }).first().click();
    await page.getByRole('heading', { name: 'FAQ' }).first().waitFor();
    expect({ form, list, faq: await audit('10-desk-faq') }).toEqual({ form: [], list: [], faq: [] });
    await page.goto(`${server.origin}/#/`);
    await page.getByRole('heading', { name: 'Hello Sam Self' }).waitFor();
    await page.setViewportSize({ width: 360, height: 740 });
    try {
      const home = await audit('10-desk-phone');
      await page.goto(`${server.origin}/#/new`);
      await page.getByLabel('Title').waitFor();
      expect({ home, form: await audit('10-desk-phone-new-ticket') }).toEqual({ home: [], form: [] });
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    expect(pageErrors).toEqual([]);
  });
});
