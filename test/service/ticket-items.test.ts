/**
 * Tickets opened about items, and assigned from them or from their category, as GLPI: `items_id`
 * links the items (Item_Ticket, Item_Problem, Change_Item, logged on both sides); the entity's
 * auto_assign_mode takes the technician and group of the one item, or of the category.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { createUser, loginAs } from '../rights/fixture';
import { expectError, logsOf } from '../items/fixtures';
import { useServer } from '../support/server';

const ctx = useServer();
const SELF_SERVICE = 1;
const ids = { pc: 0, printer: 0, tech: 0, itemGroup: 0, categoryTech: 0, categoryGroup: 0, category: 0 };

const linked = async (itemtype: string, id: number, link: string) =>
  ((await ctx.api.get(`${itemtype}/${id}/${link}`)).body as { itemtype: string; items_id: number }[]).map((l) => [l.itemtype, l.items_id]);
const assignees = async (ticket: number) => ({
  users: ((await ctx.api.get(`Ticket/${ticket}/Ticket_User`)).body as { users_id: number; type: number }[]).filter((a) => a.type === 2).map((a) => a.users_id),
  groups: ((await ctx.api.get(`Ticket/${ticket}/Group_Ticket`)).body as { groups_id: number; type: number }[]).filter((a) => a.type === 2).map((a) => a.groups_id),
});

beforeAll(async () => {
  const { api } = ctx;
  ids.tech = await createUser(api, 'pc-tech', 6, 0, true);
  ids.categoryTech = await createUser(api, 'category-tech', 6, 0, true);
  ids.itemGroup = await api.create('Group', { name: 'Workstations' });
  ids.categoryGroup = await api.create('Group', { name: 'Printing' });
  ids.pc = await api.create('Computer', { name: 'pc-42', users_id_tech: ids.tech, groups_id_tech: ids.itemGroup });
  ids.printer = await api.create('Printer', { name: 'printer-7' });
  ids.category = await api.create('ITILCategory', { name: 'Printing', users_id: ids.categoryTech, groups_id: ids.categoryGroup });
});

describe('items named when opening', () => {
  test('items_id links each item to the ticket, problem or change, logged on both sides', async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'slow', content: 'x', items_id: { Computer: [ids.pc], Printer: ids.printer } });
    expect(await linked('Ticket', ticket, 'Item_Ticket')).toEqual([['Computer', ids.pc], ['Printer', ids.printer]]);
    expect((await logsOf(ctx.api, 'Computer', ids.pc)).some((l) => l.itemtype_link === 'Ticket' && l.linked_action === 15)).toBe(true);
    const problem = await ctx.api.create('Problem', { name: 'p', content: 'x', items_id: { Computer: { 0: ids.pc } } });
    expect(await linked('Problem', problem, 'Item_Problem')).toEqual([['Computer', ids.pc]]);
    const change = await ctx.api.create('Change', { name: 'c', content: 'x', items_id: { Computer: [ids.pc, ids.pc] } });
    expect(await linked('Change', change, 'Change_Item')).toEqual([['Computer', ids.pc]]);
  });

  test('an update naming items links those not linked yet, and keeps the others as they are', async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'more items', content: 'x', items_id: { Computer: [ids.pc] } });
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { items_id: { Computer: [ids.pc], Printer: [ids.printer] } } })).status).toBe(200);
    expect(await linked('Ticket', ticket, 'Item_Ticket')).toEqual([['Computer', ids.pc], ['Printer', ids.printer]]);
    const res = await ctx.api.put(`Ticket/${ticket}`, { input: { urgency: 5, items_id: { Computer: [987654] } } });
    expect([res.status, res.body[1]]).toEqual([400, 'Field items_id: Computer 987654 does not exist']);
    expect((await ctx.api.get(`Ticket/${ticket}`)).body.urgency).toBe(3);
  });

  test('a requester names their own computer without any right on computers', async () => {
    await createUser(ctx.api, 'asker', SELF_SERVICE, 0, true);
    const asker = await loginAs(ctx.server.api, 'asker');
    const ticket = await asker.create('Ticket', { name: 'my pc', content: 'x', items_id: { Computer: [ids.pc] } });
    expect(await linked('Ticket', ticket, 'Item_Ticket')).toEqual([['Computer', ids.pc]]);
  });

  test("an item outside the requester's entities is refused as one that does not exist", async () => {
    const mine = await ctx.api.create('Entity', { name: 'Mine', entities_id: 0 });
    const elsewhere = await ctx.api.create('Entity', { name: 'Elsewhere', entities_id: 0 });
    const far = await ctx.api.create('Computer', { name: 'far-pc', entities_id: elsewhere });
    const near = await ctx.api.create('Computer', { name: 'near-pc', entities_id: mine });
    await createUser(ctx.api, 'local-asker', SELF_SERVICE, mine, true);
    const asker = await loginAs(ctx.server.api, 'local-asker');
    expectError(await asker.post('Ticket/', { input: { name: 'x', content: 'x', items_id: { Computer: [far] } } }), 400, 'ERROR_GLPI_ADD', `Field items_id: Computer ${far} does not exist`);
    const ticket = await asker.create('Ticket', { name: 'near', content: 'x', items_id: { Computer: [near] } });
    expect(await linked('Ticket', ticket, 'Item_Ticket')).toEqual([['Computer', near]]);
  });

  test('an item that does not exist, of a type a ticket does not take, or a malformed list refuses the whole add', async () => {
    const before = (await ctx.api.get('Ticket/', { query: 'range=0-999' })).body.length;
    expectError(await ctx.api.post('Ticket/', { input: { name: 'x', content: 'x', items_id: { Computer: [987654] } } }), 400, 'ERROR_GLPI_ADD', 'Field items_id: Computer 987654 does not exist');
    expectError(await ctx.api.post('Ticket/', { input: { name: 'x', content: 'x', items_id: { User: [2] } } }), 400, 'ERROR_GLPI_ADD', 'Field items_id: User cannot be linked to Item_Ticket');
    expectError(await ctx.api.post('Ticket/', { input: { name: 'x', content: 'x', items_id: [ids.pc] } }), 400, 'ERROR_GLPI_ADD', 'Field items_id: an object of itemtypes and ids, such as {"Computer": [3]}');
    expect((await ctx.api.get('Ticket/', { query: 'range=0-999' })).body.length).toBe(before);
  });
});

describe('automatic assignment (auto_assign_mode)', () => {
  const open = (input: Record<string, unknown>) => ctx.api.create('Ticket', { name: 'assign me', content: 'x', ...input });

  test('as installed, nothing is assigned', async () => {
    expect(await assignees(await open({ items_id: { Computer: [ids.pc] }, itilcategories_id: ids.category }))).toEqual({ users: [], groups: [] });
  });

  test('1: the item first, then the category fills what is left; 2: the category first; a technician given by hand stays alone', async () => {
    expect((await ctx.api.put('Entity/0', { input: { auto_assign_mode: 1 } })).status).toBe(200);
    const itemFirst = await open({ items_id: { Computer: [ids.pc] }, itilcategories_id: ids.category });
    expect(await assignees(itemFirst)).toEqual({ users: [ids.tech], groups: [ids.itemGroup] });
    expect((await ctx.api.get(`Ticket/${itemFirst}`)).body.status).toBe(2);
    // The printer has no technician: the category gives both.
    expect(await assignees(await open({ items_id: { Printer: [ids.printer] }, itilcategories_id: ids.category }))).toEqual({ users: [ids.categoryTech], groups: [ids.categoryGroup] });
    // Two items: none of them decides.
    expect(await assignees(await open({ items_id: { Computer: [ids.pc], Printer: [ids.printer] } }))).toEqual({ users: [], groups: [] });
    expect((await ctx.api.put('Entity/0', { input: { auto_assign_mode: 2 } })).status).toBe(200);
    expect(await assignees(await open({ items_id: { Computer: [ids.pc] }, itilcategories_id: ids.category }))).toEqual({ users: [ids.categoryTech], groups: [ids.categoryGroup] });
    expect(await assignees(await open({ items_id: { Computer: [ids.pc] }, itilcategories_id: ids.category, _users_id_assign: 2 }))).toEqual({ users: [2], groups: [ids.categoryGroup] });
    expect((await ctx.api.put('Entity/0', { input: { auto_assign_mode: -10 } })).status).toBe(200);
  });
});
