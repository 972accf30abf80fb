import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { scenario, type Step } from '../support/scenario';
import { startServer, type TestServer } from '../support/server';
import { buildBase, bulkCreate, createUser, idsOf, loginAs, unique, type Base, placeComputers } from './fixture';

/**
 * Session endpoints: getMyProfiles, getActiveProfile, changeActiveProfile, getMyEntities,
 * getActiveEntities, changeActiveEntities — and what each change does to later collections.
 */

let server: TestServer;
let base: Base;
let A: number, A1: number, B: number;
/** A user with three profiles: Technician on A (recursive), Observer on B (not recursive), Self-Service on A1. */
let multiId: number;
/** Computers placed around the tree. */
const pc: Record<string, number> = {};

beforeAll(async () => {
  server = await startServer();
  base = await buildBase(server);
  ({ A, A1, B } = base.entities);
  const glpi = base.glpi;
  multiId = await createUser(glpi, 'multi', 6, A, true);
  await bulkCreate(glpi, 'Profile_User', [
    { users_id: multiId, profiles_id: 2, entities_id: B, is_recursive: 0 },
    { users_id: multiId, profiles_id: 1, entities_id: A1, is_recursive: 0 },
  ]);
  Object.assign(pc, await placeComputers(glpi, { A, A1, B }));
}, 60_000);
afterAll(() => server.dispose());

/** The placed computers a Computer/ list shows, by name: exactly these and none of the others. */
function sees(...names: string[]): Step {
  const ids = (list: string[]) => list.map((name) => pc[name]!);
  return { request: 'GET Computer/', query: 'range=0-999', status: 200, lists: ids(names), omits: ids(Object.keys(pc).filter((name) => !names.includes(name))) };
}

const activeProfile = (id: number): Step => ({ request: 'GET getActiveProfile', status: 200, check: (res) => expect(res.body.active_profile.id).toBe(id) });
const activeEntity = (entity: unknown): Step => ({ request: 'GET getActiveEntities', status: 200, check: (res) => expect(res.body.active_entity).toEqual(entity) });
const activeEntities = (entities: { id: number }[]): Step => ({ request: 'GET getActiveEntities', status: 200, check: (res) => expect(res.body.active_entity.active_entities).toEqual(entities) });

async function visibleComputers(client: Client): Promise<string[]> {
  const res = await client.get('Computer/', { query: 'range=0-999' });
  expect(res.status).toBe(200);
  const ids = new Set(idsOf(res));
  return Object.entries(pc)
    .filter(([, id]) => ids.has(id))
    .map(([name]) => name)
    .sort();
}

