/**
 * GLPI's deprecated itemtype names still answer as GLPI 10 answers them (facts §1.4, tests
 * G11/L12/S8/S9/C8/U6/D5): exact old field sets, old names in links and headers, search and
 * listSearchOptions under the old name, sub-item paths; rights and entity scope as for the current type.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { ALIASES, toOldFields } from '../../server/registry/aliases';
import { createUser, loginAs } from '../rights/fixture';
import type { Client } from '../support/client';
import { useServer } from '../support/server';
import { logsOf, uniq } from './fixtures';

const ctx = useServer();

/** GLPI's own tests' field sets (getDeprecatedFields), `links` included. */
const FIELDS = {
  TicketFollowup: ['id', 'tickets_id', 'date', 'users_id', 'users_id_editor', 'content', 'is_private', 'requesttypes_id', 'date_mod', 'date_creation', 'timeline_position', 'links'],
  Computer_SoftwareVersion: ['id', 'computers_id', 'softwareversions_id', 'is_deleted_computer', 'is_template_computer', 'entities_id', 'is_deleted', 'is_dynamic', 'date_install', 'links'],
  Computer_SoftwareLicense: ['id', 'computers_id', 'softwarelicenses_id', 'is_deleted', 'is_dynamic', 'links'],
};
const sorted = (keys: string[]) => [...keys].sort();

/** Ids a search answers (the keys of its rows with `withindexes`). */
async function searchIds(client: Client, path: string, query = ''): Promise<{ status: number; ids: number[] }> {
  const res = await client.get(path, { query: `withindexes=1&range=0-999${query ? `&${query}` : ''}` });
  return { status: res.status, ids: res.status === 200 ? Object.keys(res.body.data).map(Number).sort((a, b) => a - b) : [] };
}

const PARENT_TICKET = 'criteria[0][field]=6&criteria[0][searchtype]=equals&criteria[0][value]=Ticket';

let ticket: number;
let otherTicket: number;
let problem: number;
let problemFollowup: number;
let ticketFollowup: number;
let computer: number;
let otherComputer: number;
let version: number;
let license: number;

beforeAll(async () => {
  ticket = await ctx.api.create('Ticket', { name: uniq('t'), content: 'c' });
  otherTicket = await ctx.api.create('Ticket', { name: uniq('t'), content: 'c' });
  problem = await ctx.api.create('Problem', { name: uniq('p'), content: 'c' });
  problemFollowup = await ctx.api.create('ITILFollowup', { itemtype: 'Problem', items_id: problem, content: 'on a problem' });
  ticketFollowup = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'on a ticket' });
  computer = await ctx.api.create('Computer', { name: uniq('pc') });
  otherComputer = await ctx.api.create('Computer', { name: uniq('pc') });
  const software = await ctx.api.create('Software', { name: uniq('sw') });
  version = await ctx.api.create('SoftwareVersion', { name: '1.0', softwares_id: software });
  license = await ctx.api.create('SoftwareLicense', { name: uniq('lic'), softwares_id: software });
});

