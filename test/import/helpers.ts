import { Database } from 'bun:sqlite';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll } from 'bun:test';
import { MariaDb, mariadbMissing } from '../support/mariadb';

export const FIXTURE_SQL = readFileSync(join(import.meta.dir, 'fixture/glpi10.sql'), 'utf8');
export const FIXTURE_FILES = join(import.meta.dir, 'fixture/files');

export { mariadbMissing };

/** GLPI 10.0's rule tables (rules, criteria, actions), empty. */
export const GLPI_RULE_TABLES = `
CREATE TABLE glpi_rules (
  id int unsigned NOT NULL AUTO_INCREMENT, entities_id int unsigned NOT NULL DEFAULT '0', sub_type varchar(255) NOT NULL DEFAULT '',
  ranking int NOT NULL DEFAULT '0', name varchar(255) DEFAULT NULL, description text, \`match\` char(10) DEFAULT NULL,
  is_active tinyint NOT NULL DEFAULT '1', comment text, date_mod timestamp NULL DEFAULT NULL, is_recursive tinyint NOT NULL DEFAULT '0',
  uuid varchar(255) DEFAULT NULL, \`condition\` int NOT NULL DEFAULT '0', date_creation timestamp NULL DEFAULT NULL, PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
CREATE TABLE glpi_rulecriterias (
  id int unsigned NOT NULL AUTO_INCREMENT, rules_id int unsigned NOT NULL DEFAULT '0', criteria varchar(255) DEFAULT NULL,
  \`condition\` int NOT NULL DEFAULT '0', pattern text, PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
CREATE TABLE glpi_ruleactions (
  id int unsigned NOT NULL AUTO_INCREMENT, rules_id int unsigned NOT NULL DEFAULT '0', action_type varchar(255) DEFAULT NULL,
  field varchar(255) DEFAULT NULL, value varchar(255) DEFAULT NULL, PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
`;

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
