/** createItems / updateItems / deleteItems: single and bulk shapes, statuses, headers, and input validation. */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { DATETIME, expectError, uniq } from './fixtures';

const ctx = useServer();

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

async function computer(extra: Record<string, unknown> = {}): Promise<number> {
  return ctx.api.create('Computer', { name: uniq('pc'), ...extra });
}

async function exists(itemtype: string, id: number): Promise<boolean> {
  const res = await ctx.api.get(`${itemtype}/${id}`);
  if (res.status !== 200 && res.status !== 404) throw new Error(res.text);
  return res.status === 200;
}

/** Rows of the Log collection about one item. */
async function logRows(itemtype: string, id: number): Promise<any[]> {
  const res = await ctx.api.get('Log/', { query: `searchText[itemtype]=^${itemtype}$&searchText[items_id]=^${id}$&range=0-999` });
  expect(res.status).toBe(200);
  return res.body;
}

async function setting(name: string, value: string): Promise<void> {
  const found = await ctx.api.get('Config/', { query: `searchText[name]=^${name}$&searchText[context]=^core$` });
  expect(found.body).toHaveLength(1);
  const res = await ctx.api.put(`Config/${found.body[0].id}`, { input: { value } });
  expect(res.status).toBe(200);
}

describe('create', () => {
  test('single: 201 {id, message} and Location', async () => {
    const res = await ctx.api.post('Computer/', { input: { name: 'My single computer ' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), message: 'Item successfully added: My single computer ' });
    expect(res.headers.get('location')).toBe(`${ctx.server.api}/Computer/${res.body.id}`);
    expect((await ctx.api.get(`Computer/${res.body.id}`)).body.name).toBe('My single computer ');
  });

  test('bulk, all succeed: 201, one result per element in order, Link header', async () => {
    const names = [uniq('a'), uniq('b'), uniq('c')];
    const res = await ctx.api.post('Computer/', { input: names.map((name) => ({ name })) });
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(3);
    const ids = res.body.map((r: any) => r.id);
    expect(res.body).toEqual(ids.map((id: number, i: number) => ({ id, message: `Item successfully added: ${names[i]}` })));
    expect(ids[1]).toBe(ids[0] + 1);
    expect(res.headers.get('link')).toBe(ids.map((id: number) => `${ctx.server.api}/Computer/${id}`).join(','));
    expect(res.headers.get('location')).toBeNull();
  });

  test('bulk, empty list: 201 []', async () => {
    const res = await ctx.api.post('Computer/', { input: [] });
    expect({ status: res.status, body: res.body }).toEqual({ status: 201, body: [] });
  });

  test('bulk, some fail: 207 ["ERROR_GLPI_PARTIAL_ADD", results]; failed elements leave nothing', async () => {
    const name = uniq('partial');
    const res = await ctx.api.post('Computer/', { input: [{ name }, { name: `${name}-bad`, locations_id: 999999 }, { name: `${name}-ok` }] });
    expect(res.status).toBe(207);
    expect(res.headers.get('link')).toBeNull();
    const [code, results] = res.body;
    expect(code).toBe('ERROR_GLPI_PARTIAL_ADD');
    expect(results).toEqual([
      { id: expect.any(Number), message: `Item successfully added: ${name}` },
      { id: false, message: 'Field locations_id: Location 999999 does not exist' },
      { id: expect.any(Number), message: `Item successfully added: ${name}-ok` },
    ]);
    const found = await ctx.api.get('Computer/', { query: `searchText[name]=^${name}` });
    expect(found.body.map((c: any) => c.name)).toEqual([name, `${name}-ok`]);
  });

  test('bulk, all fail: 400 ["ERROR_GLPI_ADD", results]', async () => {
    const res = await ctx.api.post('Computer/', { input: [{ bogus: 1 }, { name: 'x'.repeat(256) }] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual([
      'ERROR_GLPI_ADD',
      [
        { id: false, message: 'Field bogus is not valid for Computer item.' },
        { id: false, message: 'Field name: longer than 255 characters' },
      ],
    ]);
  });

  test('single failure: 400 ["ERROR_GLPI_ADD", message]', async () => {
    const res = await ctx.api.post('Computer/', { input: { name: 'x', locations_id: 999999 } });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: ['ERROR_GLPI_ADD', 'Field locations_id: Location 999999 does not exist'] });
  });

  test('an id in the input never overwrites nor clones: a new item is made', async () => {
    const existing = await computer({ serial: 'KEEP' });
    const res = await ctx.api.post('Computer/', { input: { id: existing, name: uniq('new'), serial: 'NEW' } });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe(existing);
    expect((await ctx.api.get(`Computer/${existing}`)).body.serial).toBe('KEEP');
  });

  test('form-encoded create, bracket notation, single and bulk', async () => {
    const one = await ctx.api.call('POST', 'Computer/', { body: `input[name]=${encodeURIComponent('form pc')}&input[serial]=F1`, headers: FORM });
    expect(one.status).toBe(201);
    expect((await ctx.api.get(`Computer/${one.body.id}`)).body).toMatchObject({ name: 'form pc', serial: 'F1' });
    const many = await ctx.api.call('POST', 'Computer/', { body: 'input[0][name]=form-a&input[1][name]=form-b', headers: FORM });
    expect(many.status).toBe(201);
    expect(many.body).toHaveLength(2);
  });

  test('a sub-item URL fills the parent link', async () => {
    const pc = await computer();
    const res = await ctx.api.post(`Computer/${pc}/NetworkPort/`, { input: { name: 'eth9' } });
    expect(res.status).toBe(201);
    expect((await ctx.api.get(`NetworkPort/${res.body.id}`)).body).toMatchObject({ itemtype: 'Computer', items_id: pc, name: 'eth9' });
  });
});

