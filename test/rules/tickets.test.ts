/**
 * GLPI's business rules for tickets run where GLPI runs them: on add, after the ticket's defaults
 * and before automatic assignment, templates' mandatory fields and service levels; on update, only
 * when a field one of their criteria tests changed. Their criteria see GLPI's input (requesters'
 * groups and locations, items), their actions set columns, actors and approvals, and what they
 * name that no longer exists is left out without refusing the ticket.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { until } from '../support/until';
import { createUser, loginAs, unique } from '../rights/fixture';

const ctx = useServer({ TZ: 'UTC' });

interface RuleSpec {
  entity: number;
  condition?: number;
  match?: 'AND' | 'OR';
  ranking?: number;
  criteria: [string, number, string | number][];
  actions: [string, string, string | number][];
}

/** A ticket rule of `entity` (not recursive), with its criteria and actions, written through the API. */
async function rule(spec: RuleSpec): Promise<number> {
  const id = await ctx.api.create('Rule', {
    name: unique('ticket rule'),
    sub_type: 'RuleTicket',
    entities_id: spec.entity,
    is_recursive: 0,
    match: spec.match ?? 'AND',
    condition: spec.condition ?? 1,
    ...(spec.ranking !== undefined ? { ranking: spec.ranking } : {}),
  });
  for (const [criteria, condition, pattern] of spec.criteria) await ctx.api.create('RuleCriteria', { rules_id: id, criteria, condition, pattern: String(pattern) });
  for (const [action_type, field, value] of spec.actions) await ctx.api.create('RuleAction', { rules_id: id, action_type, field, value: String(value) });
  return id;
}

const entity = () => ctx.api.create('Entity', { name: unique('rules entity'), entities_id: 0 });

async function actors(ticket: number) {
  const users = (await ctx.api.get(`Ticket/${ticket}/Ticket_User`)).body as { users_id: number; type: number }[];
  const groups = (await ctx.api.get(`Ticket/${ticket}/Group_Ticket`)).body as { groups_id: number; type: number }[];
  return {
    assigned: { users: users.filter((u) => u.type === 2).map((u) => u.users_id), groups: groups.filter((g) => g.type === 2).map((g) => g.groups_id) },
    observers: groups.filter((g) => g.type === 3).map((g) => g.groups_id),
  };
}

const fields = async (ticket: number, names: string[]) => {
  const row = (await ctx.api.get(`Ticket/${ticket}`)).body as Record<string, unknown>;
  return Object.fromEntries(names.map((n) => [n, row[n]]));
};

