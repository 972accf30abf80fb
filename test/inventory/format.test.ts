/**
 * The published inventory format's example files (test/inventory/format, from
 * glpi-project/inventory_format, MIT) posted gzip'd as GLPI Agent posts them: each passes the
 * format's JSON schema, computers and phones are written (network devices: ./network.test.ts).
 */
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { checkInventoryFormat } from '../../server/inventory/schema';
import { useServer } from '../support/server';
import { post, postJson, enableInventory } from './fixture';

const ctx = useServer();
enableInventory(ctx);
const DIR = `${import.meta.dir}/format`;
const example = async (name: string) => (await Bun.file(`${DIR}/${name}.json`).json()) as Record<string, unknown>;
const list = async (path: string, query = 'range=0-9999&expand_dropdowns=true') => (await ctx.api.get(path, { query })).body as Record<string, unknown>[];

describe('the inventory format', () => {
  test('every example file passes the schema', async () => {
    const names = readdirSync(DIR).filter((f) => f.endsWith('.json'));
    expect(names.length).toBe(8);
    for (const name of names) expect(() => checkInventoryFormat(JSON.parse(readFileSync(`${DIR}/${name}`, 'utf8')))).not.toThrow();
  });

  test('computer_1: the computer, its agent (tag), OS, processors, memory and software', async () => {
    expect(await postJson(ctx.server.origin, await example('computer_1'))).toMatchObject({ status: 200, json: { expiration: 24, status: 'ok' } });
    const [computer] = (await list('Computer')).filter((c) => c.name === 'glpixps');
    expect(computer).toMatchObject({ serial: '640HP72', uuid: '4c4c4544-0034-3010-8048-b6c04f503732', is_dynamic: 1 });
    // Maker and model from the BIOS (system's first), type from the chassis; no asset tag.
    expect([computer!.manufacturers_id, computer!.computermodels_id, computer!.computertypes_id, computer!.otherserial]).toEqual(['Dell Inc.', 'XPS 13 9350', 'Laptop', null]);
    const id = Number(computer!.id);
    expect((await list('Agent', 'range=0-9999')).filter((a) => a.items_id === id).map((a) => [a.deviceid, a.tag, a.version])).toEqual([['glpixps-2018-07-09-09-07-13', '000005', '2.5.2-1.fc31']]);
    expect((await list(`Computer/${id}/Item_OperatingSystem`)).map((o) => o.operatingsystems_id)).toEqual(['Fedora 31 (Workstation Edition)']);
    expect((await list(`Computer/${id}/Item_DeviceProcessor`)).map((p) => [p.deviceprocessors_id, p.nbcores, p.nbthreads])).toEqual([['Intel(R) Core(TM) i5-6200U CPU @ 2.30GHz', 2, 4]]);
    expect((await list(`Computer/${id}/Item_DeviceMemory`)).map((m) => m.size)).toEqual([4096, 4096]);
    expect((await list(`Computer/${id}/Item_SoftwareVersion`)).length).toBe(6);
  });

  test('computer_1: connected monitor, printer and peripherals, other components, remote management', async () => {
    const [computer] = (await list('Computer')).filter((c) => c.name === 'glpixps');
    const id = Number(computer!.id);
    const connections = await list(`Computer/${id}/Computer_Item`, 'range=0-9999');
    const items = await Promise.all(connections.map(async (c) => ({ itemtype: c.itemtype, is_dynamic: c.is_dynamic, ...(await ctx.api.get(`${String(c.itemtype)}/${String(c.items_id)}`, { query: 'expand_dropdowns=true' })).body })));
    expect(items.filter((i) => i.itemtype !== 'Peripheral').map((i) => [i.itemtype, i.name, i.serial, i.manufacturers_id, i.is_dynamic, i.entities_id])).toEqual([
      ['Monitor', 'DJCP6', 'ABH55D', 'Sharp Corporation', 1, 'Root entity'],
      ['Printer', 'Officejet_Pro_8600_34AF9E_', 'MY47L1W1JHEB6', 0, 1, 'Root entity'],
    ]);
    expect(items.filter((i) => i.itemtype === 'Peripheral').map((i) => i.name)).toEqual(['AT Translated Set 2 keyboard', 'SynPS/2 Synaptics TouchPad', 'Logitech Anywhere MX', 'Video Bus', 'PC Speaker', 'RTL8153 Gigabit Ethernet Adapter', 'Unifying Receiver']);

    const [battery] = await list(`Computer/${id}/Item_DeviceBattery`);
    expect(battery).toMatchObject({ devicebatteries_id: 'DELL RWT1R43', serial: '34605', manufacturing_date: '2019-07-06', real_capacity: 50570, is_dynamic: 1 });
    const batteryModel = (await ctx.api.get(`DeviceBattery/${(await list(`Computer/${id}/Item_DeviceBattery`, 'range=0-9'))[0]!.devicebatteries_id}`, { query: 'expand_dropdowns=true' })).body;
    expect(batteryModel).toMatchObject({ capacity: 57570, voltage: 8465, devicebatterytypes_id: 'lithium-ion', manufacturers_id: 'SMP' });
    expect((await list(`Computer/${id}/Item_DeviceFirmware`)).map((f) => f.devicefirmwares_id)).toEqual(['Dell Inc. BIOS']);
    const firmware = (await ctx.api.get(`DeviceFirmware/${(await list(`Computer/${id}/Item_DeviceFirmware`, 'range=0-9'))[0]!.devicefirmwares_id}`, { query: 'expand_dropdowns=true' })).body;
    expect(firmware).toMatchObject({ version: '1.4.3', date: '2016-02-06', devicefirmwaretypes_id: 'BIOS' });
    expect((await list(`Computer/${id}/Item_DeviceHardDrive`)).map((d) => [d.deviceharddrives_id, d.capacity, d.serial])).toEqual([['PM951 NVMe SAMSUNG 256GB', 256060, 'S29NNXAH146409']]);
    expect((await list(`Computer/${id}/Item_DeviceSoundCard`)).map((d) => d.devicesoundcards_id)).toEqual(['Audio device']);
    const controllers = await list(`Computer/${id}/Item_DeviceControl`);
    expect(controllers.length).toBe(25);
    expect(controllers[0]).toMatchObject({ devicecontrols_id: 'Xeon E3-1200 v5/E3-1500 v5/6th Gen Core Processor Host Bridge/DRAM Registers', busID: '00:00.0', is_dynamic: 1 });
    expect((await list(`Computer/${id}/Item_RemoteManagement`)).map((r) => [r.type, r.remoteid, r.is_dynamic])).toEqual([['teamviewer', '123456789', 1]]);
  });

  test('computer_2: its virtual machines', async () => {
    expect((await postJson(ctx.server.origin, await example('computer_2'))).status).toBe(200);
    const [computer] = (await list('Computer')).filter((c) => c.name === 'COMP1');
    expect(computer!.otherserial).toBe('COMP1');
    const vms = await list(`Computer/${computer!.id}/ComputerVirtualMachine`);
    expect(vms.map((v) => [v.name, v.uuid, v.virtualmachinestates_id, v.virtualmachinetypes_id, v.virtualmachinesystems_id, v.vcpu, v.is_dynamic])).toEqual([
      ['skydive-agent_1', '5506c9cf948e', 'off', 0, 0, 0, 1],
      ['skydive-analyzer_1', 'a814985472a1', 'off', 'docker', 0, 0, 1],
      ['elasticsearch_1', '0288ea1fb928', 'off', 'docker', 0, 0, 1],
      ["a'pache", 'ed9bef0322b8', 'off', 'docker', 0, 0, 1],
      ['db', '7e64b4b09941', 'running', 'docker', 0, 0, 1],
      ["'T", '', 0, 'virtualbox', 'Oracle VM VirtualBox', 1, 1],
    ]);
  });

  // FusionInventory XML from the format's own test data (format/xml): computers written, network tasks refused.
  const xmlComputers: [string, string, number][] = [
    ['1', '9E113232I', 42],
    ['2', 'CZC0479792', 8],
    ['4', 'C02NG5A5FY11', 7],
  ];
  for (const [file, serial, installs] of xmlComputers) {
    test(`XML ${file}.xml: the computer ${serial} and its software`, async () => {
      expect((await post(ctx.server.origin, await Bun.file(`${DIR}/xml/${file}.xml`).text())).status).toBe(200);
      const [computer] = (await list('Computer', 'range=0-9999')).filter((c) => c.serial === serial);
      expect((await list(`Computer/${computer!.id}/Item_SoftwareVersion`, 'range=0-9999')).length).toBe(installs);
    });
  }

  test('XML 9.xml (a network discovery) is refused in the protocol\'s shape', async () => {
    expect(await post(ctx.server.origin, await Bun.file(`${DIR}/xml/9.xml`).text())).toMatchObject({ status: 501, xml: '<?xml version="1.0"?>\n<REPLY><ERROR>Query \'netdiscovery\' is not supported.</ERROR></REPLY>' });
  });

  test('phone_1 (GLPI Agent on Android): the phone, its OS, processor, memory, storage, Wi-Fi port and apps', async () => {
    expect((await postJson(ctx.server.origin, await example('phone_1'))).status).toBe(200);
    const phones = await list('Phone');
    expect(phones.map((p) => [p.name, p.serial, p.uuid, p.is_dynamic, p.autoupdatesystems_id])).toEqual([['Mi9TPro-TéléphoneM', 'af8d8fcfa6fa4794', 'af8d3fcfa6fe4784', 1, 'GLPI Native Inventory']]);
    // No chassis type: GLPI falls back on the board's model for the type.
    expect([phones[0]!.manufacturers_id, phones[0]!.phonemodels_id, phones[0]!.phonetypes_id, phones[0]!.otherserial]).toEqual(['Xiaomi', 'Mi 9T Pro', 'Mi 9T Pro', 'release-keys']);
    const id = Number(phones[0]!.id);
    expect((await list('Agent', 'range=0-9999')).filter((a) => a.itemtype === 'Phone').map((a) => [a.items_id, a.version])).toEqual([[id, 'example-app-java']]);
    expect((await list(`Phone/${id}/Item_OperatingSystem`)).map((o) => [o.operatingsystems_id, o.operatingsystemversions_id, o.is_dynamic])).toEqual([['Q Android 10.0 api 29', '29', 1]]);
    expect((await list(`Phone/${id}/Item_DeviceProcessor`)).map((p) => [p.deviceprocessors_id, p.frequency, p.nbcores, p.nbthreads])).toEqual([['AArch64 Processor rev 14 (aarch64)', 1785, 8, 8]]);
    expect((await list(`Phone/${id}/Item_DeviceMemory`)).map((m) => m.size)).toEqual([5523]);
    expect((await list(`Phone/${id}/Item_Disk`)).map((d) => [d.totalsize, d.freesize])).toEqual([[3471, 23], [51913, 33722], [51913, 33722], [51913, 33722]]);
    expect((await list(`Phone/${id}/NetworkPort`)).map((p) => [p.name, p.mac, p.is_dynamic])).toEqual([['No description found', 'e0:dc:ff:ed:09:59', 1]]);
    expect((await list(`Phone/${id}/Item_SoftwareVersion`)).map((i) => i.softwareversions_id)).toEqual(['1.5.9', '18.21.2.100', '1.0']);
    // It is a phone only, not a computer too.
    expect((await list('Computer')).filter((c) => c.name === 'Mi9TPro-TéléphoneM')).toEqual([]);
  });
});
