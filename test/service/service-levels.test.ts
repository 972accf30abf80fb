/**
 * Service levels, as GLPI keeps them: an SLA (or OLA) named on a ticket sets its due date from the
 * agreement's delay, counted in the working time of its calendar (segments, holidays) or in plain
 * time; time to resolve also schedules the agreement's first active escalation level
 * (SlaLevel_Ticket, with the date it runs). Another agreement replaces it, none removes it. Time
 * on hold moves the time to resolve and is left out of the time to solve.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { TestClock } from '../support/clock';
import { useServer } from '../support/server';

const clock = new TestClock(); // Thursday 2026-01-15 09:00
const ctx = useServer({ TZ: 'UTC' }, clock.args);
const ids = { office: 0, fourHours: 0, twoDays: 0, halfHour: 0, early: 0, hourOla: 0 };

/** The ticket's due dates and levels, and its levels to run. */
async function levels(ticket: number) {
  const row = (await ctx.api.get(`Ticket/${ticket}`)).body as Record<string, unknown>;
  const todo = ((await ctx.api.get(`Ticket/${ticket}/SlaLevel_Ticket`)).body as { slalevels_id: number; date: string }[]).map((r) => [r.slalevels_id, r.date]);
  return { ttr: row.time_to_resolve, tto: row.time_to_own, level: row.slalevels_id_ttr, todo };
}

beforeAll(async () => {
  const { api } = ctx;
  // Office hours Monday to Friday, 08:00-12:00 and 14:00-18:00; Monday 19 January off.
  ids.office = await api.create('Calendar', { name: 'Office' });
  for (let day = 1; day <= 5; day++) {
    await api.create('CalendarSegment', { calendars_id: ids.office, day, begin: '08:00:00', end: '12:00:00' });
    await api.create('CalendarSegment', { calendars_id: ids.office, day, begin: '14:00:00', end: '18:00:00' });
  }
  const holiday = await api.create('Holiday', { name: 'Closed', begin_date: '2026-01-19', end_date: '2026-01-19' });
  await api.create('Calendar_Holiday', { calendars_id: ids.office, holidays_id: holiday });
  const slm = await api.create('SLM', { name: 'Desk' });
  const agreement = (name: string, fields: Record<string, unknown>) => api.create('SLA', { name, slms_id: slm, type: 0, calendars_id: ids.office, ...fields });
  ids.fourHours = await agreement('4 working hours', { number_time: 4, definition_time: 'hour' });
  ids.twoDays = await agreement('2 working days', { number_time: 2, definition_time: 'day', end_of_working_day: 1 });
  ids.halfHour = await agreement('30 minutes to own', { number_time: 30, definition_time: 'minute', type: 1, calendars_id: 0 });
  // Levels: the earliest active one runs first; an inactive one never does.
  ids.early = await api.create('SlaLevel', { name: 'an hour before', slas_id: ids.fourHours, execution_time: -3600, is_active: 1 });
  await api.create('SlaLevel', { name: 'at the due date', slas_id: ids.fourHours, execution_time: 0, is_active: 1 });
  await api.create('SlaLevel', { name: 'inactive', slas_id: ids.fourHours, execution_time: -7200, is_active: 0 });
  ids.hourOla = await api.create('OLA', { name: 'one hour inside', slms_id: slm, type: 0, number_time: 1, definition_time: 'hour' });
});

