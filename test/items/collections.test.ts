/** getItems (GET /:itemtype/) and sub-items (GET /:parent/:id/:child): paging, sorting, filtering, options. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { scenario, type Step } from '../support/scenario';
import { expectError, uniq } from './fixtures';

let server: TestServer;
let api: Client;

/** 60 computers named `<prefix>-NN` (two-digit), so the default page (0-50) is partial. */
const prefix = uniq('fleet');
const fleet: number[] = [];
const TOTAL = 60;
let location = 0;
let parisName = '';
let bulkTypes = 0;

const ids = (body: { id: number }[]) => body.map((r) => r.id);
const names = (body: { name: string }[]) => body.map((r) => r.name);

beforeAll(async () => {
  server = await startServer();
  api = await new Client(server.api).login();
  parisName = uniq('Paris');
  const paris = await api.create('Location', { name: parisName });
  location = await api.create('Location', { name: 'Floor 2', locations_id: paris });
  const input = Array.from({ length: TOTAL }, (_, i) => ({
    name: `${prefix}-${String(i).padStart(2, '0')}`,
    serial: `S${String(TOTAL - i).padStart(3, '0')}`,
    comment: i % 2 ? 'odd one' : 'even one',
    locations_id: i < 3 ? location : 0,
  }));
  const res = await api.post('Computer/', { input });
  if (res.status !== 201) throw new Error(res.text);
  fleet.push(...ids(res.body));
  // A trashed computer never shows in the default collection.
  const trashed = await api.create('Computer', { name: `${prefix}-trashed` });
  await api.del(`Computer/${trashed}`);
  // Over a thousand rows of one type, to see the page cap.
  const many = await api.post('ComputerType/', { input: Array.from({ length: 1001 }, (_, i) => ({ name: `type-${i}` })) });
  if (many.status !== 201) throw new Error(many.text);
  bulkTypes = many.body.length;
});
afterAll(() => server.dispose());

describe('getItems paging', () => {
  test('default range is 0-50 (inclusive): 51 rows, 206, Content-Range and Accept-Range', async () => {
    const res = await api.get('Computer/');
    expect(res.status).toBe(206);
    expect(res.body).toHaveLength(51);
    expect(res.headers.get('content-range')).toBe(`0-50/${TOTAL}`);
    expect(res.headers.get('accept-range')).toBe('Computer 1000');
    expect(ids(res.body)).toEqual(fleet.slice(0, 51));
  });

  test('range table: status, rows and Content-Range', async () => {
    const cases: [string, number, number, string | null][] = [
      ['0-1', 206, 2, `0-1/${TOTAL}`],
      ['10-19', 206, 10, `10-19/${TOTAL}`],
      ['0-59', 200, 60, `0-59/${TOTAL}`],
      ['0-500', 200, 60, `0-59/${TOTAL}`],
      ['55-70', 206, 5, `55-59/${TOTAL}`],
      ['59-59', 206, 1, `59-59/${TOTAL}`],
      // start == total is allowed: an empty page (GLPI's header arithmetic kept as is).
      [`${TOTAL}-${TOTAL + 5}`, 206, 0, `${TOTAL}-${TOTAL - 1}/${TOTAL}`],
    ];
    await scenario(api, [
      ...cases.map(([range, status, count, contentRange]): Step => ({
        request: 'GET Computer/',
        query: `range=${range}`,
        status,
        responseHeaders: { 'content-range': contentRange, 'accept-range': 'Computer 1000' },
        check: (res) => expect(res.body).toHaveLength(count),
      })),
      { request: 'GET Computer/', query: 'range=10-19', status: 206, check: (res) => expect(ids(res.body)).toEqual(fleet.slice(10, 20)) },
    ]);
  });

  test('every page is the slice of the whole list, in every order (pages near the end are read backwards)', async () => {
    for (const sort of ['id', 'name', 'serial']) {
      for (const order of ['ASC', 'DESC']) {
        const whole = ids((await api.get('Computer/', { query: `range=0-59&sort=${sort}&order=${order}&searchText[name]=^${prefix}` })).body);
        expect(whole.length).toBe(TOTAL);
        for (const [start, end] of [[0, 9], [25, 34], [45, 54], [50, 59], [59, 59]] as const) {
          const page = await api.get('Computer/', { query: `range=${start}-${end}&sort=${sort}&order=${order}` });
          expect({ sort, order, start, ids: ids(page.body) }).toEqual({ sort, order, start, ids: whole.slice(start, end + 1) });
        }
      }
    }
  });

  test('a page holds at most 1000 rows', async () => {
    expect(bulkTypes).toBe(1001);
    const res = await api.get('ComputerType/', { query: 'range=0-4999' });
    expect(res.status).toBe(206);
    expect(res.body).toHaveLength(1000);
    expect(res.headers.get('content-range')).toBe('0-999/1001');
    expect(res.headers.get('accept-range')).toBe('ComputerType 1000');
    const tail = await api.get('ComputerType/', { query: 'range=1000-1999' });
    expect({ status: tail.status, count: tail.body.length, range: tail.headers.get('content-range') }).toEqual({ status: 206, count: 1, range: '1000-1000/1001' });
  });

  test('a range past the total is ERROR_RANGE_EXCEED_TOTAL; malformed ranges are 400 ERROR', async () => {
    await scenario(api, [
      { request: 'GET Computer/', query: `range=${TOTAL + 1}-${TOTAL + 9}`, status: 400, error: 'ERROR_RANGE_EXCEED_TOTAL', message: new RegExp(`^Provided range exceed total count of data: ${TOTAL}`) },
      ...['abc', '1-', '-1-3', '5', '1-2-3', '0-1x'].map((bad): Step => ({ request: 'GET Computer/', query: `range=${bad}`, status: 400, error: 'ERROR', message: /^range must be in format : \[start-end\] with integers/ })),
      { request: 'GET Computer/', query: 'range=9-2', status: 400, error: 'ERROR' },
    ]);
  });

  test('an empty collection: 200, [] and no Content-Range', async () => {
    const res = await api.get('Budget/');
    expect({ status: res.status, body: res.body, range: res.headers.get('content-range'), accept: res.headers.get('accept-range') }).toEqual({
      status: 200,
      body: [],
      range: null,
      accept: 'Budget 1000',
    });
  });
});

