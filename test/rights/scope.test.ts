import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { buildBase, bulkCreate, createUser, expectError, idsOf, loginAs, RIGHT_MISSING, unique, type Base, placeComputers } from './fixture';

/**
 * Entity scope (recursion, read-only ancestors, refused writes, bulk shapes), the Self-Service
 * view of the service desk, and the absence of leaks on every read path.
 */

let server: TestServer;
let base: Base;
let A: number, A1: number, B: number;
let glpi: Client;
let selfService: Client, technician: Client, supervisor: Client, admin: Client, observer: Client;
let ssId: number;
const pc: Record<string, number> = {};
const tk: Record<string, number> = {};
const doc: Record<string, number> = {};
const fu: Record<string, number> = {};

beforeAll(async () => {
  server = await startServer();
  base = await buildBase(server);
  ({ A, A1, B } = base.entities);
  glpi = base.glpi;
  [selfService, observer, admin, technician, supervisor] = [base.as[1]!, base.as[2]!, base.as[3]!, base.as[6]!, base.as[7]!];
  ssId = base.userIds[1]!;

  Object.assign(pc, await placeComputers(glpi, { A, A1, B }, { comment: 'original' }));

  const tickets: [string, Record<string, unknown>][] = [
    ['mine', { entities_id: A, _users_id_requester: ssId }],
    ['watched', { entities_id: A1, _users_id_observer: ssId }],
    ['assigned', { entities_id: A, _users_id_assign: ssId }],
    ['other', { entities_id: A }],
    ['B', { entities_id: B, _users_id_requester: ssId }],
  ];
  const tids = await bulkCreate(glpi, 'Ticket', tickets.map(([name, extra]) => ({ name: `ticket-${name}`, content: `about ${name}`, ...extra })));
  tickets.forEach(([name], i) => (tk[name] = tids[i]!));

  await bulkCreate(glpi, 'Item_Ticket', [
    { tickets_id: tk.other, itemtype: 'Computer', items_id: pc.A },
    { tickets_id: tk.B, itemtype: 'Computer', items_id: pc.A },
  ]);
  const dids = await bulkCreate(glpi, 'Document', [
    { name: 'doc-A', entities_id: A },
    { name: 'doc-B', entities_id: B },
  ]);
  [doc.A, doc.B] = dids as [number, number];
  await bulkCreate(glpi, 'Document_Item', [
    { documents_id: doc.A, itemtype: 'Computer', items_id: pc.A },
    { documents_id: doc.B, itemtype: 'Computer', items_id: pc.A },
  ]);
  const fids = await bulkCreate(glpi, 'ITILFollowup', [
    { itemtype: 'Ticket', items_id: tk.mine, content: 'public answer' },
    { itemtype: 'Ticket', items_id: tk.mine, content: 'private note', is_private: 1 },
    { itemtype: 'Ticket', items_id: tk.other, content: 'not for self-service' },
    { itemtype: 'Ticket', items_id: tk.B, content: 'in B' },
  ]);
  [fu.public, fu.private, fu.other, fu.B] = fids as [number, number, number, number];
}, 60_000);
afterAll(() => server.dispose());

async function listIds(client: Client, itemtype: string, query = ''): Promise<number[]> {
  const res = await client.get(`${itemtype}/`, { query: `range=0-999${query ? `&${query}` : ''}` });
  expect(res.status).toBe(200);
  return idsOf(res);
}

