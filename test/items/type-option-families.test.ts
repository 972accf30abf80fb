/**
 * The option families GLPI's search adds (financial data, contracts, notes, …) on the types beyond
 * its option dump: a search through them finds the right rows, within the session's entities, and
 * they display and sort as on the dumped types; each listed family option takes the same SQL path
 * as on Computer.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { itemtypeOrThrow } from '../../server/registry';
import { FAMILIES, FAMILY_PATTERN } from '../../server/registry/data/families';
import raw from '../../server/registry/data/searchoptions.json';
import { searchOptions } from '../../server/registry/searchoptions';
import { isSupported } from '../../server/search/options';
import { Client } from '../support/client';
import { useServer } from '../support/server';
import { createUser, search, USER_PASSWORD } from '../search/helpers';
import { uniq } from './fixtures';

const ctx = useServer();
let glpi: Client;
let techA: Client;
let adminA: Client;
let A: number;
let B: number;
const cert = { old: 0, new: 0, bare: 0, other: 0 };
let contractName: string;

beforeAll(async () => {
  glpi = ctx.api;
  A = await glpi.create('Entity', { name: uniq('A'), entities_id: 0 });
  B = await glpi.create('Entity', { name: uniq('B'), entities_id: 0 });
  const login = uniq('tech');
  await createUser(glpi, login, 6, A);
  techA = await new Client(ctx.server.api).login(login, USER_PASSWORD);
  const admin = uniq('admin');
  await createUser(glpi, admin, 3, A);
  adminA = await new Client(ctx.server.api).login(admin, USER_PASSWORD);
  contractName = uniq('support');
  const contract = await glpi.create('Contract', { name: contractName, entities_id: 0, is_recursive: 1 });
  const placed: [keyof typeof cert, number, string | null][] = [
    ['old', A, '2019-03-04'],
    ['new', A, '2024-05-06'],
    ['bare', A, null],
    ['other', B, '2019-03-04'],
  ];
  for (const [key, entities_id, buy_date] of placed) {
    cert[key] = await glpi.create('Certificate', { name: uniq(`cert-${key}`), entities_id });
    if (buy_date) await glpi.create('Infocom', { itemtype: 'Certificate', items_id: cert[key], buy_date });
    if (key !== 'bare') await glpi.create('Contract_Item', { contracts_id: contract, itemtype: 'Certificate', items_id: cert[key] });
  }
}, 60_000);

async function ids(client: Client, params: Record<string, unknown>): Promise<number[]> {
  const res = await search(client, 'Certificate', { range: '0-999', forcedisplay: [2], ...params });
  expect({ status: res.status, text: res.status >= 300 ? res.text : '' }).toEqual({ status: 200, text: '' });
  return ((res.body.data ?? []) as Record<string, unknown>[]).map((row) => Number(row['2']));
}

describe('family options on a type beyond the dump (Certificate)', () => {
  test('listed with the sections and paths of the dumped types', async () => {
    const options = (await glpi.get('listSearchOptions/Certificate')).body;
    expect(options.financial).toEqual({ name: 'Financial and administrative information' });
    expect(options['37']).toMatchObject({ uid: 'Certificate.Infocom.buy_date', table: 'glpi_infocoms', field: 'buy_date', name: 'Date of purchase', datatype: 'date' });
    expect(options['29']).toMatchObject({ uid: 'Certificate.Contract_Item.Contract.name', table: 'glpi_contracts', name: 'Name' });
    expect(options['200']).toMatchObject({ uid: 'Certificate.Notepad.content', table: 'glpi_notepads' });
  });

  test('the purchase date (37) finds the right certificates, only in the active entities', async () => {
    const before2020 = { criteria: [{ field: 37, searchtype: 'lessthan', value: '2020-01-01' }] };
    expect((await ids(glpi, before2020)).sort()).toEqual([cert.old, cert.other].sort());
    expect(await ids(adminA, before2020)).toEqual([cert.old]);
    expect(await ids(adminA, { criteria: [{ field: 37, searchtype: 'morethan', value: '2020-01-01' }] })).toEqual([cert.new]);
    // As on a computer: without the right to read financial data, none matches through it.
    expect(await ids(techA, before2020)).toEqual([]);
  });

  test('the contract name (29) finds the linked certificates, only in the active entities', async () => {
    const byContract = { criteria: [{ field: 29, searchtype: 'contains', value: contractName }] };
    expect((await ids(glpi, byContract)).sort()).toEqual([cert.old, cert.new, cert.other].sort());
    expect((await ids(adminA, byContract)).sort()).toEqual([cert.old, cert.new].sort());
  });

  test('shown with forcedisplay and sorted by the purchase date', async () => {
    const res = await search(adminA, 'Certificate', { range: '0-999', forcedisplay: [2, 37, 29], sort: 37, order: 'DESC' });
    expect(res.status).toBe(200);
    const rows = (res.body.data as Record<string, unknown>[]).filter((row) => Object.values(cert).includes(Number(row['2'])));
    expect(rows.map((row) => [Number(row['2']), row['37'], row['29']])).toEqual([
      [cert.new, '2024-05-06', contractName],
      [cert.old, '2019-03-04', contractName],
      // No financial data, no contract: null, as on a computer (GLPI 10.0.19).
      [cert.bare, null, null],
    ]);
  });
});

test('each family option of a type beyond the dump takes the path it takes on Computer', () => {
  const pattern = itemtypeOrThrow(FAMILY_PATTERN);
  for (const family of Object.values(FAMILIES)) {
    for (const name of family.types.filter((t) => !(t in raw))) {
      const type = itemtypeOrThrow(name);
      for (const id of family.ids) {
        // An id the type lists with an option of its own keeps it, as in GLPI.
        const patternUid = searchOptions(pattern).byId.get(id)!.uid;
        expect({ name, id, listed: searchOptions(type).byId.has(id) }).toEqual({ name, id, listed: true });
        if (searchOptions(type).byId.get(id)!.uid !== `${name}${patternUid.slice(FAMILY_PATTERN.length)}`) continue;
        // Every link is served, the documents of solutions and tasks included (through their document links).
        expect({ name, id, supported: isSupported(type, id) }).toEqual({ name, id, supported: isSupported(pattern, id) });
      }
    }
  }
});
