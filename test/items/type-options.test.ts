/**
 * GLPI's own search option ids for the types beyond its option dump: listed with GLPI's names, and
 * a search on each of them (dates, flags, text, item types, links through a named foreign key)
 * finds the right rows.
 */
import { describe, expect, test } from 'bun:test';
import { itemtypeOrThrow } from '../../server/registry';
import { TYPE_OPTIONS } from '../../server/registry/data/type-options';
import { setRightInDatabase } from '../support/database-file';
import { useServer } from '../support/server';
import { logsOf, uniq } from './fixtures';

const ctx = useServer();

/** GLPI shows the ID under 2, except for the types that give it another id. */
const idOption = (itemtype: string) => ({ Domain: 1400, Appliance: 31 })[itemtype] ?? 2;

async function found(itemtype: string, field: number, searchtype: string, value: string | number): Promise<number[]> {
  const query = `criteria[0][field]=${field}&criteria[0][searchtype]=${searchtype}&criteria[0][value]=${encodeURIComponent(String(value))}&forcedisplay[0]=${idOption(itemtype)}&range=0-999`;
  const res = await ctx.api.get(`search/${itemtype}`, { query });
  expect({ field, refused: res.status >= 300 ? res.text : '' }).toEqual({ field, refused: '' });
  return ((res.body.data ?? []) as Record<string, unknown>[]).map((row) => Number(row[idOption(itemtype)]));
}

describe('type-specific search option ids', () => {
  test('listSearchOptions names every id of the table, and each is searchable', async () => {
    for (const [itemtype, options] of Object.entries(TYPE_OPTIONS)) {
      const res = await ctx.api.get(`listSearchOptions/${itemtype}`);
      expect(res.status).toBe(200);
      // A later entry with the same id replaces an earlier one (a contact's "Last name").
      for (const [id, column, name, , flag] of new Map(options.map((o) => [o[0], o])).values()) {
        // Shared lists (a dropdown's dates) name columns some tables lack: those options are not listed.
        // Virtual columns (GLPI's `_virtual_…`, computed for display) are listed on every table.
        const plain = /^[a-z_0-9]+$/.test(column) && !column.startsWith('_virtual');
        if (plain && !itemtypeOrThrow(itemtype).column.has(column)) {
          expect({ itemtype, id, listed: res.body[id] }).toEqual({ itemtype, id, listed: undefined });
          continue;
        }
        expect({ itemtype, id, name: res.body[id]?.name }).toEqual({ itemtype, id, name });
        // GLPI gives agent types no right: their options are listed, yet no one searches them.
        if (itemtype === 'AgentType') continue;
        const searchtype = res.body[id].available_searchtypes[0];
        const search = await ctx.api.get(`search/${itemtype}`, { query: `criteria[0][field]=${id}&criteria[0][searchtype]=${searchtype}&criteria[0][value]=1` });
        // GLPI shows a `nosearch` option (a template name, an SLA's time) but refuses it in criteria.
        const refused = flag === 'nosearch' ? 'Forbidden field ID in search criteria' : '';
        expect({ itemtype, id, refused: search.status >= 300 ? String(search.body[1]).split(';')[0] : '' }).toEqual({ itemtype, id, refused });
        // As GLPI, a template's name is neither searched nor shown: forcing it is refused.
        const hidden = column === 'template_name';
        expect({ itemtype, id, nodisplay: res.body[id].nodisplay }).toEqual({ itemtype, id, nodisplay: hidden });
        const shown = await ctx.api.get(`search/${itemtype}`, { query: `forcedisplay[0]=${id}&range=0-999` });
        expect({ itemtype, id, shown: shown.status }).toEqual({ itemtype, id, shown: hidden ? 400 : 200 });
      }
    }
  });

  test('Certificate: expiry date, self-signed flag, DNS name; comment is 15 and contact 16 as in GLPI', async () => {
    const soon = await ctx.api.create('Certificate', { name: uniq('c'), date_expiration: '2026-01-10', is_autosign: 1, dns_name: 'soon.example', comment: 'note-15', contact: 'alt-16' });
    const late = await ctx.api.create('Certificate', { name: uniq('c'), date_expiration: '2031-05-01', is_autosign: 0 });
    expect(await found('Certificate', 10, 'lessthan', '2027-01-01')).toContain(soon);
    expect(await found('Certificate', 10, 'lessthan', '2027-01-01')).not.toContain(late);
    expect(await found('Certificate', 9, 'equals', 1)).toContain(soon);
    expect(await found('Certificate', 9, 'equals', 1)).not.toContain(late);
    expect(await found('Certificate', 18, 'contains', 'soon.example')).toEqual([soon]);
    expect(await found('Certificate', 15, 'contains', 'note-15')).toEqual([soon]);
    expect(await found('Certificate', 16, 'contains', 'alt-16')).toEqual([soon]);
  });

  test('Domain: expiration date (6) and ID under 1400', async () => {
    const domain = await ctx.api.create('Domain', { name: `${uniq('d')}.example`, date_expiration: '2026-02-01' });
    expect(await found('Domain', 6, 'lessthan', '2026-03-01')).toContain(domain);
    expect(await found('Domain', 6, 'morethan', '2026-03-01')).not.toContain(domain);
    const options = (await ctx.api.get('listSearchOptions/Domain')).body;
    expect(options['1400']).toMatchObject({ field: 'id', name: 'ID' });
    expect(options['2']).toMatchObject({ table: 'glpi_domaintypes', name: 'Type' });
  });

  test("Domain history: a new entity is logged under 80 (GLPI's first option through entities_id, not the entity ID 81), a new type under 2", async () => {
    const entity = await ctx.api.create('Entity', { name: uniq('dom-ent'), entities_id: 0 });
    const entityName = (await ctx.api.get(`Entity/${entity}`)).body.completename;
    const domainType = await ctx.api.create('DomainType', { name: uniq('dtype') });
    const domain = await ctx.api.create('Domain', { name: `${uniq('d')}.example` });
    expect((await ctx.api.put(`Domain/${domain}`, { input: { entities_id: entity, domaintypes_id: domainType } })).status).toBe(200);
    const logs = await logsOf(ctx.api, 'Domain', domain);
    expect(logs.filter((l) => l.linked_action === 0).map((l) => [l.id_search_option, l.old_value, l.new_value]).sort()).toEqual(
      [
        // As GLPI, an empty dropdown is named "&nbsp;".
        [2, '&nbsp; (0)', `${(await ctx.api.get(`DomainType/${domainType}`)).body.name} (${domainType})`],
        [80, 'Root entity (0)', `${entityName} (${entity})`],
      ].sort(),
    );
    // The same rows in `with_logs`, keyed by log id.
    const withLogs = (await ctx.api.get(`Domain/${domain}`, { query: 'with_logs=true' })).body._logs as Record<string, { id: number; id_search_option: number }>;
    expect(Object.values(withLogs).map((l) => l.id_search_option).filter((o) => o === 80 || o === 81)).toEqual([80]);
    for (const [key, row] of Object.entries(withLogs)) expect(Number(key)).toBe(row.id);
  });

  test('Line: caller number (185) and operator (184)', async () => {
    const operator = uniq('op');
    const operatorId = await ctx.api.create('LineOperator', { name: operator });
    const line = await ctx.api.create('Line', { name: uniq('l'), caller_num: '+33 1 23 45', lineoperators_id: operatorId });
    expect(await found('Line', 185, 'contains', '23 45')).toEqual([line]);
    expect(await found('Line', 184, 'contains', operator)).toEqual([line]);
  });

  test('Cable: endpoint item types (7, 9) and socket models of each end (11, 12)', async () => {
    const modelA = await ctx.api.create('SocketModel', { name: uniq('sa') });
    const modelB = await ctx.api.create('SocketModel', { name: uniq('sb') });
    const cable = await ctx.api.create('Cable', { name: uniq('cb'), itemtype_endpoint_a: 'Computer', itemtype_endpoint_b: 'NetworkEquipment', socketmodels_id_endpoint_a: modelA, socketmodels_id_endpoint_b: modelB });
    expect(await found('Cable', 7, 'equals', 'Computer')).toContain(cable);
    expect(await found('Cable', 9, 'equals', 'Computer')).not.toContain(cable);
    expect(await found('Cable', 11, 'equals', modelA)).toEqual([cable]);
    expect(await found('Cable', 12, 'equals', modelA)).toEqual([]);
    expect(await found('Cable', 12, 'equals', modelB)).toEqual([cable]);
  });
});

