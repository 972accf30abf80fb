/**
 * Item shapes as a live GLPI 10.0.19 answers them (issue 34): a profile's rights and an entity's
 * inherited settings in their getItem, a directory user's link to its directory, the with_*
 * sections.
 */
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { useServer } from '../support/server';
import { createUser, USER_PASSWORD } from '../search/helpers';
import { scenario } from '../support/scenario';

const ctx = useServer();
let api: Client;

beforeAll(() => {
  api = ctx.api;
});

/** A technician of the root entity (recursive), its id, its signed-in client and its name as history shows it. */
async function technician(name: string): Promise<{ id: number; client: Client; logName: string }> {
  const id = await api.create('User', { name, password: USER_PASSWORD, password2: USER_PASSWORD, _profiles_id: 6, _entities_id: 0, _is_recursive: 1 });
  return { id, client: await new Client(ctx.server.api).login(name, USER_PASSWORD), logName: `${name} (${id})` };
}

describe("a profile's rights", () => {
  test('getItem shows each right as a field after the columns, as GLPI loads a profile', async () => {
    const res = await api.get('Profile/4');
    expect(res.status).toBe(200);
    const keys = Object.keys(res.body);
    // The columns first, then the rights in their rows' order.
    expect(keys.slice(0, 3)).toEqual(['id', 'name', 'interface']);
    expect(keys.indexOf('computer')).toBeGreaterThan(keys.indexOf('date_creation'));
    const rights = (await api.get('Profile/4/ProfileRight', { query: 'range=0-999' })).body as { name: string; rights: number }[];
    expect(rights.length).toBeGreaterThan(50);
    for (const right of rights) expect([right.name, res.body[right.name]]).toEqual([right.name, right.rights]);
    expect(res.body.computer).toBe(255);
    expect(res.body.config).toBe(3);
  });

  test("a new profile gets a row of every right at 0, as GLPI; a right written is read back; lists of profiles show the columns only", async () => {
    const id = await api.create('Profile', { name: 'answers-profile' });
    const item = (await api.get(`Profile/${id}`)).body;
    expect([item.computer, item.ticket, item.planning, item.statistic]).toEqual([0, 0, 0, 0]);
    const rights = (await api.get(`Profile/${id}/ProfileRight`, { query: 'range=0-999' })).body as { id: number; name: string }[];
    expect(Object.keys(item).slice(Object.keys(item).indexOf('date_creation') + 1)).toEqual(rights.map((r) => r.name).sort());
    const computer = rights.find((r) => r.name === 'computer')!;
    expect((await api.put(`ProfileRight/${computer.id}`, { input: { rights: 1 } })).status).toBe(200);
    expect((await api.get(`Profile/${id}`)).body.computer).toBe(1);
    const multiple = await api.get('getMultipleItems', { query: `items[0][itemtype]=Profile&items[0][items_id]=${id}` });
    expect(multiple.body[0].computer).toBe(1);
    const list = (await api.get('Profile/', { query: 'range=0-99' })).body as Record<string, unknown>[];
    expect(list.find((p) => p.id === id)).not.toHaveProperty('computer');
  });

  test("GLPI 10.0.19's rights by name; a right the profile has no row of is left out, as GLPI (Self-Service has no system_logs)", async () => {
    const superAdmin = (await api.get('Profile/4')).body;
    expect([superAdmin.backup, superAdmin.dashboard, superAdmin.planning, superAdmin.statistic, superAdmin.system_logs, superAdmin.transfer]).toEqual([1045, 23, 3073, 1, 1, 23]);
    const rights = Object.keys(superAdmin).slice(Object.keys(superAdmin).indexOf('date_creation') + 1);
    expect(rights).toEqual([...rights].sort());
    const selfService = (await api.get('Profile/1')).body;
    expect(selfService).not.toHaveProperty('system_logs');
    expect(selfService.reports).toBe(0);
    const removed = (await api.get('Profile/2/ProfileRight', { query: 'range=0-999' })).body as { id: number; name: string }[];
    expect((await api.del(`ProfileRight/${removed.find((r) => r.name === 'reports')!.id}`)).status).toBe(204);
    expect((await api.get('Profile/2')).body).not.toHaveProperty('reports');
  });
});

describe("an entity's inherited settings", () => {
  test('a strategy below 0 (inherit -2, never -10) shows in the id field on getItem; lists show the stored value', async () => {
    const id = await api.create('Entity', { name: 'answers-entity', entities_id: 0, entities_strategy_software: -10, transfers_strategy: 0, transfers_id: 0 });
    const item = (await api.get(`Entity/${id}`)).body;
    expect([item.calendars_strategy, item.calendars_id]).toEqual([-2, -2]);
    expect([item.tickettemplates_id, item.changetemplates_id, item.problemtemplates_id, item.contracts_id_default]).toEqual([-2, -2, -2, -2]);
    expect([item.entities_strategy_software, item.entities_id_software]).toEqual([-10, -10]);
    // A strategy of 0 (its own value) leaves the id as stored.
    expect([item.transfers_strategy, item.transfers_id]).toEqual([0, 0]);
    // The merged field keeps its place among the columns.
    const keys = Object.keys(item);
    expect(keys.indexOf('calendars_id')).toBe(keys.indexOf('calendars_strategy') + 1);
    const listed = ((await api.get('Entity/', { query: 'range=0-999' })).body as Record<string, unknown>[]).find((e) => e.id === id)!;
    expect([listed.calendars_id, listed.entities_id_software]).toEqual([0, 0]);
    // With expand_dropdowns the inherited value stays a number, as GLPI names only ids above 0.
    expect((await api.get(`Entity/${id}`, { query: 'expand_dropdowns=true' })).body.calendars_id).toBe(-2);
  });
});

