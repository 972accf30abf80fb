/**
 * `GET /getMyDevices` (a Deskbase addition): the session user's own devices of the active
 * profile's helpdesk types — theirs by `users_id` or through one of their groups — in the active
 * entities, without any asset right; nobody else's, no trashed item, no template, nothing of a
 * type the profile does not offer, nothing when the profile does not allow "my devices".
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { PASSWORD, unique, userWith } from '../documents/helpers';

const ctx = useServer();
const SELF_SERVICE = 1;
let A: number;
let B: number;

beforeAll(async () => {
  A = await ctx.api.create('Entity', { name: unique('Devices A'), entities_id: 0 });
  B = await ctx.api.create('Entity', { name: unique('Devices B'), entities_id: 0 });
});

const devicesOf = async (client: Awaited<ReturnType<typeof userWith>>['client']) => {
  const res = await client.get('getMyDevices');
  expect(res.status).toBe(200);
  return (res.body as { mydevices: { itemtype: string; id: number; name: string; entities_id: number }[] }).mydevices.map((d) => [d.itemtype, d.name, d.entities_id]);
};

describe('getMyDevices', () => {
  test("a Self-Service user gets their own and their group's devices, and nothing else", async () => {
    const me = await userWith(ctx.api, SELF_SERVICE, A);
    const other = await userWith(ctx.api, SELF_SERVICE, A);
    const group = await ctx.api.create('Group', { name: unique('Accounting'), entities_id: 0, is_recursive: 1 });
    await ctx.api.create('Group_User', { groups_id: group, users_id: me.id });
    await ctx.api.create('Computer', { name: 'my laptop', entities_id: A, users_id: me.id });
    await ctx.api.create('Monitor', { name: 'my screen', entities_id: A, users_id: me.id });
    await ctx.api.create('Printer', { name: 'team printer', entities_id: A, groups_id: group });
    await ctx.api.create('Computer', { name: 'their laptop', entities_id: A, users_id: other.id });
    await ctx.api.create('Computer', { name: 'trashed laptop', entities_id: A, users_id: me.id, is_deleted: 1 });
    await ctx.api.create('Computer', { name: 'template laptop', entities_id: A, users_id: me.id, is_template: 1, template_name: unique('t') });
    await ctx.api.create('Computer', { name: 'elsewhere', entities_id: B, users_id: me.id });
    // The session logged in before the group membership: a new one sees the group.
    const fresh = await me.client.login(String((await ctx.api.get(`User/${me.id}`)).body.name), PASSWORD);
    expect(await devicesOf(fresh)).toEqual([
      ['Computer', 'my laptop', A],
      ['Monitor', 'my screen', A],
      ['Printer', 'team printer', A],
    ]);
    // The same user may not read those assets through the ordinary endpoints.
    expect((await fresh.get('Computer/')).status).toBe(403);
    expect(await devicesOf(other.client)).toEqual([['Computer', 'their laptop', A]]);
  });

  test('only the types the profile offers; none when it does not allow "my devices" (helpdesk_hardware 0)', async () => {
    const screensOnly = await ctx.api.create('Profile', { name: unique('Screens'), interface: 'helpdesk', helpdesk_hardware: 1, helpdesk_item_type: '["Monitor"]' });
    const none = await ctx.api.create('Profile', { name: unique('No devices'), interface: 'helpdesk', helpdesk_hardware: 0, helpdesk_item_type: '["Computer","Monitor"]' });
    const screens = await userWith(ctx.api, screensOnly, A);
    const nothing = await userWith(ctx.api, none, A);
    for (const user of [screens, nothing]) {
      await ctx.api.create('Computer', { name: 'a laptop', entities_id: A, users_id: user.id });
      await ctx.api.create('Monitor', { name: 'a screen', entities_id: A, users_id: user.id });
    }
    expect(await devicesOf(screens.client)).toEqual([['Monitor', 'a screen', A]]);
    expect(await devicesOf(nothing.client)).toEqual([]);
  });
});