describe('TicketFollowup (ITILFollowup on tickets)', () => {
  test('create, read, list, update and delete with tickets_id; exactly the old fields', async () => {
    const created = await ctx.api.post('TicketFollowup/', { input: { tickets_id: ticket, content: 'old style' } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.headers.get('location')).toEndWith(`/apirest.php/TicketFollowup/${id}`);

    const read = await ctx.api.get(`TicketFollowup/${id}`);
    expect(read.status).toBe(200);
    expect(sorted(Object.keys(read.body))).toEqual(sorted(FIELDS.TicketFollowup));
    expect(read.body).toMatchObject({ id, tickets_id: ticket, content: 'old style' });
    // Without HATEOAS a single item still has `links`, empty, as GLPI answers it.
    expect((await ctx.api.get(`TicketFollowup/${id}`, { query: 'get_hateoas=false' })).body.links).toEqual([]);
    // The same row under its current name.
    expect((await ctx.api.get(`ITILFollowup/${id}`)).body).toMatchObject({ itemtype: 'Ticket', items_id: ticket, sourceitems_id: 0 });

    const list = await ctx.api.get('TicketFollowup/', { query: 'range=0-999' });
    expect(list.status).toBe(200);
    expect(list.headers.get('accept-range')).toBe('TicketFollowup 1000');
    expect(list.body.map((row: { id: number }) => row.id)).toContain(id);
    for (const row of list.body) expect(sorted(Object.keys(row))).toEqual(sorted(FIELDS.TicketFollowup));
    // Without HATEOAS a list row has no links (GLPI adds them to single items only).
    const bare = await ctx.api.get('TicketFollowup/', { query: 'get_hateoas=false' });
    expect(sorted(Object.keys(bare.body[0]))).toEqual(sorted(FIELDS.TicketFollowup.filter((f) => f !== 'links')));

    // U6: the old foreign key moves the followup to another ticket.
    expect((await ctx.api.put(`TicketFollowup/${id}`, { input: { content: 'edited', tickets_id: otherTicket } })).body).toEqual([{ [id]: true, message: '' }]);
    expect((await ctx.api.get(`ITILFollowup/${id}`)).body).toMatchObject({ content: 'edited', itemtype: 'Ticket', items_id: otherTicket });
    expect((await ctx.api.del(`TicketFollowup/${id}`)).status).toBe(204);
    expect((await ctx.api.get(`ITILFollowup/${id}`)).status).toBe(404);
  });

  test("a Problem's followup is not a TicketFollowup: not read, listed, searched, changed or deleted through it", async () => {
    expect((await ctx.api.get(`TicketFollowup/${problemFollowup}`)).status).toBe(404);
    const list = await ctx.api.get('TicketFollowup/', { query: 'range=0-999' });
    expect(list.body.some((row: any) => row.id === problemFollowup)).toBe(false);
    expect((await ctx.api.put(`TicketFollowup/${problemFollowup}`, { input: { content: 'x' } })).status).toBe(404);
    expect((await ctx.api.del(`TicketFollowup/${problemFollowup}`)).status).toBe(404);
    expect((await ctx.api.get(`ITILFollowup/${problemFollowup}`)).body).toMatchObject({ content: 'on a problem', itemtype: 'Problem' });

    // An OR among the client's criteria stays inside them (GLPI would let it reach the Problem's).
    const either = 'criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=on a problem&criteria[1][link]=OR&criteria[1][field]=1&criteria[1][searchtype]=contains&criteria[1][value]=on a ticket';
    const found = await searchIds(ctx.api, 'search/TicketFollowup', either);
    expect(found.status).toBe(200);
    expect(found.ids).toEqual([ticketFollowup]);
    expect((await searchIds(ctx.api, 'search/ITILFollowup', either)).ids).toEqual([problemFollowup, ticketFollowup].sort((a, b) => a - b));
    // The deprecated top-level metacriteria stay inside the client's criteria too.
    const meta = 'criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=on a ticket&metacriteria[0][link]=OR&metacriteria[0][itemtype]=User&metacriteria[0][field]=1&metacriteria[0][searchtype]=contains&metacriteria[0][value]=glpi';
    expect((await searchIds(ctx.api, 'search/ITILFollowup', meta)).ids).toContain(problemFollowup);
    const metaFound = await searchIds(ctx.api, 'search/TicketFollowup', meta);
    expect(metaFound.ids).toContain(ticketFollowup);
    expect(metaFound.ids).not.toContain(problemFollowup);
  });

  test('sub-item paths: /Ticket/:id/TicketFollowup lists, reads and creates that ticket\'s followups', async () => {
    const created = await ctx.api.post(`Ticket/${ticket}/TicketFollowup`, { input: { content: 'under its ticket' } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await ctx.api.get(`ITILFollowup/${id}`)).body).toMatchObject({ itemtype: 'Ticket', items_id: ticket });

    const rows = await ctx.api.get(`Ticket/${ticket}/TicketFollowup`, { query: 'range=0-999' });
    expect(rows.status).toBe(200);
    expect(rows.body.map((row: any) => row.id)).toContain(id);
    expect(rows.body.every((row: any) => row.tickets_id === ticket)).toBe(true);
    for (const row of rows.body) expect(sorted(Object.keys(row))).toEqual(sorted(FIELDS.TicketFollowup));
    expect((await ctx.api.get(`Ticket/${otherTicket}/TicketFollowup`, { query: 'range=0-999' })).body.map((row: any) => row.id)).not.toContain(id);

    const one = await ctx.api.get(`Ticket/${ticket}/TicketFollowup/${id}`);
    expect(sorted(Object.keys(one.body))).toEqual(sorted(FIELDS.TicketFollowup));
    // A followup of a Problem is not one of its TicketFollowups.
    const wrong = await ctx.api.get(`Problem/${problem}/TicketFollowup`);
    expect(wrong.status).toBe(400);
    expect(wrong.body[1]).toContain('/Ticket/:id/TicketFollowup');
  });
});

describe('Computer_SoftwareVersion and Computer_SoftwareLicense (software on computers)', () => {
  test('Computer_SoftwareVersion: computers_id and the *_computer flags; exactly the old fields', async () => {
    const created = await ctx.api.post('Computer_SoftwareVersion/', { input: { computers_id: computer, softwareversions_id: version, is_deleted_computer: 0 } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await ctx.api.get(`Item_SoftwareVersion/${id}`)).body).toMatchObject({ itemtype: 'Computer', items_id: computer });
    const old = await ctx.api.get(`Computer_SoftwareVersion/${id}`);
    expect(sorted(Object.keys(old.body))).toEqual(sorted(FIELDS.Computer_SoftwareVersion));
    expect(old.body).toMatchObject({ id, computers_id: computer, softwareversions_id: version, is_deleted_computer: 0, is_template_computer: 0 });
    const list = await ctx.api.get('Computer_SoftwareVersion/', { query: 'range=0-999' });
    for (const row of list.body) expect(sorted(Object.keys(row))).toEqual(sorted(FIELDS.Computer_SoftwareVersion));

    // U6 and D5 as GLPI's tests run them.
    expect((await ctx.api.put(`Computer_SoftwareVersion/${id}`, { input: { computers_id: otherComputer } })).status).toBe(200);
    expect((await ctx.api.get(`Item_SoftwareVersion/${id}`)).body).toMatchObject({ itemtype: 'Computer', items_id: otherComputer });
    expect((await ctx.api.del(`Computer_SoftwareVersion/${id}`, { query: 'force_purge=1' })).status).toBe(204);
    expect((await ctx.api.get(`Item_SoftwareVersion/${id}`)).status).toBe(404);
  });

  test('Computer_SoftwareLicense: computers_id; exactly the old fields; /Computer/:id/Computer_SoftwareLicense', async () => {
    const created = await ctx.api.post(`Computer/${computer}/Computer_SoftwareLicense`, { input: { softwarelicenses_id: license } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await ctx.api.get(`Item_SoftwareLicense/${id}`)).body).toMatchObject({ itemtype: 'Computer', items_id: computer, softwarelicenses_id: license });
    const old = await ctx.api.get(`Computer_SoftwareLicense/${id}`);
    expect(sorted(Object.keys(old.body))).toEqual(sorted(FIELDS.Computer_SoftwareLicense));
    expect(old.body).toMatchObject({ id, computers_id: computer, softwarelicenses_id: license });

    const under = await ctx.api.get(`Computer/${computer}/Computer_SoftwareLicense`);
    expect(under.body.map((row: any) => row.id)).toEqual([id]);
    for (const row of under.body) expect(sorted(Object.keys(row))).toEqual(sorted(FIELDS.Computer_SoftwareLicense));
    expect((await ctx.api.get(`Computer/${otherComputer}/Computer_SoftwareLicense`)).body).toEqual([]);

    const created2 = await ctx.api.post('Computer_SoftwareLicense/', { input: [{ computers_id: otherComputer, softwarelicenses_id: license }] });
    expect(created2.status).toBe(201);
    const second = created2.body[0].id as number;
    expect(created2.headers.get('link')).toEndWith(`/apirest.php/Computer_SoftwareLicense/${second}`);
    expect((await ctx.api.get(`Computer/${otherComputer}/Computer_SoftwareLicense`)).body.map((row: any) => row.id)).toEqual([second]);
    expect((await ctx.api.del(`Computer_SoftwareLicense/${second}`, { query: 'force_purge=1' })).status).toBe(204);
    expect((await ctx.api.get(`Item_SoftwareLicense/${second}`)).status).toBe(404);
  });
});

describe('Netpoint (Socket under its GLPI 9 name)', () => {
  test('the same rows and fields, read, listed and written under the old name', async () => {
    const socket = await ctx.api.create('Socket', { name: uniq('wall-'), itemtype: 'Computer', items_id: computer });
    const old = await ctx.api.get(`Netpoint/${socket}`);
    expect(old.status).toBe(200);
    expect(old.body).toEqual((await ctx.api.get(`Socket/${socket}`)).body);
    expect(old.body).toMatchObject({ itemtype: 'Computer', items_id: computer });
    const bare = await ctx.api.get(`Netpoint/${socket}`, { query: 'get_hateoas=false' });
    expect(bare.body).toEqual({ ...(await ctx.api.get(`Socket/${socket}`, { query: 'get_hateoas=false' })).body, links: [] });
    expect((await ctx.api.get(`Computer/${computer}/Netpoint`)).body.map((row: any) => row.id)).toEqual([socket]);

    const created = await ctx.api.post('Netpoint/', { input: { name: 'B-12' } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await ctx.api.get(`Socket/${id}`)).body.name).toBe('B-12');
    const listed = await ctx.api.get('Netpoint/', { query: 'range=0-999' });
    expect(listed.body.map((row: any) => row.id)).toEqual(expect.arrayContaining([socket, id]));
    expect((await ctx.api.put(`Netpoint/${id}`, { input: { name: 'B-13' } })).body).toEqual([{ [id]: true, message: '' }]);
    expect((await ctx.api.get(`Socket/${id}`)).body.name).toBe('B-13');
    expect((await ctx.api.del(`Netpoint/${id}`, { query: 'force_purge=1' })).status).toBe(204);
    expect((await ctx.api.get(`Socket/${id}`)).status).toBe(404);
  });
});

describe('Glpi\\Socket (Socket under its GLPI 10 class name)', () => {
  test('read, listed, searched and written under the namespaced name (its backslash escaped in the path)', async () => {
    const socket = await ctx.api.create('Socket', { name: uniq('ns-'), itemtype: 'Computer', items_id: computer });
    const read = await ctx.api.get(`Glpi%5CSocket/${socket}`, { query: 'get_hateoas=false' });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...(await ctx.api.get(`Socket/${socket}`, { query: 'get_hateoas=false' })).body, links: [] });
    expect((await ctx.api.get('Glpi%5CSocket/', { query: 'range=0-999' })).body.map((row: any) => row.id)).toContain(socket);
    const found = await ctx.api.get('search/Glpi%5CSocket', { query: `criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=${encodeURIComponent((await ctx.api.get(`Socket/${socket}`)).body.name)}&forcedisplay[0]=2` });
    expect((found.body.data as Record<string, unknown>[]).map((row) => row['2'])).toEqual([socket]);
    const created = await ctx.api.post('Glpi%5CSocket/', { input: { name: uniq('ns-new-') } });
    expect(created.status).toBe(201);
    expect((await ctx.api.get(`Socket/${created.body.id}`)).status).toBe(200);
  });
});