describe('getMyProfiles / getActiveProfile / changeActiveProfile', () => {
  test("getMyProfiles lists each profile once, by name, with the entities it was granted on by their own names (GLPI's session keeps glpi_entities.name)", async () => {
    const multi = await loginAs(base.api, 'multi');
    const res = await multi.get('getMyProfiles');
    expect(res.status).toBe(200);
    expect(res.body.myprofiles).toEqual([
      { id: 2, name: 'Observer', entities: [{ id: B, name: 'B', is_recursive: 0 }] },
      { id: 1, name: 'Self-Service', entities: [{ id: A1, name: 'A1', is_recursive: 0 }] },
      { id: 6, name: 'Technician', entities: [{ id: A, name: 'A', is_recursive: 1 }] },
    ]);
  });

  test('a profile granted twice on an entity lists it once, the recursive grant winning; entities in complete-name order', async () => {
    const twiceId = await createUser(base.glpi, 'twice', 6, A1, false);
    await bulkCreate(base.glpi, 'Profile_User', [
      { users_id: twiceId, profiles_id: 6, entities_id: A1, is_recursive: 1 },
      { users_id: twiceId, profiles_id: 6, entities_id: B, is_recursive: 0 },
    ]);
    const twice = await loginAs(base.api, 'twice');
    expect((await twice.get('getMyProfiles')).body.myprofiles).toEqual([
      { id: 6, name: 'Technician', entities: [{ id: A1, name: 'A1', is_recursive: 1 }, { id: B, name: 'B', is_recursive: 0 }] },
    ]);
    expect((await twice.get('getFullSession')).body.session.glpiprofiles).toEqual({
      6: { name: 'Technician', entities: { [A1]: { id: A1, name: 'A1', is_recursive: 1 }, [B]: { id: B, name: 'B', is_recursive: 0 } } },
    });
  });

  test('a session starts on the first profile by name when the user has no default one', async () => {
    const multi = await loginAs(base.api, 'multi');
    const res = await multi.get('getActiveProfile');
    expect(res.status).toBe(200);
    expect(res.body.active_profile).toMatchObject({ id: 2, name: 'Observer', interface: 'central' });
    // Observer on B only: the computers of B and the recursive ones above it.
    expect(await visibleComputers(multi)).toEqual(['B', 'rootRec']);
  });

  test('getActiveProfile carries the profile rights and its entities', async () => {
    const res = await base.as[1]!.get('getActiveProfile');
    expect(res.status).toBe(200);
    expect(res.body.active_profile).toMatchObject({ id: 1, name: 'Self-Service', interface: 'helpdesk', ticket: 5, followup: 5 });
    // GLPI 10.0.19 keeps only its helpdesk form's columns and rights of a Self-Service profile: 24 keys
    // (its list's ticket_cost is a right no profile has a row of, so it never shows).
    expect(Object.keys(res.body.active_profile).sort()).toEqual(
      [
        'id', 'name', 'interface', 'is_default', 'create_ticket_on_login', 'changetemplates_id', 'helpdesk_hardware', 'helpdesk_item_type',
        'problemtemplates_id', 'ticket_status', 'tickettemplates_id', 'followup', 'knowbase', 'password_update', 'personalization',
        'reminder_public', 'reservation', 'rssfeed_public', 'show_group_hardware', 'task', 'ticket', 'ticketvalidation', 'entities',
        'managed_domainrecordtypes',
      ].sort(),
    );
    expect(res.body.active_profile.managed_domainrecordtypes).toEqual([]);
    const tech = await base.as[6]!.get('getActiveProfile');
    expect(tech.body.active_profile).toMatchObject({ id: 6, name: 'Technician', interface: 'central', computer: 127, ticket: 166919 });
  });

  test('changeActiveProfile switches rights and entities at once; 200 with an empty body', async () => {
    const multi = await loginAs(base.api, 'multi');
    await scenario(multi, [
      { request: 'POST changeActiveProfile', body: { profiles_id: 6 }, status: 200, text: '' },
      { request: 'GET getActiveProfile', status: 200, answer: { active_profile: { id: 6, name: 'Technician' } } },
      { request: 'GET getActiveEntities', status: 200, check: (res) => expect(res.body.active_entity.active_entities.map((e: { id: number }) => e.id).sort()).toEqual([A, A1].sort()) },
      sees('A', 'A1', 'ARec', 'rootRec'),
      // Technician may create computers; Self-Service (on A1) reaches no asset at all.
      { request: 'POST Computer/', body: { input: { name: unique('by-multi'), entities_id: A1 } }, status: 201 },
      { request: 'POST changeActiveProfile', body: { profiles_id: 1 }, status: 200 },
      { request: 'GET Computer/', status: 403, error: 'ERROR_RIGHT_MISSING' },
      activeEntities([{ id: A1 }]),
    ]);
  });

  test('changeActiveProfile refuses profiles the user does not hold: 404; bad input: 400', async () => {
    const multi = await loginAs(base.api, 'multi');
    const notHeld = (profiles_id: unknown): Step => ({ request: 'POST changeActiveProfile', body: { profiles_id }, status: 404, error: 'ERROR_ITEM_NOT_FOUND' });
    const bad = (body: unknown): Step => ({ request: 'POST changeActiveProfile', body, status: 400, error: 'ERROR' });
    await scenario(multi, [
      ...[4, 3, 9999, 987654, -1, 0, '-1', '0'].map(notHeld),
      bad({ something_bad: 4 }),
      ...['abc', '4x', 1.5, null, [4]].map((profiles_id) => bad({ profiles_id })),
      // Nothing changed.
      activeProfile(2),
      // A single-profile user cannot climb either.
      { ...notHeld(4), as: base.as[8]! },
    ]);
  });

  test('a profile change is per session: another session of the same user keeps its own', async () => {
    const one = await loginAs(base.api, 'multi');
    const two = await loginAs(base.api, 'multi');
    await scenario(one, [{ request: 'POST changeActiveProfile', body: { profiles_id: 6 }, status: 200 }, activeProfile(6), { ...activeProfile(2), as: two }]);
  });

  test('a session starts on the user default entity when it is one of its entities', async () => {
    const name = unique('defaults');
    const id = await createUser(base.glpi, name, 6, A, true);
    expect((await base.glpi.put(`User/${id}`, { input: { entities_id: A1 } })).status).toBe(200);
    const user = await loginAs(base.api, name);
    const res = await user.get('getActiveEntities');
    expect(res.body.active_entity).toEqual({ id: A1, active_entity_recursive: true, active_entities: [{ id: A1 }] });
    expect(await visibleComputers(user)).toEqual(['A1', 'ARec', 'rootRec']);
  });
});

