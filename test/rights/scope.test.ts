import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { scenario, type Step } from '../support/scenario';
import { startServer, type TestServer } from '../support/server';
import { buildBase, bulkCreate, createUser, DENIED, expectError, idsOf, loginAs, NOT_FOUND, placeComputers, refused, RIGHT_MISSING, unique, type Base } from './fixture';

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
  // GLPI links a document only to items of entities it sees: doc-B is linked while in A, then moved to B.
  const dids = await bulkCreate(glpi, 'Document', [
    { name: 'doc-A', entities_id: A },
    { name: 'doc-B', entities_id: A },
  ]);
  [doc.A, doc.B] = dids as [number, number];
  await bulkCreate(glpi, 'Document_Item', [
    { documents_id: doc.A, itemtype: 'Computer', items_id: pc.A },
    { documents_id: doc.B, itemtype: 'Computer', items_id: pc.A },
  ]);
  if ((await glpi.put(`Document/${doc.B}`, { input: { entities_id: B } })).status !== 200) throw new Error('doc-B not moved to B');
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

/** A collection, all of it. */
const list = (itemtype: string): Step => ({ request: `GET ${itemtype}/`, query: 'range=0-999', status: 200 });

describe('entity scope', () => {
  test('an item of an ancestor entity is visible from a sub-entity only when recursive, and read-only there', async () => {
    const tech = await loginAs(base.api, 'user_technician');
    await scenario(tech, [
      { request: 'POST changeActiveEntities', body: { entities_id: A1 }, status: 200 },
      { request: `GET Computer/${pc.ARec}`, status: 200 },
      { request: `GET Computer/${pc.rootRec}`, status: 200 },
      // Outside the active entities: as if it did not exist.
      { request: `GET Computer/${pc.A}`, ...NOT_FOUND },
      { request: `GET Computer/${pc.root}`, ...NOT_FOUND },
      ...[pc.ARec, pc.rootRec].flatMap((id): Step[] => [
        { request: `PUT Computer/${id}`, body: { input: { comment: 'from below' } }, ...refused('ERROR_GLPI_UPDATE') },
        { request: `DELETE Computer/${id}`, ...refused('ERROR_GLPI_DELETE') },
        { request: `DELETE Computer/${id}`, query: 'force_purge=true', ...refused('ERROR_GLPI_DELETE') },
      ]),
      { ...list('Computer'), lists: [pc.ARec!, pc.A1!], omits: [pc.A!] },
      // From its own entity, the recursive item is writable again.
      { request: 'POST changeActiveEntities', body: { entities_id: A }, status: 200 },
      { request: `PUT Computer/${pc.ARec}`, body: { input: { comment: 'from A' } }, status: 200 },
      { request: `GET Computer/${pc.rootRec}`, as: glpi, status: 200, answer: { comment: 'original' } },
    ]);
  });

  test('a recursive dropdown of the root entity is usable below, but editable only from the root', async () => {
    const [loc] = await bulkCreate(glpi, 'Location', [{ name: unique('site'), entities_id: 0, is_recursive: 1 }]);
    const [hidden] = await bulkCreate(glpi, 'Location', [{ name: unique('root-only'), entities_id: 0, is_recursive: 0 }]);
    await scenario(supervisor, [
      { request: `GET Location/${loc}`, status: 200 },
      { request: `GET Location/${hidden}`, ...NOT_FOUND },
      { request: `PUT Location/${loc}`, body: { input: { comment: 'x' } }, ...refused('ERROR_GLPI_UPDATE') },
      { ...list('Location'), lists: [loc!], omits: [hidden!] },
    ]);
  });

  test('writes into an entity outside the active ones are refused', async () => {
    const [moving] = await bulkCreate(technician, 'Computer', [{ name: unique('moving'), entities_id: A1 }]);
    await scenario(technician, [
      ...[B, 0].flatMap((entities_id): Step[] => [
        { request: 'POST Computer/', body: { input: { name: unique('outside'), entities_id } }, ...refused('ERROR_GLPI_ADD') },
        { request: 'POST Computer/', body: { input: { name: unique('outside-rec'), entities_id, is_recursive: 1 } }, ...refused('ERROR_GLPI_ADD') },
      ]),
      // Moving an item out of reach is refused, and it stays where it was.
      { request: `PUT Computer/${pc.A1}`, body: { input: { entities_id: B } }, ...refused('ERROR_GLPI_UPDATE') },
      { request: `GET Computer/${pc.A1}`, as: glpi, status: 200, answer: { entities_id: A1 } },
      // Moving between active entities is fine.
      { request: `PUT Computer/${moving}`, body: { input: { entities_id: A } }, status: 200 },
      // Tickets, documents and groups follow the same rule.
      { request: 'POST Ticket/', body: { input: { name: 'x', content: 'y', entities_id: B } }, ...refused('ERROR_GLPI_ADD') },
      { request: 'POST Document/', as: admin, body: { input: { name: 'x', entities_id: B } }, ...refused('ERROR_GLPI_ADD') },
      { request: 'POST Group/', as: admin, body: { input: { name: 'x', entities_id: B } }, ...refused('ERROR_GLPI_ADD') },
      // Financial data of an asset out of reach cannot be added.
      { request: 'POST Infocom/', as: admin, body: { input: { itemtype: 'Computer', items_id: pc.B } }, ...refused('ERROR_GLPI_ADD') },
      { request: `POST Computer/${pc.B}/Infocom/`, as: admin, body: { input: { value: 10 } }, ...refused('ERROR_GLPI_ADD') },
    ]);
  });

  test('links cannot attach things to an item out of reach', async () => {
    const link = (documents_id: number, items_id: number) => ({ request: 'POST Document_Item/', body: { input: { documents_id, itemtype: 'Computer', items_id } } });
    const shared = await admin.create('Document', { name: 'doc-A-recursive', entities_id: A, is_recursive: 1 });
    await scenario(admin, [
      // doc-A is Admin's to update, the computer of B is not: the link would change it.
      { ...link(doc.A!, pc.B!), ...refused('ERROR_GLPI_ADD') },
      { ...link(doc.B!, pc.A1!), ...refused('ERROR_GLPI_ADD') },
      // As GLPI, a document of A reaches an item of A1 only when it is recursive.
      { ...link(doc.A!, pc.A1!), status: 400, answer: ['ERROR_GLPI_ADD', "You don't have permission to perform this action."] },
      { ...link(shared, pc.A1!), status: 201 },
    ]);
    // The other tests count the documents of A: this one goes.
    expect((await admin.del(`Document/${shared}`, { query: 'force_purge=1' })).status).toBe(204);
  });

  test('a bulk add mixing allowed and refused entities: 207 with per-item results', async () => {
    const names = [unique('bulk-ok'), unique('bulk-refused'), unique('bulk-ok')];
    const added = (name: string) => ({ id: expect.any(Number), message: `Item successfully added: ${name}` });
    const notAdded = { id: false, message: RIGHT_MISSING };
    await scenario(technician, [
      {
        request: 'POST Computer/',
        body: { input: [{ name: names[0], entities_id: A1 }, { name: names[1], entities_id: B }, { name: names[2], entities_id: A }] },
        status: 207,
        equals: ['ERROR_GLPI_PARTIAL_ADD', [added(names[0]!), notAdded, added(names[2]!)]],
      },
      { request: 'GET Computer/', as: glpi, query: `searchText[name]=^${names[1]}$`, status: 200, equals: [] },
      {
        request: 'POST Computer/',
        body: { input: [{ name: unique('x'), entities_id: B }, { name: unique('y'), entities_id: 0 }] },
        status: 400,
        error: 'ERROR_GLPI_ADD',
        equals: ['ERROR_GLPI_ADD', [notAdded, notAdded]],
      },
    ]);
  });

  test('a bulk update and a bulk delete mixing reachable and unreachable items: 207, unreachable ones untouched', async () => {
    const [victim] = await bulkCreate(glpi, 'Computer', [{ name: unique('bulk-victim'), entities_id: A1 }]);
    const done = (id: number) => ({ [id]: true, message: '' });
    const refusedOne = (id: number) => ({ [id]: false, message: RIGHT_MISSING });
    await scenario(technician, [
      {
        request: 'PUT Computer/',
        body: { input: [{ id: victim, comment: 'bulk' }, { id: pc.B, comment: 'bulk' }, { id: pc.rootRec, comment: 'bulk' }] },
        status: 207,
        equals: ['ERROR_GLPI_PARTIAL_UPDATE', [done(victim!), refusedOne(pc.B!), refusedOne(pc.rootRec!)]],
      },
      { request: `GET Computer/${pc.B}`, as: glpi, status: 200, answer: { comment: 'original' } },
      { request: `GET Computer/${pc.rootRec}`, as: glpi, status: 200, answer: { comment: 'original' } },
      { request: 'DELETE Computer/', body: { input: [{ id: victim }, { id: pc.B }] }, status: 207, equals: ['ERROR_GLPI_PARTIAL_DELETE', [done(victim!), refusedOne(pc.B!)]] },
      { request: `GET Computer/${victim}`, as: glpi, status: 200, answer: { is_deleted: 1 } },
      { request: `GET Computer/${pc.B}`, as: glpi, status: 200, answer: { is_deleted: 0 } },
    ]);
  });
});

