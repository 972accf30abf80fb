/**
 * The automatic actions Deskbase runs are GLPI's CronTask rows: listed with GLPI's ids, classes
 * and names, their `lastrun` the minute they last ran, and one switched off (`state` 0, as an
 * imported GLPI database may have it) does not run.
 */
import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { useServer } from '../support/server';

const clock = new TestClock(); // 2026-01-15 09:00
const ctx = useServer({ TZ: 'UTC' }, clock.args);

const tasks = async () =>
  ((await ctx.api.get('CronTask/', { query: 'range=0-99' })).body as Record<string, unknown>[]).map((t) => [t.id, t.itemtype, t.name, t.frequency, t.state, t.lastrun]);

describe('automatic actions as CronTask rows', () => {
  test("GLPI's fourteen tasks Deskbase runs, its own dictionary replay and directory synchronisation, GLPI 11's webhook sender and clean-up, each noting the minute it last ran (the password expiry warning is off, as in GLPI's install)", async () => {
    expect(await tasks()).toEqual([
      [4, 'Contract', 'contract', 86400, 1, '2026-01-15 09:00:00'],
      [5, 'Infocom', 'infocom', 86400, 1, '2026-01-15 09:00:00'],
      [9, 'MailCollector', 'mailgate', 600, 1, '2026-01-15 09:00:00'],
      [14, 'ReservationItem', 'reservation', 3600, 1, '2026-01-15 09:00:00'],
      [15, 'Ticket', 'closeticket', 43200, 1, '2026-01-15 09:00:00'],
      [17, 'SlaLevel_Ticket', 'slaticket', 300, 1, '2026-01-15 09:00:00'],
      [18, 'Ticket', 'createinquest', 86400, 1, '2026-01-15 09:00:00'],
      [20, 'CommonITILRecurrentCron', 'RecurrentItems', 3600, 1, '2026-01-15 09:00:00'],
      [22, 'QueuedNotification', 'queuednotification', 60, 1, '2026-01-15 09:00:00'],
      [23, 'QueuedNotification', 'queuednotificationclean', 86400, 1, '2026-01-15 09:00:00'],
      [32, 'OlaLevel_Ticket', 'olaticket', 300, 1, '2026-01-15 09:00:00'],
      [36, 'User', 'passwordexpiration', 86400, 0, null],
      [42, 'PendingReasonCron', 'pendingreason_autobump_autosolve', 1800, 1, '2026-01-15 09:00:00'],
      [43, 'Agent', 'Cleanoldagents', 86400, 1, '2026-01-15 09:00:00'],
      [1001, 'RuleCollection', 'replaydictionary', 60, 1, '2026-01-15 09:00:00'],
      [1002, 'QueuedWebhook', 'queuedwebhook', 60, 1, '2026-01-15 09:00:00'],
      [1003, 'QueuedWebhook', 'queuedwebhookclean', 86400, 1, '2026-01-15 09:00:00'],
      [1004, 'AuthLDAP', 'ldapsync', 86400, 1, '2026-01-15 09:00:00'],
    ]);
    clock.advance(90_000);
    // The mail collectors' turn comes every 600 seconds, the directory synchronisation's every day.
    const minute = '2026-01-15 09:01:00';
    expect((await tasks()).map((t) => t[5])).toEqual([minute, minute, '2026-01-15 09:00:00', ...Array(8).fill(minute), null, ...Array(5).fill(minute), '2026-01-15 09:00:00']);
  });

  test('a task switched off does not run, and keeps its last run', async () => {
    expect((await ctx.api.put('Entity/0', { input: { autoclose_delay: 0 } })).status).toBe(200);
    await ctx.server.stop();
    const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'));
    db.exec("UPDATE glpi_crontasks SET state = 0 WHERE name = 'closeticket'");
    db.close();
    await ctx.server.start();
    ctx.api = await new Client(ctx.server.api).login();
    const ticket = await ctx.api.create('Ticket', { name: 'stays solved', content: 'x' });
    await ctx.api.put(`Ticket/${ticket}`, { input: { status: 5 } });
    clock.advance(5 * 60_000);
    expect((await ctx.api.get(`Ticket/${ticket}`)).body.status).toBe(5);
    const closeticket = (await tasks()).find((t) => t[2] === 'closeticket')!;
    expect([closeticket[4], closeticket[5]]).toEqual([0, '2026-01-15 09:01:00']);
  });
});
