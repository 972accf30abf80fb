/**
 * Scheduled backups (Config settings backup_interval_hours, backup_keep, backup_folder): taken by
 * the server clock, in a worker thread while requests go on, restorable, pruned to the newest N
 * (and nothing else), failures reported on /health and logged; the details only for a session
 * that may change the configuration.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '../support/client';
import { runCli } from '../support/cli';
import { TestClock } from '../support/clock';
import { startServer, TestServer, useServer } from '../support/server';
import { until } from '../support/until';

const clock = new TestClock();
const ctx = useServer({}, [...clock.args, '--log-format', 'json']);
const scratch = mkdtempSync(join(tmpdir(), 'deskbase-scheduled-'));
const folder = join(scratch, 'backups');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const HOUR = 3_600_000;
const OURS = /^deskbase-backup-\d{8}-\d{6}(?:-\d+)?$/;

const setting = (name: string, value: string) => ctx.api.setConfig(name, value);

async function health(token?: string): Promise<any> {
  const res = await fetch(`${ctx.server.origin}/health`, { headers: token ? { 'Session-Token': token } : {} });
  expect(res.status).toBe(200);
  return res.json();
}


/** Moves the server clock one interval on and waits for the backup it triggers (one after `previous`). */
async function nextBackup(previous: string | undefined): Promise<any> {
  clock.advance(HOUR + 1000);
  const body = await until('a new backup', () => health(ctx.api.token), (b) => b.last_backup !== null && b.last_backup.time !== previous);
  return body.last_backup;
}

/** Bytes of every file under a folder. */
function treeBytes(path: string): number {
  return readdirSync(path, { withFileTypes: true }).reduce((sum, entry) => sum + (entry.isDirectory() ? treeBytes(join(path, entry.name)) : statSync(join(path, entry.name)).size), 0);
}
const backupsOnDisk = () => readdirSync(folder).filter((n) => OURS.test(n)).sort();

