/**
 * HATEOAS links of every itemtype follow GLPI 10.0's getHatoasClasses for the relations its
 * configuration lists decide (document_types, contract_types, infocom_types, ticket_types,
 * networkport_types, reservation_types, project_asset_types, itemdevices_types and its narrower
 * lists): listed exactly for the types of each list, in GLPI's order, and only relations Deskbase
 * serves; only ITIL objects and projects link sub-items of their own.
 */
import { describe, expect, test } from 'bun:test';
import { childTypes } from '../../server/api/items/present';
import { allItemtypes, componentTypes, itemtype } from '../../server/registry';
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
  ReservationItem: ['Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Software'],
  Item_Project: [
    'Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Software', 'DeviceMotherboard', 'DeviceProcessor',
    'DeviceMemory', 'DeviceHardDrive', 'DeviceNetworkCard', 'DeviceDrive', 'DeviceControl', 'DeviceGraphicCard', 'DeviceSoundCard',
    'DevicePci', 'DeviceCase', 'DevicePowerSupply', 'DeviceGeneric', 'DeviceBattery', 'DeviceFirmware', 'Certificate',
    // Project's own list names its items' links too.
    'Project',
  ],
  // itemdevices_types, narrowed for memory, power supplies and network cards.
  Item_DeviceProcessor: ['Computer', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'Enclosure'],
  Item_DeviceMemory: ['Computer', 'NetworkEquipment', 'Peripheral', 'Printer'],
  Item_DevicePowerSupply: ['Computer', 'NetworkEquipment', 'Enclosure'],
  Item_DeviceNetworkCard: ['Computer', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer'],
};
/** The only types GLPI gives sub-item links of their own, after the config lists' ones. */
const OWN_CHILDREN: Record<string, readonly string[]> = {
  Ticket: ['TicketTask', 'TicketValidation', 'TicketCost', 'Problem_Ticket', 'Change_Ticket', 'Item_Ticket', 'ITILSolution', 'ITILFollowup', 'Ticket_User', 'Group_Ticket', 'Supplier_Ticket'],
  Problem: ['ProblemTask', 'ProblemCost', 'Change_Problem', 'Problem_Ticket', 'Item_Problem', 'ITILSolution', 'ITILFollowup', 'Problem_User', 'Group_Problem', 'Problem_Supplier'],
  Change: ['ChangeTask', 'ChangeCost', 'Itil_Project', 'Change_Problem', 'Change_Ticket', 'Change_Item', 'ITILSolution', 'ITILFollowup', 'Change_User', 'Change_Group', 'Change_Supplier'],
  Project: ['ProjectTask', 'ProjectCost', 'Itil_Project', 'Item_Project'],
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

  test('no type but ITIL objects and projects links sub-items beyond the config lists, as GLPI', () => {
    const listed = new Set([...ORDER, ...componentTypes().map((t) => t.name)]);
    for (const type of allItemtypes()) {
      const own = childTypes(type).filter((name) => !listed.has(name));
      const expected = (OWN_CHILDREN[type.name] ?? []).filter((name) => itemtype(name) !== undefined && !listed.has(name));
      expect({ type: type.name, own }).toEqual({ type: type.name, own: expected });
    }
    const phone = childTypes(itemtype('Phone')!);
    expect(phone.filter((name) => name.startsWith('Item_Device'))).toEqual(componentTypes().map((t) => t.name).filter((name) => name !== 'Item_DeviceMemory' && name !== 'Item_DevicePowerSupply'));
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
    // A follow-up made through the API has no request type (0, as GLPI stores it): no RequestType link.
    expect(await rels(`ITILFollowup/${followup}`)).toEqual(['Ticket', 'User', 'Document_Item']);
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
