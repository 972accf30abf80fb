/**
 * GLPI 10's virtual machine settings: `vm_as_computer` makes each reported virtual machine with a
 * UUID a computer too (the one with that UUID, whatever its case, else a new one in the host's
 * entity and location), of the `vm_type` type; `vm_components` gives it its virtual processor and
 * memory; with `vm_as_computer` off (GLPI's default) only the host's virtual machine rows exist.
 */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { enableInventory, inventory, post, setInventorySettings, type Machine } from './fixture';

const ctx = useServer();
enableInventory(ctx);
const list = async (path: string) => (await ctx.api.get(path, { query: 'range=0-9999' })).body as Record<string, unknown>[];
const vm = (name: string, uuid: string) => `<VIRTUALMACHINES><NAME>${name}</NAME><UUID>${uuid}</UUID><STATUS>running</STATUS><VMTYPE>kvm</VMTYPE><VCPU>2</VCPU><MEMORY>2048</MEMORY></VIRTUALMACHINES>`;
const host = (extra: string): Machine => ({ deviceid: 'host-2026-01-01-00-00-00', name: 'vm-host', serial: 'HOST-1', software: [], disks: [], extra });
const computersNamed = async (...names: string[]) => (await list('Computer')).filter((c) => names.includes(String(c.name)));

describe('virtual machines as computers', () => {
  test('off by default: only the virtual machine rows', async () => {
    expect((await post(ctx.server.origin, inventory(host(vm('guest-a', 'AAAA-1111'))))).status).toBe(200);
    expect(await computersNamed('guest-a')).toEqual([]);
    const hostId = Number((await computersNamed('vm-host'))[0]!.id);
    expect((await list(`Computer/${hostId}/ComputerVirtualMachine`)).map((v) => v.name)).toEqual(['guest-a']);
  });

  test('vm_as_computer, vm_type, vm_components: a computer per virtual machine, the known one updated', async () => {
    const location = await ctx.api.create('Location', { name: 'Server room' });
    const hostId = Number((await computersNamed('vm-host'))[0]!.id);
    expect((await ctx.api.put(`Computer/${hostId}`, { input: { locations_id: location } })).status).toBe(200);
    const vmType = await ctx.api.create('ComputerType', { name: 'Virtual machine' });
    const known = await ctx.api.create('Computer', { name: 'old name', uuid: 'bbbb-2222' });
    await setInventorySettings(ctx.api, { vm_as_computer: '1', vm_type: String(vmType), vm_components: '1' });

    expect((await post(ctx.server.origin, inventory(host(vm('guest-a', 'AAAA-1111') + vm('guest-b', 'BBBB-2222') + vm('no-uuid', ''))))).status).toBe(200);
    const guests = (await computersNamed('guest-a', 'guest-b', 'no-uuid', 'old name')).map((c) => [c.name, c.uuid, c.computertypes_id, c.locations_id, c.entities_id, c.is_dynamic]);
    expect(guests).toEqual([
      ['guest-b', 'BBBB-2222', vmType, location, 0, 1],
      ['guest-a', 'AAAA-1111', vmType, location, 0, 1],
    ]);
    const guestA = Number((await computersNamed('guest-a'))[0]!.id);
    expect((await list(`Computer/${guestA}/Item_DeviceProcessor`)).map((p) => [p.nbcores, p.is_dynamic])).toEqual([[2, 1]]);
    expect((await list(`Computer/${guestA}/Item_DeviceMemory`)).map((m) => [m.size, m.is_dynamic])).toEqual([[2048, 1]]);
    expect((await list(`Computer/${known}/Item_DeviceMemory`)).map((m) => m.size)).toEqual([2048]);

    // Another inventory: the same computers, not new ones.
    expect((await post(ctx.server.origin, inventory(host(vm('guest-a', 'AAAA-1111') + vm('guest-b', 'BBBB-2222'))))).status).toBe(200);
    expect((await computersNamed('guest-a', 'guest-b')).map((c) => Number(c.id)).sort((a, b) => a - b)).toEqual([known, guestA]);
    await setInventorySettings(ctx.api, { vm_as_computer: '0', vm_type: '0', vm_components: '0' });
  });
});