describe('scheduled backups', () => {
  const taken: string[] = [];

  test('off by default: a Super-Admin sees "last_backup": null, and no time passing starts one', async () => {
    expect((await health(ctx.api.token)).last_backup).toBeNull();
    clock.advance(10 * HOUR); // less than a session's idle timeout
    expect((await health(ctx.api.token)).last_backup).toBeNull();
    expect(existsSync(`${ctx.server.dataDir}-backups`)).toBe(false);
  });

  test('one interval after it is turned on, a backup appears: ok, with its time, path and size', async () => {
    mkdirSync(folder);
    // Not ours: a folder named like a backup without our manifest, and a file.
    mkdirSync(join(folder, 'deskbase-backup-20000101-000000'));
    writeFileSync(join(folder, 'notes.txt'), 'keep me');
    await setting('backup_folder', folder);
    await setting('backup_keep', '2');
    await setting('backup_interval_hours', '1');
    await ctx.api.create('Computer', { name: 'before-first-backup' });

    clock.advance(HOUR / 2);
    expect((await health(ctx.api.token)).last_backup).toBeNull();
    const last = await nextBackup(undefined);
    expect(last).toMatchObject({ result: 'ok', time: new Date(clock.now).toISOString() });
    expect(last.path).toBe(join(folder, `deskbase-backup-${new Date(clock.now).toISOString().replace(/\.\d+Z$/, '').replace(/[-:]/g, '').replace('T', '-')}`));
    expect(last.bytes).toBe(treeBytes(last.path) - statSync(join(last.path, 'deskbase-backup.json')).size);
    expect(readdirSync(last.path).sort()).toEqual(['deskbase-backup.json', 'deskbase.sqlite', 'files']);
    expect(JSON.parse(readFileSync(join(last.path, 'deskbase-backup.json'), 'utf8'))).toMatchObject({ made_by: 'schedule', source: ctx.server.dataDir });
    // Complete: no partial folder left behind.
    expect(readdirSync(folder).filter((n) => n.endsWith('.partial'))).toEqual([]);
    taken.push(last.path);
  });

  test('only a session that may change the configuration sees the backup details', async () => {
    expect(Object.keys(await health())).toEqual(['status', 'version', 'database', 'uptime_s']);
    const userId = await ctx.api.create('User', { name: 'tech-health', password: 'Tech-pass-1', password2: 'Tech-pass-1' });
    await ctx.api.create('Profile_User', { users_id: userId, profiles_id: 6, entities_id: 0, is_recursive: 1 });
    const tech = await new Client(ctx.server.api).login('tech-health', 'Tech-pass-1');
    expect((await tech.post('changeActiveProfile', { profiles_id: 6 })).status).toBe(200);
    expect(Object.keys(await health(tech.token))).toEqual(['status', 'version', 'database', 'uptime_s']);
    expect(Object.keys(await health('not-a-session-token'))).toEqual(['status', 'version', 'database', 'uptime_s']);
    expect((await health(ctx.api.token)).last_backup.result).toBe('ok');
  });

  test('the backup restores into a working data folder holding the rows written before it', async () => {
    const restored = join(scratch, 'restored');
    const res = await runCli(['restore', taken[0]!, '--data', restored]);
    expect(res.code).toBe(0);
    const server = new TestServer(restored, {});
    try {
      await server.start();
      const api = await new Client(server.api).login();
      const found = await api.get('Computer/', { query: 'searchText[name]=^before-first-backup$' });
      expect(found.body.map((c: { name: string }) => c.name)).toEqual(['before-first-backup']);
    } finally {
      await server.dispose();
    }
  });

  test('pruning keeps exactly backup_keep of its own backups and touches nothing else', async () => {
    for (let i = 0; i < 3; i++) taken.push((await nextBackup(new Date(clock.now).toISOString())).path);
    expect(backupsOnDisk()).toEqual(['deskbase-backup-20000101-000000', ...taken.slice(-2).map((p) => p.slice(folder.length + 1))]);
    expect(readFileSync(join(folder, 'notes.txt'), 'utf8')).toBe('keep me');
    await setting('backup_keep', '1');
    const newest = (await nextBackup(new Date(clock.now).toISOString())).path;
    expect(backupsOnDisk()).toEqual(['deskbase-backup-20000101-000000', newest.slice(folder.length + 1)]);
  });

  test('a failing target is reported on /health and logged; the server keeps serving', async () => {
    const blocker = join(scratch, 'a-file');
    writeFileSync(blocker, 'not a folder');
    await setting('backup_folder', blocker);
    const last = await nextBackup(new Date(clock.now).toISOString());
    expect(last).toMatchObject({ result: 'error', path: null, bytes: null, time: new Date(clock.now).toISOString() });
    expect(last.message).toContain(blocker);
    const logged = await until(
      'the error line',
      () => ctx.server.output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)).find((e) => e.message === 'scheduled backup failed'),
      (entry) => entry !== undefined,
    );
    expect(logged).toMatchObject({ level: 'error', type: 'error', error: last.message });
    expect(readFileSync(blocker, 'utf8')).toBe('not a folder');
    expect((await ctx.api.get('Computer/', { query: 'range=0-0' })).status).toBeLessThan(300);

    // Values the schedule could not use are refused when written, and the setting keeps its value.
    await expect(setting('backup_folder', 'relative/path')).rejects.toThrow('Setting backup_folder must be an absolute path');
    await expect(setting('backup_interval_hours', 'soon')).rejects.toThrow('Setting backup_interval_hours must be a number of hours');
    await expect(setting('backup_keep', '0')).rejects.toThrow('Setting backup_keep must be a whole number of at least 1');
    const kept = await ctx.api.get('Config/', { query: 'searchText[name]=^backup_folder$' });
    expect(kept.body[0].value).toBe(blocker);
  });

  test('turned off again: time passes, no backup', async () => {
    await setting('backup_folder', folder);
    await setting('backup_interval_hours', '0');
    const before = (await health(ctx.api.token)).last_backup;
    clock.advance(10 * HOUR);
    expect((await health(ctx.api.token)).last_backup).toEqual(before);
    expect(backupsOnDisk()).toHaveLength(2);
  });
});

describe('with the default text logs', () => {
  test('a failure is a "[deskbase] scheduled backup failed: …" line on stderr', async () => {
    const textClock = new TestClock();
    const server = await startServer({}, textClock.args);
    try {
      const api = await new Client(server.api).login();
      const blocker = join(scratch, 'another-file');
      writeFileSync(blocker, '');
      await api.setConfig('backup_folder', blocker);
      await api.setConfig('backup_interval_hours', '0.5');
      textClock.advance(HOUR / 2);
      const failed = async () => {
        await fetch(`${server.origin}/health`); // a request: the schedule is checked
        return server.output.split('\n').find((l) => l.startsWith('[deskbase] scheduled backup failed: '));
      };
      const line = await until('the error line', failed, (l) => l !== undefined);
      expect(line).toBe(`[deskbase] scheduled backup failed: EEXIST: file already exists, mkdir '${blocker}'`);
      expect((await api.get('getMyProfiles')).status).toBe(200);
    } finally {
      await server.dispose();
    }
  });
});
