/**
 * What a search keeps between requests besides counts and trigrams: the display preferences and
 * the built WHERE of its criteria (until the next write, here or by another connection; never
 * for dates, which may be relative to now), the value query of a page's columns (per session
 * scope, whose rights its sub-queries hold), the pages and their values (until the next write;
 * never when their SQL reads SQLite's clock), and the JSON of text cells.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { join } from 'node:path';
import { VersionedCache } from '../../server/db/read-cache';
import { cellJson, stringJson } from '../../server/search/output';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { startServer, type TestServer } from '../support/server';
import { createUser, loginAs, unique } from '../rights/fixture';
import { firstRowKeys } from './helpers';

let server: TestServer;
let glpi: Client;
const clock = new TestClock();

beforeAll(async () => {
  server = await startServer({}, clock.args);
  glpi = await new Client(server.api).login();
});

afterAll(() => server?.dispose());

/** Runs one statement on the server's SQLite file through a connection of its own. */
function otherConnection(statement: string, ...args: (string | number)[]): void {
  const db = new Database(join(server.dataDir, 'deskbase.sqlite'));
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    db.query(statement).run(...args);
  } finally {
    db.close();
  }
}

describe('display preferences', () => {
  test('follow a commit by another connection, and its removal', async () => {
    const name = unique('pref-pc');
    await glpi.create('Computer', { name, serial: 'PREF-1' });
    const keys = async () => {
      const res = await glpi.get('search/Computer', { query: `criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=${name}` });
      expect(res.status).toBe(200);
      // The entity column (80) comes with a multi-entity setup, whatever the preferences.
      return firstRowKeys(res.text).filter((key) => key !== '80');
    };
    const defaults = await keys();
    expect(defaults).toEqual(['1', '31', '23', '5', '4', '40', '45', '3', '19', '17']);
    // The super-admin's own preferences (users_id 2): serial only, then the location.
    otherConnection("INSERT INTO glpi_displaypreferences (itemtype, num, rank, users_id) VALUES ('Computer', 5, 1, 2), ('Computer', 3, 2, 2)");
    expect(await keys()).toEqual(['1', '5', '3']);
    otherConnection("DELETE FROM glpi_displaypreferences WHERE itemtype = 'Computer' AND users_id = 2");
    expect(await keys()).toEqual(defaults);
  });
});

describe('built criteria', () => {
  const names = async (query: string) => {
    const res = await glpi.get('search/Computer', { query: `${query}&forcedisplay[0]=1&range=0-99` });
    expect(res.status).toBeLessThan(300);
    return ((res.body.data ?? []) as Record<string, string>[]).map((row) => row['1']!).sort();
  };

  test('the same criteria follow writes, on every page', async () => {
    const prefix = unique('where');
    const criteria = `criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=${prefix}`;
    await glpi.create('Computer', { name: `${prefix}-a` });
    expect(await names(criteria)).toEqual([`${prefix}-a`]);
    await glpi.create('Computer', { name: `${prefix}-b` });
    expect(await names(criteria)).toEqual([`${prefix}-a`, `${prefix}-b`]);
    const second = await glpi.get('search/Computer', { query: `${criteria}&forcedisplay[0]=1&range=1-1` });
    expect((second.body.data as Record<string, string>[]).map((row) => row['1'])).toEqual([`${prefix}-b`]);
    otherConnection('UPDATE glpi_computers SET name = ? WHERE name = ?', `${prefix}-c`, `${prefix}-a`);
    expect(await names(criteria)).toEqual([`${prefix}-b`, `${prefix}-c`]);
  });

  test('a date relative to now follows the clock', async () => {
    const name = unique('dated');
    await glpi.create('Computer', { name });
    // Changed in the last month (19: date_mod): so it is now, no longer two months later.
    const query = `criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=${name}&criteria[1][link]=AND&criteria[1][field]=19&criteria[1][searchtype]=morethan&criteria[1][value]=-1`;
    expect(await names(query)).toEqual([name]);
    // Two months on, a day at a time: the session stays active (it expires after a day idle).
    for (let day = 0; day < 61; day++) {
      clock.advance(24 * 3600 * 1000 - 1);
      expect((await glpi.get('getMyProfiles')).status).toBe(200);
    }
    expect(await names(query)).toEqual([]);
  });
});

describe('value queries', () => {
  test('a column counting tickets counts those of each session, whoever searched first', async () => {
    const child = await glpi.create('Entity', { name: unique('Branch'), entities_id: 0 });
    const name = unique('counted-pc');
    const pc = await glpi.create('Computer', { name, entities_id: 0 });
    const ticket = await glpi.create('Ticket', { name: unique('ticket'), content: 'x', entities_id: child });
    await glpi.create('Item_Ticket', { itemtype: 'Computer', items_id: pc, tickets_id: ticket });
    const login = unique('observer');
    // Observer of the root entity only: the computer, not the ticket of the sub-entity.
    await createUser(glpi, login, 2, 0, false);
    const observer = await loginAs(server.api, login);
    const tickets = async (client: Client) => {
      const res = await client.get('search/Computer', { query: `criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=${name}&forcedisplay[0]=60` });
      expect(res.status).toBe(200);
      return (res.body.data as Record<string, unknown>[]).map((row) => row['60']);
    };
    expect(await tickets(glpi)).toEqual([1]);
    expect(await tickets(observer)).toEqual([0]);
    expect(await tickets(glpi)).toEqual([1]);
    expect(await tickets(observer)).toEqual([0]);
  });
});