describe('more type-specific ids', () => {
  test('Project: percent done (5), planned dates (7, 8), manager (24), state (12)', async () => {
    const state = await ctx.api.create('ProjectState', { name: uniq('st') });
    const half = await ctx.api.create('Project', { name: uniq('p'), percent_done: 50, plan_start_date: '2026-03-01 08:00:00', plan_end_date: '2026-04-01 18:00:00', projectstates_id: state, users_id: 2 });
    const none = await ctx.api.create('Project', { name: uniq('p'), percent_done: 0 });
    expect(await found('Project', 5, 'contains', 50)).toContain(half);
    expect(await found('Project', 5, 'contains', 50)).not.toContain(none);
    expect(await found('Project', 7, 'morethan', '2026-02-01')).toContain(half);
    expect(await found('Project', 8, 'lessthan', '2026-03-15')).not.toContain(half);
    expect(await found('Project', 12, 'equals', state)).toEqual([half]);
    expect(await found('Project', 24, 'equals', 2)).toContain(half);
    expect(await found('Project', 24, 'equals', 2)).not.toContain(none);
  });

  test('Appliance: environment (10), type (11), ID under 31 and status under 32', async () => {
    const environment = await ctx.api.create('ApplianceEnvironment', { name: uniq('env') });
    const appliance = await ctx.api.create('Appliance', { name: uniq('a'), applianceenvironments_id: environment });
    expect(await found('Appliance', 10, 'equals', environment)).toEqual([appliance]);
    const options = (await ctx.api.get('listSearchOptions/Appliance')).body;
    expect(options['31']).toMatchObject({ field: 'id', name: 'ID' });
    expect(options['32']).toMatchObject({ table: 'glpi_states', name: 'Status' });
    expect(options['2']).toBeUndefined();
  });

  test('Rack: server room (7) and number of units (8)', async () => {
    const room = await ctx.api.create('DCRoom', { name: uniq('room') });
    const rack = await ctx.api.create('Rack', { name: uniq('r'), dcrooms_id: room, number_units: 42 });
    expect(await found('Rack', 7, 'equals', room)).toEqual([rack]);
    expect(await found('Rack', 8, 'contains', 42)).toContain(rack);
  });
});

