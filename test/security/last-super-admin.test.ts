/**
 * The last usable Super-Admin authorization on the root entity stays: it cannot be removed,
 * moved, demoted, nor its account deactivated, dated out, trashed or purged, by anyone.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { scenario, type Step } from '../support/scenario';
import { ADMIN_PASSWORD, useServer } from '../support/server';
import { createUser, expectError, loginAs } from '../rights/fixture';

const ctx = useServer();
const GLPI = 2;
const SUPER_ADMIN = 4;
const LAST = /last active Super-Admin authorization on the root entity/;
/** Refused as a change to the last Super-Admin authorization. */
const kept = (error: string) => ({ status: 400, error, message: LAST });

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
    const grant = `Profile_User/${secondGrant}`;
    await scenario(second, [
      { request: `DELETE ${grant}`, ...kept('ERROR_GLPI_DELETE') },
      { request: `PUT ${grant}`, body: { input: { profiles_id: 3 } }, ...kept('ERROR_GLPI_UPDATE') },
      { request: `PUT ${grant}`, body: { input: { entities_id: entityA } }, ...kept('ERROR_GLPI_UPDATE') },
      { request: `DELETE Profile/${SUPER_ADMIN}`, query: 'force_purge=true', ...kept('ERROR_GLPI_DELETE') },
      { request: `GET ${grant}`, status: 200, answer: { users_id: secondId, profiles_id: SUPER_ADMIN, entities_id: 0 } },
    ]);
  });

  test('its account cannot be deactivated, dated out, trashed or purged by another Super-Admin', async () => {
    const other = await createUser(branch, 'branch_member', 1, entityA, true);
    const account = `User/${secondId}`;
    await scenario(branch, [
      ...[{ is_active: 0 }, { end_date: '2001-01-01 00:00:00' }, { begin_date: '2099-01-01 00:00:00' }, { is_deleted: 1 }].map((input): Step => ({ request: `PUT ${account}`, body: { input }, ...kept('ERROR_GLPI_UPDATE') })),
      { request: `DELETE ${account}`, ...kept('ERROR_GLPI_DELETE') },
      { request: `DELETE ${account}`, query: 'force_purge=true', ...kept('ERROR_GLPI_DELETE') },
      {
        note: 'a bulk purge keeps it and purges the other',
        request: 'DELETE User/',
        body: { input: [{ id: secondId }, { id: other }] },
        query: 'force_purge=true',
        status: 207,
        check: (res) => expect(res.body[1]).toEqual([{ [secondId]: false, message: expect.stringMatching(LAST) }, { [other]: true, message: '' }]),
      },
      // Its only element refused: the whole request is refused, each element detailed.
      { request: 'PUT User/', body: { input: [{ id: secondId, is_active: 0 }] }, status: 400, error: 'ERROR_GLPI_UPDATE', equals: ['ERROR_GLPI_UPDATE', [{ [secondId]: false, message: expect.stringMatching(LAST) }]] },
    ]);
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
