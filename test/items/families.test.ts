/**
 * Every creatable itemtype of the registry (GLPI's option dump and the families beyond it:
 * components, management, data centre, tools, service levels, dropdowns): read with every option,
 * searched by each of its main search options, history rows, bad input refused whole; rights of
 * each default profile on the families. One server; inputs come from the registry.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { DEFAULT_RIGHTS } from '../../server/registry/default-profiles';
import { allItemtypes, itemtype, type Itemtype } from '../../server/registry';
import raw from '../../server/registry/data/searchoptions.json';
import { COMPLETE } from '../../server/registry/data/type-options';
import { historyOption, searchOptions, type SearchOption } from '../../server/registry/searchoptions';
import { Client } from '../support/client';
import { setRightInDatabase } from '../support/database-file';
import { useServer } from '../support/server';
import { createUser, loginAs, unique } from '../rights/fixture';
import { expectError, Fixtures, logsOf, uniq } from './fixtures';

const ctx = useServer();
let api: Client;
let fx: Fixtures;

beforeAll(async () => {
  api = ctx.api;
  fx = new Fixtures(api);
  // GLPI's install gives no one CREATE on unmanaged devices (the inventory makes them): granted here to test them.
  await setRightInDatabase(ctx.server.dataDir, api, 4, 'unmanaged', 31);
});

const DUMPED = new Set(Object.keys(raw));
// Agents: GLPI 10.0 gives no profile their CREATE bit; not imported mails come from the mail collectors (see roundtrip.test.ts).
/**
 * Types a client does not create with made-up values: agents and refused equipment come from
 * inventories, refused mails from collectors, escalation criteria must name a field the rules
 * engine knows (test/rules covers them).
 */
const NOT_CREATABLE = new Set(['Config', 'DisplayPreference', 'Agent', 'NotImportedEmail', 'RefusedEquipment', 'SlaLevelCriteria', 'OlaLevelCriteria']);
const creatable = allItemtypes().filter((t) => !t.readOnly && !NOT_CREATABLE.has(t.name));
/** The types beyond GLPI's option dump; the per-type test below runs over every creatable type. */
const families = creatable.filter((t) => !DUMPED.has(t.name));
const WITH_FLAGS = ['with_devices', 'with_disks', 'with_softwares', 'with_connections', 'with_networkports', 'with_infocoms', 'with_contracts', 'with_documents', 'with_tickets', 'with_problems', 'with_changes', 'with_notes', 'with_logs'];
const ALL_OPTIONS = `${WITH_FLAGS.map((f) => `${f}=true`).join('&')}&expand_dropdowns=true&get_hateoas=true`;

/** The options a search can match on this type's own text columns, and through its dropdowns. */
function mainOptions(type: Itemtype): { text: SearchOption[]; links: SearchOption[] } {
  const options = [...searchOptions(type).byId.values()].filter((o) => !o.nosearch && o.id !== 80);
  // A project's father (13) has the uid of its own name (1), as in GLPI: the first option of a uid is the column's.
  const firstOfUid = new Map([...options].reverse().map((o) => [o.uid, o.id]));
  return {
    // Columns the server computes (a document's MIME type) are not written by a client.
    // Own columns only: an appliance's option 1210 names the appliances it is itself linked to.
    text: options.filter((o) => o.uid === `${type.name}.${o.field}` && firstOfUid.get(o.uid) === o.id && ['string', 'itemlink'].includes(o.datatype) && type.column.get(o.field)?.kind === 'string' && !type.computed.includes(o.field)),
    // One step through a foreign key of the type (`Type.Target.field`, or `Type.fk.Target.field`).
    links: options.filter((o) => {
      const parts = o.uid.split('.');
      return o.datatype === 'dropdown' && o.table !== type.table && (parts.length === 3 || (parts.length === 4 && type.column.has(parts[1]!)));
    }),
  };
}