describe('on add', () => {
  test("a title criterion assigns a group and raises the urgency; the priority follows GLPI's matrix and the ticket is assigned", async () => {
    const here = await entity();
    const printers = await ctx.api.create('Group', { name: unique('Printers'), entities_id: 0, is_recursive: 1 });
    await rule({ entity: here, criteria: [['name', 2, 'printer']], actions: [['assign', '_groups_id_assign', printers], ['assign', 'urgency', 5]] });
    const matching = await ctx.api.create('Ticket', { name: 'The PRINTER jams', content: 'x', entities_id: here });
    const other = await ctx.api.create('Ticket', { name: 'Screen flickers', content: 'x', entities_id: here });
    expect(await fields(matching, ['urgency', 'impact', 'priority', 'status'])).toEqual({ urgency: 5, impact: 3, priority: 4, status: 2 });
    expect((await actors(matching)).assigned).toEqual({ users: [], groups: [printers] });
    expect(await fields(other, ['urgency', 'priority', 'status'])).toEqual({ urgency: 3, priority: 3, status: 1 });
    // Another entity's rules do not apply.
    const elsewhere = await ctx.api.create('Ticket', { name: 'printer too', content: 'x', entities_id: await entity() });
    expect(await fields(elsewhere, ['urgency'])).toEqual({ urgency: 3 });
  });

  test("a regular expression's capture finds the category by its code, and automatic assignment then takes that category's technician", async () => {
    const here = await entity();
    expect((await ctx.api.put(`Entity/${here}`, { input: { auto_assign_mode: 2 } })).status).toBe(200);
    const tech = await createUser(ctx.api, unique('net-tech'), 6, here);
    const category = await ctx.api.create('ITILCategory', { name: unique('Network'), code: 'NET', users_id: tech, entities_id: here });
    await rule({ entity: here, criteria: [['name', 6, '/^\\[(\\w+)\\]/']], actions: [['regex_result', '_affect_itilcategory_by_code', '#0']] });
    const ticket = await ctx.api.create('Ticket', { name: '[net] the switch is down', content: 'x', entities_id: here });
    expect(await fields(ticket, ['itilcategories_id', 'status'])).toEqual({ itilcategories_id: category, status: 2 });
    expect((await actors(ticket)).assigned.users).toEqual([tech]);
    // No category with that code: the ticket is opened as it came.
    const unknown = await ctx.api.create('Ticket', { name: '[hr] payslip', content: 'x', entities_id: here });
    expect(await fields(unknown, ['itilcategories_id', 'status'])).toEqual({ itilcategories_id: 0, status: 1 });
  });

  test("the requesters' groups and location: a rule on the requester's group adds an observer group and takes the requester's location", async () => {
    const here = await entity();
    const sales = await ctx.api.create('Group', { name: unique('Sales'), entities_id: 0, is_recursive: 1 });
    const managers = await ctx.api.create('Group', { name: unique('Managers'), entities_id: 0, is_recursive: 1 });
    const office = await ctx.api.create('Location', { name: unique('Office'), entities_id: 0, is_recursive: 1 });
    const seller = await createUser(ctx.api, unique('seller'), 1, here);
    await ctx.api.put(`User/${seller}`, { input: { locations_id: office } });
    await ctx.api.create('Group_User', { groups_id: sales, users_id: seller });
    await rule({ entity: here, criteria: [['_groups_id_of_requester', 0, sales]], actions: [['append', '_groups_id_observer', managers], ['fromuser', 'locations_id', 1]] });
    const ticket = await ctx.api.create('Ticket', { name: 'quote', content: 'x', entities_id: here, _users_id_requester: seller });
    expect((await actors(ticket)).observers).toEqual([managers]);
    expect(await fields(ticket, ['locations_id'])).toEqual({ locations_id: office });
    const anonymous = await ctx.api.create('Ticket', { name: 'quote', content: 'x', entities_id: here });
    expect(await fields(anonymous, ['locations_id'])).toEqual({ locations_id: 0 });
  });

  test("rules run before the template's mandatory fields and the service levels: a category and an agreement set by a rule count", async () => {
    const here = await entity();
    const template = await ctx.api.create('TicketTemplate', { name: unique('needs a category'), entities_id: here });
    await ctx.api.create('TicketTemplateMandatoryField', { tickettemplates_id: template, num: 7 });
    const category = await ctx.api.create('ITILCategory', { name: unique('Hardware'), entities_id: here });
    const slm = await ctx.api.create('SLM', { name: unique('rules'), entities_id: here });
    const sla = await ctx.api.create('SLA', { name: 'four hours', slms_id: slm, type: 0, number_time: 4, definition_time: 'hour', entities_id: here });
    await rule({ entity: here, criteria: [['content', 2, 'broken']], actions: [['assign', 'itilcategories_id', category], ['assign', 'slas_id_ttr', sla]] });
    const ticket = await ctx.api.create('Ticket', { name: 'x', content: 'my keyboard is broken', date: '2026-01-15 09:00:00', entities_id: here, _tickettemplates_id: template });
    expect(await fields(ticket, ['itilcategories_id', 'slas_id_ttr', 'time_to_resolve'])).toEqual({ itilcategories_id: category, slas_id_ttr: sla, time_to_resolve: '2026-01-15 13:00:00' });
    const refused = await ctx.api.post('Ticket/', { input: { name: 'x', content: 'fine', entities_id: here, _tickettemplates_id: template } });
    expect(refused.body).toEqual(['ERROR_GLPI_ADD', 'Mandatory fields are not filled. Please correct: Category']);
  });

  test('a rule naming a group that was deleted since, or a value a field cannot take, leaves that out and the ticket is written', async () => {
    const here = await entity();
    const gone = await ctx.api.create('Group', { name: unique('gone'), entities_id: 0 });
    const kept = await ctx.api.create('Group', { name: unique('kept'), entities_id: 0 });
    const id = await rule({ entity: here, criteria: [['name', 8, 1]], actions: [['append', '_groups_id_assign', gone], ['append', '_groups_id_assign', kept], ['assign', 'urgency', 'very'], ['assign', 'impact', 4]] });
    expect((await ctx.api.del(`Group/${gone}`, { query: 'force_purge=true' })).status).toBe(204);
    const ticket = await ctx.api.create('Ticket', { name: 'anything', content: 'x', entities_id: here });
    expect((await actors(ticket)).assigned.groups).toEqual([kept]);
    expect(await fields(ticket, ['urgency', 'impact', 'priority'])).toEqual({ urgency: 3, impact: 4, priority: 4 });
    // The server's log says what was left out, and by which rule.
    const line = `[deskbase] RuleTicket rules ${id} on a new Ticket: left out _groups_id_assign: ${gone} no longer exist; urgency: `;
    expect(await until('the log line', () => ctx.server.output.includes(line))).toBe(true);
  });

  test("what a rule sets is applied whatever the session's rights: a Self-Service requester's ticket gets the technician group, urgency and status it could not set", async () => {
    const here = await entity();
    const team = await ctx.api.create('Group', { name: unique('Helpdesk team'), entities_id: 0, is_recursive: 1 });
    await rule({ entity: here, criteria: [['name', 2, 'vpn']], actions: [['assign', '_groups_id_assign', team], ['assign', 'urgency', 5], ['assign', 'status', 4]] });
    const login = unique('self-service');
    await createUser(ctx.api, login, 1, here);
    const requester = await loginAs(ctx.server.api, login);
    const ticket = await requester.create('Ticket', { name: 'VPN refuses me', content: 'x', entities_id: here });
    expect((await actors(ticket)).assigned.groups).toEqual([team]);
    expect(await fields(ticket, ['urgency', 'status'])).toEqual({ urgency: 5, status: 4 });
    // Given by the requester itself, the same group is refused.
    const own = await requester.post('Ticket/', { input: { name: 'other', content: 'x', entities_id: here, _groups_id_assign: team } });
    expect([own.status, own.body[1]]).toEqual([400, `Group ${team} cannot be named assignee here: a self-service profile names groups as observers only`]);
  });

  test('delete empties the time to resolve the requester gave', async () => {
    const here = await entity();
    await rule({ entity: here, criteria: [['name', 2, 'whenever']], actions: [['delete', 'time_to_resolve', 1]] });
    const cleared = await ctx.api.create('Ticket', { name: 'whenever you can', content: 'x', entities_id: here, time_to_resolve: '2030-01-01 10:00:00' });
    const kept = await ctx.api.create('Ticket', { name: 'by Friday', content: 'x', entities_id: here, time_to_resolve: '2030-01-01 10:00:00' });
    expect([await fields(cleared, ['time_to_resolve']), await fields(kept, ['time_to_resolve'])]).toEqual([{ time_to_resolve: null }, { time_to_resolve: '2030-01-01 10:00:00' }]);
  });

  test('ticket rules chain in ranking order, each seeing what the earlier ones set; OR needs one criterion', async () => {
    const here = await entity();
    await rule({ entity: here, ranking: 2, criteria: [['urgency', 0, 5]], actions: [['assign', 'impact', 5]] });
    await rule({ entity: here, ranking: 1, match: 'OR', criteria: [['name', 2, 'outage'], ['content', 2, 'down']], actions: [['assign', 'urgency', 5]] });
    const ticket = await ctx.api.create('Ticket', { name: 'site', content: 'everything is down', entities_id: here });
    expect(await fields(ticket, ['urgency', 'impact', 'priority'])).toEqual({ urgency: 5, impact: 5, priority: 5 });
  });
});

