/**
 * The console in the browser: its weight over the wire (builds ui/ with vite and sums the gzip
 * size of what a browser downloads on the first visit: index.html and every file under assets/),
 * and the time to first render of a 50-row list in Debian's Chromium (playwright-core) against a
 * real server.
 * Run alone with `bun bench/console.ts`; `bun run bench` includes both.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { login } from './api';
import type { Figure } from './report';
import { ROOT, startServer } from './server';

/** Gzipped size the console may not exceed (KiB). */
const TARGET_KIB = 150;
/** First render of a 50-row list (ms, median of the reloads). */
const TARGET_RENDER_MS = 1_000;
const CHROMIUM = '/usr/bin/chromium';
const ROWS = 50;
const RELOADS = 15;

export function consoleBundleFigure(): Figure {
  const build = Bun.spawnSync([join(ROOT, 'node_modules/.bin/vite'), 'build', '--config', 'ui/vite.config.ts'], { cwd: ROOT });
  if (build.exitCode !== 0) throw new Error(`vite build failed:\n${build.stderr.toString()}`);
  const dist = join(ROOT, 'ui/dist');
  const files = ['index.html', ...readdirSync(join(dist, 'assets')).map((name) => join('assets', name))];
  const sizes = files.map((file) => ({ file, gzip: Bun.gzipSync(readFileSync(join(dist, file))).length }));
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  return {
    name: 'console bundle (gzip)',
    value: total / 1024,
    unit: 'KiB',
    target: TARGET_KIB,
    kind: 'max',
    detail: `production build of ui/ (vite), each file gzipped at the default level: ${sizes.map((s) => `${s.file.replace(/-[\w-]{8}\./, '.')} ${(s.gzip / 1024).toFixed(1)} KiB`).join(', ')}`,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Time from navigation start to the 50th row of the Computers list on screen, with a signed-in
 * session, over `RELOADS` reloads (the browser cache warm, as on a user's second visit). Needs
 * ui/dist (consoleBundleFigure builds it) and /usr/bin/chromium; null without Chromium.
 */
export async function consoleFirstRenderFigure(log: (message: string) => void = console.log): Promise<Figure | null> {
  if (!existsSync(CHROMIUM)) {
    log(`console first render skipped: ${CHROMIUM} is missing (scripts/ensure-chromium.sh installs it)`);
    return null;
  }
  const dir = mkdtempSync(join(tmpdir(), 'deskbase-bench-console-'));
  const password = 'bench-console-password';
  const server = await startServer(password, join(dir, 'server'));
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const client = await login(server.api, 'glpi', password);
    await client.post('Computer/', JSON.stringify({ input: Array.from({ length: ROWS + 10 }, (_, i) => ({ name: `render-${i}`, serial: `R-${i}` })) }));
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    // The console keeps its session token in localStorage: a signed-in user opening the list.
    await page.goto(`${server.origin}/`);
    await page.evaluate((token) => localStorage.setItem('deskbase.session-token', token), client.sessionToken);
    await page.goto(`${server.origin}/#/Computer?size=${ROWS}`);
    await page.reload();
    const rendered = () =>
      page
        .waitForFunction((rows) => (document.querySelectorAll('table.list tbody tr').length === rows ? performance.now() : false), ROWS, { polling: 'raf', timeout: 30_000 })
        .then((handle) => handle.jsonValue() as Promise<number>);
    await rendered();
    const times: number[] = [];
    for (let i = 0; i < RELOADS; i++) {
      await page.reload();
      times.push(await rendered());
    }
    return {
      name: 'console: first render of a 50-row list',
      value: median(times),
      unit: 'ms',
      target: TARGET_RENDER_MS,
      kind: 'max',
      detail: `Chromium (headless, playwright-core), signed in, #/Computer with ${ROWS} rows per page: from navigation start to the ${ROWS}th row in the DOM (session, profile, list and search options loaded), median of ${RELOADS} reloads (min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms)`,
    };
  } finally {
    await browser.close();
    await server.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  for (const figure of [consoleBundleFigure(), await consoleFirstRenderFigure()]) {
    if (figure) console.log(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit} (target < ${figure.target} ${figure.unit})\n${figure.detail}`);
  }
}
