import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { buildBase, bulkCreate, createUser, expectError, loginAs, unique, type Base } from './fixture';

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

async function setRight(client: Client, profileId: number, name: string, rights: number) {
  const row = (await rightsOf(glpi, profileId)).get(name)!;
  return client.put(`ProfileRight/${row.id}`, { input: { rights } });
}

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
    expect((await tech.post('Computer/', { input: { name: unique('before'), entities_id: A } })).status).toBe(201);

    const res = await setRight(glpi, 6, 'computer', 1);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ [(await rightsOf(glpi, 6)).get('computer')!.id]: true, message: '' }]);

    expect((await tech.get('getActiveProfile')).body.active_profile.computer).toBe(1);
    expectError(await tech.post('Computer/', { input: { name: unique('after'), entities_id: A } }), 403, 'ERROR_RIGHT_MISSING');
    expectError(await tech.put(`Computer/${pc}`, { input: { comment: 'x' } }), 403, 'ERROR_RIGHT_MISSING');
    expect((await tech.get(`Computer/${pc}`)).status).toBe(200);
    // Other profiles are untouched.
    expect((await base.as[7]!.post('Computer/', { input: { name: unique('supervisor'), entities_id: A } })).status).toBe(201);

    expect((await setRight(glpi, 6, 'computer', 0)).status).toBe(200);
    expectError(await tech.get('Computer/'), 403, 'ERROR_RIGHT_MISSING');
    expectError(await tech.get(`Computer/${pc}`), 403, 'ERROR_RIGHT_MISSING');

    expect((await setRight(glpi, 6, 'computer', 127)).status).toBe(200);
    expect((await tech.post('Computer/', { input: { name: unique('restored'), entities_id: A } })).status).toBe(201);
  });

  test('a Super-Admin scoped to an entity edits profiles too (profiles are global)', async () => {
    const sa = base.as[4]!;
    expect((await setRight(sa, 8, 'monitor', 1)).status).toBe(200);
    expect((await rightsOf(glpi, 8)).get('monitor')!.rights).toBe(1);
    expect((await setRight(sa, 8, 'monitor', 33)).status).toBe(200);
    expect((await sa.put('Profile/8', { input: { comment: 'reviewed' } })).status).toBe(200);
  });

  test('an Admin (profile right: read only) reads profiles but cannot change them', async () => {
    const admin = base.as[3]!;
    expect((await admin.get('Profile/6')).status).toBe(200);
    expect((await rightsOf(admin, 6)).get('computer')!.rights).toBe(127);
    const row = (await rightsOf(glpi, 6)).get('computer')!;
    expectError(await admin.put(`ProfileRight/${row.id}`, { input: { rights: 255 } }), 403, 'ERROR_RIGHT_MISSING');
    expectError(await admin.put(`ProfileRight/${row.id}`, { input: { rights: 1 } }), 403, 'ERROR_RIGHT_MISSING');
    expectError(await admin.post('ProfileRight/', { input: { profiles_id: 6, name: 'knowbase', rights: 1 } }), 403, 'ERROR_RIGHT_MISSING');
    expectError(await admin.del(`ProfileRight/${row.id}`), 403, 'ERROR_RIGHT_MISSING');
    expectError(await admin.put('Profile/6', { input: { comment: 'x' } }), 403, 'ERROR_RIGHT_MISSING');
    expectError(await admin.post('Profile/', { input: { name: 'mine' } }), 403, 'ERROR_RIGHT_MISSING');
    expectError(await admin.del('Profile/6', { query: 'force_purge=true' }), 403, 'ERROR_RIGHT_MISSING');
    expect((await rightsOf(glpi, 6)).get('computer')!.rights).toBe(127);
    // Profiles without the profile right do not even see them.
    expectError(await base.as[6]!.get('Profile/6'), 403, 'ERROR_RIGHT_MISSING');
    expectError(await base.as[6]!.get('Profile/6/ProfileRight'), 403, 'ERROR_RIGHT_MISSING');
    expectError(await base.as[6]!.get('ProfileRight/'), 403, 'ERROR_RIGHT_MISSING');
  });
});

