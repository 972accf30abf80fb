import type { Db } from './connection';

/**
 * The events waiting for the mail sender (server/notify/staging.ts): one row per event, written in
 * the transaction of the change with what its notifications need as it was then, expanded by the
 * sender into the per-recipient rows of glpi_queuednotifications. Only its primary key: the change
 * pays for one insert, not for the queue's indexes.
 */
export function createNotificationStaging(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS deskbase_staged_notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    event TEXT NOT NULL,
    itemtype TEXT NOT NULL,
    items_id INTEGER NOT NULL DEFAULT 0,
    entities_id INTEGER NOT NULL DEFAULT 0,
    users_id INTEGER NOT NULL DEFAULT 0,
    is_private INTEGER NOT NULL DEFAULT 0,
    create_time TEXT NOT NULL,
    data TEXT NOT NULL
  )`);
}
