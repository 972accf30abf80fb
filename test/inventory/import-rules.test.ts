/**
 * GLPI 10.0's import rules on inventories: the default RuleImportAsset rules (seeded with GLPI's
 * ids and order) decide which computer an inventory updates; a rule written later ranks after
 * them, as in GLPI, unless moved up; RuleImportEntity places new computers; what the rules refuse
 * is logged as a RefusedEquipment; the software dictionary renames what the agent reports.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { inventory, post, type Machine, enableInventory } from './fixture';

const ctx = useServer();
enableInventory(ctx);

async function rule(subType: string, name: string, criteria: [string, number, string][], actions: [string, string, string][], more: Record<string, unknown> = {}): Promise<number> {
  const id = await ctx.api.create('Rule', { name, sub_type: subType, match: 'AND', is_active: 1, ...more });
  for (const [criterion, condition, pattern] of criteria) await ctx.api.create('RuleCriteria', { rules_id: id, criteria: criterion, condition, pattern });
  for (const [action_type, field, value] of actions) await ctx.api.create('RuleAction', { rules_id: id, action_type, field, value });
  return id;
}

const machine = (over: Partial<Machine>): Machine => ({ deviceid: 'agent-2026-01-01-00-00-00', name: 'pc', software: [], disks: ['/'], ...over });
const list = async (path: string) => (await ctx.api.get(path, { query: 'range=0-9999' })).body as Record<string, unknown>[];
const computers = () => list('Computer');
/** An inventory of this machine, with this UUID in HARDWARE (the fixture's is built from the device id). */
const withUuid = (m: Machine, uuid: string) => inventory(m).replace(`<UUID>uuid-${m.deviceid}</UUID>`, `<UUID>${uuid}</UUID>`);