describe('entity scope', () => {
  test('an item of an ancestor entity is visible from a sub-entity only when recursive, and read-only there', async () => {
    const tech = await loginAs(base.api, 'user_technician');
    expect((await tech.post('changeActiveEntities', { entities_id: A1 })).status).toBe(200);
    expect((await tech.get(`Computer/${pc.ARec}`)).status).toBe(200);
    expect((await tech.get(`Computer/${pc.rootRec}`)).status).toBe(200);
    // Outside the active entities: as if it did not exist.
    expectError(await tech.get(`Computer/${pc.A}`), 404, 'ERROR_ITEM_NOT_FOUND');
    expectError(await tech.get(`Computer/${pc.root}`), 404, 'ERROR_ITEM_NOT_FOUND');
    for (const id of [pc.ARec, pc.rootRec]) {
      expectError(await tech.put(`Computer/${id}`, { input: { comment: 'from below' } }), 400, 'ERROR_GLPI_UPDATE', RIGHT_MISSING);
      expectError(await tech.del(`Computer/${id}`), 400, 'ERROR_GLPI_DELETE', RIGHT_MISSING);
      expectError(await tech.del(`Computer/${id}`, { query: 'force_purge=true' }), 400, 'ERROR_GLPI_DELETE', RIGHT_MISSING);
    }
    const list = await listIds(tech, 'Computer');
    expect(list).toContain(pc.ARec!);
    expect(list).toContain(pc.A1!);
    expect(list).not.toContain(pc.A!);
    // From its own entity, the recursive item is writable again.
    expect((await tech.post('changeActiveEntities', { entities_id: A })).status).toBe(200);
    expect((await tech.put(`Computer/${pc.ARec}`, { input: { comment: 'from A' } })).status).toBe(200);
    expect((await glpi.get(`Computer/${pc.rootRec}`)).body.comment).toBe('original');
  });

  test('a recursive dropdown of the root entity is usable below, but editable only from the root', async () => {
    const [loc] = await bulkCreate(glpi, 'Location', [{ name: unique('site'), entities_id: 0, is_recursive: 1 }]);
    const [hidden] = await bulkCreate(glpi, 'Location', [{ name: unique('root-only'), entities_id: 0, is_recursive: 0 }]);
    expect((await supervisor.get(`Location/${loc}`)).status).toBe(200);
    expectError(await supervisor.get(`Location/${hidden}`), 404, 'ERROR_ITEM_NOT_FOUND');
    expectError(await supervisor.put(`Location/${loc}`, { input: { comment: 'x' } }), 400, 'ERROR_GLPI_UPDATE', RIGHT_MISSING);
    const ids = await listIds(supervisor, 'Location');
    expect(ids).toContain(loc!);
    expect(ids).not.toContain(hidden!);
  });

  test('writes into an entity outside the active ones are refused', async () => {
    for (const entities_id of [B, 0]) {
      expectError(await technician.post('Computer/', { input: { name: unique('outside'), entities_id } }), 400, 'ERROR_GLPI_ADD', RIGHT_MISSING);
      expectError(await technician.post('Computer/', { input: { name: unique('outside-rec'), entities_id, is_recursive: 1 } }), 400, 'ERROR_GLPI_ADD', RIGHT_MISSING);
    }
    // Moving an item out of reach is refused, and it stays where it was.
    expectError(await technician.put(`Computer/${pc.A1}`, { input: { entities_id: B } }), 400, 'ERROR_GLPI_UPDATE', RIGHT_MISSING);
    expect((await glpi.get(`Computer/${pc.A1}`)).body.entities_id).toBe(A1);
    // Moving between active entities is fine.
    const [moving] = await bulkCreate(technician, 'Computer', [{ name: unique('moving'), entities_id: A1 }]);
    expect((await technician.put(`Computer/${moving}`, { input: { entities_id: A } })).status).toBe(200);
    // Tickets, documents and groups follow the same rule.
    expectError(await technician.post('Ticket/', { input: { name: 'x', content: 'y', entities_id: B } }), 400, 'ERROR_GLPI_ADD', RIGHT_MISSING);
    expectError(await admin.post('Document/', { input: { name: 'x', entities_id: B } }), 400, 'ERROR_GLPI_ADD', RIGHT_MISSING);
    expectError(await admin.post('Group/', { input: { name: 'x', entities_id: B } }), 400, 'ERROR_GLPI_ADD', RIGHT_MISSING);
    // Financial data of an asset out of reach cannot be added.
    expectError(await admin.post('Infocom/', { input: { itemtype: 'Computer', items_id: pc.B } }), 400, 'ERROR_GLPI_ADD', RIGHT_MISSING);
    expectError(await admin.post(`Computer/${pc.B}/Infocom/`, { input: { value: 10 } }), 400, 'ERROR_GLPI_ADD', RIGHT_MISSING);
  });

  test('links cannot attach things to an item out of reach', async () => {
    // doc-A is Admin's to update, the computer of B is not: the link would change it.
    expectError(
      await admin.post('Document_Item/', { input: { documents_id: doc.A, itemtype: 'Computer', items_id: pc.B } }),
      400,
      'ERROR_GLPI_ADD',
      RIGHT_MISSING,
    );
    expectError(
      await admin.post('Document_Item/', { input: { documents_id: doc.B, itemtype: 'Computer', items_id: pc.A1 } }),
      400,
      'ERROR_GLPI_ADD',
      RIGHT_MISSING,
    );
    expect((await admin.post('Document_Item/', { input: { documents_id: doc.A, itemtype: 'Computer', items_id: pc.A1 } })).status).toBe(201);
  });

  test('a bulk add mixing allowed and refused entities: 207 with per-item results', async () => {
    const names = [unique('bulk-ok'), unique('bulk-refused'), unique('bulk-ok')];
    const res = await technician.post('Computer/', {
      input: [
        { name: names[0], entities_id: A1 },
        { name: names[1], entities_id: B },
        { name: names[2], entities_id: A },
      ],
    });
    expect(res.status).toBe(207);
    expect(res.body[0]).toBe('ERROR_GLPI_PARTIAL_ADD');
    const [ok1, refused, ok2] = res.body[1];
    expect(ok1).toEqual({ id: expect.any(Number), message: `Item successfully added: ${names[0]}` });
    expect(refused).toEqual({ id: false, message: RIGHT_MISSING });
    expect(ok2).toEqual({ id: expect.any(Number), message: `Item successfully added: ${names[2]}` });
    expect((await glpi.get('Computer/', { query: `searchText[name]=^${names[1]}$` })).body).toEqual([]);

    const all = await technician.post('Computer/', { input: [{ name: unique('x'), entities_id: B }, { name: unique('y'), entities_id: 0 }] });
    expectError(all, 400, 'ERROR_GLPI_ADD');
    expect(all.body[1]).toEqual([
      { id: false, message: RIGHT_MISSING },
      { id: false, message: RIGHT_MISSING },
    ]);
  });

  test('a bulk update and a bulk delete mixing reachable and unreachable items: 207, unreachable ones untouched', async () => {
    const [victim] = await bulkCreate(glpi, 'Computer', [{ name: unique('bulk-victim'), entities_id: A1 }]);
    const upd = await technician.put('Computer/', {
      input: [
        { id: victim, comment: 'bulk' },
        { id: pc.B, comment: 'bulk' },
        { id: pc.rootRec, comment: 'bulk' },
      ],
    });
    expect(upd.status).toBe(207);
    expect(upd.body).toEqual([
      'ERROR_GLPI_PARTIAL_UPDATE',
      [
        { [victim!]: true, message: '' },
        { [pc.B!]: false, message: RIGHT_MISSING },
        { [pc.rootRec!]: false, message: RIGHT_MISSING },
      ],
    ]);
    expect((await glpi.get(`Computer/${pc.B}`)).body.comment).toBe('original');
    expect((await glpi.get(`Computer/${pc.rootRec}`)).body.comment).toBe('original');

    const del = await technician.del('Computer/', { body: { input: [{ id: victim }, { id: pc.B }] } });
    expect(del.status).toBe(207);
    expect(del.body).toEqual([
      'ERROR_GLPI_PARTIAL_DELETE',
      [
        { [victim!]: true, message: '' },
        { [pc.B!]: false, message: RIGHT_MISSING },
      ],
    ]);
    expect((await glpi.get(`Computer/${victim}`)).body.is_deleted).toBe(1);
    expect((await glpi.get(`Computer/${pc.B}`)).body.is_deleted).toBe(0);
  });
});

