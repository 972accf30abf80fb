/**
 * Search options GLPI 10.0 serves that Deskbase listed but refused, or did not list: the domains
 * and appliances of certificates and databases, the financial data of cartridges, consumables and
 * component links, a database's computer, a project's team and tasks, a reservable item's
 * location and people, and the data centre positions. Each finds the right rows and no others.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { useServer } from '../support/server';
import { createUser, search, USER_PASSWORD } from '../search/helpers';
import { uniq } from './fixtures';

const ctx = useServer();
let api: Client;

beforeAll(() => {
  api = ctx.api;
});

/** The values of option `shown` of the rows whose option `field` matches. */
async function found(itemtype: string, field: number, searchtype: string, value: string | number, shown: number): Promise<unknown[]> {
  const res = await search(api, itemtype, { criteria: [{ field, searchtype, value }], forcedisplay: [shown], range: '0-999' });
  expect({ itemtype, field, status: res.status, text: res.status >= 300 ? res.text : '' }).toEqual({ itemtype, field, status: 200, text: '' });
  return ((res.body.data ?? []) as Record<string, unknown>[]).map((row) => row[String(shown)]);
}

/** One row's values of `options`, for the row whose option `key` is `value`. */
async function shownFor(itemtype: string, key: number, value: string | number, options: number[]): Promise<Record<string, unknown>> {
  const res = await search(api, itemtype, { criteria: [{ field: key, searchtype: 'contains', value }], forcedisplay: options, range: '0-9' });
  expect({ status: res.status, rows: res.body.data?.length }).toEqual({ status: 200, rows: 1 });
  return res.body.data[0];
}

describe('domains and appliances of certificates and databases (205, 206, 1210–1213)', () => {
  test('a certificate and a database are found by their domain and its type', async () => {
    const typeName = uniq('dtype');
    const domainName = `${uniq('dom')}.example`;
    const domain = await api.create('Domain', { name: domainName, domaintypes_id: await api.create('DomainType', { name: typeName }) });
    const certificate = await api.create('Certificate', { name: uniq('cert') });
    const otherCertificate = await api.create('Certificate', { name: uniq('cert') });
    const database = uniq('db');
    const databaseId = await api.create('Database', { name: database, databaseinstances_id: await api.create('DatabaseInstance', { name: uniq('inst') }) });
    await api.create('Database', { name: uniq('db'), databaseinstances_id: await api.create('DatabaseInstance', { name: uniq('inst') }) });
    await api.create('Domain_Item', { domains_id: domain, itemtype: 'Certificate', items_id: certificate });
    await api.create('Domain_Item', { domains_id: domain, itemtype: 'Database', items_id: databaseId });
    expect(await found('Certificate', 205, 'contains', domainName, 2)).toEqual([certificate]);
    expect(await found('Certificate', 206, 'contains', typeName, 2)).toEqual([certificate]);
    expect(await found('Certificate', 205, 'contains', domainName, 2)).not.toContain(otherCertificate);
    expect(await found('Database', 205, 'contains', domainName, 1)).toEqual([database]);
    expect(await found('Database', 206, 'contains', typeName, 1)).toEqual([database]);
    expect(await shownFor('Certificate', 2, certificate, [205, 206])).toMatchObject({ 205: domainName, 206: typeName });
  });

  test('a database is found by its appliance, its type, user and group', async () => {
    const typeName = uniq('atype');
    const groupName = uniq('grp');
    const group = await api.create('Group', { name: groupName });
    const appliance = uniq('app');
    const applianceId = await api.create('Appliance', { name: appliance, appliancetypes_id: await api.create('ApplianceType', { name: typeName }), users_id: 2, groups_id: group });
    const database = uniq('db');
    const databaseId = await api.create('Database', { name: database, databaseinstances_id: await api.create('DatabaseInstance', { name: uniq('inst') }) });
    const alone = uniq('db');
    await api.create('Database', { name: alone, databaseinstances_id: await api.create('DatabaseInstance', { name: uniq('inst') }) });
    await api.create('Appliance_Item', { appliances_id: applianceId, itemtype: 'Database', items_id: databaseId });
    expect(await found('Database', 1210, 'contains', appliance, 1)).toEqual([database]);
    expect(await found('Database', 1211, 'contains', typeName, 1)).toEqual([database]);
    expect(await found('Database', 1213, 'equals', group, 1)).toEqual([database]);
    expect(await found('Database', 1212, 'equals', 2, 1)).toContain(database);
    expect(await found('Database', 1212, 'equals', 2, 1)).not.toContain(alone);
    expect(await shownFor('Database', 1, database, [1210, 1213])).toMatchObject({ 1210: appliance, 1213: groupName });
  });
});

