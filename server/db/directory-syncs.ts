import type { Db } from './connection';

/**
 * The directory synchronisations (the `ldapsync` automatic action and `deskbase directory sync`),
 * one row per directory and run: how far it has got (`done` of `accounts`) while it runs, then
 * what it did (users updated, back, gone, whose groups changed) or why it stopped (`error`);
 * `started_by`: who history names for it (the automatic action's `cron_ldapsync`, the command).
 */
export function createDirectorySyncs(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS deskbase_directory_syncs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    authldaps_id INTEGER NOT NULL,
    started_by TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'running',
    accounts INTEGER NOT NULL DEFAULT 0,
    done INTEGER NOT NULL DEFAULT 0,
    updated INTEGER NOT NULL DEFAULT 0,
    restored INTEGER NOT NULL DEFAULT 0,
    gone INTEGER NOT NULL DEFAULT 0,
    groups_changed INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    date_creation TEXT NOT NULL,
    date_mod TEXT NOT NULL,
    date_done TEXT
  )`);
  db.exec('CREATE INDEX IF NOT EXISTS deskbase_directory_syncs_directory ON deskbase_directory_syncs (authldaps_id, id)');
}