/** The location's fields GLPI adds beside the location itself (Location::rawSearchOptionsToAdd). */
const LOCATION_EXTRA = [91, 92, 93, 101, 102, 103, 104, 105, 998, 999];

/** GLPI 10.0's own option ids (rawSearchOptions of its 10.0 branch) for the types whose whole list Deskbase follows; their families are added below. */
const GLPI_10_IDS: Record<string, number[]> = {
  SLA: [1, 2, 5, 6, 7, 8, 16],
  OLA: [1, 2, 5, 6, 7, 8, 16],
  SLM: [1, 2, 4, 16],
  Calendar: [1, 2, 16, 19, 80, 86, 121],
  CalendarSegment: [],
  Holiday: [1, 2, 11, 12, 13, 16, 19, 80, 86, 121],
  TicketRecurrent: [1, 2, 11, 12, 13, 14, 15, 16, 17, 18, 80, 86],
  DCRoom: [1, 2, 3, 4, 5, 6, 19, 80, 91, 92, 93, 101, 102, 103, 104, 105, 121, 178, 998, 999],
  Budget: [1, 2, 3, 4, 5, 6, 7, 16, 19, 50, 80, 86, 91, 92, 93, 101, 102, 103, 104, 105, 121, 998, 999],
  Contact: [1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 16, 19, 70, 80, 81, 82, 83, 84, 85, 86, 87, 121],
  KnowbaseItem: [2, 6, 7, 8, 9, 10, 11, 19, 70, 121],
  ProjectTask: [1, 2, 5, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 18, 19, 21, 24, 50, 80, 86, 121],
  Database: [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
  ReservationItem: [1, 2, 3, 4, 5, 6, 9, 16, 19, 23, 24, 70, 71, 80, 91, 92, 93, 101, 102, 103, 104, 105, 998, 999],
  Project: [
    1, 2, 3, 4, 5, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 21, 24, 49, 50, 80, 86, 87, 88, 89, 90, 91, 92, 93, 94, 111, 112, 113, 114, 115,
    116, 117, 118, 120, 121, 122, 123, 124, 125, 126, 1400,
  ],
  Reservation: [],
  Consumable: [],
  Cartridge: [2, 3, 4],
  // Link rows with CommonDBRelation's options: each fixed side by its id.
  Contact_Supplier: [2, 3, 4],
  Item_Rack: [2, 3],
  Itil_Project: [2, 4],
  Entity_KnowbaseItem: [2, 3, 4],
  Ticket_Ticket: [2, 3, 4],
  // A component's item link: its own ID under 1, the component under 4, the specificities of its type.
  Item_DeviceProcessor: [1, 4, 5, 6, 10, 11, 12, 13, 14, 20, 21, 22, 80],
  Item_DeviceCase: [1, 4, 5, 6, 10, 12, 13, 14, 80],
  Item_DeviceSimcard: [1, 4, 5, 6, 10, 12, 13, 14, 19, 20, 21, 22, 80],
  Item_DeviceCamera: [1, 4, 5, 6, 80],
  Item_DeviceMemory: [1, 4, 5, 6, 10, 11, 12, 13, 14, 20, 80],
  // Dropdowns with GLPI's generic options: a model's product number (3), a data centre model's sizes (131–136).
  MonitorModel: [1, 2, 3, 16, 19, 121, 131, 132, 133, 134, 135, 136],
  DeviceProcessorModel: [1, 2, 3, 16],
  Agent: [1, 2, 3, 4, 5, 6, 8, 10, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24],
  AgentType: [1],
  DatabaseInstance: [1, 2, 3, 4, 5, 6, 16, 19, 23, 24, 40, 41, 49, 86, ...LOCATION_EXTRA, 121, 166, 167, 168, 169, 170, 171, 172, 174],
  Enclosure: [1, 2, 3, 5, 6, 16, 19, 23, 24, 31, 40, 49, 61, 80, 86, ...LOCATION_EXTRA, 121, 178, 180, 181, 1450, 1451],
  PDU: [1, 2, 3, 4, 5, 6, 16, 19, 23, 24, 31, 40, 49, 61, 80, 86, ...LOCATION_EXTRA, 121, 178, 180, 181, 1450, 1451],
  PassiveDCEquipment: [1, 2, 3, 4, 5, 6, 19, 23, 24, 31, 40, 49, 61, 80, ...LOCATION_EXTRA, 121, 178, 180, 181, 1310, 1311, 1312, 1450, 1451],
  Unmanaged: [1, 2, 3, 4, 5, 6, 7, 8, 10, 13, 14, 15, 18, 31, 86],
  Supplier: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 19, 29, 70, 80, 86, 121],
  Contract: [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 16, 19, 20, 21, 22, 23, 29, 31, 41, 42, 43, 44, 45, 50, 59, 72, 80, 86, ...LOCATION_EXTRA, 121],
  Reminder: [1, 2, 3, 4, 5, 6, 7, 8, 9, 19, 121],
  SsoVariable: [1, 2, 16, 19, 121],
  RuleRightParameter: [1, 2, 11, 16, 19, 121],
  Fieldblacklist: [1, 2, 4, 6, 7, 16, 19, 80, 86, 121],
  Certificate: [1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 23, 24, 31, 49, 61, 70, 71, 72, 80, 86, 91, 92, 93, 101, 102, 103, 104, 105, 121, 998, 999],
  Domain: [1, 2, 3, 5, 6, 7, 10, 12, 18, 31, 80, 81, 121, 1400],
  Line: [1, 2, 3, 4, 16, 19, 31, 70, 71, 80, 86, 91, 92, 93, 101, 102, 103, 104, 105, 121, 184, 185, 186, 998, 999],
  Cluster: [1, 5, 16, 19, 24, 31, 49, 86, 121],
  Cable: [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 19, 24, 31, 87, 88, 121],
  Appliance: [1, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 23, 24, 31, 32, 49, 61, 80, 81, 86, 91, 92, 93, 101, 102, 103, 104, 105, 998, 999, 1300, 1301, 1302, 1304, 1305, 1306],
  Rack: [1, 2, 3, 4, 5, 6, 7, 8, 16, 19, 23, 24, 31, 40, 49, 61, 80, 81, 86, 91, 92, 93, 101, 102, 103, 104, 105, 121, 178, 998, 999],
};