describe('the ticket\'s item found by IP address, name and domain, or MAC address (GLPI\'s "Associated elements" actions)', () => {
  /** A computer of `entityId` with one port: its MAC, a network name in a domain, an IP address. */
  async function computer(entityId: number, name: string, port: { mac: string; ip: string; host: string; domain: number }) {
    const id = await ctx.api.create('Computer', { name, entities_id: entityId });
    await ctx.api.create('NetworkPort', { items_id: id, itemtype: 'Computer', entities_id: entityId, instantiation_type: 'NetworkPortEthernet', mac: port.mac, NetworkName_name: port.host, NetworkName_fqdns_id: port.domain, NetworkName__ipaddresses: [port.ip] });
    return id;
  }
  const items = async (ticket: number) => ((await ctx.api.get(`Ticket/${ticket}/Item_Ticket`)).body as { itemtype: string; items_id: number }[]).map((l) => [l.itemtype, l.items_id]);

  test('a captured address links the one asset holding it in the ticket\'s entity; none, two, or one in another entity link nothing', async () => {
    const here = await entity();
    const other = await entity();
    const domain = await ctx.api.create('FQDN', { name: 'lab', fqdn: 'lab.example.org', entities_id: 0, is_recursive: 1 });
    const pc = await computer(here, 'pc-42', { mac: 'AA:BB:CC:00:00:42', ip: '10.9.8.42', host: 'pc42', domain });
    await computer(other, 'pc-43', { mac: 'aa:bb:cc:00:00:43', ip: '10.9.8.43', host: 'pc43', domain });
    await computer(here, 'twin-1', { mac: 'aa:bb:cc:00:00:77', ip: '10.9.8.77', host: 'twin1', domain });
    await computer(here, 'twin-2', { mac: 'aa:bb:cc:00:00:77', ip: '10.9.8.77', host: 'twin2', domain });
    await rule({ entity: here, ranking: 1, criteria: [['content', 6, '/ip (\\d+\\.\\d+\\.\\d+\\.\\d+)/']], actions: [['affectbyip', 'affectobject', '#0']] });
    await rule({ entity: here, ranking: 2, criteria: [['content', 6, '/host ([\\w.]+)/']], actions: [['affectbyfqdn', 'affectobject', '#0']] });
    await rule({ entity: here, ranking: 3, criteria: [['content', 6, '/mac ([0-9a-f:]{17})/']], actions: [['affectbymac', 'affectobject', '#0']] });
    const ticket = (content: string) => ctx.api.create('Ticket', { name: 'network trouble', content, entities_id: here });
    expect(await items(await ticket('my ip 10.9.8.42 is down'))).toEqual([['Computer', pc]]);
    expect(await items(await ticket('host pc42.lab.example.org is down'))).toEqual([['Computer', pc]]);
    expect(await items(await ticket('mac aa:bb:cc:00:00:42 (any case) is down'))).toEqual([['Computer', pc]]);
    // Unknown, held twice, or held by an asset of another entity: the ticket is written without an item.
    for (const content of ['my ip 10.9.9.9 is down', 'my ip 10.9.8.77 is down', 'mac aa:bb:cc:00:00:77 twice', 'my ip 10.9.8.43 is down', 'host pc42.other.example.org']) {
      expect(await items(await ticket(content))).toEqual([]);
    }
    // The tester says why.
    const tested = await ctx.api.post('testRules', { sub_type: 'RuleTicket', entities_id: here, input: { content: 'my ip 10.9.8.43 is down' } });
    expect(tested.body.rules[0].actions[0]).toMatchObject({ action_type: 'affectbyip', set: {}, error: `Computer ${pc + 1} with IP address "10.9.8.43" is not in entity ${here}` });
  });
});

