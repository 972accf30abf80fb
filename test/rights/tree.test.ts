import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { scenario, type Step } from '../support/scenario';
import { startServer, type TestServer } from '../support/server';
import { bulkCreate, createUser, DENIED, loginAs, NOT_FOUND, unique } from './fixture';

/**
 * Trees: entity complete names stay right through renames and moves, a node cannot move under
 * itself or its descendants, the root cannot move, and sessions follow the new shape at once.
 * Locations (a tree dropdown) obey the same rules.
 */

let server: TestServer;
let glpi: Client;
let A: number, A1: number, A1a: number, B: number;

beforeAll(async () => {
  server = await startServer();
  glpi = await new Client(server.api).login();
  A = await glpi.create('Entity', { name: 'A', entities_id: 0 });
  A1 = await glpi.create('Entity', { name: 'A1', entities_id: A });
  A1a = await glpi.create('Entity', { name: 'A1a', entities_id: A1 });
  B = await glpi.create('Entity', { name: 'B', entities_id: 0 });
}, 30_000);
afterAll(() => server.dispose());

/** An item as `glpi` reads it. */
const read = (itemtype: string, id: number, answer: Record<string, unknown>): Step => ({ request: `GET ${itemtype}/${id}`, as: glpi, status: 200, answer });
const entity = (id: number, answer: Record<string, unknown>) => read('Entity', id, answer);
/** Moving a node of a tree under another. */
const moveEntity = (id: number, entities_id: number) => ({ request: `PUT Entity/${id}`, body: { input: { entities_id } } });
const refusedUpdate = { status: 400, error: 'ERROR_GLPI_UPDATE' } as const;
const allComputers: Step = { request: 'GET Computer/', query: 'range=0-999', status: 200 };

