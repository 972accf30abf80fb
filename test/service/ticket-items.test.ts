/**
 * Tickets opened about items, and assigned from them or from their category, as GLPI: `items_id`
 * links the items (Item_Ticket, Item_Problem, Change_Item, logged on both sides); the entity's
 * auto_assign_mode takes the technician and group of the one item, or of the category.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { createUser, loginAs } from '../rights/fixture';
import type { Client } from '../support/client';
import { creates, fill, holds, scenario, updates, type Step } from '../support/scenario';
import { useServer } from '../support/server';

const ctx = useServer();
const SELF_SERVICE = 1;
const ids = { pc: 0, printer: 0, tech: 0, itemGroup: 0, categoryTech: 0, categoryGroup: 0, category: 0 };

/** The items a link collection lists, as `[itemtype, items_id]` (placeholders allowed). */
const linked = (path: string, expected: unknown[][]): Step => ({
  request: `GET ${path}`,
  status: 200,
  check: (res, captured) => expect((res.body as { itemtype: string; items_id: number }[]).map((l): unknown[] => [l.itemtype, l.items_id])).toEqual(fill(expected, captured) as unknown[][]),
});
/** The users or groups assigned (type 2) to the captured `ticket`. */
const assigned = (link: 'Ticket_User' | 'Group_Ticket', expected: number[]): Step => ({
  request: `GET Ticket/\${ticket}/${link}`,
  status: 200,
  check: (res) => {
    const field = link === 'Ticket_User' ? 'users_id' : 'groups_id';
    expect((res.body as Record<string, number>[]).filter((a) => a.type === 2).map((a) => a[field])).toEqual(expected);
  },
});
const assignees = (users: number[], groups: number[]): Step[] => [assigned('Ticket_User', users), assigned('Group_Ticket', groups)];
const refusedAdd = (input: Record<string, unknown>, message: string, as?: Client): Step =>
  ({ request: 'POST Ticket/', body: { input: { name: 'x', content: 'x', ...input } }, status: 400, error: 'ERROR_GLPI_ADD', message, ...(as ? { as } : {}) });

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
  test('items_id links each item to the ticket, problem or change, logged on both sides', () =>
    scenario(ctx.api, [
      creates('ticket', 'Ticket', { name: 'slow', content: 'x', items_id: { Computer: [ids.pc], Printer: ids.printer } }),
      linked('Ticket/${ticket}/Item_Ticket', [['Computer', ids.pc], ['Printer', ids.printer]]),
      {
        request: `GET Computer/${ids.pc}/Log`,
        query: 'range=0-999&sort=id&order=ASC',
        status: 200,
        check: (res) => expect((res.body as { itemtype_link: string; linked_action: number }[]).filter((l) => l.itemtype_link === 'Ticket').map((l) => l.linked_action)).toContain(15),
      },
      creates('problem', 'Problem', { name: 'p', content: 'x', items_id: { Computer: { 0: ids.pc } } }),
      linked('Problem/${problem}/Item_Problem', [['Computer', ids.pc]]),
      creates('change', 'Change', { name: 'c', content: 'x', items_id: { Computer: [ids.pc, ids.pc] } }),
      linked('Change/${change}/Change_Item', [['Computer', ids.pc]]),
    ]));

  test('an update naming items links those not linked yet, and keeps the others as they are', () =>
    scenario(ctx.api, [
      creates('ticket', 'Ticket', { name: 'more items', content: 'x', items_id: { Computer: [ids.pc] } }),
      updates('Ticket/${ticket}', { items_id: { Computer: [ids.pc], Printer: [ids.printer] } }),
      linked('Ticket/${ticket}/Item_Ticket', [['Computer', ids.pc], ['Printer', ids.printer]]),
      { request: 'PUT Ticket/${ticket}', body: { input: { urgency: 5, items_id: { Computer: [987654] } } }, status: 400, error: 'ERROR_GLPI_UPDATE', message: 'Field items_id: Computer 987654 does not exist' },
      holds('Ticket/${ticket}', { urgency: 3 }),
    ]));

  test('a requester names their own computer without any right on computers', async () => {
    await createUser(ctx.api, 'asker', SELF_SERVICE, 0, true);
    const asker = await loginAs(ctx.server.api, 'asker');
    await scenario(ctx.api, [
      creates('ticket', 'Ticket', { name: 'my pc', content: 'x', items_id: { Computer: [ids.pc] } }, asker),
      linked('Ticket/${ticket}/Item_Ticket', [['Computer', ids.pc]]),
    ]);
  });

  test("an item outside the requester's entities is refused as one that does not exist", async () => {
    const mine = await ctx.api.create('Entity', { name: 'Mine', entities_id: 0 });
    await createUser(ctx.api, 'local-asker', SELF_SERVICE, mine, true);
    const asker = await loginAs(ctx.server.api, 'local-asker');
    await scenario(ctx.api, [
      creates('elsewhere', 'Entity', { name: 'Elsewhere', entities_id: 0 }),
      creates('far', 'Computer', { name: 'far-pc', entities_id: '${elsewhere}' }),
      creates('near', 'Computer', { name: 'near-pc', entities_id: mine }),
      refusedAdd({ items_id: { Computer: ['${far}'] } }, 'Field items_id: Computer ${far} does not exist', asker),
      creates('ticket', 'Ticket', { name: 'near', content: 'x', items_id: { Computer: ['${near}'] } }, asker),
      linked('Ticket/${ticket}/Item_Ticket', [['Computer', '${near}']]),
    ]);
  });

  test('an item that does not exist, of a type a ticket does not take, or a malformed list refuses the whole add', () =>
    scenario(ctx.api, [
      { request: 'GET Ticket/', query: 'range=0-999', status: 200, capture: { before: (body) => body.length } },
      refusedAdd({ items_id: { Computer: [987654] } }, 'Field items_id: Computer 987654 does not exist'),
      refusedAdd({ items_id: { User: [2] } }, 'Field items_id: User cannot be linked to Item_Ticket'),
      refusedAdd({ items_id: [ids.pc] }, 'Field items_id: an object of itemtypes and ids, such as {"Computer": [3]}'),
      { request: 'GET Ticket/', query: 'range=0-999', status: 200, check: (res, { before }) => expect(res.body.length).toBe(before) },
    ]));
});

