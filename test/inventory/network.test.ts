/**
 * Network inventories as GLPI 10 writes them, from the published inventory format's example
 * files (test/inventory/format, MIT) posted gzip'd as GLPI Agent posts them: the network
 * equipment or printer (found again by GLPI's serial rules), its agent, firmware, ports with
 * their counters and VLANs, the "Management" port with the device's addresses, a printer's page counter;
 * a second inventory updates in place, without history lines for the ports' counters.
 */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { postJson, enableInventory } from './fixture';

const ctx = useServer();
enableInventory(ctx);
const DIR = `${import.meta.dir}/format`;
const example = async (name: string) => (await Bun.file(`${DIR}/${name}.json`).json()) as Record<string, unknown>;
const list = async (path: string, query = 'range=0-9999&expand_dropdowns=true') => (await ctx.api.get(path, { query })).body as Record<string, unknown>[];
const addressesOf = async (itemtype: string, id: number) =>
  (await list('IPAddress', 'range=0-9999'))
    .filter((a) => a.mainitemtype === itemtype && a.mainitems_id === id)
    .map((a) => a.name)
    .sort();
const portLogLines = async (itemtype: string, id: number) =>
  (await list('Log/', `searchText[itemtype]=^${itemtype}$&searchText[items_id]=^${id}$&range=0-9999`)).filter((l) => l.itemtype_link === 'NetworkPort').length;

describe('network equipment', () => {
  let id = 0;
  test('networkequipment_3: the switch, its agent, firmware, 61 ports with their VLANs and the management port', async () => {
    expect(await postJson(ctx.server.origin, await example('networkequipment_3'))).toMatchObject({ status: 200, json: { expiration: 24, status: 'ok' } });
    const items = await list('NetworkEquipment');
    expect(items.map((n) => [n.name, n.serial, n.manufacturers_id, n.networkequipmentmodels_id, n.networkequipmenttypes_id, n.uptime, n.is_dynamic, n.autoupdatesystems_id, n.entities_id])).toEqual([
      ['HP-2530-48G', 'CN5BFP62CP', 'Hewlett-Packard', '2530-48G', 'Networking', '(78894038) 9 days, 3:09:00.38', 1, 'GLPI Native Inventory', 'Root entity'],
    ]);
    id = Number(items[0]!.id);
    expect((await list('Agent', 'range=0-9999')).filter((a) => a.itemtype === 'NetworkEquipment').map((a) => [a.deviceid, a.items_id, a.name])).toEqual([['HP-2530-48G-2020-12-31-11-28-51', id, 'HP-2530-48G']]);
    const [firmware] = await list(`NetworkEquipment/${id}/Item_DeviceFirmware`);
    expect([firmware!.devicefirmwares_id, firmware!.is_dynamic]).toEqual(['2530-48G', 1]);
    const model = (await ctx.api.get(`DeviceFirmware/${(await list(`NetworkEquipment/${id}/Item_DeviceFirmware`, 'range=0-9'))[0]!.devicefirmwares_id}`, { query: 'expand_dropdowns=true' })).body;
    expect(model).toMatchObject({ version: 'YA.15.12.0015', manufacturers_id: 'Hewlett-Packard', devicefirmwaretypes_id: 'device', comment: 'device firmware' });

    const ports = await list(`NetworkEquipment/${id}/NetworkPort`, 'range=0-9999');
    expect(ports.length).toBe(62);
    expect(ports.slice(0, 2).map((p) => [p.logical_number, p.name, p.mac, p.instantiation_type, p.ifmtu, p.ifspeed, p.ifstatus, p.ifinternalstatus, p.ifinbytes, p.ifoutbytes, p.ifdescr, p.portduplex, p.is_dynamic])).toEqual([
      [0, 'Management', 'b0:5a:da:10:10:80', 'NetworkPortAggregate', 0, 0, null, null, 0, 0, null, null, 1],
      [1, '1', 'b0:5a:da:10:10:bf', 'NetworkPortEthernet', 1500, 100000000, '1', '1', 1230276389, 3530773172, '1', '3', 1],
    ]);
    const loopback = ports.find((p) => p.name === 'lo7')!;
    expect([loopback.logical_number, loopback.instantiation_type, loopback.ifalias, loopback.mac]).toEqual([12523, 'NetworkPortLocal', 'lo7', null]);
    // The device's address, on the management port and on the DEFAULT_VLAN interface that reports it.
    const vlan = ports.find((p) => p.name === 'DEFAULT_VLAN')!;
    expect([vlan.logical_number, vlan.mac]).toEqual([102, 'b0:5a:da:10:10:80']);
    expect(await addressesOf('NetworkEquipment', id)).toEqual(['192.168.63.30', '192.168.63.30']);
    // 52 ports carry VLAN 1 (untagged): one VLAN, one link per port.
    expect((await list('Vlan')).map((v) => [v.name, v.tag])).toEqual([['VLAN 1', 1]]);
    const links = await list('NetworkPort_Vlan', 'range=0-9999');
    expect(links.length).toBe(52);
    expect(links.filter((l) => l.networkports_id === ports[1]!.id).map((l) => [l.vlans_id, l.tagged])).toEqual([[(await list('Vlan', 'range=0-9'))[0]!.id, 0]]);
  });

  test('a second inventory: the same switch and ports, counters updated without history lines, a VLAN no longer reported unlinked', async () => {
    const next = await example('networkequipment_3');
    const content = next.content as { network_ports: Record<string, unknown>[] };
    content.network_ports[0]!.ifinbytes = 1230300000;
    delete content.network_ports[0]!.vlans;
    const before = await list(`NetworkEquipment/${id}/NetworkPort`, 'range=0-9999');
    const lines = await portLogLines('NetworkEquipment', id);
    expect((await postJson(ctx.server.origin, next)).status).toBe(200);
    expect((await list('NetworkEquipment')).map((n) => n.id)).toEqual([id]);
    const after = await list(`NetworkEquipment/${id}/NetworkPort`, 'range=0-9999');
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
    expect(after.find((p) => p.logical_number === 1)!.ifinbytes).toBe(1230300000);
    // Port 1 no longer reports its VLAN: unlinked; the others keep theirs.
    const links = await list('NetworkPort_Vlan', 'range=0-9999');
    expect([links.length, links.filter((l) => l.networkports_id === after.find((p) => p.logical_number === 1)!.id).length]).toEqual([51, 0]);
    expect(await portLogLines('NetworkEquipment', id)).toBe(lines);
    expect((await list('Agent', 'range=0-9999')).filter((a) => a.itemtype === 'NetworkEquipment').length).toBe(1);
  });
});