describe('update', () => {
  test('single with id in the URL or in the body: 200 [{"<id>": true, "message": ""}]', async () => {
    const id = await computer();
    const byUrl = await ctx.api.put(`Computer/${id}`, { input: { serial: 'abcdefg' } });
    expect({ status: byUrl.status, body: byUrl.body }).toEqual({ status: 200, body: [{ [id]: true, message: '' }] });
    const byBody = await ctx.api.put('Computer/', { input: { id, serial: 'abcdef' } });
    expect({ status: byBody.status, body: byBody.body }).toEqual({ status: 200, body: [{ [id]: true, message: '' }] });
    expect((await ctx.api.get(`Computer/${id}`)).body.serial).toBe('abcdef');
  });

  test('only the fields sent change; an update without a real change still succeeds', async () => {
    const id = await computer({ serial: 'S1', otherserial: 'O1', comment: 'c' });
    await ctx.api.put(`Computer/${id}`, { input: { serial: 'S2' } });
    expect((await ctx.api.get(`Computer/${id}`)).body).toMatchObject({ serial: 'S2', otherserial: 'O1', comment: 'c' });
    const logsBefore = (await logRows('Computer', id)).length;
    const same = await ctx.api.put(`Computer/${id}`, { input: { serial: 'S2' } });
    expect({ status: same.status, body: same.body }).toEqual({ status: 200, body: [{ [id]: true, message: '' }] });
    expect((await logRows('Computer', id)).length).toBe(logsBefore);
  });

  test('the URL id wins over the body id', async () => {
    const a = await computer({ serial: 'A' });
    const b = await computer({ serial: 'B' });
    const res = await ctx.api.put(`Computer/${a}`, { input: { id: b, serial: 'changed' } });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: [{ [a]: true, message: '' }] });
    expect((await ctx.api.get(`Computer/${a}`)).body.serial).toBe('changed');
    expect((await ctx.api.get(`Computer/${b}`)).body.serial).toBe('B');
  });

  test('PATCH behaves exactly like PUT', async () => {
    const id = await computer();
    const res = await ctx.api.call('PATCH', `Computer/${id}`, { body: { input: { serial: 'patched' } } });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: [{ [id]: true, message: '' }] });
    const bulk = await ctx.api.call('PATCH', 'Computer/', { body: { input: [{ id, comment: 'bulk patched' }] } });
    expect({ status: bulk.status, body: bulk.body }).toEqual({ status: 200, body: [{ [id]: true, message: '' }] });
    expect((await ctx.api.get(`Computer/${id}`)).body).toMatchObject({ serial: 'patched', comment: 'bulk patched' });
  });

  test('form-encoded update answers exactly [{"<id>":true,"message":""}]', async () => {
    const id = await computer();
    const res = await ctx.api.call('PUT', `Computer/${id}`, { body: 'input[serial]=abcdefg&input[comment]=hello%20world', headers: FORM });
    expect(res.status).toBe(200);
    expect(res.text).toBe(`[{"${id}":true,"message":""}]`);
    expect((await ctx.api.get(`Computer/${id}`)).body).toMatchObject({ serial: 'abcdefg', comment: 'hello world' });
  });

  test('bulk table: all ok 200; partial 207; all failed 400; missing id and missing item are failed elements', async () => {
    const [a, b, c] = [await computer(), await computer(), await computer()];
    const ok = await ctx.api.put('Computer/', { input: [{ id: a, serial: '1' }, { id: b, serial: '2' }, { id: c, serial: '3' }] });
    expect({ status: ok.status, body: ok.body }).toEqual({ status: 200, body: [{ [a]: true, message: '' }, { [b]: true, message: '' }, { [c]: true, message: '' }] });

    const partial = await ctx.api.put('Computer/', { input: [{ id: a, serial: 'x' }, { serial: 'no id' }, { id: 999999, serial: 'z' }, { id: b, locations_id: 999999 }] });
    expect({ status: partial.status, body: partial.body }).toEqual({
      status: 207,
      body: [
        'ERROR_GLPI_PARTIAL_UPDATE',
        [
          { [a]: true, message: '' },
          { id: false, message: 'Field id is mandatory to update an item' },
          { 999999: false, message: 'Item not found' },
          { [b]: false, message: 'Field locations_id: Location 999999 does not exist' },
        ],
      ],
    });
    expect((await ctx.api.get(`Computer/${b}`)).body.locations_id).toBe(0);

    const failed = await ctx.api.put('Computer/', { input: [{ id: 999998 }, { serial: 'no id' }] });
    expect({ status: failed.status, body: failed.body }).toEqual({
      status: 400,
      body: ['ERROR_GLPI_UPDATE', [{ 999998: false, message: 'Item not found' }, { id: false, message: 'Field id is mandatory to update an item' }]],
    });
  });

  test('single failures: missing item 404, no id 400, invalid value 400, URL id with a list 400', async () => {
    const id = await computer();
    expectError(await ctx.api.put('Computer/999999', { input: { serial: 'x' } }), 404, 'ERROR_ITEM_NOT_FOUND', 'Item not found');
    expectError(await ctx.api.put('Computer/', { input: { id: 999999, serial: 'x' } }), 404, 'ERROR_ITEM_NOT_FOUND', 'Item not found');
    expectError(await ctx.api.put('Computer/', { input: { serial: 'x' } }), 400, 'ERROR_GLPI_UPDATE', 'Field id is mandatory to update an item');
    expectError(await ctx.api.put(`Computer/${id}`, { input: { is_dynamic: 'maybe' } }), 400, 'ERROR_GLPI_UPDATE', 'Field is_dynamic: expected a boolean (true, false, 1 or 0)');
    expectError(await ctx.api.put(`Computer/${id}`, { input: { serial: 'x', nonsense: 1 } }), 400, 'ERROR_GLPI_UPDATE', 'Field nonsense is not valid for Computer item.');
    expect((await ctx.api.get(`Computer/${id}`)).body.serial).toBeNull();
    expectError(await ctx.api.put(`Computer/${id}`, { input: [{ serial: 'x' }] }), 400, 'ERROR');
  });
});

