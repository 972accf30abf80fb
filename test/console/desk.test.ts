/**
 * The requester's desk in a real browser (Debian's Chromium via playwright-core) against a real
 * server: a Self-Service user created through the API opens a ticket in rich text with two
 * attachments and their own device (getMyDevices, no asset right), seeing FAQ answers and their
 * similar open ticket as the title is typed; refuses a technician's solution with a comment,
 * replies with a file, approves the next one and answers the satisfaction survey; books and
 * cancels a reservation (an overlap refused with the API's message); reads the FAQ; the desk fits
 * a 360 px phone and shows no control the profile's rights refuse. Every step is checked in the API too.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { type BrowserContext, type Page } from 'playwright-core';
import { Client } from '../support/client';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { CHROMIUM, ensureConsoleBuilt, hasChromium, launchChromium, signIn, watchErrors } from '../support/browser';

/** Set CONSOLE_SCREENSHOTS=/some/dir to keep PNGs of the desk. */
const SHOTS = process.env.CONSOLE_SCREENSHOTS;
const PASSWORD = 'Anna-desk-2026';
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** GLPI's Self-Service profile. */
const SELF_SERVICE = 1;

if (!hasChromium) console.warn(`[desk tests] skipped: ${CHROMIUM} is missing (run scripts/ensure-chromium.sh as root)`);

