/**
 * GLPI 10's locked fields: a field changed by hand on an inventoried computer is locked, the next
 * inventory leaves it alone (keeping what it reported in the lock), and unlocking (deleting the
 * Lockedfield row) lets the agent's value back.
 */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { Client } from '../support/client';
import { inventory, post, type Machine, enableInventory } from './fixture';

const ctx = useServer();
enableInventory(ctx);

const machine: Machine = { deviceid: 'lock-2026-01-01-00-00-00', name: 'agent-name', serial: 'LOCK-1', software: [], disks: ['/'] };
const locks = async () => (await ctx.api.get('Lockedfield', { query: 'range=0-999' })).body as Record<string, unknown>[];

describe('Lockedfield', () => {
  test('a name edited by hand stays through the next inventory, until unlocked', async () => {
    expect((await post(ctx.server.origin, inventory(machine))).status).toBe(200);
    const computer = ((await ctx.api.get('Computer', { query: 'range=0-999' })).body as Record<string, unknown>[]).find((c) => c.serial === 'LOCK-1')!;
    expect(computer).toMatchObject({ name: 'agent-name', is_dynamic: 1 });
    const id = Number(computer.id);
    expect(await locks()).toEqual([]);

    expect((await ctx.api.put(`Computer/${id}`, { input: { name: 'typed by hand' } })).status).toBe(200);
    const [lock] = await locks();
    expect(await locks()).toEqual([
      { id: lock!.id, itemtype: 'Computer', items_id: id, field: 'name', value: null, date_mod: lock!.date_mod, date_creation: lock!.date_mod, is_global: 0, links: [{ rel: 'Computer', href: `${ctx.server.api}/Computer/${id}` }] },
    ]);

    expect((await post(ctx.server.origin, inventory(machine))).status).toBe(200);
    expect((await ctx.api.get(`Computer/${id}`)).body).toMatchObject({ name: 'typed by hand', serial: 'LOCK-1', is_dynamic: 1 });
    expect((await locks()).map((l) => [l.field, l.value])).toEqual([['name', 'agent-name']]);

    expect((await ctx.api.del(`Lockedfield/${lock!.id}`)).status).toBe(204);
    expect(await locks()).toEqual([]);
    expect((await post(ctx.server.origin, inventory(machine))).status).toBe(200);
    expect((await ctx.api.get(`Computer/${id}`)).body).toMatchObject({ name: 'agent-name' });
    expect(await locks()).toEqual([]);
  });

  test("an inventory's own updates of the rows it wrote lock nothing", async () => {
    const m: Machine = { ...machine, deviceid: 'lock-disk-2026-01-01-00-00-00', serial: 'LOCK-DISK' };
    expect((await post(ctx.server.origin, inventory(m))).status).toBe(200);
    expect((await post(ctx.server.origin, inventory(m).replace('<FREE>400</FREE>', '<FREE>300</FREE>'))).status).toBe(200);
    const computer = ((await ctx.api.get('Computer', { query: 'range=0-999' })).body as Record<string, unknown>[]).find((c) => c.serial === 'LOCK-DISK')!;
    const disks = (await ctx.api.get(`Computer/${computer.id}/Item_Disk`)).body as Record<string, unknown>[];
    expect(disks.map((d) => [d.mountpoint, d.freesize, d.is_dynamic])).toEqual([['/', 300, 1]]);
    expect(await locks()).toEqual([]);
  });

  test('a computer never inventoried gets no lock; an update saying is_dynamic = 1 makes none', async () => {
    const handMade = await ctx.api.create('Computer', { name: 'static' });
    expect((await ctx.api.put(`Computer/${handMade}`, { input: { name: 'static 2' } })).status).toBe(200);
    const dynamic = await ctx.api.create('Computer', { name: 'dyn', is_dynamic: 1 });
    expect((await ctx.api.put(`Computer/${dynamic}`, { input: { name: 'dyn 2', is_dynamic: 1 } })).status).toBe(200);
    expect((await ctx.api.put(`Computer/${dynamic}`, { input: { comment: 'by hand', serial: 'S-9' } })).status).toBe(200);
    expect((await locks()).filter((l) => l.items_id === handMade || l.items_id === dynamic).map((l) => [l.items_id, l.field]).sort()).toEqual([
      [dynamic, 'comment'],
      [dynamic, 'serial'],
    ]);
  });

  test("purging the computer removes its locks; the locked_field right's UPDATE bit reads them", async () => {
    const dynamic = await ctx.api.create('Computer', { name: 'to purge', is_dynamic: 1 });
    expect((await ctx.api.put(`Computer/${dynamic}`, { input: { name: 'renamed' } })).status).toBe(200);
    expect((await locks()).filter((l) => l.items_id === dynamic).map((l) => l.field)).toEqual(['name']);
    // A profile without the locked_field right (Technician) neither lists nor removes locks.
    const techId = await ctx.api.create('User', { name: 'tech-locks', password: 'tech-pass-1', password2: 'tech-pass-1' });
    await ctx.api.create('Profile_User', { users_id: techId, profiles_id: 6, entities_id: 0, is_recursive: 1 });
    const tech = await new Client(ctx.server.api).login('tech-locks', 'tech-pass-1');
    expect((await tech.get('Lockedfield')).status).toBe(403);
    expect((await ctx.api.del(`Computer/${dynamic}`, { query: 'force_purge=1' })).status).toBe(204);
    expect((await locks()).filter((l) => l.items_id === dynamic)).toEqual([]);
  });
});
