import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { bulkCreate, createUser, expectError, idsOf, loginAs, unique } from './fixture';

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

async function entity(id: number): Promise<{ name: string; completename: string; level: number; entities_id: number | null }> {
  const res = await glpi.get(`Entity/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('entity tree', () => {
  test('complete names and levels on creation', async () => {
    expect(await entity(0)).toMatchObject({ completename: 'Root entity', level: 1 });
    expect(await entity(A)).toMatchObject({ completename: 'Root entity > A', level: 2, entities_id: 0 });
    expect(await entity(A1)).toMatchObject({ completename: 'Root entity > A > A1', level: 3, entities_id: A });
    expect(await entity(A1a)).toMatchObject({ completename: 'Root entity > A > A1 > A1a', level: 4 });
  });

  test('renaming an entity renames the whole branch below it, sessions included', async () => {
    const name = unique('tree-tech');
    await createUser(glpi, name, 6, A, true);
    const tech = await loginAs(server.api, name);
    expect((await glpi.put(`Entity/${A}`, { input: { name: 'Alpha' } })).status).toBe(200);
    expect(await entity(A)).toMatchObject({ name: 'Alpha', completename: 'Root entity > Alpha', level: 2 });
    expect((await entity(A1)).completename).toBe('Root entity > Alpha > A1');
    expect((await entity(A1a)).completename).toBe('Root entity > Alpha > A1 > A1a');
    expect((await tech.get('getMyEntities', { query: 'is_recursive=true' })).body.myentities.map((e: { name: string }) => e.name)).toEqual([
      'Root entity > Alpha > A1',
      'Root entity > Alpha > A1 > A1a',
      'Root entity > Alpha',
    ]);
    expect((await tech.get('getMyProfiles')).body.myprofiles[0].entities[0].name).toBe('Root entity > Alpha');
    // Renaming back restores everything.
    expect((await glpi.put(`Entity/${A}`, { input: { name: 'A' } })).status).toBe(200);
    expect((await entity(A1a)).completename).toBe('Root entity > A > A1 > A1a');
  });

  test('an entity cannot move under itself or one of its descendants; the root cannot move', async () => {
    for (const parent of [A, A1, A1a]) {
      expectError(await glpi.put(`Entity/${A}`, { input: { entities_id: parent } }), 400, 'ERROR_GLPI_UPDATE');
    }
    expectError(await glpi.put(`Entity/${A1}`, { input: { entities_id: A1a } }), 400, 'ERROR_GLPI_UPDATE');
    expectError(await glpi.put('Entity/0', { input: { entities_id: A } }), 400, 'ERROR_GLPI_UPDATE');
    expectError(await glpi.put(`Entity/${A1}`, { input: { entities_id: 99999 } }), 400, 'ERROR_GLPI_UPDATE');
    // Nothing moved.
    expect(await entity(A)).toMatchObject({ entities_id: 0, completename: 'Root entity > A', level: 2 });
    expect(await entity(A1)).toMatchObject({ entities_id: A, completename: 'Root entity > A > A1' });
    expect((await entity(0)).entities_id).toBeNull();
  });

  test('moving an entity needs the entity UPDATE right, and a new parent in reach', async () => {
    const admin = await createUser(glpi, unique('tree-admin'), 3, A, true);
    const adminName = (await glpi.get(`User/${admin}`)).body.name as string;
    const adminClient = await loginAs(server.api, adminName);
    expectError(await adminClient.put(`Entity/${A1}`, { input: { entities_id: B } }), 403, 'ERROR_RIGHT_MISSING');
    // A Super-Admin scoped to A may reorganise A, but not push part of it into B.
    const superName = unique('tree-super');
    await createUser(glpi, superName, 4, A, true);
    const superA = await loginAs(server.api, superName);
    const side = await superA.create('Entity', { name: unique('side'), entities_id: A });
    expect((await superA.put(`Entity/${side}`, { input: { entities_id: A1 } })).status).toBe(200);
    expect((await entity(side)).completename).toMatch(/^Root entity > A > A1 > side-/);
    expectError(await superA.put(`Entity/${side}`, { input: { entities_id: B } }), 400, 'ERROR_GLPI_UPDATE');
    expectError(await superA.put(`Entity/${side}`, { input: { entities_id: 0 } }), 400, 'ERROR_GLPI_UPDATE');
    expect((await entity(side)).entities_id).toBe(A1);
    // Nor touch B or the root.
    expectError(await superA.put(`Entity/${B}`, { input: { comment: 'x' } }), 400, 'ERROR_GLPI_UPDATE');
    expectError(await superA.put('Entity/0', { input: { comment: 'x' } }), 400, 'ERROR_GLPI_UPDATE');
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
    const techSees = async () => idsOf(await tech.get('Computer/', { query: 'range=0-999' }));
    const obsSees = async () => idsOf(await obs.get('Computer/', { query: 'range=0-999' }));
    expect(await techSees()).toEqual(expect.arrayContaining([inA1, inA1a]));
    expect(await obsSees()).not.toContain(inA1);

    expect((await glpi.put(`Entity/${A1}`, { input: { entities_id: B } })).status).toBe(200);
    expect(await entity(A1)).toMatchObject({ entities_id: B, completename: 'Root entity > B > A1', level: 3 });
    expect(await entity(A1a)).toMatchObject({ completename: 'Root entity > B > A1 > A1a', level: 4 });

    // Open sessions follow the new tree at once.
    const techIds = await techSees();
    expect(techIds).not.toContain(inA1);
    expect(techIds).not.toContain(inA1a);
    expectError(await tech.get(`Computer/${inA1}`), 404, 'ERROR_ITEM_NOT_FOUND');
    expect((await tech.get('getMyEntities', { query: 'is_recursive=true' })).body.myentities.map((e: { id: number }) => e.id)).toEqual([A]);
    expect(await obsSees()).toEqual(expect.arrayContaining([inA1, inA1a]));
    expect((await obs.get('getActiveEntities')).body.active_entity.active_entities.map((e: { id: number }) => e.id)).toEqual(expect.arrayContaining([B, A1, A1a]));

    // And back.
    expect((await glpi.put(`Entity/${A1}`, { input: { entities_id: A } })).status).toBe(200);
    expect((await entity(A1a)).completename).toBe('Root entity > A > A1 > A1a');
    expect(await techSees()).toEqual(expect.arrayContaining([inA1, inA1a]));
  });

  test('a session whose active entity left its reach sees nothing there any more', async () => {
    const name = unique('pinned');
    await createUser(glpi, name, 6, A, true);
    const tech = await loginAs(server.api, name);
    expect((await tech.post('changeActiveEntities', { entities_id: A1a })).status).toBe(200);
    const [pcA1a] = await bulkCreate(glpi, 'Computer', [{ name: unique('pinned-pc'), entities_id: A1a }]);
    expect((await tech.get(`Computer/${pcA1a}`)).status).toBe(200);
    expect((await glpi.put(`Entity/${A1}`, { input: { entities_id: B } })).status).toBe(200);
    try {
      // The session stays open (its profile still reaches A) but A1a is no longer active.
      expectError(await tech.get(`Computer/${pcA1a}`), 404, 'ERROR_ITEM_NOT_FOUND');
      const list = await tech.get('Computer/', { query: 'range=0-999' });
      expect(list.status).toBe(200);
      expect(idsOf(list)).not.toContain(pcA1a);
      expect((await tech.get('getActiveEntities')).body.active_entity.active_entities).toEqual([]);
      expectError(await tech.post('Computer/', { input: { name: unique('stray'), entities_id: A1a } }), 400, 'ERROR_GLPI_ADD');
      // Choosing again among what the profile reaches works.
      expect((await tech.post('changeActiveEntities', { entities_id: 'all' })).status).toBe(200);
      expect((await tech.get(`Computer/${pcA1a}`)).status).toBe(404);
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
    expect((await user.get(`Computer/${pc}`)).status).toBe(200);
    expect((await glpi.del(`Entity/${doomed}`)).status).toBe(204);
    expect((await glpi.get(`User/${userId}/Profile_User`)).body).toEqual([]);
    expectError(await user.get('Computer/'), 401, 'ERROR_SESSION_TOKEN_INVALID');
    // The computer went to the root entity's trash, out of everyone's reach but the root's.
    expect((await glpi.get(`Computer/${pc}`)).body).toMatchObject({ entities_id: 0, is_deleted: 1 });
  });
});

describe('location tree', () => {
  let L1: number, L2: number, L3: number;

  beforeAll(async () => {
    L1 = await glpi.create('Location', { name: 'L1', entities_id: 0, is_recursive: 1 });
    L2 = await glpi.create('Location', { name: 'L2', locations_id: L1, entities_id: 0, is_recursive: 1 });
    L3 = await glpi.create('Location', { name: 'L3', locations_id: L2, entities_id: 0, is_recursive: 1 });
  });

  const location = async (id: number) => (await glpi.get(`Location/${id}`)).body;

  test('complete names follow renames', async () => {
    expect(await location(L3)).toMatchObject({ completename: 'L1 > L2 > L3', level: 3 });
    expect((await glpi.put(`Location/${L1}`, { input: { name: 'Campus' } })).status).toBe(200);
    expect((await location(L2)).completename).toBe('Campus > L2');
    expect((await location(L3)).completename).toBe('Campus > L2 > L3');
  });

  test('a location cannot move under itself or a descendant', async () => {
    expectError(await glpi.put(`Location/${L1}`, { input: { locations_id: L3 } }), 400, 'ERROR_GLPI_UPDATE');
    expectError(await glpi.put(`Location/${L2}`, { input: { locations_id: L2 } }), 400, 'ERROR_GLPI_UPDATE');
    expect(await location(L1)).toMatchObject({ locations_id: 0, completename: 'Campus', level: 1 });
  });

  test('moves re-home the branch; purging a node lifts its children', async () => {
    const L4 = await glpi.create('Location', { name: 'L4', locations_id: L3, entities_id: 0, is_recursive: 1 });
    expect((await glpi.put(`Location/${L3}`, { input: { locations_id: 0 } })).status).toBe(200);
    expect(await location(L3)).toMatchObject({ completename: 'L3', level: 1 });
    expect(await location(L4)).toMatchObject({ completename: 'L3 > L4', level: 2 });
    expect((await glpi.put(`Location/${L3}`, { input: { locations_id: L2 } })).status).toBe(200);
    expect((await location(L4)).completename).toBe('Campus > L2 > L3 > L4');
    expect((await glpi.del(`Location/${L3}`, { query: 'force_purge=true' })).status).toBe(204);
    expect(await location(L4)).toMatchObject({ locations_id: L2, completename: 'Campus > L2 > L4', level: 3 });
  });

  test('a location tree change needs the location right', async () => {
    const name = unique('loc-tech');
    await createUser(glpi, name, 6, 0, true); // Technician: location right 0
    const tech = await loginAs(server.api, name);
    expectError(await tech.put(`Location/${L2}`, { input: { locations_id: 0 } }), 403, 'ERROR_RIGHT_MISSING');
    const supName = unique('loc-sup');
    await createUser(glpi, supName, 7, 0, true); // Supervisor: location 23
    const sup = await loginAs(server.api, supName);
    expect((await sup.put(`Location/${L2}`, { input: { locations_id: 0 } })).status).toBe(200);
    expect((await location(L2)).completename).toBe('L2');
  });
});