describe('entity tree', () => {
  test('complete names and levels on creation', () =>
    scenario(glpi, [
      entity(0, { completename: 'Root entity', level: 1 }),
      entity(A, { completename: 'Root entity > A', level: 2, entities_id: 0 }),
      entity(A1, { completename: 'Root entity > A > A1', level: 3, entities_id: A }),
      entity(A1a, { completename: 'Root entity > A > A1 > A1a', level: 4 }),
    ]));

  test('renaming an entity renames the whole branch below it, sessions included', async () => {
    const name = unique('tree-tech');
    await createUser(glpi, name, 6, A, true);
    const tech = await loginAs(server.api, name);
    await scenario(glpi, [
      { request: `PUT Entity/${A}`, body: { input: { name: 'Alpha' } }, status: 200 },
      entity(A, { name: 'Alpha', completename: 'Root entity > Alpha', level: 2 }),
      entity(A1, { completename: 'Root entity > Alpha > A1' }),
      entity(A1a, { completename: 'Root entity > Alpha > A1 > A1a' }),
      {
        request: 'GET getMyEntities',
        query: 'is_recursive=true',
        as: tech,
        status: 200,
        answer: { myentities: [{ name: 'Root entity > Alpha > A1' }, { name: 'Root entity > Alpha > A1 > A1a' }, { name: 'Root entity > Alpha' }] },
      },
      { request: 'GET getMyProfiles', as: tech, status: 200, check: (res) => expect(res.body.myprofiles[0].entities[0].name).toBe('Alpha') },
      // Renaming back restores everything.
      { request: `PUT Entity/${A}`, body: { input: { name: 'A' } }, status: 200 },
      entity(A1a, { completename: 'Root entity > A > A1 > A1a' }),
    ]);
  });

  test('an entity cannot move under itself or one of its descendants; the root cannot move', () =>
    scenario(glpi, [
      ...[A, A1, A1a].map((parent): Step => ({ ...moveEntity(A, parent), ...refusedUpdate })),
      { ...moveEntity(A1, A1a), ...refusedUpdate },
      { ...moveEntity(0, A), ...refusedUpdate },
      { ...moveEntity(A1, 99999), ...refusedUpdate },
      // Nothing moved.
      entity(A, { entities_id: 0, completename: 'Root entity > A', level: 2 }),
      entity(A1, { entities_id: A, completename: 'Root entity > A > A1' }),
      entity(0, { entities_id: null }),
    ]));

  test('moving an entity needs the entity UPDATE right, and a new parent in reach', async () => {
    const admin = await createUser(glpi, unique('tree-admin'), 3, A, true);
    const adminClient = await loginAs(server.api, (await glpi.get(`User/${admin}`)).body.name);
    // A Super-Admin scoped to A may reorganise A, but not push part of it into B.
    const superName = unique('tree-super');
    await createUser(glpi, superName, 4, A, true);
    const superA = await loginAs(server.api, superName);
    const side = await superA.create('Entity', { name: unique('side'), entities_id: A });
    await scenario(superA, [
      { ...moveEntity(A1, B), as: adminClient, ...DENIED },
      { ...moveEntity(side, A1), status: 200 },
      entity(side, { completename: expect.stringMatching(/^Root entity > A > A1 > side-/) }),
      { ...moveEntity(side, B), ...refusedUpdate },
      { ...moveEntity(side, 0), ...refusedUpdate },
      entity(side, { entities_id: A1 }),
      // Nor touch B or the root.
      { request: `PUT Entity/${B}`, body: { input: { comment: 'x' } }, ...refusedUpdate },
      { request: 'PUT Entity/0', body: { input: { comment: 'x' } }, ...refusedUpdate },
    ]);
  });

  test('moving A1 under B: names follow, and so does who reaches it', async () => {
    const techName = unique('tech-a');
    await createUser(glpi, techName, 6, A, true);
    const obsName = unique('obs-b');
    await createUser(glpi, obsName, 2, B, true);
    const tech = await loginAs(server.api, techName);
    const obs = await loginAs(server.api, obsName);
    const [inA1, inA1a] = await bulkCreate(glpi, 'Computer', [
      { name: unique('in-a1'), entities_id: A1 },
      { name: unique('in-a1a'), entities_id: A1a },
    ]);
    await scenario(glpi, [
      { ...allComputers, as: tech, lists: [inA1!, inA1a!] },
      { ...allComputers, as: obs, omits: [inA1!] },
      { ...moveEntity(A1, B), status: 200 },
      entity(A1, { entities_id: B, completename: 'Root entity > B > A1', level: 3 }),
      entity(A1a, { completename: 'Root entity > B > A1 > A1a', level: 4 }),
      // Open sessions follow the new tree at once.
      { ...allComputers, as: tech, omits: [inA1!, inA1a!] },
      { request: `GET Computer/${inA1}`, as: tech, ...NOT_FOUND },
      { request: 'GET getMyEntities', query: 'is_recursive=true', as: tech, status: 200, answer: { myentities: [{ id: A }] } },
      { ...allComputers, as: obs, lists: [inA1!, inA1a!] },
      { request: 'GET getActiveEntities', as: obs, status: 200, check: (res) => expect(res.body.active_entity.active_entities.map((e: { id: number }) => e.id)).toEqual(expect.arrayContaining([B, A1, A1a])) },
      // And back.
      { ...moveEntity(A1, A), status: 200 },
      entity(A1a, { completename: 'Root entity > A > A1 > A1a' }),
      { ...allComputers, as: tech, lists: [inA1!, inA1a!] },
    ]);
  });

  test('a session whose active entity left its reach sees nothing there any more', async () => {
    const name = unique('pinned');
    await createUser(glpi, name, 6, A, true);
    const tech = await loginAs(server.api, name);
    const [pcA1a] = await bulkCreate(glpi, 'Computer', [{ name: unique('pinned-pc'), entities_id: A1a }]);
    try {
      await scenario(tech, [
        { request: 'POST changeActiveEntities', body: { entities_id: A1a }, status: 200 },
        { request: `GET Computer/${pcA1a}`, status: 200 },
        { ...moveEntity(A1, B), as: glpi, status: 200 },
        // The session stays open (its profile still reaches A) but A1a is no longer active.
        { request: `GET Computer/${pcA1a}`, ...NOT_FOUND },
        { ...allComputers, omits: [pcA1a!] },
        { request: 'GET getActiveEntities', status: 200, answer: { active_entity: { active_entities: [] } } },
        { request: 'POST Computer/', body: { input: { name: unique('stray'), entities_id: A1a } }, status: 400, error: 'ERROR_GLPI_ADD' },
        // Choosing again among what the profile reaches works.
        { request: 'POST changeActiveEntities', body: { entities_id: 'all' }, status: 200 },
        { request: `GET Computer/${pcA1a}`, ...NOT_FOUND },
      ]);
    } finally {
      expect((await glpi.put(`Entity/${A1}`, { input: { entities_id: A } })).status).toBe(200);
    }
  });
});

