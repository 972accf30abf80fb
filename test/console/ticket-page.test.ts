/**
 * The technician's ticket page in a real browser (Debian's Chromium via playwright-core) against a
 * real server: one page (description, timeline in order, side panel edited in place), due dates
 * marked late, linked tickets, history in words, the rich-text editor with a pasted image stored as
 * GLPI does; as an Admin (Super-Admin) and as a Technician. Every step is checked in the API too.
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
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** GLPI's Technician profile. */
const TECHNICIAN = 6;
const TECH_PASSWORD = 'Tina-tech-2026';
/** The ticket right's bit for changing the priority by hand (GLPI's CHANGEPRIORITY). */
const CHANGE_PRIORITY = 65536;

if (!hasChromium) console.warn(`[ticket page tests] skipped: ${CHROMIUM} is missing (run scripts/ensure-chromium.sh as root)`);

describe.skipIf(!hasChromium)('the ticket page', () => {
  let server: TestServer;
  let admin: Client;
  let page: Page;
  let closeBrowser: (() => Promise<void>) | undefined;
  const ids = { tina: 0, category: 0, ticket: 0, other: 0 };
  const pageErrors: string[] = [];

  const shot = async (name: string) => {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };
  const side = () => page.getByRole('complementary', { name: 'Properties' });
  const notice = (kind: 'error' | 'success', text: string) => page.locator(`.notice-${kind}`, { hasText: text }).first();
  const ticket = async (id: number) => (await admin.get(`Ticket/${id}`)).body;
  const overflows = () =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth <= width) return false;
      return [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > width).map((e) => `${e.tagName}.${e.className}[${e.getAttribute("type")},${e.getAttribute("name")},${Math.round(e.getBoundingClientRect().left)}-${Math.round(e.getBoundingClientRect().right)}]`).slice(0, 8).join(' ');
    });
  /** Pastes a PNG into the rich-text editor of that id, as the clipboard of a screenshot tool would. */
  const pasteImage = (editorId: string) =>
    page.evaluate(
      ([id, base64]) => {
        const bytes = Uint8Array.from(atob(base64!), (c) => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
        document.getElementById(id!)!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      [editorId, PNG.toString('base64')],
    );

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startServer();
    admin = await new Client(server.api).login();
    ids.tina = await admin.create('User', { name: 'tina', realname: 'Tech', firstname: 'Tina', password: TECH_PASSWORD, password2: TECH_PASSWORD, _profiles_id: TECHNICIAN, _entities_id: 0, _is_recursive: 1 });
    ids.category = await admin.create('ITILCategory', { name: 'Network', entities_id: 0, is_recursive: 1 });
    ids.ticket = await admin.create('Ticket', { name: 'Wi-Fi drops', content: '<p>The <b>Wi-Fi</b> drops every hour.</p>', urgency: 3, impact: 3 });
    ids.other = await admin.create('Ticket', { name: 'Access point reboots', content: 'It reboots.' });
    // One due date passed (late), one ahead.
    const due = await admin.put(`Ticket/${ids.ticket}`, { input: { time_to_resolve: '2020-01-06 09:00:00', time_to_own: '2099-01-01 09:00:00' } });
    expect(due.status).toBe(200);
    await admin.create('ITILFollowup', { itemtype: 'Ticket', items_id: ids.ticket, content: '<p>First answer.</p>' });

    ({ page, close: closeBrowser } = await openDesktopPage(pageErrors));
  }, 60_000);

  afterAll(async () => {
    await closeBrowser?.();
    await server?.dispose();
  });

  test('Admin: one page, the description first, then the timeline in order, a side panel; no tabs, no sideways scroll at 1440 px', async () => {
    await signIn(page, server.origin, 'glpi', ADMIN_PASSWORD);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.goto(`${server.origin}/#/Ticket/${ids.ticket}`);
    await page.getByRole('heading', { name: /Wi-Fi drops/ }).waitFor();
    await page.locator('li[data-kind="followup"]', { hasText: 'First answer.' }).waitFor();
    expect(await page.getByRole('tablist').count()).toBe(0);
    // The description, formatted, comes before the timeline.
    const description = page.getByRole('region', { name: 'Description' });
    expect(await description.locator('b').textContent()).toBe('Wi-Fi');
    const order = await page.locator('.itil-main').evaluate((main) => [...main.querySelectorAll('.itil-description, ol.timeline')].map((e) => e.className));
    expect(order).toEqual(['itil-description', 'timeline']);
    // The side panel: properties, due dates (the passed one marked late), actors, linked items and tickets.
    expect(await side().getByLabel('Status').locator('option:checked').textContent()).toBe('New');
    expect(await side().getByLabel('Urgency').locator('option:checked').textContent()).toBe('Medium');
    const late = side().locator('.due.late');
    expect(await late.locator('dt').textContent()).toBe('Time to resolve');
    expect(await late.locator('time').textContent()).toBe('2020-01-06 09:00');
    expect(await side().locator('.due:not(.late) dt').allTextContents()).toEqual(['Time to own']);
    for (const heading of ['Actors', 'Linked items', 'Linked tickets']) await side().getByRole('heading', { name: heading }).waitFor();
    expect(await overflows()).toBe(false);
    await shot('20-ticket-page');
  });

  test('Admin: status, urgency and category edited in place; the history says it in words', async () => {
    await side().getByLabel('Urgency').selectOption({ label: 'Very high' });
    await notice('success', 'Urgency saved.').waitFor();
    // The priority follows from urgency × impact (GLPI's matrix): the server computes it, the panel shows it.
    await until('priority recomputed', async () => (await ticket(ids.ticket)).priority, (p) => p === 4);
    expect((await ticket(ids.ticket)).urgency).toBe(5);
    await until('the panel shows the new priority', () => side().getByLabel('Priority').locator('option:checked').textContent(), (p) => p === 'High');

    await side().getByLabel('Category').fill('Netw');
    await page.getByRole('option', { name: 'Network', exact: true }).click();
    await notice('success', 'Category saved.').waitFor();
    expect((await ticket(ids.ticket)).itilcategories_id).toBe(ids.category);

    await side().getByLabel('Status').selectOption({ label: 'Processing (assigned)' });
    await notice('success', 'Status saved.').waitFor();
    expect((await ticket(ids.ticket)).status).toBe(2);

    // A Super-Admin holds GLPI's "change priority" bit: the priority is set by hand.
    await side().getByLabel('Priority').selectOption({ label: 'Very high' });
    await notice('success', 'Priority saved.').waitFor();
    expect((await ticket(ids.ticket)).priority).toBe(5);

    await page.locator('details.itil-history summary').click();
    const history = page.locator('table.history');
    await until('status change in history', async () => (await history.textContent()) ?? '', (text) => text.includes('Status: New → Processing (assigned)'));
    const text = (await history.textContent()) ?? '';
    expect(text).toContain('Urgency: Medium → Very high');
    expect(text).toContain('Category: — → Network');
    expect(text).toContain('Priority: High → Very high');
    expect(text).toContain('Followup added by glpi');
    expect(text).not.toMatch(/\(\d+\)/);
  });

  test('Admin: a linked ticket, seen from both sides', async () => {
    const linked = side().getByRole('region', { name: 'Linked tickets' });
    await linked.getByLabel('Relation').selectOption({ label: 'Duplicates' });
    await linked.getByLabel('Ticket', { exact: true }).fill('Access');
    await page.getByRole('option', { name: 'Access point reboots', exact: true }).click();
    await linked.getByRole('button', { name: 'Link ticket' }).click();
    await notice('success', 'Access point reboots linked.').waitFor();
    const rows = (await admin.get('Ticket_Ticket/')).body as { tickets_id_1: number; tickets_id_2: number; link: number }[];
    expect(rows.map((r) => [r.tickets_id_1, r.tickets_id_2, r.link])).toEqual([[ids.ticket, ids.other, 2]]);
    expect(await linked.locator('li').textContent()).toContain('Duplicates');
    await page.goto(`${server.origin}/#/Ticket/${ids.other}`);
    const back = side().getByRole('region', { name: 'Linked tickets' }).locator('li');
    await back.waitFor();
    expect(await back.textContent()).toContain('Duplicated by');
    expect(await back.getByRole('link').textContent()).toBe('Wi-Fi drops');
  });

  test('Admin: a followup written in the rich-text editor with bold text and a pasted image, stored as GLPI stores it', async () => {
    await page.goto(`${server.origin}/#/Ticket/${ids.ticket}`);
    const editor = page.getByRole('textbox', { name: 'New followup' });
    await editor.click();
    await page.keyboard.type('Restarted ');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('the controller');
    await pasteImage('answer-content');
    await page.getByText('image.png inserted.').waitFor();
    await page.getByRole('button', { name: 'Add followup' }).click();
    await notice('success', 'Followup added.').waitFor();
    // The form empties for the next answer.
    expect(await page.getByRole('textbox', { name: 'New followup' }).textContent()).toBe('');

    const followups = (await admin.get(`Ticket/${ids.ticket}/ITILFollowup`)).body as { content: string }[];
    const content = followups.map((f) => f.content).find((c) => c.includes('Restarted'))!;
    const docs = (await admin.get(`Ticket/${ids.ticket}/Document_Item`)).body as { documents_id: number }[];
    expect(docs).toHaveLength(1);
    const docId = docs[0]!.documents_id;
    expect(content).toMatch(/^<p>Restarted <b>the controller/);
    expect(content).toContain(`src="/front/document.send.php?docid=${docId}&amp;itemtype=Ticket&amp;items_id=${ids.ticket}"`);
    expect(content.startsWith('<p>')).toBe(true);
    expect((await admin.get(`Document/${docId}`)).body.mime).toBe('image/png');

    // The image shows inside the followup (read with the session), and is not listed again as an attachment.
    const entry = page.locator('li[data-kind="followup"]', { hasText: 'Restarted' });
    const image = entry.locator('img');
    await until('the inline image loaded', () => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), (w) => w === 1);
    expect(await image.getAttribute('alt')).toBe('image.png');
    expect(await page.locator('li[data-kind="document"]').count()).toBe(0);
    // The timeline is in order: the first answer before this one.
    const bodies = await page.locator('ol.timeline > li[data-kind="followup"] .followup-body').allTextContents();
    expect(bodies.map((b) => b.trim())).toEqual(['First answer.', 'Restarted the controller']);
    expect(await overflows()).toBe(false);
    await shot('21-ticket-rich-text');
  });

  test('Admin: the description is edited in place in the rich-text editor', async () => {
    await page.getByRole('button', { name: 'Edit the description' }).click();
    const editor = page.getByRole('textbox', { name: 'Description' });
    expect(await editor.locator('b').textContent()).toBe('Wi-Fi');
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Since Monday.');
    await page.getByRole('button', { name: 'Save the description' }).click();
    await notice('success', 'Description saved.').waitFor();
    expect((await ticket(ids.ticket)).content).toBe('<p>The <b>Wi-Fi</b> drops every hour. Since Monday.</p>');
    await page.getByRole('region', { name: 'Description' }).getByText('Since Monday.').waitFor();
  });

  test("Admin: a description's table and headings survive an edit in the rich-text editor", async () => {
    const id = await admin.create('Ticket', { name: 'Switch ports', content: '<h5>Ports</h5><table><tbody><tr><td>A1</td></tr></tbody></table>' });
    await page.goto(`${server.origin}/#/Ticket/${id}`);
    await page.getByRole('button', { name: 'Edit the description' }).click();
    await page.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('Free ');
    await page.getByRole('button', { name: 'Save the description' }).click();
    await notice('success', 'Description saved.').waitFor();
    expect((await ticket(id)).content).toBe('<h5>Free Ports</h5><table><tbody><tr><td>A1</td></tr></tbody></table>');
  });

  test('Admin: a problem has the same one page, its status saved in place', async () => {
    const problem = await admin.create('Problem', { name: 'Recurring Wi-Fi drops', content: '<p>Seen on <i>three</i> floors.</p>' });
    await page.goto(`${server.origin}/#/Problem/${problem}`);
    await page.getByRole('heading', { name: /Recurring Wi-Fi drops/ }).waitFor();
    expect(await page.getByRole('region', { name: 'Description' }).locator('i').textContent()).toBe('three');
    expect(await page.getByRole('tablist').count()).toBe(0);
    expect(await side().getByRole('heading', { name: 'Linked tickets' }).count()).toBe(0);
    await side().getByLabel('Status').selectOption({ label: 'Accepted' });
    await notice('success', 'Status saved.').waitFor();
    expect((await admin.get(`Problem/${problem}`)).body.status).toBe(7);
    const editor = page.getByRole('textbox', { name: 'New followup' });
    await editor.click();
    await page.keyboard.type('Firmware suspected.');
    await page.getByRole('button', { name: 'Add followup' }).click();
    await notice('success', 'Followup added.').waitFor();
    expect(((await admin.get(`Problem/${problem}/ITILFollowup`)).body as { content: string }[]).map((f) => f.content)).toEqual(['<p>Firmware suspected.</p>']);
  });

  test('Technician: the same page, with only the controls the profile allows', async () => {
    await page.evaluate(() => localStorage.clear());
    await signIn(page, server.origin, 'tina', TECH_PASSWORD);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    const tech = await new Client(server.api).login('tina', TECH_PASSWORD);
    const profile = (await tech.get('getActiveProfile')).body.active_profile as Record<string, unknown>;
    await page.goto(`${server.origin}/#/Ticket/${ids.ticket}`);
    await page.getByRole('heading', { name: /Wi-Fi drops/ }).waitFor();
    await side().getByLabel('Status').waitFor();
    // The priority is a control only with GLPI's "change priority" bit, else a plain value.
    const priorityControls = await side().getByLabel('Priority').count();
    expect(priorityControls).toBe((Number(profile.ticket) & CHANGE_PRIORITY) !== 0 ? 1 : 0);
    // Trash only with the ticket DELETE bit.
    expect(await page.getByRole('button', { name: 'Put in the trash' }).count()).toBe((Number(profile.ticket) & 8) !== 0 ? 1 : 0);

    await side().getByLabel('Status').selectOption({ label: 'Pending' });
    await notice('success', 'Status saved.').waitFor();
    expect((await ticket(ids.ticket)).status).toBe(4);

    const editor = page.getByRole('textbox', { name: 'New followup' });
    await editor.click();
    await page.keyboard.type('Waiting for the vendor.');
    await page.getByRole('button', { name: 'Add followup' }).click();
    await notice('success', 'Followup added.').waitFor();
    const followups = (await admin.get(`Ticket/${ids.ticket}/ITILFollowup`)).body as { content: string; users_id: number }[];
    expect(followups.find((f) => f.users_id === ids.tina)?.content).toBe('<p>Waiting for the vendor.</p>');
    expect(await overflows()).toBe(false);
    await shot('22-ticket-technician');
    expect(pageErrors).toEqual([]);
  });
});
