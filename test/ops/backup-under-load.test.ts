/**
 * A scheduled backup taken while clients read and write: no request fails, and the backup
 * restores to a sound database holding every write acknowledged before it started, each later
 * write whole or not at all, and never a client's write without the ones that client finished
 * before it (one moment's snapshot). The schedule runs on the server's test clock: the first
 * request after the clock passes the interval starts the backup, and that request is already
 * part of the load.
 */
import { Database } from 'bun:sqlite';
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '../support/client';
import { runCli } from '../support/cli';
import { TestClock } from '../support/clock';
import { useServer } from '../support/server';

const clock = new TestClock();
const ctx = useServer({}, clock.args);
const scratch = mkdtempSync(join(tmpdir(), 'deskbase-backup-load-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const HOUR = 3_600_000;
const BATCH = 5;
const CLIENTS = 4;

/** Computers named `<tag>-<n>`, with some text so the database takes a moment to copy. */
const batch = (tag: string, size: number) => Array.from({ length: size }, (_, i) => ({ name: `${tag}-${i}`, comment: `${tag} `.repeat(40) }));

async function addBatch(api: Client, tag: string, size: number): Promise<number[]> {
  const res = await api.post('Computer/', { input: batch(tag, size) });
  if (res.status !== 201) throw new Error(`bulk add ${tag}: ${res.status} ${res.text}`);
  return (res.body as { id: number }[]).map((row) => row.id);
}

async function lastBackup(): Promise<{ result: string; path: string } | null> {
  const res = await fetch(`${ctx.server.origin}/health`, { headers: { 'Session-Token': ctx.api.token } });
  if (res.status !== 200) throw new Error(`/health answered ${res.status}`);
  return ((await res.json()) as { last_backup: { result: string; path: string } | null }).last_backup;
}

test('reads and writes during a scheduled backup all succeed; the backup holds a consistent moment with every earlier write', async () => {
  const before: number[] = [];
  for (let b = 0; b < 6; b++) before.push(...(await addBatch(ctx.api, `before-${b}`, 500)));
  await ctx.api.setConfig('backup_folder', join(scratch, 'backups'));
  await ctx.api.setConfig('backup_interval_hours', '1');
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => new Client(ctx.server.api).login()));

  clock.advance(HOUR + 1000);
  let backup: { result: string; path: string } | null = null;
  /** Per client, the batches acknowledged, in order. */
  const acknowledged: string[][] = clients.map(() => []);
  let reads = 0;
  await Promise.all(
    clients.map(async (api, c) => {
      for (let n = 0; backup === null; n++) {
        const tag = `during-${c}-${n}`;
        await addBatch(api, tag, BATCH);
        acknowledged[c]!.push(tag);
        const id = before[(n * 97 + c * 31) % before.length]!;
        const read = await api.get(`Computer/${id}`);
        expect(read.status).toBe(200);
        expect(read.body.id).toBe(id);
        const listed = await api.get('Computer/', { query: `searchText[name]=^${tag}-&range=0-49` });
        expect(listed.status).toBe(200);
        expect(listed.body).toHaveLength(BATCH);
        reads += 2;
        if (c === 0) backup = await lastBackup();
      }
    }),
  );
  expect(backup!.result).toBe('ok');
  // Each client wrote and read at least once while the backup ran.
  expect(reads).toBe(2 * acknowledged.flat().length);
  expect(acknowledged.map((tags) => tags[0])).toEqual(clients.map((_, c) => `during-${c}-0`));

  const restored = join(scratch, 'restored');
  expect((await runCli(['restore', backup!.path, '--data', restored])).code).toBe(0);
  const db = new Database(join(restored, 'deskbase.sqlite'), { readonly: true });
  try {
    expect(db.query('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
    const ids = new Set(db.query<{ id: number }, []>('SELECT id FROM glpi_computers').all().map((row) => row.id));
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    const counts = new Map(
      db
        .query<{ tag: string; rows: number }, []>("SELECT substr(name, 1, length(name) - 2) AS tag, count(*) AS rows FROM glpi_computers WHERE name LIKE 'during-%' GROUP BY tag")
        .all()
        .map((row) => [row.tag, row.rows]),
    );
    for (const tags of acknowledged) {
      // Whole batches only, and for each client the ones it finished first: a prefix of its list.
      const held = tags.filter((tag) => counts.has(tag));
      for (const tag of held) expect(counts.get(tag)).toBe(BATCH);
      expect(held).toEqual(tags.slice(0, held.length));
    }
    expect([...counts.keys()].every((tag) => acknowledged.some((tags) => tags.includes(tag)))).toBe(true);
  } finally {
    db.close();
  }
});
