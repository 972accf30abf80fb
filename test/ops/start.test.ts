/** `npm start` builds the console first when ui/dist is missing or older than what it is built from. */
import { afterAll, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleBuildReason } from '../../scripts/console-freshness';
import pkg from '../../package.json' with { type: 'json' };

const root = mkdtempSync(join(tmpdir(), 'deskbase-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

test('missing, then fresh, then stale when a source, the Vite config or the lock file is newer', () => {
  mkdirSync(join(root, 'ui', 'src', 'screens'), { recursive: true });
  const source = join(root, 'ui', 'src', 'screens', 'list.tsx');
  writeFileSync(source, 'export {};\n');
  writeFileSync(join(root, 'ui', 'vite.config.ts'), '');
  writeFileSync(join(root, 'package-lock.json'), '{}');
  for (const p of [source, join(root, 'ui', 'src', 'screens'), join(root, 'ui', 'src'), join(root, 'ui', 'vite.config.ts'), join(root, 'package-lock.json')]) at(p, 1_000);
  expect(consoleBuildReason(root)).toBe('ui/dist is missing');

  mkdirSync(join(root, 'ui', 'dist'));
  const index = join(root, 'ui', 'dist', 'index.html');
  writeFileSync(index, '<!doctype html>');
  at(index, 2_000);
  expect(consoleBuildReason(root)).toBeNull();

  for (const input of [source, join(root, 'ui', 'vite.config.ts'), join(root, 'package-lock.json')]) {
    at(input, 3_000);
    expect(consoleBuildReason(root)).toBe('ui/ changed since ui/dist was built');
    at(input, 1_000);
    expect(consoleBuildReason(root)).toBeNull();
  }
});

test('npm start runs the script that checks the console before serving', () => {
  expect(pkg.scripts.start).toBe('bun scripts/start.ts');
});