describe('on update', () => {
  let here = 0;
  let escalation = 0;
  beforeAll(async () => {
    here = await entity();
    escalation = await ctx.api.create('Group', { name: unique('Escalation'), entities_id: 0, is_recursive: 1 });
    await rule({ entity: here, condition: 2, criteria: [['urgency', 0, 5]], actions: [['append', '_groups_id_assign', escalation]] });
    await rule({ entity: here, condition: 2, criteria: [['name', 2, 'vip']], actions: [['assign', 'impact', 5]] });
  });

  test('a rule runs when a field it tests changes, not on add, and not for a change elsewhere', async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'vip laptop', content: 'x', urgency: 5, entities_id: here });
    expect((await actors(ticket)).assigned.groups).toEqual([]);
    expect(await fields(ticket, ['impact'])).toEqual({ impact: 3 });
    // The content changes: neither rule tests it, so neither runs, though both would match.
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { content: 'more' } })).status).toBe(200);
    expect(await fields(ticket, ['impact'])).toEqual({ impact: 3 });
    expect((await actors(ticket)).assigned.groups).toEqual([]);
    // The title changes: the title rule runs, with the ticket's stored urgency beside it.
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { name: 'vip laptop, still' } })).status).toBe(200);
    expect(await fields(ticket, ['impact', 'priority'])).toEqual({ impact: 5, priority: 5 });
  });

  test('raising the urgency assigns the escalation group', async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'laptop', content: 'x', entities_id: here });
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { urgency: 5 } })).status).toBe(200);
    expect((await actors(ticket)).assigned.groups).toEqual([escalation]);
    expect(await fields(ticket, ['status'])).toEqual({ status: 2 });
  });
});

