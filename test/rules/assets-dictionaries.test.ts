/**
 * Asset business rules (RuleAsset) on the asset types' add and update, bulk adds included; the
 * dictionaries when a manufacturer, model, type or software name is written.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { createUser, unique } from '../rights/fixture';

const ctx = useServer();

async function rule(subType: string, criteria: [string, number, string | number][], actions: [string, string, string | number][], extra: Record<string, unknown> = {}): Promise<number> {
  const id = await ctx.api.create('Rule', { name: unique(subType), sub_type: subType, match: 'AND', ...extra });
  for (const [criterion, condition, pattern] of criteria) await ctx.api.create('RuleCriteria', { rules_id: id, criteria: criterion, condition, pattern: String(pattern) });
  for (const [action_type, field, value] of actions) await ctx.api.create('RuleAction', { rules_id: id, action_type, field, value: String(value) });
  return id;
}

const read = async (itemtype: string, id: number) => (await ctx.api.get(`${itemtype}/${id}`)).body as Record<string, unknown>;

describe('asset rules', () => {
  const ids = { user: 0, state: 0 };
  beforeAll(async () => {
    ids.user = await createUser(ctx.api, 'jdoe', 6, 0);
    ids.state = await ctx.api.create('State', { name: unique('In use') });
    // GLPI's "Domain user assignation", for hand-made computers, on add and update.
    await rule('RuleAsset', [['_itemtype', 0, 'Computer'], ['_auto', 0, 0], ['contact', 6, '/(.*)@/']], [['regex_result', '_affect_user_by_regex', '#0']], { condition: 3, is_recursive: 1 });
    await rule('RuleAsset', [['_itemtype', 0, 'Monitor'], ['serial', 4, 'MON-']], [['assign', 'states_id', ids.state]], { condition: 1, is_recursive: 1 });
  });

  test("a computer's contact finds its user; another type, or an unknown login, is left alone", async () => {
    const computer = await ctx.api.create('Computer', { name: 'pc', contact: 'jdoe@corp.example' });
    expect((await read('Computer', computer)).users_id).toBe(ids.user);
    const monitor = await ctx.api.create('Monitor', { name: 'screen', contact: 'jdoe@corp.example', serial: 'MON-1' });
    expect(await read('Monitor', monitor)).toMatchObject({ users_id: 0, states_id: ids.state });
    const stranger = await ctx.api.create('Computer', { name: 'pc2', contact: 'nobody@corp.example' });
    expect((await read('Computer', stranger)).users_id).toBe(0);
  });

  test('on update, and in a bulk add (each element its own outcome)', async () => {
    const computer = await ctx.api.create('Computer', { name: 'pc3' });
    expect((await ctx.api.put(`Computer/${computer}`, { input: { contact: 'jdoe@corp.example' } })).status).toBe(200);
    expect((await read('Computer', computer)).users_id).toBe(ids.user);
    const bulk = await ctx.api.post('Computer/', { input: [{ name: 'bulk-1', contact: 'jdoe@x' }, { name: 'bulk-2', contact: 'none' }] });
    expect(bulk.status).toBe(201);
    const [first, second] = (bulk.body as { id: number }[]).map((r) => r.id);
    expect([(await read('Computer', first!)).users_id, (await read('Computer', second!)).users_id]).toEqual([ids.user, 0]);
  });
});

describe('dictionaries', () => {
  test('a manufacturer written as a variant of a name gets the dictionary name, on add and on rename; a model too', async () => {
    await rule('RuleDictionnaryManufacturer', [['name', 4, 'microsoft']], [['assign', 'name', 'Microsoft']]);
    await rule('RuleDictionnaryManufacturer', [['name', 6, '/^hewlett[- ]packard/']], [['assign', 'name', 'HP']]);
    const first = await ctx.api.create('Manufacturer', { name: 'Microsoft Corporation' });
    const second = await ctx.api.create('Manufacturer', { name: 'Hewlett-Packard Company' });
    const other = await ctx.api.create('Manufacturer', { name: 'Dell Inc.' });
    expect([(await read('Manufacturer', first)).name, (await read('Manufacturer', second)).name, (await read('Manufacturer', other)).name]).toEqual(['Microsoft', 'HP', 'Dell Inc.']);
    expect((await ctx.api.put(`Manufacturer/${other}`, { input: { name: 'microsoft corp.' } })).status).toBe(200);
    expect((await read('Manufacturer', other)).name).toBe('Microsoft');
    await rule('RuleDictionnaryComputerModel', [['name', 6, '/^(optiplex \\d+)/']], [['regex_result', 'name', 'Dell #0']]);
    expect((await read('ComputerModel', await ctx.api.create('ComputerModel', { name: 'OptiPlex 7090 Tower' }))).name).toBe('Dell OptiPlex 7090');
  });

  test("a software's name and manufacturer: the dictionary renames it, gives it a manufacturer and a category", async () => {
    const mozilla = await ctx.api.create('Manufacturer', { name: 'Mozilla' });
    const browsers = await ctx.api.create('SoftwareCategory', { name: unique('Browsers') });
    await rule(
      'RuleDictionnarySoftware',
      [['name', 6, '/^mozilla firefox/']],
      [['assign', 'name', 'Firefox'], ['assign', 'manufacturer', mozilla], ['assign', 'softwarecategories_id', browsers]],
    );
    const software = await ctx.api.create('Software', { name: 'Mozilla Firefox 115.0 ESR (x64 en-US)' });
    expect(await read('Software', software)).toMatchObject({ name: 'Firefox', manufacturers_id: mozilla, softwarecategories_id: browsers });
    const untouched = await ctx.api.create('Software', { name: 'LibreOffice' });
    expect(await read('Software', untouched)).toMatchObject({ name: 'LibreOffice', manufacturers_id: 0 });
  });
});