describe('financial data of cartridges, consumables and component links', () => {
  test('a cartridge is found by its purchase date (37) and immobilization number (25); its warranty end (120) is computed', async () => {
    const item = await api.create('CartridgeItem', { name: uniq('toner') });
    const bought = await api.create('Cartridge', { cartridgeitems_id: item });
    const other = await api.create('Cartridge', { cartridgeitems_id: item });
    await api.create('Infocom', { itemtype: 'Cartridge', items_id: bought, buy_date: '2020-03-04', immo_number: 'IMMO-CART-1', warranty_date: '2020-03-04', warranty_duration: 12 });
    expect(await found('Cartridge', 37, 'lessthan', '2021-01-01', 2)).toEqual([bought]);
    expect(await found('Cartridge', 25, 'contains', 'IMMO-CART', 2)).toEqual([bought]);
    expect(await found('Cartridge', 120, 'lessthan', '2021-03-05', 2)).toEqual([bought]);
    expect(await found('Cartridge', 120, 'morethan', '2021-03-05', 2)).toEqual([]);
    expect(await found('Cartridge', 37, 'lessthan', '2021-01-01', 2)).not.toContain(other);
    expect(await shownFor('Cartridge', 2, bought, [37, 25, 120])).toMatchObject({ 37: '2020-03-04', 25: 'IMMO-CART-1', 120: '2021-03-04' });
  });

  test('a consumable (GLPI lists nothing else for it) is found and shown by its financial data', async () => {
    const item = await api.create('ConsumableItem', { name: uniq('paper') });
    const bought = await api.create('Consumable', { consumableitems_id: item });
    await api.create('Consumable', { consumableitems_id: item });
    await api.create('Infocom', { itemtype: 'Consumable', items_id: bought, buy_date: '2019-05-06', immo_number: 'IMMO-CONS-1' });
    const res = await search(api, 'Consumable', { criteria: [{ field: 25, searchtype: 'contains', value: 'IMMO-CONS' }], forcedisplay: [25, 37] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ 25: 'IMMO-CONS-1', 37: '2019-05-06' }]);
  });

  test('a component link is found by its financial data (37), contract (29) and shows them', async () => {
    const computer = await api.create('Computer', { name: uniq('pc') });
    const processor = await api.create('DeviceProcessor', { designation: uniq('cpu') });
    const [bought, plain] = [
      await api.create('Item_DeviceProcessor', { itemtype: 'Computer', items_id: computer, deviceprocessors_id: processor }),
      await api.create('Item_DeviceProcessor', { itemtype: 'Computer', items_id: computer, deviceprocessors_id: processor }),
    ];
    await api.create('Infocom', { itemtype: 'Item_DeviceProcessor', items_id: bought, buy_date: '2018-01-02' });
    const contract = uniq('support');
    await api.create('Contract_Item', { contracts_id: await api.create('Contract', { name: contract }), itemtype: 'Item_DeviceProcessor', items_id: bought });
    expect(await found('Item_DeviceProcessor', 37, 'lessthan', '2019-01-01', 1)).toEqual([bought]);
    expect(await found('Item_DeviceProcessor', 29, 'contains', contract, 1)).toEqual([bought]);
    expect(await found('Item_DeviceProcessor', 29, 'contains', contract, 1)).not.toContain(plain);
    expect(await shownFor('Item_DeviceProcessor', 29, contract, [37, 29])).toMatchObject({ 37: '2018-01-02', 29: contract });
  });
});

describe('computed end dates (120, 134): a start plus a duration in months', () => {
  test("a computer's contract ends (134) and its warranty expires (120) when GLPI says", async () => {
    const computer = uniq('pc');
    const computerId = await api.create('Computer', { name: computer });
    await api.create('Computer', { name: uniq('pc') });
    const contract = await api.create('Contract', { name: uniq('contract'), begin_date: '2020-01-31', duration: 25 });
    await api.create('Contract_Item', { contracts_id: contract, itemtype: 'Computer', items_id: computerId });
    await api.create('Infocom', { itemtype: 'Computer', items_id: computerId, warranty_date: '2021-06-15', warranty_duration: 6 });
    // As MariaDB's ADDDATE: 31 January plus 25 months is the last day of February.
    expect(await shownFor('Computer', 1, computer, [134, 120])).toMatchObject({ 134: '2022-02-28', 120: '2021-12-15' });
    expect(await found('Computer', 134, 'lessthan', '2022-04-01', 1)).toEqual([computer]);
    expect(await found('Computer', 120, 'morethan', '2021-12-01', 1)).toContain(computer);
    expect(await found('Computer', 120, 'morethan', '2021-12-16', 1)).not.toContain(computer);
  });
});

