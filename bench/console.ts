/**
 * The console in the browser: its weight over the wire (builds ui/ with vite and sums the gzip
 * size of what a browser downloads on the first visit, the sign-in form then the overview), and
 * the time to first render of a 50-row list in Debian's Chromium (playwright-core) against a real
 * server.
 * Run alone with `bun bench/console.ts`; `bun run bench` includes both.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { login } from './api';
import type { Figure } from './report';
import { ROOT, startServer } from './server';

/** Gzipped size the console's first visit may not exceed (KiB). */
const TARGET_KIB = 150;
/** First render of a 50-row list (ms, median of the reloads). */
const TARGET_RENDER_MS = 1_000;
const CHROMIUM = '/usr/bin/chromium';
const ROWS = 50;
const RELOADS = 15;

/** A chunk in vite's build manifest (ui/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * What the first visit downloads: index.html, the entry chunk, every chunk it imports statically
 * (index.html preloads those), and their stylesheets and assets. The views' chunks (dynamic
 * import()) come later, when a view first shows.
 */
function firstVisitFiles(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set(['index.html']);
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    chunk.imports?.forEach(visit);
  };
  Object.keys(manifest).filter((key) => manifest[key]!.isEntry).forEach(visit);
  return [...files];
}

export function consoleBundleFigure(): Figure {
  const build = Bun.spawnSync([join(ROOT, 'node_modules/.bin/vite'), 'build', '--config', 'ui/vite.config.ts', '--manifest'], { cwd: ROOT });
  if (build.exitCode !== 0) throw new Error(`vite build failed:\n${build.stderr.toString()}`);
  const dist = join(ROOT, 'ui/dist');
  const gzip = (file: string) => Bun.gzipSync(readFileSync(join(dist, file))).length;
  const first = firstVisitFiles(JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))).map((file) => ({ file, gzip: gzip(file) }));
  const all = ['index.html', ...readdirSync(join(dist, 'assets')).map((name) => join('assets', name))];
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const sum = (sizes: number[]) => sizes.reduce((a, b) => a + b, 0);
  return {
    name: 'console first visit (gzip)',
    value: sum(first.map((f) => f.gzip)) / 1024,
    unit: 'KiB',
    target: TARGET_KIB,
    kind: 'max',
    detail: `production build of ui/ (vite), each file gzipped at the default level; the first visit (sign-in, then the overview): ${first.map((f) => `${f.file.replace(/-[\w-]{8}\./, '.')} ${kib(f.gzip)}`).join(', ')}; all ${all.length} files of the build (the views' chunks fetched when a view first shows): ${kib(sum(all.map(gzip)))}`,
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