describe('getMultipleItems with old names', () => {
  test('each old-named entry is read with the old fields; a Problem\'s followup is not a TicketFollowup', async () => {
    const socket = await ctx.api.create('Socket', { name: uniq('multi-') });
    const res = await ctx.api.get('getMultipleItems', {
      query: `items[0][itemtype]=TicketFollowup&items[0][items_id]=${ticketFollowup}&items[1][itemtype]=Netpoint&items[1][items_id]=${socket}&items[2][itemtype]=ITILFollowup&items[2][items_id]=${ticketFollowup}`,
    });
    expect(res.status).toBe(200);
    expect(sorted(Object.keys(res.body[0]))).toEqual(sorted(FIELDS.TicketFollowup));
    expect(res.body[0]).toMatchObject({ id: ticketFollowup, tickets_id: ticket });
    expect(res.body[1]).toMatchObject({ id: socket, name: expect.stringContaining('multi-') });
    // Later entries keep their own type's fields (GLPI maps every entry after an old name).
    expect(res.body[2]).toMatchObject({ id: ticketFollowup, itemtype: 'Ticket', items_id: ticket });
    const problems = await ctx.api.get('getMultipleItems', { query: `items[0][itemtype]=TicketFollowup&items[0][items_id]=${problemFollowup}` });
    expect(problems.status).toBe(404);
  });
});

describe('links under an old name', () => {
  test("a single item's link to the current type's own path names the old type; a list row's keeps it, as GLPI's lists", () => {
    const links = [
      { rel: 'Document_Item', href: 'http://h/apirest.php/ITILFollowup/3/Document_Item/' },
      { rel: 'Ticket', href: 'http://h/apirest.php/Ticket/9' },
    ];
    const item = { id: 3, items_id: 9, itemtype: 'Ticket', links };
    expect(toOldFields(ALIASES.TicketFollowup!, item, true)).toEqual({ id: 3, links: [
      { rel: 'Document_Item', href: 'http://h/apirest.php/TicketFollowup/3/Document_Item/' },
      { rel: 'Ticket', href: 'http://h/apirest.php/Ticket/9' },
    ], tickets_id: 9 });
    expect(toOldFields(ALIASES.TicketFollowup!, item)).toEqual({ id: 3, links, tickets_id: 9 });
  });
});