describe('links to the root entity', () => {
  test("only an item's entities_id links (and expands) the root entity 0, as GLPI's parseDropdowns; other fields holding 0 do not", async () => {
    const root = (await api.get('Entity/0')).body;
    // Its entities_id is null and its entities_id_software 0 (or -10): no link to an entity.
    expect((root.links as { rel: string }[]).filter((l) => l.rel === 'Entity')).toEqual([]);
    const computer = await api.create('Computer', { name: 'answers-root-link', entities_id: 0 });
    const links = (await api.get(`Computer/${computer}`)).body.links as { rel: string; href: string }[];
    expect(links.filter((l) => l.rel === 'Entity').map((l) => l.href.replace(/^.*apirest\.php/, ''))).toEqual(['/Entity/0']);
    expect((await api.get(`Computer/${computer}`, { query: 'expand_dropdowns=true' })).body.entities_id).toBe('Root entity');
  });
});

describe("an entity's inherited settings written back", () => {
  test('a negative id is stored as the strategy; a real id sets the strategy to 0, as GLPI splits them', async () => {
    const id = await api.create('Entity', { name: 'answers-entity-2', entities_id: 0 });
    const item = (await api.get(`Entity/${id}`)).body;
    // A client sending back what it read: accepted, nothing changes.
    expect((await api.put(`Entity/${id}`, { input: { calendars_id: item.calendars_id, entities_id_software: item.entities_id_software } })).status).toBe(200);
    const stored = async () => ((await api.get('Entity/', { query: 'range=0-999' })).body as Record<string, unknown>[]).find((e) => e.id === id)!;
    expect([(await stored()).calendars_strategy, (await stored()).calendars_id]).toEqual([-2, 0]);
    expect((await api.put(`Entity/${id}`, { input: { entities_id_software: -10 } })).status).toBe(200);
    expect([(await stored()).entities_strategy_software, (await stored()).entities_id_software]).toEqual([-10, 0]);
    // The root entity as the software entity is a real choice: strategy 0.
    expect((await api.put(`Entity/${id}`, { input: { entities_id_software: 0 } })).status).toBe(200);
    expect([(await stored()).entities_strategy_software, (await stored()).entities_id_software]).toEqual([0, 0]);
    const calendar = await api.create('Calendar', { name: 'answers-calendar' });
    expect((await api.put(`Entity/${id}`, { input: { calendars_id: calendar } })).status).toBe(200);
    expect([(await stored()).calendars_strategy, (await stored()).calendars_id]).toEqual([0, calendar]);
    expect((await api.get(`Entity/${id}`)).body.calendars_id).toBe(calendar);
  });
});

describe("a directory user's directory", () => {
  test("auths_id links and expands to the LDAP directory when the user's authtype is LDAP (2, as the specification numbers it; GLPI's 3), never a mail server (3)", async () => {
    const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'));
    // Directories are read-only through the API: written as a GLPI import leaves them.
    const ldap = Number((db.query("INSERT INTO glpi_authldaps (name, host) VALUES ('answers-ldap', 'ldap.example.org') RETURNING id").get() as { id: number }).id);
    db.close();
    const directoryUser = await api.create('User', { name: 'answers-ldap-user', authtype: 2, auths_id: ldap });
    const mailUser = await api.create('User', { name: 'answers-mail-user', authtype: 3, auths_id: ldap });
    const links = async (id: number) => ((await api.get(`User/${id}`)).body.links as { rel: string; href: string }[]).filter((l) => l.rel.startsWith('Auth'));
    expect((await links(directoryUser)).map((l) => [l.rel, l.href.replace(/^.*apirest\.php/, '')])).toEqual([['AuthLDAP', `/AuthLDAP/${ldap}`]]);
    expect(await links(mailUser)).toEqual([]);
    expect((await api.get(`User/${directoryUser}`, { query: 'expand_dropdowns=true' })).body.auths_id).toBe('answers-ldap');
    expect((await api.get(`User/${mailUser}`, { query: 'expand_dropdowns=true' })).body.auths_id).toBe(ldap);
  });
});

describe('with_* sections', () => {
  const PORT_TYPES = ['NetworkPortEthernet', 'NetworkPortWifi', 'NetworkPortAggregate', 'NetworkPortAlias', 'NetworkPortDialup', 'NetworkPortLocal', 'NetworkPortFiberchannel'];

  test('given to any item past the connections: empty where the type has none; ports as the map of every port type', async () => {
    const location = await api.create('Location', { name: 'answers-room' });
    const all = 'with_devices=1&with_disks=1&with_softwares=1&with_connections=1&with_networkports=1&with_infocoms=1&with_contracts=1&with_documents=1&with_tickets=1&with_problems=1&with_changes=1&with_notes=1&with_logs=1';
    const body = (await api.get(`Location/${location}`, { query: all })).body;
    expect(Object.keys(body).filter((k) => k.startsWith('_'))).toEqual(['_networkports', '_infocoms', '_contracts', '_documents', '_tickets', '_problems', '_changes', '_notes', '_logs']);
    expect(body._networkports).toEqual(Object.fromEntries(PORT_TYPES.map((t) => [t, []])));
    for (const key of ['_infocoms', '_contracts', '_documents', '_tickets', '_problems', '_changes']) expect([key, body[key]]).toEqual([key, []]);
  });

  test("without the contract right, GLPI's error object; tickets with their category and, over several entities, their entity", async () => {
    const entity = await api.create('Entity', { name: 'answers-sections', entities_id: 0 });
    const computer = await api.create('Computer', { name: 'answers-pc', entities_id: entity });
    const category = await api.create('ITILCategory', { name: 'answers-cat' });
    const ticket = await api.create('Ticket', { name: 'answers-t', content: 'x', entities_id: entity, itilcategories_id: category });
    await api.create('Item_Ticket', { tickets_id: ticket, itemtype: 'Computer', items_id: computer });
    const [row] = (await api.get(`Computer/${computer}`, { query: 'with_tickets=1' })).body._tickets;
    // The super-admin's session spans several entities.
    expect(row).toMatchObject({ id: ticket, catname: 'answers-cat', entityname: 'Root entity > answers-sections', entityID: entity });

    const profile = await api.create('Profile', { name: 'answers-no-contract', interface: 'central' });
    await api.setRights(profile, { computer: 1 });
    await createUser(api, 'answers-reader', profile, entity, false);
    const reader = await new Client(ctx.server.api).login('answers-reader', USER_PASSWORD);
    const seen = (await reader.get(`Computer/${computer}`, { query: 'with_contracts=1&with_tickets=1' })).body;
    expect(seen._contracts).toEqual({ error: 401, message: "You don't have permission to perform this action." });
    expect(seen._tickets).toEqual({ error: 401, message: "You don't have permission to perform this action." });
  });
});

