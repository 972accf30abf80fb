/**
 * One's own account: password, e-mail addresses, tokens and preferences stay editable by their
 * owner whatever the profile, while one's own authorizations still follow the rights.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { scenario } from '../support/scenario';
import { useServer } from '../support/server';
import { createUser, expectError, loginAs, PASSWORD, RIGHT_MISSING } from '../rights/fixture';
import { tokenWorks } from './helpers';

const ctx = useServer();
const SELF_SERVICE = 1;
const SUPER_ADMIN = 4;
const TECHNICIAN = 6;

let A: number;
let selfService: Client;
let selfId: number;
let neighbourId: number;

beforeAll(async () => {
  A = await ctx.api.create('Entity', { name: 'A', entities_id: 0 });
  selfId = await createUser(ctx.api, 'requester', SELF_SERVICE, A, false);
  neighbourId = await createUser(ctx.api, 'neighbour', SELF_SERVICE, A, false);
  selfService = await loginAs(ctx.server.api, 'requester');
});

describe('a Self-Service user (no user right) on their own account', () => {
  test('changes their password, tokens, default address and preferences', async () => {
    const me = `User/${selfId}`;
    const pw = await selfService.put(me, { input: { password: 'Changed-pw-2', password2: 'Changed-pw-2' } });
    expect(pw.status).toBe(200);
    await loginAs(ctx.server.api, 'requester', 'Changed-pw-2');
    const tokens = await selfService.put(me, { input: { _reset_api_token: true, _reset_personal_token: true } });
    expect(tokens.status).toBe(200);
    expect(await tokenWorks(ctx.server.api, tokens.body[0].api_token)).toBe(true);
    expect(tokens.body[0].personal_token).toMatch(/^[0-9a-f]{40}$/);
    expect((await selfService.put(me, { input: { email: 'me@example.org', language: 'fr_FR' } })).status).toBe(200);
    expect((await ctx.api.get(me)).body).toMatchObject({ email: 'me@example.org', language: 'fr_FR' });
  });

  test('adds, changes and removes their own addresses, single and through the user', async () => {
    const added = await selfService.post(`User/${selfId}/UserEmail/`, { input: { email: 'second@example.org' } });
    expect(added.status).toBe(201);
    const direct = await selfService.post('UserEmail/', { input: { users_id: selfId, email: 'third@example.org' } });
    expect(direct.status).toBe(201);
    expect((await selfService.put(`UserEmail/${added.body.id}`, { input: { email: 'second-b@example.org' } })).status).toBe(200);
    expect((await selfService.del(`UserEmail/${direct.body.id}`)).status).toBe(204);
    const emails = (await ctx.api.get(`User/${selfId}/UserEmail`, { query: 'sort=id' })).body.map((e: { email: string }) => e.email);
    expect(emails).toEqual(['me@example.org', 'second-b@example.org']);
  });

  /** This user chose French above: refusals come in the session's language, as GLPI's. */
  const RIGHT_MISSING_FR = "Vous n'avez pas le droit d'effectuer cette action.";

  test('but not a neighbour’s addresses, nor moves one of theirs onto a neighbour', async () => {
    const [mine] = (await ctx.api.get(`User/${selfId}/UserEmail`, { query: 'sort=id' })).body;
    await scenario(selfService, [
      { request: `POST User/${neighbourId}/UserEmail/`, body: { input: { email: 'planted@example.org' } }, status: 400, error: 'ERROR_GLPI_ADD', message: RIGHT_MISSING_FR },
      { request: `PUT UserEmail/${mine.id}`, body: { input: { users_id: neighbourId } }, status: 400, error: 'ERROR_GLPI_UPDATE', message: RIGHT_MISSING_FR },
      { request: `GET User/${neighbourId}/UserEmail`, as: ctx.api, status: 200, equals: [] },
    ]);
  });

  test('nor their own login, active flag or authorizations', async () => {
    await scenario(selfService, [
      { request: `PUT User/${selfId}`, body: { input: { name: 'renamed' } }, status: 400, error: 'ERROR_GLPI_UPDATE', message: RIGHT_MISSING_FR },
      { request: `POST User/${selfId}/Profile_User/`, body: { input: { profiles_id: TECHNICIAN, entities_id: A } }, status: 403, error: 'ERROR_RIGHT_MISSING' },
    ]);
  });
});

describe('a Technician who also holds Super-Admin elsewhere, working as Technician', () => {
  test('keeps their own account, not more rights than the active profile gives', async () => {
    const id = await createUser(ctx.api, 'two_hats', TECHNICIAN, A, true);
    const B = await ctx.api.create('Entity', { name: 'B', entities_id: 0 });
    await ctx.api.create('Profile_User', { users_id: id, profiles_id: SUPER_ADMIN, entities_id: B, is_recursive: 0 });
    const tech = await loginAs(ctx.server.api, 'two_hats');
    expect((await tech.post('changeActiveProfile', { profiles_id: TECHNICIAN })).status).toBe(200);
    // The rule of authority concerns other accounts: their own password, tokens and addresses stay theirs.
    expect((await tech.put(`User/${id}`, { input: { password: 'Own-choice-3', password2: 'Own-choice-3', _reset_api_token: true } })).status).toBe(200);
    expect((await tech.post(`User/${id}/UserEmail/`, { input: { email: 'hats@example.org' } })).status).toBe(201);
    // Granting themselves Super-Admin where they work is still a grant beyond the active profile.
    const grant = await tech.post(`User/${id}/Profile_User/`, { input: { profiles_id: SUPER_ADMIN, entities_id: A } });
    expectError(grant, 400, 'ERROR_GLPI_ADD', /Super-Admin/);
    await loginAs(ctx.server.api, 'two_hats', 'Own-choice-3');
  });

  test('a Read-Only user keeps GLPI’s password_update limit on their own password', async () => {
    await createUser(ctx.api, 'reader', 8, A, false, PASSWORD);
    const reader = await loginAs(ctx.server.api, 'reader');
    const id = (await reader.get('getFullSession')).body.session.glpiID;
    expectError(await reader.put(`User/${id}`, { input: { password: 'Other-pw-4', password2: 'Other-pw-4' } }), 400, 'ERROR_GLPI_UPDATE', RIGHT_MISSING);
  });
});