describe("GLPI's default RuleImportAsset rules", () => {
  test('seeded with their ids, in GLPI\'s order, the computer rules among them', async () => {
    const rules = (await list('Rule')).filter((r) => r.sub_type === 'RuleImportAsset').sort((a, b) => Number(a.ranking) - Number(b.ranking));
    expect(rules.length).toBe(44);
    expect(rules.slice(9, 22).map((r) => [r.id, r.ranking, r.name, r.is_active])).toEqual([
      [21, 9, 'Computer constraint (name)', 1],
      [22, 10, 'Computer update (by serial + uuid)', 1],
      [23, 11, 'Computer update (by serial + uuid is empty in GLPI)', 1],
      [24, 12, 'Computer import (by serial + uuid)', 1],
      [25, 13, 'Computer update (by serial)', 1],
      [26, 14, 'Computer update (by uuid)', 0],
      [27, 15, 'Computer update (by mac)', 0],
      [28, 16, 'Computer update (by name)', 1],
      [29, 17, 'Computer import (by serial)', 1],
      [30, 18, 'Computer import (by uuid)', 0],
      [31, 19, 'Computer import (by mac)', 0],
      [32, 20, 'Computer import (by name)', 1],
      [33, 21, 'Computer import denied', 1],
    ]);
    // Then those of the other inventoried types, in GLPI's order (by MAC and all the phones' inactive).
    expect(rules.slice(22).map((r) => [r.id, r.ranking, r.name, r.is_active])).toEqual(
      [
        ['Printer constraint (name)', 1], ['Printer update (by serial)', 1], ['Printer update (by mac)', 0], ['Printer import (by serial)', 1], ['Printer import (by mac)', 0], ['Printer import denied', 1],
        ['NetworkEquipment constraint (name)', 1], ['NetworkEquipment update (by serial)', 1], ['NetworkEquipment update (by mac)', 0], ['NetworkEquipment import (by serial)', 1], ['NetworkEquipment import (by mac)', 0], ['NetworkEquipment import denied', 1],
        ['Device update (by serial)', 1], ['Device import (by serial)', 1], ['Device import denied', 1],
        ['Monitor update (by serial)', 1], ['Monitor import (by serial)', 1], ['Monitor import denied', 1],
        ['Phone constraint (name)', 0], ['Phone update (by mac)', 0], ['Phone import (by mac)', 0], ['Phone import denied', 0],
      ].map(([name, active], i) => [34 + i, 22 + i, name, active]),
    );
    const actions = (await list('RuleAction')).filter((a) => a.rules_id === 22);
    expect(actions.map((a) => [a.action_type, a.field, a.value])).toEqual([['assign', '_inventory', '0']]);
  });

  test('by serial: the computer with that serial is updated, whatever its name', async () => {
    const handMade = await ctx.api.create('Computer', { name: 'typed by hand', serial: 'SER-42' });
    expect((await post(ctx.server.origin, inventory(machine({ deviceid: 'a-2026-01-01-00-00-00', name: 'ws-42', serial: 'SER-42' })))).status).toBe(200);
    expect((await ctx.api.get(`Computer/${handMade}`)).body).toMatchObject({ name: 'ws-42', serial: 'SER-42', uuid: 'uuid-a-2026-01-01-00-00-00', is_dynamic: 1 });
    expect((await computers()).filter((c) => c.serial === 'SER-42').length).toBe(1);
  });

  test('serial and UUID looked up together: another computer\'s UUID does not make a match, a new computer is imported', async () => {
    const bySerial = await ctx.api.create('Computer', { name: 'has the serial', serial: 'SER-77', uuid: 'OTHER-UUID' });
    const byUuid = await ctx.api.create('Computer', { name: 'has the uuid', serial: 'SER-78', uuid: 'UUID-77' });
    expect((await post(ctx.server.origin, withUuid(machine({ deviceid: 'b-2026-01-01-00-00-00', name: 'ws-77', serial: 'SER-77' }), 'UUID-77'))).status).toBe(200);
    const named = (await computers()).filter((c) => c.name === 'ws-77');
    expect(named.map((c) => [c.serial, c.uuid])).toEqual([['SER-77', 'UUID-77']]);
    expect(named[0]!.id).not.toBe(bySerial);
    expect(named[0]!.id).not.toBe(byUuid);
  });

  test('by name when there is no serial (Computer update (by name))', async () => {
    const handMade = await ctx.api.create('Computer', { name: 'ws-7' });
    expect((await post(ctx.server.origin, inventory(machine({ deviceid: 'c-2026-01-01-00-00-00', name: 'ws-7' })))).status).toBe(200);
    expect((await computers()).filter((c) => c.name === 'ws-7').map((c) => [c.id, c.is_dynamic])).toEqual([[handMade, 1]]);
  });
});