/** The families GLPI 10.0's search appends to a type's own options (Search::getOptions). */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const NOTES = range(200, 204);
const NETWORK = [21, 22, 62, 87, 88, 126, 127, 128, 157, 158];
const CONTRACTS = [29, 30, ...range(129, 139)];
const DOCUMENTS = [119];
const FINANCIAL = [25, 26, 27, 28, 37, 38, ...range(50, 59), 120, ...range(122, 125), 142, 159, 173];
const DOMAINS = [205, 206];
const APPLIANCES = range(1210, 1213);
const LINKS = [145, 146];
/** The counts of tickets, problems and changes naming the item, on GLPI's ticket_types. */
const ITIL_COUNTS = [60, 140, 141];

/** What every component link gets: contract_types lists them all, Document and Infocom accept any. */
const ITEM_DEVICE = [CONTRACTS, DOCUMENTS, FINANCIAL];

/**
 * The families each type above gets in GLPI 10.0: notes where its own list adds them, the others
 * by GLPI's ticket_types, networkport_types, contract_types, document_types, infocom_types,
 * domain_types, appliance_types and link_types.
 */
const GLPI_10_FAMILIES: Record<string, number[][]> = {
  Certificate: [ITIL_COUNTS, NOTES, CONTRACTS, DOCUMENTS, FINANCIAL, DOMAINS, LINKS],
  Domain: [ITIL_COUNTS, CONTRACTS, FINANCIAL, LINKS],
  Line: [ITIL_COUNTS, CONTRACTS, DOCUMENTS, FINANCIAL],
  Cluster: [ITIL_COUNTS, NOTES, NETWORK, CONTRACTS, DOCUMENTS, APPLIANCES, LINKS],
  Cable: [ITIL_COUNTS, FINANCIAL],
  Appliance: [ITIL_COUNTS, CONTRACTS, DOCUMENTS, FINANCIAL, DOMAINS, APPLIANCES, LINKS],
  Rack: [ITIL_COUNTS, NOTES, CONTRACTS, FINANCIAL],
  DCRoom: [ITIL_COUNTS, NOTES, CONTRACTS, LINKS],
  Budget: [NOTES, DOCUMENTS, LINKS],
  Contact: [NOTES, DOCUMENTS, LINKS],
  KnowbaseItem: [DOCUMENTS],
  ProjectTask: [DOCUMENTS],
  Project: [NOTES, CONTRACTS, DOCUMENTS],
  Database: [ITIL_COUNTS, DOMAINS, APPLIANCES],
  Consumable: [FINANCIAL],
  Cartridge: [FINANCIAL],
  Item_DeviceProcessor: ITEM_DEVICE,
  Item_DeviceCase: ITEM_DEVICE,
  Item_DeviceMemory: ITEM_DEVICE,
  Item_DeviceCamera: ITEM_DEVICE,
  // SIM cards are also among the items a ticket may name.
  Item_DeviceSimcard: [ITIL_COUNTS, ...ITEM_DEVICE],
  DatabaseInstance: [ITIL_COUNTS, NOTES, CONTRACTS, DOCUMENTS, FINANCIAL, DOMAINS, APPLIANCES, LINKS],
  Enclosure: [ITIL_COUNTS, NOTES, NETWORK, CONTRACTS, FINANCIAL],
  PDU: [ITIL_COUNTS, NETWORK, CONTRACTS, FINANCIAL],
  PassiveDCEquipment: [ITIL_COUNTS, FINANCIAL],
  Unmanaged: [NETWORK, DOMAINS],
  Supplier: [NOTES, DOCUMENTS, LINKS],
  Contract: [NOTES, DOCUMENTS, LINKS],
  Reminder: [DOCUMENTS],
};