describe('Self-Service', () => {
  test('sees only the tickets it is an actor of, in its entities', () =>
    scenario(selfService, [
      // Assigned is not "my ticket" for READMY; B has it as requester, but is outside its entities.
      { ...list('Ticket'), lists: [tk.mine!, tk.watched!], omits: [tk.assigned!, tk.other!, tk.B!] },
      { request: `GET Ticket/${tk.mine}`, status: 200 },
      { request: `GET Ticket/${tk.watched}`, status: 200 },
    ]));

  test("cannot read another user's ticket: 403 (404 outside its entities)", () =>
    scenario(selfService, [
      { request: `GET Ticket/${tk.other}`, ...DENIED },
      { request: `GET Ticket/${tk.assigned}`, ...DENIED },
      { request: `GET Ticket/${tk.B}`, ...NOT_FOUND },
    ]));

  test('opens tickets, which it then sees, edits while new, and may trash while untouched', async () => {
    const id = await selfService.create('Ticket', { name: 'my printer', content: 'it jams' });
    await scenario(selfService, [
      { ...list('Ticket'), lists: [id] },
      { request: `GET Ticket/${id}`, status: 200, answer: { users_id_recipient: ssId }, check: (res) => expect([A, A1]).toContain(res.body.entities_id) },
      { request: `PUT Ticket/${id}`, body: { input: { content: 'it jams, twice' } }, status: 200 },
      // Not someone else's, nor one already assigned to a technician.
      { request: `PUT Ticket/${tk.other}`, body: { input: { name: 'mine now' } }, ...refused('ERROR_GLPI_UPDATE') },
      { request: `PUT Ticket/${tk.assigned}`, body: { input: { name: 'mine now' } }, ...refused('ERROR_GLPI_UPDATE') },
      { request: `DELETE Ticket/${tk.other}`, ...refused('ERROR_GLPI_DELETE') },
      // No purge right at all.
      { request: `DELETE Ticket/${id}`, query: 'force_purge=true', ...DENIED },
      { request: `DELETE Ticket/${id}`, status: 204 },
      { request: `GET Ticket/${id}`, as: glpi, status: 200, answer: { is_deleted: 1 } },
    ]);
  });

  test('adds followups to its own tickets only', () => {
    const followup = (items_id: number, content: string) => ({ request: 'POST ITILFollowup/', body: { input: { itemtype: 'Ticket', items_id, content } } });
    return scenario(selfService, [
      { ...followup(tk.mine!, 'any news?'), status: 201 },
      { ...followup(tk.watched!, 'any news?'), status: 201 },
      { request: `POST Ticket/${tk.mine}/ITILFollowup/`, body: { input: { content: 'through the ticket' } }, status: 201 },
      ...[tk.other!, tk.assigned!, tk.B!].map((id): Step => ({ ...followup(id, 'let me in'), ...refused('ERROR_GLPI_ADD') })),
      { request: `POST Ticket/${tk.other}/ITILFollowup/`, body: { input: { content: 'sneaky' } }, ...refused('ERROR_GLPI_ADD') },
      // It may not edit followups (no UPDATEMY), its own or others'.
      { request: `PUT ITILFollowup/${fu.public}`, body: { input: { content: 'edited' } }, ...DENIED },
    ]);
  });

  test('sees the public followups of its tickets, never private ones nor those of other tickets', () =>
    scenario(selfService, [
      { request: `GET Ticket/${tk.mine}/ITILFollowup`, query: 'range=0-999', status: 200, lists: [fu.public!], omits: [fu.private!] },
      { ...list('ITILFollowup'), lists: [fu.public!], omits: [fu.private!, fu.other!, fu.B!] },
      { request: `GET ITILFollowup/${fu.private}`, ...DENIED },
      { request: `GET ITILFollowup/${fu.other}`, ...DENIED },
      { request: `GET Ticket/${tk.other}/ITILFollowup`, ...DENIED },
    ]));

  test('reaches no asset, user, group, document or entity', () =>
    scenario(selfService, [
      ...['Computer', 'Monitor', 'Software', 'User', 'Group', 'Document', 'Entity', 'Problem', 'Change', 'Log'].map((type): Step => ({ request: `GET ${type}/`, ...DENIED })),
      { request: `GET Computer/${pc.A}`, ...DENIED },
      { request: 'POST Computer/', body: { input: { name: 'mine' } }, ...DENIED },
      { request: `GET Ticket/${tk.mine}/Log`, ...DENIED },
    ]));
});