describe('total costs GLPI computes (136 on assets, 48 on ITIL objects)', () => {
  test("an asset's contracts' costs (136) and a ticket's costs (48)", async () => {
    const computer = uniq('pc');
    const computerId = await api.create('Computer', { name: computer });
    const contract = await api.create('Contract', { name: uniq('contract') });
    await api.create('ContractCost', { contracts_id: contract, name: 'year 1', cost: 1200 });
    await api.create('ContractCost', { contracts_id: contract, name: 'year 2', cost: 300 });
    await api.create('Contract_Item', { contracts_id: contract, itemtype: 'Computer', items_id: computerId });
    expect(await shownFor('Computer', 1, computer, [136])).toMatchObject({ 136: '1500.0000' });
    expect(await found('Computer', 136, 'contains', 1500, 1)).toEqual([computer]);
    const ticket = await api.create('Ticket', { name: uniq('t'), content: 'x' });
    // Two hours at 30 an hour, 10 fixed, 5 of material.
    await api.create('TicketCost', { tickets_id: ticket, name: 'work', actiontime: 7200, cost_time: 30, cost_fixed: 10, cost_material: 5 });
    expect(await found('Ticket', 48, 'contains', 75, 2)).toEqual([ticket]);
    expect(await shownFor('Ticket', 2, ticket, [48])).toMatchObject({ 48: '75.0000' });
  });
});

describe('a database\'s computer (12)', () => {
  test('found by the name of the computer its instance runs on, and shown', async () => {
    const host = uniq('host');
    const instance = await api.create('DatabaseInstance', { name: uniq('inst'), itemtype: 'Computer', items_id: await api.create('Computer', { name: host }) });
    const database = uniq('db');
    await api.create('Database', { name: database, databaseinstances_id: instance });
    const loose = uniq('db');
    await api.create('Database', { name: loose, databaseinstances_id: await api.create('DatabaseInstance', { name: uniq('inst') }) });
    expect(await found('Database', 12, 'contains', host, 1)).toEqual([database]);
    expect(await shownFor('Database', 1, database, [12])).toMatchObject({ 12: host });
    expect(await shownFor('Database', 1, loose, [12])).toMatchObject({ 12: null });
    expect((await api.get('listSearchOptions/Database')).body['12']).toMatchObject({ name: 'Computers', table: 'glpi_computers', field: 'name', datatype: 'itemlink', uid: 'Database.items_id.DatabaseInstance.Computer.name' });
  });
});

describe("a project's father, team, tasks and ITIL counts", () => {
  let project: number;
  let other: number;
  const names = { parent: uniq('parent'), task: uniq('task'), group: uniq('grp'), supplier: uniq('sup'), contact: uniq('contact'), state: uniq('state') };
  let group: number;

  beforeAll(async () => {
    const parent = await api.create('Project', { name: names.parent });
    project = await api.create('Project', { name: uniq('p'), projects_id: parent });
    other = await api.create('Project', { name: uniq('p') });
    group = await api.create('Group', { name: names.group });
    const supplier = await api.create('Supplier', { name: names.supplier });
    const contact = await api.create('Contact', { name: names.contact });
    for (const [itemtype, items_id] of [['User', 2], ['Group', group], ['Supplier', supplier], ['Contact', contact]] as const) {
      await api.create('ProjectTeam', { projects_id: project, itemtype, items_id });
    }
    const state = await api.create('ProjectState', { name: names.state });
    await api.create('ProjectTask', { name: names.task, projects_id: project, projectstates_id: state, percent_done: 40, is_milestone: 1, plan_end_date: '2027-02-03 10:00:00' });
    await api.create('ProjectTask', { name: uniq('task'), projects_id: other, percent_done: 10 });
  });

  test('father (13): the parent project, by name', async () => {
    expect(await found('Project', 13, 'contains', names.parent, 2)).toEqual([project]);
    expect(await shownFor('Project', 2, project, [13])).toMatchObject({ 13: names.parent });
  });

  test('team (87–90): users, groups, suppliers and contacts', async () => {
    expect(await found('Project', 87, 'equals', 2, 2)).toEqual([project]);
    expect(await found('Project', 88, 'equals', group, 2)).toEqual([project]);
    expect(await found('Project', 89, 'contains', names.supplier, 2)).toEqual([project]);
    expect(await found('Project', 90, 'contains', names.contact, 2)).toEqual([project]);
    expect(await shownFor('Project', 2, project, [87, 88])).toMatchObject({ 87: '2', 88: names.group }); // users by id, as GLPI's forcegroupby user columns
  });

  test('tasks (111–126): name, state, percent done, milestone, planned end (1400)', async () => {
    expect(await found('Project', 111, 'contains', names.task, 2)).toEqual([project]);
    expect(await found('Project', 113, 'contains', names.state, 2)).toEqual([project]);
    expect(await found('Project', 117, 'contains', 40, 2)).toEqual([project]);
    expect(await found('Project', 126, 'equals', 1, 2)).toEqual([project]);
    expect(await found('Project', 1400, 'morethan', '2027-01-01', 2)).toEqual([project]);
    expect(await found('Project', 117, 'contains', 10, 2)).toEqual([other]);
  });

  test('total cost (91): the sum of its costs, searched as a number', async () => {
    await api.create('ProjectCost', { projects_id: project, name: uniq('cost'), cost: 100.5 });
    await api.create('ProjectCost', { projects_id: project, name: uniq('cost'), cost: 49.5 });
    expect(await shownFor('Project', 2, project, [91])).toMatchObject({ 91: '150.0000' });
    expect(await found('Project', 91, 'contains', 150, 2)).toEqual([project]);
    expect(await found('Project', 91, 'contains', '>149', 2)).toEqual([project]);
    expect(await shownFor('Project', 2, other, [91])).toMatchObject({ 91: null });
  });

  test('durations (17, 18) are listed, shown empty and not searchable, as GLPI\'s API', async () => {
    expect(await shownFor('Project', 2, project, [17, 18])).toMatchObject({ 17: [], 18: [] });
    const refused = await search(api, 'Project', { criteria: [{ field: 17, searchtype: 'contains', value: 1 }] });
    expect({ status: refused.status, error: refused.body[0] }).toEqual({ status: 400, error: 'ERROR' });
  });

  test('ITIL counts (92–94): changes, problems and tickets linked to it, only those the session may see', async () => {
    const A = await api.create('Entity', { name: uniq('proj-A'), entities_id: 0 });
    const inRoot = await api.create('Ticket', { name: uniq('t'), content: 'x', entities_id: 0 });
    const inA = await api.create('Ticket', { name: uniq('t'), content: 'x', entities_id: A });
    for (const items_id of [inRoot, inA]) await api.create('Itil_Project', { projects_id: project, itemtype: 'Ticket', items_id });
    await api.create('Itil_Project', { projects_id: project, itemtype: 'Change', items_id: await api.create('Change', { name: uniq('c'), content: 'x' }) });
    expect(await shownFor('Project', 2, project, [92, 93, 94])).toMatchObject({ 92: 1, 93: 0, 94: 2 });
    expect(await found('Project', 94, 'contains', 2, 2)).toEqual([project]);
    // A project of the root entity, visible to a technician of A (recursive), who sees A's ticket only.
    await api.put(`Project/${project}`, { input: { is_recursive: 1 } });
    const login = uniq('proj-tech');
    await createUser(api, login, 6, A);
    const tech = await new Client(ctx.server.api).login(login, USER_PASSWORD);
    const res = await search(tech, 'Project', { criteria: [{ field: 2, searchtype: 'equals', value: project }], forcedisplay: [94] });
    expect(res.body.data).toEqual([expect.objectContaining({ 94: 1 })]);
  });
});