describe('service levels', () => {
  test('time to resolve in working hours (a weekend and a holiday skipped), its first active level scheduled; time to own in plain time', async () => {
    // Friday 17:00: one hour on Friday, Monday is off, three hours on Tuesday morning.
    const ticket = await ctx.api.create('Ticket', { name: 'printer', content: 'x', date: '2026-01-16 17:00:00', slas_id_ttr: ids.fourHours, slas_id_tto: ids.halfHour });
    expect(await levels(ticket)).toEqual({ ttr: '2026-01-20 11:00:00', tto: '2026-01-16 17:30:00', level: ids.early, todo: [[ids.early, '2026-01-20 10:00:00']] });
  });

  test('another agreement replaces the due date and the level to run; none removes the level and keeps the date', async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'screen', content: 'x', date: '2026-01-16 17:00:00', slas_id_ttr: ids.fourHours });
    // Two working days from Friday: Tuesday and Wednesday (Monday is off), at the end of the working day.
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { slas_id_ttr: ids.twoDays } })).status).toBe(200);
    expect(await levels(ticket)).toEqual({ ttr: '2026-01-21 18:00:00', tto: null, level: 0, todo: [] });
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { slas_id_ttr: ids.fourHours } })).status).toBe(200);
    expect((await levels(ticket)).todo).toEqual([[ids.early, '2026-01-20 10:00:00']]);
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { slas_id_ttr: 0 } })).status).toBe(200);
    expect(await levels(ticket)).toEqual({ ttr: '2026-01-20 11:00:00', tto: null, level: 0, todo: [] });
  });

  test('a moved opening date moves the due date and the level', async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'dock', content: 'x', date: '2026-01-16 17:00:00', slas_id_ttr: ids.fourHours });
    // Thursday 09:00: 09:00-12:00 and 14:00-15:00; the level, three hours in, at the morning's end (not at 14:00).
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { date: '2026-01-15 09:00:00' } })).status).toBe(200);
    expect(await levels(ticket)).toEqual({ ttr: '2026-01-15 15:00:00', tto: null, level: ids.early, todo: [[ids.early, '2026-01-15 12:00:00']] });
  });

  test('an OLA counts from the moment it is given', async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'badge', content: 'x', date: '2026-01-10 10:00:00' });
    clock.advance(30 * 60 * 1000);
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { olas_id_ttr: ids.hourOla } })).status).toBe(200);
    const row = (await ctx.api.get(`Ticket/${ticket}`)).body;
    expect([row.ola_ttr_begin_date, row.internal_time_to_resolve]).toEqual(['2026-01-15 09:30:00', '2026-01-15 10:30:00']);
  });

  test('time on hold is noted, added to the time waited and to the time to resolve (in the calendar), and left out of the time to solve', async () => {
    const at = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
    const ticket = await ctx.api.create('Ticket', { name: 'on hold', content: 'x', date: '2026-01-15 09:00:00', slas_id_ttr: ids.fourHours });
    const put = async (input: Record<string, unknown>) => expect((await ctx.api.put(`Ticket/${ticket}`, { input })).status).toBe(200);
    clock.advance(-clock.now + Date.UTC(2026, 0, 15, 9, 30));
    await put({ status: 4 });
    expect((await ctx.api.get(`Ticket/${ticket}`)).body.begin_waiting_date).toBe(at(clock.now));
    clock.advance(2 * 3600 * 1000);
    await put({ status: 2 });
    // Two working hours waited (09:30-11:30): six from Thursday 09:00, the level an hour earlier.
    const resumed = (await ctx.api.get(`Ticket/${ticket}`)).body;
    expect([resumed.waiting_duration, resumed.sla_waiting_duration, resumed.time_to_resolve]).toEqual([7200, 7200, '2026-01-15 17:00:00']);
    expect((await levels(ticket)).todo).toEqual([[ids.early, '2026-01-15 16:00:00']]);
    await put({ status: 5 });
    // 2 h 30 since opening, less 2 h waited.
    expect((await ctx.api.get(`Ticket/${ticket}`)).body.solve_delay_stat).toBe(1800);
  });

  test('an agreement of the wrong kind, or none, is refused whole', async () => {
    const wrongKind = await ctx.api.post('Ticket/', { input: { name: 'wrong', content: 'x', slas_id_ttr: ids.halfHour } });
    expect([wrongKind.status, wrongKind.body[0]]).toEqual([400, 'ERROR_GLPI_ADD']);
    expect(wrongKind.body[1]).toContain('time to own agreement');
    const missing = await ctx.api.post('Ticket/', { input: { name: 'missing', content: 'x', slas_id_ttr: 99999 } });
    expect([missing.status, missing.body[0]]).toEqual([400, 'ERROR_GLPI_ADD']);
    const found = await ctx.api.get('Ticket/', { query: 'searchText[name]=^wrong$' });
    expect(found.body).toEqual([]);
  });
});
