/**
 * The console's browser tests: the built console (ui/dist, built here when missing) and a
 * headless Debian Chromium (`scripts/ensure-chromium.sh` installs it) on a throwaway profile.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
const ROOT = resolve(import.meta.dir, '../..');

/** Builds the console once when ui/dist holds none. */
export function ensureConsoleBuilt(): void {
  if (existsSync(join(ROOT, 'ui/dist/index.html'))) return;
  const build = Bun.spawnSync([join(ROOT, 'node_modules/.bin/vite'), 'build', '--config', 'ui/vite.config.ts'], { cwd: ROOT });
  if (build.exitCode !== 0) throw new Error(`vite build failed:\n${build.stderr.toString()}`);
}

/** A headless Chromium with its own profile folder; `close` ends it and removes the folder. */
export async function launchChromium(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profileDir = mkdtempSync(join(tmpdir(), 'deskbase-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 860 },
  });
  context.setDefaultTimeout(10_000);
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** Collects into `errors` the page's script errors and anything its Content-Security-Policy refused (the console needs none of it). */
export function watchErrors(page: Page, errors: string[]): void {
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) errors.push(message.text());
  });
}

/** A page of `browser` on the console, signed in as an API client's session (`token`), its script errors collected into `errors`. */
export async function consoleWithSession(browser: { context: BrowserContext }, origin: string, token: string, errors: string[]): Promise<Page> {
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  watchErrors(page, errors);
  await page.goto(`${origin}/`);
  await page.evaluate((session) => localStorage.setItem('deskbase.session-token', session), token);
  await page.reload();
  // Signed in once the main menu shows: a route opened before that can be taken over by the start page.
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  return page;
}

/** A new Chromium on the console, signed in with the API session `token` (the sign-in form is the main console test's). */
export async function consoleSignedIn(origin: string, token: string, errors: string[]): Promise<{ browser: Awaited<ReturnType<typeof launchChromium>>; page: Page }> {
  const browser = await launchChromium();
  return { browser, page: await consoleWithSession(browser, origin, token, errors) };
}

/** Signs in through the console's form. */
export async function signIn(page: Page, origin: string, login: string, password: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}


/** A page of a fresh headless Chromium at a desktop's 1440×900, its script errors collected in `errors`; `close` ends the browser. */
export async function openDesktopPage(errors: string[]): Promise<{ page: Page; close(): Promise<void> }> {
  const browser = await launchChromium();
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  await page.setViewportSize({ width: 1440, height: 900 });
  watchErrors(page, errors);
  return { page, close: browser.close };
}