describe('getMyEntities / getActiveEntities / changeActiveEntities', () => {
  test('getMyEntities lists the granted entities; is_recursive adds their sub-entities first', async () => {
    const multi = await loginAs(base.api, 'multi');
    await scenario(base.as[6]!, [
      { request: 'GET getMyEntities', status: 200, equals: { myentities: [{ id: A, name: 'Root entity > A' }] } },
      {
        request: 'GET getMyEntities',
        query: 'is_recursive=true',
        status: 200,
        equals: {
          myentities: [
            { id: A1, name: 'Root entity > A > A1' },
            { id: A, name: 'Root entity > A' },
          ],
        },
      },
      // For the active profile only.
      { request: 'GET getMyEntities', query: 'is_recursive=true', as: multi, status: 200, equals: { myentities: [{ id: B, name: 'Root entity > B' }] } },
    ]);
  });

  test('after login every entity of the profile is active', async () => {
    const res = await base.as[6]!.get('getActiveEntities');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ active_entity: { id: A, active_entity_recursive: true, active_entities: [{ id: A }, { id: A1 }] } });
  });

  test('changeActiveEntities with a number, with and without is_recursive, then "all" and absent', async () => {
    const tech = await loginAs(base.api, 'user_technician');
    const change = (body: unknown, query?: string): Step => ({ request: 'POST changeActiveEntities', body, query, status: 200 });
    await scenario(tech, [
      { ...change({ entities_id: A1 }), text: '' },
      activeEntity({ id: A1, active_entity_recursive: false, active_entities: [{ id: A1 }] }),
      // From A1: its own computers and the recursive ones of its ancestors only.
      sees('A1', 'ARec', 'rootRec'),
      change({ entities_id: A, is_recursive: false }),
      activeEntity({ id: A, active_entity_recursive: false, active_entities: [{ id: A }] }),
      sees('A', 'ARec', 'rootRec'),
      change({ entities_id: A, is_recursive: true }),
      activeEntity({ id: A, active_entity_recursive: true, active_entities: [{ id: A }, { id: A1 }] }),
      sees('A', 'A1', 'ARec', 'rootRec'),
      // Query-string form and string values work the same.
      change(undefined, `entities_id=${A1}&is_recursive=true`),
      activeEntity({ id: A1, active_entity_recursive: true, active_entities: [{ id: A1 }] }),
      change({ entities_id: 'all' }),
      activeEntities([{ id: A }, { id: A1 }]),
      sees('A', 'A1', 'ARec', 'rootRec'),
      change({ entities_id: A1 }),
      change({ is_recursive: true }),
      { request: 'GET getActiveEntities', status: 200, answer: { active_entity: { active_entity_recursive: true, active_entities: [{ id: A }, { id: A1 }] } } },
    ]);
  });

  test('changeActiveEntities refuses entities the profile does not reach: 400 ERROR, scope unchanged', async () => {
    const tech = await loginAs(base.api, 'user_technician');
    const refused = (body: Record<string, unknown>): Step => ({ request: 'POST changeActiveEntities', body, status: 400, error: 'ERROR' });
    await scenario(tech, [
      { request: 'POST changeActiveEntities', body: { entities_id: A1 }, status: 200 },
      ...[B, 0, 99999].flatMap((entity): Step[] => [
        { ...refused({ entities_id: entity }), check: (res) => expect(String(res.body[1])).toContain(String(entity)) },
        sees('A1', 'ARec', 'rootRec'),
      ]),
      refused({ entities_id: 'nonsense' }),
      refused({ entities_id: A, is_recursive: 'maybe' }),
      activeEntities([{ id: A1 }]),
    ]);
  });

  test('a grant without recursion cannot be activated with its sub-entities', async () => {
    const multi = await loginAs(base.api, 'multi'); // Observer on B, not recursive
    const tech = await loginAs(base.api, 'user_technician');
    const below = await base.glpi.create('Entity', { name: unique('below-B'), entities_id: B });
    const fresh = await base.glpi.create('Entity', { name: unique('below-A1'), entities_id: A1 });
    await scenario(multi, [
      { request: 'POST changeActiveEntities', body: { entities_id: B }, status: 200 },
      { request: 'POST changeActiveEntities', body: { entities_id: B, is_recursive: true }, status: 400, error: 'ERROR' },
      // An entity below a non-recursive grant is out of reach.
      { request: 'POST changeActiveEntities', body: { entities_id: below }, status: 400, error: 'ERROR' },
      // A recursive grant reaches an entity created after login.
      { request: 'POST changeActiveEntities', body: { entities_id: fresh }, as: tech, status: 200 },
      { ...activeEntities([{ id: fresh }]), as: tech },
    ]);
  });

  test('write defaults follow the active entity', async () => {
    const tech = await loginAs(base.api, 'user_technician');
    await tech.post('changeActiveEntities', { entities_id: A1 });
    const id = await tech.create('Computer', { name: unique('defaulted') });
    expect((await base.glpi.get(`Computer/${id}`)).body.entities_id).toBe(A1);
  });
});

