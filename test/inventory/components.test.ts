/**
 * A FusionInventory XML inventory's other parts: components (Item_Device*), connected monitors,
 * printers and peripherals (Computer_Item), virtual machines, antivirus and remote management.
 * A second inventory updates them in place: what disappeared is removed, rows made by hand and
 * fields locked by hand stay, history lines name the inventory.
 */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { inventory, post, type Machine, enableInventory } from './fixture';

const ctx = useServer();
enableInventory(ctx);
const list = async (path: string, query = 'range=0-9999&expand_dropdowns=true') => (await ctx.api.get(path, { query })).body as Record<string, unknown>[];

const vm = (name: string, uuid: string, status: string) => `<VIRTUALMACHINES><NAME>${name}</NAME><UUID>${uuid}</UUID><STATUS>${status}</STATUS><VMTYPE>kvm</VMTYPE><SUBSYSTEM>libvirt</SUBSYSTEM><VCPU>2</VCPU><MEMORY>2048</MEMORY><COMMENT>from the agent</COMMENT></VIRTUALMACHINES>`;
const parts = {
  monitor: (serial: string) => `<MONITORS><CAPTION>Dell P2419H</CAPTION><MANUFACTURER>Dell Inc.</MANUFACTURER><SERIAL>${serial}</SERIAL></MONITORS>`,
  printer: '<PRINTERS><NAME>LaserJet-USB</NAME><SERIAL>PRN-1</SERIAL></PRINTERS><PRINTERS><NAME>Office-MFP</NAME><NETWORK>1</NETWORK></PRINTERS>',
  peripherals: '<INPUTS><CAPTION>USB Keyboard</CAPTION></INPUTS><USBDEVICES><NAME>Root hub</NAME><CLASS>9</CLASS></USBDEVICES><USBDEVICES><NAME>Webcam C920</NAME><MANUFACTURER>Logitech</MANUFACTURER><SERIAL>CAM-9</SERIAL><CLASS>14</CLASS></USBDEVICES>',
  antivirus: (uptodate: number) => `<ANTIVIRUS><NAME>ClamAV</NAME><COMPANY>Cisco</COMPANY><VERSION>1.0.7</VERSION><BASE_VERSION>27100</BASE_VERSION><ENABLED>1</ENABLED><UPTODATE>${uptodate}</UPTODATE><EXPIRATION>12/31/2027</EXPIRATION></ANTIVIRUS>`,
  remote: '<REMOTE_MGMT><ID>987654321</ID><TYPE>teamviewer</TYPE></REMOTE_MGMT>',
  devices:
    '<BATTERIES><NAME>BAT0</NAME><MANUFACTURER>LGC</MANUFACTURER><CHEMISTRY>Li-ion</CHEMISTRY><CAPACITY>45000</CAPACITY><REAL_CAPACITY>41000</REAL_CAPACITY><VOLTAGE>11400</VOLTAGE><SERIAL>B-77</SERIAL><DATE>03/15/2022</DATE></BATTERIES>' +
    '<VIDEOS><NAME>Intel UHD 620</NAME><CHIPSET>i915</CHIPSET><MEMORY>256</MEMORY><PCISLOT>00:02.0</PCISLOT></VIDEOS>' +
    '<SOUNDS><NAME>HDA Intel PCH</NAME><MANUFACTURER>Intel Corporation</MANUFACTURER><DESCRIPTION>rev 21</DESCRIPTION></SOUNDS>' +
    '<CONTROLLERS><NAME>SATA controller</NAME><MANUFACTURER>Intel Corporation</MANUFACTURER><PCISLOT>00:17.0</PCISLOT></CONTROLLERS>' +
    '<STORAGES><NAME>sda</NAME><MODEL>Samsung SSD 860</MODEL><MANUFACTURER>Samsung</MANUFACTURER><DISKSIZE>512110</DISKSIZE><SERIAL>S3Z-1</SERIAL><TYPE>disk</TYPE></STORAGES>' +
    '<STORAGES><NAME>sr0</NAME><MODEL>DVD-RW DU8A6SH</MODEL><MANUFACTURER>HL-DT-ST</MANUFACTURER><TYPE>cdrom</TYPE></STORAGES>',
};
const machine: Machine = {
  deviceid: 'parts-2026-01-01-00-00-00',
  name: 'parts-pc',
  serial: 'PARTS-1',
  software: [],
  disks: ['/'],
  bios: '<BMANUFACTURER>LENOVO</BMANUFACTURER><BVERSION>N2HET68W</BVERSION><BDATE>02/06/2023</BDATE>',
  extra: parts.monitor('MON-1') + parts.printer + parts.peripherals + vm('web', 'uuid-web', 'running') + vm('db', 'uuid-db', 'running') + parts.antivirus(0) + parts.remote + parts.devices,
};

