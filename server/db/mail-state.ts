/**
 * Deskbase's own tables for the mail collectors (server/mail/), beside GLPI's rows:
 * - `deskbase_mail_outcomes`: the one outcome each mail got, by its Message-ID (a ticket, a
 *   follow-up or a NotImportedEmail), so a mail seen again after a crash is not imported twice;
 * - `deskbase_notimportedemail_sources`: a refused mail's raw message and the reason in words;
 * - `deskbase_mailcollector_runs`: each collector's last run (counts) and last error.
 */
import type { Db } from './connection';

export function createMailTables(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS deskbase_mail_outcomes (
    messageid TEXT PRIMARY KEY NOT NULL, mailcollectors_id INTEGER NOT NULL, itemtype TEXT NOT NULL, items_id INTEGER NOT NULL, date TEXT NOT NULL)`);
  db.exec(`CREATE TABLE IF NOT EXISTS deskbase_notimportedemail_sources (
    notimportedemails_id INTEGER PRIMARY KEY NOT NULL, reason TEXT NOT NULL, source BLOB NOT NULL)`);
  db.exec(`CREATE TABLE IF NOT EXISTS deskbase_mailcollector_runs (
    mailcollectors_id INTEGER PRIMARY KEY NOT NULL, last_run TEXT, tickets INTEGER NOT NULL DEFAULT 0, followups INTEGER NOT NULL DEFAULT 0,
    refused INTEGER NOT NULL DEFAULT 0, last_error TEXT, last_error_date TEXT)`);
}