describe('printers', () => {
  test('printer_1 and printer_2: each printer with its memory, page counter, ports and addresses', async () => {
    for (const name of ['printer_1', 'printer_2']) expect((await postJson(ctx.server.origin, await example(name))).status).toBe(200);
    const printers = await list('Printer');
    expect(printers.map((p) => [p.name, p.serial, p.manufacturers_id, p.printermodels_id, p.memory_size, p.last_pages_counter, p.is_dynamic])).toEqual([
      ['NPIF2BE10', 'PHCVN191TG', 'Hewlett-Packard', 'HP LaserJet M507', '512', 1802, 1],
      ['MX5970', 'SDFSDF9874', 'Canon', 'Canon MX 5970', '256', 800, 1],
    ]);
    const id = Number(printers[0]!.id);
    const ports = await list(`Printer/${id}/NetworkPort`);
    const jetdirect = 'HP ETHERNET MULTI-ENVIRONMENT,ROM none,JETDIRECT,JD153,EEPROM JSI24090012';
    expect(ports.map((p) => [p.logical_number, p.name, p.mac, p.instantiation_type])).toEqual([
      [0, 'Management', '00:68:eb:f2:be:10', 'NetworkPortAggregate'],
      [1, jetdirect, null, 'NetworkPortLocal'],
      [2, jetdirect, '00:68:eb:f2:be:10', 'NetworkPortEthernet'],
    ]);
    expect(await addressesOf('Printer', id)).toEqual(['10.59.29.175', '10.59.29.175']);

    // The counter of the next inventory replaces the last one.
    const next = await example('printer_1');
    (next.content as { pagecounters: { total: number } }).pagecounters.total = 1900;
    expect((await postJson(ctx.server.origin, next)).status).toBe(200);
    expect((await list('Printer')).map((p) => [p.id, p.last_pages_counter])).toEqual([
      [id, 1900],
      [printers[1]!.id, 800],
    ]);
  });

  test('a printer without a name is refused by "Printer constraint (name)" and logged', async () => {
    const nameless = await example('printer_2');
    const content = nameless.content as { network_device: Record<string, unknown> };
    delete content.network_device.name;
    nameless.deviceid = 'nameless-2020-12-31-11-28-51';
    expect(await postJson(ctx.server.origin, nameless)).toMatchObject({ status: 403, json: { status: 'error', message: expect.stringContaining('Printer constraint (name)') } });
    const refused = (await list('RefusedEquipment', 'range=0-9999')).map((r) => [r.itemtype, r.serial, r.ip, r.mac]);
    expect(refused).toEqual([['Printer', 'SDFSDF9874', '["10.59.29.176"]', '["00:85:eb:f4:be:20","00:87:eb:f2:be:31"]']]);
  });

  test('a network inventory without its network_device, or not in the format, writes nothing', async () => {
    const before = (await list('Printer')).length;
    const bare = { action: 'netinventory', deviceid: 'bare-2020-12-31-11-28-51', itemtype: 'Printer', content: { versionclient: 'GLPI-Agent_v1.7' } };
    expect(await postJson(ctx.server.origin, bare)).toMatchObject({ status: 400, json: { status: 'error', message: 'No content/network_device', expiration: 24 } });
    const bad = await example('printer_2');
    bad.deviceid = 'bad-2020-12-31-11-28-51';
    const content = bad.content as { network_device: Record<string, unknown>; network_ports: Record<string, unknown>[] };
    content.network_device.serial = 'BAD-SERIAL';
    content.network_ports[1]!.ifnumber = 2.5;
    const answer = await postJson(ctx.server.origin, bad);
    expect(answer).toMatchObject({ status: 400, json: { status: 'error', message: 'Inventory does not match the inventory format: /content/network_ports/1/ifnumber must be integer', expiration: 24 } });
    expect((await list('Printer')).length).toBe(before);
    expect((await list('Agent', 'range=0-9999')).filter((a) => String(a.deviceid).startsWith('bad-') || String(a.deviceid).startsWith('bare-'))).toEqual([]);
  });

  test('a network inventory of another type is refused in the protocol\'s shape', async () => {
    const unmanaged = { ...(await example('printer_1')), itemtype: 'Unmanaged' };
    expect(await postJson(ctx.server.origin, unmanaged)).toMatchObject({ status: 501, json: { status: 'error', message: 'Network inventory of Unmanaged is not supported', expiration: 24 } });
  });
});

