/**
 * `deskbase backup` / `deskbase restore`: a consistent copy taken while the server runs and
 * writes, restored into a new folder that a new server serves; restore refuses to overwrite.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { upload } from '../documents/helpers';
import { Client } from '../support/client';
import { TestServer, useServer } from '../support/server';
import { runCli } from '../support/cli';

const ctx = useServer();
const scratch = mkdtempSync(join(tmpdir(), 'deskbase-backup-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const cli = runCli;

/** Progress lines, with their sizes and durations (which vary) replaced. */
function stepLines(stderr: string): string[] {
  expect(stderr).not.toMatch(/[\r\x1b]/);
  return stderr
    .trimEnd()
    .split('\n')
    .map((line) => line.replace(/\d+(?:\.\d+)? (?:B|KiB|MiB|GiB)/, '<bytes>').replace(/ in \d+\.\d s$/, ''));
}

/** Every computer's name, page by page (a page holds at most 1 000 rows; a fast machine writes more during a backup). */
async function computerNames(api: Client): Promise<string[]> {
  const names: string[] = [];
  for (let start = 0; ; start += 1000) {
    const res = await api.get('Computer/', { query: `range=${start}-${start + 999}` });
    expect([200, 206]).toContain(res.status);
    names.push(...(res.body as { name: string }[]).map((c) => c.name));
    const total = Number(res.headers.get('content-range')?.split('/')[1] ?? names.length);
    if (names.length >= total || (res.body as unknown[]).length === 0) return names;
  }
}

async function download(api: Client, id: number): Promise<string> {
  const res = await fetch(`${api.api}/Document/${id}?alt=media`, { headers: { 'Session-Token': api.token } });
  expect(res.status).toBe(200);
  return res.text();
}

const backupDir = join(scratch, 'backup');
const restoredDir = join(scratch, 'restored');
const documents: { id: number; content: string }[] = [];
const before: string[] = [];

