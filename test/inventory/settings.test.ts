/**
 * GLPI 10.0's inventory configuration (context `inventory`): the native inventory off on a fresh
 * install, the agents' Basic authentication checked before the body is read, what to import,
 * the default entity and state; and each agent's last inventory kept and downloadable.
 */
import { describe, expect, test } from 'bun:test';
import { gunzipSync } from 'node:zlib';
import { Client } from '../support/client';
import { useServer } from '../support/server';
import { inventory, post, postJson, jsonInventory, setInventorySettings, type Machine } from './fixture';

const ctx = useServer();
const list = async (path: string, query = '') => (await ctx.api.get(path, { query: `range=0-9999${query}` })).body as Record<string, unknown>[];
const machine = (over: Partial<Machine>): Machine => ({ deviceid: 'set-2026-01-01-00-00-00', name: 'set-pc', software: [['vim', '9.0']], disks: ['/'], ...over });
const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

describe('the inventory configuration', () => {
  test("GLPI's settings are there, the inventory off: agents are refused in their protocol's shape", async () => {
    const settings = (await list('Config/', '&searchText[context]=^inventory$')).map((r) => [r.name, r.value]);
    expect(settings).toContainEqual(['enabled_inventory', '0']);
    expect(settings).toContainEqual(['stale_agents_action', '[0]']);
    expect(settings).toContainEqual(['auth_required', 'none']);
    expect(settings.length).toBe(40);
    expect(await post(ctx.server.origin, inventory(machine({})))).toMatchObject({ status: 403, xml: '<?xml version="1.0"?>\n<REPLY><ERROR>Inventory is disabled</ERROR></REPLY>' });
    expect(await postJson(ctx.server.origin, jsonInventory(machine({})))).toMatchObject({ status: 403, json: { status: 'error', message: 'Inventory is disabled', expiration: 24 } });
    expect((await list('Computer')).filter((c) => c.name === 'set-pc')).toEqual([]);
  });

  test('Basic authentication: no or wrong credentials get 401 and a challenge, before the body is read; the right ones pass', async () => {
    await setInventorySettings(ctx.api, { enabled_inventory: '1', auth_required: 'basic_auth', basic_auth_login: 'agents', basic_auth_password: 's3cret-pass' });
    const send = (authorization?: string) =>
      fetch(`${ctx.server.origin}/front/inventory.php`, { method: 'POST', body: inventory(machine({})), headers: { 'Content-Type': 'application/xml', ...(authorization ? { Authorization: authorization } : {}) } });
    const none = await send();
    expect([none.status, none.headers.get('www-authenticate'), await none.text()]).toEqual([401, 'Basic realm="basic"', '<?xml version="1.0"?>\n<REPLY><ERROR>Authorization header required to send an inventory</ERROR></REPLY>']);
    const wrong = await send(basic('agents', 'guess'));
    expect([wrong.status, await wrong.text()]).toEqual([401, '<?xml version="1.0"?>\n<REPLY><ERROR>Access denied. Wrong login or password for basic authentication.</ERROR></REPLY>']);
    expect((await send(basic('agents', 's3cret-pass'))).status).toBe(200);
    // The password is never read back.
    const [row] = await list('Config/', '&searchText[context]=^inventory$&searchText[name]=^basic_auth_password$');
    expect(row).not.toHaveProperty('value');
    await setInventorySettings(ctx.api, { auth_required: 'none' });
  });

  test('import switches: software and volumes not imported are neither added nor removed; the default entity and state', async () => {
    const entity = await ctx.api.create('Entity', { name: 'Inventoried', entities_id: 0 });
    const state = await ctx.api.create('State', { name: 'In service' });
    await setInventorySettings(ctx.api, { entities_id_default: String(entity), states_id_default: String(state) });
    expect((await post(ctx.server.origin, inventory(machine({ deviceid: 'sw-2026-01-01-00-00-00', name: 'sw-pc', serial: 'SW-1' })))).status).toBe(200);
    const computer = (await list('Computer')).find((c) => c.serial === 'SW-1')!;
    expect([computer.entities_id, computer.states_id]).toEqual([entity, state]);
    await setInventorySettings(ctx.api, { import_software: '0', import_volume: '0' });
    expect((await post(ctx.server.origin, inventory(machine({ deviceid: 'sw-2026-01-01-00-00-00', name: 'sw-pc', serial: 'SW-1', software: [['git', '2.39']], disks: ['/', '/srv'] })))).status).toBe(200);
    expect((await list(`Computer/${computer.id}/Item_SoftwareVersion`)).length).toBe(1);
    expect((await list(`Computer/${computer.id}/Item_Disk`)).map((d) => d.mountpoint)).toEqual(['/']);
    await setInventorySettings(ctx.api, { import_software: '1', import_volume: '1', entities_id_default: '0', states_id_default: '0' });
  });
});

describe("each agent's last inventory", () => {
  test('kept as sent, downloaded with the inventory right (gzip to clients that take it), refused to others', async () => {
    const body = inventory(machine({ deviceid: 'raw-2026-01-01-00-00-00', name: 'raw-pc', serial: 'RAW-1' }));
    expect((await post(ctx.server.origin, body)).status).toBe(200);
    const agent = (await list('Agent')).find((a) => a.deviceid === 'raw-2026-01-01-00-00-00')!;
    const url = `${ctx.server.api}/agentInventory/${agent.id}`;
    const plain = await fetch(url, { headers: { 'Session-Token': ctx.api.token, 'Accept-Encoding': 'identity' } });
    expect([plain.status, plain.headers.get('content-type'), plain.headers.get('content-disposition'), await plain.text()]).toEqual([200, 'application/xml', 'attachment; filename="raw-2026-01-01-00-00-00.xml"', body]);
    const zipped = await fetch(url, { headers: { 'Session-Token': ctx.api.token, 'Accept-Encoding': 'gzip' }, decompress: false } as RequestInit);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(new Uint8Array(await zipped.arrayBuffer())).toString()).toBe(body);

    const json = jsonInventory(machine({ deviceid: 'raw-2026-01-01-00-00-00', name: 'raw-pc', serial: 'RAW-1' }));
    expect((await postJson(ctx.server.origin, json)).status).toBe(200);
    const again = await fetch(url, { headers: { 'Session-Token': ctx.api.token, 'Accept-Encoding': 'identity' } });
    expect([again.headers.get('content-type'), JSON.parse(await again.text())]).toEqual(['application/json', json]);

    expect((await ctx.api.get('agentInventory/99999')).status).toBe(404);
    const techId = await ctx.api.create('User', { name: 'tech-raw', password: 'tech-pass-1', password2: 'tech-pass-1' });
    await ctx.api.create('Profile_User', { users_id: techId, profiles_id: 6, entities_id: 0, is_recursive: 1 });
    const tech = await new Client(ctx.server.api).login('tech-raw', 'tech-pass-1');
    expect((await tech.get(`agentInventory/${agent.id}`)).status).toBe(403);
  });
});
