/**
 * getItem and list pages write their answers as text (links spliced in, see api/items/item.ts);
 * getMultipleItems builds the same items as objects and serialises them. Both must give the same
 * bytes, whatever the options and the item's links.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { uniq } from './fixtures';

let server: TestServer;
let api: Client;
const items: [string, number][] = [];

beforeAll(async () => {
  server = await startServer();
  api = await new Client(server.api).login();
  const location = await api.create('Location', { name: uniq('Room "A" \\ é') });
  const computer = await api.create('Computer', { name: uniq('pc "quoted" ✓'), locations_id: location, users_id: 2, comment: 'line\nbreak' });
  const port = await api.create('NetworkPort', { itemtype: 'Computer', items_id: computer, name: 'eth0', instantiation_type: 'NetworkPortEthernet' });
  const ticket = await api.create('Ticket', { name: uniq('ticket'), content: 'it broke' });
  const link = await api.create('Item_Ticket', { itemtype: 'Computer', items_id: computer, tickets_id: ticket });
  items.push(['Computer', computer], ['Location', location], ['NetworkPort', port], ['Ticket', ticket], ['Item_Ticket', link], ['Entity', 0], ['User', 2]);
});

afterAll(() => server?.dispose());

const OPTIONS = [
  '',
  'expand_dropdowns=true',
  'get_hateoas=false',
  'only_id=true',
  'add_keys_names[]=id&add_keys_names[]=locations_id&add_keys_names[]=items_id',
  'with_networkports=true&with_logs=true&with_tickets=true',
  'expand_dropdowns=true&get_hateoas=true&with_logs=true&add_keys_names[]=users_id',
  'get_sha1=true',
];

test('getItem answers the bytes getMultipleItems gives for the same item, with every option', async () => {
  for (const [itemtype, id] of items) {
    for (const query of OPTIONS) {
      const single = await api.get(`${itemtype}/${id}`, { query });
      const multiple = await api.get('getMultipleItems', { query: `items[0][itemtype]=${itemtype}&items[0][items_id]=${id}${query ? `&${query}` : ''}` });
      expect(single.status, `${itemtype}/${id}?${query}`).toBe(200);
      expect(multiple.status).toBe(200);
      expect(single.text, `${itemtype}/${id}?${query}`).toBe(JSON.stringify(multiple.body[0]));
    }
  }
});

/** The options a list page honours (no with_* but with_networkports, never get_sha1). */
const PAGE_OPTIONS = OPTIONS.filter((query) => !/with_logs|with_tickets|get_sha1/.test(query)).concat('with_networkports=true');

/** Types whose getItem adds what GLPI adds on loading one item (an entity's inherited settings): lists differ. */
const LOADED_APART = new Set(['Entity']);

test('a list page answers the bytes getMultipleItems gives for the same items, with every option it honours', async () => {
  for (const itemtype of new Set(items.map(([type]) => type).filter((type) => !LOADED_APART.has(type)))) {
    for (const query of PAGE_OPTIONS) {
      const page = await api.get(`${itemtype}/`, { query: `range=0-49${query ? `&${query}` : ''}` });
      expect(page.status, `${itemtype}/?${query}`).toBeOneOf([200, 206]);
      const ids = (page.body as { id: number }[]).map((item) => item.id);
      expect(ids, `${itemtype}/?${query}`).toEqual(expect.arrayContaining(items.filter(([type]) => type === itemtype).map(([, id]) => id)));
      const listed = ids.map((id, i) => `items[${i}][itemtype]=${itemtype}&items[${i}][items_id]=${id}`).join('&');
      const multiple = await api.get('getMultipleItems', { query: `${listed}${query ? `&${query}` : ''}` });
      expect(multiple.status).toBe(200);
      expect(page.text, `${itemtype}/?${query}`).toBe(JSON.stringify(multiple.body));
    }
  }
});

// As GLPI's links name its url_base_api setting: the Host header is the client's to choose.
test('the links name the server\'s own address, whatever Host the client reached it by', async () => {
  const [, computer] = items[0]!;
  const viaName = await fetch(`${server.api.replace('127.0.0.1', 'localhost')}/Computer/${computer}`, { headers: { 'Session-Token': api.token } });
  const body = (await viaName.json()) as { links: { href: string }[] };
  expect(body.links.length).toBeGreaterThan(5);
  for (const link of body.links) expect(link.href.startsWith(`${server.api}/`)).toBe(true);
});