describe("components' links need the right on components", () => {
  test('without the device right, Item_DeviceProcessor and Item_DeviceMemory under a computer are 403; with_devices still shows them', async () => {
    const computer = await api.create('Computer', { name: 'answers-cpu-host' });
    const cpu = await api.create('DeviceProcessor', { designation: 'answers-cpu' });
    await api.create('Item_DeviceProcessor', { itemtype: 'Computer', items_id: computer, deviceprocessors_id: cpu });
    // A technician (profile 6) reads computers but, as in GLPI, holds no device right.
    await createUser(api, 'answers-tech', 6, 0);
    const tech = await new Client(ctx.server.api).login('answers-tech', USER_PASSWORD);
    for (const child of ['Item_DeviceProcessor', 'Item_DeviceMemory']) {
      const res = await tech.get(`Computer/${computer}/${child}`);
      expect([child, res.status, res.body[0]]).toEqual([child, 403, 'ERROR_RIGHT_MISSING']);
    }
    expect(Object.keys((await tech.get(`Computer/${computer}`, { query: 'with_devices=1' })).body._devices)).toEqual(['Item_DeviceProcessor']);
    expect((await api.get(`Computer/${computer}/Item_DeviceProcessor`)).body).toHaveLength(1);
  });
});

describe('attaching a document (Document_Item)', () => {
  test("refused on a closed ticket and across entities that do not see each other; a link takes the document's entity, the user and the timeline side", async () => {
    const sub = await api.create('Entity', { name: 'answers-docs', entities_id: 0 });
    const rootDoc = await api.create('Document', { name: 'answers-root-doc', entities_id: 0, is_recursive: 0 });
    const sharedDoc = await api.create('Document', { name: 'answers-shared-doc', entities_id: 0, is_recursive: 1 });
    const ticket = await api.create('Ticket', { name: 'answers-doc-ticket', content: 'x', entities_id: sub });
    const refused = await api.post('Document_Item', { input: { documents_id: rootDoc, itemtype: 'Ticket', items_id: ticket } });
    expect([refused.status, refused.body]).toEqual([400, ['ERROR_GLPI_ADD', "You don't have permission to perform this action."]]);
    const link = await api.create('Document_Item', { documents_id: sharedDoc, itemtype: 'Ticket', items_id: ticket });
    // glpi is no actor of the ticket: left side (1), as GLPI places it.
    expect((await api.get(`Document_Item/${link}`)).body).toMatchObject({ entities_id: 0, is_recursive: 1, users_id: 2, timeline_position: 1 });

    const closed = await api.create('Ticket', { name: 'answers-closed', content: 'x', entities_id: sub });
    expect((await api.put(`Ticket/${closed}`, { input: { status: 6 } })).status).toBe(200);
    const late = await api.post('Document_Item', { input: { documents_id: sharedDoc, itemtype: 'Ticket', items_id: closed } });
    expect([late.status, late.body]).toEqual([400, ['ERROR_GLPI_ADD', "You don't have permission to perform this action."]]);
    expect((await api.get(`Ticket/${closed}/Document_Item`)).body).toEqual([]);
  });
});

describe("a ticket's history of its actors", () => {
  test('a new actor is logged on the ticket (only) under its search option (4, 5, 66; groups 71, 8, 65; supplier 6), a removal under 0', async () => {
    const tech = await api.create('User', { name: 'answers-hist-tech' });
    const group = await api.create('Group', { name: 'answers-hist-group' });
    const supplier = await api.create('Supplier', { name: 'answers-hist-supplier' });
    const ticket = await api.create('Ticket', { name: 'answers-hist', content: 'x', _users_id_requester: 2, _users_id_assign: tech, _groups_id_observer: group });
    await api.create('Ticket_User', { tickets_id: ticket, users_id: tech, type: 3 });
    await api.create('Supplier_Ticket', { tickets_id: ticket, suppliers_id: supplier, type: 2 });
    await api.create('Group_Ticket', { tickets_id: ticket, groups_id: group, type: 1 });
    const logs = Object.values((await api.get(`Ticket/${ticket}`, { query: 'with_logs=1' })).body._logs) as { linked_action: number; itemtype_link: string; id_search_option: number; new_value: string; old_value: string }[];
    const added = logs.filter((l) => l.linked_action === 15).map((l) => [l.itemtype_link, l.new_value.replace(/ \(\d+\)$/, ''), l.id_search_option]);
    expect(added.sort()).toEqual(
      [
        ['User', 'glpi', 4],
        ['User', 'answers-hist-tech', 5],
        ['Group', 'answers-hist-group', 65],
        ['User', 'answers-hist-tech', 66],
        ['Supplier', 'answers-hist-supplier', 6],
        ['Group', 'answers-hist-group', 71],
      ].sort(),
    );
    // As GLPI, the user's own history says nothing of it.
    const userLogs = Object.values((await api.get(`User/${tech}`, { query: 'with_logs=1' })).body._logs) as { itemtype_link: string }[];
    expect(userLogs.filter((l) => l.itemtype_link === 'Ticket')).toEqual([]);
    const [observer] = ((await api.get(`Ticket/${ticket}/Ticket_User`)).body as { id: number; type: number }[]).filter((r) => r.type === 3);
    expect((await api.del(`Ticket_User/${observer!.id}`)).status).toBe(204);
    const removed = (Object.values((await api.get(`Ticket/${ticket}`, { query: 'with_logs=1' })).body._logs) as { linked_action: number; id_search_option: number }[]).filter((l) => l.linked_action === 16);
    expect(removed.map((l) => l.id_search_option)).toEqual([0]);
  });
});

