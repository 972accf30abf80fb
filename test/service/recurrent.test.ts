/**
 * Recurrent tickets and changes, as GLPI's TicketRecurrent and RecurrentChange: the next creation
 * date follows the schedule (period in seconds, months or years; created ahead of time; the
 * calendar's working days; an end), and when it comes the server's clock opens an item from the
 * template's predefined fields, then moves on to the next date.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { WorkCalendar } from '../../server/itil/agreement-dates';
import { nextCreation } from '../../server/itil/recurrence';
import { TestClock } from '../support/clock';
import { useServer } from '../support/server';

describe('the next creation date', () => {
  const daily = { begin_date: '2026-01-15 10:00:00', periodicity: '86400', create_before: 3600, end_date: null };
  const weekdays: WorkCalendar = { segments: [1, 2, 3, 4, 5].map((day) => ({ day, begin: 8 * 3600, end: 18 * 3600 })), holidays: [] };

  test('the first moment not before now, create_before ahead of each date', () => {
    expect(nextCreation(daily, '2026-01-01 00:00:00', null)).toBe('2026-01-15 09:00:00');
    expect(nextCreation(daily, '2026-01-15 09:00:00', null)).toBe('2026-01-15 09:00:00');
    expect(nextCreation(daily, '2026-01-15 09:00:01', null)).toBe('2026-01-16 09:00:00');
    expect(nextCreation({ ...daily, periodicity: '7200' }, '2026-01-20 12:30:00', null)).toBe('2026-01-20 13:00:00');
  });

  test('months and years step on the calendar, a day past the month end running into the next month', () => {
    const monthly = { begin_date: '2026-01-31 08:00:00', periodicity: '1MONTH', create_before: 0 };
    expect(nextCreation(monthly, '2026-02-01 00:00:00', null)).toBe('2026-03-03 08:00:00');
    expect(nextCreation({ ...monthly, periodicity: '1YEAR' }, '2026-02-01 00:00:00', null)).toBe('2027-01-31 08:00:00');
    // A preparation longer than a month is allowed: only a period in seconds is checked against it.
    expect(nextCreation({ ...monthly, create_before: 40 * 86400 }, '2026-01-01 00:00:00', null)).toBe('2026-01-22 08:00:00');
  });

  test("a day off moves it to the calendar's next working day, at the same time", () => {
    // Saturday 17 January 09:00 → Monday 19 January 09:00.
    expect(nextCreation(daily, '2026-01-16 09:00:01', weekdays)).toBe('2026-01-19 09:00:00');
  });

  test('none: no first date or period, a preparation longer than the period, an end already past or before the next date', () => {
    expect(nextCreation({ ...daily, begin_date: null }, '2026-01-01 00:00:00', null)).toBeNull();
    expect(nextCreation({ ...daily, periodicity: '0' }, '2026-01-01 00:00:00', null)).toBeNull();
    expect(nextCreation({ ...daily, periodicity: 'weekly' }, '2026-01-01 00:00:00', null)).toBeNull();
    expect(nextCreation({ ...daily, create_before: 90000 }, '2026-01-01 00:00:00', null)).toBeNull();
    expect(nextCreation({ ...daily, end_date: '2026-01-10 00:00:00' }, '2026-01-12 00:00:00', null)).toBeNull();
    expect(nextCreation({ ...daily, end_date: '2026-01-16 08:00:00' }, '2026-01-15 12:00:00', null)).toBeNull();
  });
});

describe('recurrent items opened by the server clock', () => {
  const clock = new TestClock(); // Thursday 2026-01-15 09:00
  const ctx = useServer({ TZ: 'UTC' }, clock.args);
  const ids = { template: 0, tech: 0, category: 0, sla: 0 };
  const ticketsNamed = async (name: string) =>
    ((await ctx.api.get('Ticket/', { query: 'range=0-999' })).body as Record<string, unknown>[]).filter((t) => t.name === name);

  beforeAll(async () => {
    const { api } = ctx;
    ids.tech = await api.create('User', { name: 'backup-tech' });
    ids.category = await api.create('ITILCategory', { name: 'Backups' });
    const slm = await api.create('SLM', { name: 'Recurrent' });
    ids.sla = await api.create('SLA', { name: 'one day', slms_id: slm, type: 0, number_time: 1, definition_time: 'day' });
    ids.template = await api.create('TicketTemplate', { name: 'Backup check' });
    for (const [num, value] of [[1, 'Check the backups'], [21, 'Restore one file from last night'], [10, 4], [7, ids.category], [5, ids.tech], [30, ids.sla], [14, 2]] as const) {
      await api.create('TicketTemplatePredefinedField', { tickettemplates_id: ids.template, num, value: String(value) });
    }
  });

  test('the date computed on add; at that date a ticket opens from the template, then the next date is set', async () => {
    const recurrent = await ctx.api.create('TicketRecurrent', {
      name: 'Daily backup check',
      entities_id: 0,
      is_active: 1,
      tickettemplates_id: ids.template,
      begin_date: '2026-01-15 10:00:00',
      periodicity: '86400',
      create_before: 3600,
    });
    expect((await ctx.api.get(`TicketRecurrent/${recurrent}`)).body.next_creation_date).toBe('2026-01-15 09:00:00');
    clock.advance(60_000);
    const [ticket, ...more] = await ticketsNamed('Check the backups');
    expect(more).toEqual([]);
    expect(ticket).toMatchObject({
      content: 'Restore one file from last night',
      date: '2026-01-15 10:00:00',
      urgency: 4,
      impact: 3,
      priority: 4,
      type: 2,
      itilcategories_id: ids.category,
      status: 2,
      entities_id: 0,
      users_id_recipient: 0,
      slas_id_ttr: ids.sla,
      time_to_resolve: '2026-01-16 10:00:00',
    });
    const assigned = (await ctx.api.get(`Ticket/${ticket!.id}/Ticket_User`)).body as { users_id: number; type: number }[];
    expect(assigned.map((a) => [a.users_id, a.type])).toEqual([[ids.tech, 2]]);
    expect((await ctx.api.get(`TicketRecurrent/${recurrent}`)).body.next_creation_date).toBe('2026-01-16 09:00:00');
    // Later turns the same day open nothing more; the next day's does.
    clock.advance(3 * 3600_000);
    expect(await ticketsNamed('Check the backups')).toHaveLength(1);
    clock.advance(21 * 3600_000);
    expect((await ticketsNamed('Check the backups')).map((t) => t.date)).toEqual(['2026-01-15 10:00:00', '2026-01-16 10:00:00']);
    expect((await ctx.api.put(`TicketRecurrent/${recurrent}`, { input: { is_active: 0 } })).status).toBe(200);
  });

  test('a recurrent change opens a change from its template', async () => {
    const template = await ctx.api.create('ChangeTemplate', { name: 'Patch day' });
    // No title predefined: the change takes the start of its description, as one opened by hand.
    await ctx.api.create('ChangeTemplatePredefinedField', { changetemplates_id: template, num: 21, value: 'Apply the monthly patches' });
    const start = new Date(clock.now + 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    await ctx.api.create('RecurrentChange', { name: 'Patches', entities_id: 0, is_active: 1, changetemplates_id: template, begin_date: start, periodicity: '1MONTH' });
    clock.advance(3600_000 + 60_000);
    const changes = ((await ctx.api.get('Change/', { query: 'range=0-999' })).body as { name: string; date: string }[]).filter((c) => c.name === 'Apply the monthly patches');
    expect(changes.map((c) => c.date)).toEqual([start]);
  });

  test('rescheduling recomputes the date; an inactive one or one without a template opens nothing', async () => {
    const base = { entities_id: 0, begin_date: '2026-02-01 08:00:00', periodicity: '1MONTH', create_before: 0 };
    const inactive = await ctx.api.create('TicketRecurrent', { ...base, name: 'inactive', is_active: 0, tickettemplates_id: ids.template });
    const untemplated = await ctx.api.create('TicketRecurrent', { ...base, name: 'no template', is_active: 1 });
    expect((await ctx.api.get(`TicketRecurrent/${untemplated}`)).body.next_creation_date).toBe('2026-02-01 08:00:00');
    expect((await ctx.api.put(`TicketRecurrent/${untemplated}`, { input: { begin_date: '2026-01-20 08:00:00' } })).status).toBe(200);
    expect((await ctx.api.get(`TicketRecurrent/${untemplated}`)).body.next_creation_date).toBe('2026-01-20 08:00:00');
    const before = (await ctx.api.get('Ticket/', { query: 'range=0-999' })).body.length;
    clock.advance(Date.UTC(2026, 1, 2, 9, 0) - clock.now);
    await ctx.api.login(); // the session has expired meanwhile
    expect((await ctx.api.get('Ticket/', { query: 'range=0-999' })).body.length).toBe(before);
    expect((await ctx.api.get(`TicketRecurrent/${untemplated}`)).body.next_creation_date).toBe('2026-02-20 08:00:00');
    expect((await ctx.api.get(`TicketRecurrent/${inactive}`)).body.next_creation_date).toBe('2026-02-01 08:00:00');
  });
});