describe('getItems sorting', () => {
  const fleetQuery = `searchText[name]=^${prefix}-&range=0-99`;

  test('default order is id ascending; by column name or search option id; ASC/DESC any case', async () => {
    const byId = await api.get('Computer/', { query: fleetQuery });
    expect(ids(byId.body)).toEqual(fleet);
    const expectedBySerial = [...fleet].reverse();
    for (const sort of ['serial', '5']) {
      const asc = await api.get('Computer/', { query: `${fleetQuery}&sort=${sort}` });
      expect({ sort, ids: ids(asc.body) }).toEqual({ sort, ids: expectedBySerial });
    }
    for (const sort of ['name', '1']) {
      for (const order of ['DESC', 'desc', 'Desc']) {
        const res = await api.get('Computer/', { query: `${fleetQuery}&sort=${sort}&order=${order}` });
        expect({ sort, order, names: names(res.body) }).toEqual({ sort, order, names: names(byId.body).reverse() });
      }
    }
    const asc = await api.get('Computer/', { query: `${fleetQuery}&sort=name&order=asc` });
    expect(names(asc.body)).toEqual(names(byId.body));
  });

  test('a page near the end (read from the end) is the same slice of the whole order, ties included', async () => {
    // `comment` holds two values only: rows tie, and ids decide within each value.
    for (const sort of ['id', 'name', 'comment', 'locations_id']) {
      for (const order of ['ASC', 'DESC']) {
        const whole = ids((await api.get('Computer/', { query: `sort=${sort}&order=${order}&range=0-${TOTAL - 1}` })).body);
        expect(whole).toHaveLength(TOTAL);
        for (const [start, end] of [[40, 49], [31, 59], [50, 70], [59, 59], [29, 30]] as const) {
          const page = ids((await api.get('Computer/', { query: `sort=${sort}&order=${order}&range=${start}-${end}` })).body);
          expect({ sort, order, start, page }).toEqual({ sort, order, start, page: whole.slice(start, end + 1) });
        }
      }
    }
  });

  test('bad sort and bad order are 400 ERROR', async () => {
    await scenario(api, [
      { request: 'GET Computer/', query: 'sort=not_a_column', status: 400, error: 'ERROR', message: /^sort param is not a field of glpi_computers/ },
      { request: 'GET Computer/', query: 'sort=99999', status: 400, error: 'ERROR', message: /^sort param is not a field of glpi_computers/ },
      { request: 'GET User/', query: 'sort=password', status: 400, error: 'ERROR', message: /^sort param is not a field of glpi_users/ },
      ...['UP', 'ascending', '1'].map((order): Step => ({ request: 'GET Computer/', query: `order=${order}`, status: 400, error: 'ERROR', message: /^order must be DESC or ASC/ })),
    ]);
  });
});

