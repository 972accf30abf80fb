/**
 * The last usable Super-Admin authorization on the root entity stays: it cannot be removed,
 * moved, demoted, nor its account deactivated, dated out, trashed or purged, by anyone.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { ADMIN_PASSWORD, useServer } from '../support/server';
import { createUser, expectError, loginAs } from '../rights/fixture';

const ctx = useServer();
const GLPI = 2;
const SUPER_ADMIN = 4;
const LAST = /last active Super-Admin authorization on the root entity/;

let second: Client;
let secondId: number;
let secondGrant: number;
let branch: Client;
let entityA: number;

beforeAll(async () => {
  const A = await ctx.api.create('Entity', { name: 'A', entities_id: 0 });
  entityA = A;
  secondId = await createUser(ctx.api, 'second_root', SUPER_ADMIN, 0, true);
  await createUser(ctx.api, 'branch_super', SUPER_ADMIN, A, true);
  second = await loginAs(ctx.server.api, 'second_root');
  branch = await loginAs(ctx.server.api, 'branch_super');
  secondGrant = (await ctx.api.get(`User/${secondId}/Profile_User`)).body[0].id;
  // An authorization given in A puts the second's account in reach of A's Super-Admin for changes.
  await ctx.api.create('Profile_User', { users_id: secondId, profiles_id: 1, entities_id: A, is_recursive: 0 });
});

describe('with two root Super-Admins, one may go', () => {
  test('the second deactivates glpi', async () => {
    expect((await second.put(`User/${GLPI}`, { input: { is_active: 0 } })).status).toBe(200);
  });
});

describe('the remaining one is the last', () => {
  test('its authorization cannot be removed, demoted or moved, even by itself', async () => {
    expectError(await second.del(`Profile_User/${secondGrant}`), 400, 'ERROR_GLPI_DELETE', LAST);
    expectError(await second.put(`Profile_User/${secondGrant}`, { input: { profiles_id: 3 } }), 400, 'ERROR_GLPI_UPDATE', LAST);
    const elsewhere = (await second.get('Entity/', { query: 'searchText[name]=^A$' })).body[0].id;
    expectError(await second.put(`Profile_User/${secondGrant}`, { input: { entities_id: elsewhere } }), 400, 'ERROR_GLPI_UPDATE', LAST);
    expectError(await second.del(`Profile/${SUPER_ADMIN}`, { query: 'force_purge=true' }), 400, 'ERROR_GLPI_DELETE', LAST);
    expect((await second.get(`Profile_User/${secondGrant}`)).body).toMatchObject({ users_id: secondId, profiles_id: SUPER_ADMIN, entities_id: 0 });
  });

  test('its account cannot be deactivated, dated out, trashed or purged by another Super-Admin', async () => {
    for (const input of [{ is_active: 0 }, { end_date: '2001-01-01 00:00:00' }, { begin_date: '2099-01-01 00:00:00' }, { is_deleted: 1 }]) {
      expectError(await branch.put(`User/${secondId}`, { input }), 400, 'ERROR_GLPI_UPDATE', LAST);
    }
    expectError(await branch.del(`User/${secondId}`), 400, 'ERROR_GLPI_DELETE', LAST);
    expectError(await branch.del(`User/${secondId}`, { query: 'force_purge=true' }), 400, 'ERROR_GLPI_DELETE', LAST);
    const other = await createUser(branch, 'branch_member', 1, entityA, true);
    const mixed = await branch.del('User/', { body: { input: [{ id: secondId }, { id: other }] }, query: 'force_purge=true' });
    expect(mixed.status).toBe(207);
    expect(mixed.body[1]).toEqual([{ [secondId]: false, message: expect.stringMatching(LAST) }, { [other]: true, message: '' }]);
    const bulk = await branch.put('User/', { input: [{ id: secondId, is_active: 0 }] });
    expect(bulk.body[1][0]).toEqual({ [secondId]: false, message: expect.stringMatching(LAST) });
    await loginAs(ctx.server.api, 'second_root');
  });

  test('once glpi is active again, the second may go', async () => {
    expect((await second.put(`User/${GLPI}`, { input: { is_active: 1 } })).status).toBe(200);
    expect((await branch.put(`User/${secondId}`, { input: { is_active: 0 } })).status).toBe(200);
    const glpi = await loginAs(ctx.server.api, 'glpi', ADMIN_PASSWORD);
    const [own] = (await glpi.get(`User/${GLPI}/Profile_User`)).body;
    expectError(await glpi.del(`Profile_User/${own.id}`), 400, 'ERROR_GLPI_DELETE', LAST);
  });

  test('an account dated out loses its open sessions, as a deactivated one does', async () => {
    const branchId = (await branch.get('getFullSession')).body.session.glpiID;
    expect((await second.get('getFullSession')).status).toBe(401);
    const glpi = await loginAs(ctx.server.api, 'glpi', ADMIN_PASSWORD);
    expect((await glpi.put(`User/${branchId}`, { input: { end_date: '2001-01-01 00:00:00' } })).status).toBe(200);
    expectError(await branch.get('getFullSession'), 401, 'ERROR_SESSION_TOKEN_INVALID');
  });
});