describe("a reservable item's location and people (3, 23, 24, 70, 71)", () => {
  test('are the reserved item\'s, whatever its type', async () => {
    const location = uniq('loc');
    const locationId = await api.create('Location', { name: location, building: 'B7' });
    const manufacturer = uniq('maker');
    const group = await api.create('Group', { name: uniq('grp') });
    const computer = uniq('pc');
    const computerId = await api.create('Computer', { name: computer, locations_id: locationId, manufacturers_id: await api.create('Manufacturer', { name: manufacturer }), users_id: 2, users_id_tech: 2, groups_id: group });
    const monitor = uniq('screen');
    const monitorId = await api.create('Monitor', { name: monitor, locations_id: locationId });
    const loose = uniq('phone');
    const phoneId = await api.create('Phone', { name: loose });
    for (const [itemtype, items_id] of [['Computer', computerId], ['Monitor', monitorId], ['Phone', phoneId]] as const) await api.create('ReservationItem', { itemtype, items_id, is_active: 1 });
    expect(((await found('ReservationItem', 3, 'equals', locationId, 1)) as string[]).sort()).toEqual([computer, monitor].sort());
    expect(((await found('ReservationItem', 3, 'contains', location, 1)) as string[]).sort()).toEqual([computer, monitor].sort());
    expect(((await found('ReservationItem', 91, 'contains', 'B7', 1)) as string[]).sort()).toEqual([computer, monitor].sort());
    expect(await found('ReservationItem', 23, 'contains', manufacturer, 1)).toEqual([computer]);
    expect(await found('ReservationItem', 24, 'equals', 2, 1)).toContain(computer);
    expect(await found('ReservationItem', 70, 'equals', 2, 1)).toContain(computer);
    expect(await found('ReservationItem', 70, 'equals', 2, 1)).not.toContain(monitor);
    expect(await found('ReservationItem', 71, 'equals', group, 1)).toEqual([computer]);
    expect(await shownFor('ReservationItem', 1, computer, [3, 23, 70, 9])).toMatchObject({ 3: location, 23: manufacturer, 70: 'glpi', 9: null });
    expect(await shownFor('ReservationItem', 1, loose, [3])).toMatchObject({ 3: null });
    const options = (await api.get('listSearchOptions/ReservationItem')).body;
    expect(options['3']).toMatchObject({ uid: 'ReservationItem.Location.completename', table: 'glpi_locations', name: 'Location' });
    expect(options['24']).toMatchObject({ uid: 'ReservationItem.users_id_tech.User.name', table: 'glpi_users', name: 'Technician in charge' });
  });
});

