/**
 * RuleImportAsset decides which computer an inventory updates when the collection has active
 * rules (their `find` criteria look computers up), or refuses it; the software dictionary
 * renames what the agent reports.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { inventory, post, type Machine } from './fixture';

const ctx = useServer();

async function rule(subType: string, name: string, criteria: [string, number, string][], actions: [string, string, string][]): Promise<number> {
  const id = await ctx.api.create('Rule', { name, sub_type: subType, match: 'AND', is_active: 1 });
  for (const [criterion, condition, pattern] of criteria) await ctx.api.create('RuleCriteria', { rules_id: id, criteria: criterion, condition, pattern });
  for (const [action_type, field, value] of actions) await ctx.api.create('RuleAction', { rules_id: id, action_type, field, value });
  return id;
}

const machine = (over: Partial<Machine>): Machine => ({ deviceid: 'agent-2026-01-01-00-00-00', name: 'pc', software: [], disks: ['/'], ...over });
const computers = async () => (await ctx.api.get('Computer', { query: 'range=0-999' })).body as Record<string, unknown>[];

describe('RuleImportAsset', () => {
  let denyRule = 0;
  beforeAll(async () => {
    denyRule = await rule('RuleImportAsset', 'Refuse lab machines', [['name', 4, 'lab-']], [['assign', '_inventory', '2']]);
    await rule('RuleImportAsset', 'Computer update (by serial)', [['itemtype', 0, 'Computer'], ['serial', 8, '1'], ['serial', 10, '1']], [['assign', '_inventory', '1']]);
    await rule('RuleImportAsset', 'Computer import (by name)', [['itemtype', 0, 'Computer'], ['name', 8, '1']], [['assign', '_inventory', '1']]);
  });

  test('a find criterion links the inventory to the computer it finds (by serial, whatever its name)', async () => {
    const handMade = await ctx.api.create('Computer', { name: 'typed by hand', serial: 'SER-42' });
    expect((await post(ctx.server.origin, inventory(machine({ deviceid: 'a-2026-01-01-00-00-00', name: 'ws-42', serial: 'SER-42' })))).status).toBe(200);
    const found = (await ctx.api.get(`Computer/${handMade}`)).body;
    expect(found).toMatchObject({ name: 'ws-42', serial: 'SER-42', is_dynamic: 1 });
    expect((await computers()).filter((c) => c.serial === 'SER-42').length).toBe(1);
  });

  test('a rule without find criteria imports a new computer, even beside one of the same name', async () => {
    const before = await ctx.api.create('Computer', { name: 'ws-7' });
    expect((await post(ctx.server.origin, inventory(machine({ deviceid: 'b-2026-01-01-00-00-00', name: 'ws-7' })))).status).toBe(200);
    const named = (await computers()).filter((c) => c.name === 'ws-7').map((c) => c.id);
    expect(named.length).toBe(2);
    expect(named).toContain(before);
  });

  test('a denying rule refuses the inventory: nothing written, the rule named', async () => {
    const res = await post(ctx.server.origin, inventory(machine({ deviceid: 'c-2026-01-01-00-00-00', name: 'lab-3' })));
    expect({ status: res.status, xml: res.xml }).toEqual({ status: 403, xml: `<?xml version="1.0"?>\n<REPLY><ERROR>Import refused by the rule "Refuse lab machines" (${denyRule})</ERROR></REPLY>` });
    expect((await computers()).filter((c) => c.name === 'lab-3')).toEqual([]);
    expect(((await ctx.api.get('Agent', { query: 'range=0-999' })).body as Record<string, unknown>[]).filter((a) => a.deviceid === 'c-2026-01-01-00-00-00')).toEqual([]);
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
