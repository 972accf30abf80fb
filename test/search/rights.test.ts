import { beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { useServer } from '../support/server';
import { bulk, column, createUser, expectError, names, search, USER_PASSWORD } from './helpers';

/**
 * Search never shows more than the session may read: READ on the itemtype, the active entities
 * (recursive items of parent entities included), the service-desk rules, private followups;
 * and it keeps GLPI's default restrictions (trash, templates).
 */

const ctx = useServer();
let glpi: Client;
let tech: Client;
let selfService: Client;
let A: number, A1: number, B: number;
const tk: Record<string, number> = {};
const pc: Record<string, number> = {};

const RIGHT_MISSING = "You don't have permission to perform this action.";

beforeAll(async () => {
  glpi = ctx.api;
  A = await glpi.create('Entity', { name: 'A', entities_id: 0 });
  A1 = await glpi.create('Entity', { name: 'A1', entities_id: A });
  B = await glpi.create('Entity', { name: 'B', entities_id: 0 });
  await createUser(glpi, 'tech_a', 6, A);
  const ssId = await createUser(glpi, 'self_a', 1, A);
  tech = await new Client(ctx.server.api).login('tech_a', USER_PASSWORD);
  selfService = await new Client(ctx.server.api).login('self_a', USER_PASSWORD);

  const placed: [string, number, number][] = [
    ['pc-root', 0, 0],
    ['pc-rootrec', 0, 1],
    ['pc-a', A, 0],
    ['pc-a1', A1, 0],
    ['pc-b', B, 0],
  ];
  const ids = await bulk(glpi, 'Computer', placed.map(([name, entities_id, is_recursive]) => ({ name, entities_id, is_recursive, serial: 'SER' })));
  placed.forEach(([name], i) => (pc[name] = ids[i]!));
  await bulk(glpi, 'Monitor', [
    { name: 'mon-a', entities_id: A },
    { name: 'mon-b', entities_id: B },
  ]);

  const tickets: [string, Record<string, unknown>][] = [
    ['mine', { entities_id: A, _users_id_requester: ssId }],
    ['watched', { entities_id: A1, _users_id_observer: ssId }],
    ['other', { entities_id: A }],
    ['in-b', { entities_id: B, _users_id_requester: ssId }],
  ];
  const tids = await bulk(glpi, 'Ticket', tickets.map(([name, extra]) => ({ name: `ticket-${name}`, content: name, ...extra })));
  tickets.forEach(([name], i) => (tk[name] = tids[i]!));
  await bulk(glpi, 'ITILFollowup', [
    { itemtype: 'Ticket', items_id: tk.mine, content: 'public answer' },
    { itemtype: 'Ticket', items_id: tk.mine, content: 'private note', is_private: 1 },
  ]);
}, 60_000);

describe('entities', () => {
  test('a user of a sub-entity sees its entities and recursive items above them', async () => {
    expect(await names(tech, 'Computer', [])).toEqual(['pc-a', 'pc-a1', 'pc-rootrec']);
    const res = await search(tech, 'Computer');
    expect(res.body.totalcount).toBe(3);
    expect(res.body.data.map((r: Record<string, unknown>) => r['80'])).toEqual(['Root entity > A', 'Root entity > A > A1', 'Root entity']);
  });

  test('criteria cannot widen the scope', async () => {
    const escape = [
      { field: 1, searchtype: 'contains', value: 'pc-b' },
      { link: 'OR', field: 2, searchtype: 'contains', value: '>0' },
    ];
    expect(await names(tech, 'Computer', escape)).toEqual(['pc-a', 'pc-a1', 'pc-rootrec']);
    expect(await names(tech, 'Computer', [{ field: 80, searchtype: 'under', value: B }])).toEqual([]);
    expect(await names(tech, 'Computer', [{ field: 80, searchtype: 'under', value: A }])).toEqual(['pc-a', 'pc-a1']);
  });

  test('dropdown criteria counted per combination keep the scope (entities and recursive items above them)', async () => {
    // Only dropdowns and visibility columns: the total comes from the count table, the page from one dropdown's index.
    const criteria = [
      { criteria: [{ field: 23, searchtype: 'equals', value: 0 }, { link: 'OR', field: 3, searchtype: 'notequals', value: 0 }] },
      { link: 'AND NOT', field: 31, searchtype: 'equals', value: 999 },
    ];
    for (const [client, expected] of [
      [tech, ['pc-a', 'pc-a1', 'pc-rootrec']],
      [glpi, ['pc-a', 'pc-a1', 'pc-b', 'pc-root', 'pc-rootrec']],
    ] as const) {
      const res = await search(client, 'Computer', { criteria, rawdata: 1, range: '0-99', sort: 1 });
      expect(res.body.rawdata.sql.count[0]).toContain('glpi_computers__counts');
      expect(res.body.totalcount).toBe(expected.length);
      expect(res.body.data.map((r: Record<string, unknown>) => r['1'])).toEqual(expected);
    }
  });

  test('AllAssets unions only reachable rows', async () => {
    const res = await search(tech, 'AllAssets', { range: '0-99' });
    expect(res.body.data.map((r: Record<string, unknown>) => r['1'])).toEqual(['mon-a', 'pc-a', 'pc-a1', 'pc-rootrec']);
  });

  test('meta criteria only reach readable rows', async () => {
    const res = await search(tech, 'Computer', { criteria: [{ meta: true, itemtype: 'Entity', field: 1, searchtype: 'contains', value: 'B' }] });
    expect(res.body.totalcount).toBe(0);
  });
});

describe('rights', () => {
  test('no READ on the itemtype is 403', async () => {
    expectError(await search(selfService, 'Computer'), 403, 'ERROR_RIGHT_MISSING', RIGHT_MISSING);
    expectError(await search(selfService, 'AllAssets'), 403, 'ERROR_RIGHT_MISSING', RIGHT_MISSING);
    expectError(await search(selfService, 'Profile'), 403, 'ERROR_RIGHT_MISSING', RIGHT_MISSING);
  });

  test('meta criteria on an unreadable itemtype are 403', async () => {
    const res = await search(selfService, 'Ticket', { criteria: [{ meta: true, itemtype: 'Computer', field: 1, searchtype: 'contains', value: 'pc' }] });
    expectError(res, 403, 'ERROR_RIGHT_MISSING');
  });

  test('Self-Service sees only its own tickets, in its entities', async () => {
    expect(await names(selfService, 'Ticket', [])).toEqual(['ticket-mine', 'ticket-watched']);
    expect(await names(selfService, 'Ticket', [{ field: 1, searchtype: 'contains', value: 'other' }])).toEqual([]);
    expect(await names(selfService, 'Ticket', [{ field: 12, searchtype: 'equals', value: 'all' }, { link: 'OR', field: 2, searchtype: 'contains', value: '>0' }])).toEqual([
      'ticket-mine',
      'ticket-watched',
    ]);
  });

  test('private followups stay hidden from Self-Service', async () => {
    expect(await column(selfService, 'Ticket', 25, { forcedisplay: [25], criteria: [{ field: 2, searchtype: 'equals', value: tk.mine }] })).toEqual(['public answer']);
    expect(await names(selfService, 'Ticket', [{ field: 25, searchtype: 'contains', value: 'private' }])).toEqual([]);
    expect(await column(glpi, 'Ticket', 25, { forcedisplay: [25], criteria: [{ field: 2, searchtype: 'equals', value: tk.mine }] })).toEqual([['public answer', 'private note']]);
  });

  test('a technician sees every ticket of its entities', async () => {
    expect(await names(tech, 'Ticket', [])).toEqual(['ticket-mine', 'ticket-other', 'ticket-watched']);
  });
});

describe('default restrictions', () => {
  test('the trash is searched only with is_deleted=1', async () => {
    const trashed = await glpi.create('Computer', { name: 'pc-trashed' });
    expect((await glpi.del(`Computer/${trashed}`)).status).toBe(204);
    expect(await names(glpi, 'Computer', [{ field: 1, searchtype: 'contains', value: 'trashed' }])).toEqual([]);
    expect(await names(glpi, 'Computer', [], { is_deleted: 1 })).toEqual(['pc-trashed']);
  });

  test('templates are never listed', async () => {
    await glpi.create('Computer', { name: 'pc-template', is_template: 1, template_name: 'tpl' });
    expect(await names(glpi, 'Computer', [{ field: 1, searchtype: 'contains', value: 'template' }])).toEqual([]);
  });

  test('counts follow writes', async () => {
    const before = (await search(glpi, 'Monitor')).body.totalcount;
    await glpi.create('Monitor', { name: 'mon-new' });
    expect((await search(glpi, 'Monitor')).body.totalcount).toBe(before + 1);
  });
});