/** A type's whole GLPI 10.0 list: its own options and its families (an id it has already keeps its own). */
const glpi10List = (itemtype: string, own: number[]) => [...new Set([...own, ...(GLPI_10_FAMILIES[itemtype] ?? []).flat()])].sort((a, b) => a - b);

async function listedIds(itemtype: string): Promise<number[]> {
  const res = await ctx.api.get(`listSearchOptions/${itemtype}`);
  expect(res.status).toBe(200);
  return Object.keys(res.body).filter((k) => /^\d+$/.test(k)).map(Number);
}

describe("GLPI 10.0's whole lists", () => {
  test('each of these types lists exactly the ids GLPI 10.0 lists (no generic extras)', async () => {
    for (const [itemtype, ids] of Object.entries(GLPI_10_IDS)) expect({ itemtype, ids: await listedIds(itemtype) }).toEqual({ itemtype, ids: glpi10List(itemtype, ids) });
  });

  test('ReservationItem: name (1), id (2), inventory number (6), comment (16) and last update (19) are the reserved item\'s', async () => {
    const computerName = uniq('pc');
    const computer = await ctx.api.create('Computer', { name: computerName, otherserial: 'INV-RES-1', comment: 'spare laptop' });
    const monitorName = uniq('screen');
    const monitor = await ctx.api.create('Monitor', { name: monitorName, otherserial: 'INV-RES-2' });
    const computerRow = await ctx.api.create('ReservationItem', { itemtype: 'Computer', items_id: computer, is_active: 1, comment: 'own comment' });
    await ctx.api.create('ReservationItem', { itemtype: 'Monitor', items_id: monitor, is_active: 1 });
    const search = async (field: number, searchtype: string, value: string | number) => {
      const query = `criteria[0][field]=${field}&criteria[0][searchtype]=${searchtype}&criteria[0][value]=${encodeURIComponent(String(value))}&forcedisplay[0]=2&forcedisplay[1]=6&forcedisplay[2]=16&forcedisplay[3]=4&range=0-999`;
      const res = await ctx.api.get('search/ReservationItem', { query });
      expect({ field, status: res.status, text: res.status >= 300 ? res.text : '' }).toEqual({ field, status: 200, text: '' });
      return (res.body.data ?? []) as Record<string, unknown>[];
    };
    const byName = await search(1, 'contains', computerName);
    expect(byName).toHaveLength(1);
    expect(byName[0]).toMatchObject({ 1: computerName, 2: computer, 6: 'INV-RES-1', 16: 'spare laptop', 4: 'own comment' });
    expect((await search(6, 'contains', 'INV-RES-2')).map((row) => row['1'])).toEqual([monitorName]);
    expect((await search(16, 'contains', 'spare laptop')).map((row) => row['2'])).toEqual([computer]);
    expect((await search(2, 'equals', monitor)).map((row) => row['1'])).toContain(monitorName);
    const recent = await search(19, 'morethan', '2000-01-01');
    expect(recent.map((row) => row['1'])).toEqual(expect.arrayContaining([computerName, monitorName]));
    // Sorted by the reserved item's name.
    const sorted = await ctx.api.get('search/ReservationItem', { query: 'sort=1&order=DESC&range=0-999' });
    const names = (sorted.body.data as Record<string, unknown>[]).map((row) => String(row['1']));
    expect(names).toEqual([...names].sort().reverse());
    expect((await ctx.api.get(`ReservationItem/${computerRow}`)).body).toMatchObject({ itemtype: 'Computer', items_id: computer, is_active: 1, comment: 'own comment' });
    const options = (await ctx.api.get('listSearchOptions/ReservationItem')).body;
    expect(options['1']).toMatchObject({ table: 'reservation_types', field: 'name', uid: 'ReservationItem.UNKNOWN.name' });
  });

  test('Certificate: number of associated items (72); Appliance: its certificates (1300, 1306); Rack: data centre (81)', async () => {
    const certificate = uniq('cert');
    const certificateId = await ctx.api.create('Certificate', { name: certificate, date_expiration: '2027-06-30' });
    const alone = await ctx.api.create('Certificate', { name: uniq('cert') });
    const appliance = await ctx.api.create('Appliance', { name: uniq('app') });
    await ctx.api.create('Certificate_Item', { certificates_id: certificateId, itemtype: 'Appliance', items_id: appliance });
    await ctx.api.create('Certificate_Item', { certificates_id: certificateId, itemtype: 'Computer', items_id: await ctx.api.create('Computer', { name: uniq('pc') }) });
    const counted = await ctx.api.get('search/Certificate', { query: `criteria[0][field]=72&criteria[0][searchtype]=equals&criteria[0][value]=2&forcedisplay[0]=2&range=0-999` });
    expect(counted.status).toBe(200);
    expect(counted.body.data.map((row: Record<string, unknown>) => Number(row['2']))).toEqual([certificateId]);
    expect(await found('Certificate', 72, 'equals', 2)).not.toContain(alone);
    const byCertificate = await ctx.api.get('search/Appliance', { query: `criteria[0][field]=1300&criteria[0][searchtype]=contains&criteria[0][value]=${certificate}&forcedisplay[0]=31&forcedisplay[1]=1306` });
    expect(byCertificate.body.data.map((row: Record<string, unknown>) => [Number(row['31']), row['1306']])).toEqual([[appliance, '2027-06-30']]);
    const datacenter = uniq('dc');
    const room = await ctx.api.create('DCRoom', { name: uniq('room'), datacenters_id: await ctx.api.create('Datacenter', { name: datacenter }), vis_cols: 4, vis_rows: 4 });
    const rack = await ctx.api.create('Rack', { name: uniq('rack'), dcrooms_id: room });
    expect(await found('Rack', 81, 'contains', datacenter)).toEqual([rack]);
  });

  test('Cartridge: its cartridge item (3) and printer (4) by id, as GLPI 10.0 lists them', async () => {
    const item = await ctx.api.create('CartridgeItem', { name: uniq('toner') });
    const printer = await ctx.api.create('Printer', { name: uniq('printer') });
    const installed = await ctx.api.create('Cartridge', { cartridgeitems_id: item, printers_id: printer });
    const spare = await ctx.api.create('Cartridge', { cartridgeitems_id: item });
    expect((await found('Cartridge', 3, 'contains', item)).sort()).toEqual([installed, spare].sort());
    expect(await found('Cartridge', 4, 'contains', printer)).toEqual([installed]);
    expect((await ctx.api.get('listSearchOptions/Cartridge')).body['3']).toMatchObject({ table: 'glpi_cartridgeitems', field: 'id', name: 'Cartridge models', datatype: 'text' });
  });

  test('a component in a computer: found by its component (4), frequency (20), serial (10) and computer (5, 6)', async () => {
    const cpu = uniq('cpu');
    const processor = await ctx.api.create('DeviceProcessor', { designation: cpu });
    const computer = await ctx.api.create('Computer', { name: uniq('pc') });
    const fast = await ctx.api.create('Item_DeviceProcessor', { itemtype: 'Computer', items_id: computer, deviceprocessors_id: processor, frequency: 3200, serial: 'CPU-SN-1', nbcores: 8 });
    const slow = await ctx.api.create('Item_DeviceProcessor', { itemtype: 'Computer', items_id: computer, deviceprocessors_id: processor, frequency: 1600 });
    const search = async (field: number, searchtype: string, value: string | number) => {
      const res = await ctx.api.get('search/Item_DeviceProcessor', { query: `criteria[0][field]=${field}&criteria[0][searchtype]=${searchtype}&criteria[0][value]=${encodeURIComponent(String(value))}&forcedisplay[0]=1&forcedisplay[1]=4&range=0-999` });
      expect({ field, status: res.status }).toEqual({ field, status: 200 });
      return ((res.body.data ?? []) as Record<string, unknown>[]).map((row) => Number(row['1']));
    };
    expect((await search(4, 'contains', cpu)).sort()).toEqual([fast, slow].sort());
    expect(await search(20, 'contains', 3200)).toEqual([fast]);
    expect(await search(10, 'contains', 'CPU-SN-1')).toEqual([fast]);
    expect(await search(21, 'contains', 8)).toContain(fast);
    expect((await search(5, 'equals', computer)).sort()).toEqual([fast, slow].sort());
    expect((await search(6, 'equals', 'Computer'))).toEqual(expect.arrayContaining([fast, slow]));
    expect((await ctx.api.get('listSearchOptions/Item_DeviceProcessor')).body['4']).toMatchObject({ table: 'glpi_deviceprocessors', field: 'designation', name: 'Processor' });
  });

  test('a link row is found by the id of either side it names (3, 4)', async () => {
    const contract = await ctx.api.create('Contract', { name: uniq('contract') });
    const supplier = await ctx.api.create('Supplier', { name: uniq('supplier') });
    const other = await ctx.api.create('Supplier', { name: uniq('supplier') });
    const link = await ctx.api.create('Contract_Supplier', { contracts_id: contract, suppliers_id: supplier });
    await ctx.api.create('Contract_Supplier', { contracts_id: contract, suppliers_id: other });
    expect(await found('Contract_Supplier', 4, 'contains', supplier)).toEqual([link]);
    expect((await found('Contract_Supplier', 3, 'contains', contract)).length).toBe(2);
    expect((await ctx.api.get('listSearchOptions/Contract_Supplier')).body['4']).toMatchObject({ table: 'glpi_suppliers', field: 'id', name: 'Suppliers', datatype: 'text' });
  });

  test('Enclosure, PDU and passive equipment: server room (1450) and data centre (1451) of their rack', async () => {
    const datacenter = uniq('dc');
    const room = uniq('room');
    const roomId = await ctx.api.create('DCRoom', { name: room, datacenters_id: await ctx.api.create('Datacenter', { name: datacenter }), vis_cols: 10, vis_rows: 10 });
    const rack = await ctx.api.create('Rack', { name: uniq('rack'), dcrooms_id: roomId, number_units: 42 });
    for (const [itemtype, position] of [['Enclosure', 1], ['PDU', 10], ['PassiveDCEquipment', 20]] as const) {
      const mounted = await ctx.api.create(itemtype, { name: uniq(itemtype) });
      const loose = await ctx.api.create(itemtype, { name: uniq(itemtype) });
      await ctx.api.create('Item_Rack', { racks_id: rack, itemtype, items_id: mounted, position });
      expect({ itemtype, found: await found(itemtype, 1450, 'contains', room) }).toEqual({ itemtype, found: [mounted] });
      expect({ itemtype, found: await found(itemtype, 1451, 'contains', datacenter) }).toEqual({ itemtype, found: [mounted] });
      expect(await found(itemtype, 1450, 'contains', room)).not.toContain(loose);
    }
  });

  test('a change to a field without a search option writes no history row, as GLPI', async () => {
    const slm = await ctx.api.create('SLM', { name: uniq('slm') });
    const sla = await ctx.api.create('SLA', { name: uniq('sla'), slms_id: slm, number_time: 4, definition_time: 'hour', type: 0 });
    const rows = async () => (await ctx.api.get(`SLA/${sla}/Log`, { query: 'range=0-999' })).body as Record<string, unknown>[];
    const before = (await rows()).length;
    expect((await ctx.api.put(`SLA/${sla}`, { input: { definition_time: 'day' } })).status).toBe(200);
    expect(await rows()).toHaveLength(before);
    expect((await ctx.api.put(`SLA/${sla}`, { input: { comment: 'four hours' } })).status).toBe(200);
    expect(await rows()).toEqual(expect.arrayContaining([expect.objectContaining({ id_search_option: 16, new_value: 'four hours' })]));
  });
});

