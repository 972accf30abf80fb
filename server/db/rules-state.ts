import type { Db } from './connection';

const RULE_TABLES = ['glpi_rules', 'glpi_rulecriterias', 'glpi_ruleactions'];

/**
 * A counter of every write to the rules, their criteria and actions, kept by SQLite triggers so
 * that a write from anywhere (the API, an import, another thread or process) moves it: the rules
 * engine keeps its compiled rules while it stands still (server/rules/load.ts).
 */
export function createRulesState(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS deskbase_rules_state (id INTEGER PRIMARY KEY, generation INTEGER NOT NULL)');
  db.exec('INSERT OR IGNORE INTO deskbase_rules_state (id, generation) VALUES (1, 0)');
  for (const table of RULE_TABLES) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      db.exec(
        `CREATE TRIGGER IF NOT EXISTS deskbase_${table}_${event.toLowerCase()} AFTER ${event} ON ${table}
         BEGIN UPDATE deskbase_rules_state SET generation = generation + 1 WHERE id = 1; END`,
      );
    }
  }
}