describe('listSearchOptions under an old name (S9)', () => {
  test("TicketFollowup: GLPI's historical options 1-5, named for the old type", async () => {
    const res = await ctx.api.get('listSearchOptions/TicketFollowup');
    expect(res.status).toBe(200);
    // GLPI drops 6 (item type), 119 (documents) and the Documents header.
    expect(Object.keys(res.body).sort()).toEqual(['1', '2', '3', '4', '5', 'common']);
    expect(res.body.common).toEqual({ name: 'Characteristics' });
    const option = (name: string, table: string, field: string, datatype: string, uid: string, available_searchtypes: string[]) => ({
      name, table, field, datatype, nosearch: false, nodisplay: false, available_searchtypes, uid,
    });
    expect(res.body['1']).toEqual(option('Description', 'glpi_ticketfollowups', 'content', 'text', 'TicketFollowup.content', ['contains']));
    expect(res.body['2']).toEqual(option('Request source', 'glpi_requesttypes', 'name', 'dropdown', 'TicketFollowup.RequestType.name', ['contains', 'equals', 'notequals']));
    expect(res.body['3']).toEqual(option('Date', 'glpi_ticketfollowups', 'date', 'datetime', 'TicketFollowup.date', ['equals', 'notequals', 'lessthan', 'morethan', 'contains']));
    expect(res.body['4']).toEqual(option('Private', 'glpi_ticketfollowups', 'is_private', 'bool', 'TicketFollowup.is_private', ['equals', 'notequals', 'contains']));
    expect(res.body['5']).toEqual(option('User', 'glpi_users', 'name', 'dropdown', 'TicketFollowup.User.name', ['contains', 'equals', 'notequals']));
  });

  test.each([
    ['Computer_SoftwareVersion', 'Item_SoftwareVersion', 'glpi_items_softwareversions', 'glpi_computers_softwareversions', 3, 5],
    ['Computer_SoftwareLicense', 'Item_SoftwareLicense', 'glpi_items_softwarelicenses', 'glpi_computers_softwarelicenses', 5, 6],
  ])('%s: the current options with uids and tables of the old type, the computer option, no item type', async (name, current, table, oldTable, computerId, itemtypeId) => {
    const old = (await ctx.api.get(`listSearchOptions/${name}`)).body;
    const now = (await ctx.api.get(`listSearchOptions/${current}`)).body;
    expect(old['2']).toMatchObject({ name: 'ID', table: oldTable, field: 'id', uid: `${name}.id` });
    expect(old).not.toHaveProperty(String(itemtypeId));
    for (const [key, option] of Object.entries<any>(now)) {
      if (key === String(itemtypeId) || key === String(computerId)) continue;
      const expected = option.uid === undefined ? option : { ...option, uid: option.uid.replaceAll(current, name), table: option.table === table ? oldTable : option.table };
      expect(old[key]).toEqual(expected);
    }
    if (String(computerId) in now) {
      expect(old[String(computerId)]).toMatchObject({ name: 'Computer', table: 'glpi_computers', field: 'name', datatype: 'dropdown', uid: `${name}.Computer.name`, available_searchtypes: ['contains', 'notcontains', 'equals', 'notequals'] });
    }
  });

  test('Netpoint: exactly the options of Socket (GLPI renames nothing there)', async () => {
    const old = await ctx.api.get('listSearchOptions/Netpoint');
    expect(old.status).toBe(200);
    expect(old.text).toBe((await ctx.api.get('listSearchOptions/Socket')).text);
  });
});

