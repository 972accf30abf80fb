/**
 * A bulk add of Computers (checked together, inserted with multi-row statements, its trigram
 * index entries written in one statement at the end) leaves the database exactly as adding the
 * same elements one by one does: two servers on the same frozen clock get the same requests'
 * elements, one in bulk and one element per request, and then hold the same rows, history,
 * trigram index entries and dropdown counts, having answered the same.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, expect, test } from 'bun:test';
import fc from 'fast-check';
import { join } from 'node:path';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { startServer, type TestServer } from '../support/server';

const clock = new TestClock();
let bulk: { server: TestServer; api: Client };
let single: { server: TestServer; api: Client };

async function start(): Promise<{ server: TestServer; api: Client }> {
  const server = await startServer({}, clock.args);
  return { server, api: await new Client(server.api).login() };
}

beforeAll(async () => {
  [bulk, single] = await Promise.all([start(), start()]);
});
afterAll(async () => {
  await Promise.all([bulk?.server.dispose(), single?.server.dispose()]);
});

type Result = { id: number | false; message: string };

/** A bulk add's results, whatever its status (201, 207 or 400). */
async function addTogether(api: Client, input: object[]): Promise<Result[]> {
  const res = await api.post('Computer/', { input });
  return res.status === 201 ? res.body : res.body[1];
}

/** The same elements, one request each; a refusal as the bulk answer writes it. */
async function addOneByOne(api: Client, input: object[]): Promise<Result[]> {
  const results: Result[] = [];
  for (const element of input) {
    const res = await api.post('Computer/', { input: element });
    results.push(res.status === 201 ? res.body : { id: false, message: res.body[1] });
  }
  return results;
}

/** Everything a Computer's add writes, read from the server's database file (and its WAL). */
function contents(server: TestServer): Record<string, unknown[]> {
  const db = new Database(join(server.dataDir, 'deskbase.sqlite'), { readonly: true });
  try {
    db.exec("CREATE VIRTUAL TABLE temp.computer_trigrams USING fts5vocab(main, 'glpi_computers__fts', 'instance')");
    return {
      rows: db.query('SELECT * FROM glpi_computers ORDER BY id').all(),
      history: db.query('SELECT * FROM glpi_logs ORDER BY id').all(),
      trigrams: db.query('SELECT term, doc FROM temp.computer_trigrams ORDER BY term, doc').all(),
      counts: db.query('SELECT * FROM glpi_computers__counts ORDER BY locations_id, states_id, manufacturers_id, computertypes_id, entities_id, is_recursive, is_deleted, is_template').all(),
    };
  } finally {
    db.close();
  }
}

test('a bulk add leaves the rows, history, trigram index and counts that adding one by one leaves', async () => {
  // The same lookups on both servers, so the elements name the same ids there.
  const lookups = async (api: Client) => ({
    locations: (await api.post('Location/', { input: [{ name: 'L1' }, { name: 'L2' }] })).body.map((r: Result) => r.id),
    states: (await api.post('State/', { input: [{ name: 'S1' }, { name: 'S2' }] })).body.map((r: Result) => r.id),
  });
  const [mine, theirs] = [await lookups(bulk.api), await lookups(single.api)];
  expect(theirs).toEqual(mine);

  const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '1', '-', ' ', 'é'), maxLength: 10 });
  // Elements with various columns, in various orders; about one in six refused (an unknown
  // field, a location that does not exist, a name too long).
  const fields = fc.record(
    {
      name: fc.oneof({ weight: 19, arbitrary: text }, { weight: 1, arbitrary: fc.constant('x'.repeat(256)) }),
      serial: text,
      otherserial: text,
      comment: text,
      contact: text,
      locations_id: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(0, ...mine.locations) }, { weight: 1, arbitrary: fc.constant(999_999) }),
      states_id: fc.constantFrom(0, ...mine.states),
      is_template: fc.constantFrom(0, 1),
    },
    { requiredKeys: [] },
  );
  const element = fc.tuple(fields, fc.nat(19)).map(([e, n]) => (n === 0 ? { bogus: 1, ...e } : e));
  const requests = fc.sample(fc.array(element, { minLength: 10, maxLength: 60 }), { numRuns: 6, seed: 20261123 });
  let added = 0;
  for (const input of requests) {
    const [together, oneByOne] = await Promise.all([addTogether(bulk.api, input), addOneByOne(single.api, input)]);
    expect(together).toEqual(oneByOne);
    added += together.filter((r) => r.id !== false).length;
  }
  expect(added).toBeGreaterThan(0);
  expect(added).toBeLessThan(requests.flat().length);

  const [after, expected] = [contents(bulk.server), contents(single.server)];
  expect(after.rows!.length).toBe(added);
  expect(after.trigrams!.length).toBeGreaterThan(added);
  expect(after).toEqual(expected);
});