describe.skipIf(!hasChromium)("the requester's desk", () => {
  let server: TestServer;
  let admin: Client;
  let context: BrowserContext;
  let page: Page;
  let closeBrowser: (() => Promise<void>) | undefined;
  const ids: Record<string, number> = {};
  const pageErrors: string[] = [];

  const shot = async (name: string) => {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };
  const nav = () => page.getByRole('navigation', { name: 'Main' });
  const ticket = async () => (await admin.get(`Ticket/${ids.ticket}`)).body;
  const solutions = async () => (await admin.get(`Ticket/${ids.ticket}/ITILSolution`)).body.map((s: { status: number }) => s.status);
  const solve = (content: string) => admin.create('ITILSolution', { itemtype: 'Ticket', items_id: ids.ticket, content });
  /** Does the page scroll sideways? */
  const overflows = () => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startServer();
    admin = await new Client(server.api).login();
    ids.anna = await admin.create('User', { name: 'anna', realname: 'Martin', firstname: 'Anna', password: PASSWORD, password2: PASSWORD, _profiles_id: SELF_SERVICE, _entities_id: 0 });
    ids.laptop = await admin.create('Computer', { name: 'anna-laptop', users_id: ids.anna });
    await admin.create('Computer', { name: 'someone-else-pc' });
    // Self-Service reads no computer: the picker lists anna's own through getMyDevices.
    // The root entity's tickets use GLPI's Default template (description mandatory).
    expect((await admin.put('Entity/0', { input: { tickettemplates_id: 1 } })).status).toBe(200);
    ids.faq = await admin.create('KnowbaseItem', { name: 'Reset your password', answer: '<p>Use the <b>self-service</b> portal.</p>', is_faq: 1 });
    await admin.create('Entity_KnowbaseItem', { knowbaseitems_id: ids.faq, entities_id: 0, is_recursive: 1 });
    await admin.create('KnowbaseItem', { name: 'Printer drivers', answer: '<p>Ask IT.</p>', is_faq: 1 });

    const browser = await launchChromium();
    context = browser.context;
    closeBrowser = browser.close;
    page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize({ width: 1440, height: 900 });
    watchErrors(page, pageErrors);
  }, 60_000);

  afterAll(async () => {
    await closeBrowser?.();
    await server?.dispose();
  });

  test('a Self-Service user signs in to the desk: no technician screen, no control their rights refuse', async () => {
    await signIn(page, server.origin, 'anna', PASSWORD);
    await page.getByRole('heading', { name: 'Hello Anna Martin' }).waitFor();
    const links = await until('the desk menu', () => nav().getByRole('link').allTextContents(), (l) => l.length === 5);
    expect(links).toEqual(['Home', 'Open a ticket', 'My tickets', 'FAQ', 'Reservations']);
    expect(await page.locator('.global-search').count()).toBe(0);
    for (const absent of ['Computers', 'Users', 'Overview', 'Import CSV', 'Put in the trash', 'Status', 'Assigned to', 'Task', 'Private']) {
      expect(await page.getByText(absent, { exact: true }).count()).toBe(0);
    }
    await page.getByRole('link', { name: 'Open a ticket' }).first().click();
    await page.getByLabel('Title').waitFor();
    // Self-Service may not read ticket categories: no category to choose; only their own computer is offered (without the computer right).
    expect(await page.getByLabel('Category').count()).toBe(0);
    const assets = await until('my assets', () => page.locator('select[name="asset"] option').allTextContents(), (o) => o.length > 0);
    expect(assets).toEqual(['—', 'anna-laptop']);
    for (const absent of ['Status', 'Assigned to', 'Private', 'Solution']) expect(await page.getByText(absent, { exact: true }).count()).toBe(0);
  });

  test('opens a ticket with two attachments and the asset concerned; each file is kept and reported', async () => {
    await page.getByLabel('Urgency').selectOption({ label: 'High' });
    // As the title is typed, the FAQ's matching answer shows.
    await page.getByLabel('Title').fill('Forgot my password');
    await page.getByRole('complementary', { name: 'Before you open a ticket' }).getByRole('link', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Title').fill('Laptop will not start');
    // The Default template makes the description mandatory: marked, and refused before sending in the API's words.
    await page.getByText('Description *', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Open the ticket' }).click();
    await page.getByText('Mandatory fields are not filled. Please correct: Description').waitFor();
    await page.getByRole('button', { name: 'Bold' }).waitFor();
    await page.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('It beeps <twice>.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Since');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' this morning.');
    await page.getByLabel('Asset concerned').selectOption({ label: 'anna-laptop' });
    await page.getByLabel('Attachments').setInputFiles([
      { name: 'beeps.txt', mimeType: 'text/plain', buffer: Buffer.from('beep beep') },
      { name: 'screen.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await shot('desk-new-ticket');
    await page.getByRole('button', { name: 'Open the ticket' }).click();
    await page.getByText('beeps.txt attached.').waitFor();
    await page.getByText('screen.png attached.').waitFor();
    const opened = await page.locator('.notice-success', { hasText: 'opened.' }).textContent();
    ids.ticket = Number(/#(\d+)/.exec(opened ?? '')?.[1]);
    const row = await ticket();
    expect(row).toMatchObject({ name: 'Laptop will not start', urgency: 4, status: 1, content: '<p>It beeps &lt;twice&gt;.</p><p><b>Since</b> this morning.</p>' });
    const docs = (await admin.get(`Ticket/${ids.ticket}/Document_Item`)).body as { documents_id: number }[];
    const names = await Promise.all(docs.map(async (d) => (await admin.get(`Document/${d.documents_id}`)).body.filename));
    expect(names.sort()).toEqual(['beeps.txt', 'screen.png']);
    const actors = (await admin.get(`Ticket/${ids.ticket}/Ticket_User`)).body as { users_id: number; type: number }[];
    expect(actors.map((a) => [a.users_id, a.type])).toEqual([[ids.anna!, 1]]);
    const items = (await admin.get(`Ticket/${ids.ticket}/Item_Ticket`)).body as { itemtype: string; items_id: number }[];
    expect(items.map((i) => [i.itemtype, i.items_id])).toEqual([['Computer', ids.laptop!]]);
    // Typing a similar title again shows the open ticket, so it is not opened twice.
    await page.getByLabel('Title').fill('laptop start');
    await page.getByRole('complementary', { name: 'Before you open a ticket' }).getByRole('link', { name: `#${ids.ticket} Laptop will not start` }).waitFor();
  });

  test('a solution waits for approval; its HTML is shown sanitized; the requester refuses it with a comment and the ticket reopens', async () => {
    await solve('<p>Hold the <b>power</b> button.<script>window.pwned = 1</script><img src="http://203.0.113.9/track.png" onerror="window.pwned = 2"></p>');
    expect((await ticket()).status).toBe(5);
    await page.goto(`${server.origin}/#/`);
    await until('one waiting', async () => (await page.locator('.desk-count[data-state="approval"]').textContent())?.trim(), (v) => v === '1');
    expect((await page.locator('.desk-count[data-state="open"]').textContent())?.trim()).toBe('0');
    await page.getByRole('link', { name: /Waiting for my approval/ }).click();
    await page.getByRole('link', { name: 'Laptop will not start' }).click();
    await page.getByRole('heading', { name: 'A solution waits for your approval' }).waitFor();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const kinds = await timeline.locator('.followup-head strong').allTextContents();
    expect(kinds).toEqual(['Description', 'Document', 'Document', 'Solution']);
    expect(await timeline.locator('.desk-entry-description').innerText()).toContain('It beeps <twice>.');
    expect(await timeline.locator('.desk-entry-solution b').textContent()).toBe('power');
    expect(await timeline.locator('script, [onerror], img[src]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
    expect((await timeline.locator('.document-name').allTextContents()).sort()).toEqual(['beeps.txt', 'screen.png']);
    await shot('desk-ticket');

    await page.getByRole('button', { name: 'Refuse the solution' }).click();
    await page.getByText('Say why you refuse the solution.').waitFor();
    expect((await ticket()).status).toBe(5);
    await page.getByLabel('Comment').fill('Still beeping.');
    await page.getByRole('button', { name: 'Refuse the solution' }).click();
    await page.getByRole('heading', { name: 'Reply' }).waitFor();
    expect([1, 2]).toContain((await ticket()).status);
    expect(await solutions()).toEqual([4]);
    const followups = (await admin.get(`Ticket/${ids.ticket}/ITILFollowup`)).body as { content: string; users_id: number }[];
    expect(followups.map((f) => [f.content, f.users_id])).toEqual([['<p>Still beeping.</p>', ids.anna!]]);
    expect(await page.getByRole('button', { name: 'Approve the solution' }).count()).toBe(0);

    // A reply in rich text with a file (no document right needed).
    await page.getByRole('textbox', { name: 'Your message' }).click();
    await page.keyboard.type('Log attached.');
    await page.locator('.desk-reply input[type="file"]').setInputFiles([{ name: 'boot.txt', mimeType: 'text/plain', buffer: Buffer.from('POST failed') }]);
    await page.getByRole('button', { name: 'Send' }).click();
    const reply = await until(
      'the reply',
      async () => ((await admin.get(`Ticket/${ids.ticket}/ITILFollowup`)).body as { id: number; content: string }[]).find((f) => f.content === '<p>Log attached.</p>'),
      (f) => f !== undefined,
    );
    const replyDocs = (await admin.get(`ITILFollowup/${reply!.id}/Document_Item`)).body as { documents_id: number }[];
    expect(await Promise.all(replyDocs.map(async (d) => (await admin.get(`Document/${d.documents_id}`)).body.filename))).toEqual(['boot.txt']);
    // The reply's file shows on the requester's timeline.
    await until('the reply file', () => timeline.locator('.document-name').allTextContents(), (names) => names.includes('boot.txt'));
  });

  test('the technician solves again; the requester approves and the ticket closes', async () => {
    await solve('<p>Replaced the battery.</p>');
    await page.reload();
    await page.getByRole('button', { name: 'Approve the solution' }).click();
    await until('closed', async () => (await ticket()).status, (s) => s === 6);
    expect(await solutions()).toEqual([4, 3]);
    await page.getByRole('link', { name: 'My tickets' }).first().click();
    await until('counted closed', async () => (await page.locator('.desk-tabs a', { hasText: 'Closed' }).textContent())?.replace(/\s+/g, ' ').trim(), (v) => v === 'Closed 1');
    // A closed ticket takes no answer.
    await page.goto(`${server.origin}/#/tickets/${ids.ticket}`);
    await page.getByRole('heading', { name: 'Laptop will not start' }).waitFor();
    expect(await page.locator('.desk-ticket form').count()).toBe(0);
  });

  test('a satisfaction survey drawn on the closed ticket: offered in My tickets, answered from the ticket page', async () => {
    const survey = await admin.create('TicketSatisfaction', { tickets_id: ids.ticket, type: 1, date_begin: '2026-01-01 00:00:00' });
    await page.goto(`${server.origin}/#/tickets?state=closed`);
    await page.getByRole('link', { name: 'Answer the satisfaction survey' }).click();
    await page.getByRole('heading', { name: 'How satisfied are you?' }).waitFor();
    await shot('desk-survey');
    await page.getByRole('radio', { name: '4' }).check();
    await page.getByLabel('Comment').fill('Quick and kind.');
    await page.getByRole('button', { name: 'Send my answer' }).click();
    await page.getByText('Your satisfaction: 4/5').waitFor();
    const answered = (await admin.get(`TicketSatisfaction/${survey}`)).body;
    expect([answered.satisfaction, answered.comment, typeof answered.date_answered]).toEqual([4, 'Quick and kind.', 'string']);
  });

  test('reservations: anna books an active item, an overlap is refused with the API message, she cancels her own', async () => {
    const projector = await admin.create('Computer', { name: 'loan projector' });
    const bookable = await admin.create('ReservationItem', { itemtype: 'Computer', items_id: projector, is_active: 1 });
    await page.goto(`${server.origin}/#/reservations`);
    const section = page.getByRole('region', { name: 'loan projector' });
    await section.getByLabel('Start').fill('2026-12-21T09:00');
    await section.getByLabel('End').fill('2026-12-21T11:00');
    await section.getByLabel('Comment').fill('Board meeting');
    await section.getByRole('button', { name: 'Reserve' }).click();
    await page.getByText('Reservation made.').waitFor();
    const booked = (await admin.get(`ReservationItem/${bookable}/Reservation`)).body as { id: number; begin: string; end: string; users_id: number; comment: string }[];
    expect(booked.map((r) => [r.begin, r.end, r.users_id, r.comment])).toEqual([['2026-12-21 09:00:00', '2026-12-21 11:00:00', ids.anna!, 'Board meeting']]);
    await section.getByLabel('Start').fill('2026-12-21T10:00');
    await section.getByLabel('End').fill('2026-12-21T12:00');
    await section.getByRole('button', { name: 'Reserve' }).click();
    await page.getByText(`The item is already reserved during that time (reservation ${booked[0]!.id})`).waitFor();
    await shot('desk-reservations');
    await section.getByRole('button', { name: 'Cancel this reservation' }).click();
    await page.getByText('Reservation cancelled.').waitFor();
    expect((await admin.get(`ReservationItem/${bookable}/Reservation`)).body).toEqual([]);
  });

  test("a solved ticket anna only observes is under Solved, not waiting for her approval, and offers her no approval", async () => {
    ids.observed = await admin.create('Ticket', { name: 'Shared printer', content: 'Out of toner.', _users_id_observer: ids.anna });
    await admin.create('ITILSolution', { itemtype: 'Ticket', items_id: ids.observed, content: 'New toner.' });
    await page.goto(`${server.origin}/#/tickets?state=solved`);
    await page.getByRole('link', { name: 'Shared printer' }).click();
    await page.getByRole('heading', { name: 'Shared printer' }).waitFor();
    await page.locator('.desk-entry-solution').waitFor();
    expect(await page.getByRole('button', { name: 'Approve the solution' }).count()).toBe(0);
    expect(await page.locator('.desk-ticket form').count()).toBe(0);
    await page.goto(`${server.origin}/#/tickets?state=approval`);
    await until('no approval waits', async () => (await page.locator('.desk-tabs a', { hasText: 'Waiting for my approval' }).textContent())?.replace(/\s+/g, ' ').trim(), (v) => v === 'Waiting for my approval 0');
  });

  test('the FAQ: searched by words of the answer, articles rendered sanitized', async () => {
    await nav().getByRole('link', { name: 'FAQ' }).click();
    await page.getByLabel('Search the FAQ').fill('portal');
    await page.getByRole('button', { name: 'Search' }).click();
    await until('one article', async () => (await page.locator('.desk-list a').allTextContents()).join(), (v) => v === 'Reset your password');
    await page.getByRole('link', { name: 'Reset your password' }).click();
    expect(await page.locator('.desk-article .rich-text b').textContent()).toBe('self-service');
  });

  test("a template's predefined title and description fill the new ticket's form until something is typed", async () => {
    const predefined = [
      await admin.create('TicketTemplatePredefinedField', { tickettemplates_id: 1, num: 1, value: 'Printer: ' }),
      await admin.create('TicketTemplatePredefinedField', { tickettemplates_id: 1, num: 21, value: '<p>Which <b>printer</b>?</p>' }),
    ];
    await page.goto(`${server.origin}/#/new`);
    const title = page.getByLabel('Title');
    await until('the predefined title', () => title.inputValue(), (value) => value === 'Printer: ');
    const description = page.getByRole('textbox', { name: 'Description' });
    expect(await description.innerHTML()).toBe('<p>Which <b>printer</b>?</p>');
    await title.fill('Printer: jammed on floor 3');
    await page.getByRole('button', { name: 'Open the ticket' }).click();
    const opened = await page.locator('.notice-success', { hasText: 'opened.' }).textContent();
    const row = (await admin.get(`Ticket/${Number(/#(\d+)/.exec(opened ?? '')?.[1])}`)).body;
    expect([row.name, row.content]).toEqual(['Printer: jammed on floor 3', '<p>Which <b>printer</b>?</p>']);
    // The form is ready for the next ticket, prefilled again.
    await until('the title prefilled again', () => title.inputValue(), (value) => value === 'Printer: ');
    for (const id of predefined) expect((await admin.del(`TicketTemplatePredefinedField/${id}`)).status).toBe(204);
  });

  test("a paste in the desk's editor comes in as plain text: no formatting, no image uploaded", async () => {
    await page.goto(`${server.origin}/#/new`);
    const description = page.getByRole('textbox', { name: 'Description' });
    expect(await page.getByRole('toolbar', { name: 'Formatting' }).getAttribute('aria-controls')).toBe(await description.getAttribute('id'));
    // Emptied first: the template's text may still be there.
    await description.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await description.evaluate((box, base64) => {
      const data = new DataTransfer();
      data.setData('text/html', '<b>Paper</b> jam');
      data.setData('text/plain', 'Paper jam');
      data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'image.png', { type: 'image/png' }));
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, PNG.toString('base64'));
    expect([await description.textContent(), await description.locator('b').count()]).toEqual(['Paper jam', 0]);
    expect(await page.getByRole('status').filter({ hasText: 'image.png' }).count()).toBe(0);
  });

  test('at 360×740 no desk page scrolls sideways', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const route of ['#/', '#/new', '#/tickets?state=closed', `#/tickets/${ids.ticket}`, '#/faq', '#/reservations']) {
      await page.goto(`${server.origin}/${route}`);
      await page.locator('main h1').first().waitFor();
      expect({ route, overflows: await overflows() }).toEqual({ route, overflows: false });
      await shot(`desk-phone-${route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}`);
    }
    await page.goto(`${server.origin}/#/`);
    await shot('desk-phone');
  });

  test("the desk speaks the requester's language (the session's glpilanguage; User/<id> stays unreadable to them)", async () => {
    expect((await admin.put(`User/${ids.anna}`, { input: { language: 'fr_FR' } })).status).toBe(200);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    const menu = page.getByRole('navigation', { name: 'Principal' });
    await menu.getByRole('link', { name: 'Ouvrir un ticket' }).waitFor();
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Accueil', 'Ouvrir un ticket', 'Mes tickets', 'FAQ', 'Réservations']);
    // Chromium reports the hostile solution's onerror, blocked by the policy, as the sanitizer parses it
    // (an inert document); it never runs (window.pwned stayed unset). Nothing else may be refused.
  });

  test("other defects: the global search finds a ticket by its number (11, #11) and a user by e-mail", async () => {
    // Tickets up to #11, so that 1 and 11 both exist; anna gets an e-mail address.
    while ((await admin.create('Ticket', { name: `Filler`, content: 'x' })) < 11);
    await admin.create('UserEmail', { users_id: ids.anna, email: 'anna.martin@example.org', is_default: 1 });
    await page.evaluate(() => localStorage.clear());
    await signIn(page, server.origin, 'glpi', ADMIN_PASSWORD);
    const box = page.getByRole('search').getByRole('searchbox');
    // The results of the previous query stay on screen while the next one loads: wait for the expected list.
    const finds = async (q: string, section: string, expected: string[]) => {
      await box.fill(q);
      await box.press('Enter');
      await page.getByRole('heading', { name: `Search: “${q}”` }).waitFor();
      const list = page.locator('section.find-section', { has: page.getByRole('heading', { name: section }) });
      const shown = async () => JSON.stringify(await list.locator('li a').allTextContents());
      await until(`results of ${q}`, shown, (value) => value === JSON.stringify(expected));
    };
    for (const q of ['11', '#11']) await finds(q, 'Tickets', ['Filler']);
    await finds('#1', 'Tickets', ['Laptop will not start']);
    await finds('anna.martin@example', 'Users', ['anna']);
  });

  test('other defects: resetting an API token asks first; declined, the token stays', async () => {
    const tokenOf = async () => (await admin.get(`User/${ids.anna}`)).body.api_token_date ?? null;
    const before = await tokenOf();
    await page.goto(`${server.origin}/#/User/${ids.anna}?tab=access`);
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Reset the API token' }).click();
    await until('the question', () => asked.length, (n) => n === 1);
    expect(asked).toEqual(['Reset the API token? Scripts using the current one will stop working.']);
    expect(await page.locator('code.token').count()).toBe(0);
    expect([before, await tokenOf()]).toEqual([null, null]);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Reset the API token' }).click();
    const token = (await page.locator('code.token').textContent()) ?? '';
    expect(token).toMatch(/^[A-Za-z0-9]{20,}$/);
    expect(await tokenOf()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(pageErrors.filter((e) => !e.startsWith('Executing inline event handler'))).toEqual([]);
  });
});