describe('pages and their values', () => {
  const rows = async (client: Client, query: string) => {
    const res = await client.get('search/Computer', { query: `${query}&forcedisplay[0]=1&forcedisplay[1]=5&sort=1&order=ASC&range=0-1` });
    expect(res.status).toBeLessThan(300);
    return ((res.body.data ?? []) as Record<string, string>[]).map((row) => `${row['1']}/${row['5']}`);
  };

  test('follow a write by another connection: the order of the page and the values shown', async () => {
    const prefix = unique('kept');
    const criteria = `criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=${prefix}`;
    for (const letter of ['a', 'b', 'c']) await glpi.create('Computer', { name: `${prefix}-${letter}`, serial: `S-${letter}` });
    expect(await rows(glpi, criteria)).toEqual([`${prefix}-a/S-a`, `${prefix}-b/S-b`]);
    expect(await rows(glpi, criteria)).toEqual([`${prefix}-a/S-a`, `${prefix}-b/S-b`]);
    otherConnection('UPDATE glpi_computers SET serial = ? WHERE name = ?', 'S-new', `${prefix}-b`);
    expect(await rows(glpi, criteria)).toEqual([`${prefix}-a/S-a`, `${prefix}-b/S-new`]);
    otherConnection('UPDATE glpi_computers SET name = ? WHERE name = ?', `${prefix}-d`, `${prefix}-a`);
    expect(await rows(glpi, criteria)).toEqual([`${prefix}-b/S-new`, `${prefix}-c/S-c`]);
  });

  test('are not shared by sessions that see different rows, whoever searched first', async () => {
    const child = await glpi.create('Entity', { name: unique('Kept branch'), entities_id: 0 });
    const prefix = unique('scoped');
    await glpi.create('Computer', { name: `${prefix}-a`, serial: 'in-child', entities_id: child });
    for (const letter of ['b', 'c']) await glpi.create('Computer', { name: `${prefix}-${letter}`, serial: 'in-root', entities_id: 0 });
    const login = unique('root-observer');
    // Observer of the root entity only: not the computer of the sub-entity.
    await createUser(glpi, login, 2, 0, false);
    const observer = await loginAs(server.api, login);
    const criteria = `criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=${prefix}`;
    // Pages of the same size at the same place: only what each session sees tells them apart.
    expect(await rows(observer, criteria)).toEqual([`${prefix}-b/in-root`, `${prefix}-c/in-root`]);
    expect(await rows(glpi, criteria)).toEqual([`${prefix}-a/in-child`, `${prefix}-b/in-root`]);
    expect(await rows(observer, criteria)).toEqual([`${prefix}-b/in-root`, `${prefix}-c/in-root`]);
  });

  test('over several tables (AllAssets) follow a write by another connection', async () => {
    const prefix = unique('assets');
    // A criterion on a dropdown (no trigram candidates in the SQL) and the same number of rows: the same SQL before and after.
    const room = await glpi.create('Location', { name: `${prefix}-room` });
    await glpi.create('Monitor', { name: `${prefix}-c`, locations_id: room });
    await glpi.create('Computer', { name: `${prefix}-b`, locations_id: room });
    const names = async () => {
      const res = await glpi.get('search/AllAssets', { query: `criteria[0][field]=3&criteria[0][searchtype]=equals&criteria[0][value]=${room}&forcedisplay[0]=1&range=0-9` });
      expect(res.status).toBe(200);
      return (res.body.data as Record<string, string>[]).map((row) => row['1']);
    };
    expect(await names()).toEqual([`${prefix}-b`, `${prefix}-c`]);
    expect(await names()).toEqual([`${prefix}-b`, `${prefix}-c`]);
    otherConnection('UPDATE glpi_monitors SET name = ? WHERE name = ?', `${prefix}-a`, `${prefix}-c`);
    expect(await names()).toEqual([`${prefix}-a`, `${prefix}-b`]);
  });

  test("SQL that reads SQLite's clock is read every time", () => {
    const db = new Database(':memory:');
    const cache = new VersionedCache<number>(8);
    let reads = 0;
    const read = () => ++reads;
    cache.get(db, "SELECT datetime('now')", read);
    cache.get(db, "SELECT datetime('now')", read);
    expect(reads).toBe(2);
    cache.get(db, 'SELECT 1', read);
    cache.get(db, 'SELECT 1', read);
    expect(reads).toBe(3);
    db.close();
  });
});

describe('cell JSON', () => {
  test('is JSON.stringify, for any text', () => {
    const texts = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.string({ unit: fc.constantFrom('a', '"', '\\', '\n', '\u0000', '\u001f', '\u2028', '\ud83d', '\ude00', 'é') }));
    fc.assert(fc.property(texts, (text) => stringJson(text) === JSON.stringify(text) && cellJson(text) === JSON.stringify(text)), { numRuns: 500 });
  });

  test('numbers, nulls and lists as JSON.stringify writes them', () => {
    for (const value of [0, -1.5, 1e21, null, ['a', 'b"'], Number.NaN]) expect(cellJson(value)).toBe(JSON.stringify(value));
    expect(cellJson(undefined)).toBe('null');
  });
});
