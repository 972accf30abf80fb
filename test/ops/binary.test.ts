/**
 * The single executable: `bun build --compile` of the server with the console embedded (what
 * `npm run build` does, minus the console build: ui/dist is embedded as it is). It takes about a
 * second here, so it runs with the other tests. The executable runs from a folder of its own.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { build, consoleFiles } from '../../scripts/build';
import { CONSOLE_DIST_DIR } from '../../server/http/console';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { ADMIN_PASSWORD } from '../support/server';
import { until } from '../support/until';
import { countInDatabaseFile } from '../support/database-file';
import { rawRequest } from '../support/raw';

const scratch = mkdtempSync(join(tmpdir(), 'deskbase-binary-'));
const exe = join(scratch, 'bin', 'deskbase');
const workdir = join(scratch, 'run');
let proc: Subprocess<'ignore', 'pipe', 'pipe'> | null = null;
let origin = '';
let output = '';
const clock = new TestClock();
const THREADS = 3;

beforeAll(async () => {
  await build({ outfile: exe, skipUi: true, genDir: join(scratch, 'gen'), log: () => {}, quiet: true });
  mkdirSync(workdir);
  // No --data: the default ./data next to where it runs.
  // Several request-serving threads: each is the executable's entry started again as a worker.
  proc = Bun.spawn([exe, '--port', '0', '--threads', String(THREADS), ...clock.args], {
    cwd: workdir,
    env: { PATH: process.env.PATH ?? '', HOME: scratch, DESKBASE_ADMIN_PASSWORD: ADMIN_PASSWORD },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const reader = proc.stdout.getReader();
  const decoder = new TextDecoder();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && !origin) {
    const { value, done } = await reader.read();
    if (done) break;
    output += decoder.decode(value);
    origin = /listening on (http:\/\/[^/\s]+)\//.exec(output)?.[1] ?? '';
  }
  if (!origin) throw new Error(`the executable did not start:\n${output}\n${await new Response(proc.stderr).text()}`);
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      output += decoder.decode(value);
    }
  })();
}, 60_000);

afterAll(async () => {
  if (proc) {
    proc.kill('SIGTERM');
    await proc.exited;
  }
  rmSync(scratch, { recursive: true, force: true });
});

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const p = Bun.spawn([exe, ...args], { cwd: workdir, stdout: 'pipe', stderr: 'pipe', env: { PATH: process.env.PATH ?? '' } });
  const [stdout, stderr, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code, stdout, stderr };
}

describe('the executable', () => {
  test('builds into one file', () => {
    expect(existsSync(exe)).toBe(true);
  });

  test('starts on ./data where it runs and says where its console comes from', () => {
    expect(existsSync(join(workdir, 'data', 'deskbase.sqlite'))).toBe(true);
    expect(existsSync(join(workdir, 'data', 'files'))).toBe(true);
    const built = consoleFiles(CONSOLE_DIST_DIR).length;
    expect(output).toContain(built ? `console: embedded (${built} files)` : 'console: placeholder');
  });

  test('serves the API, /health, /openapi.json and the embedded console', async () => {
    const api = await new Client(`${origin}/apirest.php`).login();
    const id = await api.create('Computer', { name: 'from the executable' });
    expect((await api.get(`Computer/${id}`)).body.name).toBe('from the executable');
    const health = await fetch(`${origin}/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).status).toBe('ok');
    const openapi = await (await fetch(`${origin}/openapi.json`)).json();
    expect(Object.keys(openapi.paths['/Computer/']).sort()).toEqual(['delete', 'get', 'patch', 'post', 'put']);
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/i);
    const files = consoleFiles(CONSOLE_DIST_DIR);
    if (files.length) {
      expect(await page.text()).toBe(await Bun.file(join(CONSOLE_DIST_DIR, 'index.html')).text());
      for (const file of files.filter((f) => f.startsWith('/assets/'))) {
        const res = await fetch(`${origin}${file}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toContain('immutable');
        expect(await res.text()).toBe(await Bun.file(join(CONSOLE_DIST_DIR, file)).text());
      }
    } else {
      expect(await page.text()).toContain('npm run build:ui');
    }
    expect((await fetch(`${origin}/assets/nope-12345678.js`)).status).toBe(404);
  });

  test(`serves on ${THREADS} threads: every connection gets the API, the same writes and the embedded console`, async () => {
    expect(output).toContain(`${THREADS} request-serving threads`);
    const api = await new Client(`${origin}/apirest.php`).login();
    const index = consoleFiles(CONSOLE_DIST_DIR).length ? await Bun.file(join(CONSOLE_DIST_DIR, 'index.html')).text() : 'npm run build:ui';
    // Each request on a connection of its own: the kernel spreads them across the threads' listeners.
    for (let i = 0; i < 12; i++) {
      const id = await api.create('Computer', { name: `thread test ${i}` });
      const read = await rawRequest(origin, { method: 'GET', target: `/apirest.php/Computer/${id}`, headers: { 'Session-Token': api.token } });
      expect(read.body.name).toBe(`thread test ${i}`);
      expect((await rawRequest(origin, { method: 'GET', target: '/' })).text).toContain(index);
    }
  });

  test('takes the same flags and commands: --help, backup of the running server', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('deskbase backup <backup-dir>');
    const bad = await run(['--bogus']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown option --bogus');
    const backup = await run(['backup', join(scratch, 'backup')]);
    // Not a terminal: one progress line per step, nothing else.
    expect(backup.stderr).toMatch(/^database snapshot: .+\ndatabase check: ok in .+\ndocuments: .+\n$/);
    expect(backup.code).toBe(0);
    expect(existsSync(join(scratch, 'backup', 'deskbase.sqlite'))).toBe(true);
  });

  test('checkpoints in its worker thread once the WAL grows: written rows reach the database file', async () => {
    const api = await new Client(`${origin}/apirest.php`).login();
    for (let batch = 0; batch < 3; batch++) {
      const input = Array.from({ length: 1000 }, (_, i) => ({ name: `binary-checkpointed-${batch}-${i}`, comment: 'c'.repeat(2000) }));
      expect((await api.post('Computer/', { input })).status).toBe(201);
    }
    const inFile = () => countInDatabaseFile(join(workdir, 'data'), "SELECT COUNT(*) AS n FROM glpi_computers WHERE name LIKE 'binary-checkpointed-%'");
    expect(await until('the rows in the database file', inFile, (n) => n === 3000)).toBe(3000);
  });

  test('takes a scheduled backup in its worker thread (the same executable started again)', async () => {
    const api = await new Client(`${origin}/apirest.php`).login();
    const folder = join(scratch, 'scheduled');
    await api.setConfig('backup_folder', folder);
    await api.setConfig('backup_interval_hours', '1');
    clock.advance(3_600_000);
    const health = async () => (await (await fetch(`${origin}/health`, { headers: { 'Session-Token': api.token } })).json()) as { last_backup: any };
    const { last_backup: last } = await until('the scheduled backup', health, (h) => h.last_backup !== null);
    expect(last).toMatchObject({ result: 'ok' });
    expect(existsSync(join(last.path, 'deskbase.sqlite'))).toBe(true);
  });
});
