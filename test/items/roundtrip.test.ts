/**
 * Every itemtype of the registry goes through create → read → update → (trash → restore) →
 * purge, with inputs built from its columns and owners. A new itemtype is covered by adding it
 * to the registry.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { allItemtypes, itemtype, type Itemtype } from '../../server/registry';
import { DEFAULT_RIGHTS } from '../../server/registry/default-profiles';
import { namedByLink } from '../../server/items/added-names';
import { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { DATETIME, expectError, Fixtures, logsOf, plantAgent, uniq } from './fixtures';

let server: TestServer;
let api: Client;
let fx: Fixtures;

beforeAll(async () => {
  server = await startServer();
  api = await new Client(server.api).login();
  fx = new Fixtures(api);
});
afterAll(() => server.dispose());

/** A field to change on update, with a new value, chosen from the type's columns. */
function updateFor(type: Itemtype, created: Record<string, unknown>): [string, unknown] {
  const writable = (c: string) => type.column.has(c) && !type.computed.includes(c) && !type.hidden.includes(c);
  for (const c of ['comment', 'content', 'comment_submission']) if (writable(c)) return [c, `updated ${type.name}`];
  if (writable('name')) return ['name', uniq(`${type.name}-renamed`)];
  const ownerFks = new Set(type.owners.flatMap((o) => ('fk' in o ? [o.fk] : ['itemtype', 'items_id'])));
  const flag = type.columns.find((c) => c.kind === 'bool' && c.name !== 'is_deleted' && writable(c.name) && !c.name.startsWith('is_recursive'));
  if (flag) return [flag.name, 1 - Number(created[flag.name] ?? flag.default ?? 0)];
  // Pure link rows (e.g. Change_Ticket): rewrite a link with its own value, a no-op update.
  const fk = [...ownerFks][0]!;
  return [fk, created[fk]];
}

/** GLPI's add message: the item's name (ITIL items add their id), or "" for the types it keeps quiet. */
function addedMessage(type: Itemtype, input: Record<string, unknown>, id: number): unknown {
  if (type.quietAdd) return '';
  const name = input.name ?? input.designation;
  // Named after what they link (" pc >  eth0", 'Processor of item "pc"'): see glpi-answers.test.ts.
  if (typeof name !== 'string' || type.tree || type.name === 'User' || namedByLink(type)) return expect.stringMatching(/^Item successfully added: ./);
  return `Item successfully added: ${type.kind === 'itil' ? `${name} (${id})` : name}`;
}

/**
 * Types the Super-Admin may not create, as in GLPI: configuration rows are only updated
 * (Config::canCreate is false), search_config holds no standard bit (PERSONAL/GENERAL only),
 * GLPI 10.0's agent right has no CREATE bit (agents come from inventories), nor has its install's
 * unmanaged right (unmanaged devices come from network inventories), and not imported mails come
 * from the mail collectors only.
 */
const NOT_CREATABLE = ['Config', 'DisplayPreference', 'Agent', 'NotImportedEmail', 'RefusedEquipment', 'Unmanaged'];
const types = allItemtypes().filter((t) => !t.readOnly && !NOT_CREATABLE.includes(t.name));

/** Does GLPI's Super-Admin hold the DELETE bit (trash) of the right this type follows? */
function superAdminMayTrash(type: Itemtype): boolean {
  const owner = type.owners[0];
  const right = type.right ?? (owner && 'itemtype' in owner ? itemtype(owner.itemtype)?.right : undefined);
  const bits = right ? DEFAULT_RIGHTS[right]?.[3] : undefined;
  return bits === undefined || (bits & 8) !== 0;
}

