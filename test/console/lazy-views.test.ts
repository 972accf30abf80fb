/**
 * The console's views are chunks of their own (ui/src/components/Lazy.tsx), in a real browser
 * against a real server: the sign-in form and the overview need only what index.html loads, a
 * view's chunk comes when the view first shows, and a chunk that cannot be fetched is an error
 * the page says (the next visit to the view fetches it again).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { ensureConsoleBuilt, hasChromium, openDesktopPage, signIn } from '../support/browser';
import { Client } from '../support/client';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../support/server';

describe.skipIf(!hasChromium)('views fetched when they first show', () => {
  let server: TestServer;
  let page: Page;
  let closeBrowser: (() => Promise<void>) | undefined;
  const pageErrors: string[] = [];
  /** The console's scripts the page asked for, by file name without its hash ("index", "ListView"…). */
  const scripts: string[] = [];

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startServer();
    const admin = await new Client(server.api).login();
    await admin.create('Computer', { name: 'lazy-pc' });
    await admin.create('Ticket', { name: 'Lazy ticket', content: 'x' });
    ({ page, close: closeBrowser } = await openDesktopPage(pageErrors));
    page.on('request', (request) => {
      const script = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
      if (script) scripts.push(script[1]!);
    });
  }, 60_000);

  afterAll(async () => {
    await closeBrowser?.();
    await server?.dispose();
  });

  test('sign-in and the overview load the entry script only; a list view brings its own chunk', async () => {
    await signIn(page, server.origin, 'glpi', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByRole('figure', { name: 'Tickets by status' }).waitFor();
    expect(scripts).toEqual(['index']);
    await page.goto(`${server.origin}/#/Computer`);
    await page.locator('table.list tbody tr', { hasText: 'lazy-pc' }).waitFor();
    expect(scripts).toContain('ListView');
    expect(pageErrors).toEqual([]);
  });

  test('a view whose chunk cannot be fetched says so; shown again, it is fetched again', async () => {
    const board = /\/assets\/Kanban-[\w-]{8}\.js$/;
    await page.route(board, (route) => route.abort());
    await page.goto(`${server.origin}/#/kanban`);
    await page.getByRole('alert').filter({ hasText: 'This page could not be loaded: reload the console.' }).waitFor();
    await page.unroute(board);
    await page.goto(`${server.origin}/#/`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.goto(`${server.origin}/#/kanban`);
    await page.locator('.kanban-card', { hasText: 'Lazy ticket' }).waitFor();
    expect(scripts.filter((name) => name === 'Kanban')).toHaveLength(2);
  });
});
