/**
 * getItem answers come from a cache (api/items/reply-cache.ts) until the next write. Each test
 * reads an item three times (an answer is kept when built a second time; the third read is the
 * cached one), changes something the answer depends on, and reads again: the answer must be the
 * uncached one (getMultipleItems builds it afresh) and show the change.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { createUser, loginAs, unique } from '../rights/fixture';
import { Client as ApiClient } from '../support/client';
import fc from 'fast-check';

let server: TestServer;
let glpi: Client;
let entity: number;
let computer: number;
let location: number;

beforeAll(async () => {
  server = await startServer();
  glpi = await new ApiClient(server.api).login();
  entity = await glpi.create('Entity', { name: unique('Branch'), entities_id: 0 });
  location = await glpi.create('Location', { name: unique('Room'), entities_id: 0, is_recursive: 1 });
  computer = await glpi.create('Computer', { name: unique('pc'), entities_id: entity, locations_id: location });
});

afterAll(() => server?.dispose());

const QUERY = 'expand_dropdowns=true';

/** getItem three times (built, built and kept, then from the cache), checked against the uncached getMultipleItems. */
async function readCached(client: Client, id = computer, itemtype = 'Computer'): Promise<{ status: number; body: any }> {
  const first = await client.get(`${itemtype}/${id}`, { query: QUERY });
  for (let again = 0; again < 2; again++) {
    const next = await client.get(`${itemtype}/${id}`, { query: QUERY });
    expect(next.status).toBe(first.status);
    expect(next.text).toBe(first.text);
  }
  if (first.status === 200) {
    const fresh = await client.get('getMultipleItems', { query: `items[0][itemtype]=${itemtype}&items[0][items_id]=${id}&${QUERY}` });
    expect(first.text).toBe(JSON.stringify(fresh.body[0]));
  }
  return { status: first.status, body: first.body };
}

describe('a cached getItem answer follows', () => {
  test('a write through the API to the item', async () => {
    await readCached(glpi);
    const name = unique('renamed');
    expect((await glpi.put(`Computer/${computer}`, { input: { name } })).status).toBe(200);
    expect((await readCached(glpi)).body.name).toBe(name);
  });

  test('a write through the API to another item it shows (a dropdown name)', async () => {
    await readCached(glpi);
    const name = unique('Hall');
    expect((await glpi.put(`Location/${location}`, { input: { name } })).status).toBe(200);
    expect((await readCached(glpi)).body.locations_id).toBe(name);
  });

  test('a commit by another connection to the same SQLite file', async () => {
    await readCached(glpi);
    const db = new Database(join(server.dataDir, 'deskbase.sqlite'));
    try {
      db.exec('PRAGMA busy_timeout = 10000');
      db.query('UPDATE glpi_computers SET serial = ? WHERE id = ?').run('SN-FROM-ELSEWHERE', computer);
    } finally {
      db.close();
    }
    expect((await readCached(glpi)).body.serial).toBe('SN-FROM-ELSEWHERE');
  });

  test('a rights change of the reader profile', async () => {
    const profile = (await glpi.post('Profile/', { input: { name: unique('readers'), interface: 'central' } })).body.id as number;
    const { computer: right } = await glpi.setRights(profile, { computer: 1 });
    const login = unique('reader');
    await createUser(glpi, login, profile, entity);
    const reader = await loginAs(server.api, login);
    expect((await readCached(reader)).status).toBe(200);
    expect((await glpi.put(`ProfileRight/${right}`, { input: { rights: 0 } })).status).toBe(200);
    expect((await readCached(reader)).status).toBe(403);
  });

  test('a session killed', async () => {
    const login = unique('killed');
    await createUser(glpi, login, 4, 0);
    const client = await loginAs(server.api, login);
    expect((await readCached(client)).status).toBe(200);
    expect((await client.get('killSession')).status).toBe(200);
    expect((await client.get(`Computer/${computer}`, { query: QUERY })).status).toBe(401);
  });

  test('a change of active entities, and the item moved to another entity', async () => {
    const login = unique('mover');
    await createUser(glpi, login, 4, 0);
    const client = await loginAs(server.api, login);
    const other = await glpi.create('Entity', { name: unique('Elsewhere'), entities_id: 0 });
    // No write between these reads and the change: only the cache's key tells the answers apart.
    expect((await readCached(client)).status).toBe(200);
    expect((await client.post('changeActiveEntities', { entities_id: other, is_recursive: false })).status).toBe(200);
    expect((await readCached(client)).status).toBe(404);
    expect((await client.post('changeActiveEntities', { entities_id: entity, is_recursive: false })).status).toBe(200);
    expect((await readCached(client)).status).toBe(200);
    expect((await glpi.put(`Computer/${computer}`, { input: { entities_id: other } })).status).toBe(200);
    expect((await readCached(client)).status).toBe(404);
  });
});

/**
 * Writes to one table keep the cached answers read from others (db/table-versions.ts): whatever
 * the order of writes to the same type, to another type, to a dropdown they show and by another
 * connection, every cached answer is the uncached one, and a search lists what the file holds.
 */
