import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { scenario, type Step } from '../support/scenario';
import { startServer, type TestServer } from '../support/server';
import { buildBase, bulkCreate, createUser, DENIED, loginAs, unique, type Base } from './fixture';

/**
 * Profiles through the API: holders of the profile right edit rights (ProfileRight items) and
 * the change reaches open sessions at once; nobody grants bits, or profiles, above their own.
 */

let server: TestServer;
let base: Base;
let glpi: Client;
let A: number, A1: number;

beforeAll(async () => {
  server = await startServer();
  base = await buildBase(server);
  glpi = base.glpi;
  ({ A, A1 } = base.entities);
}, 60_000);
afterAll(() => server.dispose());

interface RightRow {
  id: number;
  profiles_id: number;
  name: string;
  rights: number;
}

async function rightsOf(client: Client, profileId: number): Promise<Map<string, RightRow>> {
  const res = await client.get(`Profile/${profileId}/ProfileRight`, { query: 'range=0-999' });
  expect(res.status).toBe(200);
  return new Map((res.body as RightRow[]).map((r) => [r.name, r]));
}

/** The id of a profile's right row. */
async function rightId(profileId: number, name: string): Promise<number> {
  return (await rightsOf(glpi, profileId)).get(name)!.id;
}

/** Setting a right row to some bits. */
const setRight = (id: number, rights: number) => ({ request: `PUT ProfileRight/${id}`, body: { input: { rights } } });
/** A right row as stored. */
const rightRow = (id: number, answer: Record<string, unknown>): Step => ({ request: `GET ProfileRight/${id}`, as: glpi, status: 200, answer });

describe('editing profile rights', () => {
  test('GET Profile/:id/ProfileRight lists the rights of a default profile', async () => {
    const rights = await rightsOf(glpi, 6);
    expect(rights.get('computer')).toMatchObject({ profiles_id: 6, rights: 127 });
    expect(rights.get('ticket')!.rights).toBe(166919);
    expect(rights.get('profile')!.rights).toBe(0);
    expect(rights.get('config')!.rights).toBe(0);
    for (const row of rights.values()) expect(row.profiles_id).toBe(6);
  });

  test('a Super-Admin changes a right and open sessions of that profile follow at once', async () => {
    const tech = await loginAs(base.api, 'user_technician');
    const [pc] = await bulkCreate(glpi, 'Computer', [{ name: unique('rights-pc'), entities_id: A }]);
    const computer = await rightId(6, 'computer');
    const add = (name: string) => ({ request: 'POST Computer/', body: { input: { name: unique(name), entities_id: A } } });
    await scenario(tech, [
      { ...add('before'), status: 201 },
      { ...setRight(computer, 1), as: glpi, status: 200, equals: [{ [computer]: true, message: '' }] },
      { request: 'GET getActiveProfile', status: 200, answer: { active_profile: { computer: 1 } } },
      { ...add('after'), ...DENIED },
      { request: `PUT Computer/${pc}`, body: { input: { comment: 'x' } }, ...DENIED },
      { request: `GET Computer/${pc}`, status: 200 },
      // Other profiles are untouched.
      { ...add('supervisor'), as: base.as[7], status: 201 },
      { ...setRight(computer, 0), as: glpi, status: 200 },
      { request: 'GET Computer/', ...DENIED },
      { request: `GET Computer/${pc}`, ...DENIED },
      { ...setRight(computer, 127), as: glpi, status: 200 },
      { ...add('restored'), status: 201 },
    ]);
  });

  test('a Super-Admin scoped to an entity edits profiles too (profiles are global)', async () => {
    const monitor = await rightId(8, 'monitor');
    await scenario(base.as[4]!, [
      { ...setRight(monitor, 1), status: 200 },
      rightRow(monitor, { rights: 1 }),
      { ...setRight(monitor, 33), status: 200 },
      { request: 'PUT Profile/8', body: { input: { comment: 'reviewed' } }, status: 200 },
    ]);
  });

  test('an Admin (profile right: read only) reads profiles but cannot change them', async () => {
    const computer = await rightId(6, 'computer');
    const technician = base.as[6]!;
    await scenario(base.as[3]!, [
      { request: 'GET Profile/6', status: 200 },
      { request: 'GET Profile/6/ProfileRight', query: 'range=0-999', status: 200, check: (res) => expect(res.body.find((r: RightRow) => r.name === 'computer')).toMatchObject({ rights: 127 }) },
      { ...setRight(computer, 255), ...DENIED },
      { ...setRight(computer, 1), ...DENIED },
      { request: 'POST ProfileRight/', body: { input: { profiles_id: 6, name: 'knowbase', rights: 1 } }, ...DENIED },
      { request: `DELETE ProfileRight/${computer}`, ...DENIED },
      { request: 'PUT Profile/6', body: { input: { comment: 'x' } }, ...DENIED },
      { request: 'POST Profile/', body: { input: { name: 'mine' } }, ...DENIED },
      { request: 'DELETE Profile/6', query: 'force_purge=true', ...DENIED },
      rightRow(computer, { rights: 127 }),
      // Profiles without the profile right do not even see them.
      { request: 'GET Profile/6', as: technician, ...DENIED },
      { request: 'GET Profile/6/ProfileRight', as: technician, ...DENIED },
      { request: 'GET ProfileRight/', as: technician, ...DENIED },
    ]);
  });
});

