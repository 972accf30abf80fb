/**
 * GLPI's search option ids of the knowledge base, contacts, databases, project tasks, agents,
 * budgets, service levels and ITIL categories: options through link rows and children (a
 * contact's suppliers, an article's targets, an instance's databases, a computer's agent) and
 * through foreign keys find the right items.
 */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { createUser, loginAs, unique } from '../rights/fixture';
import { expectError, plantAgent, uniq } from './fixtures';

const ctx = useServer();

/** Names (option `shown`, 1 by default) of the items of `itemtype` whose option `field` matches. */
async function found(itemtype: string, field: number, searchtype: string, value: string | number, shown = 1): Promise<string[]> {
  const query = `criteria[0][field]=${field}&criteria[0][searchtype]=${searchtype}&criteria[0][value]=${encodeURIComponent(String(value))}&forcedisplay[0]=${shown}&range=0-999`;
  const res = await ctx.api.get(`search/${itemtype}`, { query });
  expect({ field, refused: res.status >= 300 ? res.text : '' }).toEqual({ field, refused: '' });
  return ((res.body.data ?? []) as Record<string, unknown>[]).map((row) => String(row[String(shown)]));
}

async function options(itemtype: string): Promise<Record<string, any>> {
  const res = await ctx.api.get(`listSearchOptions/${itemtype}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('options through link rows and children', () => {
  test("Contact: associated suppliers (8), first name (11); the name is GLPI's 'Last name'", async () => {
    const supplier = uniq('supplier');
    const name = uniq('contact');
    const contact = await ctx.api.create('Contact', { name, firstname: 'Ada' });
    await ctx.api.create('Contact', { name: uniq('contact'), firstname: 'Grace' });
    await ctx.api.create('Contact_Supplier', { contacts_id: contact, suppliers_id: await ctx.api.create('Supplier', { name: supplier }) });
    expect(await found('Contact', 8, 'contains', supplier)).toEqual([name]);
    expect(await found('Contact', 11, 'contains', 'Ada')).toContain(name);
    expect(await found('Contact', 11, 'contains', 'Grace')).not.toContain(name);
    const listed = await options('Contact');
    expect(listed['1']).toMatchObject({ name: 'Last name', field: 'name' });
    expect(listed['8']).toMatchObject({ table: 'glpi_suppliers', field: 'name', datatype: 'itemlink' });
  });

  test("KnowbaseItem: GLPI 10.0's subject (6; no option 1), FAQ flag (8), views (9), writer (70); documents (119, GLPI's family); no category nor target options", async () => {
    const article = uniq('article');
    await ctx.api.create('KnowbaseItem', { name: article, answer: 'how to', is_faq: 1, view: 7 });
    const other = uniq('article');
    await ctx.api.create('KnowbaseItem', { name: other, answer: 'other', is_faq: 0 });
    expect(await found('KnowbaseItem', 6, 'contains', article, 6)).toEqual([article]);
    expect(await found('KnowbaseItem', 8, 'equals', 1, 6)).toContain(article);
    expect(await found('KnowbaseItem', 8, 'equals', 1, 6)).not.toContain(other);
    expect(await found('KnowbaseItem', 9, 'contains', 7, 6)).toContain(article);
    expect(await found('KnowbaseItem', 70, 'equals', 2, 6)).toContain(article);
    const listed = await options('KnowbaseItem');
    expect(Object.keys(listed).filter((k) => /^\d+$/.test(k))).toEqual(['2', '6', '7', '8', '9', '10', '11', '19', '70', '119', '121']);
    expect(listed['6']).toMatchObject({ name: 'Subject', field: 'name', datatype: 'text' });
  });

  test('DatabaseInstance: its databases (167, 169), state by name (41), port (168); Database: instance (11), size (6), no ID option', async () => {
    const state = uniq('state');
    const stateId = await ctx.api.create('State', { name: state });
    const computer = await ctx.api.create('Computer', { name: uniq('host') });
    const instance = uniq('instance');
    const instanceId = await ctx.api.create('DatabaseInstance', { name: instance, itemtype: 'Computer', items_id: computer, port: '5432', states_id: stateId });
    const bare = uniq('instance');
    await ctx.api.create('DatabaseInstance', { name: bare });
    const database = uniq('db');
    await ctx.api.create('Database', { name: database, databaseinstances_id: instanceId, size: 2048, is_active: 1 });
    expect(await found('DatabaseInstance', 167, 'contains', database)).toEqual([instance]);
    expect(await found('DatabaseInstance', 169, 'equals', 1)).toContain(instance);
    expect(await found('DatabaseInstance', 169, 'equals', 1)).not.toContain(bare);
    expect(await found('DatabaseInstance', 41, 'contains', state)).toEqual([instance]);
    expect(await found('DatabaseInstance', 168, 'contains', '5432')).toContain(instance);
    expect(await found('Database', 11, 'equals', instanceId)).toEqual([database]);
    expect(await found('Database', 6, 'contains', 2048)).toContain(database);
    const instanceOptions = await options('DatabaseInstance');
    expect(instanceOptions['41']).toMatchObject({ table: 'glpi_states', field: 'name', name: 'State' });
    // Options of GLPI's later branches, not of 10.0.
    for (const id of ['7', '8', '80', '253']) expect({ id, listed: instanceOptions[id] }).toEqual({ id, listed: undefined });
    const listed = await options('Database');
    expect(listed['7']).toMatchObject({ table: 'glpi_entities', name: 'Entity' });
    expect(listed['4']).toMatchObject({ field: 'date_mod' });
    for (const id of ['2', '19', '80']) expect({ id, listed: listed[id] }).toEqual({ id, listed: undefined });
  });

  test('ProjectTask: project under 2 (GLPI lists no ID), father task (13), creator (24), milestone (18)', async () => {
    const project = await ctx.api.create('Project', { name: uniq('project') });
    const parent = uniq('task');
    const parentId = await ctx.api.create('ProjectTask', { name: parent, projects_id: project, users_id: 2 });
    const child = uniq('task');
    await ctx.api.create('ProjectTask', { name: child, projects_id: project, projecttasks_id: parentId, is_milestone: 1 });
    expect((await found('ProjectTask', 2, 'equals', project)).sort()).toEqual([child, parent].sort());
    expect(await found('ProjectTask', 13, 'equals', parentId)).toEqual([child]);
    expect(await found('ProjectTask', 24, 'equals', 2)).toContain(parent);
    expect(await found('ProjectTask', 24, 'equals', 2)).not.toContain(child);
    expect(await found('ProjectTask', 18, 'equals', 1)).toContain(child);
    expect((await options('ProjectTask'))['2']).toMatchObject({ table: 'glpi_projects', name: 'Project' });
  });
});

describe('agents', () => {
  test("agents follow GLPI 10.0's agent right: the Super-Admin reads, updates and purges them but creates none", async () => {
    const computer = await ctx.api.create('Computer', { name: uniq('pc') });
    expectError(await ctx.api.post('Agent/', { input: { deviceid: uniq('device'), agenttypes_id: 1, itemtype: 'Computer', items_id: computer } }), 403, 'ERROR_RIGHT_MISSING');
    const rights = (await ctx.api.get('Profile/4/ProfileRight', { query: 'range=0-999' })).body as { id: number; name: string; rights: number }[];
    const agentRight = rights.find((r) => r.name === 'agent')!;
    expect(agentRight.rights).toBe(1 | 2 | 16);
    // Nobody holds the CREATE bit, so nobody can hand it out.
    expectError(await ctx.api.put(`ProfileRight/${agentRight.id}`, { input: { rights: 31 } }), 400, 'ERROR_GLPI_UPDATE');
    const agent = plantAgent(ctx.server, { itemtype: 'Computer', items_id: computer });
    expect((await ctx.api.put(`Agent/${agent}`, { input: { tag: 'moved' } })).status).toBe(200);
    expect((await ctx.api.get(`Agent/${agent}`)).body.tag).toBe('moved');
    expect((await ctx.api.del(`Agent/${agent}`)).status).toBe(204);
    expectError(await ctx.api.get(`Agent/${agent}`), 404, 'ERROR_ITEM_NOT_FOUND');
    // A technician (no agent right at all) reads none, as in GLPI 10.0 (before, the computer right let them).
    const login = unique('agent-tech');
    await createUser(ctx.api, login, 6, 0);
    const technician = await loginAs(ctx.server.api, login);
    expectError(await technician.get(`Agent/${plantAgent(ctx.server, {})}`), 403, 'ERROR_RIGHT_MISSING');
    expect((await technician.get('Computer/')).status).toBe(200);
  });

  test("Agent is an itemtype with GLPI's options (entity under 2, no ID option); a computer is found by its agent (900–906)", async () => {
    const computer = uniq('pc');
    const computerId = await ctx.api.create('Computer', { name: computer });
    const other = uniq('pc');
    await ctx.api.create('Computer', { name: other });
    const tag = uniq('tag');
    const agent = uniq('agent');
    const agentId = plantAgent(ctx.server, { name: agent, itemtype: 'Computer', items_id: computerId, tag, version: '1.7', last_contact: '2026-03-01 10:00:00', use_module_computer_inventory: 1 });
    expect((await ctx.api.get(`Agent/${agentId}`)).body).toMatchObject({ tag, itemtype: 'Computer', items_id: computerId, agenttypes_id: 1 });
    // Its type (GLPI's Core) is named, though no profile reads agent types themselves.
    expect((await ctx.api.get(`Agent/${agentId}`, { query: 'expand_dropdowns=true' })).body.agenttypes_id).toBe('Core');
    expect(await found('Computer', 901, 'contains', tag)).toEqual([computer]);
    expect(await found('Computer', 900, 'contains', agent)).toEqual([computer]);
    expect(await found('Computer', 902, 'morethan', '2026-02-01')).toContain(computer);
    expect(await found('Computer', 902, 'morethan', '2026-02-01')).not.toContain(other);
    expect(await found('Agent', 11, 'contains', tag)).toEqual([agent]);
    expect(await found('Agent', 18, 'equals', 1)).toContain(agent);
    expect(await found('Agent', 15, 'equals', computerId)).toEqual([agent]);
    const listed = await options('Agent');
    expect(listed['2']).toMatchObject({ table: 'glpi_entities', field: 'completename' });
    expect(listed['15']).toMatchObject({ field: 'items_id', name: 'Item' });
    expect(Object.values(listed).some((o: any) => o.field === 'id')).toBe(false);
    expect(Object.keys(await options('AgentType')).filter((k) => /^\d+$/.test(k))).toEqual(['1']);
  });

  test('an agent keeps a device id, unique among agents', async () => {
    const first = plantAgent(ctx.server, {});
    const second = plantAgent(ctx.server, {});
    const taken = (await ctx.api.get(`Agent/${first}`)).body.deviceid;
    expectError(await ctx.api.put(`Agent/${second}`, { input: { deviceid: taken } }), 400, 'ERROR_GLPI_UPDATE');
    expectError(await ctx.api.put(`Agent/${second}`, { input: { deviceid: '' } }), 400, 'ERROR_GLPI_UPDATE');
    expect((await ctx.api.get(`Agent/${second}`)).body.deviceid).not.toBe(taken);
  });
});

describe('budgets, service levels, recurrent tickets', () => {
  test("Budget: type (4), value (7), dates (5, 6); the items whose financial data name it (Budget/:id/Infocom, an asset's option 50)", async () => {
    const typeName = uniq('btype');
    const budget = uniq('budget');
    const budgetId = await ctx.api.create('Budget', { name: budget, budgettypes_id: await ctx.api.create('BudgetType', { name: typeName }), value: 12500, begin_date: '2026-01-01', end_date: '2026-12-31' });
    expect(await found('Budget', 4, 'contains', typeName)).toEqual([budget]);
    expect(await found('Budget', 7, 'contains', 12500)).toContain(budget);
    expect(await found('Budget', 6, 'lessthan', '2027-01-01')).toContain(budget);
    const computer = uniq('pc');
    const computerId = await ctx.api.create('Computer', { name: computer });
    const infocom = await ctx.api.create('Infocom', { itemtype: 'Computer', items_id: computerId, budgets_id: budgetId, value: 900 });
    const items = await ctx.api.get(`Budget/${budgetId}/Infocom`);
    expect(items.status).toBe(200);
    expect(items.body.map((row: any) => [row.id, row.itemtype, row.items_id])).toEqual([[infocom, 'Computer', computerId]]);
    expect(await found('Computer', 50, 'contains', budget)).toEqual([computer]);
  });

  test('SLA and OLA: their SLM (8), end of working day (6); SLM: calendar (4); Holiday: start (11), recurrent (13)', async () => {
    const calendar = await ctx.api.create('Calendar', { name: uniq('cal') });
    const slm = uniq('slm');
    const slmId = await ctx.api.create('SLM', { name: slm, calendars_id: calendar });
    const sla = uniq('sla');
    await ctx.api.create('SLA', { name: sla, slms_id: slmId, number_time: 4, definition_time: 'hour', type: 0, end_of_working_day: 1 });
    const ola = uniq('ola');
    await ctx.api.create('OLA', { name: ola, slms_id: slmId, number_time: 2, definition_time: 'hour', type: 1 });
    expect(await found('SLA', 8, 'equals', slmId)).toEqual([sla]);
    expect(await found('SLA', 6, 'equals', 1)).toContain(sla);
    expect(await found('OLA', 8, 'equals', slmId)).toEqual([ola]);
    expect(await found('SLM', 4, 'equals', calendar)).toEqual([slm]);
    const holiday = uniq('holiday');
    await ctx.api.create('Holiday', { name: holiday, begin_date: '2026-12-25', end_date: '2026-12-26', is_perpetual: 1 });
    expect(await found('Holiday', 11, 'morethan', '2026-12-01')).toContain(holiday);
    expect(await found('Holiday', 13, 'equals', 1)).toContain(holiday);
  });

  test('TicketRecurrent: template (12), active (11), periodicity (15)', async () => {
    const template = await ctx.api.create('TicketTemplate', { name: uniq('tpl') });
    const recurrent = uniq('recurrent');
    await ctx.api.create('TicketRecurrent', { name: recurrent, tickettemplates_id: template, is_active: 1, periodicity: '86400', begin_date: '2026-01-01 08:00:00' });
    expect(await found('TicketRecurrent', 12, 'equals', template)).toEqual([recurrent]);
    expect(await found('TicketRecurrent', 11, 'equals', 1)).toContain(recurrent);
    expect(await found('TicketRecurrent', 15, 'equals', '86400')).toContain(recurrent);
  });
});

describe('ITILCategory targets', () => {
  test("every option GLPI lists for ITILCategory is searchable", async () => {
    const listed = await options('ITILCategory');
    const ids = Object.keys(listed).filter((k) => /^\d+$/.test(k) && !listed[k].nosearch);
    expect(ids).toEqual(expect.arrayContaining(['3', '70', '71', '72', '73', '74', '75', '76', '79', '85', '100', '101']));
    for (const id of ids) {
      const searchtype = listed[id].available_searchtypes[0];
      const res = await ctx.api.get('search/ITILCategory', { query: `criteria[0][field]=${id}&criteria[0][searchtype]=${searchtype}&criteria[0][value]=1&forcedisplay[0]=${id}` });
      expect({ id, refused: res.status >= 300 ? res.text : '' }).toEqual({ id, refused: '' });
    }
  });

  test('visibility per ITIL type (74–76, 85), templates (72, 73, 100, 101), knowledge base category (79), group and technician (70, 71)', async () => {
    const incident = await ctx.api.create('TicketTemplate', { name: uniq('incident') });
    const request = await ctx.api.create('TicketTemplate', { name: uniq('request') });
    const change = await ctx.api.create('ChangeTemplate', { name: uniq('change') });
    const problem = await ctx.api.create('ProblemTemplate', { name: uniq('problem') });
    const kbCategory = uniq('kb');
    const group = await ctx.api.create('Group', { name: uniq('group') });
    const name = uniq('category');
    await ctx.api.create('ITILCategory', {
      name,
      is_incident: 0,
      is_request: 1,
      is_problem: 0,
      is_change: 0,
      is_helpdeskvisible: 0,
      tickettemplates_id_incident: incident,
      tickettemplates_id_demand: request,
      changetemplates_id: change,
      problemtemplates_id: problem,
      knowbaseitemcategories_id: await ctx.api.create('KnowbaseItemCategory', { name: kbCategory }),
      groups_id: group,
      users_id: 2,
    });
    const plain = uniq('category');
    await ctx.api.create('ITILCategory', { name: plain });
    const byName = (id: number, searchtype: string, value: string | number) => found('ITILCategory', id, searchtype, value).then((names) => names.map((n) => n.split(' > ').at(-1)));
    for (const id of [74, 76, 85, 3]) {
      expect({ id, found: (await byName(id, 'equals', 0)).includes(name) }).toEqual({ id, found: true });
      expect({ id, found: (await byName(id, 'equals', 0)).includes(plain) }).toEqual({ id, found: false });
    }
    expect(await byName(75, 'equals', 1)).toContain(name);
    expect(await byName(73, 'equals', incident)).toEqual([name]);
    expect(await byName(72, 'equals', request)).toEqual([name]);
    expect(await byName(72, 'equals', incident)).toEqual([]);
    expect(await byName(100, 'equals', change)).toEqual([name]);
    expect(await byName(101, 'equals', problem)).toEqual([name]);
    expect(await byName(79, 'contains', kbCategory)).toEqual([name]);
    expect(await byName(71, 'equals', group)).toEqual([name]);
    expect(await byName(70, 'equals', 2)).toContain(name);
    expect(await byName(70, 'equals', 2)).not.toContain(plain);
  });
});
