/**
 * A "contains" search narrows its candidates with the rows of the pattern's rare trigrams, and
 * reads a criterion matching few rows as the ids of those rows, both kept until the next write
 * (db/fulltext.ts, search/text-matches.ts). Each test searches once (filling those caches),
 * changes something, and searches again: the answer must show the change, exactly as a first
 * search would.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Client } from '../support/client';
import { Client as ApiClient } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { createUser, loginAs, unique } from '../rights/fixture';

let server: TestServer;
let glpi: Client;
let entity: number;
/** The computer in the sub-entity. */
let inEntity: number;
/** A fragment no other row holds, so its trigrams are rare. */
const fragment = `qz${Math.floor(Math.random() * 1e6)}wy`;

beforeAll(async () => {
  server = await startServer();
  glpi = await new ApiClient(server.api).login();
  entity = await glpi.create('Entity', { name: unique('Branch'), entities_id: 0 });
  await glpi.create('Computer', { name: `pc-${fragment}-1`, entities_id: 0 });
  inEntity = await glpi.create('Computer', { name: `pc-${fragment}-2`, entities_id: entity });
});

afterAll(() => server?.dispose());

/** Names of the computers whose name contains the fragment (in the trash with `deleted`), as the search answers them. */
async function found(client: Client, deleted = false): Promise<string[]> {
  const res = await client.get('search/Computer', { query: `criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=${fragment}&forcedisplay[0]=1&range=0-99&is_deleted=${deleted ? 1 : 0}` });
  expect(res.status).toBeLessThan(300);
  expect(res.body.totalcount).toBe(res.body.count);
  return ((res.body.data ?? []) as Record<string, string>[]).map((row) => row['1']!).sort();
}

describe('a contains search after its trigrams were looked up follows', () => {
  test('a computer added through the API', async () => {
    expect(await found(glpi)).toEqual([`pc-${fragment}-1`, `pc-${fragment}-2`]);
    await glpi.create('Computer', { name: `pc-${fragment}-3`, entities_id: 0 });
    expect(await found(glpi)).toEqual([`pc-${fragment}-1`, `pc-${fragment}-2`, `pc-${fragment}-3`]);
  });

  test('a commit by another connection to the same SQLite file', async () => {
    const before = await found(glpi);
    const db = new Database(join(server.dataDir, 'deskbase.sqlite'));
    try {
      db.exec('PRAGMA busy_timeout = 10000');
      db.query("UPDATE glpi_computers SET name = ? WHERE name = ?").run(`pc-${fragment}-renamed`, `pc-${fragment}-1`);
    } finally {
      db.close();
    }
    expect(await found(glpi)).toEqual(before.map((name) => name.replace(/-1$/, '-renamed')).sort());
  });

  test('rights and entities: the shared candidates never show a row the session may not read', async () => {
    const login = unique('reader');
    await createUser(glpi, login, 4, entity);
    const reader = await loginAs(server.api, login);
    // The Super-Admin's search looked the trigrams up; the reader's scope still decides.
    expect(await found(glpi)).toContain(`pc-${fragment}-2`);
    expect(await found(reader)).toEqual([`pc-${fragment}-2`]);
    expect((await glpi.put(`Computer/${inEntity}`, { input: { entities_id: 0 } })).status).toBe(200);
    expect(await found(reader)).toEqual([]);
  });

  test('trash, restore, an update and a purge, the matches being read by id', async () => {
    const res = await glpi.get('search/Computer', { query: `criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=${fragment}&range=0-99&rawdata=true` });
    const search = String((res.body as { rawdata: { sql: { search: string } } }).rawdata.sql.search);
    // The criterion became its rows' ids: the page tests no LIKE.
    expect(search).toContain('json_each');
    expect(search).not.toContain('LIKE');
    const id = await glpi.create('Computer', { name: `pc-${fragment}-4`, entities_id: 0 });
    const live = await found(glpi);
    expect(live).toContain(`pc-${fragment}-4`);
    expect(await found(glpi, true)).toEqual([]);
    expect((await glpi.del(`Computer/${id}`)).status).toBe(204);
    expect(await found(glpi)).toEqual(live.filter((name) => name !== `pc-${fragment}-4`));
    expect(await found(glpi, true)).toEqual([`pc-${fragment}-4`]);
    expect((await glpi.put(`Computer/${id}`, { input: { is_deleted: 0 } })).status).toBe(200);
    expect(await found(glpi)).toEqual(live);
    expect((await glpi.put(`Computer/${id}`, { input: { name: 'pc-elsewhere' } })).status).toBe(200);
    expect(await found(glpi)).toEqual(live.filter((name) => name !== `pc-${fragment}-4`));
    expect((await glpi.put(`Computer/${id}`, { input: { name: `pc-${fragment}-4` } })).status).toBe(200);
    expect(await found(glpi)).toEqual(live);
    expect((await glpi.del(`Computer/${id}`, { query: 'force_purge=true' })).status).toBe(204);
    expect(await found(glpi)).toEqual(live.filter((name) => name !== `pc-${fragment}-4`));
  });

  test('a row that was a candidate (the fragment in another column) and comes to match', async () => {
    // Its trigrams' rows are the same before and after: only the matches change.
    const id = await glpi.create('Computer', { name: 'pc-other', comment: `note ${fragment}`, entities_id: 0 });
    const before = await found(glpi);
    expect(before).not.toContain('pc-other');
    expect((await glpi.put(`Computer/${id}`, { input: { name: `pc-${fragment}-5` } })).status).toBe(200);
    expect(await found(glpi)).toEqual([...before, `pc-${fragment}-5`].sort());
    expect((await glpi.put(`Computer/${id}`, { input: { name: 'pc-other' } })).status).toBe(200);
    expect(await found(glpi)).toEqual(before);
    // The same through another connection to the SQLite file.
    const db = new Database(join(server.dataDir, 'deskbase.sqlite'));
    try {
      db.exec('PRAGMA busy_timeout = 10000');
      db.query('UPDATE glpi_computers SET name = ? WHERE id = ?').run(`pc-${fragment}-6`, id);
    } finally {
      db.close();
    }
    expect(await found(glpi)).toEqual([...before, `pc-${fragment}-6`].sort());
  });
});