describe('add messages', () => {
  test("an item without a name is named by GLPI's type name and id; a solution by its id, GLPI's name field for it", async () => {
    const ticket = await api.create('Ticket', { name: 'answers-msg', content: 'x' });
    const document = await api.create('Document', { name: 'answers-msg-doc' });
    const link = await api.post('Document_Item', { input: { documents_id: document, itemtype: 'Ticket', items_id: ticket } });
    expect(link.body).toEqual({ id: link.body.id, message: `Item successfully added: Document item - ID ${link.body.id}` });
    const solution = await api.post('ITILSolution', { input: { itemtype: 'Ticket', items_id: ticket, content: 'done' } });
    expect(solution.body).toEqual({ id: solution.body.id, message: `Item successfully added: ${solution.body.id}` });
  });

  test("a link without a name: GLPI's type name of it ('Link Contract/Item', 'Installation'), 'General' for a type GLPI names none (Group_User, Computer_Item)", async () => {
    const computer = await api.create('Computer', { name: 'answers-msg-pc' });
    const contract = await api.create('Contract', { name: 'answers-msg-contract' });
    const group = await api.create('Group', { name: 'answers-msg-group' });
    const software = await api.create('Software', { name: 'answers-msg-soft' });
    const version = await api.create('SoftwareVersion', { softwares_id: software, name: '1.0' });
    const monitor = await api.create('Monitor', { name: 'answers-msg-screen' });
    const added = async (itemtype: string, input: Record<string, unknown>) => {
      const res = await api.post(itemtype, { input });
      return String(res.body.message).replace(` - ID ${res.body.id}`, ' - ID n');
    };
    expect([
      await added('Contract_Item', { contracts_id: contract, itemtype: 'Computer', items_id: computer }),
      await added('Item_SoftwareVersion', { itemtype: 'Computer', items_id: computer, softwareversions_id: version }),
      await added('Group_User', { groups_id: group, users_id: 2 }),
      await added('Computer_Item', { computers_id: computer, itemtype: 'Monitor', items_id: monitor }),
    ]).toEqual(['Link Contract/Item', 'Installation', 'General', 'General'].map((name) => `Item successfully added: ${name} - ID n`));
  });

  test("links GLPI names after what they link: a port after its item, an operating system's and a component's link, a ticket's item", async () => {
    const computer = await api.create('Computer', { name: 'answers-pc2' });
    const unnamed = await api.create('Computer', {});
    const ticket = await api.create('Ticket', { name: 'answers-linked', content: 'c' });
    const message = async (itemtype: string, input: Record<string, unknown>) => String((await api.post(itemtype, { input })).body.message);
    const port = await api.post('NetworkPort', { input: { itemtype: 'Computer', items_id: computer, instantiation_type: 'NetworkPortEthernet', logical_number: 2 } });
    expect([
      await message('NetworkPort', { itemtype: 'Computer', items_id: computer, name: 'eth0', instantiation_type: 'NetworkPortEthernet', logical_number: 1 }),
      port.body.message,
      await message('Item_OperatingSystem', { itemtype: 'Computer', items_id: computer, operatingsystems_id: await api.create('OperatingSystem', { name: 'answers-os' }) }),
      await message('Item_DeviceProcessor', { itemtype: 'Computer', items_id: computer, deviceprocessors_id: await api.create('DeviceProcessor', { designation: 'answers-msg-cpu' }) }),
      await message('Item_DeviceMemory', { itemtype: 'Computer', items_id: unnamed, devicememories_id: await api.create('DeviceMemory', { designation: 'answers-msg-ram' }) }),
      await message('Item_Ticket', { tickets_id: ticket, itemtype: 'Computer', items_id: computer }),
      await message('Item_Ticket', { tickets_id: ticket, itemtype: 'Computer', items_id: unnamed }),
    ]).toEqual(
      [' answers-pc2 >  eth0', ` answers-pc2 >  Network port - ID ${port.body.id}`, 'Computer answers-pc2', 'Processor of item "answers-pc2"', 'Memory of item "N/A"', 'answers-pc2', `Computer - ID ${unnamed}`].map(
        (name) => `Item successfully added: ${name}`,
      ),
    );
  });
});

describe('new follow-ups, tasks and approved solutions', () => {
  test("a follow-up's and a task's timeline side is its writer's, a task gets a UUID, an approved solution names no follow-up", async () => {
    const tech = await api.create('User', { name: 'answers-side-tech', password: USER_PASSWORD, password2: USER_PASSWORD, _profiles_id: 6, _entities_id: 0, _is_recursive: 1 });
    const ticket = await api.create('Ticket', { name: 'answers-side', content: 'x', _users_id_requester: 2, _users_id_assign: tech });
    const techClient = await new Client(ctx.server.api).login('answers-side-tech', USER_PASSWORD);
    const fromTech = await techClient.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'on it' });
    const fromRequester = await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'thanks' });
    expect([(await api.get(`ITILFollowup/${fromTech}`)).body.timeline_position, (await api.get(`ITILFollowup/${fromRequester}`)).body.timeline_position]).toEqual([4, 1]);

    const task = await api.create('TicketTask', { tickets_id: ticket, content: 'look' });
    const techTask = await techClient.create('TicketTask', { tickets_id: ticket, content: 'looked', timeline_position: 1 });
    // A task's side is always its writer's, whatever the input says.
    expect([(await api.get(`TicketTask/${task}`)).body.timeline_position, (await api.get(`TicketTask/${techTask}`)).body.timeline_position]).toEqual([1, 4]);
    expect((await api.get(`TicketTask/${task}`)).body.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const solution = await techClient.create('ITILSolution', { itemtype: 'Ticket', items_id: ticket, content: 'fixed' });
    await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'ok', add_close: 1, _add_close: true });
    expect((await api.get(`ITILSolution/${solution}`)).body).toMatchObject({ status: 3, itilfollowups_id: null });
  });
});

