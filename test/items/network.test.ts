/** Network ports created the way GLPI clients do it (facts C2/G3/G4): port, Ethernet row, name and addresses in one call. */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { expectError, uniq } from './fixtures';

const ctx = useServer();

describe('NetworkPort with its NetworkName and IP addresses', () => {
  test('one POST creates them all; with_networkports shows them in GLPI shape', async () => {
    const computer = await ctx.api.create('Computer', { name: uniq('pc') });
    const bare = await ctx.api.get(`Computer/${computer}`, { query: 'with_networkports=true' });
    // GLPI's map of every port type, each an empty list.
    expect(bare.body._networkports).toEqual(Object.fromEntries(['NetworkPortEthernet', 'NetworkPortWifi', 'NetworkPortAggregate', 'NetworkPortAlias', 'NetworkPortDialup', 'NetworkPortLocal', 'NetworkPortFiberchannel'].map((kind) => [kind, []])));

    const port = await ctx.api.post('NetworkPort/', {
      input: {
        items_id: computer,
        itemtype: 'Computer',
        instantiation_type: 'NetworkPortEthernet',
        name: 'eth0',
        logical_number: 1,
        mac: '00:11:22:33:44:55',
        speed: 1000,
        NetworkName_name: 'pc-eth0',
        NetworkName__ipaddresses: { '-1': '1.2.3.4' },
        _create_children: 1,
      },
    });
    expect(port.status).toBe(201);

    const read = await ctx.api.get(`Computer/${computer}`, { query: 'with_networkports=true' });
    const eth = read.body._networkports.NetworkPortEthernet;
    expect(eth).toHaveLength(1);
    expect(eth[0]).toMatchObject({ netport_id: port.body.id, name: 'eth0', mac: '00:11:22:33:44:55', logical_number: 1, speed: 1000 });
    expect(eth[0].NetworkName).toMatchObject({ name: 'pc-eth0' });
    expect(Object.keys(eth[0].NetworkName)).toEqual(expect.arrayContaining(['id', 'name', 'FQDN', 'IPAddress']));
    expect(eth[0].NetworkName.IPAddress).toEqual([{ id: expect.any(Number), name: '1.2.3.4', IPNetwork: [] }]);
  });

  test('an IPv6 address, a port with no name, and purging the computer takes everything', async () => {
    const computer = await ctx.api.create('Computer', { name: uniq('pc') });
    const portId = await ctx.api.create('NetworkPort', { items_id: computer, itemtype: 'Computer', instantiation_type: 'NetworkPortEthernet', NetworkName__ipaddresses: ['2001:db8::1'] });
    const name = (await ctx.api.get(`NetworkPort/${portId}/NetworkName`)).body[0];
    const ip = (await ctx.api.get(`NetworkName/${name.id}/IPAddress`)).body[0];
    expect(ip).toMatchObject({ name: '2001:db8::1', version: 6, mainitemtype: 'Computer', mainitems_id: computer });
    expect((await ctx.api.del(`Computer/${computer}`, { query: 'force_purge=true' })).status).toBe(204);
    for (const path of [`NetworkPort/${portId}`, `NetworkName/${name.id}`, `IPAddress/${ip.id}`]) expect((await ctx.api.get(path)).status).toBe(404);
  });

  test('bad addresses and unknown instantiation types are clear per-item errors, nothing written', async () => {
    const computer = await ctx.api.create('Computer', { name: uniq('pc') });
    expectError(await ctx.api.post('NetworkPort/', { input: { items_id: computer, itemtype: 'Computer', NetworkName__ipaddresses: { '-1': '999.1.1.1' } } }), 400, 'ERROR_GLPI_ADD');
    expectError(await ctx.api.post('NetworkPort/', { input: { items_id: computer, itemtype: 'Computer', instantiation_type: 'NetworkPortTeleport' } }), 400, 'ERROR_GLPI_ADD');
    expect((await ctx.api.get(`Computer/${computer}/NetworkPort`)).body).toEqual([]);
  });
});