describe('nobody grants bits they do not hold', () => {
  let editorProfile: number;
  let editor: Client;

  beforeAll(async () => {
    // A custom profile that may edit profiles but only reads computers and has no config right.
    editorProfile = await glpi.create('Profile', { name: 'Rights editor', interface: 'central' });
    await glpi.setRights(editorProfile, { profile: 23, computer: 33 });
    await createUser(glpi, 'rights_editor', editorProfile, A, true);
    editor = await loginAs(base.api, 'rights_editor');
  });

  const beyondUpdate = { status: 400, error: 'ERROR_GLPI_UPDATE' } as const;
  const beyondAdd = { status: 400, error: 'ERROR_GLPI_ADD' } as const;

  test('a Super-Admin cannot give bits beyond its own either', async () => {
    const [config, computer] = [await rightId(6, 'config'), await rightId(6, 'computer')];
    await scenario(glpi, [
      { ...setRight(config, 7), ...beyondUpdate, message: /config/ }, // Super-Admin holds config 3
      { ...setRight(computer, 511), ...beyondUpdate }, // Super-Admin holds 255
      rightRow(config, { rights: 0 }),
      rightRow(computer, { rights: 127 }),
      { ...setRight(config, 1), status: 200 },
      { ...setRight(config, 0), status: 200 },
    ]);
  });

  test('a profile editor sets rights only within its own', async () => {
    const [computer, config, own] = [await rightId(8, 'computer'), await rightId(8, 'config'), await rightId(editorProfile, 'computer')];
    await scenario(editor, [
      { ...setRight(computer, 127), ...beyondUpdate },
      { ...setRight(computer, 1), status: 200 }, // within 33
      { ...setRight(computer, 33), status: 200 },
      { ...setRight(config, 1), ...beyondUpdate },
      // Its own profile cannot be raised either.
      { ...setRight(own, 127), ...beyondUpdate },
      rightRow(own, { rights: 33 }),
    ]);
  });

  test('a new profile has every right at 0 (as GLPI); raising them or adding a row obeys the same limit', async () => {
    const fresh = await editor.create('Profile', { name: unique('editor-made'), interface: 'central' });
    const rows = await rightsOf(glpi, fresh);
    expect([...rows.values()].filter((r) => r.rights !== 0)).toEqual([]);
    const row = (name: string) => rows.get(name)!.id;
    // Two rights taken off the profile, to be added back.
    for (const name of ['monitor', 'user']) expect((await glpi.del(`ProfileRight/${row(name)}`)).status).toBe(204);
    await scenario(editor, [
      { ...setRight(row('config'), 3), ...beyondUpdate },
      { ...setRight(row('computer'), 255), ...beyondUpdate },
      { ...setRight(row('computer'), 33), status: 200 },
      {
        request: `POST Profile/${fresh}/ProfileRight/`,
        // Giving nothing is always fine; the editor has no user right.
        body: { input: [{ name: 'monitor', rights: 0 }, { name: 'user', rights: 1 }] },
        status: 207,
        answer: ['ERROR_GLPI_PARTIAL_ADD', [{ id: expect.any(Number) }, { id: false }]],
      },
    ]);
  });

  test('renaming a right row cannot smuggle bits into another right', async () => {
    const fresh = await editor.create('Profile', { name: unique('rename-target'), interface: 'central' });
    const { computer: row } = await editor.setRights(fresh, { computer: 33 });
    const { ticket: wide } = await glpi.setRights(fresh, { ticket: 261151 });
    await scenario(editor, [
      { request: `PUT ProfileRight/${row}`, body: { input: { name: 'config' } }, ...beyondUpdate },
      { request: `PUT ProfileRight/${row}`, body: { input: { name: 'user', rights: 1 } }, ...beyondUpdate },
      rightRow(row!, { name: 'computer', rights: 33 }),
      // Moving a row to another profile is giving that profile the bits: same limit.
      { request: `PUT ProfileRight/${wide}`, body: { input: { profiles_id: editorProfile } }, ...beyondUpdate },
    ]);
  });
});