describe('delete', () => {
  test('single delete is 204 with an empty body; a missing one is 404', async () => {
    const id = await computer();
    const res = await ctx.api.del(`Computer/${id}`);
    expect({ status: res.status, text: res.text }).toEqual({ status: 204, text: '' });
    expect((await ctx.api.get(`Computer/${id}`)).body.is_deleted).toBe(1);
    const purged = await ctx.api.del(`Computer/${id}`, { query: 'force_purge=1' });
    expect(purged.status).toBe(204);
    expectError(await ctx.api.del(`Computer/${id}`), 404, 'ERROR_ITEM_NOT_FOUND', 'Item not found');
  });

  test('delete with an input array: 200 list; force_purge in the body', async () => {
    const [a, b] = [await computer(), await computer()];
    const res = await ctx.api.del('Computer/', { body: { input: [{ id: a }, { id: b }], force_purge: true } });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: [{ [a]: true, message: '' }, { [b]: true, message: '' }] });
    expect(await exists('Computer', a)).toBe(false);
    expect(await exists('Computer', b)).toBe(false);
  });

  test('delete with one input object answers a list too', async () => {
    const a = await computer();
    const res = await ctx.api.del('Computer/', { body: { input: { id: a } } });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: [{ [a]: true, message: '' }] });
    expect((await ctx.api.get(`Computer/${a}`)).body.is_deleted).toBe(1);
  });

  test('form-encoded delete trashes: 200 exactly [{"<id>":true,"message":""}]', async () => {
    const id = await computer();
    const res = await ctx.api.call('DELETE', 'Computer/', { body: `input[id]=${id}`, headers: FORM });
    expect(res.status).toBe(200);
    expect(res.text).toBe(`[{"${id}":true,"message":""}]`);
    expect((await ctx.api.get(`Computer/${id}`)).body.is_deleted).toBe(1);
  });

  test('bulk with some missing: 207 ERROR_GLPI_PARTIAL_DELETE; all missing: 400 ERROR_GLPI_DELETE', async () => {
    const id = await computer();
    const partial = await ctx.api.del('Computer/', { body: { input: [{ id }, { id: id + 100000 }], force_purge: true } });
    expect({ status: partial.status, body: partial.body }).toEqual({
      status: 207,
      body: ['ERROR_GLPI_PARTIAL_DELETE', [{ [id]: true, message: '' }, { [id + 100000]: false, message: 'Item not found' }]],
    });
    const none = await ctx.api.del('Computer/', { body: { input: [{ id: 999991 }, { id: 999992 }] } });
    expect({ status: none.status, body: none.body }).toEqual({
      status: 400,
      body: ['ERROR_GLPI_DELETE', [{ 999991: false, message: 'Item not found' }, { 999992: false, message: 'Item not found' }]],
    });
  });

  test('the URL id replaces the body input', async () => {
    const [a, b] = [await computer(), await computer()];
    const res = await ctx.api.del(`Computer/${a}`, { body: { input: [{ id: b }] } });
    expect(res.status).toBe(204);
    expect((await ctx.api.get(`Computer/${a}`)).body.is_deleted).toBe(1);
    expect((await ctx.api.get(`Computer/${b}`)).body.is_deleted).toBe(0);
  });
});

