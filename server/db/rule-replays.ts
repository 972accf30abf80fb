import type { Db } from './connection';

/**
 * The dictionary replays asked for (GLPI's "replay the dictionary rules" on existing rows), run by
 * the automatic action `replaydictionary` a batch at a time: where each has got to (`last_id`),
 * how many rows it has gone through and changed, out of how many.
 */
export function createRuleReplays(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS deskbase_rule_replays (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sub_type TEXT NOT NULL,
    users_id INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'waiting',
    last_id INTEGER NOT NULL DEFAULT 0,
    done INTEGER NOT NULL DEFAULT 0,
    changed INTEGER NOT NULL DEFAULT 0,
    total INTEGER NOT NULL DEFAULT 0,
    date_creation TEXT NOT NULL,
    date_mod TEXT NOT NULL,
    date_done TEXT
  )`);
}
