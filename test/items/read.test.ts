/** getItem and getMultipleItems with their options: dropdown expansion, HATEOAS, SHA-1, key names, with_* sections. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { componentTypes } from '../../server/registry';
import { Client } from '../support/client';
import { scenario, scenarioTests, type Step } from '../support/scenario';
import { startServer, type TestServer } from '../support/server';
import { DATETIME, uniq } from './fixtures';

let server: TestServer;
let api: Client;

const ALL_WITH = [
  'with_devices',
  'with_disks',
  'with_softwares',
  'with_connections',
  'with_networkports',
  'with_infocoms',
  'with_contracts',
  'with_documents',
  'with_tickets',
  'with_problems',
  'with_changes',
  'with_notes',
  'with_logs',
];
const ALL_SECTIONS = ['_devices', '_disks', '_softwares', '_connections', '_networkports', '_infocoms', '_contracts', '_documents', '_tickets', '_problems', '_changes', '_notes', '_logs'];
const PORT_KINDS = ['NetworkPortEthernet', 'NetworkPortWifi', 'NetworkPortAggregate', 'NetworkPortAlias', 'NetworkPortDialup', 'NetworkPortLocal', 'NetworkPortFiberchannel'];
const allFlags = ALL_WITH.map((f) => `${f}=true`).join('&');

type FixtureKey =
  | 'branch' | 'paris' | 'floor' | 'manufacturer' | 'owner' | 'computer' | 'monitor' | 'filesystem' | 'port' | 'ethernet'
  | 'networkName' | 'ip' | 'disk' | 'infocom' | 'contract' | 'contractItem' | 'document' | 'documentItem' | 'ticket'
  | 'itemTicket' | 'note' | 'software' | 'version' | 'install' | 'connection' | 'cpu' | 'cpuItem' | 'bare';
/** A computer with one of everything the with_* flags show. */
const full = {} as Record<FixtureKey, number>;
/** Names of the fixtures (unique per run). */
const names = {} as Record<'branch' | 'paris' | 'owner', string>;

beforeAll(async () => {
  server = await startServer();
  api = await new Client(server.api).login();
  names.branch = uniq('Branch');
  names.paris = uniq('Paris');
  names.owner = uniq('owner');
  full.branch = await api.create('Entity', { name: names.branch, entities_id: 0 });
  full.paris = await api.create('Location', { name: names.paris });
  full.floor = await api.create('Location', { name: 'Floor 1', locations_id: full.paris });
  full.manufacturer = await api.create('Manufacturer', { name: 'Acme' });
  full.owner = await api.create('User', { name: names.owner, realname: 'Martin', firstname: 'Alice' });
  full.computer = await api.create('Computer', {
    name: 'pc-full',
    entities_id: full.branch,
    locations_id: full.floor,
    manufacturers_id: full.manufacturer,
    users_id: full.owner,
    serial: 'SN-1',
  });
  const c = full.computer;
  full.monitor = await api.create('Monitor', { name: 'screen', entities_id: full.branch });
  full.filesystem = await api.create('Filesystem', { name: 'ext4' });
  // The Ethernet row comes with the port, from the same input.
  full.port = await api.create('NetworkPort', { itemtype: 'Computer', items_id: c, instantiation_type: 'NetworkPortEthernet', name: 'eth0', mac: 'aa:bb:cc:dd:ee:ff', logical_number: 1, speed: 1000, type: 'T' });
  full.ethernet = (await api.get(`NetworkPort/${full.port}/NetworkPortEthernet`)).body[0].id;
  full.networkName = await api.create('NetworkName', { itemtype: 'NetworkPort', items_id: full.port, name: 'pc-full' });
  full.ip = await api.create('IPAddress', { itemtype: 'NetworkName', items_id: full.networkName, name: '1.2.3.4', version: 4 });
  full.disk = await api.create('Item_Disk', { itemtype: 'Computer', items_id: c, name: 'root', mountpoint: '/', filesystems_id: full.filesystem, totalsize: 1000, freesize: 500 });
  full.infocom = await api.create('Infocom', { itemtype: 'Computer', items_id: c, buy_date: '2024-01-02', value: 123.45 });
  full.contract = await api.create('Contract', { name: 'support', entities_id: full.branch });
  full.contractItem = await api.create('Contract_Item', { contracts_id: full.contract, itemtype: 'Computer', items_id: c });
  full.document = await api.create('Document', { name: 'manual', entities_id: full.branch });
  full.documentItem = await api.create('Document_Item', { documents_id: full.document, itemtype: 'Computer', items_id: c });
  full.ticket = await api.create('Ticket', { name: 'broken screen', content: 'it flickers', entities_id: full.branch });
  full.itemTicket = await api.create('Item_Ticket', { tickets_id: full.ticket, itemtype: 'Computer', items_id: c });
  full.note = await api.create('Notepad', { itemtype: 'Computer', items_id: c, content: 'check the fan' });
  full.software = await api.create('Software', { name: 'firefox', entities_id: full.branch });
  full.version = await api.create('SoftwareVersion', { softwares_id: full.software, name: '120' });
  full.install = await api.create('Item_SoftwareVersion', { itemtype: 'Computer', items_id: c, softwareversions_id: full.version });
  full.connection = await api.create('Computer_Item', { computers_id: c, itemtype: 'Monitor', items_id: full.monitor });
  full.cpu = await api.create('DeviceProcessor', { designation: 'i7' });
  full.cpuItem = await api.create('Item_DeviceProcessor', { itemtype: 'Computer', items_id: c, deviceprocessors_id: full.cpu, frequency: 3000 });
  full.bare = await api.create('Computer', { name: 'pc-bare' });
});
afterAll(() => server.dispose());