describe('nobody grants bits they do not hold', () => {
  let editorProfile: number;
  let editor: Client;

  beforeAll(async () => {
    // A custom profile that may edit profiles but only reads computers and has no config right.
    editorProfile = await glpi.create('Profile', { name: 'Rights editor', interface: 'central' });
    await bulkCreate(glpi, 'ProfileRight', [
      { profiles_id: editorProfile, name: 'profile', rights: 23 },
      { profiles_id: editorProfile, name: 'computer', rights: 33 },
    ]);
    await createUser(glpi, 'rights_editor', editorProfile, A, true);
    editor = await loginAs(base.api, 'rights_editor');
  });

  test('a Super-Admin cannot give bits beyond its own either', async () => {
    const config = await setRight(glpi, 6, 'config', 7); // Super-Admin holds config 3
    expectError(config, 400, 'ERROR_GLPI_UPDATE', /config/);
    const computer = await setRight(glpi, 6, 'computer', 511); // Super-Admin holds 255
    expectError(computer, 400, 'ERROR_GLPI_UPDATE');
    expect((await rightsOf(glpi, 6)).get('config')!.rights).toBe(0);
    expect((await rightsOf(glpi, 6)).get('computer')!.rights).toBe(127);
    expect((await setRight(glpi, 6, 'config', 1)).status).toBe(200);
    expect((await setRight(glpi, 6, 'config', 0)).status).toBe(200);
  });

  test('a profile editor sets rights only within its own', async () => {
    expectError(await setRight(editor, 8, 'computer', 127), 400, 'ERROR_GLPI_UPDATE');
    expect((await setRight(editor, 8, 'computer', 1)).status).toBe(200); // within 33
    expect((await setRight(editor, 8, 'computer', 33)).status).toBe(200);
    expectError(await setRight(editor, 8, 'config', 1), 400, 'ERROR_GLPI_UPDATE');
    // Its own profile cannot be raised either.
    expectError(await setRight(editor, editorProfile, 'computer', 127), 400, 'ERROR_GLPI_UPDATE');
    expect((await rightsOf(glpi, editorProfile)).get('computer')!.rights).toBe(33);
  });

  test('new profiles and new rights obey the same limit', async () => {
    const fresh = await editor.create('Profile', { name: unique('editor-made'), interface: 'central' });
    expectError(await editor.post('ProfileRight/', { input: { profiles_id: fresh, name: 'config', rights: 3 } }), 400, 'ERROR_GLPI_ADD');
    expectError(await editor.post('ProfileRight/', { input: { profiles_id: fresh, name: 'computer', rights: 255 } }), 400, 'ERROR_GLPI_ADD');
    expect((await editor.post('ProfileRight/', { input: { profiles_id: fresh, name: 'computer', rights: 33 } })).status).toBe(201);
    const bulk = await editor.post(`Profile/${fresh}/ProfileRight/`, {
      input: [
        { name: 'monitor', rights: 0 }, // giving nothing is always fine
        { name: 'user', rights: 1 }, // the editor has no user right
      ],
    });
    expect(bulk.status).toBe(207);
    expect(bulk.body[0]).toBe('ERROR_GLPI_PARTIAL_ADD');
    expect(bulk.body[1][0].id).toEqual(expect.any(Number));
    expect(bulk.body[1][1].id).toBe(false);
  });

  test('renaming a right row cannot smuggle bits into another right', async () => {
    const fresh = await editor.create('Profile', { name: unique('rename-target'), interface: 'central' });
    const [row] = await bulkCreate(editor, 'ProfileRight', [{ profiles_id: fresh, name: 'computer', rights: 33 }]);
    expectError(await editor.put(`ProfileRight/${row}`, { input: { name: 'config' } }), 400, 'ERROR_GLPI_UPDATE');
    expectError(await editor.put(`ProfileRight/${row}`, { input: { name: 'user', rights: 1 } }), 400, 'ERROR_GLPI_UPDATE');
    expect((await glpi.get(`ProfileRight/${row}`)).body).toMatchObject({ name: 'computer', rights: 33 });
    // Moving a row to another profile is giving that profile the bits: same limit.
    const [wide] = await bulkCreate(glpi, 'ProfileRight', [{ profiles_id: fresh, name: 'ticket', rights: 261151 }]);
    expectError(await editor.put(`ProfileRight/${wide}`, { input: { profiles_id: editorProfile } }), 400, 'ERROR_GLPI_UPDATE');
  });
});