describe('data centre positions (178; Cable 87, 88)', () => {
  test("listed, shown as GLPI's API shows them, refused in criteria", async () => {
    const computer = uniq('pc');
    await api.create('Computer', { name: computer });
    expect(await shownFor('Computer', 1, computer, [178])).toMatchObject({ 178: computer });
    const rack = uniq('rack');
    await api.create('Rack', { name: rack });
    expect(await shownFor('Rack', 1, rack, [178])).toMatchObject({ 178: rack });
    const enclosure = uniq('encl');
    await api.create('Enclosure', { name: enclosure });
    expect(await shownFor('Enclosure', 1, enclosure, [178])).toMatchObject({ 178: enclosure });
    const cable = uniq('cable');
    await api.create('Cable', { name: cable });
    expect(await shownFor('Cable', 1, cable, [87, 88])).toMatchObject({ 87: null, 88: null });
    for (const [itemtype, id] of [['Computer', 178], ['DCRoom', 178], ['Cable', 87], ['Cable', 88]] as const) {
      const res = await search(api, itemtype, { criteria: [{ field: id, searchtype: 'contains', value: 'x' }] });
      expect({ itemtype, id, status: res.status, message: res.body[1] }).toEqual({ itemtype, id, status: 400, message: expect.stringContaining('Forbidden field ID in search criteria') });
    }
    expect((await api.get('listSearchOptions/Cable')).body['87']).toMatchObject({ name: 'Data center position (Endpoint A)', datatype: 'specific', nosearch: true });
  });
});

describe("an asset's sockets and VLANs (1310–1312, 22, 62, 88), with GLPI's Glpi\\Socket uids", () => {
  test('its sockets (1310), their model (1311) and wiring side (1312)', async () => {
    const computer = uniq('pc');
    const computerId = await api.create('Computer', { name: computer });
    const bare = uniq('pc');
    await api.create('Computer', { name: bare });
    const model = uniq('sm');
    const socket = uniq('wall');
    await api.create('Socket', { name: socket, itemtype: 'Computer', items_id: computerId, socketmodels_id: await api.create('SocketModel', { name: model }), wiring_side: 2 });
    expect(await found('Computer', 1310, 'contains', socket, 1)).toEqual([computer]);
    expect(await found('Computer', 1311, 'contains', model, 1)).toEqual([computer]);
    expect(await found('Computer', 1312, 'equals', 2, 1)).toContain(computer);
    expect(await found('Computer', 1312, 'equals', 2, 1)).not.toContain(bare);
    expect(await shownFor('Computer', 1, computer, [1310, 1311, 1312])).toMatchObject({ 1310: socket, 1311: model, 1312: '2' });
    expect(await shownFor('Computer', 1, bare, [1310])).toMatchObject({ 1310: null });
  });

  test('Ethernet (22) and fiber channel (62) sockets: those wired to its ports of that kind', async () => {
    const [copper, fiber] = [uniq('pc'), uniq('pc')];
    const copperId = await api.create('Computer', { name: copper });
    const fiberId = await api.create('Computer', { name: fiber });
    const ethernetPort = await api.create('NetworkPort', { itemtype: 'Computer', items_id: copperId, instantiation_type: 'NetworkPortEthernet', name: 'eth0' });
    const fiberPort = await api.create('NetworkPort', { itemtype: 'Computer', items_id: fiberId, instantiation_type: 'NetworkPortFiberchannel', name: 'fc0' });
    const [wall, bay] = [uniq('wall'), uniq('bay')];
    await api.create('Socket', { name: wall, itemtype: 'Computer', items_id: copperId, networkports_id: ethernetPort });
    await api.create('Socket', { name: bay, itemtype: 'Computer', items_id: fiberId, networkports_id: fiberPort });
    expect(await found('Computer', 22, 'contains', wall, 1)).toEqual([copper]);
    expect(await found('Computer', 62, 'contains', wall, 1)).toEqual([]);
    expect(await found('Computer', 62, 'contains', bay, 1)).toEqual([fiber]);
    expect(await found('Computer', 22, 'contains', bay, 1)).toEqual([]);
    expect(await shownFor('Computer', 1, copper, [22, 62])).toMatchObject({ 22: wall, 62: null });
  });

  test("VLANs (88) of the item's ports", async () => {
    const [tagged, untagged] = [uniq('pc'), uniq('pc')];
    const taggedId = await api.create('Computer', { name: tagged });
    const untaggedId = await api.create('Computer', { name: untagged });
    const port = await api.create('NetworkPort', { itemtype: 'Computer', items_id: taggedId, instantiation_type: 'NetworkPortEthernet', name: 'eth0' });
    await api.create('NetworkPort', { itemtype: 'Computer', items_id: untaggedId, instantiation_type: 'NetworkPortEthernet', name: 'eth0' });
    const vlan = uniq('vlan');
    const vlanId = await api.create('Vlan', { name: vlan, tag: 42 });
    await api.create('NetworkPort_Vlan', { networkports_id: port, vlans_id: vlanId });
    expect(await found('Computer', 88, 'contains', vlan, 1)).toEqual([tagged]);
    expect(await found('Computer', 88, 'equals', vlanId, 1)).toEqual([tagged]);
    expect(await shownFor('Computer', 1, tagged, [88])).toMatchObject({ 88: vlan });
    expect(await shownFor('Computer', 1, untagged, [88])).toMatchObject({ 88: null });
  });

  test("uids name GLPI's socket classes (Glpi\\Socket, Glpi\\SocketModel)", async () => {
    const passive = (await api.get('listSearchOptions/PassiveDCEquipment')).body;
    expect(passive['1310'].uid).toBe('PassiveDCEquipment.Glpi\\Socket.name');
    expect(passive['1311'].uid).toBe('PassiveDCEquipment.Glpi\\Socket.Glpi\\SocketModel.name');
    expect(passive['1312']).toMatchObject({ uid: 'PassiveDCEquipment.Glpi\\Socket.wiring_side', available_searchtypes: ['equals'] });
    const cable = (await api.get('listSearchOptions/Cable')).body;
    expect(cable['13'].uid).toBe('Cable.sockets_id_endpoint_b.Glpi\\Socket.name');
    expect(cable['14'].uid).toBe('Cable.sockets_id_endpoint_a.Glpi\\Socket.name');
  });
});

