/**
 * `deskbase admin` on the data folder of a running server: the server sees the change at its
 * next request (a reset password ends the user's sessions there too). `--version` everywhere.
 */
import { describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import { ROOT, runCli, type CliResult } from '../support/cli';
import { Client } from '../support/client';
import { ADMIN_PASSWORD, useServer } from '../support/server';

const ctx = useServer();

/** `deskbase admin <args> --data <server's folder>`, with `stdin` as its standard input. */
async function admin(args: string[], stdin = '', dataDir = ctx.server.dataDir): Promise<CliResult> {
  const proc = Bun.spawn([process.execPath, join(ROOT, 'server/main.ts'), 'admin', ...args, '--data', dataDir], {
    cwd: ROOT,
    stdin: new Blob([stdin]),
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

const basic = (login: string, password: string) => ({ Authorization: `Basic ${btoa(`${login}:${password}`)}` });
const loginStatus = async (login: string, password: string) =>
  (await new Client(ctx.server.api).get('initSession', { headers: basic(login, password) })).status;

describe('--version', () => {
  for (const args of [['--version'], ['serve', '--version'], ['backup', '--version'], ['restore', 'somewhere', '--version'], ['admin', 'users', '--version']]) {
    test(`deskbase ${args.join(' ')}`, async () => {
      const res = await runCli(args, { DESKBASE_DATA: '/nonexistent/deskbase-version-test' });
      expect(res).toEqual({ code: 0, stdout: `deskbase ${pkg.version}\n`, stderr: '' });
    });
  }
});

describe('deskbase admin while the server runs', () => {
  test('users lists every account with its profiles', async () => {
    const tech = await ctx.api.create('User', { name: 'tech-one', _profiles_id: 6, _entities_id: 0, _is_recursive: 0 });
    const res = await admin(['users']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id\s+login\s+state\s+profiles$/);
    expect(lines.find((l) => /^2\s+glpi\s/.test(l))).toContain('Super-Admin on Root entity (recursive)');
    const techLine = lines.find((l) => l.startsWith(`${tech} `));
    expect(techLine).toMatch(/tech-one\s+active\s+Technician on Root entity$/);
  });

  test('reset-password (from stdin) ends the sessions on the running server; the new password works', async () => {
    const before = await new Client(ctx.server.api).login();
    expect((await before.get('getFullSession')).status).toBe(200); // cached by the server
    const res = await admin(['reset-password', 'glpi'], 'Brand-new-pass-1\nignored second line\n');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^deskbase: password of "glpi" reset; \d+ sessions? ended\n$/);
    expect((await before.get('getFullSession')).status).toBe(401);
    expect(await loginStatus('glpi', ADMIN_PASSWORD)).toBe(401);
    expect(await loginStatus('glpi', 'Brand-new-pass-1')).toBe(200);
    ctx.api = await new Client(ctx.server.api).login('glpi', 'Brand-new-pass-1');
  });

  test('create-superadmin makes an account the server accepts at once, with the Super-Admin profile', async () => {
    const res = await admin(['create-superadmin', 'rescue'], 'Rescue-pass-2\n');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^deskbase: created "rescue" \(id \d+\), Super-Admin on the root entity \(recursive\)\n$/);
    const rescue = await new Client(ctx.server.api).login('rescue', 'Rescue-pass-2');
    const profiles = await rescue.get('getMyProfiles');
    expect(profiles.body.myprofiles.map((p: { id: number }) => p.id)).toEqual([4]);
    const made = await rescue.create('Computer', { name: 'made by the rescue account' });
    expect((await rescue.get(`Computer/${made}`)).body).toMatchObject({ name: 'made by the rescue account', entities_id: 0 });
  });

  test('mistakes are one-line errors that change nothing', async () => {
    const cases: [string[], string, number, string][] = [
      [['reset-password', 'nobody'], 'x\n', 1, 'no user with login "nobody"'],
      [['create-superadmin', 'rescue'], 'Other-pass-3\n', 1, 'a user with login "rescue" already exists'],
      [['reset-password', 'glpi'], '', 1, 'no password given; nothing changed'],
      [['reset-password'], '', 2, 'admin reset-password takes one login'],
      [['drop-everything'], '', 2, 'unknown admin command drop-everything'],
    ];
    for (const [args, stdin, code, message] of cases) {
      const res = await admin(args, stdin);
      expect([res.code, res.stdout]).toEqual([code, '']);
      expect(res.stderr).toMatch(/^deskbase: [^\n]+\n$/); // one line, no stack trace
      expect(res.stderr).toContain(message);
    }
    expect(await loginStatus('glpi', 'Brand-new-pass-1')).toBe(200);
    expect(await loginStatus('rescue', 'Rescue-pass-2')).toBe(200);
  });
});

describe('deskbase admin beside a server on two threads that are writing', () => {
  const threaded = useServer({}, ['--threads', '2']);

  test("a reset password ends the sessions on every thread, though the threads' own commits move SQLite's data_version too", async () => {
    const sessions = await Promise.all(Array.from({ length: 6 }, () => new Client(threaded.server.api).login()));
    for (const session of sessions) expect((await session.get('getFullSession')).status).toBe(200); // cached by each thread
    // Another account writes meanwhile (glpi's own sessions end).
    await threaded.api.create('User', { name: 'writer', password: 'Writer-pass-1', password2: 'Writer-pass-1', _profiles_id: 4, _entities_id: 0, _is_recursive: 1 });
    const other = await new Client(threaded.server.api).login('writer', 'Writer-pass-1');
    const pc = await other.create('Computer', { name: 'busy' });
    let writing = true;
    let writes = 0;
    const writer = (async () => {
      for (; writing; writes++) expect((await other.put(`Computer/${pc}`, { input: { comment: `write ${writes}` } })).status).toBe(200);
    })();
    const res = await admin(['reset-password', 'glpi'], 'Threaded-pass-1\n', threaded.server.dataDir);
    writing = false;
    await writer;
    expect([res.code, res.stderr]).toEqual([0, '']);
    expect((await other.get(`Computer/${pc}`)).body.comment).toBe(`write ${writes - 1}`); // the last of the writes beside it
    for (const session of sessions) expect((await session.get('getFullSession')).status).toBe(401);
  });
});

test('a folder without a database is refused, and not created', async () => {
  const empty = mkdtempSync(join(tmpdir(), 'deskbase-admin-'));
  try {
    const res = await runCli(['admin', 'users', '--data', empty]);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(`deskbase: no Deskbase database in ${empty} (start the server once, or give --data)\n`);
    expect(await Bun.file(join(empty, 'deskbase.sqlite')).exists()).toBe(false);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});
