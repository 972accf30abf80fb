/**
 * The console follows the server's live events (issue 29, part 4) in a real browser: a ticket
 * opened elsewhere appears in the open ticket list, a followup added elsewhere in the open ticket's
 * timeline, and an assignment to the signed-in user updates the "Assigned to me" count and shows
 * "Ticket #N assigned to you", all without reloading the page; a form being edited says when its
 * item was changed elsewhere, never for the echo of its own save.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { consoleSignedIn, ensureConsoleBuilt, hasChromium, type launchChromium } from '../support/browser';
import { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';

describe.skipIf(!hasChromium)('live updates in the console', () => {
  let server: TestServer;
  let api: Client;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let page: Page;
  let me = 0;
  const pageErrors: string[] = [];
  /** Set in the page before each test: a reload would lose it. */
  const stillSamePage = async () => expect(await page.evaluate(() => (window as unknown as { sameView?: boolean }).sameView)).toBe(true);

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startServer();
    api = await new Client(server.api).login();
    me = Number((await api.get('getFullSession')).body.session.glpiID);
    ({ browser, page } = await consoleSignedIn(server.origin, api.token, pageErrors));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const markPage = () => page.evaluate(() => ((window as unknown as { sameView?: boolean }).sameView = true));

  test('a ticket opened elsewhere appears in the open list', async () => {
    await page.goto(`${server.origin}/#/Ticket`);
    await page.getByRole('heading', { name: 'Tickets', exact: true, level: 1 }).waitFor();
    await markPage();
    await api.create('Ticket', { name: 'Appeared by itself', content: 'x' });
    await page.getByRole('link', { name: 'Appeared by itself' }).waitFor();
    await stillSamePage();
    expect(pageErrors).toEqual([]);
  });

  test("a followup added elsewhere appears in the open ticket's timeline", async () => {
    const ticket = await api.create('Ticket', { name: 'Watched ticket', content: 'x' });
    await page.goto(`${server.origin}/#/Ticket/${ticket}?tab=timeline`);
    await page.getByRole('heading', { name: /Watched ticket/ }).waitFor();
    await markPage();
    await api.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: ticket, content: 'Written from elsewhere' } });
    await page.getByText('Written from elsewhere').waitFor();
    await stillSamePage();
    expect(pageErrors).toEqual([]);
  });

  test('an assignment to me: the "Assigned to me" count grows and a notice links to the ticket', async () => {
    await page.goto(`${server.origin}/#/`);
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Assigned to me \d+$/ });
    await link.waitFor();
    const before = Number(await link.locator('.count').textContent());
    await markPage();
    const ticket = await api.create('Ticket', { name: 'For me', content: 'x' });
    await api.create('Ticket_User', { tickets_id: ticket, users_id: me, type: 2 });
    const toast = page.getByRole('log', { name: 'Live notices' }).getByRole('link', { name: `Ticket #${ticket} assigned to you` });
    await toast.waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: `Assigned to me ${before + 1}` }).waitFor();
    await stillSamePage();
    await toast.click();
    await page.getByRole('heading', { name: /For me/ }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test("an edit under way: a change made elsewhere is announced; the echo of the form's own save is not", async () => {
    const ticket = await api.create('Ticket', { name: 'Edited here', content: 'x' });
    await page.goto(`${server.origin}/#/Ticket/${ticket}`);
    await page.getByText('Other fields', { exact: true }).click();
    const form = page.locator('form.item-form');
    const opened = form.getByLabel('Opening date');
    await opened.waitFor();
    // Every notice text that shows, in order: a notice that came and went is seen too.
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { noticesSeen: string[] }).noticesSeen = []);
      const note = () => document.querySelectorAll('.notice').forEach((n) => n.textContent !== seen.at(-1) && seen.push(n.textContent ?? ''));
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const seen = () => page.evaluate(() => (window as unknown as { noticesSeen: string[] }).noticesSeen);
    // A form left alone shows the change at once, without a word.
    await api.put(`Ticket/${ticket}`, { input: { name: 'Edited here, renamed' } });
    await page.getByRole('heading', { name: /Edited here, renamed/ }).waitFor();
    await opened.fill('2026-03-04 17:05');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.locator('.notice-success', { hasText: 'Changes saved.' }).waitFor();
    // The save's own live event comes back while the next edit is being typed: the page reads the ticket once more.
    const readAgain = page.waitForResponse((r) => r.url().endsWith(`/Ticket/${ticket}?get_hateoas=false`) && r.request().method() === 'GET');
    await opened.fill('2026-03-05 09:30');
    const elsewhere = page.locator('.notice', { hasText: 'This item was changed elsewhere; save or reload to see the change.' });
    // Read again and found unchanged; a page announcing its echo would do so without reading.
    await Promise.race([readAgain.then((r) => r.finished()), elsewhere.waitFor()]);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect((await seen()).filter((text) => text.includes('changed elsewhere'))).toEqual([]);
    expect(await opened.inputValue()).toBe('2026-03-05 09:30');

    await api.put(`Ticket/${ticket}`, { input: { name: 'Renamed elsewhere' } });
    await elsewhere.waitFor();
    expect(await opened.inputValue()).toBe('2026-03-05 09:30');
    expect(pageErrors).toEqual([]);
  });
});

if (!hasChromium) test.skip('console live update tests skipped: Chromium is missing', () => {});
