/**
 * The console's weight over the wire: builds ui/ (vite) and sums the gzip size of what a browser
 * downloads on the first visit (index.html and every file under assets/).
 * Run alone with `bun bench/console.ts`; `bun run bench` includes it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Figure } from './report';
import { ROOT } from './server';

/** Gzipped size the console may not exceed (KiB). */
const TARGET_KIB = 150;

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

if (import.meta.main) {
  const figure = consoleBundleFigure();
  console.log(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit} (target < ${figure.target} ${figure.unit})\n${figure.detail}`);
}