describe('getItems filters and options', () => {
  test('searchText: contains, ^starts, ends$, ^exact$, case-insensitive, several fields ANDed', async () => {
    const count = async (query: string) => ((await api.get('Computer/', { query: `${query}&range=0-999` })).body as unknown[]).length;
    const cases: [string, number][] = [
      [`searchText[name]=^${prefix}-07$`, 1],
      [`searchText[name]=^${prefix.toUpperCase()}-07$`, 1],
      [`searchText[name]=^${prefix}-0`, 10],
      [`searchText[name]=${prefix}-1`, 10],
      [`searchText[name]=-59$`, 1],
      [`searchText[name]=^${prefix}-5&searchText[comment]=odd`, 5],
      [`searchText[all]=odd one&searchText[name]=^${prefix}`, 30],
      [`searchText[name]=${prefix}&searchText[serial]=^S05`, 10],
      [`searchText[name]=^${prefix}-0&searchText[locations_id]=^${location}$`, 3],
      [`searchText[name]=no such computer`, 0],
      // LIKE wildcards in the text are literal.
      [`searchText[name]=${prefix}-%25`, 0],
      [`searchText[name]=${prefix}_0`, 0],
      // Empty values are ignored.
      [`searchText[name]=&searchText[comment]=odd`, 30],
    ];
    for (const [query, expected] of cases) expect({ query, n: await count(query) }).toEqual({ query, n: expected });
    const one = await api.get('Computer/', { query: `searchText[name]=^${prefix}-07$` });
    expect(one.status).toBe(200);
    expect(one.headers.get('content-range')).toBe('0-0/1');
  });

  test('searchText on an unknown field is ERROR_FIELD_NOT_FOUND; hidden fields are ignored', async () => {
    await scenario(api, [
      { request: 'GET Computer/', query: 'searchText[test]=test', status: 400, error: 'ERROR_FIELD_NOT_FOUND', message: /^Field test is not valid for Computer item\./ },
      { request: 'GET Computer/', query: 'searchText=abc', status: 400, error: 'ERROR' },
    ]);
    const users = await api.get('User/', { query: 'searchText[password]=zzz-not-a-hash' });
    expect(users.status).toBe(200);
    expect(users.body).toEqual((await api.get('User/')).body);
    const glpi = await api.get('User/', { query: 'searchText[name]=gl' });
    expect({ status: glpi.status, names: names(glpi.body) }).toEqual({ status: 200, names: ['glpi'] });
  });

  test('is_deleted lists the trash only; templates are listed, as GLPI lists them', async () => {
    const trash = await api.get('Computer/', { query: `searchText[name]=^${prefix}&is_deleted=true` });
    expect({ status: trash.status, names: names(trash.body) }).toEqual({ status: 200, names: [`${prefix}-trashed`] });
    expect(trash.body[0].is_deleted).toBe(1);
    const template = await api.create('Computer', { name: `${prefix}-template`, is_template: 1, template_name: 'tpl' });
    const live = await api.get('Computer/', { query: `searchText[name]=^${prefix}&is_deleted=0&range=0-999` });
    expect(live.body).toHaveLength(TOTAL + 1);
    expect((live.body as { name: string; is_template: number }[]).filter((c) => c.is_template === 1).map((c) => c.name)).toEqual([`${prefix}-template`]);
    await api.del(`Computer/${template}`, { query: 'force_purge=1' });
    expectError(await api.get('Computer/', { query: 'is_deleted=perhaps' }), 400, 'ERROR');
  });

  test('only_id keeps ids (and child links unless get_hateoas=false)', async () => {
    const res = await api.get('Computer/', { query: 'only_id=true&range=0-2' });
    expect(res.status).toBe(206);
    expect(ids(res.body)).toEqual(fleet.slice(0, 3));
    for (const row of res.body) {
      expect(Object.keys(row)).toEqual(['id', 'links']);
      expect(row.links[0]).toEqual({ rel: 'ReservationItem', href: `${server.api}/Computer/${row.id}/ReservationItem/` });
    }
    const bare = await api.get('Computer/', { query: 'only_id=1&get_hateoas=false&range=0-2' });
    expect(bare.body).toEqual(fleet.slice(0, 3).map((id) => ({ id })));
  });

  test('expand_dropdowns and add_keys_names per row', async () => {
    const res = await api.get('Computer/', { query: `searchText[name]=^${prefix}-0[0-2]&expand_dropdowns=true&range=0-2` });
    // The [ ] are literal text, not a pattern: nothing matches.
    expect(res.body).toEqual([]);
    const rows = await api.get('Computer/', { query: 'expand_dropdowns=true&range=0-3&add_keys_names[]=locations_id&add_keys_names[]=id' });
    expect(rows.status).toBe(206);
    expect(rows.body.map((r: any) => [r.entities_id, r.locations_id])).toEqual([
      ['Root entity', `${parisName} > Floor 2`],
      ['Root entity', `${parisName} > Floor 2`],
      ['Root entity', `${parisName} > Floor 2`],
      ['Root entity', 0],
    ]);
    expect(rows.body.map((r: any) => r._keys_names)).toEqual([
      { id: `${prefix}-00`, locations_id: `${parisName} > Floor 2` },
      { id: `${prefix}-01`, locations_id: `${parisName} > Floor 2` },
      { id: `${prefix}-02`, locations_id: `${parisName} > Floor 2` },
      { id: `${prefix}-03` },
    ]);
  });

  test('collections honour with_networkports only among the with_* flags, and never get_sha1', async () => {
    const res = await api.get('Computer/', { query: 'range=0-0&with_networkports=true&with_logs=true&with_disks=true&get_sha1=true' });
    expect(res.status).toBe(206);
    expect(res.body[0].id).toBe(fleet[0]);
    expect(Object.keys(res.body[0]).filter((k) => k.startsWith('_'))).toEqual(['_networkports']);
    // GLPI's map of every port type, each an empty list.
    expect(res.body[0]._networkports).toEqual(Object.fromEntries(['NetworkPortEthernet', 'NetworkPortWifi', 'NetworkPortAggregate', 'NetworkPortAlias', 'NetworkPortDialup', 'NetworkPortLocal', 'NetworkPortFiberchannel'].map((kind) => [kind, []])));
  });

  test('the User collection never shows secrets', async () => {
    const res = await api.get('User/', { query: 'range=0-999' });
    expect(res.status).toBe(200);
    for (const user of res.body) {
      for (const secret of ['password', 'api_token', 'personal_token', 'cookie_token']) expect(user).not.toHaveProperty(secret);
    }
  });
});