describe('request shape', () => {
  test('input missing or not objects: ERROR_BAD_ARRAY; bad JSON: ERROR_JSON_PAYLOAD_INVALID', async () => {
    const cases: [string, string, unknown, number, string][] = [
      ['POST', 'Computer/', { name: 'no input key' }, 400, 'ERROR_BAD_ARRAY'],
      ['POST', 'Computer/', { input: 'a string' }, 400, 'ERROR_BAD_ARRAY'],
      ['POST', 'Computer/', { input: 42 }, 400, 'ERROR_BAD_ARRAY'],
      ['POST', 'Computer/', { input: [1, 2] }, 400, 'ERROR_BAD_ARRAY'],
      ['POST', 'Computer/', { input: [{ name: 'ok' }, 'nope'] }, 400, 'ERROR_BAD_ARRAY'],
      ['PUT', 'Computer/', { serial: 'x' }, 400, 'ERROR_BAD_ARRAY'],
      ['PUT', 'Computer/1', {}, 400, 'ERROR_BAD_ARRAY'],
      ['DELETE', 'Computer/', {}, 400, 'ERROR_BAD_ARRAY'],
      ['PUT', 'Computer/', [], 400, 'ERROR_JSON_PAYLOAD_INVALID'],
      ['POST', 'Computer/', '{"input":', 400, 'ERROR_JSON_PAYLOAD_INVALID'],
      ['POST', 'Computer/', '"just a string"', 400, 'ERROR_JSON_PAYLOAD_INVALID'],
    ];
    for (const [method, path, body, status, code] of cases) {
      const res = await ctx.api.call(method, path, { body });
      expect({ method, path, body, status: res.status, code: res.body[0] }).toEqual({ method, path, body, status, code });
    }
  });

  test('max_bulk_items caps a bulk request (400) for add, update and delete', async () => {
    await setting('max_bulk_items', '3');
    try {
      const four = Array.from({ length: 4 }, () => ({ name: uniq('cap') }));
      expectError(await ctx.api.post('Computer/', { input: four }), 400, 'ERROR', /at most 3 elements/);
      expectError(await ctx.api.put('Computer/', { input: four.map((_, i) => ({ id: i + 1 })) }), 400, 'ERROR', /at most 3 elements/);
      expectError(await ctx.api.del('Computer/', { body: { input: four.map((_, i) => ({ id: i + 1 })) } }), 400, 'ERROR', /at most 3 elements/);
      const three = await ctx.api.post('Computer/', { input: four.slice(1) });
      expect(three.status).toBe(201);
      expect(three.body).toHaveLength(3);
      const found = await ctx.api.get('Computer/', { query: `searchText[name]=^${four[0]!.name}$` });
      expect(found.body).toEqual([]);
    } finally {
      await setting('max_bulk_items', '10000');
    }
  });
});