describe('backup while the server runs and writes', () => {
  test('the backup is written and described; the restored copy is one consistent instant', async () => {
    for (let i = 0; i < 20; i++) before.push(`before-${i}`);
    for (const name of before) await ctx.api.create('Computer', { name });
    for (const [i, content] of ['first document\n', 'second document, a bit longer\n'].entries()) {
      const res = await upload(ctx.api, 'Document/', { input: { name: `doc-${i}`, _filename: [`doc-${i}.txt`] } }, [{ name: `doc-${i}.txt`, content }]);
      expect(res.status).toBe(201);
      documents.push({ id: res.body.id, content });
    }

    // Writes go on, one after the other, during the whole backup.
    let writing = true;
    let firstWritten!: () => void;
    const started = new Promise<void>((resolve) => (firstWritten = resolve));
    const writer = (async () => {
      let n = 0;
      while (writing) {
        await ctx.api.create('Computer', { name: `during-${n++}` });
        firstWritten();
      }
      return n;
    })();
    await started;
    const res = await cli(['backup', backupDir, '--data', ctx.server.dataDir]);
    writing = false;
    const written = await writer;
    // Not a terminal: one line per step, no control characters.
    expect(stepLines(res.stderr)).toEqual(['database snapshot: <bytes>', 'database check: ok', 'documents: 2 files, <bytes>']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`backed up ${ctx.server.dataDir} to ${backupDir}`);
    expect(res.stdout).toContain(join(backupDir, 'deskbase.sqlite'));
    expect(res.stdout).toContain(`${join(backupDir, 'files')}/  2 files`);
    expect(readdirSync(backupDir).sort()).toEqual(['deskbase-backup.json', 'deskbase.sqlite', 'files']);
    const manifest = JSON.parse(readFileSync(join(backupDir, 'deskbase-backup.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 1, source: ctx.server.dataDir, files: { count: 2 }, missing_documents: [] });
    // One self-contained file: no journal of its own, and SQLite finds it sound.
    expect(existsSync(join(backupDir, 'deskbase.sqlite-wal'))).toBe(false);
    const db = new Database(join(backupDir, 'deskbase.sqlite'), { readonly: true });
    expect(db.query('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    db.close();

    const restore = await cli(['restore', backupDir, '--data', restoredDir]);
    expect(stepLines(restore.stderr)).toEqual(['database copy: <bytes>', 'database check: ok', 'documents: 2 files, <bytes>']);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`into ${restoredDir}`);

    const server = new TestServer(restoredDir, {});
    try {
      await server.start();
      const api = await new Client(server.api).login();
      const names = await computerNames(api);
      for (const name of before) expect(names).toContain(name);
      // Sequential writes: a consistent snapshot holds exactly the first k of them, no gaps.
      const during = names.filter((n) => n.startsWith('during-')).map((n) => Number(n.slice('during-'.length))).sort((a, b) => a - b);
      expect(during).toEqual([...Array(during.length).keys()]);
      expect(during.length).toBeLessThanOrEqual(written);
      // The live server holds every write, the last ones after the snapshot too.
      expect((await computerNames(ctx.api)).filter((n) => n.startsWith('during-'))).toHaveLength(written);
      for (const doc of documents) expect(await download(api, doc.id)).toBe(doc.content);
      expect((await fetch(`${server.origin}/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  test('the running server is unaffected and keeps writing', async () => {
    const id = await ctx.api.create('Computer', { name: 'after-backup' });
    expect((await ctx.api.get(`Computer/${id}`)).body.name).toBe('after-backup');
    expect((await fetch(`${ctx.server.origin}/health`)).status).toBe(200);
  });
});

describe('restore refuses to overwrite', () => {
  test('a non-empty data folder without --force: exit 1, nothing touched', async () => {
    const count = (await computerNames(ctx.api)).length;
    const res = await cli(['restore', backupDir, '--data', ctx.server.dataDir]);
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain(`the data folder ${ctx.server.dataDir} is not empty`);
    expect(res.stderr).toContain('--force');
    expect(res.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    expect((await computerNames(ctx.api)).length).toBe(count);
    expect(readdirSync(ctx.server.dataDir).some((n) => n.startsWith('replaced-'))).toBe(false);
  });

  test('with --force, not while a server has the database open', async () => {
    const res = await cli(['restore', backupDir, '--data', ctx.server.dataDir, '--force']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('is in use');
    expect((await fetch(`${ctx.server.origin}/health`)).status).toBe(200);
    expect(readdirSync(ctx.server.dataDir).some((n) => n.startsWith('replaced-') || n.includes('restoring'))).toBe(false);
  });

  test('with --force on a stopped folder: the previous content is moved aside, not deleted', async () => {
    // restoredDir was served above (and changed: a session was opened); its server is stopped.
    writeFileSync(join(restoredDir, 'files', 'marker.txt'), 'old');
    const res = await cli(['restore', backupDir, '--data', restoredDir, '--force']);
    expect(stepLines(res.stderr)).toHaveLength(3);
    expect(res.code).toBe(0);
    const aside = readdirSync(restoredDir).find((n) => n.startsWith('replaced-'))!;
    expect(aside).toMatch(/^replaced-\d{8}-\d{6}$/);
    expect(res.stdout).toContain(join(restoredDir, aside));
    expect(readFileSync(join(restoredDir, aside, 'files', 'marker.txt'), 'utf8')).toBe('old');
    expect(existsSync(join(restoredDir, aside, 'deskbase.sqlite'))).toBe(true);
    expect(existsSync(join(restoredDir, 'files', 'marker.txt'))).toBe(false);
    expect(readdirSync(restoredDir).filter((n) => n.startsWith('deskbase.sqlite-'))).toEqual([]);
    const server = new TestServer(restoredDir, {});
    try {
      await server.start();
      const api = await new Client(server.api).login();
      expect(await computerNames(api)).toContain('before-0');
    } finally {
      await server.stop();
    }
  });

  test('an empty data folder, or one with only .gitkeep, needs no --force', async () => {
    const dir = join(scratch, 'gitkeep');
    mkdirSync(dir);
    writeFileSync(join(dir, '.gitkeep'), '');
    const res = await cli(['restore', backupDir], { DESKBASE_DATA: dir });
    expect(res.code).toBe(0);
    expect(existsSync(join(dir, 'deskbase.sqlite'))).toBe(true);
  });
});

describe('refusals and usage', () => {
  test('backup into a non-empty folder, into the data folder, or of a folder without a database: exit 1', async () => {
    const cases: [string[], string][] = [
      [['backup', backupDir, '--data', ctx.server.dataDir], 'is not empty'],
      [['backup', join(ctx.server.dataDir, 'bk'), '--data', ctx.server.dataDir], 'must be outside the data folder'],
      [['backup', join(scratch, 'none'), '--data', join(scratch, 'no-data')], 'no database to back up'],
      [['restore', join(scratch, 'no-backup'), '--data', join(scratch, 'x')], 'is not a Deskbase backup'],
    ];
    for (const [args, message] of cases) {
      const res = await cli(args);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr).toContain(message);
    }
    expect(existsSync(join(ctx.server.dataDir, 'bk'))).toBe(false);
  });

  test('a restore from something that is not a Deskbase database changes nothing', async () => {
    const fake = join(scratch, 'fake');
    mkdirSync(fake);
    const other = new Database(join(fake, 'deskbase.sqlite'));
    other.exec('CREATE TABLE t (x)');
    other.close();
    const target = join(scratch, 'fake-target');
    const res = await cli(['restore', fake, '--data', target]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('not a Deskbase database');
    expect(readdirSync(target)).toEqual([]);
  });

  test('bad command lines: exit 2 with a message; --help for each command', async () => {
    for (const [args, message] of [
      [['backup'], 'backup needs a folder'],
      [['restore', 'a', 'b'], 'restore takes one folder'],
      [['backup', 'x', '--force'], 'unknown option --force for backup'],
      [['backup', 'x', '--data'], 'option --data needs a value'],
      [['frobnicate'], 'unknown command frobnicate'],
    ] as [string[], string][]) {
      const res = await cli(args);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toContain(message);
    }
    const help = await cli(['--help']);
    expect(help.stdout).toContain('deskbase backup <backup-dir>');
    expect(help.stdout).toContain('deskbase restore <backup-dir>');
    expect(help.stdout).toContain('/health');
    for (const command of ['backup', 'restore']) {
      const res = await cli([command, '--help']);
      expect(res.code).toBe(0);
      expect(res.stdout).toContain(`Usage: deskbase ${command} <backup-dir>`);
      expect(res.stdout).toContain('DESKBASE_DATA');
    }
  });
});
