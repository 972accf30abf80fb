/**
 * The inventory in the console, in a real browser: a computer an agent reported shows a lock on
 * the fields edited by hand, and its Inventory tab the agent (last contact, the last inventory to
 * download) and the software the agent found; the inventory page edits GLPI's inventory settings
 * and lists the agents.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { ensureConsoleBuilt, hasChromium, launchChromium, consoleWithSession } from '../support/browser';
import { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { inventory, post, postJson, setInventorySettings } from '../inventory/fixture';

const DEVICE = 'console-pc-2026-01-01-00-00-00';

describe.skipIf(!hasChromium)('the inventory in the console', () => {
  let server: TestServer;
  let api: Client;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let page: Page;
  let computer = 0;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startServer();
    api = await new Client(server.api).login();
    await setInventorySettings(api, { enabled_inventory: '1' });
    expect((await post(server.origin, inventory({ deviceid: DEVICE, name: 'console-pc', serial: 'CON-1', software: [['vim', '9.0'], ['curl', '7.88']], disks: ['/'] }))).status).toBe(200);
    computer = Number(((await api.get('Computer/', { query: 'searchText[serial]=^CON-1$' })).body as { id: number }[])[0]!.id);
    // Edited by hand: the field is locked against the next inventory.
    expect((await api.put(`Computer/${computer}`, { input: { name: 'reception-desk' } })).status).toBe(200);
    browser = await launchChromium();
    // Signed in as the API client's session (the sign-in form is the main console test's).
    page = await consoleWithSession(browser, server.origin, api.token, pageErrors);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  test('a computer: a lock on the field edited by hand; its inventory tab shows the agent, the download and the software', async () => {
    await page.goto(`${server.origin}/#/Computer/${computer}`);
    const form = page.getByRole('form', { name: 'Computer details' });
    const lock = form.getByRole('img', { name: 'Locked: the inventory keeps this value' });
    await lock.waitFor();
    expect(await lock.count()).toBe(1);
    // Beside the name's label, the one field edited by hand.
    expect(await form.locator('label', { has: page.getByRole('img', { name: 'Locked: the inventory keeps this value' }) }).textContent()).toBe('Name🔒');

    await page.getByRole('tab', { name: 'Inventory' }).click();
    const panel = page.getByRole('region', { name: 'Inventory' });
    await panel.getByRole('table', { name: 'Installed software' }).waitFor();
    expect(await panel.getByRole('table', { name: 'Installed software' }).locator('tbody tr td:first-child').allTextContents()).toEqual(['curl', 'vim']);
    expect(await panel.getByRole('table', { name: 'Agents' }).locator('tbody tr td:first-child').allTextContents()).toEqual([DEVICE]);
    await panel.getByText('GLPI Native Inventory').waitFor();
    await panel.getByText('name', { exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe(`${DEVICE}.xml`);
    expect(pageErrors).toEqual([]);
  });

  test('a printer a network inventory reported: its inventory tab shows the source, its agent and no software', async () => {
    const example = (await Bun.file(`${import.meta.dir}/../inventory/format/printer_1.json`).json()) as Record<string, unknown>;
    expect((await postJson(server.origin, example)).status).toBe(200);
    const printer = Number(((await api.get('Printer/', { query: 'searchText[serial]=^PHCVN191TG$' })).body as { id: number }[])[0]!.id);
    await page.goto(`${server.origin}/#/Printer/${printer}`);
    await page.getByRole('tab', { name: 'Inventory' }).click();
    const panel = page.getByRole('region', { name: 'Inventory' });
    await panel.getByRole('table', { name: 'Agents' }).waitFor();
    expect(await panel.getByRole('table', { name: 'Agents' }).locator('tbody tr td:first-child').allTextContents()).toEqual(['NPIF2BE10-2020-12-31-11-28-51']);
    await panel.getByText('GLPI Native Inventory').waitFor();
    await panel.getByText('No software installed.').waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('the inventory page: the settings saved as Config items, the agents listed', async () => {
    await page.goto(`${server.origin}/#/inventory`);
    const form = page.getByRole('form', { name: 'Inventory settings' });
    expect(await form.getByLabel('Enable inventory').isChecked()).toBe(true);
    await form.getByLabel('Software', { exact: true }).uncheck();
    await form.getByLabel('Virtual machines as computers').check();
    await form.getByLabel('Computer type of virtual machines (id)').fill('3');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    const rows = (await api.get('Config/', { query: 'searchText[context]=^inventory$&range=0-999' })).body as { name: string; value: string }[];
    expect(rows.filter((r) => ['import_software', 'vm_as_computer', 'vm_type'].includes(r.name)).map((r) => [r.name, r.value]).sort()).toEqual([
      ['import_software', '0'],
      ['vm_as_computer', '1'],
      ['vm_type', '3'],
    ]);
    // The printer's agent and the computer's (their contacts may fall in the same second: compared as a set).
    expect((await page.getByRole('table', { name: 'Agents' }).locator('tbody tr td:nth-child(2)').allTextContents()).sort()).toEqual(['NPIF2BE10-2020-12-31-11-28-51', DEVICE]);
    expect(pageErrors).toEqual([]);
  });
});
