import { beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { scenarioTests, type Step } from '../support/scenario';
import { setRightInDatabase } from '../support/database-file';
import { useServer } from '../support/server';
import { allItemtypes } from '../../server/registry';
import { searchOptions } from '../../server/registry/searchoptions';
import { isSupported } from '../../server/search/options';
import { bulk, expectError, firstRowKeys, search, toQuery } from './helpers';

/**
 * GET /search/:itemtype — what every answer looks like: keys, headers, statuses, paging,
 * columns (defaults, forcedisplay, criteria and sort fields), output options and validation.
 */

const ctx = useServer();
const api = () => ctx.api;
let glpi: Client;

/** A message that starts with `text` (GLPI may add where the documentation is). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
/** A search of computers refused as a bad request, with the start of its message. */
const refused = (params: Record<string, unknown>, message?: string): Step => ({
  request: 'GET search/Computer',
  query: toQuery(params),
  status: 400,
  error: 'ERROR',
  message: message === undefined ? undefined : startsWith(message),
});
let child: number;
const pc: Record<string, number> = {};

beforeAll(async () => {
  glpi = ctx.api;
  child = await glpi.create('Entity', { name: 'Branch', entities_id: 0 });
  const paris = await glpi.create('Location', { name: 'Paris' });
  const maker = await glpi.create('Manufacturer', { name: 'Acme <&> Co' });
  const ids = await bulk(glpi, 'Computer', [
    { name: 'alpha', serial: 'S-1', locations_id: paris, manufacturers_id: maker },
    { name: 'bravo', serial: 'S-2', entities_id: child },
    { name: 'charlie', serial: 'S-3' },
    { name: 'delta', serial: 'S-4' },
  ]);
  ['alpha', 'bravo', 'charlie', 'delta'].forEach((n, i) => (pc[n] = ids[i]!));
  await bulk(glpi, 'Monitor', [{ name: 'bravo screen' }, { name: 'echo screen' }]);
  await glpi.create('Ticket', { name: 'first ticket', content: 'hello', _users_id_requester: 2 });
}, 60_000);

describe('response', () => {
  test('keys, headers and values of a plain search', async () => {
    const res = await search(glpi, 'Computer');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['totalcount', 'count', 'sort', 'order', 'data', 'content-range', 'range']);
    // GLPI 10.0.19 int-casts the default sort too.
    expect(res.body).toMatchObject({ totalcount: 4, count: 4, sort: [1], order: ['ASC'], 'content-range': '0-3/4', range: '0-3/4' });
    expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(res.headers.get('accept-range')).toBe('Computer 1000');
    expect(res.headers.get('content-range')).toBe('0-3/4');
    const alpha = res.body.data[0];
    expect(alpha['1']).toBe('alpha');
    expect(alpha['5']).toBe('S-1');
    expect(alpha['3']).toBe('Paris');
    expect(alpha['23']).toBe('Acme <&> Co');
    expect(alpha['80']).toBe('Root entity');
    expect(alpha['31']).toBeNull(); // no status: no link
    expect(alpha['45']).toBeNull(); // no operating system: a multi-valued option without value is null (GLPI 10.0.19)
    expect(res.body.data.map((r: Record<string, unknown>) => r['80'])).toEqual(['Root entity', 'Root entity > Branch', 'Root entity', 'Root entity']);
  });

  test('default columns follow GLPI: name, entity, then the display preferences', async () => {
    const res = await search(glpi, 'Computer');
    expect(firstRowKeys(res.text)).toEqual(['1', '80', '31', '23', '5', '4', '40', '45', '3', '19', '17']);
  });

  test('ITIL types put the ID first', async () => {
    const res = await search(glpi, 'Ticket');
    expect(firstRowKeys(res.text)).toEqual(['2', '1', '80', '12', '19', '15', '3', '4', '5', '7', '18']);
    const row = res.body.data[0];
    expect(row['12']).toBe(1);
    expect(typeof row['2']).toBe('number');
    // A requester is shown by user id (text), no technician as null, as GLPI 10.0.19 does.
    expect(row['4']).toBe('2');
    expect(row['5']).toBeNull();
  });

  test('an empty result: data [], no Content-Range header', async () => {
    const res = await search(glpi, 'Computer', { criteria: [{ field: 1, searchtype: 'contains', value: 'nonexistent' }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalcount: 0, count: 0, data: [] });
    expect(res.headers.get('content-range')).toBeNull();
    expect(res.headers.get('accept-range')).toBe('Computer 1000');
  });

  test('JSON body with numbers and real arrays (verbs are ignored)', async () => {
    const res = await glpi.post('search/Computer', { criteria: [{ field: 1, searchtype: 'contains', value: 'ALPHA' }], forcedisplay: [5] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ 1: 'alpha', 80: 'Root entity', 5: 'S-1' }]);
  });
});

