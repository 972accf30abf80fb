/**
 * Rows that merely name an item (a consumable given to a user or a group, a database instance or
 * an agent on a computer, a cartridge in a printer) stay when that item is purged, and name
 * nothing any more; trashing the item changes nothing.
 */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { plantAgent, uniq } from './fixtures';

const ctx = useServer();

async function purge(itemtype: string, id: number): Promise<void> {
  const trashed = await ctx.api.del(`${itemtype}/${id}`);
  expect(trashed.status).toBe(204);
  const purged = await ctx.api.del(`${itemtype}/${id}`, { query: 'force_purge=true' });
  expect({ status: purged.status, text: purged.text }).toEqual({ status: 204, text: '' });
  expect((await ctx.api.get(`${itemtype}/${id}`)).status).toBe(404);
}

const read = async (itemtype: string, id: number) => (await ctx.api.get(`${itemtype}/${id}`)).body;

describe('purging an item a row names by itemtype and items_id', () => {
  test('consumables given to a purged user go back to stock, those given to a purged group keep their dates; both name no one', async () => {
    const item = await ctx.api.create('ConsumableItem', { name: uniq('toner') });
    const user = await ctx.api.create('User', { name: uniq('user') });
    const kept = await ctx.api.create('User', { name: uniq('user') });
    const group = await ctx.api.create('Group', { name: uniq('group') });
    const give = (itemtype: string, items_id: number) => ctx.api.create('Consumable', { consumableitems_id: item, itemtype, items_id, date_in: '2026-01-05', date_out: '2026-02-01' });
    const toUser = await give('User', user);
    const toOther = await give('User', kept);
    const toGroup = await give('Group', group);

    await purge('User', user);
    // As GLPI, a consumable given to a purged user goes back to stock.
    expect(await read('Consumable', toUser)).toMatchObject({ itemtype: null, items_id: 0, date_out: null, consumableitems_id: item });
    expect(await read('Consumable', toOther)).toMatchObject({ itemtype: 'User', items_id: kept });

    const removed = await ctx.api.del(`Group/${group}`, { query: 'force_purge=true' });
    expect(removed.status).toBe(204);
    expect(await read('Consumable', toGroup)).toMatchObject({ itemtype: null, items_id: 0, date_out: '2026-02-01' });
  });

  test('a database instance and an agent stay when their computer is purged, tied to nothing', async () => {
    const computer = await ctx.api.create('Computer', { name: uniq('host') });
    const instance = await ctx.api.create('DatabaseInstance', { name: uniq('instance'), itemtype: 'Computer', items_id: computer });
    const database = await ctx.api.create('Database', { name: uniq('db'), databaseinstances_id: instance });
    const agent = plantAgent(ctx.server, { itemtype: 'Computer', items_id: computer });

    // The trash keeps every link.
    expect((await ctx.api.del(`Computer/${computer}`)).status).toBe(204);
    expect(await read('DatabaseInstance', instance)).toMatchObject({ itemtype: 'Computer', items_id: computer });
    expect(await read('Agent', agent)).toMatchObject({ itemtype: 'Computer', items_id: computer });

    expect((await ctx.api.del(`Computer/${computer}`, { query: 'force_purge=true' })).status).toBe(204);
    expect(await read('DatabaseInstance', instance)).toMatchObject({ itemtype: '', items_id: 0 });
    expect(await read('Database', database)).toMatchObject({ databaseinstances_id: instance });
    expect(await read('Agent', agent)).toMatchObject({ itemtype: '', items_id: 0 });
    // Another computer's instance is not touched.
    const other = await ctx.api.create('Computer', { name: uniq('host') });
    const otherInstance = await ctx.api.create('DatabaseInstance', { name: uniq('instance'), itemtype: 'Computer', items_id: other });
    expect(await read('DatabaseInstance', otherInstance)).toMatchObject({ itemtype: 'Computer', items_id: other });
  });

  test('a cartridge installed in a purged printer stays with its cartridge item, in no printer', async () => {
    const item = await ctx.api.create('CartridgeItem', { name: uniq('ink') });
    const printer = await ctx.api.create('Printer', { name: uniq('printer') });
    const cartridge = await ctx.api.create('Cartridge', { cartridgeitems_id: item, printers_id: printer, date_in: '2026-01-05', date_use: '2026-01-06' });
    await purge('Printer', printer);
    expect(await read('Cartridge', cartridge)).toMatchObject({ cartridgeitems_id: item, printers_id: 0, date_use: '2026-01-06' });
  });

  test("a component's location or state purged: the component stays on its computer, with 0 there", async () => {
    const computer = await ctx.api.create('Computer', { name: uniq('host') });
    const location = await ctx.api.create('Location', { name: uniq('room') });
    const state = await ctx.api.create('State', { name: uniq('state') });
    const memory = await ctx.api.create('Item_DeviceMemory', {
      devicememories_id: await ctx.api.create('DeviceMemory', { designation: uniq('ram') }),
      itemtype: 'Computer', items_id: computer, locations_id: location, states_id: state,
    });
    const simcard = await ctx.api.create('Item_DeviceSimcard', {
      devicesimcards_id: await ctx.api.create('DeviceSimcard', { designation: uniq('sim') }),
      itemtype: 'Computer', items_id: computer, locations_id: location,
    });
    for (const [itemtype, id] of [['Location', location], ['State', state]] as const) {
      expect((await ctx.api.del(`${itemtype}/${id}`, { query: 'force_purge=true' })).status).toBe(204);
    }
    expect(await read('Item_DeviceMemory', memory)).toMatchObject({ items_id: computer, locations_id: 0, states_id: 0 });
    expect(await read('Item_DeviceSimcard', simcard)).toMatchObject({ items_id: computer, locations_id: 0 });
  });

  test('a purged computer leaves no row naming it through the search either', async () => {
    const computer = await ctx.api.create('Computer', { name: uniq('host') });
    const agent = uniq('agent');
    plantAgent(ctx.server, { name: agent, itemtype: 'Computer', items_id: computer });
    const itemOf = async () => {
      const res = await ctx.api.get('search/Agent', { query: `criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=${agent}&forcedisplay[0]=15` });
      expect(res.status).toBe(200);
      return res.body.data.map((row: any) => String(row['15']));
    };
    expect(await itemOf()).toEqual([String(computer)]);
    await purge('Computer', computer);
    expect(await itemOf()).toEqual(['0']);
  });
});
