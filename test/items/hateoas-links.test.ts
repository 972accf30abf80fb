/**
 * HATEOAS links of every itemtype follow GLPI 10.0's getHatoasClasses for the relations its
 * configuration lists decide (document_types, contract_types, infocom_types, ticket_types,
 * networkport_types): listed exactly for the types of each list, in GLPI's order, and only
 * relations Deskbase serves.
 */
import { describe, expect, test } from 'bun:test';
import { childTypes } from '../../server/api/items/present';
import { allItemtypes, itemtype } from '../../server/registry';
import { useServer } from '../support/server';
import { uniq } from './fixtures';

const ctx = useServer();

/** GLPI 10.0's lists for these relations (inc/define.php), as GLPI's own tests and dumps show them. */
const GLPI_LISTS: Record<string, readonly string[]> = {
  Document_Item: [
    'Budget', 'CartridgeItem', 'Change', 'Computer', 'ConsumableItem', 'Contact', 'Contract', 'Document', 'Entity', 'KnowbaseItem',
    'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Problem', 'Project', 'ProjectTask', 'Reminder', 'Software',
    'Line', 'SoftwareLicense', 'Supplier', 'Ticket', 'User', 'Certificate', 'Cluster', 'ITILFollowup', 'ITILSolution', 'ChangeTask',
    'ProblemTask', 'TicketTask', 'Appliance', 'DatabaseInstance',
  ],
  Infocom: [
    'Cartridge', 'CartridgeItem', 'Computer', 'Consumable', 'ConsumableItem', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone',
    'Printer', 'Software', 'SoftwareLicense', 'Line', 'Certificate', 'Domain', 'Appliance', 'Item_DeviceSimcard', 'Rack', 'Enclosure',
    'PDU', 'PassiveDCEquipment', 'DatabaseInstance', 'Cable',
  ],
  NetworkPort: ['Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Enclosure', 'PDU', 'Cluster', 'Unmanaged'],
};
const ORDER = ['ReservationItem', 'Document_Item', 'Contract_Item', 'Infocom', 'Item_Ticket', 'Item_Project', 'NetworkPort'];

describe('HATEOAS links, registry-wide', () => {
  test.each(Object.keys(GLPI_LISTS))('%s is listed exactly for the types of its GLPI list', (relation) => {
    const listed = allItemtypes()
      .filter((type) => childTypes(type).includes(relation))
      .map((type) => type.name)
      .sort();
    const expected = GLPI_LISTS[relation]!.filter((name) => itemtype(name) !== undefined).sort();
    expect(listed).toEqual(expected);
  });

  test('contracts and tickets: the types of contract_types and ticket_types (components and their links among them)', () => {
    const listing = (relation: string) => allItemtypes().filter((type) => childTypes(type).includes(relation)).map((type) => type.name);
    const contracts = listing('Contract_Item');
    for (const name of ['Computer', 'Project', 'Line', 'DCRoom', 'Rack', 'PDU', 'Domain', 'DatabaseInstance', 'Item_DeviceProcessor', 'Item_DeviceCamera']) expect(contracts).toContain(name);
    // Not in contract_types although they may carry contracts or be named by them.
    for (const name of ['Ticket', 'Supplier', 'DeviceProcessor', 'PassiveDCEquipment', 'Cable', 'Unmanaged']) expect(contracts).not.toContain(name);
    const tickets = listing('Item_Ticket');
    for (const name of ['Cable', 'Database', 'DomainRecord', 'Item_DeviceSimcard', 'PassiveDCEquipment']) expect(tickets).toContain(name);
    for (const name of ['Unmanaged', 'Item_DeviceProcessor', 'Contract']) expect(tickets).not.toContain(name);
  });

  test("every type: the config-list relations come first, once each, in GLPI's order; every link names a served type", () => {
    for (const type of allItemtypes()) {
      const links = childTypes(type);
      for (const name of links) expect({ type: type.name, name, served: itemtype(name) !== undefined }).toEqual({ type: type.name, name, served: true });
      const firstOwn = links.findIndex((name) => !ORDER.includes(name));
      const lead = firstOwn === -1 ? links : links.slice(0, firstOwn);
      const positions = lead.map((name) => ORDER.indexOf(name));
      expect({ type: type.name, positions }).toEqual({ type: type.name, positions: [...new Set(positions)].sort((a, b) => a - b) });
    }
  });

  test('through the API: a followup links its documents, a contract links no financial data, a cable no documents', async () => {
    const ticket = await ctx.api.create('Ticket', { name: uniq('t'), content: 'c' });
    const followup = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'linked' });
    const rels = async (path: string) => ((await ctx.api.get(path)).body.links as { rel: string; href: string }[]).map((link) => link.rel);
    expect(await rels(`ITILFollowup/${followup}`)).toEqual(['Ticket', 'User', 'RequestType', 'Document_Item']);
    const old = (await ctx.api.get(`TicketFollowup/${followup}`)).body.links.find((link: any) => link.rel === 'Document_Item');
    expect(old.href).toEndWith(`/apirest.php/TicketFollowup/${followup}/Document_Item/`);
    expect((await ctx.api.get(old.href.replace(/^.*\/apirest\.php\//, ''))).status).toBe(200);
    const contract = await ctx.api.create('Contract', { name: uniq('c') });
    expect(await rels(`Contract/${contract}`)).not.toContain('Infocom');
    expect(await rels(`Contract/${contract}`)).toContain('Document_Item');
    const cable = await ctx.api.create('Cable', { name: uniq('cable') });
    const cableRels = await rels(`Cable/${cable}`);
    expect(cableRels.filter((rel) => ORDER.includes(rel))).toEqual(['Infocom', 'Item_Ticket']);
    expect((await ctx.api.get(`Ticket/${ticket}`)).body.links.map((link: any) => link.rel)).not.toContain('Contract_Item');
  });
});
