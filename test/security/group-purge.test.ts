/**
 * A group's memberships are its members' access: purging the group removes them, so it needs the
 * same authority over every member as removing each membership directly (an Admin cannot strip
 * the Super-Admin of its groups by purging them). Nothing is half-removed.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { useServer } from '../support/server';
import { createUser, expectError, loginAs, RIGHT_MISSING } from '../rights/fixture';

const ctx = useServer();
const ADMIN = 3;
const GLPI = 2;

let admin: Client;
let peerId: number;

const members = async (groupId: number) =>
  ((await ctx.api.get(`Group/${groupId}/Group_User/`)).body as { users_id: number }[]).map((m) => m.users_id).sort((a, b) => a - b);

/** A group holding these users. */
async function groupOf(name: string, users: number[]): Promise<number> {
  const id = await ctx.api.create('Group', { name });
  for (const userId of users) await ctx.api.create('Group_User', { groups_id: id, users_id: userId });
  return id;
}

beforeAll(async () => {
  await createUser(ctx.api, 'boss', ADMIN, 0, true);
  peerId = await createUser(ctx.api, 'peer', ADMIN, 0, true);
  admin = await loginAs(ctx.server.api, 'boss');
});

describe('purging a group', () => {
  test("refused when it holds a user the editor does not outrank; the group and every membership stay", async () => {
    const group = await groupOf('with glpi', [peerId, GLPI]);
    expectError(await admin.del(`Group/${group}`, { query: 'force_purge=true' }), 403, 'ERROR_RIGHT_MISSING', RIGHT_MISSING);
    expect((await ctx.api.get(`Group/${group}`)).status).toBe(200);
    expect(await members(group)).toEqual([GLPI, peerId].sort((a, b) => a - b));
  });

  test('removing that membership through the group is refused too', async () => {
    const group = await groupOf('with glpi again', [GLPI]);
    const [membership] = (await ctx.api.get(`Group/${group}/Group_User/`)).body as { id: number }[];
    expectError(await admin.del(`Group/${group}/Group_User/${membership!.id}`), 403, 'ERROR_RIGHT_MISSING', RIGHT_MISSING);
    expect(await members(group)).toEqual([GLPI]);
  });

  test('bulk: a false element for that group, the others purged', async () => {
    const guarded = await groupOf('bulk guarded', [GLPI]);
    const plain = await groupOf('bulk plain', [peerId]);
    const res = await admin.del('Group/', { body: { input: [{ id: guarded }, { id: plain }], force_purge: true } });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 207,
      body: ['ERROR_GLPI_PARTIAL_DELETE', [{ [guarded]: false, message: RIGHT_MISSING }, { [plain]: true, message: '' }]],
    });
    expect(await members(guarded)).toEqual([GLPI]);
    expect((await ctx.api.get(`Group/${plain}`)).status).toBe(404);
    const left = (await ctx.api.get(`User/${peerId}/Group_User/`)).body as { groups_id: number }[];
    expect(left.map((m) => m.groups_id)).not.toContain(plain);
  });

  test('allowed with its memberships when the editor outranks every member', async () => {
    const group = await groupOf('only peers', [peerId]);
    expect((await admin.del(`Group/${group}`, { query: 'force_purge=true' })).status).toBe(204);
    expect((await ctx.api.get(`Group/${group}`)).status).toBe(404);
    // The Super-Admin outranks everyone: it purges a group holding itself.
    const own = await groupOf('glpi own', [GLPI, peerId]);
    expect((await ctx.api.del(`Group/${own}`, { query: 'force_purge=true' })).status).toBe(204);
  });
});
