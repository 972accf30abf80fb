/**
 * Escalation levels run by the server's clock, as GLPI's slaticket does: when a ticket's level is
 * due, its actions apply if its criteria match the ticket, and the next active level is scheduled,
 * until none is left. Solved tickets are not escalated.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { TestClock } from '../support/clock';
import { useServer } from '../support/server';

const clock = new TestClock(); // Thursday 2026-01-15 09:00
const ctx = useServer({ TZ: 'UTC' }, clock.args);
const ids = { sla: 0, early: 0, due: 0, group: 0 };

/** The ticket's priority, status, level to run and its date, and its assigned groups. */
async function state(ticket: number) {
  const row = (await ctx.api.get(`Ticket/${ticket}`)).body as Record<string, unknown>;
  const todo = ((await ctx.api.get(`Ticket/${ticket}/SlaLevel_Ticket`)).body as { slalevels_id: number; date: string }[]).map((r) => [r.slalevels_id, r.date]);
  const groups = ((await ctx.api.get(`Ticket/${ticket}/Group_Ticket`)).body as { groups_id: number; type: number }[]).filter((g) => g.type === 2).map((g) => g.groups_id);
  return { priority: row.priority, status: row.status, level: row.slalevels_id_ttr, todo, groups };
}

/** Moves the server's clock to `HH:MM` that Thursday; the next request runs what is due. */
const to = (hours: number, minutes: number) => clock.advance(Date.UTC(2026, 0, 15, hours, minutes) - clock.now);

beforeAll(async () => {
  const { api } = ctx;
  const slm = await api.create('SLM', { name: 'Escalations' });
  // Four hours in plain time: due at 13:00 for a ticket opened at 09:00.
  ids.sla = await api.create('SLA', { name: 'four hours', slms_id: slm, type: 0, number_time: 4, definition_time: 'hour' });
  ids.early = await api.create('SlaLevel', { name: 'an hour before', slas_id: ids.sla, execution_time: -3600, is_active: 1, match: 'AND' });
  ids.due = await api.create('SlaLevel', { name: 'at the due date', slas_id: ids.sla, execution_time: 0, is_active: 1 });
  ids.group = await api.create('Group', { name: 'Second line', entities_id: 0, is_recursive: 1 });
  // An hour before: tickets of medium urgency (3) get the highest priority and the second line.
  await api.create('SlaLevelCriteria', { slalevels_id: ids.early, criteria: 'urgency', condition: 0, pattern: '3' });
  await api.create('SlaLevelAction', { slalevels_id: ids.early, action_type: 'assign', field: 'priority', value: '5' });
  await api.create('SlaLevelAction', { slalevels_id: ids.early, action_type: 'assign', field: '_groups_id_assign', value: String(ids.group) });
});

