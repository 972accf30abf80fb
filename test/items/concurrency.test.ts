/** Twenty clients writing at once: no 5xx, no SQLITE_BUSY, and every count exact. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { ApiResponse } from '../support/client';
import { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { uniq } from './fixtures';

const CLIENTS = 20;
let server: TestServer;
let admin: Client;
let clients: Client[] = [];
const statuses: number[] = [];

/** Every response goes through here so the test can check that none was a 5xx. */
function seen<T extends ApiResponse>(res: T): T {
  statuses.push(res.status);
  return res;
}

beforeAll(async () => {
  server = await startServer();
  admin = await new Client(server.api).login();
  clients = await Promise.all(Array.from({ length: CLIENTS }, () => new Client(server.api).login()));
});
afterAll(() => server.dispose());

async function total(itemtype: string, query: string): Promise<number> {
  const res = await admin.get(`${itemtype}/`, { query: `${query}&range=0-0` });
  if (res.status !== 200 && res.status !== 206) throw new Error(res.text);
  const range = res.headers.get('content-range');
  return range ? Number(range.split('/')[1]) : 0;
}

describe('concurrent writers', () => {
  test('parallel creates (single and bulk) with reads in between: every row lands once', async () => {
    const prefix = uniq('par');
    await Promise.all(
      clients.map(async (api, c) => {
        for (let i = 0; i < 5; i++) {
          expect(seen(await api.post('Computer/', { input: { name: `${prefix}-${c}-${i}` } })).status).toBe(201);
          expect([200, 206]).toContain(seen(await api.get('Computer/', { query: `searchText[name]=^${prefix}` })).status);
        }
        const bulk = seen(await api.post('Computer/', { input: Array.from({ length: 5 }, (_, i) => ({ name: `${prefix}-${c}-bulk-${i}` })) }));
        expect(bulk.status).toBe(201);
        expect(bulk.body).toHaveLength(5);
      }),
    );
    expect(await total('Computer', `searchText[name]=^${prefix}-`)).toBe(CLIENTS * 10);
    // Ids are unique: no two creations got the same row.
    const all = await admin.get('Computer/', { query: `searchText[name]=^${prefix}-&range=0-999&only_id=true&get_hateoas=false` });
    expect(new Set(all.body.map((r: { id: number }) => r.id)).size).toBe(CLIENTS * 10);
  });

  test('parallel updates of the same item: all succeed, each one logged once', async () => {
    const id = await admin.create('Computer', { name: uniq('hot') });
    const values = new Set<string>();
    await Promise.all(
      clients.map(async (api, c) => {
        for (let i = 0; i < 5; i++) {
          const value = `c${c}-u${i}`;
          values.add(value);
          const res = seen(await api.put(`Computer/${id}`, { input: { comment: value } }));
          expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: [{ [id]: true, message: '' }] });
        }
      }),
    );
    const final = (await admin.get(`Computer/${id}`)).body.comment;
    expect(values.has(final)).toBe(true);
    const logs = await admin.get(`Computer/${id}/Log`, { query: 'range=0-999' });
    expect(logs.body).toHaveLength(1 + CLIENTS * 5);
    const changes = logs.body.filter((l: any) => l.linked_action === 0);
    // Each change's old value is the previous change's new value: a consistent serial history.
    for (let i = 1; i < changes.length; i++) expect(changes[i].old_value).toBe(changes[i - 1].new_value);
    expect(changes.at(-1).new_value).toBe(final);
  });

  test('parallel followups on one ticket and bulk updates of shared items', async () => {
    const ticket = await admin.create('Ticket', { name: uniq('busy'), content: 'x' });
    const shared = (await admin.post('Computer/', { input: Array.from({ length: 3 }, (_, i) => ({ name: uniq(`shared-${i}`) })) })).body.map((r: any) => r.id as number);
    await Promise.all(
      clients.map(async (api, c) => {
        for (let i = 0; i < 3; i++) {
          expect(seen(await api.post(`Ticket/${ticket}/ITILFollowup`, { input: { content: `client ${c} #${i}` } })).status).toBe(201);
          const res = seen(await api.put('Computer/', { input: shared.map((id: number) => ({ id, serial: `c${c}-${i}` })) }));
          expect(res.status).toBe(200);
        }
      }),
    );
    expect(await total('ITILFollowup', `searchText[itemtype]=^Ticket$&searchText[items_id]=^${ticket}$`)).toBe(CLIENTS * 3);
    const serials = await Promise.all(shared.map(async (id: number) => (await admin.get(`Computer/${id}`)).body.serial));
    // Each bulk update is applied element by element; all three ended on some client's value.
    for (const s of serials) expect(s).toMatch(/^c\d+-\d$/);
  });

  test('racing on a unique pair or on one delete: exactly one winner, clean failures for the rest', async () => {
    const user = await admin.create('User', { name: uniq('racer') });
    const group = await admin.create('Group', { name: uniq('race-team') });
    const adds = await Promise.all(clients.map(async (api) => seen(await api.post('Group_User/', { input: { users_id: user, groups_id: group } }))));
    expect(adds.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of adds.filter((x) => x.status !== 201)) expect({ status: r.status, code: r.body[0] }).toEqual({ status: 400, code: 'ERROR_GLPI_ADD' });
    expect(await total('Group_User', `searchText[users_id]=^${user}$`)).toBe(1);

    const victim = await admin.create('Computer', { name: uniq('victim') });
    const dels = await Promise.all(clients.map(async (api) => seen(await api.del(`Computer/${victim}`, { query: 'force_purge=true' }))));
    expect(dels.filter((r) => r.status === 204)).toHaveLength(1);
    for (const r of dels.filter((x) => x.status !== 204)) expect({ status: r.status, code: r.body[0] }).toEqual({ status: 404, code: 'ERROR_ITEM_NOT_FOUND' });
  });

  test('no response was a 5xx and the server logged no error', () => {
    expect(statuses.length).toBeGreaterThan(CLIENTS * 20);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(server.output).not.toMatch(/SQLITE_BUSY|database is locked|SQLiteError|unexpected error/i);
  });
});
