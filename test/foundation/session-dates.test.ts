/**
 * GLPI shows its TIMESTAMP columns in the session's zone (the user's own `timezone`, else the
 * global `timezone`) and reads the dates a session sends in it. Here the data zone is UTC (the
 * server creates its folder with TZ=UTC); a user in Paris sees every datetime one hour later in
 * winter and two in summer, in every read, and what they write is stored in UTC. DATE columns
 * are never converted.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { scenario } from '../support/scenario';
import { useServer } from '../support/server';
import { createUser, loginAs } from '../rights/fixture';

const clock = new TestClock(Date.UTC(2024, 6, 15, 10, 0, 0)); // summer: Paris is UTC+2
const ctx = useServer({ TZ: 'UTC' }, clock.args);
const SUPER_ADMIN = 4;
let paris: Client;
let parisId = 0;
let ticket = 0;
let followup = 0;
let contract = 0;

beforeAll(async () => {
  parisId = await createUser(ctx.api, 'parisienne', SUPER_ADMIN, 0, true);
  expect((await ctx.api.put(`User/${parisId}`, { input: { timezone: 'Europe/Paris' } })).status).toBe(200);
  await createUser(ctx.api, 'sans-zone', SUPER_ADMIN, 0, true);
  // Written by glpi, who has no zone of their own in a folder without a global one: stored as sent.
  ticket = await ctx.api.create('Ticket', { name: 'winter ticket', content: 'x', date: '2024-01-15 10:00:00' });
  followup = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'summer', date: '2024-07-01 08:30:00' });
  contract = await ctx.api.create('Contract', { name: 'support', begin_date: '2024-01-15' });
  paris = await loginAs(ctx.server.api, 'parisienne');
});

describe("dates in the session's zone", () => {
  test('the data zone is shown as stored to a session in it', async () => {
    const row = (await ctx.api.get(`Ticket/${ticket}`)).body;
    expect([row.date, row.date_creation]).toEqual(['2024-01-15 10:00:00', '2024-07-15 10:00:00']);
  });

  test('a user in Paris reads every datetime in Paris time (CET in January, CEST in July); dates alone as stored', async () => {
    await scenario(paris, [
      { request: `GET Ticket/${ticket}`, status: 200, answer: { date: '2024-01-15 11:00:00', date_creation: '2024-07-15 12:00:00', date_mod: '2024-07-15 12:00:00' } },
      { request: 'GET Ticket/', query: 'searchText[name]=winter', status: 200, check: (res) => expect(res.body.map((t: { date: string }) => t.date)).toEqual(['2024-01-15 11:00:00']) },
      { request: `GET Ticket/${ticket}/ITILFollowup`, status: 200, check: (res) => expect(res.body.map((f: { date: string }) => f.date)).toEqual(['2024-07-01 10:30:00']) },
      { request: `GET Contract/${contract}`, note: 'a DATE column has no zone', status: 200, answer: { begin_date: '2024-01-15', date_creation: '2024-07-15 12:00:00' } },
      {
        request: `GET Ticket/${ticket}`,
        query: 'with_logs=1',
        note: 'history rows too',
        status: 200,
        check: (res) => expect(Object.values(res.body._logs as Record<string, { date_mod: string }>).map((l) => l.date_mod)).toContain('2024-07-15 12:00:00'),
      },
      { request: 'GET getFullSession', status: 200, check: (res) => expect(res.body.session.glpi_currenttime).toBe('2024-07-15 12:00:00') },
      {
        request: 'GET search/Ticket',
        query: `criteria[0][field]=2&criteria[0][searchtype]=equals&criteria[0][value]=${ticket}&forcedisplay[0]=15&forcedisplay[1]=19`,
        note: 'search results',
        status: 200,
        check: (res) => expect([res.body.data[0]['15'], res.body.data[0]['19']]).toEqual(['2024-01-15 11:00:00', '2024-07-15 12:00:00']),
      },
    ]);
    expect((await ctx.api.get('getFullSession')).body.session.glpi_currenttime).toBe('2024-07-15 10:00:00');
  });

  test('a datetime in search criteria is read in Paris time: 10:00 UTC is after 10:30 Paris, not after 11:30', async () => {
    const found = async (value: string) => {
      const res = await paris.get('search/Ticket', { query: `criteria[0][field]=15&criteria[0][searchtype]=morethan&criteria[0][value]=${encodeURIComponent(value)}&forcedisplay[0]=2` });
      return (res.body.data ?? []).map((r: Record<string, number>) => r['2']);
    };
    expect(await found('2024-01-15 10:30:00')).toEqual([ticket]);
    expect(await found('2024-01-15 11:30:00')).toEqual([]);
    // A day alone is compared as the day it names, as stored.
    const sameDay = await paris.get('search/Ticket', { query: 'criteria[0][field]=15&criteria[0][searchtype]=equals&criteria[0][value]=2024-01-15&forcedisplay[0]=2' });
    expect(sameDay.body.data.map((r: Record<string, number>) => r['2'])).toEqual([ticket]);
  });

  test('what a user in Paris writes is stored in the data zone, and read back as written', async () => {
    expect((await paris.put(`Ticket/${ticket}`, { input: { date: '2024-07-01 14:00', time_to_resolve: '2024-12-24T18:00:00' } })).status).toBe(200);
    const stored = (await ctx.api.get(`Ticket/${ticket}`)).body;
    expect([stored.date, stored.time_to_resolve]).toEqual(['2024-07-01 12:00:00', '2024-12-24 17:00:00']);
    const back = (await paris.get(`Ticket/${ticket}`)).body;
    expect([back.date, back.time_to_resolve]).toEqual(['2024-07-01 14:00:00', '2024-12-24 18:00:00']);
    // A day alone in a datetime column is its midnight, in Paris.
    expect((await paris.put(`Ticket/${ticket}`, { input: { time_to_own: '2024-12-25' } })).status).toBe(200);
    expect((await ctx.api.get(`Ticket/${ticket}`)).body.time_to_own).toBe('2024-12-24 23:00:00');
    const added = await paris.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'winter', date: '2024-02-01 09:00:00' });
    expect((await ctx.api.get(`ITILFollowup/${added}`)).body.date).toBe('2024-02-01 08:00:00');
    // A date that is no date is refused as before, not shifted.
    const refused = await paris.put(`Ticket/${ticket}`, { input: { date: '2024-02-30 10:00:00' } });
    expect([refused.status, refused.body[0]]).toEqual([400, 'ERROR_GLPI_UPDATE']);
    expect((await ctx.api.get(`ITILFollowup/${followup}`)).body.date).toBe('2024-07-01 08:30:00');
  });

  test('a user without a zone of their own sees the global timezone; their own zone wins over it', async () => {
    const plain = await loginAs(ctx.server.api, 'sans-zone');
    await ctx.api.setConfig('timezone', 'America/New_York');
    try {
      expect((await plain.get(`ITILFollowup/${followup}`)).body.date).toBe('2024-07-01 04:30:00'); // EDT
      expect((await paris.get(`ITILFollowup/${followup}`)).body.date).toBe('2024-07-01 10:30:00');
    } finally {
      await ctx.api.setConfig('timezone', '');
    }
    expect((await plain.get(`ITILFollowup/${followup}`)).body.date).toBe('2024-07-01 08:30:00');
  });
});