/** The option showing the row's id: 2 for most types, another id for a few (Domain 1400, Appliance 31), none for some (ProjectTask, Agent). */
function idOption(type: Itemtype): number | undefined {
  return [...searchOptions(type).byId.values()].find((o) => o.table === type.table && o.field === 'id')?.id;
}

/** What a search shows to tell the rows apart: their id, or their name where GLPI lists no ID option. */
function rowKey(type: Itemtype, id: number, input: Record<string, unknown>): unknown {
  return idOption(type) === undefined ? input.name : id;
}

async function searchIds(type: Itemtype, field: number, searchtype: string, value: string | number): Promise<unknown[]> {
  const shown = idOption(type) ?? 1;
  const query = `criteria[0][field]=${field}&criteria[0][searchtype]=${searchtype}&criteria[0][value]=${encodeURIComponent(String(value))}&forcedisplay[0]=${shown}&range=0-999`;
  const res = await api.get(`search/${type.name}`, { query });
  expect({ type: type.name, field, ok: [200, 206].includes(res.status), text: res.status >= 400 ? res.text : '' }).toEqual({ type: type.name, field, ok: true, text: '' });
  return ((res.body.data ?? []) as Record<string, unknown>[]).map((row) => (idOption(type) === undefined ? row['1'] : Number(row[String(shown)])));
}

