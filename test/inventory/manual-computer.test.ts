/**
 * A computer typed in by hand, then reported by an agent, as GLPI 10 takes it over: the computer
 * becomes dynamic; each hand-made row the inventory reports becomes that dynamic row (the same
 * row, updated; a port typed without its addresses replaced), the others stay as typed; a later
 * inventory that no longer reports a taken-over row removes it, as any dynamic row.
 */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { enableInventory, inventory, post, type Machine } from './fixture';

const ctx = useServer();
enableInventory(ctx);
const list = async (path: string) => (await ctx.api.get(path, { query: 'range=0-9999' })).body as Record<string, unknown>[];
const rows = async (path: string, ...columns: string[]) => (await list(path)).map((r) => columns.map((c) => r[c]));

describe('a computer made by hand, then inventoried', () => {
  test('its matching rows become dynamic, the others stay; the computer becomes dynamic', async () => {
    const id = await ctx.api.create('Computer', { name: 'hand-pc', serial: 'HAND-1', comment: 'typed in' });
    const handCpu = await ctx.api.create('DeviceProcessor', { designation: 'Hand CPU' });
    const cpuLink = await ctx.api.create('Item_DeviceProcessor', { itemtype: 'Computer', items_id: id, deviceprocessors_id: handCpu });
    const debian = await ctx.api.create('Manufacturer', { name: 'Debian' });
    const vim = await ctx.api.create('Software', { name: 'vim', entities_id: 0, manufacturers_id: debian });
    const vim90 = await ctx.api.create('SoftwareVersion', { name: '9.0', softwares_id: vim, entities_id: 0, arch: 'amd64' });
    const install = await ctx.api.create('Item_SoftwareVersion', { itemtype: 'Computer', items_id: id, softwareversions_id: vim90 });
    const eth0 = await ctx.api.create('NetworkPort', { itemtype: 'Computer', items_id: id, name: 'eth0', mac: '52:54:00:AB:CD:EF', instantiation_type: 'NetworkPortEthernet', logical_number: 1 });
    const mgmt = await ctx.api.create('NetworkPort', { itemtype: 'Computer', items_id: id, name: 'mgmt', mac: '52:54:00:00:00:01', instantiation_type: 'NetworkPortEthernet', logical_number: 2 });
    const disk = await ctx.api.create('Item_Disk', { itemtype: 'Computer', items_id: id, name: '/', mountpoint: '/', device: '/dev/sda1', totalsize: 5 });
    const os = await ctx.api.create('Item_OperatingSystem', { itemtype: 'Computer', items_id: id, operatingsystems_id: 0 });

    const machine: Machine = { deviceid: 'hand-2026-01-01-00-00-00', name: 'hand-pc', serial: 'HAND-1', software: [['vim', '9.0'], ['git', '2.39']], disks: ['/'] };
    expect((await post(ctx.server.origin, inventory(machine))).status).toBe(200);

    expect((await list('Computer')).filter((c) => c.serial === 'HAND-1').map((c) => [c.id, c.name, c.comment, c.is_dynamic])).toEqual([[id, 'hand-pc', 'typed in', 1]]);
    const cpus = await rows(`Computer/${id}/Item_DeviceProcessor`, 'id', 'deviceprocessors_id', 'is_dynamic');
    expect(cpus.length).toBe(2);
    expect(cpus[0]).toEqual([cpuLink, handCpu, 0]);
    expect(cpus[1]![2]).toBe(1);
    const installs = await rows(`Computer/${id}/Item_SoftwareVersion`, 'id', 'softwareversions_id', 'is_dynamic');
    expect(installs.length).toBe(2);
    expect(installs[0]).toEqual([install, vim90, 1]);
    expect(installs[1]![2]).toBe(1);
    const ports = await rows(`Computer/${id}/NetworkPort`, 'id', 'name', 'mac', 'is_dynamic');
    expect(ports.length).toBe(2);
    expect(ports[0]).toEqual([mgmt, 'mgmt', '52:54:00:00:00:01', 0]);
    expect(ports[1]!.slice(1)).toEqual(['eth0', '52:54:00:ab:cd:ef', 1]);
    expect(ports[1]![0]).not.toBe(eth0);
    expect(await rows(`Computer/${id}/Item_Disk`, 'id', 'mountpoint', 'totalsize', 'is_dynamic')).toEqual([[disk, '/', 1000, 1]]);
    const systems = await rows(`Computer/${id}/Item_OperatingSystem`, 'id', 'is_dynamic');
    expect(systems).toEqual([[os, 1]]);
    expect(Number((await list(`Computer/${id}/Item_OperatingSystem`))[0]!.operatingsystems_id)).not.toBe(0);

    // The next inventory no longer reports vim: the install taken over goes, as any dynamic row; the hand-made rows stay.
    expect((await post(ctx.server.origin, inventory({ ...machine, software: [['git', '2.39']] }))).status).toBe(200);
    expect((await rows(`Computer/${id}/Item_SoftwareVersion`, 'id')).flat()).toEqual([installs[1]![0]]);
    expect((await rows(`Computer/${id}/Item_DeviceProcessor`, 'id')).flat()).toEqual([cpuLink, cpus[1]![0]]);
    expect((await rows(`Computer/${id}/NetworkPort`, 'id')).flat()).toEqual([mgmt, ports[1]![0]]);
  });
});