describe('an inventory\'s other parts', () => {
  let id = 0;
  const connected = async () =>
    Promise.all(
      (await list(`Computer/${id}/Computer_Item`, 'range=0-9999')).map(async (c) => {
        const item = (await ctx.api.get(`${String(c.itemtype)}/${String(c.items_id)}`)).body;
        return [c.itemtype, item.name, item.serial, c.is_dynamic];
      }),
    );

  test('written from the XML: components, connected items, virtual machines, antivirus, remote management', async () => {
    expect((await post(ctx.server.origin, inventory(machine))).status).toBe(200);
    id = Number((await list('Computer')).find((c) => c.serial === 'PARTS-1')!.id);
    expect(await connected()).toEqual([
      ['Monitor', 'Dell P2419H', 'MON-1', 1],
      ['Printer', 'LaserJet-USB', 'PRN-1', 1],
      ['Peripheral', 'USB Keyboard', null, 1],
      ['Peripheral', 'Webcam C920', 'CAM-9', 1],
    ]);
    expect((await list(`Computer/${id}/ComputerVirtualMachine`)).map((v) => [v.name, v.uuid, v.virtualmachinestates_id, v.virtualmachinetypes_id, v.virtualmachinesystems_id, v.vcpu, v.ram, v.comment])).toEqual([
      ['web', 'uuid-web', 'running', 'kvm', 'libvirt', 2, '2048', 'from the agent'],
      ['db', 'uuid-db', 'running', 'kvm', 'libvirt', 2, '2048', 'from the agent'],
    ]);
    expect((await list(`Computer/${id}/ComputerAntivirus`)).map((a) => [a.name, a.manufacturers_id, a.antivirus_version, a.signature_version, a.is_active, a.is_uptodate, a.date_expiration])).toEqual([
      ['ClamAV', 'Cisco', '1.0.7', '27100', 1, 0, '2027-12-31 00:00:00'],
    ]);
    expect((await list(`Computer/${id}/Item_RemoteManagement`)).map((r) => [r.type, r.remoteid])).toEqual([['teamviewer', '987654321']]);
    expect((await list(`Computer/${id}/Item_DeviceBattery`)).map((b) => [b.devicebatteries_id, b.serial, b.manufacturing_date, b.real_capacity])).toEqual([['BAT0', 'B-77', '2022-03-15', 41000]]);
    expect((await list(`Computer/${id}/Item_DeviceFirmware`)).map((f) => f.devicefirmwares_id)).toEqual(['LENOVO BIOS']);
    expect((await list(`Computer/${id}/Item_DeviceGraphicCard`)).map((g) => [g.devicegraphiccards_id, g.memory, g.busID])).toEqual([['Intel UHD 620', 256, '00:02.0']]);
    expect((await list(`Computer/${id}/Item_DeviceSoundCard`)).map((s) => s.devicesoundcards_id)).toEqual(['HDA Intel PCH']);
    expect((await list(`Computer/${id}/Item_DeviceControl`)).map((c) => [c.devicecontrols_id, c.busID])).toEqual([['SATA controller', '00:17.0']]);
    expect((await list(`Computer/${id}/Item_DeviceHardDrive`)).map((d) => [d.deviceharddrives_id, d.capacity, d.serial])).toEqual([['Samsung SSD 860', 512110, 'S3Z-1']]);
    expect((await list(`Computer/${id}/Item_DeviceDrive`)).map((d) => d.devicedrives_id)).toEqual(['DVD-RW DU8A6SH']);
  });

  test('a second inventory updates in place; what disappeared goes, rows and fields made by hand stay', async () => {
    const before = { vm: (await list(`Computer/${id}/ComputerVirtualMachine`))[1]!.id, battery: (await list(`Computer/${id}/Item_DeviceBattery`))[0]!.id };
    // By hand: a connected peripheral, a virtual machine, and the web VM's comment (locked).
    const handPeripheral = await ctx.api.create('Peripheral', { name: 'Label printer' });
    await ctx.api.create('Computer_Item', { computers_id: id, itemtype: 'Peripheral', items_id: handPeripheral });
    await ctx.api.create('ComputerVirtualMachine', { computers_id: id, name: 'hand-vm' });
    const web = (await list(`Computer/${id}/ComputerVirtualMachine`)).find((v) => v.name === 'web')!;
    expect((await ctx.api.put(`ComputerVirtualMachine/${web.id}`, { input: { comment: 'kept by hand' } })).status).toBe(200);

    const next = { ...machine, extra: parts.monitor('MON-2') + parts.printer + parts.peripherals + vm('db', 'uuid-db', 'paused') + parts.antivirus(1) + parts.devices };
    expect((await post(ctx.server.origin, inventory(next))).status).toBe(200);
    expect(await connected()).toEqual([
      ['Printer', 'LaserJet-USB', 'PRN-1', 1],
      ['Peripheral', 'USB Keyboard', null, 1],
      ['Peripheral', 'Webcam C920', 'CAM-9', 1],
      ['Peripheral', 'Label printer', null, 0],
      ['Monitor', 'Dell P2419H', 'MON-2', 1],
    ]);
    // The monitor no longer connected stays as an item.
    expect((await list('Monitor')).filter((m) => m.serial === 'MON-1').length).toBe(1);
    const vms = await list(`Computer/${id}/ComputerVirtualMachine`);
    expect(vms.map((v) => [v.name, v.virtualmachinestates_id, v.is_dynamic])).toEqual([
      ['db', 'paused', 1],
      ['hand-vm', 0, 0],
    ]);
    expect(vms[0]!.id).toBe(before.vm);
    expect((await list(`Computer/${id}/ComputerAntivirus`)).map((a) => a.is_uptodate)).toEqual([1]);
    expect(await list(`Computer/${id}/Item_RemoteManagement`)).toEqual([]);
    expect((await list(`Computer/${id}/Item_DeviceBattery`)).map((b) => b.id)).toEqual([before.battery]);

    const log = await list('Log/', `searchText[itemtype]=^Computer$&searchText[items_id]=^${id}$&range=0-9999&sort=id&order=ASC`);
    const byInventory = log.filter((l) => l.user_name === 'Inventory').map((l) => [l.linked_action, l.itemtype_link, l.old_value, l.new_value]);
    // A gone virtual machine and remote management, the old monitor disconnected, the new one connected.
    for (const line of [[19, 'ComputerVirtualMachine', 'web (1)', ''], [19, 'Item_RemoteManagement', '1', ''], [6, 'Monitor', 'Dell P2419H (1)', ''], [7, 'Monitor', '', 'Dell P2419H (2)']]) expect(byInventory).toContainEqual(line);
  });

  test('a locked field of a virtual machine survives the next inventory', async () => {
    const machineWithWeb = { ...machine, extra: vm('web', 'uuid-web', 'running') };
    expect((await post(ctx.server.origin, inventory(machineWithWeb))).status).toBe(200);
    const web = (await list(`Computer/${id}/ComputerVirtualMachine`)).find((v) => v.name === 'web');
    expect(web).toMatchObject({ name: 'web', comment: 'from the agent' });
    expect((await ctx.api.put(`ComputerVirtualMachine/${web!.id}`, { input: { comment: 'kept by hand' } })).status).toBe(200);
    expect((await post(ctx.server.origin, inventory({ ...machine, extra: vm('web', 'uuid-web', 'paused') }))).status).toBe(200);
    expect((await list(`Computer/${id}/ComputerVirtualMachine`)).find((v) => v.name === 'web')).toMatchObject({ comment: 'kept by hand', virtualmachinestates_id: 'paused', is_dynamic: 1 });
  });
});
