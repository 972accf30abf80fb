/**
 * Asset pages in a real browser (Debian's Chromium via playwright-core) against a real server, as
 * an Admin and as a Technician: a computer with components, software, a port with an address and a
 * VLAN, a connected monitor, financial information with depreciation, a contract and a document
 * shows each in its section; a type without components has no such section; a check-out and
 * check-in round trip is kept on the asset; the label holds the QR code of the asset's address.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { depreciation, LINEAR, netValue } from '../../ui/src/lib/amortization';
import { qrSvg } from '../../ui/src/lib/qr';
import { ensureConsoleBuilt, hasChromium, launchChromium, watchErrors } from '../support/browser';
import { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';

const SHOTS = process.env.CONSOLE_SCREENSHOTS;
const PASSWORD = 'Assets-page-2026';
const ROLES = [
  ['Admin', 'alice', 3],
  ['Technician', 'tom', 6],
] as const;

describe.skipIf(!hasChromium)('asset pages', () => {
  let server: TestServer;
  let admin: Client;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let page: Page;
  const ids = { computer: 0, monitor: 0, toner: 0, state: 0, software: 0 };
  const pageErrors: string[] = [];

  const open = async (itemtype: string, id: number, tab?: string) => {
    await page.goto(`${server.origin}/#/${itemtype}/${id}${tab ? `?tab=${tab}` : ''}`);
    await page.getByRole('tablist', { name: 'Sections' }).waitFor();
  };
  const rows = (name: string) => page.getByRole('table', { name }).locator('tbody tr');
  const cells = async (name: string) => Promise.all((await rows(name).all()).map(async (r) => (await r.locator('td').allInnerTexts()).map((c) => c.trim())));
  const signInAs = async (login: string) => {
    const client = await new Client(server.api).login(login, PASSWORD);
    await page.goto(`${server.origin}/`);
    await page.evaluate((token) => localStorage.setItem('deskbase.session-token', token), client.token);
    await page.reload();
    // Signed in once the navigation shows: a route opened before could be replaced by the home page.
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
  };

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startServer();
    admin = await new Client(server.api).login();
    for (const [, login, profile] of ROLES) await admin.create('User', { name: login, password: PASSWORD, password2: PASSWORD, _profiles_id: profile, _entities_id: 0, _is_recursive: 1 });

    ids.computer = await admin.create('Computer', { name: 'ws-042', serial: 'SN-042', otherserial: 'INV-042' });
    const computer = { itemtype: 'Computer', items_id: ids.computer };
    const intel = await admin.create('Manufacturer', { name: 'Intel' });
    const cpu = await admin.create('DeviceProcessor', { designation: 'Xeon E-2388G', manufacturers_id: intel });
    await admin.create('Item_DeviceProcessor', { ...computer, deviceprocessors_id: cpu, frequency: 3200, nbcores: 8, serial: 'CPU-1' });
    const ram = await admin.create('DeviceMemory', { designation: 'DDR4 16 GB' });
    await admin.create('Item_DeviceMemory', { ...computer, devicememories_id: ram, size: 16384 });
    const disk = await admin.create('DeviceHardDrive', { designation: 'NVMe 1 TB' });
    await admin.create('Item_DeviceHardDrive', { ...computer, deviceharddrives_id: disk, capacity: 1000000, serial: 'HD-9' });

    ids.software = await admin.create('Software', { name: 'LibreOffice' });
    const version = await admin.create('SoftwareVersion', { softwares_id: ids.software, name: '7.6' });
    await admin.create('Item_SoftwareVersion', { ...computer, softwareversions_id: version });
    const licence = await admin.create('SoftwareLicense', { softwares_id: ids.software, name: 'Site licence 2024', number: 50 });
    await admin.create('Item_SoftwareLicense', { ...computer, softwarelicenses_id: licence });

    const port = await admin.create('NetworkPort', { ...computer, name: 'eth0', logical_number: 1, instantiation_type: 'NetworkPortEthernet', mac: 'aa:bb:cc:dd:ee:42', NetworkName_name: 'ws-042', NetworkName__ipaddresses: { '-1': '10.0.0.42' } });
    const vlan = await admin.create('Vlan', { name: 'Office', tag: 10 });
    await admin.create('NetworkPort_Vlan', { networkports_id: port, vlans_id: vlan, tagged: 1 });

    ids.monitor = await admin.create('Monitor', { name: 'Dell U2720Q' });
    await admin.create('Computer_Item', { computers_id: ids.computer, itemtype: 'Monitor', items_id: ids.monitor });

    const supplier = await admin.create('Supplier', { name: 'Acme IT' });
    const budget = await admin.create('Budget', { name: 'IT 2024' });
    await admin.create('Infocom', {
      ...computer, buy_date: '2024-06-01', use_date: '2024-07-15', value: 1200, sink_type: LINEAR, sink_time: 3,
      warranty_date: '2024-06-01', warranty_duration: 36, order_number: 'PO-77', bill: 'F-2024-9', suppliers_id: supplier, budgets_id: budget,
      delivery_number: 'BL-5', immo_number: 'IM-3', order_date: '2024-05-20', delivery_date: '2024-05-28',
    });
    const contract = await admin.create('Contract', { name: 'Maintenance 2024', num: 'C-12', begin_date: '2024-01-01', duration: 24 });
    await admin.create('Contract_Item', { ...computer, contracts_id: contract });
    const document = await admin.create('Document', { name: 'Purchase order' });
    await admin.create('Document_Item', { ...computer, documents_id: document });

    const reservable = await admin.create('ReservationItem', { ...computer, is_active: 1 });
    await admin.create('Reservation', { reservationitems_id: reservable, begin: '2026-03-02 09:00:00', end: '2026-03-06 18:00:00', users_id: 2, comment: 'Training week' });
    const ticket = await admin.create('Ticket', { name: 'Fan noise', content: 'Loud fan.' });
    await admin.create('Item_Ticket', { ...computer, tickets_id: ticket });
    const problem = await admin.create('Problem', { name: 'Fans wear out', content: 'Several fans.' });
    await admin.create('Item_Problem', { ...computer, problems_id: problem });

    ids.toner = await admin.create('ConsumableItem', { name: 'Toner' });
    ids.state = await admin.create('State', { name: 'Lent' });

    browser = await launchChromium();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    // The size the console's screenshots are taken at.
    await page.setViewportSize({ width: 1440, height: 900 });
    watchErrors(page, pageErrors);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const shot = async (name: string) => {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };
  const tabs = () => page.getByRole('tablist', { name: 'Sections' }).getByRole('tab').allInnerTexts();
  const section = (name: string) => page.getByRole('region', { name });

  /** What Admin and Technician both see, and both may read. */
  /** `manufacturer`: what a profile that may (or may not) read components sees of the processor's. */
  const commonSections = async (manufacturer: string) => {
    await open('Computer', ids.computer, 'components');
    await section('Components').waitFor();
    expect(await cells('Processor')).toEqual([['Xeon E-2388G', manufacturer, 'Frequency (MHz)\n3200\nSerial number\nCPU-1\nCores\n8']]);
    expect(await cells('Memory')).toEqual([['DDR4 16 GB', '', 'Size (MiB)\n16384']]);
    expect(await cells('Hard drive')).toEqual([['NVMe 1 TB', '', 'Capacity (MiB)\n1000000\nSerial number\nHD-9']]);

    await open('Computer', ids.computer, 'software');
    await section('Software').waitFor();
    expect(await cells('Installed software')).toEqual([['LibreOffice', '7.6', '']]);
    expect(await section('Software').getByRole('list', { name: 'Licences' }).getByRole('listitem').allInnerTexts()).toEqual(['Site licence 2024']);

    await open('Computer', ids.computer, 'ports');
    await section('Network ports').waitFor();
    expect(await cells('Network ports')).toEqual([['1', 'eth0', 'Ethernet port', 'aa:bb:cc:dd:ee:42', '10.0.0.42', 'Office (tagged)']]);

    await open('Computer', ids.computer, 'connections');
    await section('Connections').getByRole('list', { name: 'Connected items' }).waitFor();
    expect(await section('Connections').getByRole('list', { name: 'Connected items' }).getByRole('listitem').allInnerTexts()).toEqual(['Monitor Dell U2720QDisconnect']);
    // The other side: the monitor names the computer it is on.
    await open('Monitor', ids.monitor, 'connections');
    await section('Connections').getByRole('list', { name: 'Connected items' }).waitFor();
    expect(await section('Connections').getByRole('list', { name: 'Connected items' }).getByRole('listitem').allInnerTexts()).toEqual(['Computer ws-042Disconnect']);

    await open('Computer', ids.computer, 'documents');
    await section('Documents').waitFor();
    expect((await cells('Documents')).map((r) => r[0])).toEqual(['Purchase order']);
  };

  test('Admin: every section of a computer, with its financial information and depreciation', async () => {
    await signInAs('alice');
    await open('Computer', ids.computer);
    expect(await tabs()).toEqual([
      'Details', 'Components', 'Software', 'Network ports', 'Connections', 'Financial and administrative information', 'Contracts', 'Documents',
      'Reservations', 'Check-out', 'Label', 'Tickets', 'Inventory', 'History',
    ]);
    await commonSections('Intel');

    await open('Computer', ids.computer, 'financial');
    const financial = section('Financial and administrative information');
    await financial.getByRole('table', { name: 'Depreciation' }).waitFor();
    await shot('asset-financial');
    expect(await financial.getByLabel('Date of purchase').inputValue()).toBe('2024-06-01');
    expect(await financial.getByLabel('Order number').inputValue()).toBe('PO-77');
    expect(await financial.getByLabel('Invoice number').inputValue()).toBe('F-2024-9');
    expect(await financial.getByLabel('Supplier').inputValue()).toBe('Acme IT');
    expect(await financial.getByLabel('Budget').inputValue()).toBe('IT 2024');
    const shown = (labels: string[]) => Promise.all(labels.map((label) => financial.getByLabel(label, { exact: true }).inputValue()));
    expect(await shown(['Order date', 'Delivery date', 'Startup date', 'Start date of warranty', 'Warranty duration (months)', 'Delivery form', 'Immobilization number', 'Value', 'Amortization duration (years)'])).toEqual([
      '2024-05-20', '2024-05-28', '2024-07-15', '2024-06-01', '36', 'BL-5', 'IM-3', '1200.0000', '3',
    ]);
    expect(await financial.getByLabel('Amortization type').inputValue()).toBe('2');
    expect(await financial.getByTestId('warranty-end').innerText()).toBe('2027-06-01');
    expect(await cells('Depreciation')).toEqual([
      ['2024', '1200.00', '183.33', '1016.67'],
      ['2025', '1016.67', '400.00', '616.67'],
      ['2026', '616.67', '400.00', '216.67'],
      ['2027', '216.67', '216.67', '0.00'],
    ]);
    const schedule = depreciation({ type: LINEAR, value: 1200, years: 3, coeff: 0, buyDate: '2024-06-01', useDate: '2024-07-15' })!;
    expect(await financial.getByTestId('net-value').innerText()).toBe(netValue(schedule, new Date().toISOString().slice(0, 10)).toFixed(2));
    // Edited in place: the Infocom row is updated.
    await financial.getByLabel('Value', { exact: true }).fill('1500');
    await financial.getByRole('button', { name: 'Save' }).click();
    await financial.locator('.notice-success', { hasText: 'Financial information saved.' }).waitFor();
    const [info] = (await admin.get(`Computer/${ids.computer}/Infocom`)).body as { value: string; order_number: string; buy_date: string }[];
    expect([Number(info!.value), info!.order_number, info!.buy_date]).toEqual([1500, 'PO-77', '2024-06-01']);
    expect((await cells('Depreciation'))[0]).toEqual(['2024', '1500.00', '229.17', '1270.83']);

    await open('Computer', ids.computer, 'contracts');
    await section('Contracts').waitFor();
    expect(await cells('Contracts')).toEqual([['Maintenance 2024', 'C-12', '', '2024-01-01', '24', '2026-01-01']]);

    await open('Computer', ids.computer, 'reservations');
    await section('Reservations').getByText('Reservable: yes.').waitFor();
    expect(await cells('Reservations')).toEqual([['2026-03-02 09:00:00', '2026-03-06 18:00:00', 'glpi', 'Training week']]);

    await open('Computer', ids.computer, 'tickets');
    const itil = section('Tickets, problems and changes');
    await itil.waitFor();
    expect(await itil.getByRole('list', { name: 'Tickets' }).getByRole('listitem').allInnerTexts()).toEqual([expect.stringMatching(/^Fan noise #\d+ New /)]);
    expect(await itil.getByRole('list', { name: 'Problems' }).getByRole('listitem').allInnerTexts()).toEqual([expect.stringMatching(/^Fans wear out #\d+ New /)]);
    expect(await itil.getByRole('list', { name: 'Changes' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  test('Technician: the sections their rights allow, with the same values', async () => {
    await signInAs('tom');
    await open('Computer', ids.computer);
    // GLPI's Technician reads no financial information and no contract: those sections are left out.
    expect(await tabs()).toEqual(['Details', 'Components', 'Software', 'Network ports', 'Connections', 'Documents', 'Reservations', 'Check-out', 'Label', 'Tickets', 'Inventory', 'History']);
    // GLPI's Technician may not read component models: the designation shows, not the manufacturer.
    await commonSections('');
    expect(pageErrors).toEqual([]);
  }, 60_000);

  test('a type without components (software, a consumable, a monitor) shows no such section', async () => {
    await signInAs('alice');
    await open('ConsumableItem', ids.toner);
    expect(await tabs()).toEqual(['Details', 'Financial and administrative information', 'Documents', 'Label', 'History']);
    await open('Software', ids.software);
    expect(await tabs()).toEqual(['Details', 'Financial and administrative information', 'Contracts', 'Documents', 'Reservations', 'Label', 'Tickets', 'History']);
    await open('Monitor', ids.monitor);
    expect(await tabs()).toEqual([
      'Details', 'Software', 'Network ports', 'Connections', 'Financial and administrative information', 'Contracts', 'Documents', 'Reservations', 'Check-out',
      'Label', 'Tickets', 'History',
    ]);
  }, 60_000);

  test('Admin: a printer connected and disconnected; financial information added to a monitor on first save', async () => {
    await signInAs('alice');
    const printer = await admin.create('Printer', { name: 'LaserJet 4' });
    await open('Computer', ids.computer, 'connections');
    const panel = section('Connections');
    await panel.getByLabel('Type', { exact: true }).selectOption('Printer');
    await panel.getByLabel('Item', { exact: true }).fill('LaserJet');
    await page.getByRole('option', { name: 'LaserJet 4', exact: true }).click();
    await panel.getByRole('button', { name: 'Connect', exact: true }).click();
    await panel.locator('.notice-success', { hasText: 'LaserJet 4 connected.' }).waitFor();
    const links = async () => ((await admin.get(`Computer/${ids.computer}/Computer_Item`)).body as { itemtype: string; items_id: number }[]).map((l) => [l.itemtype, l.items_id]);
    expect(await links()).toEqual([['Monitor', ids.monitor], ['Printer', printer]]);
    await panel.getByRole('button', { name: 'Disconnect LaserJet 4' }).click();
    await panel.locator('.notice-success', { hasText: 'LaserJet 4 disconnected.' }).waitFor();
    expect(await links()).toEqual([['Monitor', ids.monitor]]);

    await open('Monitor', ids.monitor, 'financial');
    const financial = section('Financial and administrative information');
    await financial.getByLabel('Date of purchase').fill('2025-10-20');
    await financial.getByLabel('Value', { exact: true }).fill('400');
    await financial.getByLabel('Amortization type').selectOption('Decreasing');
    await financial.getByLabel('Amortization duration (years)').fill('4');
    await financial.getByLabel('Amortization coefficient').fill('2');
    await financial.getByRole('button', { name: 'Save' }).click();
    await financial.locator('.notice-success', { hasText: 'Financial information saved.' }).waitFor();
    const [info] = (await admin.get(`Monitor/${ids.monitor}/Infocom`)).body as { buy_date: string; value: string; sink_type: number; sink_time: number; sink_coeff: number }[];
    expect([info!.buy_date, Number(info!.value), info!.sink_type, info!.sink_time, Number(info!.sink_coeff)]).toEqual(['2025-10-20', 400, 1, 4, 2]);
    // 50 % a year, 3 months of 2025, the last 2 years linear.
    expect(await cells('Depreciation')).toEqual([
      ['2025', '400.00', '50.00', '350.00'],
      ['2026', '350.00', '175.00', '175.00'],
      ['2027', '175.00', '87.50', '87.50'],
      ['2028', '87.50', '87.50', '0.00'],
    ]);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  test('check-out to a user until a date (Admin), check-in (Technician): the asset, its notes and its history keep it', async () => {
    await signInAs('alice');
    await open('Computer', ids.computer, 'checkout');
    let panel = section('Check-out');
    await panel.getByTestId('checkout-state').getByText('Available: not checked out.').waitFor();
    await panel.getByLabel('User').fill('tom');
    await page.getByRole('option', { name: 'tom', exact: true }).click();
    await panel.getByLabel('Status').fill('Lent');
    await page.getByRole('option', { name: 'Lent', exact: true }).click();
    await panel.getByLabel('Until').fill('2027-01-15');
    await panel.getByLabel('Note').fill('Conference trip');
    await panel.getByRole('button', { name: 'Check out' }).click();
    await panel.locator('.notice-success', { hasText: 'Checked out to tom.' }).waitFor();
    await panel.getByTestId('checkout-state').getByText('Checked out to tom.').waitFor();
    await shot('asset-checkout');
    const tom = (await admin.get('User/', { query: 'searchText[name]=^tom$' })).body[0].id as number;
    const asset = async () => (await admin.get(`Computer/${ids.computer}`)).body as { users_id: number; states_id: number };
    expect(await asset()).toMatchObject({ users_id: tom, states_id: ids.state });
    expect(await panel.getByRole('list', { name: 'Check-out log' }).getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining('Checked out to tom until 2027-01-15: Conference trip')]);

    // The Technician may not list statuses (GLPI's default): the check-in keeps the status.
    await signInAs('tom');
    await open('Computer', ids.computer, 'checkout');
    panel = section('Check-out');
    await panel.getByTestId('checkout-state').getByText('Checked out to tom.').waitFor();
    expect(await panel.getByLabel('Status').count()).toBe(0);
    await panel.getByLabel('Note').fill('Back, charger missing');
    await panel.getByRole('button', { name: 'Check in' }).click();
    await panel.getByTestId('checkout-state').getByText('Available: not checked out.').waitFor();
    expect(await asset()).toMatchObject({ users_id: 0, states_id: ids.state });
    const notes = ((await admin.get(`Computer/${ids.computer}/Notepad`)).body as { content: string }[]).map((n) => n.content);
    expect(notes).toEqual(['Checked out to tom until 2027-01-15: Conference trip', 'Checked in: Back, charger missing']);
    // The history has the user given and taken back, and the status set.
    const logs = (await admin.get(`Computer/${ids.computer}/Log`, { query: 'range=0-999' })).body as { id_search_option: number; itemtype_link: string; user_name: string; old_value: string; new_value: string }[];
    const changes = (option: number) => logs.filter((l) => l.id_search_option === option).map((l) => [l.user_name, l.old_value, l.new_value]);
    expect(changes(70)).toEqual([['alice (3)', '&nbsp; (0)', 'tom (4)'], ['tom (4)', 'tom (4)', '&nbsp; (0)']]);
    expect(changes(31)).toEqual([['alice (3)', '&nbsp; (0)', 'Lent (1)']]);
    // The notes are logged as added to the asset (GLPI's "add sub-item" line).
    expect(logs.filter((l) => l.itemtype_link === 'Notepad').map((l) => l.user_name)).toEqual(['alice (3)', 'tom (4)']);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  test('the label holds the QR code of the asset address', async () => {
    await signInAs('alice');
    await open('Computer', ids.computer, 'label');
    const label = page.locator('.asset-label');
    await label.locator('svg').waitFor();
    await shot('asset-label');
    const url = `${server.origin}/#/Computer/${ids.computer}`;
    expect(await label.getAttribute('data-url')).toBe(url);
    // The modules drawn are the library's for that URL (the browser serializes the SVG's tags its own way).
    const modules = (svg: string) => /stroke="#000000" d="([^"]+)"/.exec(svg)?.[1];
    expect(modules(await label.locator('.asset-label-qr').innerHTML())).toBe(modules(await qrSvg(url))!);
    expect(await label.locator('figcaption > *').allInnerTexts()).toEqual(['ws-042', 'Computer #1', 'Serial number: SN-042', 'Inventory number: INV-042']);
    expect(await page.getByRole('img', { name: `QR code of ${url}` }).count()).toBe(1);
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