describe('no leak on any read path', () => {
  test('collections only hold rows of the active entities', () =>
    scenario(technician, [
      { ...list('Computer'), lists: [pc.A!, pc.ARec!, pc.A1!, pc.rootRec!], omits: [pc.B!, pc.root!] },
      { ...list('Ticket'), omits: [tk.B!] },
      { ...list('Document'), as: observer, answer: [{ id: doc.A }] },
      { ...list('Entity'), check: (res) => expect(idsOf(res).sort()).toEqual([A, A1].sort()) },
      // searchText cannot widen the scope.
      { request: 'GET Computer/', query: 'searchText[name]=pc-B', status: 200, equals: [] },
      { request: 'GET Computer/', query: 'is_deleted=true&range=0-999', status: 200 },
    ]));

  test('users are visible through their authorizations only', async () => {
    const inB = await createUser(glpi, unique('only-b'), 2, B, false, null);
    const inA1 = await createUser(glpi, unique('only-a1'), 2, A1, false, null);
    await scenario(technician, [
      { ...list('User'), lists: [inA1], omits: [inB] },
      { request: `GET User/${inB}`, ...NOT_FOUND },
      { request: `GET User/${inB}/Profile_User`, ...NOT_FOUND },
      { request: `PUT User/${inB}`, body: { input: { comment: 'x' } }, ...refused('ERROR_GLPI_UPDATE') },
    ]);
  });

  test("a user's authorizations on other entities stay hidden and untouchable", async () => {
    const both = await createUser(glpi, unique('both'), 1, A1, false, null);
    const [grantB] = await bulkCreate(glpi, 'Profile_User', [{ users_id: both, profiles_id: 2, entities_id: B, is_recursive: 0 }]);
    await scenario(admin, [
      { request: `GET User/${both}/Profile_User`, status: 200, answer: [{ entities_id: A1 }] },
      { ...list('Profile_User'), omits: [grantB!] },
      { request: `GET Profile_User/${grantB}`, ...NOT_FOUND },
      { request: `PUT Profile_User/${grantB}`, body: { input: { is_recursive: 1 } }, ...refused('ERROR_GLPI_UPDATE') },
      { request: `DELETE Profile_User/${grantB}`, ...refused('ERROR_GLPI_DELETE') },
      { request: `GET Profile_User/${grantB}`, as: glpi, status: 200 },
    ]);
  });

  test('sub-items: the parent must be reachable, and children follow their own rules', async () => {
    expectError(await supervisor.get(`Computer/${pc.B}/Log`), 404, 'ERROR_ITEM_NOT_FOUND');
    const logs = await supervisor.get(`Computer/${pc.A}/Log`, { query: 'range=0-999' });
    expect(logs.status).toBe(200);
    // Its whole history: created (20), then its links (15), even to items the supervisor cannot read.
    expect(logs.body.map((r: { linked_action: number; new_value: string }) => [r.linked_action, r.new_value])).toEqual([
      [20, ''],
      [15, `ticket-other (${tk.other})`],
      [15, `ticket-B (${tk.B})`],
      [15, `doc-A (${doc.A})`],
      [15, `doc-B (${doc.B})`],
    ]);
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

  test('getMultipleItems: all or nothing, 404 when one is missing or outside the entities, 403 when one is not readable', () => {
    const items = (...refs: [string, number][]) => ({
      request: 'GET getMultipleItems',
      query: refs.map(([t, id], i) => `items[${i}][itemtype]=${t}&items[${i}][items_id]=${id}`).join('&'),
    });
    return scenario(technician, [
      { ...items(['Computer', pc.A!], ['Computer', pc.A1!], ['Ticket', tk.other!]), status: 200, answer: [{ id: pc.A }, { id: pc.A1 }, { id: tk.other }] },
      { ...items(['Computer', pc.A!], ['Computer', pc.B!]), ...NOT_FOUND },
      { ...items(['Computer', pc.A!], ['Ticket', tk.B!]), ...NOT_FOUND },
      { ...items(['Computer', pc.A!], ['Computer', 999999]), ...NOT_FOUND },
      { ...items(['Ticket', tk.mine!], ['Ticket', tk.other!]), as: selfService, ...DENIED },
      { ...items(['Ticket', tk.mine!], ['Ticket', tk.watched!]), as: selfService, status: 200 },
    ]);
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
    const missing: [Client, string, number][] = [
      [technician, 'Computer', pc.B!],
      [technician, 'Ticket', tk.B!],
      [technician, 'ITILFollowup', fu.B!],
      [admin, 'Document', doc.B!],
      [admin, 'Group', groupB!],
      [admin, 'Entity', B],
      [admin, 'Entity', 0],
      [observer, 'Computer', pc.root!],
      [technician, 'Computer', 999999],
    ];
    await scenario(technician, [
      ...missing.map(([client, type, id]): Step => ({ request: `GET ${type}/${id}`, as: client, ...NOT_FOUND })),
      // A type the profile has no right on at all is 403, whether the id exists or not.
      ...[pc.A!, 999999].map((id): Step => ({ request: `GET Computer/${id}`, as: selfService, ...DENIED })),
    ]);
  });
});