describe('Self-Service', () => {
  test('sees only the tickets it is an actor of, in its entities', async () => {
    const ids = await listIds(selfService, 'Ticket');
    expect(ids).toContain(tk.mine!);
    expect(ids).toContain(tk.watched!);
    expect(ids).not.toContain(tk.assigned!); // assigned is not "my ticket" for READMY
    expect(ids).not.toContain(tk.other!);
    expect(ids).not.toContain(tk.B!); // requester, but outside its entities
    expect((await selfService.get(`Ticket/${tk.mine}`)).status).toBe(200);
    expect((await selfService.get(`Ticket/${tk.watched}`)).status).toBe(200);
  });

  test("cannot read another user's ticket: 403 (404 outside its entities)", async () => {
    for (const id of [tk.other, tk.assigned]) expectError(await selfService.get(`Ticket/${id}`), 403, 'ERROR_RIGHT_MISSING');
    expectError(await selfService.get(`Ticket/${tk.B}`), 404, 'ERROR_ITEM_NOT_FOUND');
  });

  test('opens tickets, which it then sees, edits while new, and may trash while untouched', async () => {
    const res = await selfService.post('Ticket/', { input: { name: 'my printer', content: 'it jams' } });
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    expect(await listIds(selfService, 'Ticket')).toContain(id);
    const ticket = (await selfService.get(`Ticket/${id}`)).body;
    expect(ticket.users_id_recipient).toBe(ssId);
    expect([A, A1]).toContain(ticket.entities_id);
    expect((await selfService.put(`Ticket/${id}`, { input: { content: 'it jams, twice' } })).status).toBe(200);
    // Not someone else's, nor one already assigned to a technician.
    expectError(await selfService.put(`Ticket/${tk.other}`, { input: { name: 'mine now' } }), 400, 'ERROR_GLPI_UPDATE', RIGHT_MISSING);
    expectError(await selfService.put(`Ticket/${tk.assigned}`, { input: { name: 'mine now' } }), 400, 'ERROR_GLPI_UPDATE', RIGHT_MISSING);
    expectError(await selfService.del(`Ticket/${tk.other}`), 400, 'ERROR_GLPI_DELETE', RIGHT_MISSING);
    // No purge right at all.
    expectError(await selfService.del(`Ticket/${id}`, { query: 'force_purge=true' }), 403, 'ERROR_RIGHT_MISSING');
    expect((await selfService.del(`Ticket/${id}`)).status).toBe(204);
    expect((await glpi.get(`Ticket/${id}`)).body.is_deleted).toBe(1);
  });

  test('adds followups to its own tickets only', async () => {
    for (const id of [tk.mine, tk.watched]) {
      const res = await selfService.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: id, content: 'any news?' } });
      expect(res.status).toBe(201);
    }
    const viaUrl = await selfService.post(`Ticket/${tk.mine}/ITILFollowup/`, { input: { content: 'through the ticket' } });
    expect(viaUrl.status).toBe(201);
    for (const id of [tk.other, tk.assigned, tk.B]) {
      expectError(
        await selfService.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: id, content: 'let me in' } }),
        400,
        'ERROR_GLPI_ADD',
        RIGHT_MISSING,
      );
    }
    expectError(await selfService.post(`Ticket/${tk.other}/ITILFollowup/`, { input: { content: 'sneaky' } }), 400, 'ERROR_GLPI_ADD', RIGHT_MISSING);
    // It may not edit followups (no UPDATEMY), its own or others'.
    expectError(await selfService.put(`ITILFollowup/${fu.public}`, { input: { content: 'edited' } }), 403, 'ERROR_RIGHT_MISSING');
  });

  test('sees the public followups of its tickets, never private ones nor those of other tickets', async () => {
    const sub = await selfService.get(`Ticket/${tk.mine}/ITILFollowup`, { query: 'range=0-999' });
    expect(sub.status).toBe(200);
    const subIds = idsOf(sub);
    expect(subIds).toContain(fu.public!);
    expect(subIds).not.toContain(fu.private!);
    const all = await listIds(selfService, 'ITILFollowup');
    expect(all).toContain(fu.public!);
    for (const id of [fu.private, fu.other, fu.B]) expect(all).not.toContain(id!);
    expectError(await selfService.get(`ITILFollowup/${fu.private}`), 403, 'ERROR_RIGHT_MISSING');
    expectError(await selfService.get(`ITILFollowup/${fu.other}`), 403, 'ERROR_RIGHT_MISSING');
    expectError(await selfService.get(`Ticket/${tk.other}/ITILFollowup`), 403, 'ERROR_RIGHT_MISSING');
  });

  test('reaches no asset, user, group, document or entity', async () => {
    for (const type of ['Computer', 'Monitor', 'Software', 'User', 'Group', 'Document', 'Entity', 'Problem', 'Change', 'Log']) {
      expectError(await selfService.get(`${type}/`), 403, 'ERROR_RIGHT_MISSING');
    }
    expectError(await selfService.get(`Computer/${pc.A}`), 403, 'ERROR_RIGHT_MISSING');
    expectError(await selfService.post('Computer/', { input: { name: 'mine' } }), 403, 'ERROR_RIGHT_MISSING');
    expectError(await selfService.get(`Ticket/${tk.mine}/Log`), 403, 'ERROR_RIGHT_MISSING');
  });
});

