/**
 * `npm start` builds the console first when ui/dist is missing or older than what it is built from;
 * it and `npm test` stop at once where Node.js or npm is too old for the set-up.
 */
import { afterAll, expect, test } from 'bun:test';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { consoleBuildReason } from '../../scripts/console-freshness';
import { NEEDED, npmVersion, versionProblem } from '../../scripts/preflight.mjs';
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

test('the versions the set-up needs: Node.js ^20.19 or >=22.12 (Vite 8), npm 7 or later', () => {
  const fits = (node: string, npm: string | null = null) => versionProblem(node, npm) === null;
  expect(['v18.19.0', 'v20.18.1', 'v21.7.3', 'v22.11.0'].map((v) => fits(v))).toEqual([false, false, false, false]);
  expect(['v20.19.0', 'v20.20.2', 'v22.12.0', 'v24.1.0'].map((v) => fits(v))).toEqual([true, true, true, true]);
  expect(versionProblem('v18.19.0', '9.2.0')).toBe(`Node.js 18.19.0 is too old: Deskbase's set-up (npm install, npm start, npm test) needs ${NEEDED}`);
  expect(versionProblem('v20.19.0', '6.14.18')).toBe(`npm 6.14.18 is too old: Deskbase's set-up needs ${NEEDED}`);
  expect(npmVersion('npm/10.8.2 node/v20.19.0 linux x64 workspaces/false')).toBe('10.8.2');
  expect(npmVersion(undefined)).toBeNull();
});

const ROOT = resolve(import.meta.dir, '../..');

test('npm test checks the versions first (scripts/preflight.mjs, run by Node itself)', () => {
  expect(pkg.scripts.test.startsWith('node scripts/preflight.mjs && ')).toBe(true);
  const here = Bun.spawnSync(['node', 'scripts/preflight.mjs'], { cwd: ROOT, stderr: 'pipe' });
  expect([here.exitCode, here.stderr.toString()]).toEqual([0, '']);
  const oldNpm = Bun.spawnSync(['node', 'scripts/preflight.mjs'], { cwd: ROOT, stderr: 'pipe', env: { ...process.env, npm_config_user_agent: 'npm/6.14.18 node/v20.20.2' } });
  expect([oldNpm.exitCode, oldNpm.stderr.toString()]).toEqual([1, `deskbase: npm 6.14.18 is too old: Deskbase's set-up needs ${NEEDED}\n`]);
});

test('npm start stops at once, before building or serving, where the node on the PATH is too old', () => {
  const bin = join(root, 'old-node');
  mkdirSync(bin);
  writeFileSync(join(bin, 'node'), '#!/bin/sh\necho v18.19.0\n');
  chmodSync(join(bin, 'node'), 0o755);
  const data = join(root, 'data');
  const started = Bun.spawnSync([process.execPath, 'scripts/start.ts', '--data', data, '--port', '0'], {
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, npm_config_user_agent: '' },
  });
  expect([started.exitCode, started.stderr.toString(), started.stdout.toString()]).toEqual([1, `deskbase: Node.js 18.19.0 is too old: Deskbase's set-up (npm install, npm start, npm test) needs ${NEEDED}\n`, '']);
  expect(existsSync(join(data, 'deskbase.sqlite'))).toBe(false);
});