describe('a new ITIL object without a description', () => {
  test('stores an empty text, as GLPI', async () => {
    for (const type of ['Ticket', 'Problem', 'Change']) {
      const id = await api.create(type, { name: `answers-empty-${type}` });
      expect([type, (await api.get(`${type}/${id}`)).body.content]).toEqual([type, '']);
    }
  });
});

describe("a computer's new location carried to what it holds", () => {
  test('its connected items and components move with it, and the update says so', async () => {
    const [here, there] = [await api.create('Location', { name: 'answers-here' }), await api.create('Location', { name: 'answers-there' })];
    const computer = await api.create('Computer', { name: 'answers-carrier', locations_id: here });
    const monitor = await api.create('Monitor', { name: 'answers-screen', locations_id: here });
    const shared = await api.create('Monitor', { name: 'answers-global-screen', locations_id: here, is_global: 1 });
    await api.create('Computer_Item', { computers_id: computer, itemtype: 'Monitor', items_id: monitor });
    await api.create('Computer_Item', { computers_id: computer, itemtype: 'Monitor', items_id: shared });
    const cpu = await api.create('Item_DeviceProcessor', { itemtype: 'Computer', items_id: computer, deviceprocessors_id: await api.create('DeviceProcessor', { designation: 'answers-carried-cpu' }) });
    const res = await api.put(`Computer/${computer}`, { input: { locations_id: there } });
    expect([res.status, res.body]).toEqual([200, [{ [computer]: true, message: 'Location updated. The connected items have been moved in the same location.' }]]);
    expect((await api.get(`Monitor/${monitor}`)).body.locations_id).toBe(there);
    expect((await api.get(`Monitor/${shared}`)).body.locations_id).toBe(here);
    expect((await api.get(`Item_DeviceProcessor/${cpu}`)).body.locations_id).toBe(there);
    const logs = Object.values((await api.get(`Monitor/${monitor}`, { query: 'with_logs=1' })).body._logs) as { id_search_option: number; new_value: string }[];
    expect(logs.some((l) => l.id_search_option === 3 && l.new_value === `answers-there (${there})`)).toBe(true);
    // Nothing carried: no message.
    const quiet = await api.put(`Computer/${computer}`, { input: { comment: 'x' } });
    expect(quiet.body).toEqual([{ [computer]: true, message: '' }]);
  });
});

describe('history of the changes a rule makes', () => {
  test('a solution solving a ticket logs the status and its solve date, as an update by hand', async () => {
    const ticket = await api.create('Ticket', { name: 'answers-solved-log', content: 'x' });
    await api.create('ITILSolution', { itemtype: 'Ticket', items_id: ticket, content: 'fixed' });
    const logs = Object.values((await api.get(`Ticket/${ticket}`, { query: 'with_logs=1' })).body._logs) as { linked_action: number; id_search_option: number; new_value: string }[];
    const fields = logs.filter((l) => l.linked_action === 0).map((l) => l.id_search_option);
    expect(fields).toContain(12);
    expect(fields).toContain(17);
    expect(logs.find((l) => l.id_search_option === 12)!.new_value).toBe('5');
  });
});

describe("an ITIL item's history as GLPI 10.0.19 writes it", () => {
  test('follow-ups, tasks, actors and a solution: the rows on the ticket, in their order and shape', async () => {
    const { id: tech, client: techClient, logName: me } = await technician('answers-log-tech');
    const requester = await api.create('User', { name: 'answers-log-requester' });
    const ticketRows = (rows: Record<string, unknown>[], ticket: number) => ({ history: { itemtype: 'Ticket', id: ticket, rows } });
    const added = await api.post('Ticket', { input: { name: 'answers-log', content: 'x', _users_id_requester: requester } });
    const ticket = added.body.id as number;
    // The creation row comes last, after the actors the add wrote, its link named "0".
    const logs = Object.values((await api.get(`Ticket/${ticket}`, { query: 'with_logs=1' })).body._logs) as Record<string, unknown>[];
    expect(logs.map((l) => [l.linked_action, l.itemtype_link, l.id_search_option])).toEqual([[15, 'User', 4], [20, '0', 0]]);
    const field = (option: number, old_value: string, new_value: string) => ({ linked_action: 0, itemtype_link: '', id_search_option: option, old_value, new_value });
    const sub = (linked_action: number, itemtype_link: string, new_value: unknown, old_value = '') => ({ linked_action, itemtype_link, id_search_option: 0, old_value, new_value });
    let followup = 0;
    let task = 0;
    await scenario(api, [
      {
        as: techClient,
        note: "a technician's follow-up: taken into account and last updater (an update of the ticket), its id, then GLPI's 'Followups (id)' message",
        request: 'POST ITILFollowup',
        body: { input: { itemtype: 'Ticket', items_id: ticket, content: 'fu' } },
        status: 201,
        check: (res) => (followup = res.body.id),
        ...ticketRows([field(150, '0', expect.stringMatching(/^\d+$/)), field(64, 'glpi (2)', me), sub(17, 'ITILFollowup', expect.stringMatching(/^\d+$/)), sub(12, 'ITILFollowup', expect.stringMatching(/^Followups \(\d+\)$/))], ticket),
      },
      { as: techClient, note: 'a task: its id only', request: 'POST TicketTask', body: { input: { tickets_id: ticket, content: 'task' } }, status: 201, check: (res) => (task = res.body.id), ...ticketRows([sub(17, 'TicketTask', expect.stringMatching(/^\d+$/))], ticket) },
    ]);
    await scenario(api, [
      { as: techClient, note: "a follow-up changed: its id, then each changed column's old and new value", request: `PUT ITILFollowup/${followup}`, body: { input: { content: 'fu2' } }, status: 200, ...ticketRows([sub(18, 'ITILFollowup', String(followup)), sub(12, 'ITILFollowup', 'fu2', 'fu'), sub(12, 'ITILFollowup', String(tech), '0')], ticket) },
    ]);
    await scenario(api, [
      { note: 'a follow-up removed: its id as the new value', request: `DELETE ITILFollowup/${followup}`, status: 204, ...ticketRows([sub(19, 'ITILFollowup', String(followup))], ticket) },
      { note: 'a task removed: likewise', request: `DELETE TicketTask/${task}`, status: 204, ...ticketRows([sub(19, 'TicketTask', String(task))], ticket) },
      { note: 'a technician assigned: the status it moves first, then the actor', request: 'POST Ticket_User', body: { input: { tickets_id: ticket, users_id: tech, type: 2 } }, status: 201, ...ticketRows([field(12, '1', '2'), { linked_action: 15, itemtype_link: 'User', id_search_option: 5, new_value: me }], ticket) },
      {
        note: 'a solution: status, solve date, then the solution named by its id; no delay rows (GLPI never logs them)',
        request: 'POST ITILSolution',
        body: { input: { itemtype: 'Ticket', items_id: ticket, content: 'done' } },
        status: 201,
        ...ticketRows([field(12, '2', '5'), { linked_action: 0, id_search_option: 17, old_value: '' }, sub(17, 'ITILSolution', expect.stringMatching(/^(\d+) \(\1\)$/))], ticket),
      },
    ]);
  });
});