describe('rules written later, and refusals', () => {
  let denyRule = 0;
  beforeAll(async () => {
    // As in GLPI, a new rule ranks after the defaults: moved first, it decides before them.
    denyRule = await rule('RuleImportAsset', 'Refuse lab machines', [['name', 4, 'lab-']], [['assign', '_inventory', '2']], { ranking: -1 });
  });

  test('a denying rule refuses the inventory: nothing written but the refusal, the rule named', async () => {
    const res = await post(ctx.server.origin, inventory(machine({ deviceid: 'd-2026-01-01-00-00-00', name: 'lab-3', serial: 'LAB-3' })));
    expect({ status: res.status, xml: res.xml }).toEqual({ status: 403, xml: `<?xml version="1.0"?>\n<REPLY><ERROR>Import refused by the rule "Refuse lab machines" (${denyRule})</ERROR></REPLY>` });
    expect((await computers()).filter((c) => c.name === 'lab-3')).toEqual([]);
    expect((await list('Agent')).filter((a) => a.deviceid === 'd-2026-01-01-00-00-00')).toEqual([]);
    const refused = (await list('RefusedEquipment')).filter((r) => r.name === 'lab-3');
    expect(refused.map((r) => [r.itemtype, r.rules_id, r.method, r.serial, r.uuid, r.ip, r.mac, r.agents_id])).toEqual([
      ['Computer', denyRule, 'inventory', 'LAB-3', 'uuid-d-2026-01-01-00-00-00', '["192.0.2.10","2001:db8::10"]', '["52:54:00:ab:cd:ef"]', 0],
    ]);
  });

  test('the refusals are read with the refusedequipment right, and never created through the API', async () => {
    expect((await ctx.api.post('RefusedEquipment/', { input: { name: 'x' } })).status).toBe(403);
  });

  test("a matching rule linking without import (GLPI's _inventory 1) refuses a computer it finds none for", async () => {
    const linkOnly = await rule('RuleImportAsset', 'No new kiosks', [['name', 4, 'kiosk-']], [['assign', '_inventory', '1']], { ranking: -1 });
    const res = await post(ctx.server.origin, inventory(machine({ deviceid: 'f-2026-01-01-00-00-00', name: 'kiosk-2', serial: 'K-2' })));
    expect(res.status).toBe(403);
    expect((await computers()).filter((c) => c.name === 'kiosk-2')).toEqual([]);
    expect((await list('RefusedEquipment')).filter((r) => r.name === 'kiosk-2').map((r) => r.rules_id)).toEqual([linkOnly]);
  });
});

describe('RuleImportEntity', () => {
  test('an entity by the tag (captured, _affect_entity_by_tag), or by subnet with a location; ignored imports refused', async () => {
    const paris = await ctx.api.create('Entity', { name: 'Paris', entities_id: 0, tag: 'PARIS' });
    const lyon = await ctx.api.create('Entity', { name: 'Lyon', entities_id: 0 });
    const office = await ctx.api.create('Location', { name: 'Lyon office' });
    await rule('RuleImportEntity', 'Entity from the tag', [['tag', 6, '/^(.+)$/']], [['regex_result', '_affect_entity_by_tag', '#0']]);
    await rule('RuleImportEntity', 'Lyon subnet', [['subnet', 0, '198.51.100.0']], [['assign', 'entities_id', String(lyon)], ['assign', 'locations_id', String(office)]]);
    await rule('RuleImportEntity', 'Ignore test benches', [['name', 4, 'bench-']], [['assign', '_ignore_import', '1']]);

    const tagged = inventory(machine({ deviceid: 'g-2026-01-01-00-00-00', name: 'paris-1', serial: 'P-1' })).replace('</CONTENT>', '<ACCOUNTINFO><KEYNAME>TAG</KEYNAME><KEYVALUE>PARIS</KEYVALUE></ACCOUNTINFO></CONTENT>');
    expect((await post(ctx.server.origin, tagged)).status).toBe(200);
    expect((await computers()).find((c) => c.name === 'paris-1')).toMatchObject({ entities_id: paris });

    const lyonNet = inventory(machine({ deviceid: 'h-2026-01-01-00-00-00', name: 'lyon-1', serial: 'L-1' })).replace('<IPADDRESS>192.0.2.10</IPADDRESS>', '<IPADDRESS>198.51.100.7</IPADDRESS><IPSUBNET>198.51.100.0</IPSUBNET>');
    expect((await post(ctx.server.origin, lyonNet)).status).toBe(200);
    const lyon1 = (await computers()).find((c) => c.name === 'lyon-1')!;
    expect(lyon1).toMatchObject({ entities_id: lyon, locations_id: office });
    const [disk] = await list(`Computer/${lyon1.id}/Item_Disk`);
    expect(disk!.entities_id).toBe(lyon);

    const res = await post(ctx.server.origin, inventory(machine({ deviceid: 'i-2026-01-01-00-00-00', name: 'bench-1', serial: 'B-1' })));
    expect(res.xml).toContain('Import refused by the rule "Ignore test benches"');
    expect((await computers()).filter((c) => c.name === 'bench-1')).toEqual([]);
    expect((await list('RefusedEquipment')).filter((r) => r.name === 'bench-1').length).toBe(1);
  });
});