describe('sessions and parallel calls', () => {
  test('session_write=true is accepted on reads, writes and session endpoints', async () => {
    const tech = await loginAs(base.api, 'user_technician');
    expect((await tech.get('Computer/', { query: 'session_write=true' })).status).toBe(200);
    expect((await tech.get('getFullSession', { query: 'session_write=true' })).status).toBe(200);
    const created = await tech.post('Computer/', { input: { name: unique('sw'), entities_id: A } }, { query: 'session_write=true' });
    expect(created.status).toBe(201);
    expect((await tech.put(`Computer/${created.body.id}`, { input: { comment: 'x' } }, { query: 'session_write=true' })).status).toBe(200);
    expect((await tech.post('changeActiveEntities', { entities_id: A1 }, { query: 'session_write=true' })).status).toBe(200);
    expect((await tech.get('getActiveEntities', { query: 'session_write=true' })).body.active_entity.id).toBe(A1);
  });

  test('many parallel calls on one session all succeed', async () => {
    const tech = await loginAs(base.api, 'user_technician');
    const reads = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 0 ? tech.get(`Computer/${pc.A}`) : i % 3 === 1 ? tech.get('Computer/', { query: 'range=0-5' }) : tech.get('getActiveEntities'),
    );
    const writes = Array.from({ length: 20 }, (_, i) => tech.post('Computer/', { input: { name: unique(`parallel-${i}`), entities_id: A1 } }, { query: 'session_write=true' }));
    const results = await Promise.all([...reads, ...writes]);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 201 && s !== 206)).toEqual([]);
    expect(statuses.filter((s) => s === 201).length).toBe(20);
    // Other users' sessions are not disturbed by it.
    expect((await base.as[2]!.get(`Computer/${pc.A}`)).status).toBe(200);
  });
});