describe('authorizations (Profile_User) never exceed the granter', () => {
  let target: number;

  beforeAll(async () => {
    target = await createUser(glpi, unique('grantee'), 1, A1, false, null);
  });

  /** Granting `target` a profile on A1. */
  const grant = (profiles_id: number) => ({ request: 'POST Profile_User/', body: { input: { users_id: target, profiles_id, entities_id: A1, is_recursive: 0 } } });

  test('an Admin cannot grant Super-Admin (nor Read-Only, which has config), but can grant Technician', async () => {
    const admin = base.as[3]!;
    const name = unique('born-super');
    const technician = await admin.create('Profile_User', { users_id: target, profiles_id: 6, entities_id: A1, is_recursive: 0 });
    await scenario(admin, [
      { ...grant(4), status: 400, error: 'ERROR_GLPI_ADD', message: /Super-Admin/ },
      { ...grant(8), status: 400, error: 'ERROR_GLPI_ADD', message: /config/ },
      // Raising an existing authorization is the same as granting.
      { request: `PUT Profile_User/${technician}`, body: { input: { profiles_id: 4 } }, status: 400, error: 'ERROR_GLPI_UPDATE', message: /Super-Admin/ },
      { request: `GET Profile_User/${technician}`, as: glpi, status: 200, answer: { profiles_id: 6 } },
      // Nor through the user itself.
      { request: 'POST User/', body: { input: { name, _profiles_id: 4, _entities_id: A1 } }, status: 400, error: 'ERROR_GLPI_ADD', message: /Super-Admin/ },
      { request: 'GET User/', as: glpi, query: `searchText[name]=^${name}$`, status: 200, equals: [] },
    ]);
  });

  test('a Technician cannot grant Observer (it lacks READAUTHENT on users); a Super-Admin grants anything', () =>
    scenario(base.as[6]!, [
      { ...grant(2), status: 400, error: 'ERROR_GLPI_ADD', message: /Observer/ },
      { ...grant(4), as: base.as[4], status: 201 },
    ]));

  test('profiles without UPDATE on users cannot grant at all', () => scenario(glpi, [1, 2, 5, 8].map((p): Step => ({ ...grant(1), as: base.as[p], ...DENIED }))));

  test('grants apply to sessions at once; a revoked profile ends its sessions', async () => {
    const name = unique('live');
    const id = await createUser(glpi, name, 6, A, true);
    const user = await loginAs(base.api, name);
    const profiles = (ids: number[]): Step => ({ request: 'GET getMyProfiles', status: 200, check: (res) => expect(res.body.myprofiles.map((p: { id: number }) => p.id)).toEqual(ids) });
    await scenario(user, [profiles([6])]);
    const [extra] = await bulkCreate(glpi, 'Profile_User', [{ users_id: id, profiles_id: 8, entities_id: A1, is_recursive: 0 }]);
    await scenario(user, [
      profiles([8, 6]),
      { request: 'POST changeActiveProfile', body: { profiles_id: 8 }, status: 200 },
      { request: 'GET Computer/', status: 200 },
      // The Read-Only authorization is removed while in use: that session cannot go on with it.
      { request: `DELETE Profile_User/${extra}`, as: glpi, status: 204 },
      { request: 'GET Computer/', status: 401, error: 'ERROR_SESSION_TOKEN_INVALID' },
    ]);
    // A new session starts on what is left.
    await scenario(await loginAs(base.api, name), [{ request: 'GET getActiveProfile', status: 200, answer: { active_profile: { id: 6 } } }]);
  });

  test('an Admin manages only authorizations of its entities', async () => {
    const admin = base.as[3]!;
    // The first target now holds Super-Admin, out of an Admin's authority: a Self-Service user instead.
    const plain = await createUser(glpi, unique('grantee'), 1, A1, false, null);
    const [mine] = await bulkCreate(admin, 'Profile_User', [{ users_id: plain, profiles_id: 1, entities_id: A, is_recursive: 1 }]);
    await scenario(admin, [
      { request: 'POST Profile_User/', body: { input: { users_id: plain, profiles_id: 1, entities_id: 0, is_recursive: 0 } }, status: 400, error: 'ERROR_GLPI_ADD' },
      { request: `PUT Profile_User/${mine}`, body: { input: { entities_id: 0 } }, status: 400, error: 'ERROR_GLPI_UPDATE' },
      { request: `DELETE Profile_User/${mine}`, status: 204 },
    ]);
  });
});
