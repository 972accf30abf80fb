/** The built console and the headless Chromium (Debian's, driven by playwright-core) the console tests run. */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

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
