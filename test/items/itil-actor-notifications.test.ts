/**
 * What a new ticket's or change's actors say of their notifications, as GLPI's API takes it:
 * `_users_id_requester_notif` (and the observer, assign and supplier ones) by the actor's place in
 * its list, and GLPI 10's `_actors` entries' `use_notification` and `alternative_email`.
 */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { uniq } from './fixtures';

const ctx = useServer();

type Link = { users_id?: number; suppliers_id?: number; type: number; use_notification: number; alternative_email: string };
const settings = (rows: Link[], column: 'users_id' | 'suppliers_id') =>
  rows.map((r) => [r[column], r.type, r.use_notification, r.alternative_email]).sort((a, b) => Number(a[0]) - Number(b[0]) || Number(a[1]) - Number(b[1]));

describe('the notification settings of actors named on add', () => {
  test("GLPI's _notif lists set each requester's, observer's and assignee's use_notification and alternative_email by place", async () => {
    const [alice, bob, carol] = [await ctx.api.create('User', { name: uniq('alice') }), await ctx.api.create('User', { name: uniq('bob') }), await ctx.api.create('User', { name: uniq('carol') })];
    const supplier = await ctx.api.create('Supplier', { name: uniq('supplier'), email: 'desk@supplier.example' });
    const ticket = await ctx.api.create('Ticket', {
      name: uniq('notif'),
      content: 'c',
      _users_id_requester: [alice, bob],
      _users_id_requester_notif: { use_notification: [0, 1], alternative_email: ['', 'bob.home@example.org'] },
      _users_id_observer: carol,
      _users_id_observer_notif: { use_notification: 0 },
      _suppliers_id_assign: supplier,
      _suppliers_id_assign_notif: { use_notification: [1], alternative_email: ['night@supplier.example'] },
    });
    const users = (await ctx.api.get(`Ticket/${ticket}/Ticket_User`)).body as Link[];
    expect(settings(users, 'users_id')).toEqual([
      [alice, 1, 0, ''],
      [bob, 1, 1, 'bob.home@example.org'],
      [carol, 3, 0, ''],
    ]);
    const suppliers = (await ctx.api.get(`Ticket/${ticket}/Supplier_Ticket`)).body as Link[];
    expect(settings(suppliers, 'suppliers_id')).toEqual([[supplier, 2, 1, 'night@supplier.example']]);
  });

  test("GLPI 10's _actors entries carry their own settings; a change's actors too", async () => {
    const [dave, erin] = [await ctx.api.create('User', { name: uniq('dave') }), await ctx.api.create('User', { name: uniq('erin') })];
    const change = await ctx.api.create('Change', {
      name: uniq('notif'),
      content: 'c',
      _actors: {
        requester: [{ itemtype: 'User', items_id: dave, use_notification: 1, alternative_email: 'dave@elsewhere.example' }],
        assign: [{ itemtype: 'User', items_id: erin }],
      },
    });
    const users = (await ctx.api.get(`Change/${change}/Change_User`)).body as Link[];
    // Without a setting, the link keeps the table's default (0 on a change's links, as GLPI).
    expect(settings(users, 'users_id')).toEqual([
      [dave, 1, 1, 'dave@elsewhere.example'],
      [erin, 2, 0, ''],
    ]);
  });

  test('an alternative address that is not one refuses the add, and nothing is written', async () => {
    const frank = await ctx.api.create('User', { name: uniq('frank') });
    const name = uniq('refused');
    const res = await ctx.api.post('Ticket', { input: { name, content: 'c', _users_id_requester: frank, _users_id_requester_notif: { alternative_email: 'not an address' } } });
    expect([res.status, res.body]).toEqual([400, ['ERROR_GLPI_ADD', 'Invalid email address: not an address']]);
    const found = (await ctx.api.get('Ticket/', { query: `searchText[name]=${name}` })).body as unknown[];
    expect(found).toEqual([]);
  });
});