/** Rows of a search on `itemtype` showing `shown`, for one criterion. */
async function rows(itemtype: string, field: number, searchtype: string, value: string | number, shown: number[]): Promise<Record<string, unknown>[]> {
  const display = shown.map((id, i) => `&forcedisplay[${i}]=${id}`).join('');
  const query = `criteria[0][field]=${field}&criteria[0][searchtype]=${searchtype}&criteria[0][value]=${encodeURIComponent(String(value))}${display}&range=0-999`;
  const res = await ctx.api.get(`search/${itemtype}`, { query });
  expect({ field, status: res.status, text: res.status >= 300 ? res.text : '' }).toEqual({ field, status: 200, text: '' });
  return (res.body.data ?? []) as Record<string, unknown>[];
}

describe("GLPI 10.0's own options of the management, data centre and tool types", () => {
  test('Contract: end date (20) and end less notice (13) from start and duration, total cost (11), expiration (12), location under 8, costs (41, 44)', async () => {
    const location = await ctx.api.create('Location', { name: uniq('site') });
    const contract = await ctx.api.create('Contract', { name: uniq('ct'), num: 'N-77', begin_date: '2025-01-15', duration: 12, notice: 2, locations_id: location });
    const open = await ctx.api.create('Contract', { name: uniq('ct') });
    await ctx.api.create('ContractCost', { contracts_id: contract, name: 'licence', cost: 100.5 });
    await ctx.api.create('ContractCost', { contracts_id: contract, name: 'support', cost: 20 });
    const [row] = await rows('Contract', 2, 'equals', contract, [20, 13, 11, 12, 8, 3]);
    expect(row).toMatchObject({ 20: '2026-01-15', 13: '2025-11-15', 12: '2026-01-15', 3: 'N-77' });
    expect(row!['11']).toBe('120.5000');
    expect(String(row!['8'])).toContain((await ctx.api.get(`Location/${location}`)).body.name);
    expect((await rows('Contract', 20, 'lessthan', '2026-02-01', [2])).map((r) => r['2'])).toContain(contract);
    expect((await rows('Contract', 20, 'morethan', '2026-02-01', [2])).map((r) => r['2'])).not.toContain(contract);
    expect((await rows('Contract', 13, 'lessthan', '2025-12-01', [2])).map((r) => r['2'])).toContain(contract);
    // Without a start date there is no end.
    expect((await rows('Contract', 2, 'equals', open, [20, 11]))[0]).toMatchObject({ 20: null });
    expect((await rows('Contract', 11, 'contains', '120.5', [2])).map((r) => r['2'])).toEqual([contract]);
    expect((await rows('Contract', 44, 'contains', 'support', [2])).map((r) => r['2'])).toEqual([contract]);
    const options = (await ctx.api.get('listSearchOptions/Contract')).body;
    expect(options['20']).toMatchObject({ table: 'glpi_contracts', field: 'end_date', datatype: 'date_delay', available_searchtypes: ['equals', 'notequals', 'lessthan', 'morethan', 'contains', 'notcontains'] });
    expect(options['8']).toMatchObject({ table: 'glpi_locations', name: 'Location' });
    expect(options['11']).toMatchObject({ table: 'glpi_contractcosts', field: 'totalcost', name: 'Total cost', nosearch: false });
  });

  test('Supplier: its contacts by last and first name (8), its contracts (29), type (9)', async () => {
    const type = await ctx.api.create('SupplierType', { name: uniq('stype') });
    const supplier = await ctx.api.create('Supplier', { name: uniq('sup'), suppliertypes_id: type, phonenumber: '+33 9 99' });
    const last = uniq('Durand');
    const contact = await ctx.api.create('Contact', { name: last, firstname: 'Alice' });
    await ctx.api.create('Contact_Supplier', { contacts_id: contact, suppliers_id: supplier });
    const contract = uniq('ct');
    await ctx.api.create('Contract_Supplier', { contracts_id: await ctx.api.create('Contract', { name: contract }), suppliers_id: supplier });
    const [row] = await rows('Supplier', 8, 'contains', `${last} Alice`, [2, 8, 29, 9]);
    expect(row).toMatchObject({ 2: supplier, 8: `${last} Alice`, 29: contract });
    expect(await found('Supplier', 9, 'equals', type)).toEqual([supplier]);
    expect(await found('Supplier', 5, 'contains', '9 99')).toContain(supplier);
  });

  test('Unmanaged: the location by its own name (3), the entity under 8, serial under 4, hub (7)', async () => {
    const parent = await ctx.api.create('Location', { name: uniq('bldg') });
    const room = uniq('room');
    const location = await ctx.api.create('Location', { name: room, locations_id: parent });
    const entity = await ctx.api.create('Entity', { name: uniq('um-ent'), entities_id: 0 });
    await setRightInDatabase(ctx.server.dataDir, ctx.api, 4, 'unmanaged', 31); // GLPI's install gives no one CREATE on them
    const device = await ctx.api.create('Unmanaged', { name: uniq('um'), serial: 'UM-SER-9', hub: 1, locations_id: location, entities_id: entity });
    const [row] = await rows('Unmanaged', 4, 'contains', 'UM-SER-9', [2, 3, 8]);
    expect(row).toMatchObject({ 2: device, 3: room });
    expect(String(row!['8'])).toContain('um-ent');
    expect(await found('Unmanaged', 8, 'equals', entity)).toEqual([device]);
    expect(await found('Unmanaged', 7, 'equals', 1)).toContain(device);
    const options = (await ctx.api.get('listSearchOptions/Unmanaged')).body;
    expect(options['3']).toMatchObject({ table: 'glpi_locations', field: 'name' });
    expect(options['80']).toBeUndefined();
  });

  test('Reminder: its title (1) and writer (2), planned flag (7), no ID option', async () => {
    const title = uniq('remind');
    await ctx.api.create('Reminder', { name: title, text: 'call back', is_planned: 1, begin: '2026-05-01 10:00:00', end: '2026-05-01 11:00:00' });
    const [row] = await rows('Reminder', 1, 'contains', title, [2, 7, 8]);
    expect(row).toMatchObject({ 1: title, 2: 'glpi', 7: 1 });
    expect((await rows('Reminder', 2, 'equals', 2, [1])).map((r) => r['1'])).toContain(title);
  });

  test('PassiveDCEquipment: its sockets (1310), their model (1311) and wiring side (1312)', async () => {
    const model = uniq('sm');
    const equipment = await ctx.api.create('PassiveDCEquipment', { name: uniq('patch') });
    const socket = uniq('port');
    await ctx.api.create('Socket', { name: socket, itemtype: 'PassiveDCEquipment', items_id: equipment, socketmodels_id: await ctx.api.create('SocketModel', { name: model }), wiring_side: 2 });
    const [row] = await rows('PassiveDCEquipment', 1310, 'contains', socket, [2, 1311]);
    expect(row).toMatchObject({ 2: equipment, 1311: model });
    expect(await found('PassiveDCEquipment', 1312, 'equals', 2)).toContain(equipment);
  });

  test('Enclosure and PDU: the rack they are mounted in (180) and their position (181)', async () => {
    const rack = uniq('rack');
    const rackId = await ctx.api.create('Rack', { name: rack, number_units: 42 });
    for (const itemtype of ['Enclosure', 'PDU']) {
      const id = await ctx.api.create(itemtype, { name: uniq(itemtype) });
      await ctx.api.create('Item_Rack', { racks_id: rackId, itemtype, items_id: id, position: itemtype === 'PDU' ? 30 : 12 });
      const [row] = await rows(itemtype, 180, 'contains', rack, [2, 181]);
      expect(row).toMatchObject({ 2: id, 180: rack, 181: itemtype === 'PDU' ? '30' : '12' });
    }
  });

  test('DatabaseInstance: the item it runs on is listed (5) but not searched, as GLPI', async () => {
    const options = (await ctx.api.get('listSearchOptions/DatabaseInstance')).body;
    expect(options['5']).toMatchObject({ field: 'items_id', name: 'Associated items', datatype: 'specific', nosearch: true });
  });
});