describe('search under an old name (S8)', () => {
  test("search/TicketFollowup is ITILFollowup's search with `AND 6 equals Ticket`: the same SQL and rows", async () => {
    const old = await ctx.api.get('search/TicketFollowup', { query: 'forcedisplay[0]=2&rawdata=1' });
    const now = await ctx.api.get('search/ITILFollowup', { query: `forcedisplay[0]=2&${PARENT_TICKET}&rawdata=1` });
    expect(old.status).toBe(200);
    expect(old.body.rawdata.sql.search).toBe(now.body.rawdata.sql.search);
    expect(old.body.data).toEqual(now.body.data);
    expect((await searchIds(ctx.api, 'search/TicketFollowup')).ids).not.toContain(problemFollowup);
    expect(old.headers.get('accept-range')).toBe('TicketFollowup 1000');
  });

  test('search/Netpoint is exactly search/Socket', async () => {
    const name = uniq('searched-');
    await ctx.api.create('Socket', { name });
    const old = await ctx.api.get('search/Netpoint', { query: 'forcedisplay[0]=2&rawdata=1&range=0-999' });
    const now = await ctx.api.get('search/Socket', { query: 'forcedisplay[0]=2&rawdata=1&range=0-999' });
    expect(old.status).toBe(200);
    expect(old.body.data.map((row: Record<string, unknown>) => row['1'])).toContain(name);
    expect(old.body.data).toEqual(now.body.data);
    expect(old.body.rawdata.sql.search).toBe(now.body.rawdata.sql.search);
  });

  test.each([
    ['Computer_SoftwareVersion', 'Item_SoftwareVersion', 5, 'softwareversions_id', 'SoftwareVersion'],
    ['Computer_SoftwareLicense', 'Item_SoftwareLicense', 6, 'softwarelicenses_id', 'SoftwareLicense'],
  ])("search/%s is %s's search with its item type option fixed to Computer", async (name, current, option, fk, target) => {
    const software = await ctx.api.create('Software', { name: uniq('sw') });
    const side = await ctx.api.create(target, { name: uniq('v'), softwares_id: software });
    const onComputer = await ctx.api.create(current, { itemtype: 'Computer', items_id: await ctx.api.create('Computer', { name: uniq('pc') }), [fk]: side });
    const query = 'forcedisplay[0]=2&rawdata=1&range=0-999';
    const old = await ctx.api.get(`search/${name}`, { query });
    const now = await ctx.api.get(`search/${current}`, { query: `${query}&criteria[0][field]=${option}&criteria[0][searchtype]=equals&criteria[0][value]=Computer` });
    expect(old.status).toBe(200);
    expect(old.body.rawdata.sql.search).toBe(now.body.rawdata.sql.search);
    expect(old.body.data).toEqual(now.body.data);
    const ids = old.body.data.map((row: Record<string, unknown>) => Number(row[2]));
    expect(ids).toContain(onComputer);
  });

  test('rights and entity scope are those of the current type, profile by profile', async () => {
    const A = await ctx.api.create('Entity', { name: uniq('A'), entities_id: 0 });
    const B = await ctx.api.create('Entity', { name: uniq('B'), entities_id: 0 });
    const inA = await ctx.api.create('Ticket', { name: uniq('t'), content: 'c', entities_id: A });
    const inB = await ctx.api.create('Ticket', { name: uniq('t'), content: 'c', entities_id: B });
    const followupA = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: inA, content: 'in A' });
    const followupB = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: inB, content: 'in B' });
    const socket = await ctx.api.create('Socket', { name: uniq('s') });

    // Technician (6), Observer (2) and Self-Service (1) on A only.
    for (const profile of [6, 2, 1]) {
      const login = uniq(`alias-user-${profile}`);
      await createUser(ctx.api, login, profile, A);
      const client = await loginAs(ctx.server.api, login);
      const oldFollowups = await searchIds(client, 'search/TicketFollowup');
      const nowFollowups = await searchIds(client, 'search/ITILFollowup', PARENT_TICKET);
      expect({ profile, status: oldFollowups.status, ids: oldFollowups.ids }).toEqual({ profile, status: nowFollowups.status, ids: nowFollowups.ids });
      expect(oldFollowups.ids).not.toContain(followupB);
      const oldSockets = await searchIds(client, 'search/Netpoint');
      const nowSockets = await searchIds(client, 'search/Socket');
      expect({ profile, status: oldSockets.status, ids: oldSockets.ids }).toEqual({ profile, status: nowSockets.status, ids: nowSockets.ids });
      // Reads by id likewise.
      for (const [oldPath, nowPath] of [[`TicketFollowup/${followupA}`, `ITILFollowup/${followupA}`], [`TicketFollowup/${followupB}`, `ITILFollowup/${followupB}`], [`Netpoint/${socket}`, `Socket/${socket}`]]) {
        expect({ profile, path: oldPath, status: (await client.get(oldPath!)).status }).toEqual({ profile, path: oldPath, status: (await client.get(nowPath!)).status });
      }
    }
    // The technician sees A's followup, so the comparison above was not between two empty answers.
    const tech = uniq('alias-tech');
    await createUser(ctx.api, tech, 6, A);
    const technician = await loginAs(ctx.server.api, tech);
    expect((await searchIds(technician, 'search/TicketFollowup')).ids).toContain(followupA);
    expect((await searchIds(ctx.api, 'search/Netpoint')).ids).toContain(socket);
  });
});

describe('writes under an old name stay on its parent type', () => {
  test("bulk PUT/DELETE naming a Problem's followup, or an input moving a followup, are refused; nothing changes", async () => {
    const problem = await ctx.api.create('Problem', { name: uniq('p'), content: 'c' });
    const ticket = await ctx.api.create('Ticket', { name: uniq('t'), content: 'c' });
    const other = await ctx.api.create('Ticket', { name: uniq('t'), content: 'c' });
    const onProblem = await ctx.api.create('ITILFollowup', { itemtype: 'Problem', items_id: problem, content: 'kept' });
    const onOther = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: other, content: 'kept' });
    const alone = (id: number, verb: 'UPDATE' | 'DELETE') => ({ status: 400, body: [`ERROR_GLPI_${verb}`, [{ [id]: false, message: 'Item not found' }]] });
    expect(await ctx.api.put('TicketFollowup/', { input: [{ id: onProblem, content: 'changed' }] })).toMatchObject(alone(onProblem, 'UPDATE'));
    expect(await ctx.api.del('TicketFollowup/', { body: { input: [{ id: onProblem }] } })).toMatchObject(alone(onProblem, 'DELETE'));
    expect(await ctx.api.put(`Ticket/${ticket}/TicketFollowup/`, { input: [{ id: onOther, content: 'moved' }] })).toMatchObject(alone(onOther, 'UPDATE'));
    // With an id in the URL, as a missing item.
    expect((await ctx.api.put(`TicketFollowup/${onProblem}`, { input: { content: 'changed' } })).body).toEqual(['ERROR_ITEM_NOT_FOUND', 'Item not found']);
    expect(await ctx.api.get(`ITILFollowup/${onProblem}`)).toMatchObject({ status: 200, body: { itemtype: 'Problem', items_id: problem, content: 'kept' } });
    expect(await ctx.api.get(`ITILFollowup/${onOther}`)).toMatchObject({ status: 200, body: { itemtype: 'Ticket', items_id: other, content: 'kept' } });
    // itemtype/items_id are not fields of the old type: a followup made through it is always a ticket's.
    const made = await ctx.api.post('TicketFollowup/', { input: { tickets_id: ticket, itemtype: 'Problem', items_id: problem, content: 'x' } });
    expect(made.status).toBe(201);
    expect((await ctx.api.get(`ITILFollowup/${made.body.id}`)).body).toMatchObject({ itemtype: 'Ticket', items_id: ticket });
  });
});