describe("GLPI 10's template, project, contract and appliance actions, and its \"do not compute\" flags", () => {
  const list = async (path: string) => (await ctx.api.get(path)).body as Record<string, unknown>[];
  const pick = (rows: Record<string, unknown>[], names: string[]) => rows.map((r) => Object.fromEntries(names.map((n) => [n, r[n]])));

  test('a solution template solves the ticket, follow-up and task templates write their entries, and the ticket is linked to the project, contract and appliance', async () => {
    const here = await entity();
    const solutionType = await ctx.api.create('SolutionType', { name: unique('Reset') });
    const solution = await ctx.api.create('SolutionTemplate', { name: unique('reset done'), content: '<p>Your password was reset.</p>', solutiontypes_id: solutionType, entities_id: 0, is_recursive: 1 });
    const followup = await ctx.api.create('ITILFollowupTemplate', { name: unique('ack'), content: '<p>We are on it.</p>', is_private: 1, requesttypes_id: 2, entities_id: 0, is_recursive: 1 });
    const task = await ctx.api.create('TaskTemplate', { name: unique('reset'), content: '<p>Reset in the directory</p>', actiontime: 600, entities_id: 0, is_recursive: 1 });
    const project = await ctx.api.create('Project', { name: unique('Identity'), entities_id: here });
    const contract = await ctx.api.create('Contract', { name: unique('Support'), entities_id: here });
    const appliance = await ctx.api.create('Appliance', { name: unique('Directory'), entities_id: here });
    await rule({
      entity: here,
      criteria: [['name', 2, 'password']],
      actions: [['assign', 'solution_template', solution], ['append', 'itilfollowup_template', followup], ['append', 'task_template', task], ['append', 'assign_project', project], ['assign', 'assign_contract', contract], ['append', 'assign_appliance', appliance]],
    });
    const ticket = await ctx.api.create('Ticket', { name: 'forgot my password', content: 'x', entities_id: here });
    expect(await fields(ticket, ['status'])).toEqual({ status: 5 });
    expect(pick(await list(`Ticket/${ticket}/ITILSolution`), ['content', 'solutiontypes_id', 'status', 'users_id'])).toEqual([{ content: '<p>Your password was reset.</p>', solutiontypes_id: solutionType, status: 2, users_id: 2 }]);
    expect(pick(await list(`Ticket/${ticket}/ITILFollowup`), ['content', 'is_private', 'requesttypes_id', 'users_id'])).toEqual([{ content: '<p>We are on it.</p>', is_private: 1, requesttypes_id: 2, users_id: 2 }]);
    expect(pick(await list(`Ticket/${ticket}/TicketTask`), ['content', 'actiontime', 'tasktemplates_id'])).toEqual([{ content: '<p>Reset in the directory</p>', actiontime: 600, tasktemplates_id: task }]);
    expect(pick((await list('Itil_Project?range=0-999')).filter((r) => r.items_id === ticket && r.itemtype === 'Ticket'), ['projects_id'])).toEqual([{ projects_id: project }]);
    expect(pick((await list('Ticket_Contract?range=0-999')).filter((r) => r.tickets_id === ticket), ['contracts_id'])).toEqual([{ contracts_id: contract }]);
    expect(pick(await list(`Ticket/${ticket}/Item_Ticket`), ['itemtype', 'items_id'])).toEqual([{ itemtype: 'Appliance', items_id: appliance }]);
  });

  test("a Self-Service requester's ticket gets the rule's solution, which it could not write itself; sending the keys itself gets the follow-up only", async () => {
    const here = await entity();
    const solution = await ctx.api.create('SolutionTemplate', { name: unique('faq'), content: 'See the FAQ', entities_id: 0, is_recursive: 1 });
    const followup = await ctx.api.create('ITILFollowupTemplate', { name: unique('seen'), content: 'Seen', entities_id: 0, is_recursive: 1 });
    await rule({ entity: here, criteria: [['name', 2, 'faq']], actions: [['assign', 'solution_template', solution], ['append', 'itilfollowup_template', followup]] });
    const login = unique('self-service');
    const me = await createUser(ctx.api, login, 1, here);
    const requester = await loginAs(ctx.server.api, login);
    const ticket = await requester.create('Ticket', { name: 'faq please', content: 'x', entities_id: here });
    expect(await fields(ticket, ['status'])).toEqual({ status: 5 });
    expect(pick(await list(`Ticket/${ticket}/ITILSolution`), ['content', 'users_id'])).toEqual([{ content: 'See the FAQ', users_id: me }]);
    expect(pick(await list(`Ticket/${ticket}/ITILFollowup`), ['content', 'users_id'])).toEqual([{ content: 'Seen', users_id: me }]);
    const own = await requester.create('Ticket', { name: 'my own', content: 'x', entities_id: here, _solutiontemplates_id: solution, _itilfollowuptemplates_id: [followup] });
    expect(await fields(own, ['status'])).toEqual({ status: 1 });
    expect([await list(`Ticket/${own}/ITILSolution`), pick(await list(`Ticket/${own}/ITILFollowup`), ['content', 'users_id'])]).toEqual([[], [{ content: 'Seen', users_id: me }]]);
  });

  test("a client's own template, project and contract inputs are applied as GLPI does, each within the session's entities", async () => {
    const here = await entity();
    const elsewhere = await entity();
    const solution = await ctx.api.create('SolutionTemplate', { name: unique('fixed'), content: 'Fixed', entities_id: here });
    const followup = await ctx.api.create('ITILFollowupTemplate', { name: unique('noted'), content: 'Noted', entities_id: here });
    const project = await ctx.api.create('Project', { name: unique('Move'), entities_id: here });
    const contract = await ctx.api.create('Contract', { name: unique('Care'), entities_id: here });
    const hidden = { contract: await ctx.api.create('Contract', { name: unique('Theirs'), entities_id: elsewhere }), project: await ctx.api.create('Project', { name: unique('Theirs'), entities_id: elsewhere }) };
    const login = unique('tech');
    const tech = await createUser(ctx.api, login, 6, here);
    const session = await loginAs(ctx.server.api, login);
    const ticket = await session.create('Ticket', { name: 'moving desks', content: 'x', entities_id: here, _solutiontemplates_id: solution, _itilfollowuptemplates_id: [followup], _projects_id: [project], _contracts_id: contract });
    expect(await fields(ticket, ['status'])).toEqual({ status: 5 });
    expect(pick(await list(`Ticket/${ticket}/ITILSolution`), ['content', 'users_id'])).toEqual([{ content: 'Fixed', users_id: tech }]);
    expect(pick(await list(`Ticket/${ticket}/ITILFollowup`), ['content', 'users_id'])).toEqual([{ content: 'Noted', users_id: tech }]);
    expect(pick((await list('Itil_Project?range=0-999')).filter((r) => r.items_id === ticket && r.itemtype === 'Ticket'), ['projects_id'])).toEqual([{ projects_id: project }]);
    expect(pick((await list('Ticket_Contract?range=0-999')).filter((r) => r.tickets_id === ticket), ['contracts_id'])).toEqual([{ contracts_id: contract }]);
    // On update the project is linked; a contract is taken on add only, as GLPI's.
    const later = await session.create('Ticket', { name: 'later', content: 'x', entities_id: here });
    expect((await session.put(`Ticket/${later}`, { input: { _projects_id: [project], _contracts_id: contract } })).status).toBe(200);
    expect(pick((await list('Itil_Project?range=0-999')).filter((r) => r.items_id === later && r.itemtype === 'Ticket'), ['projects_id'])).toEqual([{ projects_id: project }]);
    expect((await list('Ticket_Contract?range=0-999')).filter((r) => r.tickets_id === later)).toEqual([]);
    // What lies outside the session's entities does not exist for it: the whole add is refused.
    for (const [key, value, type] of [['_contracts_id', hidden.contract, 'Contract'], ['_projects_id', [hidden.project], 'Project']] as const) {
      const res = await session.post('Ticket/', { input: { name: 'not mine', content: 'x', entities_id: here, [key]: value } });
      expect([res.status, res.body]).toEqual([400, ['ERROR_GLPI_ADD', `Field ${key}: ${type} ${type === 'Contract' ? hidden.contract : hidden.project} does not exist`]]);
    }
    expect((await list('Ticket?range=0-999')).filter((r) => r.name === 'not mine')).toEqual([]);
  });

  test('projects, contracts and appliances found by a captured name: every project and helpdesk-visible appliance of that name, the contract of the ticket\'s entity', async () => {
    const here = await entity();
    const other = await entity();
    const name = unique('Payroll');
    const projects = [await ctx.api.create('Project', { name, entities_id: here }), await ctx.api.create('Project', { name, entities_id: other })];
    await ctx.api.create('Contract', { name, entities_id: other });
    const contract = await ctx.api.create('Contract', { name, entities_id: here });
    const appliance = await ctx.api.create('Appliance', { name, entities_id: here });
    await ctx.api.create('Appliance', { name, entities_id: here, is_helpdesk_visible: 0 });
    await rule({ entity: here, criteria: [['name', 6, '/^about (\\S+)/']], actions: [['regex_result', 'assign_project', '#0'], ['regex_result', 'assign_contract', '#0'], ['regex_result', 'assign_appliance', '#0']] });
    const ticket = await ctx.api.create('Ticket', { name: `about ${name}`, content: 'x', entities_id: here });
    expect(pick((await list('Itil_Project?range=0-999')).filter((r) => r.items_id === ticket && r.itemtype === 'Ticket'), ['projects_id'])).toEqual(projects.map((projects_id) => ({ projects_id })));
    expect(pick((await list('Ticket_Contract?range=0-999')).filter((r) => r.tickets_id === ticket), ['contracts_id'])).toEqual([{ contracts_id: contract }]);
    expect(pick(await list(`Ticket/${ticket}/Item_Ticket`), ['itemtype', 'items_id'])).toEqual([{ itemtype: 'Appliance', items_id: appliance }]);
    // Nothing of that name: the tester says so, and nothing is linked.
    const tested = await ctx.api.post('testRules', { sub_type: 'RuleTicket', entities_id: here, input: { name: 'about Nothing' } });
    expect(tested.body.rules[0].actions.map((a: { error?: string }) => a.error)).toEqual(['no project named "Nothing"', 'no contract named "Nothing"', 'no appliance named "Nothing"']);
  });

  test('a status set by a rule stays when a technician is assigned with it, and "do not calculate" leaves the take into account', async () => {
    const here = await entity();
    const tech = await createUser(ctx.api, unique('tech'), 6, here);
    await rule({ entity: here, criteria: [['name', 2, 'keep new']], actions: [['assign', 'status', 1], ['do_not_compute', 'takeintoaccount_delay_stat', 1]] });
    const kept = await ctx.api.create('Ticket', { name: 'keep new please', content: 'x', entities_id: here, _users_id_assign: tech });
    const moved = await ctx.api.create('Ticket', { name: 'usual', content: 'x', entities_id: here, _users_id_assign: tech });
    expect(await fields(kept, ['status', 'takeintoaccount_delay_stat', 'takeintoaccountdate'])).toEqual({ status: 1, takeintoaccount_delay_stat: 0, takeintoaccountdate: null });
    const usual = await fields(moved, ['status', 'takeintoaccount_delay_stat']);
    expect([usual.status, Number(usual.takeintoaccount_delay_stat) > 0]).toEqual([2, true]);
  });

  test('on update too: a rule run by a change adds its follow-up and solution once the ticket is written', async () => {
    const here = await entity();
    const solution = await ctx.api.create('SolutionTemplate', { name: unique('duplicate'), content: 'Known outage', entities_id: 0, is_recursive: 1 });
    const followup = await ctx.api.create('ITILFollowupTemplate', { name: unique('outage'), content: 'Part of the outage', entities_id: 0, is_recursive: 1 });
    await rule({ entity: here, condition: 2, criteria: [['name', 2, 'outage']], actions: [['append', 'itilfollowup_template', followup], ['assign', 'solution_template', solution]] });
    const ticket = await ctx.api.create('Ticket', { name: 'mail down', content: 'x', entities_id: here });
    expect([await fields(ticket, ['status']), await list(`Ticket/${ticket}/ITILSolution`)]).toEqual([{ status: 1 }, []]);
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { name: 'mail down (outage)' } })).status).toBe(200);
    expect(await fields(ticket, ['status'])).toEqual({ status: 5 });
    expect(pick(await list(`Ticket/${ticket}/ITILFollowup`), ['content'])).toEqual([{ content: 'Part of the outage' }]);
    expect(pick(await list(`Ticket/${ticket}/ITILSolution`), ['content'])).toEqual([{ content: 'Known outage' }]);
  });

  test('a template deleted since the rule was written is left out with a log line, and the ticket is written', async () => {
    const here = await entity();
    const gone = await ctx.api.create('SolutionTemplate', { name: unique('gone'), content: 'x', entities_id: 0, is_recursive: 1 });
    expect((await ctx.api.del(`SolutionTemplate/${gone}`, { query: 'force_purge=1' })).status).toBe(204);
    const id = await rule({ entity: here, criteria: [['name', 2, 'stale']], actions: [['assign', 'solution_template', gone]] });
    const ticket = await ctx.api.create('Ticket', { name: 'stale template', content: 'x', entities_id: here });
    expect(await fields(ticket, ['status'])).toEqual({ status: 1 });
    const line = `[deskbase] RuleTicket rules ${id} on a new Ticket: left out _solutiontemplates_id: ${gone} no longer exist`;
    expect(await until('the log line', () => ctx.server.output.includes(line))).toBe(true);
  });
});