describe('escalation levels', () => {
  test('a due level applies its actions when its criteria match, then the next level is scheduled, until none is left', async () => {
    const matching = await ctx.api.create('Ticket', { name: 'urgent enough', content: 'x', urgency: 3, impact: 3, slas_id_ttr: ids.sla });
    const other = await ctx.api.create('Ticket', { name: 'very urgent', content: 'x', urgency: 5, impact: 3, slas_id_ttr: ids.sla });
    const solved = await ctx.api.create('Ticket', { name: 'solved already', content: 'x', urgency: 3, impact: 3, slas_id_ttr: ids.sla });
    await ctx.api.put(`Ticket/${solved}`, { input: { status: 5 } });
    const before = await state(matching);
    expect(before).toEqual({ priority: 3, status: 1, level: ids.early, todo: [[ids.early, '2026-01-15 12:00:00']], groups: [] });
    to(11, 59);
    expect(await state(matching)).toEqual(before);
    to(12, 1);
    expect(await state(matching)).toEqual({ priority: 5, status: 2, level: ids.due, todo: [[ids.due, '2026-01-15 13:00:00']], groups: [ids.group] });
    // Criteria not met: nothing changes, the next level still comes.
    expect(await state(other)).toEqual({ priority: 4, status: 1, level: ids.due, todo: [[ids.due, '2026-01-15 13:00:00']], groups: [] });
    expect((await state(solved)).todo).toEqual([[ids.early, '2026-01-15 12:00:00']]);
    to(13, 2);
    expect(await state(matching)).toEqual({ priority: 5, status: 2, level: 0, todo: [], groups: [ids.group] });
    const history = (await ctx.api.get(`Ticket/${matching}/Log`)).body as { user_name: string }[];
    expect(history.some((entry) => entry.user_name === 'Automatic action (escalation)')).toBe(true);
  });

  test("a level's regular expressions match as GLPI's (delimited, case-insensitive), and it may assign a supplier", async () => {
    to(14, 0);
    const sla = await ctx.api.create('SLA', { name: 'two hours', slms_id: (await ctx.api.get(`SLA/${ids.sla}`)).body.slms_id, type: 0, number_time: 2, definition_time: 'hour' });
    const level = await ctx.api.create('SlaLevel', { name: 'servers', slas_id: sla, execution_time: 0, is_active: 1, match: 'AND' });
    const supplier = await ctx.api.create('Supplier', { name: 'Hosting partner' });
    await ctx.api.create('SlaLevelCriteria', { slalevels_id: level, criteria: 'name', condition: 6, pattern: '/^srv-\\d+ /' });
    await ctx.api.create('SlaLevelCriteria', { slalevels_id: level, criteria: 'content', condition: 7, pattern: '#printer|toner#' });
    await ctx.api.create('SlaLevelAction', { slalevels_id: level, action_type: 'assign', field: '_suppliers_id_assign', value: String(supplier) });
    const open = (name: string, content: string) => ctx.api.create('Ticket', { name, content, slas_id_ttr: sla });
    const matching = await open('SRV-12 is down', 'the database server');
    const printer = await open('srv-14 down', 'its PRINTER spooler');
    const badName = await open('my srv-12 is down', 'x');
    to(16, 1);
    const suppliers = async (ticket: number) => ((await ctx.api.get(`Ticket/${ticket}/Supplier_Ticket`)).body as { suppliers_id: number }[]).map((r) => r.suppliers_id);
    expect([await suppliers(matching), await suppliers(printer), await suppliers(badName)]).toEqual([[supplier], [], []]);
    expect((await state(matching)).status).toBe(2);
  });

  test("a level's criteria are judged as a ticket rule's: under a category tree, a category's name", async () => {
    to(17, 0);
    const sla = await ctx.api.create('SLA', { name: 'one hour', slms_id: (await ctx.api.get(`SLA/${ids.sla}`)).body.slms_id, type: 0, number_time: 1, definition_time: 'hour' });
    const level = await ctx.api.create('SlaLevel', { name: 'hardware', slas_id: sla, execution_time: 0, is_active: 1, match: 'AND' });
    const hardware = await ctx.api.create('ITILCategory', { name: 'Hardware' });
    const printers = await ctx.api.create('ITILCategory', { name: 'Printers', itilcategories_id: hardware });
    const software = await ctx.api.create('ITILCategory', { name: 'Software' });
    await ctx.api.create('SlaLevelCriteria', { slalevels_id: level, criteria: 'itilcategories_id', condition: 11, pattern: String(hardware) });
    await ctx.api.create('SlaLevelCriteria', { slalevels_id: level, criteria: 'itilcategories_id', condition: 2, pattern: 'print' });
    await ctx.api.create('SlaLevelAction', { slalevels_id: level, action_type: 'assign', field: 'priority', value: '5' });
    const open = (category: number) => ctx.api.create('Ticket', { name: 'x', content: 'x', urgency: 3, impact: 3, itilcategories_id: category, slas_id_ttr: sla });
    // A pattern that does not compile is refused as a rule's is.
    const refused = await ctx.api.post('SlaLevelCriteria/', { input: { slalevels_id: level, criteria: 'name', condition: 6, pattern: '/srv-(\\d+/' } });
    expect([refused.status, refused.body]).toEqual([400, ['ERROR_GLPI_ADD', 'Field pattern: invalid regular expression at offset 1: missing closing ): srv-(\\d+']]);
    const [printer, program] = [await open(printers), await open(software)];
    to(18, 1);
    expect([(await state(printer)).priority, (await state(program)).priority]).toEqual([5, 3]);
  });
});
