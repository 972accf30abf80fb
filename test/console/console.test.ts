/**
 * The admin console in a real browser (Debian's Chromium driven by playwright-core) against a real
 * server serving the built console (ui/dist). No mocks: every check also reads the API.
 *
 * `npm test` builds the console and runs scripts/ensure-chromium.sh first; without /usr/bin/chromium
 * these tests are skipped with a message.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { CHROMIUM, ensureConsoleBuilt, hasChromium, launchChromium } from '../support/browser';
import { Client } from '../support/client';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../support/server';
import { ENGLISH_WITH_TRANSLATION } from '../../ui/src/lib/i18n';
import { until } from '../support/until';

/** Set CONSOLE_SCREENSHOTS=/some/dir to keep PNGs of the main screens. */
const SHOTS = process.env.CONSOLE_SCREENSHOTS;

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

if (!hasChromium) {
  console.warn(`[console tests] skipped: ${CHROMIUM} is missing (run scripts/ensure-chromium.sh as root to install Debian's chromium)`);
}

describe.skipIf(!hasChromium)('admin console', () => {
  let server: TestServer;
  let api: Client;
  let context: BrowserContext;
  let closeBrowser: (() => Promise<void>) | undefined;
  let page: Page;
  const ids: Record<string, number> = {};
  const pageErrors: string[] = [];

  const shot = async (name: string) => {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };
  const rows = () => page.locator('table.list tbody tr');
  const rowNames = async () => (await page.locator('table.list tbody tr td:nth-child(3)').allTextContents()).map((t) => t.trim());
  /** The notice of that kind saying `text` (an older notice may still be on screen). */
  const notice = (kind: 'error' | 'success' | 'info', text?: string) => page.locator(`.notice-${kind}`, text ? { hasText: text } : {}).first();
  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  const header = () => page.getByRole('banner');
  /**
   * Texts on screen (text nodes, labels and placeholders) that are a catalogue string left in
   * English. Stored data is not translated: what the console marks translate="no" (an item's name,
   * the profile and entity names of the header) is skipped.
   */
  const englishLeftovers = () =>
    page.evaluate((english) => {
      const catalogue = new Set(english);
      const found = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (catalogue.has(text) && !node.parentElement?.closest('[translate="no"]')) found.add(text);
      }
      for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
        for (const name of ['aria-label', 'placeholder', 'title']) {
          const value = el.getAttribute(name)?.trim();
          if (value && catalogue.has(value)) found.add(value);
        }
      }
      return [...found].sort();
    }, ENGLISH_WITH_TRANSLATION());
  /** Chooses the kind of answer on a ticket's timeline. */
  const answerKind = (kind: string) => page.getByRole('radiogroup', { name: 'Kind of answer' }).getByText(kind, { exact: true }).click();
  /** Types into a type-ahead picker and chooses the option named `option`. */
  const pick = async (scope: Page | Locator, label: string, text: string, option = text) => {
    await scope.getByLabel(label, { exact: true }).fill(text);
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startServer();
    api = await new Client(server.api).login();
    ids.branch = await api.create('Entity', { name: 'Branch A', entities_id: 0 });
    ids.hq = await api.create('Location', { name: 'HQ', entities_id: 0, is_recursive: 1 });
    ids.rootPc = await api.create('Computer', { name: 'root-pc', entities_id: 0, serial: 'R-1' });
    ids.branchPc = await api.create('Computer', { name: 'branch-pc', entities_id: ids.branch, serial: 'B-1' });
    ids.ticket = await api.create('Ticket', { name: 'Printer jam', content: 'The printer on floor 2 jams.', urgency: 4 });
    const monitors = await api.post('Monitor/', { input: Array.from({ length: 12 }, (_, i) => ({ name: `mon-${String(i + 1).padStart(2, '0')}` })) });
    if (monitors.status !== 201) throw new Error(`monitors: ${monitors.text}`);
    // A second profile for glpi, to switch to: Self-Service (1) reads only tickets.
    await api.create('Profile_User', { users_id: 2, profiles_id: 1, entities_id: 0, is_recursive: 1 });

    const browser = await launchChromium();
    context = browser.context;
    closeBrowser = browser.close;
    // Headless Chromium has no one to answer the File System Access save dialog: exports take the
    // streamed-Blob path and arrive as downloads.
    await context.addInitScript(() => {
      delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker;
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // Anything the Content-Security-Policy refused is a failure too (the console needs none of it).
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) pageErrors.push(message.text());
    });
    page.on('dialog', (dialog) => void dialog.accept());
  }, 60_000);

  afterAll(async () => {
    await closeBrowser?.();
    await server?.dispose();
  });

  test('the console is served at / and shows the sign-in form', async () => {
    await page.goto(`${server.origin}/`);
    await page.getByRole('heading', { name: 'Deskbase' }).waitFor();
    expect(await page.getByLabel('Login').isVisible()).toBe(true);
    expect(await page.title()).toContain('Deskbase');
    // An injected inline script does not run (script-src 'self'); the browser reports the refusal.
    const refusal = page.waitForEvent('console', { predicate: (message) => message.text().includes('Content Security Policy') });
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      return (window as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    expect((await refusal).text()).toContain("script-src 'self'");
    pageErrors.splice(pageErrors.indexOf((await refusal).text()), 1);
  });

  test('a wrong password shows the API error message', async () => {
    await page.getByLabel('Login').fill('glpi');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Incorrect username or password');
    expect(await page.evaluate(() => localStorage.getItem('deskbase.session-token'))).toBeNull();
    await shot('01-login-error');
  });

  test('signing in opens the overview with the user, profile and entity', async () => {
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(await header().getByText('glpi', { exact: true }).isVisible()).toBe(true);
    expect(await header().getByLabel('Profile').inputValue()).toBe('4');
    expect(await header().getByLabel('Entity').inputValue()).toBe('all');
    const token = await page.evaluate(() => localStorage.getItem('deskbase.session-token'));
    expect(token).toBeTruthy();
    // The navigation offers what a Super-Admin reads.
    for (const name of ['Computers', 'Tickets', 'Users', 'Entities', 'Locations']) expect(await nav(name).isVisible()).toBe(true);
    await until('asset counts', async () => (await page.locator('.card-count').first().textContent()) === '2');
    await shot('02-overview');
  });

  test('overview: tickets by status and priority as charts, opened and solved per week, my tickets, assets changed last', async () => {
    const mine = await api.create('Ticket', { name: 'Overview: mine', content: 'Assigned to glpi.', urgency: 5, impact: 5 });
    expect((await api.post('Ticket_User/', { input: { tickets_id: mine, users_id: 2, type: 2 } })).status).toBe(201);
    const solved = await api.create('Ticket', { name: 'Overview: solved', content: 'Solved at once.' });
    expect((await api.put(`Ticket/${solved}`, { input: { status: 5 } })).status).toBe(200);
    expect((await api.put(`Computer/${ids.branchPc}`, { input: { comment: 'changed last' } })).status).toBe(200);
    try {
      await page.reload();
      /** The numbers under a chart, by row label and series. */
      const cell = (chart: string, row: string, column = 2) =>
        page.getByRole('figure', { name: chart }).locator('tr', { has: page.getByRole('rowheader', { name: row, exact: true }) }).locator(`td:nth-child(${column})`);
      const chartValue = async (chart: string, row: string, column = 2) => Number(await cell(chart, row, column).textContent());
      await cell('Tickets by status', 'New').waitFor({ state: 'attached' });
      expect(await page.getByRole('figure', { name: 'Tickets by status' }).locator('canvas').count()).toBeGreaterThan(0);
      expect(await chartValue('Tickets by status', 'New')).toBe(1);
      expect(await chartValue('Tickets by status', 'Processing (assigned)')).toBe(1);
      expect(await chartValue('Tickets by status', 'Solved')).toBe(1);
      expect(await chartValue('Tickets by status', 'Closed')).toBe(0);
      await cell('Tickets by priority', 'Very high').waitFor({ state: 'attached' });
      expect(await chartValue('Tickets by priority', 'Very high')).toBe(1);
      await cell('Opened and solved per week', 'this week').waitFor({ state: 'attached' });
      expect(await chartValue('Opened and solved per week', 'this week', 2)).toBe(3);
      expect(await chartValue('Opened and solved per week', 'this week', 3)).toBe(1);
      expect(await chartValue('Opened and solved per week', '1 wk ago', 2)).toBe(0);
      const myList = page.getByRole('list', { name: 'My open tickets' });
      await myList.waitFor();
      expect((await myList.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual(['Overview: mine']);
      const recent = page.getByRole('list', { name: 'Recently changed assets' });
      await recent.waitFor();
      expect(await recent.getByRole('link', { name: 'branch-pc', exact: true }).count()).toBe(1);
      await shot('02b-overview-charts');
    } finally {
      for (const id of [mine, solved]) await api.del(`Ticket/${id}`, { query: 'force_purge=true' });
    }
  });

  test('computers are listed, sorted by clicking a column and filtered by name', async () => {
    await nav('Computers').click();
    await page.getByRole('heading', { name: 'Computers' }).waitFor();
    await until('two rows', async () => (await rows().count()) === 2);
    expect((await page.locator('table.list tbody').textContent()) ?? '').toContain('Root entity > Branch A');

    await page.getByRole('button', { name: 'Name' }).click();
    await until('ascending names', async () => (await rowNames()).join() === 'branch-pc,root-pc');
    await page.getByRole('button', { name: 'Name' }).click();
    await until('descending names', async () => (await rowNames()).join() === 'root-pc,branch-pc');
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('Name');

    await page.getByRole('searchbox', { name: /^Filter/ }).fill('branch');
    await until('filtered rows', async () => (await rowNames()).join() === 'branch-pc');
    await page.getByRole('searchbox', { name: /^Filter/ }).fill('');
    await until('unfiltered rows', async () => (await rows().count()) === 2);
    await shot('03-computers');
  });

  test('lists page through Content-Range', async () => {
    await nav('Monitors').click();
    await page.getByRole('heading', { name: 'Monitors' }).waitFor();
    await page.getByLabel('Rows').selectOption('10');
    await until('first page', async () => (await rows().count()) === 10);
    expect(await page.getByText('1–10 of 12').isVisible()).toBe(true);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    expect(await pager.getByLabel('Page').inputValue()).toBe('1');
    expect(await pager.getByText('of 2', { exact: true }).isVisible()).toBe(true);
    await pager.getByRole('button', { name: 'Next' }).click();
    await until('second page', async () => (await rowNames()).join() === 'mon-11,mon-12');
    expect(await page.getByText('11–12 of 12').isVisible()).toBe(true);
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await pager.getByRole('button', { name: 'Last' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await until('back to the first page', async () => (await rows().count()) === 10);
    // A page number jumps there; Last goes to the last page, First back.
    await pager.getByLabel('Page').fill('2');
    await pager.getByRole('button', { name: 'Go' }).click();
    await until('page 2 by number', async () => (await rowNames()).join() === 'mon-11,mon-12');
    await pager.getByRole('button', { name: 'First' }).click();
    await until('first page again', async () => (await rows().count()) === 10);
    await pager.getByRole('button', { name: 'Last' }).click();
    await until('last page', async () => (await rowNames()).join() === 'mon-11,mon-12');
    expect(page.url()).toContain('start=10');
    await nav('Computers').click();
    await until('computers', async () => (await rows().count()) === 2);
  });

  test('switching the active entity changes what the lists show', async () => {
    await header().getByLabel('Entity').selectOption({ label: 'Root entity > Branch A' });
    await until('branch only', async () => (await rowNames()).join() === 'branch-pc');
    const token = await page.evaluate(() => localStorage.getItem('deskbase.session-token'));
    const active = await new Client(server.api).get('getActiveEntities', { headers: { 'Session-Token': token! } });
    expect(active.body.active_entity.id).toBe(ids.branch);

    await header().getByLabel('Entity').selectOption('all');
    await until('all computers again', async () => (await rows().count()) === 2);
  });

  test('switching the active profile changes the navigation', async () => {
    await header().getByLabel('Profile').selectOption({ label: 'Self-Service' });
    await until('Self-Service navigation', async () => !(await nav('Computers').isVisible()));
    // GLPI's simplified interface: the requester's desk.
    expect(await nav('My tickets').isVisible()).toBe(true);
    expect(await nav('Users').isVisible()).toBe(false);
    await header().getByLabel('Profile').selectOption({ label: 'Super-Admin' });
    await nav('Computers').waitFor();
    await nav('Computers').click();
    await until('computers listed again', async () => (await rows().count()) === 2);
  });

  test('reloading the page keeps the session', async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Computers' }).waitFor();
    expect(await header().getByText('glpi', { exact: true }).isVisible()).toBe(true);
  });

  test('a computer is created through the form', async () => {
    await page.getByRole('link', { name: 'New computer' }).click();
    await page.getByRole('heading', { name: 'New computer' }).waitFor();
    const form = page.locator('form.item-form');
    await form.getByLabel('Name', { exact: true }).fill('console-pc');
    await form.getByLabel('Serial number').fill('CS-1');
    await pick(form, 'Location', 'HQ');
    await shot('04-new-computer');
    await page.getByRole('button', { name: 'Create computer' }).click();
    await page.getByText('Computer created.').waitFor();
    const id = Number(/#\/Computer\/(\d+)/.exec(page.url())?.[1]);
    expect(id).toBeGreaterThan(0);
    ids.consolePc = id;
    const created = await api.get(`Computer/${id}`);
    expect(created.body).toMatchObject({ name: 'console-pc', serial: 'CS-1', locations_id: ids.hq, entities_id: 0 });
  });

  test('editing saves only the changed field and the history tab shows it', async () => {
    const form = page.locator('form.item-form');
    await form.getByLabel('Serial number').fill('CS-2');
    await form.getByLabel('Comments').fill('Reception desk');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice('success', 'Changes saved.').waitFor();
    const updated = await api.get(`Computer/${ids.consolePc}`);
    expect(updated.body).toMatchObject({ name: 'console-pc', serial: 'CS-2', comment: 'Reception desk', locations_id: ids.hq });

    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.locator('table.history');
    await history.waitFor();
    await until('serial change in history', async () => ((await history.textContent()) ?? '').includes('CS-2'));
    const text = (await history.textContent()) ?? '';
    expect(text).toContain('Serial number');
    expect(text).toContain('CS-1');
    expect(text).toContain('Created');
    await shot('05-history');
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.locator('form.item-form').waitFor();
  });

  test('a computer goes to the trash and comes back', async () => {
    await page.getByRole('button', { name: 'Put in the trash' }).click();
    await page.getByText('Computer moved to the trash.').waitFor();
    expect(await page.getByText('In the trash').isVisible()).toBe(true);
    expect((await api.get(`Computer/${ids.consolePc}`)).body.is_deleted).toBe(1);

    // It is in the trash view, not in the list.
    await nav('Computers').click();
    await until('two active computers', async () => (await rows().count()) === 2);
    expect(await rowNames()).not.toContain('console-pc');
    await page.getByRole('button', { name: 'Show the trash' }).click();
    await until('trash lists it', async () => (await rowNames()).join() === 'console-pc');
    await shot('06-trash');
    await page.getByRole('link', { name: 'console-pc' }).click();
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Computer restored.').waitFor();
    expect((await api.get(`Computer/${ids.consolePc}`)).body.is_deleted).toBe(0);
  });

  test('a ticket opens from its list; a followup is added; a refused change shows the API message', async () => {
    await nav('Tickets').click();
    await page.getByRole('link', { name: 'Printer jam' }).click();
    await page.getByRole('heading', { name: /Printer jam/ }).waitFor();
    // One page: the properties are in the side panel, edited in place.
    const side = page.getByRole('complementary', { name: 'Properties' });
    expect(await side.getByLabel('Urgency').inputValue()).toBe('4');
    expect(await side.getByLabel('Status').locator('option:checked').textContent()).toBe('New');

    await page.getByLabel('New followup').fill('Replaced the fuser unit.');
    await page.getByRole('button', { name: 'Add followup' }).click();
    await page.getByText('Followup added.').waitFor();
    await page.locator('.followup-body', { hasText: 'Replaced the fuser unit.' }).waitFor();
    const followups = await api.get(`Ticket/${ids.ticket}/ITILFollowup`);
    expect(followups.body.map((f: { content: string }) => f.content)).toContain('<p>Replaced the fuser unit.</p>');
    await shot('07-followups');

    // Close it, then try to reopen it: the API refuses and the console says why.
    await side.getByLabel('Status').selectOption({ label: 'Closed' });
    await notice('success', 'Status saved.').waitFor();
    expect((await api.get(`Ticket/${ids.ticket}`)).body.status).toBe(6);
    await side.getByLabel('Status').selectOption({ label: 'New' });
    await notice('error', 'A closed item cannot be reopened').waitFor();
    expect((await api.get(`Ticket/${ids.ticket}`)).body.status).toBe(6);
  });

  test('service desk: actors, linked items, tasks, private followups, attachments, a solution approved by the requester', async () => {
    const tech = await api.create('User', { name: 'tech1', realname: 'Martin', firstname: 'Ann' });
    await api.create('Group', { name: 'Helpdesk', entities_id: 0, is_recursive: 1 });
    await api.create('Supplier', { name: 'Acme', entities_id: 0, is_recursive: 1 });
    await api.create('SolutionType', { name: 'Workaround' });
    const ticket = await api.create('Ticket', { name: 'VPN down', content: 'No VPN since this morning.' });
    await page.goto(`${server.origin}/#/Ticket/${ticket}?tab=actors`);
    await page.getByRole('heading', { name: /VPN down/ }).waitFor();

    // Actors: the requester (me), an assigned group, technician and supplier.
    const addActor = async (role: string, kind: string, text: string, option: string) => {
      await page.getByLabel('Role').selectOption({ label: role });
      await page.getByLabel('Actor', { exact: true }).selectOption({ label: kind });
      await pick(page, 'Name', text, option);
      await page.getByRole('button', { name: 'Add actor' }).click();
      await notice('success', `${option} added.`).waitFor();
    };
    await addActor('Requester', 'User', 'glpi', 'glpi');
    await addActor('Assigned to', 'Group', 'Help', 'Helpdesk');
    await addActor('Assigned to', 'User', 'tech', 'Ann Martin (tech1)');
    await addActor('Assigned to', 'Supplier', 'Ac', 'Acme');
    // As GLPI 10.0, suppliers are offered (and accepted) as assignees only.
    await page.getByLabel('Role').selectOption({ label: 'Observer' });
    expect(await page.getByLabel('Actor', { exact: true }).locator('option').allTextContents()).toEqual(['User', 'Group']);
    const users = (await api.get(`Ticket/${ticket}/Ticket_User`)).body.map((r: { users_id: number; type: number }) => [r.users_id, r.type]);
    expect(users.sort()).toEqual([[2, 1], [tech, 2]].sort());
    expect((await api.get(`Ticket/${ticket}/Group_Ticket`)).body).toHaveLength(1);
    await page.getByRole('region', { name: 'Assigned to' }).getByText('Acme').waitFor();
    await shot('08-actors');
    await page.getByRole('button', { name: 'Remove Acme (Assigned to)' }).click();
    await notice('success', 'Acme removed.').waitFor();
    expect((await api.get(`Ticket/${ticket}/Supplier_Ticket`)).body).toEqual([]);

    // Linked items: the computer is linked with a picker; its own page lists the ticket.
    const linkedItems = page.getByRole('region', { name: 'Linked items' });
    await linkedItems.getByLabel('Type').selectOption({ label: 'Computer' });
    await pick(linkedItems, 'Item', 'root', 'root-pc');
    await linkedItems.getByRole('button', { name: 'Link item' }).click();
    await notice('success', 'root-pc linked.').waitFor();
    expect((await api.get(`Ticket/${ticket}/Item_Ticket`)).body).toMatchObject([{ itemtype: 'Computer', items_id: ids.rootPc }]);

    // Timeline: a task, a private followup, an image, a refused file type.
    await answerKind('Task');
    await page.getByLabel('Task description').fill('Restart the VPN concentrator.');
    // The answer form's own fields (the ticket's other fields hold a Duration too).
    const answer = page.getByRole('form', { name: 'Answer' });
    await answer.getByLabel('Duration').selectOption({ label: '30 min' });
    await answer.getByLabel('State').selectOption({ label: 'Done' });
    await pick(page, 'Technician', 'tech1', 'Ann Martin (tech1)');
    await page.getByRole('button', { name: 'Add task' }).click();
    await notice('success', 'Task added.').waitFor();
    expect((await api.get(`Ticket/${ticket}/TicketTask`)).body).toMatchObject([{ actiontime: 1800, state: 2, users_id_tech: tech }]);

    await answerKind('Followup');
    await page.getByLabel('New followup').fill('Asked the ISP.');
    await page.getByLabel('Private').check();
    await page.getByRole('button', { name: 'Add followup' }).click();
    await notice('success', 'Followup added.').waitFor();
    const followup = page.locator('li[data-kind="followup"]', { hasText: 'Asked the ISP.' });
    await followup.locator('.badge-private').waitFor();

    await answerKind('Document');
    await page.getByLabel('Files', { exact: true }).setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ not really') });
    await page.getByRole('button', { name: 'Add document' }).click();
    await notice('error').waitFor();
    expect(await notice('error').textContent()).toContain('tool.exe');
    expect((await api.get(`Ticket/${ticket}/Document_Item`)).body).toEqual([]);
    await page.getByLabel('Files', { exact: true }).setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Add document' }).click();
    await notice('success', 'Document attached.').waitFor();
    expect((await api.get(`Ticket/${ticket}/Document_Item`)).body).toHaveLength(1);
    const doc = page.locator('li[data-kind="document"]');
    await doc.getByRole('button', { name: 'Preview' }).click();
    await doc.getByRole('img', { name: 'Preview of screen.png' }).waitFor();
    expect(await doc.getByRole('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);

    // A solution solves it; the requester (me) approves it and the ticket closes.
    await answerKind('Solution');
    await page.getByLabel('Solution description').fill('Replaced the VPN certificate.');
    await pick(page, 'Solution type', 'Work', 'Workaround');
    await page.getByRole('button', { name: 'Add solution' }).click();
    await notice('success', 'Solution added.').waitFor();
    expect((await api.get(`Ticket/${ticket}`)).body.status).toBe(5);
    await page.getByRole('group', { name: 'Solution approval' }).waitFor();
    await shot('09-timeline');
    await page.getByRole('button', { name: 'Approve the solution' }).click();
    await notice('success', 'Solution approved.').waitFor();
    expect((await api.get(`Ticket/${ticket}`)).body.status).toBe(6);
    expect((await api.get(`Ticket/${ticket}/ITILSolution`)).body).toMatchObject([{ status: 3, solutiontypes_id: expect.any(Number) }]);
    await page.locator('li[data-kind="status"]', { hasText: 'Solved → Closed' }).waitFor();
    const kinds = await page.locator('ol.timeline > li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-kind')));
    expect(kinds).toEqual(expect.arrayContaining(['task', 'followup', 'document', 'solution', 'status']));
    const dates = await page.locator('ol.timeline > li time').allTextContents();
    expect(dates).toEqual([...dates].sort()); // in order, after the description

    // A closed ticket takes no new solution (GLPI's canSolve): the API's message is shown.
    await answerKind('Solution');
    await page.getByLabel('Solution description').fill('Another one.');
    await page.getByRole('button', { name: 'Add solution' }).click();
    await notice('error', "You don't have permission to perform this action.").waitFor();

    // The computer's page lists the ticket.
    await page.goto(`${server.origin}/#/Computer/${ids.rootPc}?tab=tickets`);
    await page.getByRole('list', { name: 'Tickets' }).getByRole('link', { name: 'VPN down' }).waitFor();
  });

  test('my work: queues of open tickets with their counts in the navigation', async () => {
    const group = await api.create('Group', { name: 'Desk', entities_id: 0, is_recursive: 1 });
    await api.create('Group_User', { groups_id: group, users_id: 2 });
    await api.create('Ticket', { name: 'Queue-mine', content: 'x', _users_id_assign: 2 });
    await api.create('Ticket', { name: 'Queue-group', content: 'x', _groups_id_assign: group });
    await api.create('Ticket', { name: 'Queue-nobody', content: 'x' });
    await page.goto(`${server.origin}/#/my/assigned`);
    // The list of the queue before may still show for a moment: wait for the ticket this queue must hold.
    const queue = async (label: string, path: string, holds: string) => {
      await page.goto(`${server.origin}/#/my/${path}`);
      await page.getByRole('heading', { name: new RegExp(label) }).waitFor();
      await until(`${holds} listed`, async () => (await rowNames1()).includes(holds));
      const names = await rowNames1();
      const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: new RegExp(`^${label} \\d+$`) });
      const count = Number(await link.locator('.count').textContent());
      return { names, count };
    };
    const rowNames1 = async () => (await page.locator('table.list tbody tr td:nth-child(1)').allTextContents()).map((t) => t.trim());
    const mine = await queue('Assigned to me', 'assigned', 'Queue-mine');
    expect(mine.names).toContain('Queue-mine');
    expect(mine.names).not.toContain('Queue-nobody');
    expect(mine.count).toBe(mine.names.length);
    const groups = await queue('To my groups', 'groups', 'Queue-group');
    expect(groups.names).toContain('Queue-group');
    expect(groups.names).not.toContain('Queue-mine');
    const nobody = await queue('Unassigned', 'unassigned', 'Queue-nobody');
    expect(nobody.names).toContain('Queue-nobody');
    expect(nobody.names).not.toContain('Queue-mine');
    expect(nobody.names).not.toContain('Queue-group');
    expect(nobody.count).toBe(nobody.names.length);
    await shot('10-my-work');
  });

  test('approvals: requested from a user and from a group (each member asked), answered by the approver on the timeline; a refusal without reason shows the API message', async () => {
    const ticket = await api.create('Ticket', { name: 'New laptop', content: 'Mine is ten years old.' });
    const desk = (await api.get('Group/', { query: 'searchText[name]=^Desk$' })).body[0].id as number;
    const deskMembers = ((await api.get(`Group/${desk}/Group_User`)).body as { users_id: number }[]).map((m) => m.users_id);
    expect(deskMembers).toEqual([2]);
    const tech = (await api.get('User/', { query: 'searchText[name]=^tech1$' })).body[0].id as number;
    await page.goto(`${server.origin}/#/Ticket/${ticket}?tab=timeline`);
    await page.getByRole('heading', { name: /New laptop/ }).waitFor();
    const ask = async (kind: string, label: string, text: string, option: string) => {
      await answerKind('Approval');
      await page.getByLabel('Approval request comment').fill('Budget line 12.');
      await page.getByLabel('Approver', { exact: true }).selectOption({ label: kind });
      await pick(page, label, text, option);
      await page.getByRole('button', { name: 'Ask for approval' }).click();
      await notice('success', 'Approval requested.').waitFor();
    };
    await ask('User', 'Approving user', 'tech1', 'Ann Martin (tech1)');
    await ask('Group', 'Approving group', 'Desk', 'Desk');
    const requests = (await api.get(`Ticket/${ticket}/TicketValidation`)).body as { id: number; users_id_validate: number; status: number; comment_submission: string }[];
    expect(requests.map((r) => [r.users_id_validate, r.status, r.comment_submission]).sort()).toEqual([[2, 2, 'Budget line 12.'], [tech, 2, 'Budget line 12.']].sort());
    expect((await api.get(`Ticket/${ticket}`)).body.global_validation).toBe(2);

    // Only my own request offers an answer; refusing it without a reason is the API's refusal.
    const mine = page.getByRole('group', { name: 'Your approval' });
    await mine.waitFor();
    expect(await mine.count()).toBe(1);
    await shot('09b-approval');
    await mine.getByRole('button', { name: 'Refuse the approval' }).click();
    await notice('error', 'If approval is denied, specify a reason.').waitFor();
    const myRequest = requests.find((r) => r.users_id_validate === 2)!;
    expect((await api.get(`TicketValidation/${myRequest.id}`)).body.status).toBe(2);
    await mine.getByLabel('Comment').fill('Not this quarter.');
    await mine.getByRole('button', { name: 'Refuse the approval' }).click();
    await notice('success', 'Approval refused.').waitFor();
    expect((await api.get(`TicketValidation/${myRequest.id}`)).body).toMatchObject({ status: 4, comment_validation: 'Not this quarter.' });
    expect((await api.get(`Ticket/${ticket}`)).body.global_validation).toBe(4);
    await page.locator('li[data-kind="validation"]', { hasText: 'Not this quarter.' }).waitFor();
    expect(await page.getByRole('group', { name: 'Your approval' }).count()).toBe(0);
  });

  test('users and access: a user with a password, authorizations, groups, token, deactivation; guard rails; a profile\'s rights grid', async () => {
    await page.goto(`${server.origin}/#/User/new`);
    const form = page.locator('form.item-form');
    await form.getByLabel('Login').fill('newbie');
    await form.getByLabel('Password', { exact: true }).fill('Newbie-pass-1');
    await form.getByLabel('Password confirmation').fill('Other-pass-1');
    await page.getByRole('button', { name: 'Create user' }).click();
    await notice('error').waitFor();
    expect((await api.get('User/', { query: 'searchText[name]=^newbie$' })).body).toEqual([]);
    await form.getByLabel('Password confirmation').fill('Newbie-pass-1');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('User created.').waitFor();
    const user = Number(/#\/User\/(\d+)/.exec(page.url())?.[1]);

    await page.getByRole('tab', { name: 'Access' }).click();
    await pick(page, 'Profile', 'Tech', 'Technician');
    await page.getByRole('button', { name: 'Add authorization' }).click();
    await notice('success', 'Technician added.').waitFor();
    expect((await api.get(`User/${user}/Profile_User`)).body).toContainEqual(expect.objectContaining({ profiles_id: 6, entities_id: 0, is_recursive: 1 }));
    const signin = await new Client(server.api).get('initSession', { headers: { Authorization: `Basic ${btoa('newbie:Newbie-pass-1')}` } });
    expect(signin.status).toBe(200);
    await pick(page, 'Group', 'Help', 'Helpdesk');
    await page.getByRole('button', { name: 'Add to group' }).click();
    await notice('success', 'Added to Helpdesk.').waitFor();
    expect((await api.get(`User/${user}/Group_User`)).body).toHaveLength(1);
    await page.getByRole('button', { name: 'Leave Helpdesk' }).click();
    await notice('success', 'Group left.').waitFor();
    expect((await api.get(`User/${user}/Group_User`)).body).toEqual([]);

    await page.getByRole('button', { name: 'Reset the API token' }).click();
    const token = (await page.locator('code.token').textContent()) ?? '';
    expect(token).toMatch(/^[A-Za-z0-9]{20,}$/);
    expect((await new Client(server.api).get('initSession', { headers: { Authorization: `user_token ${token}` } })).status).toBe(200);
    await shot('11-user-access');
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await notice('success', 'User deactivated.').waitFor();
    expect((await api.get(`User/${user}`)).body.is_active).toBe(0);

    // Guard rails: my own last Super-Admin authorization stays; the Super-Admin profile cannot be purged here.
    await page.goto(`${server.origin}/#/User/2?tab=access`);
    await page.getByRole('button', { name: /^Remove Super-Admin on/ }).click();
    await notice('error', 'You cannot remove your own last Super-Admin authorization').waitFor();
    expect((await api.get('User/2/Profile_User')).body.some((g: { profiles_id: number }) => g.profiles_id === 4)).toBe(true);
    await page.goto(`${server.origin}/#/Profile/4`);
    await page.getByRole('heading', { name: /Super-Admin/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete permanently' }).count()).toBe(0);

    // The rights grid of Technician: one checkbox per bit; saving writes the ProfileRight row.
    await page.goto(`${server.origin}/#/Profile/6?tab=rights`);
    const purge = page.getByRole('checkbox', { name: 'Computers: Purge' });
    const before = (await api.get('Profile/6/ProfileRight')).body.find((r: { name: string }) => r.name === 'computer').rights as number;
    expect(await purge.isChecked()).toBe((before & 16) !== 0);
    await purge.setChecked((before & 16) === 0);
    expect(await page.getByRole('checkbox', { name: 'Tickets: See all tickets' }).isChecked()).toBe(true);
    // Bits beyond the standard ones carry GLPI's names (Technician has neither).
    expect(await page.getByRole('checkbox', { name: 'Inventory: Import from file' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Business rules for assets: Business rules (entity parent)' }).isChecked()).toBe(false);
    // Rights are named as GLPI's profile screens name them, never by their keys.
    const rightNames = (await page.locator('table.rights-grid tbody th').allTextContents()).map((t) => t.trim());
    expect(rightNames).toEqual(expect.arrayContaining(['Computers', 'Tickets', 'Knowledge base', 'General setup']));
    expect(rightNames.filter((name) => /^[a-z_]+$/.test(name))).toEqual([]);
    await shot('12-profile-rights');
    await page.getByRole('button', { name: 'Save rights' }).click();
    await notice('success', '1 right saved.').waitFor();
    const after = (await api.get('Profile/6/ProfileRight')).body.find((r: { name: string }) => r.name === 'computer').rights as number;
    expect(after).toBe(before ^ 16);
  });

  test('pickers: type-ahead over the API past the first 1 000 rows; tree items by complete name; labels, not columns', async () => {
    const rooms = await api.post('Location/', { input: Array.from({ length: 1100 }, (_, i) => ({ name: `Room-${String(i + 1).padStart(4, '0')}`, entities_id: 0 })) });
    expect(rooms.status).toBe(201);
    await api.create('Location', { name: 'Floor 2', locations_id: ids.hq, entities_id: 0 });
    await page.goto(`${server.origin}/#/Computer/new`);
    const form = page.locator('form.item-form');
    await form.getByLabel('Location', { exact: true }).fill('Room-1099');
    await page.getByRole('option', { name: 'Room-1099', exact: true }).waitFor();
    await form.getByLabel('Location', { exact: true }).fill('Room-1');
    await page.getByText(/^\d+ more: type to narrow$/).waitFor();
    await pick(form, 'Location', 'Floor', 'HQ > Floor 2');
    expect(await form.getByLabel('Location', { exact: true }).inputValue()).toBe('HQ > Floor 2');
    // Every label is a human one: none is a raw column name.
    const labels = await form.locator('label').allTextContents();
    expect(labels.filter((l) => /_id\b|^is_|_/.test(l))).toEqual([]);
    await form.getByLabel('Name', { exact: true }).fill('picker-pc');
    await page.getByRole('button', { name: 'Create computer' }).click();
    await page.getByText('Computer created.').waitFor();
    const created = Number(/#\/Computer\/(\d+)/.exec(page.url())?.[1]);
    const floor = (await api.get('Location/', { query: 'searchText[name]=^Floor 2$' })).body[0].id;
    expect((await api.get(`Computer/${created}`)).body.locations_id).toBe(floor);
  });

  test('CSV export: a search longer than one API page gives every row, in the chosen columns, with progress', async () => {
    // The 1 100 rooms of the picker test: more than the 1 000 rows the export reads per call.
    const criteria = [{ field: 1, searchtype: 'contains', value: 'Room-' }];
    await page.goto(`${server.origin}/#/search/Location?c=${encodeURIComponent(JSON.stringify(criteria))}&cols=1,2`);
    await page.getByRole('status').filter({ hasText: '1100 results' }).waitFor();
    const headers = (await page.getByRole('columnheader').allTextContents()).map((t) => t.trim());
    // The column chooser never offers two columns under one name.
    const choices = (await page.locator('.column-chooser label').allTextContents()).map((t) => t.trim());
    expect(choices.length).toBeGreaterThan(10);
    expect(choices.filter((name, i) => choices.indexOf(name) !== i)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const lines = (await Bun.file((await download.path())!).text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(headers.join(','));
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows).toHaveLength(1100);
    expect(rows.every((r) => r.length === 2 && /^\d+$/.test(r[1]!))).toBe(true);
    expect(rows.map((r) => r[0]).sort()).toEqual(Array.from({ length: 1100 }, (_, i) => `Room-${String(i + 1).padStart(4, '0')}`));
    expect(new Set(rows.map((r) => r[1])).size).toBe(1100);
    const progress = page.getByRole('progressbar', { name: 'Export progress' });
    expect([await progress.getAttribute('value'), await progress.getAttribute('max')]).toEqual(['1100', '1100']);
  });

  test('search: criteria from listSearchOptions with a picker, AND/OR/NOT, columns, sort, all in the URL', async () => {
    await page.goto(`${server.origin}/#/Computer`);
    await page.getByRole('link', { name: 'Advanced search' }).click();
    await page.getByRole('heading', { name: 'Search computers' }).waitFor();
    await page.getByRole('button', { name: 'Add a criterion' }).click();
    const first = page.getByRole('group', { name: 'Criterion 1' });
    await first.getByLabel('Field').selectOption({ label: 'Serial number' });
    await first.getByLabel('Search type').selectOption({ label: 'contains' });
    await first.getByLabel('Value').fill('R-');
    await page.getByRole('button', { name: 'Add a criterion' }).click();
    const second = page.getByRole('group', { name: 'Criterion 2' });
    await second.getByLabel('Link').selectOption('OR');
    await second.getByLabel('Field').selectOption({ label: 'Location' });
    await second.getByLabel('Search type').selectOption({ label: 'is' });
    await pick(second, 'Value', 'HQ', 'HQ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await until('criteria in the URL', () => decodeURIComponent(page.url()).includes('"searchtype":"equals"'));
    const names = async () => (await page.locator('table.list tbody tr td:nth-child(1)').allTextContents()).sort();
    await until('root-pc and the HQ computers', async () => (await names()).join() === ['console-pc', 'root-pc'].sort().join());
    // NOT: the HQ ones only when they do not match the serial.
    await second.getByLabel('Link').selectOption('AND NOT');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await until('root-pc only', async () => (await names()).join() === 'root-pc');
    // Columns and sort: the serial column is added, then sorted on.
    await page.getByText(/^Columns/).click();
    await page.getByRole('checkbox', { name: 'Serial number' }).first().check();
    await page.getByRole('columnheader', { name: /Serial number/ }).waitFor();
    await page.getByRole('columnheader', { name: /Serial number/ }).getByRole('button').click();
    await until('sorted in the URL', () => page.url().includes('sort='));
    await shot('13-search');
    // Export: every matching row, the chosen columns, as CSV.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = await Bun.file((await download.path())!).text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toContain('Serial number');
    expect(lines.slice(1)).toEqual([expect.stringContaining('root-pc')]);
    expect(lines[1]).toContain('R-1');
    // The URL alone brings the same search back (shareable); a field the type lacks is the API's error.
    const url = page.url();
    await page.goto(`${server.origin}/#/`);
    await page.goto(url);
    await until('same rows', async () => (await names()).join() === 'root-pc');
    await page.goto(`${server.origin}/#/search/Computer?c=${encodeURIComponent(JSON.stringify([{ field: 99999, searchtype: 'contains', value: 'x' }]))}`);
    await notice('error').waitFor();
  });

  test('saved searches: the current search saved as a SavedSearch row of the user, listed, loaded and deleted', async () => {
    const criteria = [{ field: 5, searchtype: 'contains', value: 'R-' }];
    await page.goto(`${server.origin}/#/search/Computer?c=${encodeURIComponent(JSON.stringify(criteria))}&cols=1,5&sort=5&order=DESC`);
    const names = async () => (await page.locator('table.list tbody tr td:nth-child(1)').allTextContents()).sort();
    await until('root-pc found', async () => (await names()).join() === 'root-pc');
    const saved = page.getByRole('region', { name: 'Saved searches' });
    await saved.getByText('No saved search yet.').waitFor();
    await saved.getByLabel('Name of the saved search').fill('Serials R-');
    await saved.getByRole('button', { name: 'Save this search' }).click();
    await notice('success', 'Search "Serials R-" saved.').waitFor();
    // The row is GLPI's: type 1 (search), the itemtype, the user, private, the query string.
    const rows = (await api.get('SavedSearch/?range=0-99')).body as Record<string, unknown>[];
    const row = rows.find((r) => r.name === 'Serials R-')!;
    expect(row).toMatchObject({ type: 1, itemtype: 'Computer', users_id: 2, is_private: 1 });
    const query = new URLSearchParams(String(row.query));
    expect([query.get('criteria[0][field]'), query.get('criteria[0][searchtype]'), query.get('criteria[0][value]')]).toEqual(['5', 'contains', 'R-']);
    expect([query.get('forcedisplay[0]'), query.get('forcedisplay[1]'), query.get('sort'), query.get('order')]).toEqual(['1', '5', '5', 'DESC']);
    // The list reloads after the save: wait for the new entry.
    await until('the saved search listed', async () => JSON.stringify(await saved.getByRole('link').allTextContents()), (names) => names === '["Serials R-"]');
    // Loading it from an empty search brings back the criteria, the columns and the sort.
    await page.goto(`${server.origin}/#/search/Computer`);
    await until('every computer', async () => (await names()).length > 1);
    await saved.getByRole('link', { name: 'Serials R-' }).click();
    await until('root-pc again', async () => (await names()).join() === 'root-pc');
    expect(await page.getByRole('columnheader', { name: /Serial number ▼/ }).count()).toBe(1);
    await shot('13b-saved-search');
    await saved.getByRole('button', { name: 'Delete saved search Serials R-' }).click();
    await saved.getByText('No saved search yet.').waitFor();
    expect(((await api.get('SavedSearch/?range=0-99')).body as Record<string, unknown>[]).map((r) => r.name)).toEqual([]);
  });

  test('search: a date criterion relative to now (GLPI\'s -1WEEK)', async () => {
    await page.goto(`${server.origin}/#/search/Computer`);
    await page.getByRole('button', { name: 'Add a criterion' }).click();
    const first = page.getByRole('group', { name: 'Criterion 1' });
    await first.getByLabel('Field').selectOption({ label: 'Last update' });
    await first.getByLabel('Search type').selectOption({ label: 'after / more than' });
    await first.getByLabel('Relative date').selectOption({ label: '1 week ago' });
    expect(await first.getByLabel('Value').count()).toBe(0);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await until('relative value in the URL', () => decodeURIComponent(page.url()).includes('"value":"-1WEEK"'));
    const total = Number(/\/(\d+)$/.exec((await api.get('Computer/?range=0-0')).headers.get('content-range') ?? '')?.[1]);
    expect(total).toBeGreaterThan(0);
    await page.getByRole('status').filter({ hasText: `${total} results` }).waitFor();
    await first.getByLabel('Search type').selectOption({ label: 'before / less than' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '0 results' }).waitFor();
    // Back to an exact date: the date picker returns.
    await first.getByLabel('Relative date').selectOption({ label: 'on a date…' });
    expect(await first.getByLabel('Value').getAttribute('type')).toBe('date');
  });

  test('search: a group of criteria in parentheses and a meta criterion on a linked type', async () => {
    await page.goto(`${server.origin}/#/search/Computer`);
    await page.getByRole('button', { name: 'Add a group' }).click();
    const inGroup = (n: number) => page.getByRole('group', { name: `Group 1, criterion ${n}` });
    await inGroup(1).getByLabel('Field').selectOption({ label: 'Serial number' });
    await inGroup(1).getByLabel('Value').fill('R-');
    await page.getByRole('button', { name: 'Add to group 1' }).click();
    await inGroup(2).getByLabel('Link').selectOption('OR');
    await inGroup(2).getByLabel('Field').selectOption({ label: 'Name' });
    await inGroup(2).getByLabel('Value').fill('console');
    await page.getByRole('button', { name: 'Search a linked type' }).click();
    const meta = page.getByRole('group', { name: 'Criterion 2', exact: true });
    await meta.getByLabel('Linked type').selectOption({ label: 'Location' });
    // The first linked type's fields stay until the location's arrive, and the row then takes the
    // location's first field: wait for exactly the location's searchable options (as the API lists
    // them) with a field chosen, then pick its "Name" by id.
    const locationOptions = (await api.get('listSearchOptions/Location')).body as Record<string, { name?: string; nosearch?: boolean }>;
    const numbered = Object.entries(locationOptions).filter(([id]) => /^\d+$/.test(id));
    const nameId = numbered.find(([, o]) => o.name === 'Name')![0];
    const wanted = numbered.filter(([, o]) => !o.nosearch).map(([id]) => id).sort().join();
    const field = meta.getByLabel('Field');
    const shown = async () => (await field.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).filter((v) => /^\d+$/.test(v)).sort().join();
    await until("the location's fields, one chosen", async () => (await shown()) === wanted && (await field.inputValue()) !== '');
    await field.selectOption(nameId);
    await until('the Name field kept', async () => (await field.inputValue()) === nameId);
    await meta.getByLabel('Search type').selectOption({ label: 'contains' });
    await meta.getByLabel('Value').fill('HQ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await until('group and meta in the URL', () => {
      const url = decodeURIComponent(page.url());
      return url.includes('"criteria":[') && url.includes('"meta":true') && url.includes('"itemtype":"Location"');
    });
    const names = async () => (await page.locator('table.list tbody tr td:nth-child(1)').allTextContents()).sort();
    // (serial R- OR name console) AND located at HQ: root-pc has no location.
    await until('console-pc only', async () => (await names()).join() === 'console-pc');
    await shot('13c-search-groups');
    // The same criteria straight from the API agree.
    const direct = await api.get(
      'search/Computer?criteria[0][criteria][0][field]=5&criteria[0][criteria][0][searchtype]=contains&criteria[0][criteria][0][value]=R-' +
        '&criteria[0][criteria][1][link]=OR&criteria[0][criteria][1][field]=1&criteria[0][criteria][1][searchtype]=contains&criteria[0][criteria][1][value]=console' +
        '&criteria[1][link]=AND&criteria[1][meta]=1&criteria[1][itemtype]=Location&criteria[1][field]=1&criteria[1][searchtype]=contains&criteria[1][value]=HQ',
    );
    expect(direct.body.totalcount).toBe(1);
  });

  test('global search: assets by serial, tickets by title, users by login', async () => {
    const box = page.getByRole('search').getByLabel('Search assets, tickets and users');
    await box.fill('R-1');
    await box.press('Enter');
    const assets = page.getByRole('region', { name: 'Assets' });
    await assets.getByRole('link', { name: 'root-pc' }).waitFor();
    await assets.getByRole('link', { name: 'root-pc' }).click();
    await page.getByRole('heading', { name: /root-pc/ }).waitFor();
    await box.fill('VPN');
    await box.press('Enter');
    await page.getByRole('region', { name: 'Tickets' }).getByRole('link', { name: 'VPN down' }).waitFor();
    await box.fill('tech1');
    await box.press('Enter');
    await page.getByRole('region', { name: 'Users' }).getByRole('link', { name: 'tech1' }).waitFor();
    await shot('15-global-search');
  });

  test('CSV import: column mapping, names resolved, dry run with per-row errors, broken lines reported', async () => {
    await page.goto(`${server.origin}/#/Computer`);
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { name: 'Import computers from CSV' }).waitFor();
    const csv = ['Name,Serial number,Where', 'csv-1,C1,HQ', 'csv-2,C2,Nowhere', 'csv-3,C3,HQ > Floor 2', 'csv-4,C4,HQ,extra'].join('\n');
    await page.getByLabel('CSV file').setInputFiles({ name: 'computers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await notice('error', 'Line 5').waitFor();
    // Name and serial map themselves; "Where" is mapped by hand.
    expect(await page.getByLabel('Serial number', { exact: true }).inputValue()).toBe('serial');
    await page.getByLabel('Where').selectOption({ label: 'Location' });
    await page.getByRole('button', { name: 'Dry run' }).click();
    await page.getByText('Dry run: 3 of 4 rows ready, 1 with errors.').waitFor();
    expect(await page.getByRole('list', { name: 'Rows with errors' }).textContent()).toContain('Line 3: Location: “Nowhere” not found');
    expect((await api.get('Computer/', { query: 'searchText[name]=^csv-' })).body).toEqual([]);
    await shot('16-import');
    await page.getByRole('button', { name: 'Import 4 rows' }).click();
    await page.getByText('3 of 4 rows imported, 1 refused.').waitFor();
    const imported = (await api.get('Computer/', { query: 'searchText[name]=^csv-&expand_dropdowns=true' })).body;
    expect(imported.map((c: { name: string; locations_id: string }) => [c.name, c.locations_id]).sort()).toEqual([
      ['csv-1', 'HQ'],
      ['csv-3', 'HQ > Floor 2'],
      ['csv-4', 'HQ'],
    ]);
  });

  test('documents: a menu entry, upload, a refused type, preview and download', async () => {
    await nav('Documents').click();
    await page.getByRole('link', { name: 'New document' }).click();
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'run.sh', mimeType: 'text/x-sh', buffer: Buffer.from('#!/bin/sh') });
    await page.getByRole('button', { name: 'Upload' }).click();
    await notice('error', 'run.sh').waitFor();
    await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: PNG });
    await page.getByLabel(/^Name/).fill('Badge photo');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('heading', { name: /Badge photo/ }).waitFor();
    const id = Number(/#\/Document\/(\d+)/.exec(page.url())?.[1]);
    expect((await api.get(`Document/${id}`)).body).toMatchObject({ name: 'Badge photo', filename: 'badge.png' });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('img', { name: 'Preview of badge.png' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('badge.png');
    expect(Buffer.from(await Bun.file((await download.path())!).arrayBuffer()).equals(PNG)).toBe(true);
    await shot('17-document');
  });

  test('mass actions: bulk update with per-row failures listed, trash and restore', async () => {
    const parent = await api.create('Location', { name: 'Mass-1', entities_id: 0 });
    await api.create('Location', { name: 'Mass-2', entities_id: 0 });
    await api.create('Location', { name: 'Mass-3', entities_id: 0 });
    await page.goto(`${server.origin}/#/Location?q=Mass`);
    await until('three rows', async () => (await rows().count()) === 3);
    await page.getByRole('checkbox', { name: 'Select the page' }).check();
    const mass = page.getByRole('form', { name: 'Mass actions' });
    await mass.getByLabel('Field to update').selectOption({ label: 'Parent location' });
    await pick(mass, 'New value', 'Mass-1', 'Mass-1');
    await mass.getByRole('button', { name: 'Apply' }).click();
    await mass.getByText('2 of 3 done, 1 refused.').waitFor();
    expect(await mass.getByRole('list', { name: 'Refused rows' }).textContent()).toContain(`#${parent}`);
    await shot('14-mass-actions');
    const children = (await api.get('Location/', { query: 'searchText[name]=Mass&range=0-9' })).body.filter((l: { locations_id: number }) => l.locations_id === parent);
    expect(children).toHaveLength(2);

    await page.goto(`${server.origin}/#/Monitor?q=mon-1`);
    await until('mon-10..12', async () => (await rows().count()) === 3);
    await page.getByRole('checkbox', { name: 'Select the page' }).check();
    await mass.getByLabel('Action').selectOption({ label: 'Move to the trash' });
    await mass.getByRole('button', { name: 'Apply' }).click();
    await mass.getByText('3 of 3 done.').waitFor();
    const trashed = (await api.get('Monitor/', { query: 'is_deleted=1&range=0-99' })).body.map((m: { name: string }) => m.name).sort();
    expect(trashed).toEqual(['mon-10', 'mon-11', 'mon-12']);
    await page.goto(`${server.origin}/#/Monitor?q=mon-1&trash=1`);
    await until('trash rows', async () => (await rows().count()) === 3);
    await page.getByRole('checkbox', { name: 'Select the page' }).check();
    await mass.getByRole('button', { name: 'Apply' }).click();
    await mass.getByText('3 of 3 done.').waitFor();
    expect((await api.get('Monitor/', { query: 'is_deleted=1' })).body).toEqual([]);
  });

  test('mass actions: link the selected rows to a ticket (one already linked is refused and listed) and to a group', async () => {
    const ticket = (await api.get('Ticket/', { query: 'searchText[name]=^VPN down$' })).body[0].id as number;
    const computers = (await api.get('Computer/', { query: 'searchText[name]=-pc$&range=0-99' })).body as { id: number; name: string }[];
    expect(computers.map((c) => c.id)).toContain(ids.rootPc!);
    expect((await api.get(`Ticket/${ticket}/Item_Ticket`)).body.map((l: { items_id: number }) => l.items_id)).toContain(ids.rootPc);
    await page.goto(`${server.origin}/#/Computer?q=-pc`);
    await until('the -pc computers', async () => (await rows().count()) === computers.length);
    await page.getByRole('checkbox', { name: 'Select the page' }).check();
    const mass = page.getByRole('form', { name: 'Mass actions' });
    await mass.getByLabel('Action').selectOption({ label: 'Link to a ticket' });
    await pick(mass, 'Ticket', 'VPN', 'VPN down');
    await mass.getByRole('button', { name: 'Apply' }).click();
    await mass.getByText(`${computers.length - 1} of ${computers.length} done, 1 refused.`).waitFor();
    const refused = (await mass.getByRole('list', { name: 'Refused rows' }).textContent()) ?? '';
    expect(refused).toContain(`#${ids.rootPc}`);
    expect(refused).toContain('already exists');
    expect(await mass.getByRole('progressbar', { name: 'Progress' }).getAttribute('value')).toBe(String(computers.length));
    const linked = (await api.get(`Ticket/${ticket}/Item_Ticket`, { query: 'range=0-99' })).body as { itemtype: string; items_id: number }[];
    expect(linked.filter((l) => l.itemtype === 'Computer').map((l) => l.items_id).sort()).toEqual(computers.map((c) => c.id).sort());
    await shot('14b-mass-link');

    // A group: GLPI 10 keeps an asset's groups in its groups_id and groups_id_tech.
    const group = (await api.get('Group/', { query: 'searchText[name]=^Helpdesk$' })).body[0].id as number;
    await mass.getByLabel('Action').selectOption({ label: 'Link to a group' });
    await mass.getByLabel('As').selectOption({ label: 'Group in charge' });
    await pick(mass, 'Group', 'Help', 'Helpdesk');
    await mass.getByRole('button', { name: 'Apply' }).click();
    await mass.getByText(`${computers.length} of ${computers.length} done.`).waitFor();
    for (const c of computers) expect((await api.get(`Computer/${c.id}`)).body.groups_id_tech).toBe(group);
  });

  test('habits: a new tab opens signed in; `/` focuses the search box', async () => {
    const second = await context.newPage();
    await second.goto(`${server.origin}/#/Computer`);
    await second.getByRole('navigation', { name: 'Main' }).waitFor();
    await second.locator('table.list tbody tr').first().waitFor();
    await second.keyboard.press('/');
    expect(await second.evaluate(() => document.activeElement?.hasAttribute('data-search'))).toBe(true);
    await second.keyboard.type('root');
    await until('filtered in the URL', () => second.url().includes('q=root'));
    await second.close();
  });

  test('language: a user whose preference is fr_FR gets the console in French, with no English left on the main screens', async () => {
    const setLanguage = async (language: string) => expect((await api.put('User/2', { input: { language } })).status).toBe(200);
    await setLanguage('fr_FR');
    try {
      await page.goto(`${server.origin}/#/`);
      await page.reload();
      const frNav = page.getByRole('navigation', { name: 'Principal' });
      await frNav.getByRole('link', { name: 'Tableau de bord', exact: true }).waitFor();
      for (const name of ['Ordinateurs', 'Imprimantes', 'Tickets', 'Utilisateurs', 'Lieux']) expect(await frNav.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
      expect(await frNav.getByRole('heading', { name: 'Parc', exact: true }).isVisible()).toBe(true);
      expect(await header().getByRole('button', { name: 'Se déconnecter' }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tableau de bord');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      expect(await page.title()).toBe('Tableau de bord · Deskbase');
      await page.getByRole('figure', { name: 'Tickets par statut' }).getByRole('rowheader', { name: 'Nouveau', exact: true }).waitFor({ state: 'attached' });
      await shot('20-french');
      expect(await englishLeftovers()).toEqual([]);

      // The main screens: a list, an item, a ticket's timeline and actors, the search, a profile's rights.
      const screens: [string, () => Promise<void>][] = [
        ['#/Computer', () => page.getByRole('button', { name: 'Voir la corbeille' }).waitFor()],
        [`#/Computer/${ids.rootPc}`, () => page.getByRole('button', { name: 'Enregistrer' }).waitFor()],
        [`#/Ticket/${ids.ticket}?tab=timeline`, () => page.getByRole('button', { name: 'Ajouter le suivi' }).waitFor()],
        [`#/Ticket/${ids.ticket}?tab=actors`, () => page.getByRole('button', { name: "Ajouter l'acteur" }).waitFor()],
        ['#/search/Computer', () => page.getByRole('button', { name: 'Exporter en CSV' }).waitFor()],
        ['#/Profile/6?tab=rights', () => page.getByRole('checkbox', { name: 'Ordinateurs : Purger' }).waitFor()],
        [`#/User/2?tab=access`, () => page.getByRole('button', { name: "Ajouter l'habilitation" }).waitFor()],
      ];
      for (const [path, ready] of screens) {
        await page.goto(`${server.origin}/${path}`);
        await ready();
        expect({ path, leftovers: await englishLeftovers() }).toEqual({ path, leftovers: [] });
      }
      await page.goto(`${server.origin}/#/Computer?q=-pc`);
      await page.getByRole('checkbox', { name: 'Sélectionner la page' }).check();
      await page.getByRole('form', { name: 'Actions de masse' }).waitFor();
      expect(await englishLeftovers()).toEqual([]);
      await shot('21-french-list');
    } finally {
      await setLanguage('en_GB');
    }
    await page.reload();
    await nav('Computers').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  test('signing out kills the session, in every tab', async () => {
    const token = await page.evaluate(() => localStorage.getItem('deskbase.session-token'));
    const other = await context.newPage();
    await other.goto(`${server.origin}/#/`);
    await other.getByRole('navigation', { name: 'Main' }).waitFor();
    await header().getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You are signed out.').waitFor();
    await other.getByText('You are signed out.').waitFor();
    await other.close();
    expect(await page.getByLabel('Login').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('deskbase.session-token'))).toBeNull();
    const res = await new Client(server.api).get('getFullSession', { headers: { 'Session-Token': token! } });
    expect(res.status).toBe(401);
    expect(pageErrors).toEqual([]);
  });
});