describe('automatic assignment (auto_assign_mode)', () => {
  const open = (input: Record<string, unknown>) => creates('ticket', 'Ticket', { name: 'assign me', content: 'x', ...input });

  test('as installed, nothing is assigned', () =>
    scenario(ctx.api, [open({ items_id: { Computer: [ids.pc] }, itilcategories_id: ids.category }), ...assignees([], [])]));

  test('1: the item first, then the category fills what is left; 2: the category first; a technician given by hand stays alone', () =>
    scenario(ctx.api, [
      updates('Entity/0', { auto_assign_mode: 1 }),
      open({ items_id: { Computer: [ids.pc] }, itilcategories_id: ids.category }),
      ...assignees([ids.tech], [ids.itemGroup]),
      holds('Ticket/${ticket}', { status: 2 }),
      // The printer has no technician: the category gives both.
      open({ items_id: { Printer: [ids.printer] }, itilcategories_id: ids.category }),
      ...assignees([ids.categoryTech], [ids.categoryGroup]),
      // Two items: none of them decides.
      open({ items_id: { Computer: [ids.pc], Printer: [ids.printer] } }),
      ...assignees([], []),
      updates('Entity/0', { auto_assign_mode: 2 }),
      open({ items_id: { Computer: [ids.pc] }, itilcategories_id: ids.category }),
      ...assignees([ids.categoryTech], [ids.categoryGroup]),
      open({ items_id: { Computer: [ids.pc] }, itilcategories_id: ids.category, _users_id_assign: 2 }),
      ...assignees([2], [ids.categoryGroup]),
      updates('Entity/0', { auto_assign_mode: -10 }),
    ]));
});