describe('sub-items', () => {
  let ticket = 0;
  let computer = 0;
  let document = 0;
  let user = 0;
  let group = 0;
  const followups: number[] = [];
  const ports: number[] = [];

  beforeAll(async () => {
    computer = await api.create('Computer', { name: uniq('subs') });
    for (let i = 0; i < 5; i++) ports.push(await api.create('NetworkPort', { itemtype: 'Computer', items_id: computer, name: `eth${i}`, logical_number: 5 - i, instantiation_type: 'NetworkPortEthernet' }));
    ticket = await api.create('Ticket', { name: 'with children', content: 'c', _users_id_requester: 2 });
    for (let i = 0; i < 3; i++) followups.push(await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: `answer ${i}` }));
    document = await api.create('Document', { name: uniq('doc') });
    await api.create('Document_Item', { documents_id: document, itemtype: 'Ticket', items_id: ticket });
    user = await api.create('User', { name: uniq('member') });
    group = await api.create('Group', { name: uniq('team') });
    await api.create('Group_User', { users_id: user, groups_id: group });
  });

  test('Computer/:id/NetworkPort with paging and sorting', async () => {
    const request = `GET Computer/${computer}/NetworkPort`;
    await scenario(api, [
      {
        request,
        status: 200,
        responseHeaders: { 'content-range': '0-4/5', 'accept-range': 'NetworkPort 1000' },
        check: (res) => {
          expect(ids(res.body)).toEqual(ports);
          expect(res.body[0]).toMatchObject({ itemtype: 'Computer', items_id: computer, name: 'eth0' });
        },
      },
      { request, query: 'range=1-2', status: 206, responseHeaders: { 'content-range': '1-2/5' }, check: (res) => expect(ids(res.body)).toEqual(ports.slice(1, 3)) },
      { request, query: 'sort=logical_number', status: 200, check: (res) => expect(ids(res.body)).toEqual([...ports].reverse()) },
      { request, query: 'only_id=true&get_hateoas=false&order=DESC', status: 200, equals: [...ports].reverse().map((id) => ({ id })) },
      { request, query: 'range=6-9', status: 400, error: 'ERROR_RANGE_EXCEED_TOTAL' },
    ]);
  });

  test('Ticket/:id/ITILFollowup, Ticket_User and Document_Item', async () => {
    const fups = await api.get(`Ticket/${ticket}/ITILFollowup`);
    expect({ status: fups.status, ids: ids(fups.body) }).toEqual({ status: 200, ids: followups });
    expect(fups.body.map((f: any) => [f.itemtype, f.items_id, f.content, f.users_id])).toEqual(followups.map((_, i) => ['Ticket', ticket, `answer ${i}`, 2]));
    const page = await api.get(`Ticket/${ticket}/ITILFollowup`, { query: 'range=0-0&order=DESC' });
    expect({ status: page.status, ids: ids(page.body), range: page.headers.get('content-range') }).toEqual({ status: 206, ids: followups.slice(2), range: '0-0/3' });

    const actors = await api.get(`Ticket/${ticket}/Ticket_User`);
    expect(actors.status).toBe(200);
    expect(actors.body.map((a: any) => ({ tickets_id: a.tickets_id, users_id: a.users_id, type: a.type }))).toEqual([{ tickets_id: ticket, users_id: 2, type: 1 }]);

    const docs = await api.get(`Ticket/${ticket}/Document_Item`, { query: 'expand_dropdowns=true' });
    expect(docs.status).toBe(200);
    expect(docs.body).toHaveLength(1);
    expect(docs.body[0]).toMatchObject({ itemtype: 'Ticket', items_id: `with children`, documents_id: expect.stringMatching(/^doc-/) });
  });

  test('User/2/Log, Profile_User, UserPreference and Group_User', async () => {
    const logs = await api.get('User/2/Log');
    expect(logs.status === 200 || logs.status === 206).toBe(true);
    for (const row of logs.body) expect(row).toMatchObject({ itemtype: 'User', items_id: 2 });

    const grants = await api.get('User/2/Profile_User');
    expect(grants.status).toBe(200);
    expect(grants.body.map((g: any) => ({ users_id: g.users_id, profiles_id: g.profiles_id, entities_id: g.entities_id, is_recursive: g.is_recursive }))).toEqual([
      { users_id: 2, profiles_id: 4, entities_id: 0, is_recursive: 1 },
    ]);

    const prefs = await api.get('User/2/UserPreference');
    expect(prefs.status).toBe(200);
    expect(Array.isArray(prefs.body)).toBe(true);
    const created = await api.post(`User/${user}/UserPreference`, { input: { language: 'fr_FR', list_limit: 20 } });
    expect(created.status).toBe(201);
    const mine = await api.get(`User/${user}/UserPreference`);
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]).toMatchObject({ id: created.body.id, users_id: user, language: 'fr_FR', list_limit: 20 });

    const members = await api.get(`User/${user}/Group_User`);
    expect(members.body.map((m: any) => [m.users_id, m.groups_id])).toEqual([[user, group]]);
    const byGroup = await api.get(`Group/${group}/Group_User`);
    expect(byGroup.body.map((m: any) => [m.users_id, m.groups_id])).toEqual([[user, group]]);
  });

  test('a missing parent is 404; an unknown sub-itemtype is 400', async () => {
    const cases: [string, number, string][] = [
      ['Computer/999999/NetworkPort', 404, 'ERROR_ITEM_NOT_FOUND'],
      ['Ticket/999999/ITILFollowup', 404, 'ERROR_ITEM_NOT_FOUND'],
      ['User/999999/Log', 404, 'ERROR_ITEM_NOT_FOUND'],
      [`Computer/${computer}/NotAType`, 400, 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM'],
      ['Entity/0/badEndpoint', 400, 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM'],
      ['NotAType/1/Log', 400, 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM'],
    ];
    await scenario(
      api,
      cases.map(([path, status, error]): Step => ({ request: `GET ${path}`, status, error })),
    );
  });

  test('a sub-item is read by id under its parent', async () => {
    const res = await api.get(`Computer/${computer}/NetworkPort/${ports[1]}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ports[1], name: 'eth1' });
  });
});