describe("GLPI 10's other ticket criteria: the first item's state and group, the category's code, the contracts' types, the last update", () => {
  test("each is what GLPI's input holds for its rules", async () => {
    const here = await entity();
    const broken = await ctx.api.create('State', { name: unique('Broken') });
    const lab = await ctx.api.create('Group', { name: unique('Lab'), entities_id: 0, is_recursive: 1 });
    const pc = await ctx.api.create('Computer', { name: 'lab pc', entities_id: here, states_id: broken, groups_id: lab });
    const category = await ctx.api.create('ITILCategory', { name: unique('Network'), code: 'NET-7', entities_id: 0, is_recursive: 1 });
    const premium = await ctx.api.create('ContractType', { name: unique('Premium') });
    const contract = await ctx.api.create('Contract', { name: unique('Gold'), entities_id: here, contracttypes_id: premium });
    await rule({ entity: here, criteria: [['_states_id_of_item', 0, broken], ['_groups_id_of_item', 0, lab]], actions: [['assign', 'urgency', 5]] });
    await rule({ entity: here, criteria: [['itilcategories_id_code', 0, 'net-7']], actions: [['assign', 'impact', 5]] });
    await rule({ entity: here, condition: 2, criteria: [['name', 2, 'premium'], ['_contract_types', 0, premium]], actions: [['assign', 'type', 2]] });
    await rule({ entity: here, criteria: [['date_mod', 8, 1], ['name', 2, 'dated']], actions: [['assign', 'requesttypes_id', 2]] });
    const ticket = await ctx.api.create('Ticket', { name: 'lab pc is dead', content: 'x', entities_id: here, items_id: { Computer: [pc] }, itilcategories_id: category });
    expect(await fields(ticket, ['urgency', 'impact', 'type'])).toEqual({ urgency: 5, impact: 5, type: 1 });
    // Without a contract of that type, the title alone does not make the rule match.
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { name: 'lab pc is dead, premium?' } })).status).toBe(200);
    expect(await fields(ticket, ['type'])).toEqual({ type: 1 });
    await ctx.api.create('Ticket_Contract', { tickets_id: ticket, contracts_id: contract });
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { name: 'lab pc is dead, premium support' } })).status).toBe(200);
    expect(await fields(ticket, ['type'])).toEqual({ type: 2 });
    const dated = await ctx.api.create('Ticket', { name: 'dated', content: 'x', entities_id: here });
    expect(await fields(dated, ['requesttypes_id'])).toEqual({ requesttypes_id: 2 });
  });
});

