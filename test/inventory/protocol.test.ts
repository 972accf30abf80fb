/**
 * The inventory endpoint's protocol and bad input, on a running server: PROLOG and INVENTORY
 * answers (zlib as the agent sends, or plain XML), every refusal as `<REPLY><ERROR>` with its
 * status, nothing half-written, and a second inventory that updates in place (what disappeared
 * is removed, history lines written).
 */
import { describe, expect, test } from 'bun:test';
import { deflateSync } from 'node:zlib';
import { useServer } from '../support/server';
import { inventory, post as send, prolog, ZLIB, type Machine, enableInventory } from './fixture';

const ctx = useServer();
enableInventory(ctx);
const post = (body: string | Uint8Array, options?: Parameters<typeof send>[2]) => send(ctx.server.origin, body, options);

const list = async (path: string, query = 'range=0-9999') => (await ctx.api.get(path, { query })).body as Record<string, unknown>[];
const computersNamed = async (name: string) => (await list('Computer')).filter((c) => c.name === name);

describe('protocol', () => {
  test('PROLOG: contact frequency and SEND, compressed at the default level as the request was', async () => {
    expect(await post(prolog)).toEqual({ status: 200, type: ZLIB, compressed: true, header: [0x78, 0x9c], xml: '<?xml version="1.0"?>\n<REPLY><PROLOG_FREQ>24</PROLOG_FREQ><RESPONSE>SEND</RESPONSE></REPLY>' });
  });

  test('plain XML gets a plain answer; a POST on / is the inventory too', async () => {
    expect(await post(prolog, { type: 'application/xml', path: '/' })).toMatchObject({ status: 200, type: 'application/xml', compressed: false, xml: '<?xml version="1.0"?>\n<REPLY><PROLOG_FREQ>24</PROLOG_FREQ><RESPONSE>SEND</RESPONSE></REPLY>' });
  });

  const refusals: [string, () => Promise<Awaited<ReturnType<typeof post>>>, number, string][] = [
    ['malformed XML', () => post('<REQUEST><QUERY>PROLOG</QUERY>'), 400, 'Malformed XML at line 1: Unclosed tag'],
    ['not XML at all', () => post('hello'), 400, 'Malformed XML'],
    ['a broken zlib stream', () => post(new Uint8Array([0x78, 0x9c, 1, 2, 3, 4])), 400, 'Body is not a valid zlib stream'],
    ['a decompression bomb', () => post(deflateSync(Buffer.alloc(40 * 1024 * 1024, 0x20))), 413, 'Request larger than 33554432 bytes once inflated'],
    ['a 9 MB body', () => post(new Uint8Array(9 * 1024 * 1024)), 413, 'Request body too large'],
    ['a 50 MB body', () => post(new Uint8Array(50 * 1024 * 1024)), 413, 'Request body too large'],
    ['a bomb of nested elements', () => post(`<REQUEST><QUERY>INVENTORY</QUERY><DEVICEID>x</DEVICEID><CONTENT>${'<A>'.repeat(200_000)}${'</A>'.repeat(200_000)}</CONTENT></REQUEST>`), 400, 'Malformed XML: Maximum nested tags exceeded'],
    ['a DOCTYPE (entity expansion)', () => post('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><REQUEST><QUERY>PROLOG</QUERY></REQUEST>'), 400, 'DOCTYPE is not accepted'],
    ['the wrong content type', () => post('<REQUEST/>', { type: 'text/html' }), 415, 'Content type text/html is not supported'],
    ['a GET', () => post('', { method: 'GET' }), 405, 'Method not allowed: agents POST their requests'],
    ['an empty body', () => post(new Uint8Array(0)), 400, 'Empty request'],
    ['no REQUEST element', () => post('<REPLY/>'), 400, 'No REQUEST element'],
    ['an unknown query', () => post('<REQUEST><QUERY>SNMPQUERY</QUERY></REQUEST>'), 501, "Query 'snmpquery' is not supported."],
    ['an inventory without device id', () => post('<REQUEST><QUERY>INVENTORY</QUERY><CONTENT><HARDWARE><NAME>a</NAME></HARDWARE></CONTENT></REQUEST>'), 400, 'No DEVICEID'],
    ['an inventory without a name', () => post('<REQUEST><QUERY>INVENTORY</QUERY><DEVICEID>d</DEVICEID><CONTENT><HARDWARE/></CONTENT></REQUEST>'), 400, 'No HARDWARE/NAME'],
  ];
  for (const [what, send, status, message] of refusals) {
    test(`refused: ${what} → ${status}`, async () => {
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.xml).toStartWith(`<?xml version="1.0"?>\n<REPLY><ERROR>${message.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`);
    });
  }

  test('an inventory refused halfway writes nothing (one transaction)', async () => {
    const res = await post(inventory({ deviceid: 'half-2026-01-01-00-00-00', name: 'half-written', software: [['vim', '9.0'], ['x'.repeat(300), '1']], disks: ['/'] }));
    expect(res.status).toBe(400);
    expect(res.xml).toContain('<REPLY><ERROR>Inventory refused: ');
    expect(await computersNamed('half-written')).toEqual([]);
    expect((await list('Agent')).filter((a) => a.deviceid === 'half-2026-01-01-00-00-00')).toEqual([]);
  });
});