describe('validation', () => {
  test('wrong types, sizes, unknown fields, bad links and dates: 400 naming the field', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['Computer', { name: { a: 1 } }, 'Field name: expected a string'],
      ['Computer', { name: ['x'] }, 'Field name: expected a string'],
      ['Computer', { name: 'x'.repeat(256) }, 'Field name: longer than 255 characters'],
      ['Computer', { comment: 'x'.repeat(65_536) }, 'Field comment: longer than 65535 characters'],
      ['Computer', { locations_id: 'abc' }, 'Field locations_id: expected an integer'],
      ['Computer', { locations_id: 1.5 }, 'Field locations_id: expected an integer'],
      ['Computer', { locations_id: -1 }, 'Field locations_id: expected a number >= 0'],
      ['Computer', { locations_id: null }, 'Field locations_id: expected an integer'],
      ['Computer', { locations_id: 999999 }, 'Field locations_id: Location 999999 does not exist'],
      ['Computer', { entities_id: 999999 }, 'Field entities_id: Entity 999999 does not exist'],
      ['Computer', { users_id: 999999 }, 'Field users_id: User 999999 does not exist'],
      ['Computer', { is_dynamic: 2 }, 'Field is_dynamic: expected a boolean (true, false, 1 or 0)'],
      ['Computer', { is_dynamic: 'yes' }, 'Field is_dynamic: expected a boolean (true, false, 1 or 0)'],
      ['Computer', { ticket_tco: 'cheap' }, 'Field ticket_tco: expected a number'],
      ['Computer', { last_boot: '2024-02-30 10:00:00' }, 'Field last_boot: expected a date as YYYY-MM-DD HH:MM:SS'],
      ['Computer', { last_boot: '2024-01-01 25:00:00' }, 'Field last_boot: expected a date as YYYY-MM-DD HH:MM:SS'],
      ['Computer', { last_boot: 'yesterday' }, 'Field last_boot: expected a date as YYYY-MM-DD HH:MM:SS'],
      ['Computer', { last_boot: 20240101 }, 'Field last_boot: expected a date as YYYY-MM-DD HH:MM:SS'],
      ['Infocom', { itemtype: 'Computer', items_id: 1, buy_date: '2024-13-01' }, 'Field buy_date: expected a date as YYYY-MM-DD'],
      ['Computer', { bogus: 1 }, 'Field bogus is not valid for Computer item.'],
      ['Computer', { name: 'ok', 'name ': 'x' }, 'Field name  is not valid for Computer item.'],
      ['NetworkPort', { itemtype: 'Computer', items_id: 999999 }, 'Field items_id: Computer 999999 does not exist'],
      ['NetworkPort', { itemtype: 'Ticket', items_id: 1 }, 'Field itemtype: Ticket cannot be linked to NetworkPort'],
      ['NetworkPort', { itemtype: 'NotAType', items_id: 1 }, 'Field itemtype: NotAType cannot be linked to NetworkPort'],
      ['NetworkPort', { name: 'orphan' }, 'Field itemtype is mandatory for NetworkPort'],
      ['Group', { comment: 'no name' }, 'Field name is mandatory for Group'],
    ];
    await computer(); // so that Computer 1 exists for the Infocom case
    for (const [itemtype, input, message] of cases) {
      const res = await ctx.api.post(`${itemtype}/`, { input });
      expect({ itemtype, input: Object.keys(input), status: res.status, body: res.body }).toEqual({ itemtype, input: Object.keys(input), status: 400, body: ['ERROR_GLPI_ADD', message] });
    }
  });

  test('accepted forms are normalised: booleans 0/1, dates YYYY-MM-DD HH:MM:SS, numbers from strings', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ is_dynamic: true }, { is_dynamic: 1 }],
      [{ is_dynamic: 'false' }, { is_dynamic: 0 }],
      [{ is_dynamic: '1' }, { is_dynamic: 1 }],
      [{ is_dynamic: 0 }, { is_dynamic: 0 }],
      [{ last_boot: '2024-03-04 05:06:07' }, { last_boot: '2024-03-04 05:06:07' }],
      [{ last_boot: '2024-03-04T05:06' }, { last_boot: '2024-03-04 05:06:00' }],
      [{ last_boot: '2024-03-04' }, { last_boot: '2024-03-04 00:00:00' }],
      [{ last_boot: '' }, { last_boot: null }],
      [{ last_boot: null }, { last_boot: null }],
      [{ users_id_tech: '2' }, { users_id_tech: 2 }],
      [{ ticket_tco: '12.5' }, { ticket_tco: '12.5000' }],
      [{ serial: 12345 }, { serial: '12345' }],
      [{ name: 'x'.repeat(255) }, { name: 'x'.repeat(255) }],
    ];
    for (const [input, stored] of cases) {
      const id = await computer(input);
      const read = await ctx.api.get(`Computer/${id}`);
      expect({ input, got: Object.fromEntries(Object.keys(stored).map((k) => [k, read.body[k]])) }).toEqual({ input, got: stored });
      expect(read.body.date_creation).toMatch(DATETIME);
      expect(read.body.date_mod).toMatch(DATETIME);
    }
  });

  test('text is stored and returned exactly as sent (no HTML encoding)', async () => {
    const texts = ['<b>&</b>', '&#60;&#62;', `it's "quoted" \\ back\\slash`, 'multi\nline\ttab', 'Ünïcödé 日本語 🚀', ' padded  '];
    for (const text of texts) {
      const id = await computer({ comment: text, contact: text.slice(0, 255) });
      const read = await ctx.api.get(`Computer/${id}`);
      expect({ comment: read.body.comment, contact: read.body.contact }).toEqual({ comment: text, contact: text.slice(0, 255) });
      const found = await ctx.api.get('Computer/', { query: `searchText[comment]=${encodeURIComponent(`^${text}$`)}` });
      expect(found.body.map((c: any) => c.id)).toContain(id);
    }
  });

  test('SQL injection strings are stored literally and change nothing else', async () => {
    const before = (await ctx.api.get('Computer/', { query: 'range=0-0' })).headers.get('content-range');
    const evil = ["'; DROP TABLE glpi_computers; --", `" OR 1=1 --`, "x') OR ('1'='1", 'name = name; DELETE FROM glpi_users'];
    const res = await ctx.api.post('Computer/', { input: evil.map((name) => ({ name, serial: name.slice(0, 20), comment: name })) });
    expect(res.status).toBe(201);
    for (const [i, { id }] of (res.body as { id: number }[]).entries()) {
      expect((await ctx.api.get(`Computer/${id}`)).body).toMatchObject({ name: evil[i], serial: evil[i]!.slice(0, 20), comment: evil[i] });
      expect((await ctx.api.put(`Computer/${id}`, { input: { otherserial: evil[i] } })).status).toBe(200);
    }
    const search = await ctx.api.get('Computer/', { query: `searchText[name]=${encodeURIComponent("' OR 1=1 --")}` });
    expect(search.status).toBe(200);
    expect(search.body).toEqual([]);
    expect((await ctx.api.get('Computer/', { query: `sort=${encodeURIComponent('name; DROP TABLE glpi_users')}` })).status).toBe(400);
    const after = (await ctx.api.get('Computer/', { query: 'range=0-0' })).headers.get('content-range');
    expect(Number(after!.split('/')[1])).toBe(Number(before!.split('/')[1]) + evil.length);
    expect((await ctx.api.get('User/2')).body.name).toBe('glpi');
  });

  test('User.name is unique (case-insensitively, as GLPI\'s collation)', async () => {
    const name = uniq('unique-user');
    await ctx.api.create('User', { name });
    for (const dup of [name, name.toUpperCase(), 'glpi', 'GLPI']) {
      const res = await ctx.api.post('User/', { input: { name: dup } });
      expect({ dup, status: res.status, code: res.body[0] }).toEqual({ dup, status: 400, code: 'ERROR_GLPI_ADD' });
      expect(res.body[1]).toMatch(/^User with the same name, authtype, auths_id already exists \(id \d+\)$/);
    }
    const other = await ctx.api.create('User', { name: uniq('other-user') });
    expectError(await ctx.api.put(`User/${other}`, { input: { name } }), 400, 'ERROR_GLPI_UPDATE', /already exists/);
    expectError(await ctx.api.post('User/', { input: { name: 'bad/login' } }), 400, 'ERROR_GLPI_ADD', 'The login is not valid. Unable to add the user.');
  });

  test('nothing half-written: a failing element leaves no row and no history', async () => {
    // The ticket row would be inserted before its actors are checked: the element rolls back whole.
    const probe = await ctx.api.create('Ticket', { name: 'probe', content: 'x' });
    const res = await ctx.api.post('Ticket/', { input: { name: 'half', content: 'x', _users_id_assign: 999999 } });
    expectError(res, 400, 'ERROR_GLPI_ADD', 'User 999999 does not exist');
    expectError(await ctx.api.get(`Ticket/${probe + 1}`), 404, 'ERROR_ITEM_NOT_FOUND');
    expect(await logRows('Ticket', probe + 1)).toEqual([]);
    expect((await ctx.api.get('Ticket_User/', { query: `searchText[tickets_id]=^${probe + 1}$` })).body).toEqual([]);

    // In a bulk, the failing element vanishes and its neighbours stay whole.
    const bulk = await ctx.api.post('Ticket/', { input: [{ name: 'kept', content: 'x' }, { name: 'half', content: 'x', _users_id_assign: 999999 }] });
    expect(bulk.status).toBe(207);
    const kept = bulk.body[1][0].id as number;
    expect(kept).toBe(probe + 1);
    expectError(await ctx.api.get(`Ticket/${kept + 1}`), 404, 'ERROR_ITEM_NOT_FOUND');
    expect((await logRows('Ticket', kept)).map((l) => l.linked_action)).toEqual([20]);
    expect(await logRows('Ticket', kept + 1)).toEqual([]);

    // A failed update writes neither the change nor its history.
    const id = await computer({ serial: 'before' });
    const failed = await ctx.api.put(`Computer/${id}`, { input: { serial: 'after', locations_id: 999999 } });
    expect(failed.status).toBe(400);
    expect((await ctx.api.get(`Computer/${id}`)).body.serial).toBe('before');
    expect((await logRows('Computer', id)).map((l) => l.linked_action)).toEqual([20]);
  });
});