describe('round trip of every itemtype', () => {
  test('the registry is not empty; history and the administration types are read-only', () => {
    expect(types.length).toBeGreaterThan(100);
    expect(allItemtypes().filter((t) => t.readOnly).map((t) => t.name)).toEqual([
      'Log',
      // GLPI 10.0 gives agent types no right: no one writes (or reads) them through the API.
      'AgentType',
      'QueuedNotification',
      'QueuedWebhook',
      'CronTask',
      'AuthMail',
    ]);
  });

  for (const type of types) {
    test(`${type.name}: create, read, update${type.trash ? ', trash, restore' : ''}, delete`, async () => {
      const input = await fx.input(type.name);

      // Create: 201, {id, message}, Location header.
      const created = await api.post(`${type.name}/`, { input });
      expect({ status: created.status, text: created.text }).toMatchObject({ status: 201 });
      const id = created.body.id as number;
      expect(created.body).toEqual({ id, message: addedMessage(type, input, id) });
      expect(Number.isInteger(id) && id > 0).toBe(true);
      expect(created.headers.get('location')).toBe(`${server.api}/${type.name}/${id}`);

      // Read: 200 with the fields sent, Last-Modified when the type has date_mod.
      const read = await api.get(`${type.name}/${id}`);
      expect(read.status).toBe(200);
      expect(read.body.id).toBe(id);
      for (const [key, value] of Object.entries(input)) {
        const col = type.column.get(key);
        if (!col || type.hidden.includes(key)) continue;
        expect({ key, value: read.body[key] }).toEqual({ key, value });
      }
      for (const hidden of type.hidden) expect(read.body).not.toHaveProperty(hidden);
      if (type.column.has('date_mod')) {
        expect(read.body.date_mod).toMatch(DATETIME);
        expect(read.headers.get('last-modified')).toBe(new Date(read.body.date_mod.replace(' ', 'T')).toUTCString());
      } else {
        expect(read.headers.get('last-modified')).toBeNull();
      }
      if (type.column.has('date_creation')) expect(read.body.date_creation).toMatch(DATETIME);
      if (type.column.has('is_deleted')) expect(read.body.is_deleted).toBe(0);

      // Update: 200 [{"<id>": true, "message": ""}], the change is read back.
      const [field, value] = updateFor(type, read.body);
      const updated = await api.put(`${type.name}/${id}`, { input: { [field]: value } });
      expect({ status: updated.status, body: updated.body }).toEqual({ status: 200, body: [{ [id]: true, message: '' }] });
      expect((await api.get(`${type.name}/${id}`)).body[field]).toEqual(value);

      if (type.trash && !superAdminMayTrash(type)) {
        // GLPI's install gives Super-Admin no DELETE bit here (domains): trash refused, purge allowed.
        expectError(await api.del(`${type.name}/${id}`), 403, 'ERROR_RIGHT_MISSING');
        const purged = await api.del(`${type.name}/${id}`, { query: 'force_purge=true' });
        expect({ status: purged.status, text: purged.text }).toEqual({ status: 204, text: '' });
      } else if (type.trash) {
        // Trash: 204, still readable with is_deleted=1, listed only with is_deleted=1.
        const trashed = await api.del(`${type.name}/${id}`);
        expect({ status: trashed.status, text: trashed.text }).toEqual({ status: 204, text: '' });
        const inTrash = await api.get(`${type.name}/${id}`);
        expect({ status: inTrash.status, is_deleted: inTrash.body.is_deleted }).toEqual({ status: 200, is_deleted: 1 });
        const ids = async (query: string) => ((await api.get(`${type.name}/`, { query: `${query}&range=0-999&only_id=true` })).body as { id: number }[]).map((r) => r.id);
        expect(await ids('is_deleted=1')).toContain(id);
        expect(await ids('is_deleted=0')).not.toContain(id);

        // Restore: PUT is_deleted=0.
        const restored = await api.put(`${type.name}/${id}`, { input: { is_deleted: 0 } });
        expect({ status: restored.status, body: restored.body }).toEqual({ status: 200, body: [{ [id]: true, message: '' }] });
        expect((await api.get(`${type.name}/${id}`)).body.is_deleted).toBe(0);
        expect(await ids('is_deleted=0')).toContain(id);

        // Purge: 204, then 404.
        const purged = await api.del(`${type.name}/${id}`, { query: 'force_purge=true' });
        expect({ status: purged.status, text: purged.text }).toEqual({ status: 204, text: '' });
      } else {
        const removed = await api.del(`${type.name}/${id}`);
        expect({ status: removed.status, text: removed.text }).toEqual({ status: 204, text: '' });
      }
      expectError(await api.get(`${type.name}/${id}`), 404, 'ERROR_ITEM_NOT_FOUND', 'Item not found');
      // Without the DELETE bit the class right is refused before the row is looked for, as GLPI.
      if (!type.trash || superAdminMayTrash(type)) expectError(await api.del(`${type.name}/${id}`), 404, 'ERROR_ITEM_NOT_FOUND');
      else expectError(await api.del(`${type.name}/${id}`), 403, 'ERROR_RIGHT_MISSING');
    });
  }

  test('Config rows are read and updated, never created nor deleted', async () => {
    expectError(await api.post('Config/', { input: { context: 'core', name: uniq('setting'), value: '1' } }), 403, 'ERROR_RIGHT_MISSING');
    const found = await api.get('Config/', { query: 'searchText[name]=^admin_email_name$' });
    expect(found.status).toBe(200);
    expect(found.body).toHaveLength(1);
    const id = found.body[0].id as number;
    expect(found.body[0]).toMatchObject({ context: 'core', name: 'admin_email_name', value: '' });
    const updated = await api.put(`Config/${id}`, { input: { value: 'Deskbase support' } });
    expect({ status: updated.status, body: updated.body }).toEqual({ status: 200, body: [{ [id]: true, message: '' }] });
    expect((await api.get(`Config/${id}`)).body.value).toBe('Deskbase support');
    expectError(await api.del(`Config/${id}`), 403, 'ERROR_RIGHT_MISSING');
    expect((await api.get(`Config/${id}`)).status).toBe(200);
  });

  test('Agent: refused on create; an imported one is read, updated and purged (no trash), with history', async () => {
    const computer = await fx.make('Computer');
    expectError(await api.post('Agent/', { input: await fx.input('Agent') }), 403, 'ERROR_RIGHT_MISSING');
    const id = plantAgent(server, { name: uniq('agent'), itemtype: 'Computer', items_id: computer });
    expect((await api.get(`Agent/${id}`)).body).toMatchObject({ id, itemtype: 'Computer', items_id: computer });
    const updated = await api.put(`Agent/${id}`, { input: { tag: 'floor-2' } });
    expect({ status: updated.status, body: updated.body }).toEqual({ status: 200, body: [{ [id]: true, message: '' }] });
    expect((await logsOf(api, 'Agent', id)).at(-1)).toMatchObject({ linked_action: 0, id_search_option: 11, old_value: '', new_value: 'floor-2' });
    const removed = await api.del(`Agent/${id}`);
    expect({ status: removed.status, text: removed.text }).toEqual({ status: 204, text: '' });
    expectError(await api.get(`Agent/${id}`), 404, 'ERROR_ITEM_NOT_FOUND');
  });

  test('DisplayPreference needs standard search_config bits the default profiles do not hold', async () => {
    expectError(await api.get('DisplayPreference/'), 403, 'ERROR_RIGHT_MISSING');
    expectError(await api.post('DisplayPreference/', { input: { itemtype: 'Computer', num: 1, rank: 1, users_id: 2 } }), 403, 'ERROR_RIGHT_MISSING');
  });

  test('Log is read-only: listed and read, never written', async () => {
    const computer = await fx.make('Computer');
    const logs = await api.get(`Computer/${computer}/Log`);
    expect(logs.status).toBe(200);
    expect(logs.body).toHaveLength(1);
    const logId = logs.body[0].id as number;
    const one = await api.get(`Log/${logId}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: logId, itemtype: 'Computer', items_id: computer, linked_action: 20 });
    expectError(await api.post('Log/', { input: { itemtype: 'Computer', items_id: computer, linked_action: 0 } }), 403, 'ERROR_RIGHT_MISSING');
    expectError(await api.put(`Log/${logId}`, { input: { old_value: 'x' } }), 403, 'ERROR_RIGHT_MISSING');
    expectError(await api.del(`Log/${logId}`), 403, 'ERROR_RIGHT_MISSING');
    expect((await api.get(`Log/${logId}`)).body.old_value).toBe('');
  });
});