describe('"creation date is a working hour in calendar"', () => {
  test("holds for the calendars of the ticket's entity (or recursive above it) whose periods hold the creation date; not for one without periods or of another entity", async () => {
    const here = await entity();
    const other = await entity();
    const calendar = async (entities_id: number, is_recursive: number, periods: boolean) => {
      const id = await ctx.api.create('Calendar', { name: unique('hours'), entities_id, is_recursive });
      if (periods) for (let day = 0; day < 7; day++) await ctx.api.create('CalendarSegment', { calendars_id: id, entities_id, day, begin: '00:00:00', end: '24:00:00' });
      return id;
    };
    const always = await calendar(here, 0, true);
    const inherited = await calendar(0, 1, true);
    const never = await calendar(here, 0, false);
    const elsewhere = await calendar(other, 0, true);
    const actions: [string, string, number][] = [['assign', 'urgency', 5], ['assign', 'impact', 5], ['assign', 'type', 2], ['assign', 'requesttypes_id', 2]];
    for (const [i, id] of [always, inherited, never, elsewhere].entries()) await rule({ entity: here, criteria: [['_date_creation_calendars_id', 0, id]], actions: [actions[i]!] });
    const ticket = await ctx.api.create('Ticket', { name: 'any time', content: 'x', entities_id: here, type: 1, requesttypes_id: 1 });
    expect(await fields(ticket, ['urgency', 'impact', 'type', 'requesttypes_id'])).toEqual({ urgency: 5, impact: 5, type: 1, requesttypes_id: 1 });
  });
});

