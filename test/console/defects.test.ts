/**
 * Defects of the console found by trying it (issue 28, part 4), each shown fixed in a real browser
 * (Debian's Chromium via playwright-core) against a real server, as an Admin and a Technician: the
 * search page keeps the criteria being written when a column is ticked; the CSV dry run counts the
 * dropdown values "create missing" will create; a Technician's search page offers no saved-search
 * panel its profile refuses; menus name types as GLPI does, never by class name; an unsaved edit
 * asks before the page is left.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Dialog, Page } from 'playwright-core';
import { CHROMIUM, ensureConsoleBuilt, hasChromium, openDesktopPage, signIn } from '../support/browser';
import { Client } from '../support/client';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../support/server';
import { until } from '../support/until';

/** GLPI's Technician profile. */
const TECHNICIAN = 6;
const TECH_PASSWORD = 'Tina-tech-2026';

if (!hasChromium) console.warn(`[defect tests] skipped: ${CHROMIUM} is missing (run scripts/ensure-chromium.sh as root)`);

describe.skipIf(!hasChromium)('console defects', () => {
  let server: TestServer;
  let admin: Client;
  let page: Page;
  let closeBrowser: (() => Promise<void>) | undefined;
  const ids = { pc: 0, ticket: 0 };
  const pageErrors: string[] = [];
  const nav = () => page.getByRole('navigation', { name: 'Main' });

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startServer();
    admin = await new Client(server.api).login();
    await admin.create('User', { name: 'tina', password: TECH_PASSWORD, password2: TECH_PASSWORD, _profiles_id: TECHNICIAN, _entities_id: 0, _is_recursive: 1 });
    await admin.create('Location', { name: 'HQ', entities_id: 0, is_recursive: 1 });
    ids.pc = await admin.create('Computer', { name: 'desk-pc', serial: 'D-1' });
    ids.ticket = await admin.create('Ticket', { name: 'Broken SIM', content: 'x' });

    ({ page, close: closeBrowser } = await openDesktopPage(pageErrors));
    await signIn(page, server.origin, 'glpi', ADMIN_PASSWORD);
    await nav().waitFor();
  }, 60_000);

  afterAll(async () => {
    await closeBrowser?.();
    await server?.dispose();
  });

  test('search: ticking a column keeps the criterion being written', async () => {
    await page.goto(`${server.origin}/#/search/Computer`);
    await page.getByRole('button', { name: 'Add a criterion' }).click();
    const first = page.getByRole('group', { name: 'Criterion 1' });
    await first.getByLabel('Field').selectOption({ label: 'Serial number' });
    await first.getByLabel('Value').fill('D-');
    await page.getByText(/^Columns/).click();
    await page.getByRole('checkbox', { name: 'Serial number' }).first().check();
    await page.getByRole('columnheader', { name: /Serial number/ }).waitFor();
    expect(await page.getByRole('group', { name: 'Criterion 1' }).getByLabel('Value').inputValue()).toBe('D-');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await until('criterion applied', () => decodeURIComponent(page.url()), (url) => url.includes('"value":"D-"') && url.includes('cols='));
  });

  test('CSV import: the dry run counts the dropdown values "create missing" will create, and creates none', async () => {
    await page.goto(`${server.origin}/#/import/Computer`);
    const csv = ['Name,Location', 'csv-1,HQ', 'csv-2,Annex', 'csv-3,Annex'].join('\n');
    await page.getByLabel('CSV file').setInputFiles({ name: 'computers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Location' });
    await page.getByLabel('Create missing dropdown values').check();
    await page.getByRole('button', { name: 'Dry run' }).click();
    await page.getByText('Dry run: 3 of 3 rows ready. 1 missing dropdown values will be created.').waitFor();
    expect((await admin.get('Location/', { query: 'searchText[name]=^Annex$' })).body).toEqual([]);
    await page.getByRole('button', { name: 'Import 3 rows' }).click();
    await page.getByText('3 of 3 rows imported.').waitFor();
    expect((await admin.get('Location/', { query: 'searchText[name]=^Annex$' })).body).toHaveLength(1);
  });

  test('menus name types as GLPI does: License, Simcard item, Server room; never a class name', async () => {
    await page.goto(`${server.origin}/#/Ticket/${ids.ticket}`);
    const type = page.getByRole('region', { name: 'Linked items' }).getByLabel('Type');
    await type.waitFor();
    const choices = await type.locator('option').allTextContents();
    expect(choices).toEqual(expect.arrayContaining(['License', 'Simcard item', 'Server room', 'Passive device']));
    expect(choices.filter((c) => /_|[a-z][A-Z]|^[A-Z]{2}[a-z]/.test(c))).toEqual([]);
  });

  test('an edit not saved asks before the page is left; kept when the user stays', async () => {
    await page.goto(`${server.origin}/#/Computer/${ids.pc}`);
    const serial = page.locator('form.item-form').getByLabel('Serial number');
    await serial.fill('D-2');
    const asked: string[] = [];
    const stay = (dialog: Dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    };
    page.once('dialog', stay);
    await nav().getByRole('link', { name: 'Monitors', exact: true }).click();
    await until('asked', async () => asked.length, (n) => n === 1);
    expect(asked).toEqual(['Leave this page? Your changes are not saved.']);
    expect(page.url()).toContain(`#/Computer/${ids.pc}`);
    expect(await serial.inputValue()).toBe('D-2');
    // Saved, nothing is asked any more.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.notice-success', { hasText: 'Changes saved.' }).waitFor();
    await nav().getByRole('link', { name: 'Monitors', exact: true }).click();
    await page.getByRole('heading', { name: 'Monitors' }).waitFor();
    expect(asked).toHaveLength(1);
  });

  test('dates in the user\'s format (GLPI\'s date_format), the same in lists and in form fields, 24-hour', async () => {
    // DD-MM-YYYY for glpi; the console reads it with the session.
    expect((await admin.put('User/2', { input: { date_format: 1 } })).status).toBe(200);
    expect((await admin.put(`Ticket/${ids.ticket}`, { input: { date: '2026-03-04 17:05:00' } })).status).toBe(200);
    await page.reload();
    await nav().waitFor();
    await page.goto(`${server.origin}/#/Ticket?sort=date`);
    const row = page.locator('table.list tbody tr', { hasText: 'Broken SIM' });
    const opened = row.locator('td[data-label="Opening date"]');
    // Read only once the row is there (a row still loading is not a failure).
    await until('the opening date in DD-MM-YYYY', async () => ((await opened.count()) ? opened.textContent() : null), (text) => text === '04-03-2026 17:05');
    expect(await row.locator('td[data-label="Last update"]').textContent()).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);

    await page.goto(`${server.origin}/#/Ticket/${ids.ticket}`);
    await page.getByText('Other fields', { exact: true }).click();
    const field = page.locator('form.item-form').getByLabel('Opening date');
    expect(await field.inputValue()).toBe('04-03-2026 17:05');
    expect(await field.getAttribute('placeholder')).toBe('DD-MM-YYYY HH:MM');
    await field.fill('31-12-2026 18:45');
    await page.locator('form.item-form').getByRole('button', { name: 'Save' }).click();
    await page.locator('.notice-success', { hasText: 'Changes saved.' }).waitFor();
    expect((await admin.get(`Ticket/${ids.ticket}`)).body.date).toBe('2026-12-31 18:45:00');
    expect(await field.inputValue()).toBe('31-12-2026 18:45');
    // Text that is no date goes to the API as typed: its refusal shows.
    await field.fill('31-13-2026');
    await page.locator('form.item-form').getByRole('button', { name: 'Save' }).click();
    await page.locator('.notice-error').waitFor();
    expect((await admin.get(`Ticket/${ids.ticket}`)).body.date).toBe('2026-12-31 18:45:00');
    await page.locator('form.item-form').getByRole('button', { name: 'Undo changes' }).click();
  });

  test('Technician: saves a private search of their own without the saved-search right (GLPI lets anyone), and shows no error', async () => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, server.origin, 'tina', TECH_PASSWORD);
    await nav().waitFor();
    const tina = await new Client(server.api).login('tina', TECH_PASSWORD);
    expect((await tina.get('SavedSearch/')).body).toEqual([]);
    await page.goto(`${server.origin}/#/search/Computer`);
    await page.getByRole('heading', { name: 'Search computers' }).waitFor();
    await page.getByText('4 results').waitFor();
    const saved = page.getByRole('region', { name: 'Saved searches' });
    await saved.getByText('No saved search yet.').waitFor();
    await saved.getByLabel('Name of the saved search').fill('All my computers');
    await saved.getByRole('button', { name: 'Save this search' }).click();
    await saved.getByRole('link', { name: 'All my computers' }).waitFor();
    const rows = (await tina.get('SavedSearch/')).body as Record<string, unknown>[];
    expect(rows.map((r) => [r.name, r.itemtype, r.is_private])).toEqual([['All my computers', 'Computer', 1]]);
    expect(await page.locator('.notice-error').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
