/**
 * A bulk add of a type such as Computer checks every element first and inserts the accepted ones
 * together (multi-row INSERTs, history in one statement, no savepoint each). Its outcome must be
 * the one of adding the same elements one by one: same answers, same rows, same history, same
 * search index; and when the inserts fail as a whole, the elements go one by one.
 */
import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { countInDatabaseFile } from '../support/database-file';
import { useServer } from '../support/server';
import { until } from '../support/until';
import { uniq } from './fixtures';

const ctx = useServer();

const COMPARED = ['name', 'serial', 'otherserial', 'comment', 'contact', 'entities_id', 'locations_id', 'states_id', 'is_template', 'template_name', 'uuid', 'is_deleted'];

/** Elements with different column sets and orders, some refused for different reasons. */
function elements(prefix: string, locationId: number): Record<string, unknown>[] {
  return [
    { name: `${prefix}-1`, serial: 'S1', contact: 'alice' },
    { serial: 'S2', name: `${prefix}-2` },
    { name: `${prefix}-3`, bogus: 1 },
    { name: `${prefix}-4`, locations_id: locationId, comment: 'with a location' },
    { name: `${prefix}-5`, locations_id: 999_999 },
    { name: `${prefix}-6`, otherserial: 'INV-6', uuid: 'u-6', is_template: 1, template_name: 'tpl' },
    { name: 'x'.repeat(256) },
    { comment: `${prefix}-7 has no name` },
    { name: `${prefix}-8`, serial: 'S8', contact: 'bob' },
  ];
}

const strip = (results: { id: number | false; message: string }[]) => results.map((r) => ({ ok: r.id !== false, message: r.message.replace(/ - ID \d+$/, ' - ID n') }));

async function stored(ids: number[]): Promise<Record<string, unknown>[]> {
  return Promise.all(
    ids.map(async (id) => {
      const res = await ctx.api.get(`Computer/${id}`);
      expect(res.status).toBe(200);
      return Object.fromEntries(COMPARED.map((c) => [c, res.body[c]]));
    }),
  );
}

async function creations(ids: number[]): Promise<number[]> {
  return Promise.all(
    ids.map(async (id) => {
      const res = await ctx.api.get('Log/', { query: `searchText[itemtype]=^Computer$&searchText[items_id]=^${id}$&searchText[linked_action]=^20$` });
      return res.body.length;
    }),
  );
}

describe('bulk add of Computers', () => {
  test('together gives what one by one gives: answers, rows, history and search', async () => {
    const locationId = await ctx.api.create('Location', { name: uniq('room') });
    const together = uniq('together');
    const bulk = await ctx.api.post('Computer/', { input: elements(together, locationId) });
    expect(bulk.status).toBe(207);
    const [code, bulkResults] = bulk.body;
    expect(code).toBe('ERROR_GLPI_PARTIAL_ADD');

    const single = uniq('single');
    const singleResults: { id: number | false; message: string }[] = [];
    for (const element of elements(single, locationId)) {
      const res = await ctx.api.post('Computer/', { input: element });
      singleResults.push(res.status === 201 ? res.body : { id: false, message: res.body[1] });
    }

    const rename = (text: string) => text.replaceAll(single, together);
    expect(strip(bulkResults)).toEqual(strip(singleResults).map((r) => ({ ...r, message: rename(r.message) })));
    const bulkIds = bulkResults.flatMap((r: { id: number | false }) => (r.id === false ? [] : [r.id]));
    const singleIds = singleResults.flatMap((r) => (r.id === false ? [] : [r.id]));
    // The new ids follow the elements' order, with no gap.
    expect(bulkIds).toEqual(bulkIds.map((_: number, i: number) => bulkIds[0] + i));

    const singleRows = (await stored(singleIds)).map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' ? rename(v) : v])));
    expect(await stored(bulkIds)).toEqual(singleRows);
    expect(await creations(bulkIds)).toEqual(bulkIds.map(() => 1));

    // The trigram index holds the rows added together: a fragment from the middle finds them.
    const found = await ctx.api.get('search/Computer', { query: `criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=${together.slice(4)}&forcedisplay[0]=2&range=0-50` });
    expect(found.status).toBe(200);
    // Not the template (searches leave templates out), nor the 7th (its text is in its comment).
    expect(found.body.totalcount).toBe(4);
  });

  test('inserts that fail as a whole go one by one: only the refused element is left out', async () => {
    const prefix = uniq('fallback');
    // A refusal the checks cannot foresee, from the engine itself (as a constraint would).
    const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'));
    try {
      db.exec(`CREATE TRIGGER test_refuse_boom BEFORE INSERT ON glpi_computers WHEN new.name = '${prefix}-boom' BEGIN SELECT RAISE(ABORT, 'constraint failed: boom'); END`);
    } finally {
      db.close();
    }
    const res = await ctx.api.post('Computer/', { input: [{ name: `${prefix}-a` }, { name: `${prefix}-boom` }, { name: `${prefix}-b` }] });
    expect(res.status).toBe(207);
    expect(res.body[1]).toEqual([
      { id: expect.any(Number), message: `Item successfully added: ${prefix}-a` },
      { id: false, message: 'The item conflicts with an existing one' },
      { id: expect.any(Number), message: `Item successfully added: ${prefix}-b` },
    ]);
    const ids = [res.body[1][0].id, res.body[1][2].id];
    expect((await stored(ids)).map((row) => row.name)).toEqual([`${prefix}-a`, `${prefix}-b`]);
    expect(await creations(ids)).toEqual([1, 1]);
    const listed = await ctx.api.get('Computer/', { query: `searchText[name]=^${prefix}` });
    expect(listed.body.map((c: { name: string }) => c.name)).toEqual([`${prefix}-a`, `${prefix}-b`]);
  });
});

test('once the WAL grows, written rows reach the database file in the background, with no request checkpointing', async () => {
  const prefix = uniq('checkpointed');
  // About 6 MiB of rows: past the 4 MiB of WAL at which the background checkpoints start.
  for (let batch = 0; batch < 3; batch++) {
    const input = Array.from({ length: 1000 }, (_, i) => ({ name: `${prefix}-${batch}-${i}`, comment: 'c'.repeat(2000) }));
    expect((await ctx.api.post('Computer/', { input })).status).toBe(201);
  }
  const inFile = () => countInDatabaseFile(ctx.server.dataDir, 'SELECT COUNT(*) AS n FROM glpi_computers WHERE name LIKE ?', `${prefix}-%`);
  expect(await until('the rows in the database file', inFile, (n) => n === 3000)).toBe(3000);
});