describe("the entity's default contract (contracts_id_default)", () => {
  const linked = async (ticket: number) =>
    ((await ctx.api.get('Ticket_Contract?range=0-999')).body as Record<string, unknown>[]).filter((r) => r.tickets_id === ticket).map((r) => r.contracts_id);

  test('a new ticket is linked to the contract its entity inherits, seen by the business rules; one named, or _skip_default_contract, takes its place', async () => {
    const parent = await entity();
    const child = await ctx.api.create('Entity', { name: unique('child'), entities_id: parent });
    const premium = await ctx.api.create('ContractType', { name: unique('Premium') });
    const contract = await ctx.api.create('Contract', { name: unique('Gold'), entities_id: parent, is_recursive: 1, contracttypes_id: premium });
    const other = await ctx.api.create('Contract', { name: unique('Silver'), entities_id: parent, is_recursive: 1 });
    expect((await ctx.api.put(`Entity/${parent}`, { input: { contracts_id_default: contract } })).status).toBe(200);
    await rule({ entity: child, criteria: [['_contract_types', 0, premium]], actions: [['assign', 'urgency', 5]] });
    const ticket = await ctx.api.create('Ticket', { name: 'inherits', content: 'x', entities_id: child });
    expect([await linked(ticket), await fields(ticket, ['urgency'])]).toEqual([[contract], { urgency: 5 }]);
    const named = await ctx.api.create('Ticket', { name: 'named', content: 'x', entities_id: child, _contracts_id: other });
    const skipped = await ctx.api.create('Ticket', { name: 'skipped', content: 'x', entities_id: child, _skip_default_contract: 1 });
    expect([await linked(named), await linked(skipped), await fields(named, ['urgency'])]).toEqual([[other], [], { urgency: 3 }]);
    // An update is not an add: nothing is linked.
    expect((await ctx.api.put(`Ticket/${skipped}`, { input: { name: 'skipped still' } })).status).toBe(200);
    expect(await linked(skipped)).toEqual([]);
  });

  test("-1 takes the first contract of the ticket's own entity still running: renewed tacitly, or begun and within its duration", async () => {
    const here = await entity();
    expect((await ctx.api.put(`Entity/${here}`, { input: { contracts_id_default: -1 } })).status).toBe(200);
    const none = await ctx.api.create('Ticket', { name: 'no contract yet', content: 'x', entities_id: here });
    await ctx.api.create('Contract', { name: unique('ended'), entities_id: here, begin_date: '2000-01-01', duration: 12 });
    await ctx.api.create('Contract', { name: unique('undated'), entities_id: here, duration: 12 });
    await ctx.api.create('Contract', { name: unique('deleted'), entities_id: here, begin_date: '2000-01-01', renewal: 1, is_deleted: 1 });
    const renewed = await ctx.api.create('Contract', { name: unique('renewed'), entities_id: here, begin_date: '2000-01-01', duration: 12, renewal: 1 });
    const ticket = await ctx.api.create('Ticket', { name: 'covered', content: 'x', entities_id: here });
    expect([await linked(none), await linked(ticket)]).toEqual([[], [renewed]]);
  });
});