describe('software dictionary', () => {
  test('a software the agent reports goes through RuleDictionnarySoftware, and is found again under its new name', async () => {
    await rule('RuleDictionnarySoftware', 'Vim', [['name', 4, 'vim-']], [['assign', 'name', 'Vim']]);
    const m = machine({ deviceid: 'd-2026-01-01-00-00-00', name: 'dict-pc', serial: 'DICT-1', software: [['vim-tiny', '9.0']] });
    for (let run = 0; run < 2; run++) expect((await post(ctx.server.origin, inventory(m))).status).toBe(200);
    const software = ((await ctx.api.get('Software', { query: 'range=0-999' })).body as Record<string, unknown>[]).map((s) => s.name);
    expect(software.filter((name) => name === 'Vim').length).toBe(1);
    expect(software).not.toContain('vim-tiny');
  });
});

describe("RuleImportAsset's flags: restrict the search to the entity (202), only this rule's criteria in the data (204)", () => {
  test('restricted to the entity, a computer with the serial in another entity is not "already present": the next rule decides; one in the same entity is updated', async () => {
    const elsewhere = await ctx.api.create('Entity', { name: 'Elsewhere', entities_id: 0 });
    const away = await ctx.api.create('Computer', { name: 'away', serial: 'SCOPED-1', entities_id: elsewhere });
    const home = await ctx.api.create('Computer', { name: 'home', serial: 'SCOPED-2', entities_id: 0 });
    await rule('RuleImportAsset', 'Scoped by serial', [['name', 4, 'scoped-'], ['serial', 10, '1'], ['entityrestrict', 202, '1']], [['assign', '_inventory', '0']], { ranking: -3 });
    const deny = await rule('RuleImportAsset', 'Scoped, not found', [['name', 4, 'scoped-']], [['assign', '_inventory', '2']], { ranking: -2 });
    const refused = await post(ctx.server.origin, inventory(machine({ deviceid: 's1-2026-01-01-00-00-00', name: 'scoped-1', serial: 'SCOPED-1' })));
    expect([refused.status, refused.xml]).toEqual([403, `<?xml version="1.0"?>\n<REPLY><ERROR>Import refused by the rule "Scoped, not found" (${deny})</ERROR></REPLY>`]);
    expect((await post(ctx.server.origin, inventory(machine({ deviceid: 's2-2026-01-01-00-00-00', name: 'scoped-2', serial: 'SCOPED-2' })))).status).toBe(200);
    const bySerial = (await computers()).filter((c) => String(c.serial).startsWith('SCOPED-')).map((c) => [c.id, c.name, c.entities_id]);
    expect(bySerial).toEqual([[away, 'away', elsewhere], [home, 'scoped-2', 0]]);
  });

  test('"only criteria of this rule in data" holds when the input carries nothing else, as the tester shows', async () => {
    const id = await rule('RuleImportAsset', 'Mac alone', [['mac', 8, '1'], ['only_these_criteria', 204, '1']], [['assign', '_inventory', '1']], { ranking: -4 });
    const tried = async (input: Record<string, unknown>) => ((await ctx.api.post('testRules', { sub_type: 'RuleImportAsset', input })).body.rules as { id: number; matched: boolean }[]).find((r) => r.id === id)!.matched;
    expect([await tried({ mac: ['aa:bb:cc:dd:ee:ff'] }), await tried({ mac: ['aa:bb:cc:dd:ee:ff'], name: '' }), await tried({ mac: ['aa:bb:cc:dd:ee:ff'], name: 'switch-port' })]).toEqual([true, true, false]);
    expect((await ctx.api.put(`Rule/${id}`, { input: { is_active: 0 } })).status).toBe(200);
  });
});