describe("GLPI 10.0's mapping of old names, exactly", () => {
  /** A version installed nowhere yet (an item holds a version once). */
  const freshVersion = async () => ctx.api.create('SoftwareVersion', { name: uniq('v'), softwares_id: (await ctx.api.get(`SoftwareVersion/${version}`)).body.softwares_id });
  test('renamed fields leave their place for the end of the object, in the order GLPI renames them; links stay where they were', async () => {
    const followup = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'ordered' });
    const keys = async (path: string, query = '') => Object.keys((await ctx.api.get(path, { query })).body);
    const own = ['id', 'date', 'users_id', 'users_id_editor', 'content', 'is_private', 'requesttypes_id', 'date_mod', 'date_creation', 'timeline_position'];
    expect(await keys(`TicketFollowup/${followup}`)).toEqual([...own, 'links', 'tickets_id']);
    // Without HATEOAS GLPI adds the empty links after the mapping: last.
    expect(await keys(`TicketFollowup/${followup}`, 'get_hateoas=false')).toEqual([...own, 'tickets_id', 'links']);
    expect(await keys(`Ticket/${ticket}/TicketFollowup/${followup}`)).toEqual([...own, 'links', 'tickets_id']);
    const listed = (await ctx.api.get(`Ticket/${ticket}/TicketFollowup`, { query: 'range=0-999' })).body.find((row: any) => row.id === followup);
    expect(Object.keys(listed)).toEqual([...own, 'links', 'tickets_id']);
    const multiple = await ctx.api.get('getMultipleItems', { query: `items[0][itemtype]=TicketFollowup&items[0][items_id]=${followup}` });
    expect(Object.keys(multiple.body[0])).toEqual([...own, 'links', 'tickets_id']);

    const installed = await ctx.api.create('Item_SoftwareVersion', { itemtype: 'Computer', items_id: computer, softwareversions_id: await freshVersion() });
    const installation = ['id', 'softwareversions_id', 'entities_id', 'is_deleted', 'is_dynamic', 'date_install'];
    const renamed = ['computers_id', 'is_template_computer', 'is_deleted_computer'];
    expect(await keys(`Computer_SoftwareVersion/${installed}`)).toEqual([...installation, 'links', ...renamed]);
    expect(await keys(`Computer_SoftwareVersion/${installed}`, 'get_hateoas=false')).toEqual([...installation, ...renamed, 'links']);
    const rows = (await ctx.api.get('Computer_SoftwareVersion/', { query: 'range=0-999&get_hateoas=false' })).body;
    expect(Object.keys(rows.find((row: any) => row.id === installed))).toEqual([...installation, ...renamed]);
  });

  test("a list row's links name the current type, as GLPI's lists do; a single item's name the old one", async () => {
    const fresh = await freshVersion();
    const installed = await ctx.api.create('Item_SoftwareVersion', { itemtype: 'Computer', items_id: computer, softwareversions_id: fresh });
    const hrefs = (item: any) => item.links.map((link: any) => link.href.replace(/^.*\/apirest\.php\//, ''));
    // GLPI 10.0 lists no relation of Item_SoftwareVersion: its own links are its foreign keys; a path to itself is renamed.
    const item = { id: installed, links: [{ rel: 'Document_Item', href: `http://h/apirest.php/Item_SoftwareVersion/${installed}/Document_Item/` }] };
    expect(hrefs(toOldFields(ALIASES.Computer_SoftwareVersion!, item, true))).toEqual([`Computer_SoftwareVersion/${installed}/Document_Item/`]);
    expect(hrefs(toOldFields(ALIASES.Computer_SoftwareVersion!, item))).toEqual([`Item_SoftwareVersion/${installed}/Document_Item/`]);
    expect(hrefs((await ctx.api.get(`Computer_SoftwareVersion/${installed}`)).body)).toEqual([`Computer/${computer}`, `SoftwareVersion/${fresh}`, 'Entity/0']);
  });

  test('refusals name the fields and the type the client sent', async () => {
    const missingTicket = await ctx.api.post('TicketFollowup/', { input: { tickets_id: 987654, content: 'x' } });
    expect(missingTicket.body).toEqual(['ERROR_GLPI_ADD', 'Field tickets_id: Ticket 987654 does not exist']);
    expect((await ctx.api.post('TicketFollowup/', { input: { content: 'x' } })).body).toEqual(['ERROR_GLPI_ADD', 'Field tickets_id is mandatory for TicketFollowup']);
    expect((await ctx.api.post('TicketFollowup/', { input: { tickets_id: ticket, content: 'x', colour: 'blue' } })).body).toEqual([
      'ERROR_GLPI_ADD',
      'Field colour is not valid for TicketFollowup item.',
    ]);
    expect((await ctx.api.post('Computer_SoftwareVersion/', { input: { computers_id: computer } })).body).toEqual([
      'ERROR_GLPI_ADD',
      'Field softwareversions_id is mandatory for Computer_SoftwareVersion',
    ]);
    expect((await ctx.api.post('Computer_SoftwareVersion/', { input: { computers_id: computer, softwareversions_id: version, is_deleted_computer: 'maybe' } })).body).toEqual([
      'ERROR_GLPI_ADD',
      'Field is_deleted_computer: expected a boolean (true, false, 1 or 0)',
    ]);
    // In a bulk request, each refused element's message; an accepted one keeps its own.
    const bulk = await ctx.api.post('TicketFollowup/', { input: [{ tickets_id: 987654, content: 'x' }, { tickets_id: ticket, content: 'fine' }] });
    expect(bulk.status).toBe(207);
    expect(bulk.body[0]).toBe('ERROR_GLPI_PARTIAL_ADD');
    const added = bulk.body[1][1].id as number;
    expect(bulk.body[1]).toEqual([{ id: false, message: 'Field tickets_id: Ticket 987654 does not exist' }, { id: added, message: '' }]);
    const moved = await ctx.api.put('TicketFollowup/', { input: [{ id: added, tickets_id: 987654 }] });
    expect(moved.body).toEqual(['ERROR_GLPI_UPDATE', [{ [added]: false, message: 'Field tickets_id: Ticket 987654 does not exist' }]]);
    // The current name keeps the current names.
    expect((await ctx.api.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: 987654, content: 'x' } })).body).toEqual(['ERROR_GLPI_ADD', 'Field items_id: Ticket 987654 does not exist']);
  });

  test('an old name as the parent of a sub-item path answers as its current type does, for its own rows only', async () => {
    const followup = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'a parent' });
    for (const sub of ['Document_Item', 'Log']) {
      const old = await ctx.api.get(`TicketFollowup/${followup}/${sub}/`);
      const now = await ctx.api.get(`ITILFollowup/${followup}/${sub}/`);
      expect({ sub, status: old.status, body: old.body }).toEqual({ sub, status: now.status, body: now.body });
    }
    const installed = await ctx.api.create('Item_SoftwareVersion', { itemtype: 'Computer', items_id: computer, softwareversions_id: await freshVersion() });
    const logs = await ctx.api.get(`Computer_SoftwareVersion/${installed}/Log/`);
    expect(logs.status).toBe((await ctx.api.get(`Item_SoftwareVersion/${installed}/Log/`)).status);
    // A Problem's followup is no TicketFollowup, not even as a parent; nor is a missing one.
    expect((await ctx.api.get(`TicketFollowup/${problemFollowup}/Document_Item`)).body).toEqual(['ERROR_ITEM_NOT_FOUND', 'Item not found']);
    expect((await ctx.api.post(`TicketFollowup/${problemFollowup}/Document_Item/`, { input: { documents_id: 1 } })).status).toBe(404);
    expect((await ctx.api.get('TicketFollowup/987654/Document_Item')).status).toBe(404);
    expect((await ctx.api.get(`ITILFollowup/${problemFollowup}/Document_Item`)).status).toBe(200);
  });

  test('a bulk update or delete under an old name: an element of another parent fails alone, the others land', async () => {
    const mine = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'mine' });
    const theirs = await ctx.api.create('ITILFollowup', { itemtype: 'Problem', items_id: problem, content: 'theirs' });
    const updated = await ctx.api.put('TicketFollowup/', { input: [{ id: mine, content: 'changed' }, { id: theirs, content: 'changed' }, { id: 987654, content: 'changed' }] });
    expect(updated.status).toBe(207);
    expect(updated.body).toEqual(['ERROR_GLPI_PARTIAL_UPDATE', [
      { [mine]: true, message: '' },
      { [theirs]: false, message: 'Item not found' },
      { 987654: false, message: 'Item not found' },
    ]]);
    expect((await ctx.api.get(`ITILFollowup/${mine}`)).body.content).toBe('changed');
    expect((await ctx.api.get(`ITILFollowup/${theirs}`)).body.content).toBe('theirs');

    const deleted = await ctx.api.del('TicketFollowup/', { body: { input: [{ id: theirs }, { id: mine }] } });
    expect(deleted.body).toEqual(['ERROR_GLPI_PARTIAL_DELETE', [{ [theirs]: false, message: 'Item not found' }, { [mine]: true, message: '' }]]);
    expect((await ctx.api.get(`ITILFollowup/${mine}`)).status).toBe(404);
    expect((await ctx.api.get(`ITILFollowup/${theirs}`)).status).toBe(200);
    // Under a ticket's path, another ticket's followup is not one of its own.
    const other = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: otherTicket, content: 'other' });
    const own = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'own' });
    const under = await ctx.api.put(`Ticket/${ticket}/TicketFollowup/`, { input: [{ id: other, content: 'x' }, { id: own, content: 'y' }] });
    expect(under.body).toEqual(['ERROR_GLPI_PARTIAL_UPDATE', [{ [other]: false, message: 'Item not found' }, { [own]: true, message: '' }]]);
    expect((await ctx.api.get(`ITILFollowup/${other}`)).body).toMatchObject({ items_id: otherTicket, content: 'other' });
  });

  test("a read by id under an old name: a row of another parent is 404, one the profile may not read keeps the current type's answer", async () => {
    expect((await ctx.api.get(`TicketFollowup/${problemFollowup}`)).body).toEqual(['ERROR_ITEM_NOT_FOUND', 'Item not found']);
    expect((await ctx.api.get(`Ticket/${otherTicket}/TicketFollowup/${ticketFollowup}`)).status).toBe(404);
    expect((await ctx.api.get('TicketFollowup/987654')).status).toBe(404);
    // Asked twice (the second answer may come from the reply cache): the same answer.
    for (let i = 0; i < 2; i++) expect((await ctx.api.get(`TicketFollowup/${problemFollowup}`)).status).toBe(404);
    const first = await ctx.api.get(`TicketFollowup/${ticketFollowup}`);
    expect((await ctx.api.get(`TicketFollowup/${ticketFollowup}`)).text).toBe(first.text);
  });
});

