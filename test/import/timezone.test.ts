/**
 * GLPI 10 keeps TIMESTAMP columns in UTC and shows them in its time zone (the `timezone`
 * setting, else the machine's): the importer reads them in UTC and stores that wall-clock time,
 * whatever the MariaDB server's own zone, including across daylight-saving changes.
 */
import { Database } from 'bun:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { runCli } from '../support/cli';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { TestServer } from '../support/server';
import { FIXTURE_SQL, mariadbMissing, useMariaDb } from './helpers';

const maria = useMariaDb();
const root = mkdtempSync(join(tmpdir(), 'deskbase-import-tz-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The instants, written in UTC whatever the MariaDB server's zone. */
const UTC_VALUES = `
  SET time_zone = '+00:00';
  UPDATE glpi_computers SET date_mod = '2024-03-15 13:22:10', date_creation = '2024-07-01 10:00:00' WHERE id = 1;
  UPDATE glpi_computers SET date_mod = '2024-10-27 00:30:00', date_creation = '2024-01-20 10:00:00' WHERE id = 2;
  UPDATE glpi_computers SET date_mod = '2024-10-27 01:30:00', date_creation = NULL WHERE id = 3;`;

async function importInto(database: string, tz: string): Promise<{ dates: Record<number, [string, string | null]>; stdout: string }> {
  const dataDir = join(root, `${database}-${tz.replaceAll('/', '-')}`);
  const result = await runCli(['import', maria.db.url(database), '--data', dataDir], { TZ: tz });
  expect(result.code).toBe(0);
  const db = new Database(join(dataDir, 'deskbase.sqlite'), { readonly: true });
  try {
    const rows = db.query<{ id: number; date_mod: string; date_creation: string | null }, []>('SELECT id, date_mod, date_creation FROM glpi_computers WHERE id IN (1, 2, 3)').all();
    return { dates: Object.fromEntries(rows.map((r) => [r.id, [r.date_mod, r.date_creation]])), stdout: result.stdout };
  } finally {
    db.close();
  }
}

describe.skipIf(mariadbMissing !== null)('GLPI timestamps', () => {
  beforeAll(async () => {
    await maria.db.createDatabase('glpi_paris', `${FIXTURE_SQL}\nINSERT INTO glpi_configs (context, name, value) VALUES ('core', 'timezone', 'Europe/Paris');${UTC_VALUES}`);
    await maria.db.createDatabase('glpi_nozone', `${FIXTURE_SQL}${UTC_VALUES}`);
    await maria.db.createDatabase('glpi_badzone', `${FIXTURE_SQL}\nINSERT INTO glpi_configs (context, name, value) VALUES ('core', 'timezone', 'Mars/Olympus');${UTC_VALUES}`);
  });

  test("GLPI's time zone setting decides, whatever the importing machine's zone", async () => {
    for (const tz of ['UTC', 'America/New_York']) {
      // CET in March and January, CEST in July; on 27 October 2024, 02:30 happened twice (CEST, then CET).
      expect((await importInto('glpi_paris', tz)).dates).toEqual({
        1: ['2024-03-15 14:22:10', '2024-07-01 12:00:00'],
        2: ['2024-10-27 02:30:00', '2024-01-20 11:00:00'],
        3: ['2024-10-27 02:30:00', null],
      });
    }
  });

  test("without a setting, the importing machine's zone (the one Deskbase writes its dates in)", async () => {
    // EDT from 10 March 2024, EST in January; 27 October is still EDT in New York.
    expect((await importInto('glpi_nozone', 'America/New_York')).dates).toEqual({
      1: ['2024-03-15 09:22:10', '2024-07-01 06:00:00'],
      2: ['2024-10-26 20:30:00', '2024-01-20 05:00:00'],
      3: ['2024-10-26 21:30:00', null],
    });
    expect((await importInto('glpi_nozone', 'UTC')).dates[1]).toEqual(['2024-03-15 13:22:10', '2024-07-01 10:00:00']);
  });

  test("after cutover the server writes in GLPI's zone, not its machine's: a new followup sorts after the imported ones", async () => {
    await maria.db.createDatabase('glpi_cutover', `${FIXTURE_SQL}\nINSERT INTO glpi_configs (context, name, value) VALUES ('core', 'timezone', 'Europe/Paris');`);
    const dataDir = join(root, 'cutover');
    expect((await runCli(['import', maria.db.url('glpi_cutover'), '--data', dataDir], { TZ: 'UTC' })).code).toBe(0);
    // 12:00 UTC is 14:00 in Paris (CEST): after GLPI's last followup of 11:40 UTC, shown 13:40.
    const clock = new TestClock(Date.UTC(2024, 3, 2, 12, 0, 0));
    const server = new TestServer(dataDir, { TZ: 'UTC' }, clock.args);
    await server.start();
    try {
      const api = await new Client(server.api).login('glpi', 'glpi-fixture-pass');
      const zones = await api.get('Config/', { query: 'searchText[name]=timezone$&searchText[context]=^core$' });
      expect(Object.fromEntries(zones.body.map((c: { name: string; value: string }) => [c.name, c.value]))).toEqual({ timezone: 'Europe/Paris', data_timezone: 'Europe/Paris' });
      await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: 1, content: 'After cutover' });
      const timeline = await api.get('Ticket/1/ITILFollowup', { query: 'sort=date&order=ASC' });
      expect(timeline.body.map((f: { date: string; date_creation: string }) => [f.date, f.date_creation])).toEqual([
        ['2024-04-02 12:00:00', '2024-04-02 12:00:00'],
        ['2024-04-02 13:40:00', '2024-04-02 13:40:00'],
        ['2024-04-02 14:00:00', '2024-04-02 14:00:00'],
      ]);
      const ticket = (await api.get('Ticket/1')).body;
      expect([ticket.date, ticket.date_mod]).toEqual(['2024-04-02 11:15:00', '2024-04-02 14:00:00']);
      // "Opened in the last two hours" counts from 14:00 Paris: ticket 1, opened 11:15, is older.
      const recent = await api.get('search/Ticket', { query: 'criteria[0][field]=15&criteria[0][searchtype]=morethan&criteria[0][value]=-2HOUR&forcedisplay[0]=2' });
      expect(recent.body.data.map((r: Record<string, number>) => r['2'])).toEqual([2]);
      // "Late" compares with now in the same zone (by SQLite's clock, the real one): a deadline half an
      // hour ahead on a UTC wall clock is already past in Paris.
      const deadline = new Date(Date.now() + 30 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
      expect((await api.put('Ticket/1', { input: { time_to_resolve: deadline } })).status).toBe(200);
      const late = await api.get('search/Ticket', { query: 'criteria[0][field]=82&criteria[0][searchtype]=equals&criteria[0][value]=1&forcedisplay[0]=2' });
      expect(late.body.data?.map((r: Record<string, number>) => r['2'])).toEqual([1]);
      // The zone of the stored dates cannot change under them; the display zone may.
      const dataZone = zones.body.find((c: { name: string }) => c.name === 'data_timezone');
      const refused = await api.put(`Config/${dataZone.id}`, { input: { value: 'UTC' } });
      expect(refused.status).toBe(400);
      expect(refused.body[1]).toContain('Setting data_timezone must be left as it is');
      const badZone = await api.put(`Config/${zones.body.find((c: { name: string }) => c.name === 'timezone').id}`, { input: { value: 'Mars/Olympus' } });
      expect(badZone.status).toBe(400);
      // A user's own zone (GLPI's timezone preference) shows the imported dates in it and reads theirs in it.
      expect((await api.put('User/2', { input: { timezone: 'UTC' } })).status).toBe(200);
      expect((await api.get('Ticket/1')).body.date).toBe('2024-04-02 09:15:00');
      const written = await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: 1, content: 'In UTC', date: '2024-04-02 12:30:00' });
      expect((await api.put('User/2', { input: { timezone: null } })).status).toBe(200);
      expect((await api.get(`ITILFollowup/${written}`)).body.date).toBe('2024-04-02 14:30:00');
    } finally {
      await server.stop();
    }
  });

  test('a setting no zone database knows falls back to the machine\'s zone, and says so', async () => {
    const { dates, stdout } = await importInto('glpi_badzone', 'UTC');
    expect(dates[1]).toEqual(['2024-03-15 13:22:10', '2024-07-01 10:00:00']);
    expect(stdout).toContain("GLPI's time zone setting 'Mars/Olympus' is not a known time zone");
  });
});