describe('getItem options', () => {
  test('plain read: every column, native types, DECIMAL as strings, Last-Modified', async () => {
    const res = await api.get(`Computer/${full.computer}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(res.body).toMatchObject({
      id: full.computer,
      entities_id: full.branch,
      name: 'pc-full',
      serial: 'SN-1',
      otherserial: null,
      locations_id: full.floor,
      manufacturers_id: full.manufacturer,
      users_id: full.owner,
      states_id: 0,
      is_deleted: 0,
      is_template: 0,
      is_recursive: 0,
      ticket_tco: '0.0000',
    });
    expect(res.body.date_mod).toMatch(DATETIME);
    expect(res.headers.get('last-modified')).toBe(new Date(res.body.date_mod.replace(' ', 'T')).toUTCString());
    for (const section of ALL_SECTIONS) expect(res.body).not.toHaveProperty(section);
  });

  test('expand_dropdowns: names, tree complete names, friendly user names; 0 stays 0', async () => {
    const res = await api.get(`Computer/${full.computer}`, { query: 'expand_dropdowns=true' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: full.computer,
      entities_id: `Root entity > ${names.branch}`,
      locations_id: `${names.paris} > Floor 1`,
      manufacturers_id: 'Acme',
      users_id: 'Martin Alice',
      states_id: 0,
      groups_id: 0,
    });
    // Links are computed from the ids, before expansion.
    expect(res.body.links[0]).toEqual({ rel: 'Entity', href: `${server.api}/Entity/${full.branch}` });

    const ticket = await api.get(`Ticket/${full.ticket}`, { query: 'expand_dropdowns=1' });
    expect(ticket.body).toMatchObject({ entities_id: `Root entity > ${names.branch}`, users_id_recipient: 'glpi', users_id_lastupdater: 'glpi', requesttypes_id: 'Helpdesk' });

    // items_id follows its sibling itemtype.
    const disk = await api.get(`Item_Disk/${full.disk}`, { query: 'expand_dropdowns=true' });
    // A disk belongs to its computer's entity.
    expect(disk.body).toMatchObject({ itemtype: 'Computer', items_id: 'pc-full', filesystems_id: 'ext4', entities_id: `Root entity > ${names.branch}` });

    const root = await api.get('Computer/' + full.bare, { query: 'expand_dropdowns=true' });
    expect(root.body.entities_id).toBe('Root entity');

    const user = await api.get('User/2', { query: 'expand_dropdowns=true&with_logs=true' });
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ id: 2, name: 'glpi', entities_id: 'Root entity', profiles_id: 'Super-Admin' });
    // History is an object keyed by log id, as GLPI answers it.
    expect(Object.values(user.body._logs).every((l: any) => user.body._logs[String(l.id)] === l)).toBe(true);
    expect(Array.isArray(user.body.links)).toBe(true);
    for (const secret of ['password', 'api_token', 'personal_token', 'cookie_token']) expect(user.body).not.toHaveProperty(secret);

    // History rows are expanded and linked like the item itself (GLPI treats nested rows alike).
    const computer = await api.get(`Computer/${full.computer}`, { query: 'expand_dropdowns=true&with_logs=true' });
    const created = (Object.values(computer.body._logs) as any[]).find((l) => l.linked_action === 20);
    expect(created).toMatchObject({ itemtype: 'Computer', items_id: 'pc-full', links: [{ rel: 'Computer', href: expect.stringMatching(new RegExp(`/Computer/${full.computer}$`)) }] });
    const plain = await api.get(`Computer/${full.computer}`, { query: 'with_logs=true&get_hateoas=false' });
    const plainLogs = Object.values(plain.body._logs) as any[];
    expect(plainLogs.find((l) => l.linked_action === 20)).toEqual(expect.not.objectContaining({ links: expect.anything() }));
    expect(plainLogs.find((l) => l.linked_action === 20).items_id).toBe(full.computer);
  });

  test('get_hateoas: foreign keys in field order, then child types; false removes links', async () => {
    const res = await api.get(`Computer/${full.computer}`);
    const href = (path: string) => `${server.api}/${path}`;
    expect(res.body.links).toEqual([
      { rel: 'Entity', href: href(`Entity/${full.branch}`) },
      { rel: 'Location', href: href(`Location/${full.floor}`) },
      { rel: 'Manufacturer', href: href(`Manufacturer/${full.manufacturer}`) },
      { rel: 'User', href: href(`User/${full.owner}`) },
      // GLPI's order: reservations, documents, contracts, financial data, tickets, projects, ports, then every component.
      ...['ReservationItem', 'Document_Item', 'Contract_Item', 'Infocom', 'Item_Ticket', 'Item_Project', 'NetworkPort', ...componentTypes().map((t) => t.name)].map(
        (rel) => ({ rel, href: href(`Computer/${full.computer}/${rel}/`) }),
      ),
    ]);
    const dependent = await api.get(`Item_Disk/${full.disk}`);
    expect(dependent.body.links).toEqual([
      { rel: 'Entity', href: href(`Entity/${full.branch}`) },
      { rel: 'Computer', href: href(`Computer/${full.computer}`) },
      { rel: 'Filesystem', href: href(`Filesystem/${full.filesystem}`) },
    ]);
    for (const off of ['false', '0']) {
      const bare = await api.get(`Computer/${full.computer}`, { query: `get_hateoas=${off}` });
      expect(bare.status).toBe(200);
      expect(bare.body).not.toHaveProperty('links');
    }
    const entity = await api.get('Entity/0', { query: 'get_hateoas=false' });
    expect(entity.status).toBe(200);
    expect(entity.body).toMatchObject({ id: 0, name: 'Root entity', completename: 'Root entity', entities_id: null, level: 1 });
    expect(entity.body).not.toHaveProperty('links');
    // An item with no foreign key and no child type has no links key at all.
    const model = await api.get(`Manufacturer/${full.manufacturer}`);
    expect(model.body).not.toHaveProperty('links');
  });

  test('get_sha1: the body is the SHA-1 (40 hex) of the JSON the item would be', async () => {
    for (const extra of ['', '&get_hateoas=false', '&with_logs=true&expand_dropdowns=true']) {
      const plain = await api.get(`Computer/${full.computer}`, { query: extra.slice(1) });
      const signed = await api.get(`Computer/${full.computer}`, { query: `get_sha1=true${extra}` });
      expect(signed.status).toBe(200);
      expect(typeof signed.body).toBe('string');
      expect(signed.text).toMatch(/^"[0-9a-f]{40}"$/);
      expect(signed.body).toBe(createHash('sha1').update(JSON.stringify(plain.body)).digest('hex'));
    }
  });

  test('add_keys_names: names for the id and foreign keys; unknown or empty keys skipped', async () => {
    const query = ['id', 'locations_id', 'users_id', 'entities_id', 'manufacturers_id', 'states_id', 'not_a_field'].map((k) => `add_keys_names[]=${k}`).join('&');
    const res = await api.get(`Computer/${full.computer}`, { query });
    expect(res.status).toBe(200);
    expect(res.body._keys_names).toEqual({
      id: 'pc-full',
      locations_id: `${names.paris} > Floor 1`,
      users_id: 'Martin Alice',
      entities_id: `Root entity > ${names.branch}`,
      manufacturers_id: 'Acme',
    });
    expect(res.body.locations_id).toBe(full.floor);
    const keys = Object.keys(res.body);
    expect(keys.at(-1)).toBe('_keys_names');
    // _keys_names comes after the SHA-1 is taken: the signature ignores it.
    const signed = await api.get(`Computer/${full.computer}`, { query: `${query}&get_sha1=true` });
    const plain = await api.get(`Computer/${full.computer}`);
    expect(signed.body).toBe(createHash('sha1').update(JSON.stringify(plain.body)).digest('hex'));
  });

  test('every with_* flag returns the real related rows, in GLPI key order', async () => {
    const res = await api.get(`Computer/${full.computer}`, { query: allFlags });
    expect(res.status).toBe(200);
    const b = res.body;
    expect(Object.keys(b).filter((k) => k.startsWith('_'))).toEqual(ALL_SECTIONS);

    expect(b._devices).toEqual({
      Item_DeviceProcessor: {
        [full.cpuItem]: {
          id: full.cpuItem,
          deviceprocessors_id: full.cpu,
          frequency: 3000,
          serial: null,
          is_dynamic: 0,
          nbcores: null,
          nbthreads: null,
          entities_id: full.branch,
          is_recursive: 0,
          busID: null,
          otherserial: null,
          locations_id: 0,
          states_id: 0,
          // As GLPI, each nested row links the rows its foreign keys name.
          links: [
            { rel: 'DeviceProcessor', href: `${server.api}/DeviceProcessor/${full.cpu}` },
            { rel: 'Entity', href: `${server.api}/Entity/${full.branch}` },
          ],
        },
      },
    });

    expect(b._disks).toHaveLength(1);
    expect(b._disks[0].name).toMatchObject({ id: full.disk, itemtype: 'Computer', name: 'root', mountpoint: '/', filesystems_id: full.filesystem, totalsize: 1000, freesize: 500, fsname: 'ext4' });
    expect(b._disks[0].name).not.toHaveProperty('items_id');
    expect(b._disks[0].name).not.toHaveProperty('is_deleted');

    expect(b._softwares).toEqual([
      {
        softwarecategories_id: 0,
        softwares_id: full.software,
        softwareversions_id: full.version,
        is_dynamic: 0,
        states_id: 0,
        is_valid: 1,
        links: [
          { rel: 'Software', href: `${server.api}/Software/${full.software}` },
          { rel: 'SoftwareVersion', href: `${server.api}/SoftwareVersion/${full.version}` },
        ],
      },
    ]);

    expect(Object.keys(b._connections)).toEqual(['Monitor']);
    expect(b._connections.Monitor).toHaveLength(1);
    expect(b._connections.Monitor[0]).toMatchObject({
      assoc_id: full.connection,
      assoc_computers_id: full.computer,
      assoc_itemtype: 'Monitor',
      assoc_items_id: full.monitor,
      assoc_is_dynamic: 0,
      id: full.monitor,
      name: 'screen',
      size: '0.00',
    });

    expect(Object.keys(b._networkports)).toEqual(PORT_KINDS);
    for (const kind of PORT_KINDS.slice(1)) expect(b._networkports[kind]).toEqual([]);
    expect(b._networkports.NetworkPortEthernet).toEqual([
      {
        netport_id: full.port,
        entities_id: full.branch, // a port belongs where its computer is
        is_recursive: 0,
        logical_number: 1,
        name: 'eth0',
        mac: 'aa:bb:cc:dd:ee:ff',
        comment: null,
        is_dynamic: 0,
        // Every column of its Ethernet row, id and dates included, as GLPI.
        id: expect.any(Number),
        networkports_id: full.port,
        items_devicenetworkcards_id: 0,
        type: 'T',
        speed: 1000,
        // (the Ethernet row, written with its port, is not dated)
        date_mod: null,
        date_creation: null,
        NetworkName: { id: full.networkName, name: 'pc-full', fqdns_id: 0, FQDN: [], IPAddress: [{ id: full.ip, name: '1.2.3.4', IPNetwork: [] }] },
        links: [
          { rel: 'Entity', href: `${server.api}/Entity/${full.branch}` },
          { rel: 'NetworkPort', href: `${server.api}/NetworkPort/${full.port}` },
        ],
      },
    ]);

    expect(b._infocoms).toMatchObject({ id: full.infocom, itemtype: 'Computer', items_id: full.computer, buy_date: '2024-01-02', value: '123.4500', warranty_value: '0.0000' });
    expect(b._contracts).toEqual([
      {
        id: full.contractItem,
        contracts_id: full.contract,
        items_id: full.computer,
        itemtype: 'Computer',
        links: [
          { rel: 'Contract', href: `${server.api}/Contract/${full.contract}` },
          { rel: 'Computer', href: `${server.api}/Computer/${full.computer}` },
        ],
      },
    ]);

    expect(b._documents).toHaveLength(1);
    expect(b._documents[0]).toMatchObject({
      assocID: full.documentItem,
      entityID: full.branch,
      entity: `Root entity > ${names.branch}`,
      headings: 0,
      id: full.document,
      name: 'manual',
      is_deleted: 0,
    });
    expect(b._documents[0].assocdate).toMatch(DATETIME);

    expect(b._tickets).toHaveLength(1);
    expect(b._tickets[0]).toMatchObject({ id: full.ticket, name: 'broken screen', content: 'it flickers', status: 1, catname: null });
    expect(b._problems).toEqual([]);
    expect(b._changes).toEqual([]);

    expect(b._notes).toHaveLength(1);
    expect(b._notes[0]).toMatchObject({ id: full.note, itemtype: 'Computer', items_id: full.computer, users_id: 2, users_id_lastupdater: 2, content: 'check the fan' });

    // History: an object keyed by log id (JSON objects keep integer keys ascending), down to the creation.
    expect(Array.isArray(b._logs)).toBe(false);
    const logs = Object.values(b._logs) as any[];
    for (const l of logs) expect(b._logs[String(l.id)]).toBe(l);
    expect(logs[0]).toMatchObject({ itemtype: 'Computer', items_id: full.computer, itemtype_link: '0', linked_action: 20, user_name: 'glpi (2)', id_search_option: 0, old_value: '', new_value: '' });
    const byLink = (link: string) => logs.find((l) => l.itemtype_link === link);
    // Connections, installations and components have GLPI's own actions (7, 4, 1); other links 15.
    expect(byLink('Monitor')).toMatchObject({ linked_action: 7, new_value: `screen (${full.monitor})` });
    expect(byLink('Document')).toMatchObject({ linked_action: 15, new_value: `manual (${full.document})` });
    expect(byLink('Contract')).toMatchObject({ linked_action: 15, new_value: `support (${full.contract})` });
    expect(byLink('Ticket')).toMatchObject({ linked_action: 15, new_value: `broken screen (${full.ticket})` });
    expect(byLink('NetworkPort')).toMatchObject({ linked_action: 17, new_value: `pc-full - eth0 (${full.port})` }); // a port named after its item, "item - name (id)", as GLPI 10.0.19
  });

  test('with_* flags on an item without related rows give empty lists', async () => {
    const res = await api.get(`Computer/${full.bare}`, { query: allFlags });
    expect(res.status).toBe(200);
    const b = res.body;
    for (const key of ['_devices', '_disks', '_softwares', '_connections', '_infocoms', '_contracts', '_documents', '_tickets', '_problems', '_changes', '_notes']) {
      expect({ key, value: b[key] }).toEqual({ key, value: [] });
    }
    // GLPI's map of every port type, each an empty list.
    expect(b._networkports).toEqual(Object.fromEntries(PORT_KINDS.map((kind) => [kind, []])));
    const logs = Object.values(b._logs) as any[];
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ linked_action: 20, itemtype: 'Computer', items_id: full.bare });
  });

  test('sections apply only to the itemtypes that have them', async () => {
    const monitor = await api.get(`Monitor/${full.monitor}`, { query: allFlags });
    expect(monitor.status).toBe(200);
    // A monitor is one of GLPI 10.0's software_types and networkport_types: it has installations and
    // ports; no components or disks.
    expect(Object.keys(monitor.body).filter((k) => k.startsWith('_'))).toEqual(['_softwares', '_networkports', '_infocoms', '_contracts', '_documents', '_tickets', '_problems', '_changes', '_notes', '_logs']);

    const ticket = await api.get(`Ticket/${full.ticket}`, { query: 'with_documents=true&with_contracts=true&with_logs=true&with_disks=true&with_notes=true' });
    // As GLPI, the sections past the connections are given to any item (disks are not).
    expect(Object.keys(ticket.body).filter((k) => k.startsWith('_'))).toEqual(['_contracts', '_documents', '_notes', '_logs']);
    expect(ticket.body._documents).toEqual([]);
    const ticketLogs = Object.values(ticket.body._logs) as any[];
    expect(ticketLogs[0]).toMatchObject({ linked_action: 20 });
    expect(ticketLogs.find((l: any) => l.itemtype_link === 'Computer')).toMatchObject({ linked_action: 15, new_value: `pc-full (${full.computer})` });

    const user = await api.get(`User/${full.owner}`, { query: 'with_logs=true&with_documents=true&with_devices=true' });
    expect(Object.keys(user.body).filter((k) => k.startsWith('_'))).toEqual(['_documents', '_logs']);
  });

  test('flags take true/false/1/0 only', () => {
    const bare = `GET Computer/${full.bare}`;
    const noLogs = (res: { body: unknown }) => expect(res.body).not.toHaveProperty('_logs');
    return scenario(api, [
      { request: bare, query: 'with_logs=1', status: 200, check: (res) => expect(Object.keys(res.body._logs)).toHaveLength(1) },
      { request: bare, query: 'with_logs=0', status: 200, check: noLogs },
      { request: bare, query: 'with_logs=false', status: 200, check: noLogs },
      ...['with_logs=yes', 'expand_dropdowns=2', 'get_hateoas=no', 'get_sha1=maybe'].map((query): Step => ({ request: bare, query, status: 400, error: 'ERROR' })),
    ]);
  });

  // Missing items, bad ids and unknown types.
  scenarioTests(
    () => api,
    [
      { request: 'GET Computer/999999', status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
      { request: 'GET Entity/999999', status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
      { request: 'GET Computer/abc', status: 400, error: 'ERROR' },
      { request: 'GET NotAType/1', status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    ],
  );
});

describe('getMultipleItems', () => {
  const ref = (items: [string, number | string][]) => items.map(([t, id], i) => `items[${i}][itemtype]=${t}&items[${i}][items_id]=${id}`).join('&');

  test('answers each item as getItem would, in request order, with the shared options', async () => {
    const query = `${ref([['User', 2], ['Entity', full.branch], ['Computer', full.computer]])}&with_logs=true&expand_dropdowns=true`;
    const res = await api.get('getMultipleItems', { query });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBeNull();
    expect(res.body.map((i: any) => i.id)).toEqual([2, full.branch, full.computer]);
    expect(res.body[0]).toMatchObject({ id: 2, name: 'glpi', entities_id: 'Root entity' });
    expect(res.body[0]).not.toHaveProperty('password');
    expect(res.body[1]).toMatchObject({ id: full.branch, name: names.branch, completename: `Root entity > ${names.branch}`, entities_id: 'Root entity' });
    expect(res.body[2]).toMatchObject({ id: full.computer, locations_id: `${names.paris} > Floor 1` });
    for (const item of res.body) {
      expect(Array.isArray(item.links)).toBe(true);
      expect(item).toHaveProperty('_logs');
    }
    const single = await api.get(`Computer/${full.computer}`, { query: 'with_logs=true&expand_dropdowns=true' });
    expect(res.body[2]).toEqual(single.body);
  });

  test('get_sha1, get_hateoas=false and add_keys_names apply to every element', async () => {
    const items = ref([['Computer', full.computer], ['Computer', full.bare]]);
    const signed = await api.get('getMultipleItems', { query: `${items}&get_sha1=true` });
    expect(signed.status).toBe(200);
    expect(signed.body).toHaveLength(2);
    for (const s of signed.body) expect(s).toMatch(/^[0-9a-f]{40}$/);
    const plain = await api.get(`Computer/${full.bare}`);
    expect(signed.body[1]).toBe(createHash('sha1').update(JSON.stringify(plain.body)).digest('hex'));

    const named = await api.get('getMultipleItems', { query: `${items}&get_hateoas=false&add_keys_names[]=id` });
    expect(named.body.map((i: any) => i._keys_names)).toEqual([{ id: 'pc-full' }, { id: 'pc-bare' }]);
    for (const i of named.body) expect(i).not.toHaveProperty('links');
  });

  test('one missing item fails the whole request with 404', () =>
    scenario(api, [{ request: 'GET getMultipleItems', query: ref([['Computer', full.computer], ['Computer', 999999]]), status: 404, error: 'ERROR_ITEM_NOT_FOUND' }]));

  // Items must be a list of {itemtype, items_id}.
  scenarioTests(
    () => api,
    [
      { request: 'GET getMultipleItems', status: 400, error: 'ERROR_BAD_ARRAY' },
      { request: 'GET getMultipleItems', query: 'items=Computer', status: 400, error: 'ERROR_BAD_ARRAY' },
      { request: 'GET getMultipleItems', query: 'items[0][foo]=bar', status: 400, error: 'ERROR_BAD_ARRAY' },
      { request: 'GET getMultipleItems', query: 'items[0][itemtype]=NotAType&items[0][items_id]=1', status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    ],
  );
});
