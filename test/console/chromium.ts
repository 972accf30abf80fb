/** The built console and the headless Chromium (Debian's, driven by playwright-core) the console tests run. */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
const ROOT = resolve(import.meta.dir, '../..');

/** Builds the console into ui/dist when `npm test` has not (a test file run on its own). */
export function buildConsoleIfMissing(): void {
  if (existsSync(join(ROOT, 'ui/dist/index.html'))) return;
  const build = Bun.spawnSync([join(ROOT, 'node_modules/.bin/vite'), 'build', '--config', 'ui/vite.config.ts'], { cwd: ROOT });
  if (build.exitCode !== 0) throw new Error(`vite build failed:\n${build.stderr.toString()}`);
}

/** A headless Chromium on a profile folder of its own (removed by the caller). */
export async function launchChromium(): Promise<{ context: BrowserContext; profileDir: string }> {
  const profileDir = mkdtempSync(join(tmpdir(), 'deskbase-chromium-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1280, height: 860 },
  });
  return { context, profileDir };
}

/** Collects into `errors` the page's script errors and anything its Content-Security-Policy refused (the console needs none of it). */
export function watchErrors(page: Page, errors: string[]): void {
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) errors.push(message.text());
  });
}

/** Signs in through the console's form. */
export async function signIn(page: Page, origin: string, login: string, password: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