describe('IP phones', () => {
  /** An IP phone as GLPI Agent reads it over the network. */
  const phone = (deviceid: string, ifinbytes: number) => ({
    action: 'netinventory',
    deviceid,
    itemtype: 'Phone',
    content: {
      versionclient: 'GLPI-Agent_v1.7',
      network_device: { name: 'desk-phone-12', serial: 'FCH1234ABCD', mac: '38:1c:1a:b5:73:20', ips: ['192.168.63.52'], manufacturer: 'Cisco', model: 'SPA303', type: 'Phone', uptime: '3 days' },
      network_ports: [{ ifnumber: 1, ifname: 'eth0', ifdescr: 'eth0', iftype: 6, mac: '38:1c:1a:b5:73:20', ifspeed: 100000000, ifinbytes }],
    },
  });

  test('a phone with its model, type, port and address; found again by MAC once GLPI\'s phone rules are on', async () => {
    expect((await postJson(ctx.server.origin, phone('phone-2020-12-31-11-28-51', 10))).status).toBe(200);
    const phones = await list('Phone');
    expect(phones.map((p) => [p.name, p.serial, p.manufacturers_id, p.phonemodels_id, p.phonetypes_id, p.is_dynamic, p.autoupdatesystems_id])).toEqual([['desk-phone-12', 'FCH1234ABCD', 'Cisco', 'SPA303', 'Phone', 1, 'GLPI Native Inventory']]);
    const id = Number(phones[0]!.id);
    expect((await list(`Phone/${id}/NetworkPort`)).map((p) => [p.logical_number, p.name, p.mac, p.instantiation_type])).toEqual([
      [0, 'Management', '38:1c:1a:b5:73:20', 'NetworkPortAggregate'],
      [1, 'eth0', '38:1c:1a:b5:73:20', 'NetworkPortEthernet'],
    ]);
    expect(await addressesOf('Phone', id)).toEqual(['192.168.63.52']);

    // GLPI's phone rules are inactive by default; turned on, the next inventory updates the phone it finds by MAC.
    const rules = (await list('Rule', 'range=0-9999')).filter((r) => ['Phone update (by mac)', 'Phone import (by mac)'].includes(String(r.name)));
    for (const rule of rules) expect((await ctx.api.put(`Rule/${rule.id}`, { input: { is_active: 1 } })).status).toBe(200);
    expect((await postJson(ctx.server.origin, phone('phone-2020-12-31-11-28-51', 20))).status).toBe(200);
    expect((await list('Phone')).map((p) => p.id)).toEqual([id]);
    expect((await list(`Phone/${id}/NetworkPort`)).map((p) => p.ifinbytes)).toEqual([0, 20]);
  });
});