describe('paging', () => {
  test('a partial page is 206 with its Content-Range', async () => {
    const res = await search(glpi, 'Computer', { range: '1-2' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('1-2/4');
    expect(res.body).toMatchObject({ totalcount: 4, count: 2, 'content-range': '1-2/4', range: '1-2/4' });
    expect(res.body.data.map((r: Record<string, unknown>) => r['1'])).toEqual(['bravo', 'charlie']);
  });

  test('the end of a range is clipped to the total', async () => {
    const res = await search(glpi, 'Computer', { range: '2-100' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('2-3/4');
  });

  test('a start equal to the total gives no rows; beyond it is ERROR_RANGE_EXCEED_TOTAL', async () => {
    const at = await search(glpi, 'Computer', { range: '4-10' });
    expect(at.status).toBe(206);
    expect(at.body.data).toEqual([]);
    const past = await search(glpi, 'Computer', { range: '5-10' });
    expectError(past, 400, 'ERROR_RANGE_EXCEED_TOTAL', 'Provided range exceed total count of data: 4');
  });

  // A malformed range is refused.
  scenarioTests(api, [
    refused({ range: 'a-b' }, 'range must be in format : [start-end] with integers'),
    refused({ range: '5-1' }),
  ]);
});

describe('sort and order', () => {
  test('sort by an option, descending, echoed as lists', async () => {
    const res = await search(glpi, 'Computer', { sort: 5, order: 'DESC' });
    expect(res.body.sort).toEqual([5]);
    expect(res.body.order).toEqual(['DESC']);
    expect(res.body.data.map((r: Record<string, unknown>) => r['5'])).toEqual(['S-4', 'S-3', 'S-2', 'S-1']);
  });

  test('sort by a dropdown puts rows without a link first', async () => {
    const res = await search(glpi, 'Computer', { sort: 3, order: 'DESC', forcedisplay: [3] });
    expect(res.body.data[0]['3']).toBe('Paris');
  });

  test('the sort field is added to the columns', async () => {
    const res = await search(glpi, 'Computer', { sort: 6, forcedisplay: [5] });
    expect(firstRowKeys(res.text)).toEqual(['1', '80', '5', '6']);
  });

  // Bad sort or order is a clear 400.
  scenarioTests(api, [
    refused({ sort: 'name' }, 'sort must be a search option id of Computer'),
    refused({ sort: 424242 }),
    refused({ order: 'sideways' }, 'order must be DESC or ASC'),
  ]);
});

describe('output options', () => {
  test('forcedisplay replaces the preferences', async () => {
    const res = await search(glpi, 'Computer', { forcedisplay: [6, 5] });
    expect(firstRowKeys(res.text)).toEqual(['1', '80', '6', '5']);
    const scalar = await search(glpi, 'Computer', { forcedisplay: 5 });
    expect(firstRowKeys(scalar.text)).toEqual(['1', '80', '5']);
  });

  test('criteria fields join the columns', async () => {
    const res = await search(glpi, 'Computer', { forcedisplay: [5], criteria: [{ field: 7, searchtype: 'contains', value: '' }, { field: 16, searchtype: 'contains', value: 'NULL' }] });
    expect(firstRowKeys(res.text)).toEqual(['1', '80', '5', '7', '16']);
  });

  test('uid_cols keys columns by uid', async () => {
    const res = await search(glpi, 'Computer', { uid_cols: 1, forcedisplay: [5, 3] });
    expect(firstRowKeys(res.text)).toEqual(['Computer.name', 'Computer.Entity.completename', 'Computer.serial', 'Computer.Location.completename']);
    expect(res.body.data[0]['Computer.Location.completename']).toBe('Paris');
  });

  test('withindexes keys rows by item id, in sort order', async () => {
    const res = await search(glpi, 'Computer', { withindexes: 'true', sort: 1, order: 'DESC', forcedisplay: [5] });
    expect(Array.isArray(res.body.data)).toBe(false);
    expect(res.body.data[String(pc.alpha)]['5']).toBe('S-1');
    const ids = [...res.text.matchAll(/"(\d+)":\{"1":/g)].map((m) => Number(m[1]));
    expect(ids).toEqual([pc.delta!, pc.charlie!, pc.bravo!, pc.alpha!]);
    const off = await search(glpi, 'Computer', { withindexes: 0 });
    expect(Array.isArray(off.body.data)).toBe(true);
  });

  test('giveItems adds HTML cells', async () => {
    const res = await search(glpi, 'Computer', { giveItems: true, forcedisplay: [23], range: '0-0' });
    expect(Object.keys(res.body)).toEqual(['totalcount', 'count', 'sort', 'order', 'data', 'data_html', 'content-range', 'range']);
    expect(res.body.data_html[0]['23']).toBe('Acme &lt;&amp;&gt; Co');
    expect(res.body.data[0]['23']).toBe('Acme <&> Co');
  });

  test('rawdata exposes the query', async () => {
    const res = await search(glpi, 'User', { sort: 19, order: 'DESC', range: '0-10', forcedisplay: 81, rawdata: true });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['totalcount', 'count', 'sort', 'order', 'data', 'rawdata', 'content-range', 'range']);
    expect(Object.keys(res.body.rawdata)).toHaveLength(9);
    expect(res.body.rawdata.sql.search).toContain('SELECT');
    expect(res.body.data[0]).toHaveProperty('81');
    expect(res.headers.get('accept-range')).toStartWith('User');
  });

  // Flags take true/false/1/0 and nothing else.
  scenarioTests(api, [
    refused({ withindexes: 'yes' }, 'parameter withindexes must be a boolean'),
    { request: 'GET search/Computer', query: toQuery({ uid_cols: 'false' }), status: 200, check: (res) => expect(res.body.data[0]).toHaveProperty('1') },
  ]);
});

describe('validation', () => {
  const contains = { searchtype: 'contains', value: 'x' };
  scenarioTests(api, [
    // A criterion without field, searchtype or value is malformed.
    ...[{ searchtype: 'contains', value: 'x' }, { field: 1, value: 'x' }, { field: 1, searchtype: 'contains' }].map((criterion) => refused({ criteria: [criterion] }, 'Malformed search criteria')),
    { request: 'GET search/Computer', query: 'criteria=oops', status: 400, error: 'ERROR', message: startsWith('Malformed search criteria') },
    refused({ criteria: [{ criteria: [{ field: 1 }] }] }, 'Malformed search criteria'),
    // Unknown or non-numeric field ids are refused.
    ...[134343, '\\134343', 'all'].map((field) => refused({ criteria: [{ field, ...contains }] }, 'Bad field ID in search criteria')),
    // nosearch and nodisplay options.
    refused({ criteria: [{ field: 65, ...contains }] }, 'Forbidden field ID in search criteria'),
    refused({ forcedisplay: [65] }, "ID is forbidden along with 'forcedisplay' parameter."),
    refused({ forcedisplay: [4242] }, 'Bad field ID in forcedisplay parameter'),
    // Unknown searchtypes, and under on a flat dropdown.
    refused({ criteria: [{ field: 1, searchtype: 'regex', value: 'x' }] }, 'unknown searchtype "regex"'),
    refused({ criteria: [{ field: 23, searchtype: 'under', value: 1 }] }, 'searchtype under is not available for search option 23 of Computer'),
    // The itemtype segment.
    { request: 'GET search', status: 400, error: 'ERROR_RESOURCE_MISSING' },
    { request: 'GET search/NotAType', status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { request: 'GET search/computer', status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    // A session is required.
    { request: 'GET search/Computer', as: 'anonymous', status: 401, error: 'ERROR_SESSION_TOKEN_MISSING' },
  ]);

  test('every search option a type lists can be searched and shown (none is refused as not supported)', () => {
    const refused = allItemtypes().flatMap((type) => [...searchOptions(type).byId.keys()].filter((id) => !isSupported(type, id)).map((id) => `${type.name} ${id}`));
    expect(refused).toEqual([]);
  });
});

describe('other itemtypes', () => {
  test('relations show the names of both sides', async () => {
    const res = await search(glpi, 'Profile_User', { forcedisplay: [4, 5, 86] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ 80: 'Root entity', 4: 'Super-Admin', 5: 'glpi', 86: 1 }]);
  });

  test('itemtypes without GLPI options get name, id, comment, dates and entity', async () => {
    await glpi.create('Budget', { name: 'IT budget', comment: 'yearly' });
    const res = await search(glpi, 'Budget', { criteria: [{ field: 16, searchtype: 'contains', value: 'year' }], forcedisplay: [2] });
    expect(res.body.totalcount).toBe(1);
    expect(res.body.data[0]).toMatchObject({ 1: 'IT budget', 16: 'yearly' });
    expect(typeof res.body.data[0]['2']).toBe('number');
  });
});

describe('AllAssets', () => {
  test('one list over every asset type, with id and itemtype', async () => {
    const res = await search(glpi, 'AllAssets', { range: '0-99' });
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-range')).toBe('AllAssets 1000');
    expect(res.body.totalcount).toBe(6);
    expect(firstRowKeys(res.text)).toEqual(['1', '80', '31', 'id', 'itemtype']);
    expect(res.body.data.map((r: Record<string, unknown>) => `${r.itemtype}:${r['1']}`)).toEqual([
      'Computer:alpha',
      'Computer:bravo',
      'Monitor:bravo screen',
      'Computer:charlie',
      'Computer:delta',
      'Monitor:echo screen',
    ]);
  });

  test('criteria, sort and paging apply to the union', async () => {
    const res = await search(glpi, 'AllAssets', { criteria: [{ field: 1, searchtype: 'contains', value: 'o' }], sort: 1, order: 'DESC', range: '0-1' });
    expect(res.status).toBe(206);
    expect(res.body.totalcount).toBe(3);
    expect(res.body.data.map((r: Record<string, unknown>) => r['1'])).toEqual(['echo screen', 'bravo screen']);
    const located = await search(glpi, 'AllAssets', { criteria: [{ field: 3, searchtype: 'contains', value: 'par' }] });
    expect(located.body.data.map((r: Record<string, unknown>) => [r.itemtype, r.id])).toEqual([['Computer', pc.alpha]]);
  });

  test('certificates, unmanaged devices and appliances count as assets, as in GLPI', async () => {
    const created: [string, number][] = [];
    // GLPI's install gives no one CREATE on unmanaged devices (the inventory makes them): granted here.
    await setRightInDatabase(ctx.server.dataDir, glpi, 4, 'unmanaged', 31);
    for (const itemtype of ['Appliance', 'Certificate', 'Unmanaged']) created.push([itemtype, await glpi.create(itemtype, { name: `zulu ${itemtype}`, comment: 'asset' })]);
    const res = await search(glpi, 'AllAssets', { criteria: [{ field: 1, searchtype: 'contains', value: '^zulu' }], sort: 1, order: 'ASC' });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: Record<string, unknown>) => [r.itemtype, r.id, r['1']])).toEqual(created.map(([t, id]) => [t, id, `zulu ${t}`]));
    // An option one of them lacks (appliances have no alternate username) matches none of its rows.
    const byContact = await search(glpi, 'AllAssets', { criteria: [{ field: 7, searchtype: 'contains', value: 'nobody-has-this' }] });
    expect(byContact.status).toBe(200);
    expect(byContact.body.totalcount).toBe(0);
    for (const [itemtype, id] of created) expect((await glpi.del(`${itemtype}/${id}`, { query: 'force_purge=true' })).status).toBe(204);
  });

  test('query strings keep working the GLPI way', async () => {
    const res = await glpi.get('search/AllAssets', { query: `${toQuery({ criteria: [{ link: 'AND', field: 1, searchtype: 'contains', value: '^bravo' }] })}&uid_cols=1` });
    expect(res.body.data.map((r: Record<string, unknown>) => r['AllAssets.UNKNOWN.name'])).toEqual(['bravo', 'bravo screen']);
  });
});