describe('external (145) and manual (146) links: shown, never searched', () => {
  test("146 lists the item's manual links by name; 145 is an empty list, as GLPI's API gives", async () => {
    const [two, one, none] = [uniq('pc'), uniq('pc'), uniq('pc')];
    const twoId = await api.create('Computer', { name: two });
    const oneId = await api.create('Computer', { name: one });
    await api.create('Computer', { name: none });
    await api.create('ManualLink', { itemtype: 'Computer', items_id: twoId, name: 'wiki', url: 'https://wiki.example/a' });
    await api.create('ManualLink', { itemtype: 'Computer', items_id: twoId, name: 'vendor', url: 'https://vendor.example/a' });
    await api.create('ManualLink', { itemtype: 'Computer', items_id: oneId, name: 'runbook', url: 'https://runbook.example/a' });
    expect(await shownFor('Computer', 1, two, [145, 146])).toMatchObject({ 145: [], 146: ['wiki', 'vendor'] });
    expect(await shownFor('Computer', 1, one, [146])).toMatchObject({ 146: 'runbook' });
    expect(await shownFor('Computer', 1, none, [146])).toMatchObject({ 146: null }); // no link: null (GLPI 10.0.19), the external links' empty list stays
    // A type whose manual links Deskbase does not keep shows none.
    const contract = uniq('contract');
    await api.create('Contract', { name: contract });
    expect(await shownFor('Contract', 1, contract, [145, 146])).toMatchObject({ 145: [], 146: [] });
    for (const field of [145, 146]) {
      const res = await search(api, 'Computer', { criteria: [{ field, searchtype: 'contains', value: 'wiki' }] });
      expect({ field, status: res.status, error: [res.body[0], String(res.body[1]).split(';')[0]] }).toEqual({ field, status: 400, error: ['ERROR', 'Forbidden field ID in search criteria'] });
    }
  });
});