describe('cached answers under interleaved writes', () => {
  test('are the uncached answers', async () => {
    const prefix = unique('mix');
    const pcs = [await glpi.create('Computer', { name: `${prefix}-a`, entities_id: entity, locations_id: location }), await glpi.create('Computer', { name: `${prefix}-b`, entities_id: entity })];
    const ticket = await glpi.create('Ticket', { name: `${prefix}-t`, content: 'slow', entities_id: entity });
    const file = () => new Database(join(server.dataDir, 'deskbase.sqlite'));
    const stored = (sql: string, ...args: string[]) => {
      const db = file();
      try {
        return (db.query(sql).all(...args) as { name: string }[]).map((row) => row.name).sort();
      } finally {
        db.close();
      }
    };
    const reads: (() => Promise<void>)[] = [
      async () => expect((await readCached(glpi, pcs[0]!)).status).toBe(200),
      async () => expect((await readCached(glpi, pcs[1]!)).status).toBe(200),
      async () => expect((await readCached(glpi, ticket, 'Ticket')).status).toBe(200),
      async () => {
        const query = `criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=${prefix}&forcedisplay[0]=1&range=0-99`;
        const listed = async () => ((await glpi.get('search/Computer', { query })).body.data ?? []).map((row: Record<string, string>) => row['1']).sort();
        const first = await listed();
        expect(await listed()).toEqual(first);
        expect(first).toEqual(stored('SELECT name FROM glpi_computers WHERE name LIKE ? AND is_deleted = 0 AND is_template = 0', `${prefix}%`));
      },
    ];
    const writes: ((n: number) => Promise<void>)[] = [
      async (n) => expect((await glpi.put(`Computer/${pcs[n % 2]}`, { input: { name: `${prefix}-${n}` } })).status).toBe(200),
      async (n) => expect((await glpi.put(`Ticket/${ticket}`, { input: { name: `${prefix}-t${n}` } })).status).toBe(200),
      async (n) => expect((await glpi.put(`Location/${location}`, { input: { name: unique(`hall${n}`) } })).status).toBe(200),
      async (n) => {
        const db = file();
        try {
          db.exec('PRAGMA busy_timeout = 10000');
          db.query('UPDATE glpi_computers SET serial = ? WHERE id = ?').run(`SN-${n}`, pcs[n % 2]!);
        } finally {
          db.close();
        }
      },
    ];
    const step = fc.oneof(fc.record({ read: fc.nat(reads.length - 1) }), fc.record({ write: fc.nat(writes.length - 1), n: fc.nat(999) }));
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 12 }), async (steps) => {
        for (const s of steps) await ('write' in s ? writes[s.write]!(s.n) : reads[s.read]!());
      }),
      { numRuns: 6 },
    );
  });
});

/**
 * Sessions are found by the token itself (auth/sessions.ts, beside the cache by its hash): a
 * token used again and again must still end at the very next request when its session does.
 */
describe('a session found by its token ends at the next request when', () => {
  async function reader(): Promise<{ client: Client; id: number }> {
    const login = unique('token');
    const id = await createUser(glpi, login, 4, 0);
    const client = await loginAs(server.api, login);
    expect((await readCached(client)).status).toBe(200);
    return { client, id };
  }

  test('its user is disabled', async () => {
    const { client, id } = await reader();
    expect((await glpi.put(`User/${id}`, { input: { is_active: 0 } })).status).toBe(200);
    expect((await client.get(`Computer/${computer}`, { query: QUERY })).status).toBe(401);
  });

  test('its user is deleted', async () => {
    const { client, id } = await reader();
    expect((await glpi.del(`User/${id}`)).status).toBe(204);
    expect((await client.get(`Computer/${computer}`, { query: QUERY })).status).toBe(401);
  });

  test('its user password is changed by an administrator', async () => {
    const { client, id } = await reader();
    expect((await glpi.put(`User/${id}`, { input: { password: 'Another-pw-2', password2: 'Another-pw-2' } })).status).toBe(200);
    expect((await client.get(`Computer/${computer}`, { query: QUERY })).status).toBe(401);
  });

  test('another connection deletes its row (as deskbase admin does)', async () => {
    const { client } = await reader();
    const db = new Database(join(server.dataDir, 'deskbase.sqlite'));
    try {
      db.exec('PRAGMA busy_timeout = 10000');
      db.query('DELETE FROM deskbase_sessions WHERE users_id IN (SELECT id FROM glpi_users WHERE is_active = 1 AND id > 2)').run();
    } finally {
      db.close();
    }
    expect((await client.get(`Computer/${computer}`, { query: QUERY })).status).toBe(401);
    expect((await glpi.get(`Computer/${computer}`, { query: QUERY })).status).toBe(200);
  });

  test('its profile is taken from its user', async () => {
    const { client, id } = await reader();
    const links = await glpi.get(`User/${id}/Profile_User/`);
    expect(links.status).toBe(200);
    for (const link of links.body as { id: number }[]) expect((await glpi.del(`Profile_User/${link.id}`)).status).toBe(204);
    expect((await client.get(`Computer/${computer}`, { query: QUERY })).status).toBe(401);
  });
});