describe("a new ticket's actors as GLPI 10.0.19 adds them", () => {
  test('role by role: requesters, then the take into account and the technician, the status it moves, the observers, the creation last; user rows with an empty address', async () => {
    const tech = await api.create('User', { name: 'answers-new-tech', password: USER_PASSWORD, password2: USER_PASSWORD, _profiles_id: 6, _entities_id: 0, _is_recursive: 1 });
    const requester = await api.create('User', { name: 'answers-new-requester' });
    const ticket = await api.create('Ticket', { name: 'answers-new', content: 'x', _users_id_observer: 2, _users_id_assign: tech, _users_id_requester: requester });
    const logs = Object.values((await api.get(`Ticket/${ticket}`, { query: 'with_logs=1' })).body._logs) as Record<string, unknown>[];
    expect(logs.map((l) => [l.linked_action, l.itemtype_link, l.id_search_option, l.old_value, l.new_value])).toEqual([
      [15, 'User', 4, '', `answers-new-requester (${requester})`],
      [0, '', 150, '0', '1'],
      [15, 'User', 5, '', `answers-new-tech (${tech})`],
      [0, '', 12, '1', '2'],
      [15, 'User', 66, '', 'glpi (2)'],
      [20, '0', 0, '', ''],
    ]);
    const rows = (await api.get(`Ticket/${ticket}/Ticket_User`)).body as { type: number; alternative_email: string | null }[];
    expect(rows.map((r) => [r.type, r.alternative_email])).toEqual([[1, ''], [2, ''], [3, '']]);
  });
});

describe("a ticket's update as GLPI 10.0.19 logs it", () => {
  test('assigning by an update: taken into account, the technician, then the status; solving: the status, the last updater, then the solve date', async () => {
    const { id: tech, client: techClient, logName: techLog } = await technician('answers-upd-tech');
    const requester = await api.create('User', { name: 'answers-upd-requester' });
    const ticket = await api.create('Ticket', { name: 'answers-upd', content: 'x', _users_id_requester: requester });
    const rows = (list: Record<string, unknown>[]) => ({ history: { itemtype: 'Ticket', id: ticket, rows: list } });
    await scenario(api, [
      {
        request: `PUT Ticket/${ticket}`,
        body: { input: { _users_id_assign: tech } },
        status: 200,
        ...rows([{ id_search_option: 150, old_value: '0' }, { linked_action: 15, itemtype_link: 'User', id_search_option: 5, new_value: techLog }, { id_search_option: 12, old_value: '1', new_value: '2' }]),
      },
      {
        as: techClient,
        request: `PUT Ticket/${ticket}`,
        body: { input: { status: 5 } },
        status: 200,
        ...rows([{ id_search_option: 12, old_value: '2', new_value: '5' }, { id_search_option: 64, old_value: 'glpi (2)', new_value: techLog }, { id_search_option: 17, old_value: '' }]),
      },
    ]);
  });
});

describe('approval requests and linked tickets as GLPI 10.0.19 logs and names them', () => {
  test("an approval request's messages on its ticket (sent, granted, cancelled, naming the approver); a ticket link added as 'Linked ticket - ID n'", async () => {
    const [a, b] = [await api.create('Ticket', { name: 'answers-approve-a', content: 'x' }), await api.create('Ticket', { name: 'answers-approve-b', content: 'x' })];
    const link = await api.post('Ticket_Ticket', { input: { tickets_id_1: a, tickets_id_2: b, link: 1 } });
    expect(link.body).toEqual({ id: link.body.id, message: `Item successfully added: Linked ticket - ID ${link.body.id}` });
    const approval = await api.create('TicketValidation', { tickets_id: a, users_id_validate: 2, comment_submission: 'ok?' });
    expect((await api.put(`TicketValidation/${approval}`, { input: { status: 3, comment_validation: 'fine' } })).status).toBe(200);
    expect((await api.del(`TicketValidation/${approval}`)).status).toBe(204);
    const logs = Object.values((await api.get(`Ticket/${a}`, { query: 'with_logs=1' })).body._logs) as Record<string, unknown>[];
    expect(logs.filter((l) => l.itemtype_link === 'TicketValidation').map((l) => [l.linked_action, l.old_value, l.new_value])).toEqual([
      [12, '', 'Approval request sent to glpi'],
      [12, '', 'Approval granted by glpi'],
      [12, '', 'Cancel the approval request to glpi'],
    ]);
  });
});

