/**
 * Search options GLPI 10.0 lists whose joins the uid does not tell, which Deskbase listed but
 * refused: a monitor's network ports, a network equipment's operating system, the SNMP
 * credentials of network equipment and printers, a user's authentication server and written
 * tickets, a ticket's SLAs, OLAs and linked tickets, the documents of follow-ups and tasks. Each
 * is searched and shown as GLPI joins it (its link column and join condition), and rows a session
 * may not see are neither shown nor counted where the existing options leave them out.
 */
import { Database } from 'bun:sqlite';
import { beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { Client } from '../support/client';
import { useServer } from '../support/server';
import { uniq } from '../items/fixtures';
import { createUser, search, USER_PASSWORD } from './helpers';

const ctx = useServer();
let api: Client;

beforeAll(() => {
  api = ctx.api;
});

/** Values of option `shown` of the rows whose option `field` matches (a refusal fails the test). */
async function found(itemtype: string, field: number, searchtype: string, value: string | number, shown: number, client = api): Promise<unknown[]> {
  const res = await search(client, itemtype, { criteria: [{ field, searchtype, value }], forcedisplay: [shown], range: '0-999' });
  expect({ itemtype, field, status: res.status, text: res.status >= 300 ? res.text : '' }).toEqual({ itemtype, field, status: 200, text: '' });
  return ((res.body.data ?? []) as Record<string, unknown>[]).map((row) => row[String(shown)]);
}

/** The row whose id (option 2) is `id`, with `options` shown. */
async function row(itemtype: string, id: number, options: number[], client = api): Promise<Record<string, unknown>> {
  const res = await search(client, itemtype, { criteria: [{ field: 2, searchtype: 'equals', value: id }], forcedisplay: options });
  expect({ status: res.status, rows: res.body.data?.length }).toEqual({ status: 200, rows: 1 });
  return res.body.data[0];
}

/** Rows written straight into the database, as an import would leave them (types the API only reads). */
function insert(table: string, values: Record<string, string | number>): number {
  const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'));
  try {
    const columns = Object.keys(values);
    const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) RETURNING id`;
    return Number((db.query(sql).get(...Object.values(values)) as { id: number }).id);
  } finally {
    db.close();
  }
}

describe("a monitor's network ports: GLPI 10.0 lists Monitor among its networkport_types", () => {
  test('found and shown by its ports: MAC (21), kind (87), network name (127), VLAN (88)', async () => {
    const monitor = uniq('screen');
    const id = await api.create('Monitor', { name: monitor });
    const other = await api.create('Monitor', { name: uniq('screen') });
    const mac = '0a:1b:2c:3d:4e:5f';
    const port = await api.create('NetworkPort', { itemtype: 'Monitor', items_id: id, name: 'eth0', mac, instantiation_type: 'NetworkPortEthernet' });
    const host = uniq('screen-host');
    await api.create('NetworkName', { itemtype: 'NetworkPort', items_id: port, name: host });
    const vlan = uniq('vlan');
    await api.create('NetworkPort_Vlan', { networkports_id: port, vlans_id: await api.create('Vlan', { name: vlan, tag: 12 }) });
    expect(await found('Monitor', 21, 'contains', '2c:3d:4e', 2)).toEqual([id]);
    expect(await found('Monitor', 127, 'contains', host, 2)).toEqual([id]);
    expect(await found('Monitor', 88, 'contains', vlan, 2)).toEqual([id]);
    expect(await found('Monitor', 87, 'equals', 'NetworkPortEthernet', 2)).toContain(id);
    expect(await found('Monitor', 87, 'equals', 'NetworkPortEthernet', 2)).not.toContain(other);
    expect(await row('Monitor', id, [21, 87, 127, 88])).toMatchObject({ 21: mac, 87: 'NetworkPortEthernet', 127: host, 88: vlan });
    // The ports are the monitor's, as for the other assets: a sub-item list and with_networkports.
    expect(((await api.get(`Monitor/${id}/NetworkPort`)).body as { id: number }[]).map((p) => p.id)).toEqual([port]);
    expect((await api.get(`Monitor/${id}`, { query: 'with_networkports=true' })).text).toContain(mac);
  });
});

describe("a network equipment's operating system (45, 46, 41, 43, 44, 61, 48, 64, 63)", () => {
  test('found and shown by each part of its Item_OperatingSystem row', async () => {
    const names = { os: uniq('ios'), version: uniq('17.3'), sp: uniq('sp'), arch: uniq('mips'), kernel: uniq('kern'), kernelVersion: uniq('kv'), edition: uniq('ed') };
    const id = await api.create('NetworkEquipment', { name: uniq('switch') });
    await api.create('NetworkEquipment', { name: uniq('switch') });
    await api.create('Item_OperatingSystem', {
      itemtype: 'NetworkEquipment',
      items_id: id,
      operatingsystems_id: await api.create('OperatingSystem', { name: names.os }),
      operatingsystemversions_id: await api.create('OperatingSystemVersion', { name: names.version }),
      operatingsystemservicepacks_id: await api.create('OperatingSystemServicePack', { name: names.sp }),
      operatingsystemarchitectures_id: await api.create('OperatingSystemArchitecture', { name: names.arch }),
      operatingsystemkernelversions_id: await api.create('OperatingSystemKernelVersion', {
        name: names.kernelVersion,
        operatingsystemkernels_id: await api.create('OperatingSystemKernel', { name: names.kernel }),
      }),
      operatingsystemeditions_id: await api.create('OperatingSystemEdition', { name: names.edition }),
      license_number: 'LIC-NE-1',
      licenseid: 'LID-NE-1',
    });
    const byOption = { 45: names.os, 46: names.version, 41: names.sp, 61: names.arch, 64: names.kernel, 48: names.kernelVersion, 63: names.edition, 43: 'LIC-NE-1', 44: 'LID-NE-1' };
    for (const [option, value] of Object.entries(byOption)) expect({ option, found: await found('NetworkEquipment', Number(option), 'contains', value, 2) }).toEqual({ option, found: [id] });
    expect(await row('NetworkEquipment', id, Object.keys(byOption).map(Number))).toMatchObject(byOption);
  });
});

describe('SNMP credentials of network equipment and printers (73, 108, 109)', () => {
  test("found and shown by the credential's name and community; the passphrases are never shown", async () => {
    const credential = uniq('snmp');
    const community = uniq('community');
    const credentialId = await api.create('SNMPCredential', { name: credential, snmpversion: '2', community, auth_passphrase: 'never-kept' });
    const read = await api.get(`SNMPCredential/${credentialId}`);
    expect(read.body).toMatchObject({ id: credentialId, name: credential, snmpversion: '2', community });
    expect(Object.keys(read.body)).not.toContain('auth_passphrase');
    for (const itemtype of ['NetworkEquipment', 'Printer']) {
      const id = await api.create(itemtype, { name: uniq('snmp-item'), snmpcredentials_id: credentialId });
      const bare = await api.create(itemtype, { name: uniq('snmp-item') });
      expect({ itemtype, found: await found(itemtype, 73, 'contains', credential, 2) }).toEqual({ itemtype, found: [id] });
      expect({ itemtype, found: await found(itemtype, 108, 'equals', credentialId, 2) }).toEqual({ itemtype, found: [id] });
      expect({ itemtype, found: await found(itemtype, 109, 'contains', community, 2) }).toEqual({ itemtype, found: [id] });
      expect(await found(itemtype, 73, 'equals', 0, 2)).toContain(bare);
      expect(await found(itemtype, 73, 'equals', 0, 2)).not.toContain(id);
      expect(await row(itemtype, id, [73, 108, 109])).toMatchObject({ 73: credential, 108: credential, 109: community });
    }
  });

  test("a fresh install has GLPI's default credential", async () => {
    expect((await api.get('SNMPCredential/1')).body).toMatchObject({ id: 1, name: 'Public community v2c', snmpversion: '2', community: 'public' });
  });

  test("GLPI 10.0's snmpcredential right: every standard right for the Super-Admin, none for a technician", async () => {
    const rights = (await api.get('Profile/4/ProfileRight', { query: 'range=0-999' })).body as { name: string; rights: number }[];
    expect(rights.find((r) => r.name === 'snmpcredential')?.rights).toBe(31);
    const login = uniq('snmp-tech');
    await createUser(api, login, 6, 0);
    const tech = await new Client(ctx.server.api).login(login, USER_PASSWORD);
    const refused = await tech.get('SNMPCredential/');
    expect({ status: refused.status, error: refused.body[0] }).toEqual({ status: 403, error: 'ERROR_RIGHT_MISSING' });
  });
});

describe("a user's authentication server (30 LDAP, 31 mail) and written tickets (61)", () => {
  test('auths_id names a directory or a mail server as the user authtype says (2 LDAP, 3 mail, as the specification numbers them), as GLPI joins it', async () => {
    // The same id in both tables: only the authentication kind tells which one a user names.
    const directory = uniq('ldap');
    const mailServer = uniq('imap');
    const ldapId = insert('glpi_authldaps', { name: directory, host: 'ldap.example.org' });
    const mailId = insert('glpi_authmails', { id: ldapId, name: mailServer, host: 'imap.example.org' });
    const ldapUser = await api.create('User', { name: uniq('ldap-user'), authtype: 2, auths_id: ldapId });
    const mailUser = await api.create('User', { name: uniq('mail-user'), authtype: 3, auths_id: mailId });
    const local = await api.create('User', { name: uniq('local-user') });
    expect(await found('User', 30, 'contains', directory, 2)).toEqual([ldapUser]);
    expect(await found('User', 31, 'contains', mailServer, 2)).toEqual([mailUser]);
    expect(await found('User', 30, 'equals', ldapId, 2)).toEqual([ldapUser]);
    expect(await found('User', 31, 'equals', mailId, 2)).toEqual([mailUser]);
    const noDirectory = await found('User', 30, 'equals', 0, 2);
    expect(noDirectory).toEqual(expect.arrayContaining([mailUser, local]));
    expect(noDirectory).not.toContain(ldapUser);
    expect(await row('User', ldapUser, [30, 31])).toMatchObject({ 30: directory, 31: null });
    expect(await row('User', mailUser, [30, 31])).toMatchObject({ 30: null, 31: mailServer });
  });

  test('written tickets (61) are those whose writer (users_id_recipient) the user is, only those the session sees', async () => {
    const entity = await api.create('Entity', { name: uniq('writers'), entities_id: 0 });
    const login = uniq('writer');
    const writer = await createUser(api, login, 6, entity);
    const client = await new Client(ctx.server.api).login(login, USER_PASSWORD);
    await client.create('Ticket', { name: uniq('t'), content: 'x', entities_id: entity });
    await client.create('Ticket', { name: uniq('t'), content: 'x', entities_id: entity });
    // Written by the writer, then moved where the writer's profile does not reach.
    const moved = await client.create('Ticket', { name: uniq('t'), content: 'x', entities_id: entity });
    expect((await api.put(`Ticket/${moved}`, { input: { entities_id: 0 } })).status).toBe(200);
    expect(await row('User', writer, [61])).toMatchObject({ 61: 3 });
    expect(await found('User', 61, 'contains', 3, 2)).toContain(writer);
    const own = await search(client, 'User', { criteria: [{ field: 2, searchtype: 'equals', value: writer }], forcedisplay: [61] });
    expect(own.body.data).toEqual([expect.objectContaining({ 61: 2 })]);
  });
});

describe("a ticket's SLAs and OLAs (37, 30, 190, 191) and their due dates", () => {
  test('each shows the level of its kind (time to own 1, time to resolve 0); a level of the other kind is not joined', async () => {
    const slm = await api.create('SLM', { name: uniq('slm') });
    const level = async (itemtype: 'SLA' | 'OLA', type: number) => {
      const name = uniq(`${itemtype}-${type}`);
      return { name, id: await api.create(itemtype, { name, slms_id: slm, type, number_time: 4, definition_time: 'hour' }) };
    };
    const [slaTto, slaTtr, olaTto, olaTtr] = [await level('SLA', 1), await level('SLA', 0), await level('OLA', 1), await level('OLA', 0)];
    const ticket = await api.create('Ticket', { name: uniq('t'), content: 'x' });
    const crossed = await api.create('Ticket', { name: uniq('t'), content: 'x' });
    const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'));
    try {
      // As GLPI's rules leave them, with the due dates they computed; the crossed ticket names each
      // level under the other kind's column, which GLPI's join condition leaves out.
      db.query("UPDATE glpi_tickets SET slas_id_tto = ?, slas_id_ttr = ?, olas_id_tto = ?, olas_id_ttr = ?, time_to_own = '2030-01-02 10:00:00', internal_time_to_resolve = '2030-01-03 12:00:00' WHERE id = ?").run(slaTto.id, slaTtr.id, olaTto.id, olaTtr.id, ticket);
      db.query('UPDATE glpi_tickets SET slas_id_tto = ?, slas_id_ttr = ?, olas_id_tto = ?, olas_id_ttr = ? WHERE id = ?').run(slaTtr.id, slaTto.id, olaTtr.id, olaTto.id, crossed);
    } finally {
      db.close();
    }
    expect(await row('Ticket', ticket, [37, 30, 190, 191, 155, 180])).toMatchObject({
      37: slaTto.name,
      30: slaTtr.name,
      190: olaTto.name,
      191: olaTtr.name,
      155: '2030-01-02 10:00:00',
      180: '2030-01-03 12:00:00',
    });
    expect(await row('Ticket', crossed, [37, 30, 190, 191])).toMatchObject({ 37: null, 30: null, 190: null, 191: null });
    expect(await found('Ticket', 37, 'contains', slaTto.name, 2)).toEqual([ticket]);
    expect(await found('Ticket', 30, 'equals', slaTtr.id, 2)).toEqual([ticket]);
    expect(await found('Ticket', 190, 'contains', olaTto.name, 2)).toEqual([ticket]);
    expect(await found('Ticket', 191, 'equals', olaTtr.id, 2)).toEqual([ticket]);
    expect(await found('Ticket', 37, 'equals', 0, 2)).toContain(crossed);
    expect(await found('Ticket', 155, 'lessthan', '2030-01-03', 2)).toContain(ticket);
    expect(await found('Ticket', 180, 'morethan', '2030-01-03', 2)).toEqual([ticket]);
  });
});

describe("a ticket's escalation levels (32 SLA, 192 OLA, 188 the next one) and pending reason (400)", () => {
  test('levels still to run (SlaLevel_Ticket, OlaLevel_Ticket) and the pending reason (PendingReason_Item) are written, searched and shown', async () => {
    const slm = await api.create('SLM', { name: uniq('slm') });
    const sla = await api.create('SLA', { name: uniq('sla'), slms_id: slm, type: 0, number_time: 4, definition_time: 'hour' });
    const ola = await api.create('OLA', { name: uniq('ola'), slms_id: slm, type: 0, number_time: 4, definition_time: 'hour' });
    const slaLevel = uniq('sla-level');
    const olaLevel = uniq('ola-level');
    const slaLevelId = await api.create('SlaLevel', { name: slaLevel, slas_id: sla, execution_time: 3600 });
    const olaLevelId = await api.create('OlaLevel', { name: olaLevel, olas_id: ola, execution_time: 7200 });
    const reason = uniq('waiting for parts');
    const reasonId = await api.create('PendingReason', { name: reason, followup_frequency: 86400, followups_before_resolution: 3 });
    const ticket = await api.create('Ticket', { name: uniq('t'), content: 'x', status: 4 });
    const plain = await api.create('Ticket', { name: uniq('t'), content: 'x' });
    await api.create('SlaLevel_Ticket', { tickets_id: ticket, slalevels_id: slaLevelId, date: '2030-05-02 10:00:00' });
    await api.create('OlaLevel_Ticket', { tickets_id: ticket, olalevels_id: olaLevelId, date: '2030-05-01 09:00:00' });
    const pending = await api.create('PendingReason_Item', { itemtype: 'Ticket', items_id: ticket, pendingreasons_id: reasonId, followup_frequency: 86400, followups_before_resolution: 3 });
    expect((await api.get(`PendingReason_Item/${pending}`)).body).toMatchObject({ itemtype: 'Ticket', items_id: ticket, pendingreasons_id: reasonId, bump_count: 0 });
    expect(((await api.get(`Ticket/${ticket}/SlaLevel_Ticket`)).body as { slalevels_id: number }[]).map((r) => r.slalevels_id)).toEqual([slaLevelId]);

    expect(await row('Ticket', ticket, [32, 192, 188, 400])).toMatchObject({ 32: slaLevel, 192: olaLevel, 188: '2030-05-01 09:00:00', 400: reason });
    // Several rows may join (GLPI's child joins): none shows as null, as GLPI 10.0.19 answers.
    expect(await row('Ticket', plain, [32, 192, 188, 400])).toMatchObject({ 32: null, 192: null, 188: null, 400: null });
    expect(await found('Ticket', 32, 'contains', slaLevel, 2)).toEqual([ticket]);
    expect(await found('Ticket', 192, 'equals', olaLevelId, 2)).toEqual([ticket]);
    expect(await found('Ticket', 188, 'lessthan', '2030-05-01 12:00:00', 2)).toEqual([ticket]);
    expect(await found('Ticket', 400, 'equals', reasonId, 2)).toEqual([ticket]);
    expect(await found('Ticket', 400, 'notequals', reasonId, 2)).toContain(plain);

    // One pending reason per item, and the links must name rows that exist.
    const again = await api.post('PendingReason_Item/', { input: { itemtype: 'Ticket', items_id: ticket, pendingreasons_id: reasonId } });
    expect(again.status).toBe(400);
    const broken = await api.post('SlaLevel_Ticket/', { input: { tickets_id: ticket, slalevels_id: 987654 } });
    expect(broken.status).toBe(400);
    // A requester who cannot see the ticket neither reads its rows nor finds it by them.
    const login = uniq('requester');
    await createUser(api, login, 1, 0);
    const outsider = await new Client(ctx.server.api).login(login, USER_PASSWORD);
    expect((await outsider.get(`SlaLevel_Ticket/`)).body).toEqual([]);
    expect(await found('Ticket', 400, 'equals', reasonId, 2, outsider)).toEqual([]);

    // As GLPI: a ticket that leaves the pending status loses its pending reason; other changes keep it.
    expect((await api.put(`Ticket/${ticket}`, { input: { urgency: 5 } })).status).toBe(200);
    expect((await api.get(`PendingReason_Item/${pending}`)).status).toBe(200);
    expect((await api.put(`Ticket/${ticket}`, { input: { status: 2 } })).status).toBe(200);
    expect((await api.get(`PendingReason_Item/${pending}`)).status).toBe(404);
    expect(await found('Ticket', 400, 'equals', reasonId, 2)).toEqual([]);
  });
});

describe('cartridges and consumables counted by state (CartridgeItem 17/18/19, Printer 17/18, ConsumableItem 17/19)', () => {
  test('in use, worn and new cartridges; used and new consumables, each counted as GLPI conditions its join', async () => {
    const cartridges = await api.create('CartridgeItem', { name: uniq('toner') });
    const printer = await api.create('Printer', { name: uniq('printer') });
    const cartridge = (values: Record<string, unknown>) => api.create('Cartridge', { cartridgeitems_id: cartridges, ...values });
    await cartridge({});
    await cartridge({});
    await cartridge({ printers_id: printer, date_use: '2026-01-02' });
    await cartridge({ printers_id: printer, date_use: '2025-06-01', date_out: '2026-01-02' });
    await cartridge({ printers_id: printer, date_use: '2025-01-01', date_out: '2025-06-01' });
    await cartridge({ printers_id: printer, date_use: '2024-01-01', date_out: '2025-01-01' });
    expect(await row('CartridgeItem', cartridges, [17, 18, 19])).toMatchObject({ 17: 1, 18: 3, 19: 2 });
    expect(await row('Printer', printer, [17, 18])).toMatchObject({ 17: 1, 18: 3 });
    expect(await found('CartridgeItem', 19, 'contains', 2, 2)).toContain(cartridges);

    const consumables = await api.create('ConsumableItem', { name: uniq('paper') });
    for (const date_out of [null, null, null, '2026-02-01']) await api.create('Consumable', { consumableitems_id: consumables, ...(date_out ? { date_out, itemtype: 'User', items_id: 2 } : {}) });
    expect(await row('ConsumableItem', consumables, [17, 19])).toMatchObject({ 17: 1, 19: 3 });
  });
});

describe("a network device's firmware version (11, 1314)", () => {
  test('both show the version of its firmware component, and find the device by it', async () => {
    const device = await api.create('NetworkEquipment', { name: uniq('switch') });
    const other = await api.create('NetworkEquipment', { name: uniq('switch') });
    const version = uniq('fw-9.');
    const firmware = await api.create('DeviceFirmware', { designation: uniq('firmware'), version });
    await api.create('Item_DeviceFirmware', { itemtype: 'NetworkEquipment', items_id: device, devicefirmwares_id: firmware });
    expect(await row('NetworkEquipment', device, [11, 1314])).toMatchObject({ 11: version, 1314: version });
    expect(await found('NetworkEquipment', 11, 'contains', version, 2)).toEqual([device]);
    expect(await found('NetworkEquipment', 1314, 'notcontains', version, 2)).toContain(other);
  });
});

describe("an ITIL object's last solution status (39) beside any solution's (38)", () => {
  test('only the newest solution joins 39; 38 sees every solution', async () => {
    const ticket = await api.create('Ticket', { name: uniq('t'), content: 'x' });
    const bare = await api.create('Ticket', { name: uniq('t'), content: 'x' });
    const change = await api.create('Change', { name: uniq('c'), content: 'x' });
    // GLPI's solution statuses: 2 waiting for approval, 3 accepted, 4 refused. A refused one, then a newer accepted one.
    insert('glpi_itilsolutions', { itemtype: 'Ticket', items_id: ticket, content: 'first', status: 4 });
    insert('glpi_itilsolutions', { itemtype: 'Ticket', items_id: ticket, content: 'second', status: 3 });
    insert('glpi_itilsolutions', { itemtype: 'Change', items_id: change, content: 'only', status: 4 });
    expect(await found('Ticket', 39, 'equals', 3, 2)).toEqual([ticket]);
    expect(await found('Ticket', 39, 'equals', 4, 2)).toEqual([]);
    expect(await found('Ticket', 38, 'equals', 4, 2)).toEqual([ticket]);
    expect(await found('Ticket', 39, 'notequals', 3, 2)).toContain(bare);
    expect(await found('Change', 39, 'equals', 4, 2)).toEqual([change]);
    const shown = await row('Ticket', ticket, [38, 39]);
    expect({ any: [...(shown[38] as string[])].sort(), last: shown[39] }).toEqual({ any: ['3', '4'], last: '3' });
  });
});

describe('linked tickets: lists (40, 47), counts (41, 46, 68, 69), parents (50) and children (67)', () => {
  test('Ticket_Ticket rows on either side are counted; parents and children follow GLPI\'s "son of" rows', async () => {
    const DUPLICATE = 2;
    const SON_OF = 3;
    const [parent, child, sibling, duplicate] = [
      await api.create('Ticket', { name: uniq('parent'), content: 'x' }),
      await api.create('Ticket', { name: uniq('child'), content: 'x' }),
      await api.create('Ticket', { name: uniq('sibling'), content: 'x' }),
      await api.create('Ticket', { name: uniq('dup'), content: 'x' }),
    ];
    await api.create('Ticket_Ticket', { tickets_id_1: child, tickets_id_2: parent, link: SON_OF });
    await api.create('Ticket_Ticket', { tickets_id_1: sibling, tickets_id_2: parent, link: SON_OF });
    await api.create('Ticket_Ticket', { tickets_id_1: parent, tickets_id_2: duplicate, link: DUPLICATE });
    // As GLPI's API, a ticket link shows the linked ticket's id as text; none is null (GLPI 10.0.19).
    expect(await row('Ticket', parent, [41, 46, 68, 69, 67, 50])).toMatchObject({ 41: 3, 46: 1, 68: 2, 69: 0, 67: [String(child), String(sibling)], 50: null });
    expect(await row('Ticket', child, [41, 46, 68, 69, 67, 50])).toMatchObject({ 41: 1, 46: 0, 68: 0, 69: 1, 67: null, 50: String(parent) });
    expect(await row('Ticket', duplicate, [41, 46])).toMatchObject({ 41: 1, 46: 1 });
    expect((await found('Ticket', 50, 'equals', parent, 2)).sort()).toEqual([child, sibling].sort());
    expect(await found('Ticket', 67, 'equals', child, 2)).toEqual([parent]);
    expect(await found('Ticket', 68, 'contains', 2, 2)).toEqual([parent]);
    expect((await found('Ticket', 46, 'contains', 1, 2)).sort()).toEqual([parent, duplicate].sort());
    // All linked (40) and duplicated (47) tickets: as GLPI's API, each link row's tickets_id_1,
    // whichever side the ticket is on; a ticket id finds the tickets linked with it.
    expect(await row('Ticket', parent, [40, 47])).toMatchObject({ 40: [String(child), String(sibling), String(parent)], 47: String(parent) });
    expect(await row('Ticket', duplicate, [40, 47])).toMatchObject({ 40: String(parent), 47: String(parent) });
    expect(await row('Ticket', child, [40, 47])).toMatchObject({ 40: String(child), 47: null });
    expect((await found('Ticket', 40, 'equals', parent, 2)).sort()).toEqual([child, sibling, duplicate].sort());
    expect(await found('Ticket', 40, 'equals', child, 2)).toEqual([parent]);
    expect(await found('Ticket', 47, 'equals', parent, 2)).toEqual([duplicate]);
    expect(await found('Ticket', 47, 'equals', duplicate, 2)).toEqual([parent]);
    expect(await found('Ticket', 47, 'equals', sibling, 2)).toEqual([]);
  });

  test('a parent or child the session may not see is not named', async () => {
    const entity = await api.create('Entity', { name: uniq('linked'), entities_id: 0 });
    const hidden = await api.create('Ticket', { name: uniq('root-parent'), content: 'x', entities_id: 0 });
    const visible = await api.create('Ticket', { name: uniq('child'), content: 'x', entities_id: entity });
    await api.create('Ticket_Ticket', { tickets_id_1: visible, tickets_id_2: hidden, link: 3 });
    const login = uniq('linked-tech');
    await createUser(api, login, 6, entity);
    const tech = await new Client(ctx.server.api).login(login, USER_PASSWORD);
    expect(await row('Ticket', visible, [50], api)).toMatchObject({ 50: String(hidden) });
    expect(await row('Ticket', visible, [50], tech)).toMatchObject({ 50: null });
    expect(await found('Ticket', 50, 'equals', hidden, 2, tech)).toEqual([]);
  });
});

describe('documents (119) of follow-ups and tasks, which GLPI lists among its document types', () => {
  test('counted from the document links naming them', async () => {
    const ticket = await api.create('Ticket', { name: uniq('t'), content: 'x' });
    const [withDocument, without] = [uniq('with a document'), uniq('without')];
    const followup = await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: withDocument });
    await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: without });
    const taskText = uniq('a task');
    const task = await api.create('TicketTask', { tickets_id: ticket, content: taskText });
    const document = await api.create('Document', { name: uniq('doc') });
    // As GLPI leaves them when a document is attached to a follow-up or a task.
    insert('glpi_documents_items', { documents_id: document, itemtype: 'ITILFollowup', items_id: followup });
    insert('glpi_documents_items', { documents_id: document, itemtype: 'TicketTask', items_id: task });
    // A follow-up has no id option in GLPI: it is found by its text (1).
    expect(await found('ITILFollowup', 1, 'contains', withDocument, 119)).toEqual([1]);
    expect(await found('ITILFollowup', 1, 'contains', without, 119)).toEqual([0]);
    expect(await found('ITILFollowup', 119, 'contains', 1, 1)).toContain(withDocument);
    expect(await found('ITILFollowup', 119, 'contains', 1, 1)).not.toContain(without);
    // Nor has a task (GLPI's 2 is its category): it is found by its description too.
    expect(await found('TicketTask', 1, 'contains', taskText, 119)).toEqual([1]);
  });
});