describe("search types GLPI forces on its 'specific' options", () => {
  test('listed as GLPI lists them: equals and notequals, equals alone, or text matching', async () => {
    const types = async (itemtype: string, id: number) => (await api.get(`listSearchOptions/${itemtype}`)).body[id].available_searchtypes;
    const isOrNot = ['equals', 'notequals'];
    const text = ['contains', 'notcontains'];
    expect(await types('Contract', 23)).toEqual(isOrNot);
    expect(await types('Contract', 59)).toEqual(isOrNot);
    expect(await types('Reminder', 3)).toEqual(isOrNot);
    expect(await types('Project', 3)).toEqual(['equals']);
    expect(await types('Cable', 8)).toEqual(['equals']);
    expect(await types('Cable', 10)).toEqual(['equals']);
    // Without a forced search type, GLPI matches a specific option as text (Computer 178 in its dump).
    expect(await types('Rack', 178)).toEqual(text);
    expect(await types('SLA', 7)).toEqual(text);
    expect(await types('TicketRecurrent', 15)).toEqual(text);
  });

  test('notequals finds the others (a renewal, an alarm, a reminder status)', async () => {
    const tacit = await api.create('Contract', { name: uniq('c'), renewal: 1, alert: 0 });
    const express = await api.create('Contract', { name: uniq('c'), renewal: 2, alert: 1 });
    const contractIds = async (field: number, searchtype: string, value: number) => ((await found('Contract', field, searchtype, value, 2)) as number[]).filter((id) => id === tacit || id === express);
    expect(await contractIds(23, 'equals', 1)).toEqual([tacit]);
    expect(await contractIds(23, 'notequals', 1)).toEqual([express]);
    expect(await contractIds(59, 'notequals', 0)).toEqual([express]);
    const [todo, done] = [uniq('todo'), uniq('done')];
    await api.create('Reminder', { name: todo, text: 'x', state: 1 });
    await api.create('Reminder', { name: done, text: 'x', state: 2 });
    const reminders = async (searchtype: string) => ((await found('Reminder', 3, searchtype, 2, 1)) as string[]).filter((n) => n === todo || n === done);
    expect(await reminders('equals')).toEqual([done]);
    expect(await reminders('notequals')).toEqual([todo]);
  });
});

describe('total costs of an item without cost rows (11, 48, 91, 136)', () => {
  test('are null, as GLPI sums no rows, and no number finds them, not even 0', async () => {
    const item = async (itemtype: string, extra: Record<string, unknown> = {}) => {
      const name = uniq(itemtype);
      return { name, id: await api.create(itemtype, { name, ...extra }) };
    };
    const contract = await item('Contract');
    const project = await item('Project');
    const computer = await item('Computer');
    const ticket = await item('Ticket', { content: 'x' });
    // Zero-cost rows give a total of 0, which 0 finds.
    const freeContract = await item('Contract');
    await api.create('ContractCost', { contracts_id: freeContract.id, name: 'gift', cost: 0 });
    const freeTicket = await item('Ticket', { content: 'x' });
    await api.create('TicketCost', { tickets_id: freeTicket.id, name: 'nothing', actiontime: 0, cost_time: 0, cost_fixed: 0, cost_material: 0 });
    for (const [itemtype, option, row, free] of [
      ['Contract', 11, contract, freeContract],
      ['Project', 91, project, null],
      ['Computer', 136, computer, null],
      ['Ticket', 48, ticket, freeTicket],
    ] as const) {
      expect({ itemtype, shown: (await shownFor(itemtype, 2, row.id, [option]))[String(option)] }).toEqual({ itemtype, shown: null });
      for (const searchtype of ['contains', 'notcontains']) {
        const ids = (await found(itemtype, option, searchtype, 0, 2)) as number[];
        expect({ itemtype, searchtype, found: ids.includes(row.id) }).toEqual({ itemtype, searchtype, found: false });
      }
      if (!free) continue;
      expect({ itemtype, shown: (await shownFor(itemtype, 2, free.id, [option]))[String(option)] }).toEqual({ itemtype, shown: '0.0000' });
      expect({ itemtype, found: ((await found(itemtype, option, 'contains', 0, 2)) as number[]).includes(free.id) }).toEqual({ itemtype, found: true });
    }
  });
});

describe("GLPI's section headers beyond Characteristics", () => {
  /** The listSearchOptions keys in the order they are sent (sections by key, options by id). */
  async function listedOrder(itemtype: string): Promise<string[]> {
    const res = await api.get(`listSearchOptions/${itemtype}`);
    expect(res.status).toBe(200);
    return [...res.text.matchAll(/"([^"]+)":\{/g)].map((m) => m[1]!);
  }
  const after = (keys: string[], section: string, count: number) => keys.slice(keys.indexOf(section) + 1, keys.indexOf(section) + 1 + count);

  test("a project's team and tasks", async () => {
    const keys = await listedOrder('Project');
    const options = (await api.get('listSearchOptions/Project')).body;
    expect(options.project_team).toEqual({ name: 'Project teams' });
    expect(options.project_task).toEqual({ name: 'Project tasks' });
    expect(after(keys, 'project_team', 4)).toEqual(['87', '88', '89', '90']);
    expect(after(keys, 'project_task', 16)).toEqual(['111', '112', '113', '114', '115', '116', '117', '118', '1400', '120', '122', '123', '124', '125', '126', 'notepad']);
    expect(keys[0]).toBe('common');
  });

  test('the data centre headers of racked equipment: position and data centre, rack, sockets, server room', async () => {
    const keys = await listedOrder('PassiveDCEquipment');
    const options = (await api.get('listSearchOptions/PassiveDCEquipment')).body;
    expect([options.datacenter, options.rack, options.socket, options.dcroom]).toEqual([{ name: 'Data centers' }, { name: 'Racks' }, { name: 'Sockets' }, { name: 'Server room' }]);
    expect(after(keys, 'datacenter', 10)).toEqual(['178', '1451', 'rack', '180', '181', 'socket', '1310', '1311', '1312', 'dcroom']);
    expect(after(keys, 'dcroom', 1)).toEqual(['1450']);
    // An enclosure has no sockets: no such header.
    expect((await api.get('listSearchOptions/Enclosure')).body.socket).toBeUndefined();
  });

  test("a contract's costs", async () => {
    const keys = await listedOrder('Contract');
    expect((await api.get('listSearchOptions/Contract')).body.cost).toEqual({ name: 'Cost' });
    expect(after(keys, 'cost', 6)).toEqual(['11', '41', '42', '43', '44', '45']);
  });
});