describe('every further itemtype', () => {
  test('there are many of them, each with GLPI-id search options', () => {
    expect(families.length).toBeGreaterThan(180);
    for (const type of families) {
      const ids = [...searchOptions(type).byId.keys()];
      // The types whose whole list is GLPI 10.0's are checked id by id in type-options.test.ts.
      const has = COMPLETE.has(type.name) || !type.column.has('name') || [1, idOption(type) ?? 1].every((id) => ids.includes(id));
      expect({ type: type.name, has }).toEqual({ type: type.name, has: true });
    }
  });

  for (const type of creatable) {
    test(`${type.name}: read with every option, search by its main options, history, bad input`, async () => {
      const { text, links } = mainOptions(type);
      const input = await fx.input(type.name);
      for (const o of text) if (o.field !== 'name' || input.name === undefined) input[o.field] = uniq(o.field).slice(0, type.column.get(o.field)!.size ?? 255);
      const id = await api.create(type.name, input);

      // Read with every option: 200, every with_* section present is a list or an object, links point at served types.
      const read = await api.get(`${type.name}/${id}`, { query: ALL_OPTIONS });
      expect(read.status).toBe(200);
      for (const [key, value] of Object.entries(read.body)) {
        if (key.startsWith('_')) expect({ key, shape: typeof value }).toEqual({ key, shape: 'object' });
      }
      for (const link of (read.body.links ?? []) as { rel: string; href: string }[]) expect({ rel: link.rel, served: itemtype(link.rel) !== undefined }).toEqual({ rel: link.rel, served: true });

      // Search by each main text option (and by id); a row with neither an ID option nor a name cannot be told apart.
      const key = rowKey(type, id, input);
      if (key !== undefined) for (const o of text) expect({ option: o.id, ids: await searchIds(type, o.id, 'contains', String(input[o.field])) }).toEqual({ option: o.id, ids: [key] });
      const byId = idOption(type);
      if (byId !== undefined) expect(await searchIds(type, byId, 'equals', id)).toEqual([id]);

      // Through each dropdown option: link a fresh target, find the item by its id.
      for (const o of links) {
        const parts = o.uid.split('.');
        const fk = [...type.foreignKeys].find(([col, target]) => itemtype(target)?.table === o.table && (parts.length === 3 ? col === itemtype(target)!.fkName : parts[1] === col))?.[0];
        if (!fk || type.owners.some((owner) => 'fk' in owner && owner.fk === fk) || itemtype(type.foreignKeys.get(fk)!)?.readOnly || key === undefined) continue;
        // Users are reached through their authorizations: link the administrator, who has one.
        const target = type.foreignKeys.get(fk) === 'User' ? 2 : await fx.make(type.foreignKeys.get(fk)!);
        expect((await api.put(`${type.name}/${id}`, { input: { [fk]: target } })).status).toBe(200);
        expect({ option: o.id, ids: await searchIds(type, o.id, 'equals', target) }).toEqual({ option: o.id, ids: [key] });
      }

      // History: creation and each change, with the option the field is searched by.
      if (type.history) {
        const logs = await logsOf(api, type.name, id);
        // The creation row comes last of what the add wrote (a new user's authorization comes before it), as GLPI.
        expect(logs.filter((l) => l.linked_action === 20)).toMatchObject([{ itemtype: type.name, items_id: id }]);
        if (type.column.has('comment')) {
          const before = (await logsOf(api, type.name, id)).length;
          await api.put(`${type.name}/${id}`, { input: { comment: 'changed' } });
          const after = await logsOf(api, type.name, id);
          // As GLPI, a field without a search option of its own leaves no history row.
          const option = historyOption(type, 'comment');
          if (option === 0) expect(after.length).toBe(before);
          else expect(after.at(-1)).toMatchObject({ linked_action: 0, id_search_option: option, new_value: 'changed' });
        }
      }

      // Bad input: an unknown field, a broken link, a missing mandatory field; nothing is written.
      // (The inputs are built first: building one may add rows, such as a new user's authorization.)
      const fk = [...type.foreignKeys].find(([c, target]) => c !== 'entities_id' && !type.computed.includes(c) && itemtype(target)?.kind === 'dropdown')?.[0];
      const broken = fk ? { ...(await fx.input(type.name)), [fk]: 987654 } : null;
      const owner = type.owners.find((o) => 'fk' in o);
      const ownerFk = owner && 'fk' in owner ? owner.fk : null;
      const orphan = ownerFk ? Object.fromEntries(Object.entries(await fx.input(type.name)).filter(([k]) => k !== ownerFk)) : null;
      const before = (await api.get(`${type.name}/`, { query: 'range=0-9999&only_id=true' })).body.length;
      expectError(await api.post(`${type.name}/`, { input: { ...input, bogus_field: 1 } }), 400, 'ERROR_GLPI_ADD', `Field bogus_field is not valid for ${type.name} item.`);
      if (broken) expectError(await api.post(`${type.name}/`, { input: broken }), 400, 'ERROR_GLPI_ADD', new RegExp(`^Field ${fk}: `));
      if (orphan) expectError(await api.post(`${type.name}/`, { input: orphan }), 400, 'ERROR_GLPI_ADD', `Field ${ownerFk} is mandatory for ${type.name}`);
      if (!type.column.has('is_deleted')) expectError(await api.put(`${type.name}/${id}`, { input: { is_deleted: 1 } }), 400, 'ERROR_GLPI_UPDATE', `Field is_deleted is not valid for ${type.name} item.`);
      expect((await api.get(`${type.name}/`, { query: 'range=0-9999&only_id=true' })).body.length).toBe(before);
    });
  }

  test('listSearchOptions answers each of them with GLPI ids', async () => {
    for (const type of families) {
      const res = await api.get(`listSearchOptions/${type.name}`);
      expect({ type: type.name, status: res.status, common: res.body.common }).toEqual({ type: type.name, status: 200, common: { name: 'Characteristics' } });
      // An object's numeric keys come in ascending order (the families follow the type's own ids).
      const expected = [...searchOptions(type).byId.keys()].sort((x, y) => x - y).map(String);
      expect({ type: type.name, ids: Object.keys(res.body).filter((k) => /^\d+$/.test(k)) }).toEqual({ type: type.name, ids: expected });
      // GLPI names it after what the name is: a contact's last name, a reminder's title (an article's subject is 6).
      if (type.column.has('name') && type.name !== 'KnowbaseItem') expect(res.body['1']).toMatchObject({ name: expect.stringMatching(/^(Name|Last name|Subject|Title)$/), table: type.table, field: 'name' });
    }
  });

  test('links are logged on both sides and go away with either item', async () => {
    for (const [link, fk, owner, extra] of [
      ['Certificate_Item', 'certificates_id', 'Certificate', {}],
      ['Appliance_Item', 'appliances_id', 'Appliance', {}],
      ['Domain_Item', 'domains_id', 'Domain', {}],
      ['Item_Cluster', 'clusters_id', 'Cluster', {}],
      ['Item_Project', 'projects_id', 'Project', {}],
      ['Item_Rack', 'racks_id', 'Rack', { position: 7 }],
    ] as [string, string, string, Record<string, unknown>][]) {
      const computer = await fx.make('Computer');
      const parent = await fx.make(owner);
      const row = await api.create(link, { [fk]: parent, itemtype: 'Computer', items_id: computer, ...extra });
      const computerName = (await api.get(`Computer/${computer}`)).body.name;
      const parentName = (await api.get(`${owner}/${parent}`)).body.name;
      expect((await logsOf(api, 'Computer', computer)).at(-1)).toMatchObject({ linked_action: 15, itemtype_link: owner, new_value: `${parentName} (${parent})` });
      expect((await logsOf(api, owner, parent)).at(-1)).toMatchObject({ linked_action: 15, itemtype_link: 'Computer', new_value: `${computerName} (${computer})` });
      // Purging the computer removes the link and leaves a trace on the other side.
      expect((await api.del(`Computer/${computer}`, { query: 'force_purge=true' })).status).toBe(204);
      expectError(await api.get(`${link}/${row}`), 404, 'ERROR_ITEM_NOT_FOUND');
      expect((await logsOf(api, owner, parent)).at(-1)).toMatchObject({ linked_action: 16, itemtype_link: 'Computer', old_value: `${computerName} (${computer})` });
    }
  });

  test('a component added to a computer is logged with GLPI\'s component actions', async () => {
    const computer = await fx.make('Computer');
    const device = await fx.make('DeviceCase');
    const link = await api.create('Item_DeviceCase', { itemtype: 'Computer', items_id: computer, devicecases_id: device, serial: 'CASE-1' });
    expect((await logsOf(api, 'Computer', computer)).at(-1)).toMatchObject({ linked_action: 1, itemtype_link: 'DeviceCase' });
    const devices = (await api.get(`Computer/${computer}`, { query: 'with_devices=true' })).body._devices;
    expect(devices.Item_DeviceCase[String(link)]).toMatchObject({ id: link, devicecases_id: device, serial: 'CASE-1' });
    expect((await api.del(`Item_DeviceCase/${link}`)).status).toBe(204);
    expect((await logsOf(api, 'Computer', computer)).at(-1)).toMatchObject({ linked_action: 3, itemtype_link: 'DeviceCase' });
  });

  test('an enclosure takes components, as in GLPI 10.0 (itemdevices_types): logged, listed by with_devices, listed in getGlpiConfig', async () => {
    const enclosure = await fx.make('Enclosure');
    const supply = await fx.make('DevicePowerSupply');
    const link = await api.create('Item_DevicePowerSupply', { itemtype: 'Enclosure', items_id: enclosure, devicepowersupplies_id: supply, serial: 'PSU-1' });
    expect((await logsOf(api, 'Enclosure', enclosure)).at(-1)).toMatchObject({ linked_action: 1, itemtype_link: 'DevicePowerSupply' });
    const devices = (await api.get(`Enclosure/${enclosure}`, { query: 'with_devices=true' })).body._devices;
    expect(devices.Item_DevicePowerSupply[String(link)]).toMatchObject({ id: link, devicepowersupplies_id: supply, serial: 'PSU-1' });
    expect((await api.get(`Enclosure/${enclosure}/Item_DevicePowerSupply`)).body.map((row: { id: number }) => row.id)).toEqual([link]);
    const cfg = (await api.get('getGlpiConfig')).body.cfg_glpi;
    expect(cfg.itemdevices_types).toEqual(['Computer', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Enclosure']);
    // A type outside itemdevices_types still takes none.
    const monitor = await fx.make('Monitor');
    expectError(await api.post('Item_DevicePowerSupply/', { input: { itemtype: 'Monitor', items_id: monitor, devicepowersupplies_id: supply } }), 400, 'ERROR_GLPI_ADD');
  });

  test("disks on network equipment, phones and printers, as GLPI 10.0.7 and later (disk_types); a monitor takes none", async () => {
    const cfg = (await api.get('getGlpiConfig')).body.cfg_glpi;
    expect(cfg.disk_types).toEqual(['Computer', 'NetworkEquipment', 'Phone', 'Printer']);
    const printer = await fx.make('Printer');
    const disk = await api.create('Item_Disk', { itemtype: 'Printer', items_id: printer, name: 'spool', totalsize: 1000, freesize: 250 });
    const disks = (await api.get(`Printer/${printer}`, { query: 'with_disks=true' })).body._disks as { name: { id: number } }[];
    expect(disks.map((d) => d.name.id)).toEqual([disk]);
    const monitor = await fx.make('Monitor');
    expectError(await api.post('Item_Disk/', { input: { itemtype: 'Monitor', items_id: monitor, name: 'none' } }), 400, 'ERROR_GLPI_ADD');
  });

  test('duplicate unique values are refused whole', async () => {
    const a = await fx.make('Certificate_Item');
    const row = (await api.get(`Certificate_Item/${a}`)).body;
    expectError(await api.post('Certificate_Item/', { input: { certificates_id: row.certificates_id, itemtype: row.itemtype, items_id: row.items_id } }), 400, 'ERROR_GLPI_ADD');
    const rack = await fx.make('Item_Rack');
    const placed = (await api.get(`Item_Rack/${rack}`)).body;
    expectError(await api.post('Item_Rack/', { input: { ...placed, id: undefined, position: placed.position + 1 } }), 400, 'ERROR_GLPI_ADD');
  });
});

describe('rights of the default profiles on the new families', () => {
  const READ = 1;
  const CREATE = 4;
  /** Rights read with other bits too: the knowledge base's FAQ (READFAQ). */
  const READ_BITS: Record<string, number> = { knowbase: READ | 2048 };
  // Rights whose rows follow other rules too (timeline items, reservations, private saved searches any central profile keeps).
  const checked = families.filter((t) => t.right && DEFAULT_RIGHTS[t.right] && !['task', 'followup', 'ticketvalidation', 'changevalidation', 'reservation', 'bookmark_public'].includes(t.right));
  const clients = new Map<number, Client>();
  beforeAll(async () => {
    for (const profile of [1, 2, 6]) {
      const name = unique(`families-${profile}`);
      await createUser(api, name, profile, 0);
      clients.set(profile, await loginAs(ctx.server.api, name));
    }
  });

  test('each profile reads and creates exactly what its rights give', async () => {
    const problems: string[] = [];
    for (const [profile, client] of clients) {
      for (const type of checked) {
        const bits = DEFAULT_RIGHTS[type.right!]![profile - 1]!;
        const list = await client.get(`${type.name}/`);
        const mayRead = (bits & (READ_BITS[type.right!] ?? READ)) !== 0;
        if ((list.status === 200 || list.status === 206) !== mayRead) problems.push(`${type.name} profile ${profile}: list ${list.status}, READ ${mayRead}`);
        const created = await client.post(`${type.name}/`, { input: await fx.input(type.name) });
        const mayCreate = (bits & CREATE) !== 0;
        if ((created.status === 201) !== mayCreate) problems.push(`${type.name} profile ${profile}: create ${created.status}, CREATE ${mayCreate}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('a type the profile has no right on at all is 403, whether the id exists or not', async () => {
    const certificate = await fx.make('Certificate');
    for (const id of [certificate, 987654]) expectError(await clients.get(1)!.get(`Certificate/${id}`), 403, 'ERROR_RIGHT_MISSING');
  });
});
