import { Database } from 'bun:sqlite';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll } from 'bun:test';
import { MariaDb, mariadbMissing } from '../support/mariadb';

export const FIXTURE_SQL = readFileSync(join(import.meta.dir, 'fixture/glpi10.sql'), 'utf8');
export const FIXTURE_FILES = join(import.meta.dir, 'fixture/files');

export { mariadbMissing };

/** One private MariaDB for a test file, with the fixture loaded as database `glpi`. */
export function useMariaDb(): { db: MariaDb } {
  const ctx = {} as { db: MariaDb };
  beforeAll(async () => {
    if (mariadbMissing) return;
    ctx.db = new MariaDb();
    await ctx.db.start();
    await ctx.db.createDatabase('glpi', FIXTURE_SQL);
  });
  afterAll(async () => {
    await ctx.db?.stop();
  });
  return ctx;
}

/** Every GLPI-shaped table of a data folder, row by row, and the document files: for equality checks. */
export function dumpDataFolder(dataDir: string): Record<string, unknown> {
  const db = new Database(join(dataDir, 'deskbase.sqlite'), { readonly: true });
  try {
    const out: Record<string, unknown> = {};
    // Trigram indexes (`…__fts*`) are derived from the rows: equal rows are what counts. The
    // dropdown count tables (`…__counts`, keyed by their combination, no id) must be equal too.
    const tables = db
      .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'glpi_%' AND name NOT LIKE '%\\_\\_fts%' ESCAPE '\\' ORDER BY name")
      .all();
    const order = (table: string) => (table.endsWith('__counts') ? db.query<{ name: string }, [string]>('SELECT name FROM pragma_table_info(?)').all(table).map((c) => c.name).join(', ') : 'id');
    for (const { name } of tables) out[name] = db.query(`SELECT * FROM ${name} ORDER BY ${order(name)}`).all();
    // A GLPI without a notification_uuid (the fixture) gets one drawn at random by each import.
    for (const row of out.glpi_configs as { name: string; value: unknown }[]) if (row.name === 'notification_uuid') row.value = '(drawn)';
    out.files = listFiles(join(dataDir, 'files'));
    return out;
  } finally {
    db.close();
  }
}

function listFiles(dir: string, root = dir): string[] {
  return readdirSync(dir)
    .filter((name) => name !== '_tmp')
    .flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory() ? listFiles(full, root) : [`${relative(root, full)} ${statSync(full).size}`];
    })
    .sort();
}

/** The 12 000 extra history rows of the resume tests: more than two import batches. */
export const MANY_LOGS = `INSERT INTO glpi_logs (itemtype, items_id, itemtype_link, linked_action, user_name, date_mod, id_search_option, old_value, new_value)
  SELECT 'Computer', 1 + seq % 3, '', 0, 'glpi (2)', '2024-01-01 00:00:00' + INTERVAL seq SECOND, 16, CONCAT('old ', seq), CONCAT('new &#38; ', seq)
  FROM seq_1_to_12000;`;