describe("a profile's rights (4, 20–171), read from its rights rows as GLPI", () => {
  const SELF_SERVICE = 1;
  const SUPER_ADMIN = 4;
  const READ = 1;
  const profiles = async (field: number, searchtype: string, value: number) => ((await found('Profile', field, searchtype, value, 2)) as number[]).filter((id) => id === SELF_SERVICE || id === SUPER_ADMIN);

  test('equals: any of the bits is granted; notequals: none is', async () => {
    expect(await profiles(20, 'equals', READ)).toEqual([SUPER_ADMIN]);
    expect(await profiles(20, 'notequals', READ)).toEqual([SELF_SERVICE]);
    // Self-Service creates tickets (CREATE, 4): both have a bit of 4 | 1.
    expect((await profiles(102, 'equals', 4 | READ)).sort()).toEqual([SELF_SERVICE, SUPER_ADMIN]);
    expect(await profiles(55, 'equals', READ)).toEqual([SUPER_ADMIN]);
    // "Update own password" is a flag: 1 for both default profiles.
    expect((await profiles(4, 'equals', 1)).sort()).toEqual([SELF_SERVICE, SUPER_ADMIN]);
  });

  test("shown as the profile's value of that right", async () => {
    const rights = (await api.get(`Profile/${SUPER_ADMIN}/ProfileRight`, { query: 'range=0-999' })).body as { name: string; rights: number }[];
    const computer = rights.find((r) => r.name === 'computer')!.rights;
    const row = await shownFor('Profile', 2, SUPER_ADMIN, [20, 102]);
    expect(Number(row['20'])).toBe(computer);
    expect(Number(row['102'])).toBe(rights.find((r) => r.name === 'ticket')!.rights);
  });

  test('a right the profile holds no row of reads 0, shown and searched, as GLPI where every profile has a row of every right', async () => {
    const bare = await api.create('Profile', { name: uniq('bare'), interface: 'central' });
    const row = await shownFor('Profile', 2, bare, [4, 20, 102]);
    expect({ 4: row['4'], 20: row['20'], 102: row['102'] }).toEqual({ 4: 0, 20: 0, 102: 0 });
    const bareFound = async (field: number, searchtype: string, value: number) => ((await found('Profile', field, searchtype, value, 2)) as number[]).includes(bare);
    // "Update own password" is a yes/no option: its 0 is found by equals 0 and notequals 1.
    expect(await bareFound(4, 'equals', 0)).toBe(true);
    expect(await bareFound(4, 'notequals', 1)).toBe(true);
    expect(await bareFound(4, 'equals', 1)).toBe(false);
    // A right option tests the value's bits (GLPI's `rights & value`): none of 0's, so equals 0 finds no profile at all.
    expect(await found('Profile', 20, 'equals', 0, 2)).toEqual([]);
    expect(await bareFound(20, 'notequals', READ)).toBe(true);
    expect(await bareFound(20, 'equals', READ)).toBe(false);
  });
});

describe('Entity-ID (81) of domains and appliances', () => {
  test("is the entity row's own entities_id: the parent of the item's entity, as GLPI joins it", async () => {
    const parent = await api.create('Entity', { name: uniq('ent'), entities_id: 0 });
    const child = await api.create('Entity', { name: uniq('ent'), entities_id: parent });
    for (const [itemtype, name, idOption] of [['Domain', `${uniq('d')}.example`, 1400], ['Appliance', uniq('app'), 31]] as const) {
      const id = await api.create(itemtype, { name, entities_id: child });
      const options = (await api.get(`listSearchOptions/${itemtype}`)).body;
      expect({ itemtype, option: options['81'] }).toMatchObject({ itemtype, option: { name: 'Entity-ID', table: 'glpi_entities', field: 'entities_id', uid: `${itemtype}.Entity.entities_id` } });
      expect({ itemtype, shown: (await shownFor(itemtype, 1, name, [81]))['81'] }).toEqual({ itemtype, shown: parent });
      expect({ itemtype, found: await found(itemtype, 81, 'contains', parent, idOption) }).toEqual({ itemtype, found: [id] });
    }
  });
});