describe('authorizations (Profile_User) never exceed the granter', () => {
  let target: number;

  beforeAll(async () => {
    target = await createUser(glpi, unique('grantee'), 1, A1, false, null);
  });

  test('an Admin cannot grant Super-Admin (nor Read-Only, which has config), but can grant Technician', async () => {
    const admin = base.as[3]!;
    const sa = await admin.post('Profile_User/', { input: { users_id: target, profiles_id: 4, entities_id: A1, is_recursive: 0 } });
    expectError(sa, 400, 'ERROR_GLPI_ADD', /Super-Admin/);
    const ro = await admin.post('Profile_User/', { input: { users_id: target, profiles_id: 8, entities_id: A1, is_recursive: 0 } });
    expectError(ro, 400, 'ERROR_GLPI_ADD', /config/);
    const tech = await admin.post('Profile_User/', { input: { users_id: target, profiles_id: 6, entities_id: A1, is_recursive: 0 } });
    expect(tech.status).toBe(201);
    // Raising an existing authorization is the same as granting.
    expectError(await admin.put(`Profile_User/${tech.body.id}`, { input: { profiles_id: 4 } }), 400, 'ERROR_GLPI_UPDATE', /Super-Admin/);
    expect((await glpi.get(`Profile_User/${tech.body.id}`)).body.profiles_id).toBe(6);
    // Nor through the user itself.
    const name = unique('born-super');
    const viaUser = await admin.post('User/', { input: { name, _profiles_id: 4, _entities_id: A1 } });
    expectError(viaUser, 400, 'ERROR_GLPI_ADD', /Super-Admin/);
    expect((await glpi.get('User/', { query: `searchText[name]=^${name}$` })).body).toEqual([]);
  });

  test('a Technician cannot grant Observer (it lacks READAUTHENT on users); a Super-Admin grants anything', async () => {
    const res = await base.as[6]!.post('Profile_User/', { input: { users_id: target, profiles_id: 2, entities_id: A1, is_recursive: 0 } });
    expectError(res, 400, 'ERROR_GLPI_ADD', /Observer/);
    expect((await base.as[4]!.post('Profile_User/', { input: { users_id: target, profiles_id: 4, entities_id: A1, is_recursive: 0 } })).status).toBe(201);
  });

  test('profiles without UPDATE on users cannot grant at all', async () => {
    for (const p of [1, 2, 5, 8]) {
      expectError(
        await base.as[p]!.post('Profile_User/', { input: { users_id: target, profiles_id: 1, entities_id: A1, is_recursive: 0 } }),
        403,
        'ERROR_RIGHT_MISSING',
      );
    }
  });

  test('grants apply to sessions at once; a revoked profile ends its sessions', async () => {
    const name = unique('live');
    const id = await createUser(glpi, name, 6, A, true);
    const user = await loginAs(base.api, name);
    expect((await user.get('getMyProfiles')).body.myprofiles.map((p: { id: number }) => p.id)).toEqual([6]);
    const [extra] = await bulkCreate(glpi, 'Profile_User', [{ users_id: id, profiles_id: 8, entities_id: A1, is_recursive: 0 }]);
    expect((await user.get('getMyProfiles')).body.myprofiles.map((p: { id: number }) => p.id)).toEqual([8, 6]);
    expect((await user.post('changeActiveProfile', { profiles_id: 8 })).status).toBe(200);
    expect((await user.get('Computer/')).status).toBe(200);
    // The Read-Only authorization is removed while in use: that session cannot go on with it.
    expect((await glpi.del(`Profile_User/${extra}`)).status).toBe(204);
    expectError(await user.get('Computer/'), 401, 'ERROR_SESSION_TOKEN_INVALID');
    // A new session starts on what is left.
    const again = await loginAs(base.api, name);
    expect((await again.get('getActiveProfile')).body.active_profile.id).toBe(6);
  });

  test('an Admin manages only authorizations of its entities', async () => {
    const admin = base.as[3]!;
    // The first target now holds Super-Admin, out of an Admin's authority: a Self-Service user instead.
    const plain = await createUser(glpi, unique('grantee'), 1, A1, false, null);
    const outside = await admin.post('Profile_User/', { input: { users_id: plain, profiles_id: 1, entities_id: 0, is_recursive: 0 } });
    expectError(outside, 400, 'ERROR_GLPI_ADD');
    const [mine] = await bulkCreate(admin, 'Profile_User', [{ users_id: plain, profiles_id: 1, entities_id: A, is_recursive: 1 }]);
    expectError(await admin.put(`Profile_User/${mine}`, { input: { entities_id: 0 } }), 400, 'ERROR_GLPI_UPDATE');
    expect((await admin.del(`Profile_User/${mine}`)).status).toBe(204);
  });
});
