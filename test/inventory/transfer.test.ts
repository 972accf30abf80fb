/**
 * GLPI 10's transfer of a known computer that RuleImportEntity now places in another entity: it
 * stays where it is unless its entity transfers automatically (`transfers_strategy` /
 * `transfers_id`, inherited); then it moves with its components, disks, operating system, ports
 * and addresses, connected monitor and software installations (pointing to the same software in
 * the new entity); an entity locked by hand keeps it.
 */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { enableInventory, inventory, post, type Machine } from './fixture';

const ctx = useServer();
enableInventory(ctx);
const list = async (path: string) => (await ctx.api.get(path, { query: 'range=0-9999' })).body as Record<string, unknown>[];
const entitiesOf = async (path: string) => (await list(path)).map((r) => r.entities_id);
const tagged = (tag: string) => `<ACCOUNTINFO><KEYNAME>TAG</KEYNAME><KEYVALUE>${tag}</KEYVALUE></ACCOUNTINFO>`;
const monitor = '<MONITORS><CAPTION>Screen 24</CAPTION><SERIAL>MON-T1</SERIAL><MANUFACTURER>Dell</MANUFACTURER></MONITORS>';

async function entityRule(tag: string, entityId: number): Promise<void> {
  const id = await ctx.api.create('Rule', { name: `tag ${tag}`, sub_type: 'RuleImportEntity', match: 'AND', is_active: 1 });
  await ctx.api.create('RuleCriteria', { rules_id: id, criteria: 'tag', condition: 0, pattern: tag });
  await ctx.api.create('RuleAction', { rules_id: id, action_type: 'assign', field: 'entities_id', value: String(entityId) });
}

describe('a known computer placed in another entity by the rules', () => {
  test('stays without automatic transfer; moves with what it owns once its entity transfers', async () => {
    const siteB = await ctx.api.create('Entity', { name: 'Site B', entities_id: 0 });
    await entityRule('site-b', siteB);
    const machine: Machine = { deviceid: 'move-2026-01-01-00-00-00', name: 'move-pc', serial: 'MOVE-1', software: [['vim', '9.0']], disks: ['/'], extra: monitor };
    expect((await post(ctx.server.origin, inventory(machine))).status).toBe(200);
    const id = Number((await list('Computer')).find((c) => c.serial === 'MOVE-1')!.id);
    const [install] = await list(`Computer/${id}/Item_SoftwareVersion`);
    const rootVersion = Number(install!.softwareversions_id);

    // The root entity does not transfer (GLPI's default): the computer stays, the rule's entity is not applied.
    expect((await post(ctx.server.origin, inventory({ ...machine, extra: monitor + tagged('site-b') }))).status).toBe(200);
    expect((await ctx.api.get(`Computer/${id}`)).body).toMatchObject({ entities_id: 0 });

    expect((await ctx.api.put('Entity/0', { input: { transfers_strategy: 0, transfers_id: 1 } })).status).toBe(200);
    expect((await post(ctx.server.origin, inventory({ ...machine, extra: monitor + tagged('site-b') }))).status).toBe(200);
    expect((await ctx.api.get(`Computer/${id}`)).body).toMatchObject({ entities_id: siteB, serial: 'MOVE-1' });
    expect((await list('Computer')).filter((c) => c.serial === 'MOVE-1').length).toBe(1);
    expect(await entitiesOf(`Computer/${id}/Item_DeviceProcessor`)).toEqual([siteB]);
    expect(await entitiesOf(`Computer/${id}/Item_DeviceMemory`)).toEqual([siteB]);
    expect(await entitiesOf(`Computer/${id}/Item_Disk`)).toEqual([siteB]);
    expect(await entitiesOf(`Computer/${id}/Item_OperatingSystem`)).toEqual([siteB]);
    expect(await entitiesOf(`Computer/${id}/NetworkPort`)).toEqual([siteB]);
    expect((await list('Monitor')).filter((m) => m.serial === 'MON-T1').map((m) => m.entities_id)).toEqual([siteB]);
    expect((await list('Agent')).filter((a) => a.deviceid === machine.deviceid).map((a) => a.entities_id)).toEqual([siteB]);

    // The same install row, now on the vim of Site B.
    const installs = await list(`Computer/${id}/Item_SoftwareVersion`);
    expect(installs.map((i) => [i.id, i.entities_id])).toEqual([[install!.id, siteB]]);
    const version = (await ctx.api.get(`SoftwareVersion/${installs[0]!.softwareversions_id}`)).body as Record<string, unknown>;
    expect(version.id).not.toBe(rootVersion);
    expect([version.name, version.entities_id]).toEqual(['9.0', siteB]);
    const software = (await ctx.api.get(`Software/${version.softwares_id}`)).body as Record<string, unknown>;
    expect([software.name, software.entities_id]).toEqual(['vim', siteB]);

    // Back by hand to the root: the entity is locked, the next inventory leaves it there.
    expect((await ctx.api.put(`Computer/${id}`, { input: { entities_id: 0 } })).status).toBe(200);
    expect((await post(ctx.server.origin, inventory({ ...machine, extra: monitor + tagged('site-b') }))).status).toBe(200);
    expect((await ctx.api.get(`Computer/${id}`)).body).toMatchObject({ entities_id: 0 });
    expect((await ctx.api.put('Entity/0', { input: { transfers_strategy: -2, transfers_id: 0 } })).status).toBe(200);
  });
});