describe('no leak on any read path', () => {
  test('collections only hold rows of the active entities', async () => {
    const computers = await listIds(technician, 'Computer');
    for (const name of ['A', 'ARec', 'A1', 'rootRec']) expect(computers).toContain(pc[name]!);
    for (const name of ['B', 'root']) expect(computers).not.toContain(pc[name]!);
    expect(await listIds(technician, 'Ticket')).not.toContain(tk.B!);
    expect(await listIds(observer, 'Document')).toEqual([doc.A!]);
    const entities = await listIds(technician, 'Entity');
    expect(entities.sort()).toEqual([A, A1].sort());
    // searchText cannot widen the scope.
    expect((await technician.get('Computer/', { query: 'searchText[name]=pc-B' })).body).toEqual([]);
    expect((await technician.get('Computer/', { query: 'is_deleted=true&range=0-999' })).status).toBe(200);
  });

  test('users are visible through their authorizations only', async () => {
    const inB = await createUser(glpi, unique('only-b'), 2, B, false, null);
    const inA1 = await createUser(glpi, unique('only-a1'), 2, A1, false, null);
    const users = await listIds(technician, 'User');
    expect(users).toContain(inA1);
    expect(users).not.toContain(inB);
    expectError(await technician.get(`User/${inB}`), 404, 'ERROR_ITEM_NOT_FOUND');
    expectError(await technician.get(`User/${inB}/Profile_User`), 404, 'ERROR_ITEM_NOT_FOUND');
    expectError(await technician.put(`User/${inB}`, { input: { comment: 'x' } }), 400, 'ERROR_GLPI_UPDATE', RIGHT_MISSING);
  });

  test("a user's authorizations on other entities stay hidden and untouchable", async () => {
    const both = await createUser(glpi, unique('both'), 1, A1, false, null);
    const [grantB] = await bulkCreate(glpi, 'Profile_User', [{ users_id: both, profiles_id: 2, entities_id: B, is_recursive: 0 }]);
    const sub = await admin.get(`User/${both}/Profile_User`);
    expect(sub.status).toBe(200);
    expect(sub.body.map((g: { entities_id: number }) => g.entities_id)).toEqual([A1]);
    expect((await listIds(admin, 'Profile_User')).includes(grantB!)).toBe(false);
    expectError(await admin.get(`Profile_User/${grantB}`), 404, 'ERROR_ITEM_NOT_FOUND');
    expectError(await admin.put(`Profile_User/${grantB}`, { input: { is_recursive: 1 } }), 400, 'ERROR_GLPI_UPDATE', RIGHT_MISSING);
    expectError(await admin.del(`Profile_User/${grantB}`), 400, 'ERROR_GLPI_DELETE', RIGHT_MISSING);
    expect((await glpi.get(`Profile_User/${grantB}`)).status).toBe(200);
  });

  test('sub-items: the parent must be reachable, and children follow their own rules', async () => {
    expectError(await supervisor.get(`Computer/${pc.B}/Log`), 404, 'ERROR_ITEM_NOT_FOUND');
    const logs = await supervisor.get(`Computer/${pc.A}/Log`, { query: 'range=0-999' });
    expect(logs.status).toBe(200);
    expect(logs.body.length).toBeGreaterThan(0);
    for (const row of logs.body) expect([row.itemtype, row.items_id]).toEqual(['Computer', pc.A]);
    // The Log collection holds no history of unreachable items.
    const all = await supervisor.get('Log/', { query: 'range=0-999' });
    expect(all.status).toBe(200);
    const outside = new Set([pc.B, pc.root]);
    expect(all.body.filter((r: { itemtype: string; items_id: number }) => r.itemtype === 'Computer' && outside.has(r.items_id))).toEqual([]);
    expect(all.body.filter((r: { itemtype: string; items_id: number }) => r.itemtype === 'Ticket' && r.items_id === tk.B)).toEqual([]);
    // Links to unreachable tickets and documents are not listed under a reachable computer.
    const links = await technician.get(`Computer/${pc.A}/Item_Ticket`);
    expect(links.status).toBe(200);
    expect(links.body.map((r: { tickets_id: number }) => r.tickets_id)).toEqual([tk.other]);
    const docs = await technician.get(`Computer/${pc.A}/Document_Item`, { query: 'range=0-999' });
    expect(docs.status).toBe(200);
    expect(docs.body.map((r: { documents_id: number }) => r.documents_id)).not.toContain(doc.B);
    expectError(await technician.get(`Ticket/${tk.B}/ITILFollowup`), 404, 'ERROR_ITEM_NOT_FOUND');
    expectError(await technician.get(`Document/${doc.B}/Document_Item`), 404, 'ERROR_ITEM_NOT_FOUND');
  });

  test('getMultipleItems: all or nothing, 404 when one is missing or outside the entities, 403 when one is not readable', async () => {
    const q = (refs: [string, number][]) => refs.map(([t, id], i) => `items[${i}][itemtype]=${t}&items[${i}][items_id]=${id}`).join('&');
    const ok = await technician.get('getMultipleItems', { query: q([['Computer', pc.A!], ['Computer', pc.A1!], ['Ticket', tk.other!]]) });
    expect(ok.status).toBe(200);
    expect(ok.body.map((r: { id: number }) => r.id)).toEqual([pc.A, pc.A1, tk.other]);
    expectError(await technician.get('getMultipleItems', { query: q([['Computer', pc.A!], ['Computer', pc.B!]]) }), 404, 'ERROR_ITEM_NOT_FOUND');
    expectError(await technician.get('getMultipleItems', { query: q([['Computer', pc.A!], ['Ticket', tk.B!]]) }), 404, 'ERROR_ITEM_NOT_FOUND');
    expectError(await technician.get('getMultipleItems', { query: q([['Computer', pc.A!], ['Computer', 999999]]) }), 404, 'ERROR_ITEM_NOT_FOUND');
    expectError(await selfService.get('getMultipleItems', { query: q([['Ticket', tk.mine!], ['Ticket', tk.other!]]) }), 403, 'ERROR_RIGHT_MISSING');
    expect((await selfService.get('getMultipleItems', { query: q([['Ticket', tk.mine!], ['Ticket', tk.watched!]]) })).status).toBe(200);
  });

  test('with_* sections never include what the session cannot see', async () => {
    const res = await technician.get(`Computer/${pc.A}`, { query: 'with_tickets=true&with_documents=true' });
    expect(res.status).toBe(200);
    expect(res.body._tickets.map((t: { id: number }) => t.id)).toEqual([tk.other]);
    expect(res.body._documents.map((d: { id: number }) => d.id)).toEqual([doc.A]);
    // Glpi sees the whole tree.
    const full = await glpi.get(`Computer/${pc.A}`, { query: 'with_tickets=true&with_documents=true' });
    expect(full.body._tickets.map((t: { id: number }) => t.id).sort()).toEqual([tk.other, tk.B].sort());
    expect(full.body._documents.map((d: { id: number }) => d.id).sort()).toEqual([doc.A, doc.B].sort());
    // Sections needing a right the profile lacks answer the error object, not data.
    const noLogs = await technician.get(`Computer/${pc.A}`, { query: 'with_logs=true&with_infocoms=true' });
    expect(noLogs.body._logs).toEqual({ error: 401, message: RIGHT_MISSING });
    expect(noLogs.body._infocoms).toEqual({ error: 401, message: RIGHT_MISSING });
    // Connections to a monitor of B are neither shown nor listed as links.
    const [monA, monB] = await bulkCreate(glpi, 'Monitor', [
      { name: unique('mon-a'), entities_id: A },
      { name: unique('mon-b'), entities_id: B },
    ]);
    await bulkCreate(glpi, 'Computer_Item', [
      { computers_id: pc.A, itemtype: 'Monitor', items_id: monA },
      { computers_id: pc.A, itemtype: 'Monitor', items_id: monB },
    ]);
    const conn = await technician.get(`Computer/${pc.A}`, { query: 'with_connections=true' });
    expect(conn.body._connections.Monitor.map((m: { id: number }) => m.id)).toEqual([monA]);
    const links = await technician.get(`Computer/${pc.A}/Computer_Item`);
    expect(links.body.map((l: { items_id: number }) => l.items_id)).toEqual([monA]);
    // getMultipleItems applies the same sections with the same filter.
    const multi = await technician.get('getMultipleItems', { query: `items[0][itemtype]=Computer&items[0][items_id]=${pc.A}&with_tickets=true` });
    expect(multi.body[0]._tickets.map((t: { id: number }) => t.id)).toEqual([tk.other]);
  });

  test('getItem of an item in B from a session scoped to A: 404 for every kind of item, as a missing one', async () => {
    const [groupB] = await bulkCreate(glpi, 'Group', [{ name: unique('group-b'), entities_id: B }]);
    const checks: [Client, string, number][] = [
      [technician, 'Computer', pc.B!],
      [technician, 'Ticket', tk.B!],
      [technician, 'ITILFollowup', fu.B!],
      [admin, 'Document', doc.B!],
      [admin, 'Group', groupB!],
      [admin, 'Entity', B],
      [admin, 'Entity', 0],
      [observer, 'Computer', pc.root!],
    ];
    for (const [client, type, id] of checks) expectError(await client.get(`${type}/${id}`), 404, 'ERROR_ITEM_NOT_FOUND');
    expectError(await technician.get('Computer/999999'), 404, 'ERROR_ITEM_NOT_FOUND');
    // A type the profile has no right on at all is 403, whether the id exists or not.
    for (const id of [pc.A!, 999999]) expectError(await selfService.get(`Computer/${id}`), 403, 'ERROR_RIGHT_MISSING');
  });
});