describe('entity deletion and authorizations', () => {
  test('deleting an entity removes the authorizations on it, and ends sessions that relied on them', async () => {
    const doomed = await glpi.create('Entity', { name: unique('doomed'), entities_id: A });
    const name = unique('doomed-user');
    const userId = await createUser(glpi, name, 6, doomed, false);
    const user = await loginAs(server.api, name);
    const [pc] = await bulkCreate(glpi, 'Computer', [{ name: unique('doomed-pc'), entities_id: doomed }]);
    await scenario(glpi, [
      { request: `GET Computer/${pc}`, as: user, status: 200 },
      { request: `DELETE Entity/${doomed}`, status: 204 },
      { request: `GET User/${userId}/Profile_User`, status: 200, equals: [] },
      { request: 'GET Computer/', as: user, status: 401, error: 'ERROR_SESSION_TOKEN_INVALID' },
      // The computer went to the root entity's trash, out of everyone's reach but the root's.
      read('Computer', pc!, { entities_id: 0, is_deleted: 1 }),
    ]);
  });
});

describe('location tree', () => {
  let L1: number, L2: number, L3: number;

  beforeAll(async () => {
    L1 = await glpi.create('Location', { name: 'L1', entities_id: 0, is_recursive: 1 });
    L2 = await glpi.create('Location', { name: 'L2', locations_id: L1, entities_id: 0, is_recursive: 1 });
    L3 = await glpi.create('Location', { name: 'L3', locations_id: L2, entities_id: 0, is_recursive: 1 });
  });

  const location = (id: number, answer: Record<string, unknown>) => read('Location', id, answer);
  const moveLocation = (id: number, locations_id: number) => ({ request: `PUT Location/${id}`, body: { input: { locations_id } } });

  test('complete names follow renames', () =>
    scenario(glpi, [
      location(L3, { completename: 'L1 > L2 > L3', level: 3 }),
      { request: `PUT Location/${L1}`, body: { input: { name: 'Campus' } }, status: 200 },
      location(L2, { completename: 'Campus > L2' }),
      location(L3, { completename: 'Campus > L2 > L3' }),
    ]));

  test('a location cannot move under itself or a descendant', () =>
    scenario(glpi, [
      { ...moveLocation(L1, L3), ...refusedUpdate },
      { ...moveLocation(L2, L2), ...refusedUpdate },
      location(L1, { locations_id: 0, completename: 'Campus', level: 1 }),
    ]));

  test('moves re-home the branch; purging a node lifts its children', async () => {
    const L4 = await glpi.create('Location', { name: 'L4', locations_id: L3, entities_id: 0, is_recursive: 1 });
    await scenario(glpi, [
      { ...moveLocation(L3, 0), status: 200 },
      location(L3, { completename: 'L3', level: 1 }),
      location(L4, { completename: 'L3 > L4', level: 2 }),
      { ...moveLocation(L3, L2), status: 200 },
      location(L4, { completename: 'Campus > L2 > L3 > L4' }),
      { request: `DELETE Location/${L3}`, query: 'force_purge=true', status: 204 },
      location(L4, { locations_id: L2, completename: 'Campus > L2 > L4', level: 3 }),
    ]);
  });

  test('a location tree change needs the location right', async () => {
    const name = unique('loc-tech');
    await createUser(glpi, name, 6, 0, true); // Technician: location right 0
    const supName = unique('loc-sup');
    await createUser(glpi, supName, 7, 0, true); // Supervisor: location 23
    await scenario(glpi, [
      { ...moveLocation(L2, 0), as: await loginAs(server.api, name), ...DENIED },
      { ...moveLocation(L2, 0), as: await loginAs(server.api, supName), status: 200 },
      location(L2, { completename: 'L2' }),
    ]);
  });
});
