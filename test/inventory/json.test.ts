/**
 * GLPI Agent's JSON protocol (gzip bodies and answers, as the agent sends them): contact,
 * inventory written as the XML one is and updated in place, and refusals in its own shape.
 */
import { describe, expect, test } from 'bun:test';
import { gzipSync } from 'node:zlib';
import { useServer } from '../support/server';
import { jsonInventory, postJson, type Machine, enableInventory } from './fixture';

const ctx = useServer();
enableInventory(ctx);
const GZIP = 'application/x-compress-gzip';
const list = async (path: string, query = 'range=0-9999') => (await ctx.api.get(path, { query })).body as Record<string, unknown>[];

describe('GLPI Agent JSON', () => {
  test('contact: the inventory task is handled, the others disabled', async () => {
    const res = await postJson(ctx.server.origin, { action: 'contact', deviceid: 'ga-2026-01-01-00-00-00', name: 'GLPI-Agent', 'enabled-tasks': ['inventory', 'deploy', 'collect'] });
    expect(res).toEqual({
      status: 200,
      type: GZIP,
      json: { message: 'deploy task not supported;collect task not supported', disabled: ['deploy', 'collect'], expiration: 24, status: 'ok', tasks: { inventory: { server: 'glpi', version: '10.0.17' } } },
    });
  });

  test('an inventory is written, and a second one updates in place', async () => {
    const machine: Machine = { deviceid: 'ga-2026-01-01-00-00-00', name: 'ga-pc', serial: 'GA-1', software: [['bash', '5.2'], ['zsh', '5.9']], disks: ['/', '/var'] };
    expect(await postJson(ctx.server.origin, jsonInventory(machine))).toEqual({ status: 200, type: GZIP, json: { expiration: 24, status: 'ok' } });
    const [computer] = (await list('Computer')).filter((c) => c.name === 'ga-pc');
    const id = Number(computer!.id);
    expect(computer).toMatchObject({ serial: 'GA-1', uuid: 'uuid-ga-2026-01-01-00-00-00', is_dynamic: 1 });
    expect((await list('Agent')).filter((a) => a.items_id === id).map((a) => [a.deviceid, a.version, a.useragent])).toEqual([['ga-2026-01-01-00-00-00', '1.7', 'GLPI-Agent_v1.7']]);
    expect((await list(`Computer/${id}/Item_DeviceProcessor`)).map((p) => [p.frequency, p.nbcores, p.nbthreads])).toEqual([[3000, 4, 8]]);
    expect((await list(`Computer/${id}/NetworkPort`)).map((p) => [p.name, p.mac])).toEqual([['eth0', '52:54:00:12:34:56']]);
    expect((await list(`Computer/${id}/Item_SoftwareVersion`)).length).toBe(2);

    expect((await postJson(ctx.server.origin, jsonInventory({ ...machine, software: [['bash', '5.2']], disks: ['/'] }))).status).toBe(200);
    expect((await list('Computer')).filter((c) => c.serial === 'GA-1').map((c) => c.id)).toEqual([id]);
    expect((await list(`Computer/${id}/Item_SoftwareVersion`)).length).toBe(1);
    expect((await list(`Computer/${id}/Item_Disk`)).map((d) => d.mountpoint)).toEqual(['/']);
  });

  const refusals: [string, unknown, number, string][] = [
    ['malformed JSON', '{"action": "inventory", ', 400, 'Malformed JSON: '],
    ['not an object', '[1, 2]', 400, 'The request must be a JSON object'],
    ['no device id', { action: 'inventory', content: {} }, 400, 'No deviceid'],
    ['an inventory without content', { action: 'inventory', deviceid: 'x' }, 400, "Inventory does not match the inventory format: the request must have required property 'content'"],
    ['a value of the wrong type', { action: 'inventory', deviceid: 'x', content: { versionclient: 'GLPI-Agent_v1.7', cpus: [{ speed: 'fast' }] } }, 400, 'Inventory does not match the inventory format: /content/cpus/0/speed must be integer'],
    ['a key the format does not have', { action: 'inventory', deviceid: 'x', colour: 'red', content: { versionclient: 'GLPI-Agent_v1.7', hardware: { name: 'a' } } }, 400, 'Inventory does not match the inventory format: the request must NOT have additional properties (colour)'],
    ['an inventory without a name', { action: 'inventory', deviceid: 'x', content: { versionclient: 'GLPI-Agent_v1.7', hardware: {} } }, 400, 'No HARDWARE/NAME'],
    ['an action GLPI does not handle', { action: 'netdiscovery', deviceid: 'x' }, 501, "Query 'netdiscovery' is not supported."],
    ['a bomb of nested arrays', `{"deviceid":"x","content":{"versionclient":"v","x":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}}`, 400, 'Malformed JSON: nested deeper than 64 levels'],
    ['a decompression bomb', gzipSync(Buffer.alloc(40 * 1024 * 1024, 0x20)), 413, 'Request larger than 33554432 bytes once inflated'],
    ['a 50 MB body', new Uint8Array(50 * 1024 * 1024), 413, 'Request body too large'],
  ];
  test('refused: the wrong content type, in the JSON shape (GLPI Agent said who it is)', async () => {
    expect(await postJson(ctx.server.origin, JSON.stringify({ deviceid: 'x' }), 'text/html')).toEqual({
      status: 415,
      type: 'application/json',
      json: { status: 'error', message: 'Content type text/html is not supported', expiration: 24 },
    });
  });

  test('an inventory refused halfway writes nothing (one transaction)', async () => {
    const half = jsonInventory({ deviceid: 'half-2026-01-01-00-00-00', name: 'ga-half', software: [['bash', '5.2'], ['x'.repeat(300), '1']], disks: ['/'] });
    const res = await postJson(ctx.server.origin, half);
    expect(res.status).toBe(400);
    expect(String(res.json.message)).toStartWith('Inventory refused: ');
    expect((await list('Computer')).filter((c) => c.name === 'ga-half')).toEqual([]);
    expect((await list('Agent')).filter((a) => a.deviceid === 'half-2026-01-01-00-00-00')).toEqual([]);
  });

  for (const [what, body, status, message] of refusals) {
    test(`refused: ${what} → ${status}`, async () => {
      const res = await postJson(ctx.server.origin, body);
      expect(res.status).toBe(status);
      expect(res.json).toMatchObject({ status: 'error', expiration: 24 });
      expect(String(res.json.message)).toStartWith(message);
      if (!message.endsWith(': ')) expect(res.json.message).toBe(message);
    });
  }
});
