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

  test('a setting no zone database knows falls back to the machine\'s zone, and says so', async () => {
    const { dates, stdout } = await importInto('glpi_badzone', 'UTC');
    expect(dates[1]).toEqual(['2024-03-15 13:22:10', '2024-07-01 10:00:00']);
    expect(stdout).toContain("GLPI's time zone setting 'Mars/Olympus' is not a known time zone");
  });
});