describe("software links on every type of GLPI's software_types", () => {
  const ASSETS = ['Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer'];

  test.each(ASSETS)('%s: an installation and a license, read, listed under the asset, searched, with its history', async (asset) => {
    const item = await ctx.api.create(asset, { name: uniq(asset) });
    const software = await ctx.api.create('Software', { name: uniq('sw') });
    const v = await ctx.api.create('SoftwareVersion', { name: uniq('v'), softwares_id: software });
    const l = await ctx.api.create('SoftwareLicense', { name: uniq('lic'), softwares_id: software });
    const installed = await ctx.api.create('Item_SoftwareVersion', { itemtype: asset, items_id: item, softwareversions_id: v });
    const licensed = await ctx.api.create('Item_SoftwareLicense', { itemtype: asset, items_id: item, softwarelicenses_id: l });
    expect((await ctx.api.get(`Item_SoftwareVersion/${installed}`)).body).toMatchObject({ itemtype: asset, items_id: item, softwareversions_id: v });
    expect((await ctx.api.get(`${asset}/${item}/Item_SoftwareVersion`)).body.map((row: any) => row.id)).toEqual([installed]);
    expect((await ctx.api.get(`${asset}/${item}/Item_SoftwareLicense`)).body.map((row: any) => row.id)).toEqual([licensed]);
    expect((await ctx.api.get(`${asset}/${item}`, { query: 'with_softwares=true' })).body._softwares).toEqual([
      {
        softwarecategories_id: 0,
        softwares_id: software,
        softwareversions_id: v,
        is_dynamic: 0,
        states_id: 0,
        is_valid: 1,
        links: [
          { rel: 'Software', href: expect.stringMatching(new RegExp(`/Software/${software}$`)) },
          { rel: 'SoftwareVersion', href: expect.stringMatching(new RegExp(`/SoftwareVersion/${v}$`)) },
        ],
      },
    ]);
    // The installation is in the asset's history (GLPI's "software installed", 4) and the version's.
    const installLog = (await logsOf(ctx.api, asset, item)).find((log) => log.linked_action === 4);
    expect(installLog).toMatchObject({ itemtype: asset, items_id: item, itemtype_link: 'SoftwareVersion' });
    expect((await logsOf(ctx.api, 'SoftwareVersion', v)).some((log) => log.linked_action === 4 && log.itemtype_link === asset)).toBe(true);

    // Search options: the item type (5 / 6) and the software side find it; a meta criterion reaches the software.
    const byType = await searchIds(ctx.api, 'search/Item_SoftwareVersion', `criteria[0][field]=5&criteria[0][searchtype]=equals&criteria[0][value]=${asset}&criteria[1][field]=4&criteria[1][searchtype]=contains&criteria[1][value]=${(await ctx.api.get(`SoftwareVersion/${v}`)).body.name}`);
    expect(byType.ids).toEqual([installed]);
    expect((await searchIds(ctx.api, 'search/Item_SoftwareLicense', `criteria[0][field]=6&criteria[0][searchtype]=equals&criteria[0][value]=${asset}&criteria[1][field]=4&criteria[1][searchtype]=contains&criteria[1][value]=${(await ctx.api.get(`SoftwareLicense/${l}`)).body.name}`)).ids).toEqual([licensed]);
    const meta = await searchIds(ctx.api, `search/${asset}`, `criteria[0][link]=AND&criteria[0][itemtype]=Software&criteria[0][meta]=1&criteria[0][field]=1&criteria[0][searchtype]=equals&criteria[0][value]=${software}`);
    expect(meta.ids).toEqual([item]);

    // The old names stay the computers' only.
    const old = await ctx.api.get(`Computer_SoftwareVersion/${installed}`);
    expect(old.status).toBe(asset === 'Computer' ? 200 : 404);
    // Purging the asset takes its installations and licenses with it.
    expect((await ctx.api.del(`${asset}/${item}`, { query: 'force_purge=true' })).status).toBe(204);
    expect((await ctx.api.get(`Item_SoftwareVersion/${installed}`)).status).toBe(404);
    expect((await ctx.api.get(`Item_SoftwareLicense/${licensed}`)).status).toBe(404);
  });

  test('a type outside software_types is refused; rights and entities are those of the linked item', async () => {
    const software = await ctx.api.create('Software', { name: uniq('sw') });
    const v = await ctx.api.create('SoftwareVersion', { name: uniq('v'), softwares_id: software });
    const rack = await ctx.api.create('Rack', { name: uniq('rack') });
    expect((await ctx.api.post('Item_SoftwareVersion/', { input: { itemtype: 'Rack', items_id: rack, softwareversions_id: v } })).body).toEqual([
      'ERROR_GLPI_ADD',
      'Field itemtype: Rack cannot be linked to Item_SoftwareVersion',
    ]);

    const A = await ctx.api.create('Entity', { name: uniq('A'), entities_id: 0 });
    const B = await ctx.api.create('Entity', { name: uniq('B'), entities_id: 0 });
    const inA = await ctx.api.create('Printer', { name: uniq('prn'), entities_id: A });
    const inB = await ctx.api.create('Printer', { name: uniq('prn'), entities_id: B });
    const installedB = await ctx.api.create('Item_SoftwareVersion', { itemtype: 'Printer', items_id: inB, softwareversions_id: v });
    const tech = uniq('sw-tech');
    await createUser(ctx.api, tech, 6, A);
    const technician = await loginAs(ctx.server.api, tech);
    // The technician's software right reaches the root entity's software (recursive) only if it is visible there: make it so.
    await ctx.api.put(`Software/${software}`, { input: { is_recursive: 1 } });
    const made = await technician.post('Item_SoftwareVersion/', { input: { itemtype: 'Printer', items_id: inA, softwareversions_id: v } });
    expect(made.status).toBe(201);
    expect((await technician.get(`Item_SoftwareVersion/${made.body.id}`)).status).toBe(200);
    // A printer outside the technician's entities: neither linked nor read.
    expect((await technician.post('Item_SoftwareVersion/', { input: { itemtype: 'Printer', items_id: inB, softwareversions_id: v } })).status).toBe(400);
    expect((await ctx.api.get(`Printer/${inB}/Item_SoftwareVersion`)).body.map((row: any) => row.id)).toEqual([installedB]);
    expect((await technician.get(`Item_SoftwareVersion/${installedB}`)).status).toBe(404);
    const seen = await searchIds(technician, 'search/Item_SoftwareVersion');
    expect(seen.ids).toContain(made.body.id);
    expect(seen.ids).not.toContain(installedB);

    // An Observer reads the printer's installations but may not add one (no UPDATE on printers).
    const obs = uniq('sw-observer');
    await createUser(ctx.api, obs, 2, A);
    const observer = await loginAs(ctx.server.api, obs);
    expect((await observer.get(`Item_SoftwareVersion/${made.body.id}`)).status).toBe(200);
    const refused = await observer.post('Item_SoftwareVersion/', { input: { itemtype: 'Printer', items_id: inA, softwareversions_id: v } });
    expect(refused.body).toEqual(['ERROR_GLPI_ADD', "You don't have permission to perform this action."]);
    expect((await ctx.api.get(`Printer/${inA}/Item_SoftwareVersion`)).body.map((row: any) => row.id)).toEqual([made.body.id]);
  });
});