describe("what a follow-up and an approval's answer move, logged in GLPI 10.0.19's order", () => {
  const rowsOf = async (ticket: number) =>
    (Object.values((await api.get(`Ticket/${ticket}`, { query: 'with_logs=1' })).body._logs) as Record<string, unknown>[]).map((l) => [l.linked_action, l.itemtype_link, l.id_search_option, l.old_value, l.new_value]);

  test("a requester's follow-up reopening a pending ticket: its id row, the status, then 'Followups (id)'; an assignee who is also a requester reopens nothing", async () => {
    const { id: tech } = await technician('answers-reopen-tech');
    const requester = await api.create('User', { name: 'answers-reopen-requester', password: USER_PASSWORD, password2: USER_PASSWORD, _profiles_id: 2, _entities_id: 0, _is_recursive: 1 });
    const client = await new Client(ctx.server.api).login('answers-reopen-requester', USER_PASSWORD);
    const ticket = await api.create('Ticket', { name: 'answers-reopen', content: 'x', _users_id_assign: tech, _users_id_requester: requester });
    expect((await api.put(`Ticket/${ticket}`, { input: { status: 4 } })).status).toBe(200);
    const before = (await rowsOf(ticket)).length;
    const followup = await client.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'still broken' });
    expect((await rowsOf(ticket)).slice(before)).toEqual([
      [17, 'ITILFollowup', 0, '', String(followup)],
      [0, '', 12, '4', '2'],
      [12, 'ITILFollowup', 0, '', `Followups (${followup})`],
    ]);
    // glpi is requester and assignee of this one: GLPI's needReopen leaves it pending.
    const own = await api.create('Ticket', { name: 'answers-reopen-own', content: 'x', _users_id_requester: 2, _users_id_assign: 2 });
    expect((await api.put(`Ticket/${own}`, { input: { status: 4 } })).status).toBe(200);
    await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: own, content: 'noted' });
    expect((await api.get(`Ticket/${own}`)).body.status).toBe(4);
  });

  test("an approval request, its answer and its cancelling: the ticket's global_validation and last updater, then the message; no percent row", async () => {
    const { client: techClient, logName: techLog } = await technician('answers-approval-tech');
    const ticket = await techClient.create('Ticket', { name: 'answers-approval', content: 'x' });
    const approval = await api.create('TicketValidation', { tickets_id: ticket, users_id_validate: 2 });
    expect((await api.put(`TicketValidation/${approval}`, { input: { status: 4, comment_validation: 'no' } })).status).toBe(200);
    expect((await api.del(`TicketValidation/${approval}`)).status).toBe(204);
    expect((await rowsOf(ticket)).filter((r) => r[0] !== 20 && r[2] !== 150)).toEqual([
      [0, '', 52, '1', '2'],
      [0, '', 64, techLog, 'glpi (2)'],
      [12, 'TicketValidation', 0, '', 'Approval request sent to glpi'],
      [0, '', 52, '2', '4'],
      [12, 'TicketValidation', 0, '', 'Update the approval request to glpi'],
      [12, 'TicketValidation', 0, '', 'Cancel the approval request to glpi'],
    ]);
  });
});

describe("a sub-item in its item's history as GLPI 10.0.19 writes it", () => {
  test("a port named after its item ('pc - eth0 (id)'), a software version after its software; a change logged field by field, old and new value", async () => {
    const computer = await api.create('Computer', { name: 'answers-port-pc' });
    const port = await api.create('NetworkPort', { itemtype: 'Computer', items_id: computer, name: 'eth0', instantiation_type: 'NetworkPortEthernet', logical_number: 1 });
    expect((await api.put(`NetworkPort/${port}`, { input: { name: 'eth1', comment: 'uplink' } })).status).toBe(200);
    expect((await api.del(`NetworkPort/${port}`, { query: 'force_purge=1' })).status).toBe(204);
    const rowsOf = async (type: string, id: number) =>
      (Object.values((await api.get(`${type}/${id}`, { query: 'with_logs=1' })).body._logs) as Record<string, unknown>[]).filter((l) => l.linked_action !== 20).map((l) => [l.linked_action, l.itemtype_link, l.old_value, l.new_value]);
    expect(await rowsOf('Computer', computer)).toEqual([
      [17, 'NetworkPort', '', `answers-port-pc - eth0 (${port})`],
      [18, 'NetworkPort', 'eth0', 'eth1'],
      [18, 'NetworkPort', '', 'uplink'],
      [19, 'NetworkPort', `answers-port-pc - eth1 (${port})`, ''],
    ]);
    const software = await api.create('Software', { name: 'answers-soft' });
    const version = await api.create('SoftwareVersion', { softwares_id: software, name: '1.0' });
    expect(await rowsOf('Software', software)).toEqual([[17, 'SoftwareVersion', '', `answers-soft - 1.0 (${version})`]]);
    // Cartridges and consumables are named by their id; GLPI adds them quietly, a cartridge without a row on its model.
    const [toner, paper] = [await api.create('CartridgeItem', { name: 'answers-toner' }), await api.create('ConsumableItem', { name: 'answers-paper' })];
    const cartridge = await api.post('Cartridge', { input: { cartridgeitems_id: toner } });
    const consumable = await api.post('Consumable', { input: { consumableitems_id: paper } });
    expect([cartridge.body.message, consumable.body.message]).toEqual(['', '']);
    expect(await rowsOf('CartridgeItem', toner)).toEqual([]);
    expect(await rowsOf('ConsumableItem', paper)).toEqual([[17, 'Consumable', '', `answers-paper - ${consumable.body.id} (${consumable.body.id})`]]);
    // A consumable keeps no history of its own (GLPI's Consumable has no dohistory): its changes go on its model.
    expect((await api.put(`Consumable/${consumable.body.id}`, { input: { date_out: '2026-03-01' } })).status).toBe(200);
    expect((await api.get(`Consumable/${consumable.body.id}`, { query: 'with_logs=1' })).body._logs).toEqual([]);
    expect((await rowsOf('ConsumableItem', paper)).slice(1)).toEqual([[18, 'Consumable', '', '2026-03-01']]);
  });
});