describe('inventory to items', () => {
  const machine: Machine = { deviceid: 'pc-1-2026-01-01-00-00-00', name: 'pc-1', serial: 'SN-0001', software: [['vim', '9.0'], ['curl', '7.88'], ['git', '2.39']], disks: ['/', '/home'] };
  let id = 0;
  const kept = { cpu: 0, os: 0, port: 0 };

  test('the computer, its agent, OS, components, disks, ports and software, all dynamic', async () => {
    expect((await post(inventory(machine))).xml).toBe('<?xml version="1.0"?>\n<REPLY><RESPONSE>SEND</RESPONSE></REPLY>');
    const [computer] = await computersNamed('pc-1');
    id = Number(computer!.id);
    expect(computer).toMatchObject({ serial: 'SN-0001', uuid: 'uuid-pc-1-2026-01-01-00-00-00', is_dynamic: 1 });
    const [agent] = (await list('Agent')).filter((a) => a.deviceid === machine.deviceid);
    expect(agent).toMatchObject({ name: 'pc-1', version: '2.6-3', useragent: 'FusionInventory-Agent_v2.6-3', itemtype: 'Computer', items_id: id, agenttypes_id: 1, remote_addr: '127.0.0.1' });
    const [os] = await list(`Computer/${id}/Item_OperatingSystem`, 'expand_dropdowns=true');
    expect(os).toMatchObject({ operatingsystems_id: 'Debian GNU/Linux', operatingsystemversions_id: '12.11', operatingsystemarchitectures_id: 'x86_64', operatingsystemkernelversions_id: '6.1.0-9-amd64', is_dynamic: 1 });
    kept.cpu = Number((await list(`Computer/${id}/Item_DeviceProcessor`))[0]!.id);
    kept.os = Number((await list(`Computer/${id}/Item_OperatingSystem`))[0]!.id);
    kept.port = Number((await list(`Computer/${id}/NetworkPort`))[0]!.id);
    const [cpu] = await list(`Computer/${id}/Item_DeviceProcessor`, 'expand_dropdowns=true');
    expect(cpu).toMatchObject({ deviceprocessors_id: 'Test CPU 3000', frequency: 3000, nbcores: 4, nbthreads: 8, is_dynamic: 1 });
    const [memory] = await list(`Computer/${id}/Item_DeviceMemory`, 'expand_dropdowns=true');
    expect(memory).toMatchObject({ devicememories_id: 'SODIMM', size: 8192, serial: 'MEM-1', is_dynamic: 1 });
    expect((await list(`Computer/${id}/Item_Disk`)).map((d) => [d.mountpoint, d.totalsize, d.freesize, d.is_dynamic])).toEqual([['/', 1000, 400, 1], ['/home', 1000, 400, 1]]);
    const ports = await list(`Computer/${id}/NetworkPort`);
    expect(ports.map((p) => [p.name, p.mac, p.instantiation_type, p.is_dynamic])).toEqual([['eth0', '52:54:00:ab:cd:ef', 'NetworkPortEthernet', 1]]);
    const addresses = (await list('IPAddress')).filter((a) => ['192.0.2.10', '2001:db8::10'].includes(String(a.name)));
    expect(addresses.length).toBe(2);
    expect((await list(`Computer/${id}/Item_SoftwareVersion`)).length).toBe(3);
  });

  test('a second inventory updates in place: renamed, a software and a disk gone, no duplicate, history written', async () => {
    const next = { ...machine, name: 'pc-1-renamed', software: [['vim', '9.1'], ['curl', '7.88']] as [string, string][], disks: ['/'] };
    expect((await post(inventory(next))).status).toBe(200);
    expect(await computersNamed('pc-1')).toEqual([]);
    expect((await computersNamed('pc-1-renamed')).map((c) => c.id)).toEqual([id]);
    expect((await list('Agent')).filter((a) => a.deviceid === machine.deviceid).length).toBe(1);
    expect((await list(`Computer/${id}/Item_Disk`)).map((d) => d.mountpoint)).toEqual(['/']);
    expect((await list(`Computer/${id}/NetworkPort`)).length).toBe(1);
    expect((await list('IPAddress')).filter((a) => ['192.0.2.10', '2001:db8::10'].includes(String(a.name))).length).toBe(2);
    expect((await list(`Computer/${id}/Item_OperatingSystem`)).length).toBe(1);
    // Rows still reported are the same rows, updated in place.
    expect((await list(`Computer/${id}/Item_DeviceProcessor`)).map((r) => r.id)).toEqual([kept.cpu]);
    expect((await list(`Computer/${id}/Item_OperatingSystem`)).map((r) => r.id)).toEqual([kept.os]);
    expect((await list(`Computer/${id}/NetworkPort`)).map((r) => r.id)).toEqual([kept.port]);
    const installed = await list(`Computer/${id}/Item_SoftwareVersion`, 'expand_dropdowns=true');
    expect(installed.map((i) => i.softwareversions_id).sort()).toEqual(['7.88', '9.1']);
    expect((await list('Software')).filter((s) => s.name === 'vim').length).toBe(1);
    const log = await list('Log/', `searchText[itemtype]=^Computer$&searchText[items_id]=^${id}$&range=0-9999&sort=id&order=ASC`);
    expect(log.some((l) => l.user_name === 'Inventory' && l.old_value === 'pc-1' && l.new_value === 'pc-1-renamed')).toBe(true);
  });
});