describe("a user's ticket links seen from one entity (a deliberate difference)", () => {
  test("User/:id/Ticket_User lists the links of tickets the session may read only, where GLPI lists every ticket's", async () => {
    const branch = await api.create('Entity', { name: 'answers-actors-branch', entities_id: 0 });
    const requester = await api.create('User', { name: 'answers-actors-requester', _profiles_id: 1, _entities_id: branch, _is_recursive: 0 });
    await api.create('User', { name: 'answers-actors-tech', password: USER_PASSWORD, password2: USER_PASSWORD, _profiles_id: 6, _entities_id: branch, _is_recursive: 0 });
    const here = await api.create('Ticket', { name: 'answers-actors-here', content: 'x', entities_id: branch, _users_id_requester: requester });
    const elsewhere = await api.create('Ticket', { name: 'answers-actors-elsewhere', content: 'x', entities_id: 0, _users_id_requester: requester });
    const tech = await new Client(ctx.server.api).login('answers-actors-tech', USER_PASSWORD);
    const ticketsOf = async (client: Client) => ((await client.get(`User/${requester}/Ticket_User`)).body as { tickets_id: number }[]).map((r) => r.tickets_id).sort((a, b) => a - b);
    expect(await ticketsOf(api)).toEqual([here, elsewhere]);
    // GLPI 10.0.19 would list the root entity's ticket too (its API filters relations without an entity by nothing).
    expect(await ticketsOf(tech)).toEqual([here]);
  });
});

describe('an update without the right (a deliberate difference)', () => {
  test("a Self-Service PUT Computer/:id is 403 ERROR_RIGHT_MISSING, as the specification says, where GLPI answers 400 ERROR_GLPI_UPDATE", async () => {
    const computer = await api.create('Computer', { name: 'answers-helpdesk-pc' });
    await api.create('User', { name: 'answers-helpdesk', password: USER_PASSWORD, password2: USER_PASSWORD, _profiles_id: 1, _entities_id: 0, _is_recursive: 1 });
    const helpdesk = await new Client(ctx.server.api).login('answers-helpdesk', USER_PASSWORD);
    await scenario(api, [
      { as: helpdesk, request: `PUT Computer/${computer}`, body: { input: { name: 'x' } }, status: 403, error: 'ERROR_RIGHT_MISSING', message: "You don't have permission to perform this action." },
      { request: `GET Computer/${computer}`, status: 200, answer: { name: 'answers-helpdesk-pc' } },
    ]);
  });
});

describe('actors added through the API as GLPI 10.0.19 stores them', () => {
  test("a link added on its own takes its table's notification default (tickets 1, problems and changes 0) and an empty address", async () => {
    const user = await api.create('User', { name: 'answers-actor-default' });
    const supplier = await api.create('Supplier', { name: 'answers-actor-supplier', email: 'supplier@example.com' });
    const added: [string, string, string, number][] = [];
    for (const [itil, users, suppliers, fk] of [
      ['Ticket', 'Ticket_User', 'Supplier_Ticket', 'tickets_id'],
      ['Problem', 'Problem_User', 'Problem_Supplier', 'problems_id'],
      ['Change', 'Change_User', 'Change_Supplier', 'changes_id'],
    ] as const) {
      const item = await api.create(itil, { name: `answers-actor-${itil}`, content: 'x' });
      const link = await api.create(users, { [fk]: item, users_id: user, type: 3 });
      const other = await api.create(suppliers, { [fk]: item, suppliers_id: supplier, type: 2 });
      for (const [type, id] of [[users, link], [suppliers, other]] as const) {
        const row = (await api.get(`${type}/${id}`)).body as { use_notification: number; alternative_email: string | null };
        added.push([type, String(row.use_notification), String(row.alternative_email), id > 0 ? 1 : 0]);
      }
    }
    expect(added).toEqual([
      ['Ticket_User', '1', '', 1],
      ['Supplier_Ticket', '1', '', 1],
      ['Problem_User', '0', '', 1],
      ['Problem_Supplier', '0', '', 1],
      ['Change_User', '0', '', 1],
      ['Change_Supplier', '0', '', 1],
    ]);
  });

  test("actors given with a new problem, change or ticket take the same defaults: GLPI's entity default (is_notif_enable_default) fills its forms only", async () => {
    const user = await api.create('User', { name: 'answers-actor-new' });
    const flags: [string, number[]][] = [];
    for (const [itil, users] of [['Ticket', 'Ticket_User'], ['Problem', 'Problem_User'], ['Change', 'Change_User']] as const) {
      const item = await api.create(itil, { name: `answers-actor-new-${itil}`, content: 'x', _users_id_requester: user, _users_id_assign: 2 });
      const rows = (await api.get(`${itil}/${item}/${users}`)).body as { type: number; use_notification: number }[];
      flags.push([users, rows.sort((a, b) => a.type - b.type).map((r) => Number(r.use_notification))]);
    }
    expect(flags).toEqual([['Ticket_User', [1, 1]], ['Problem_User', [0, 0]], ['Change_User', [0, 0]]]);
  });
});
