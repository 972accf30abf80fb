/**
 * History rows (glpi_logs) of what the directory changes on a user, as a manual edit logs them:
 * its creation, each changed field under GLPI's search option, its groups and authorizations
 * given or withdrawn (on both sides). `actor` is who history names: the importing user,
 * `cron_ldapsync` for the automatic action (GLPI names a task's changes `cron_<task>`), the
 * command's name for `deskbase directory sync`, none for a sign-in (no one is signed in yet).
 */
import type { Db } from '../db/connection';
import { insertRow, run, updateRow, type Row } from '../db/rows';
import { HISTORY, logRelation, writeLog } from '../items/history';
import { writeCarriedChanges } from '../items/crud';
import { itemtypeOrThrow } from '../registry';

export interface Logger {
  db: Db;
  history: true;
  actor: string;
}

export const logger = (db: Db, actor: string): Logger => ({ db, history: true, actor });

/** Columns GLPI keeps out of a user's history (User's history blacklist). */
const UNLOGGED = new Set(['date_sync', 'last_login']);

/** Makes a user from the directory, with its creation in history; returns its id. */
export function createUser(log: Logger, columns: Row): number {
  const id = insertRow(log.db, 'glpi_users', columns);
  writeLog(log.db, log.actor, { itemtype: 'User', itemsId: id, action: HISTORY.CREATE_ITEM });
  return id;
}

/** Writes the columns of a user that differ, with a history row for each (date_sync without one). */
export function updateUser(log: Logger, old: Row, columns: Row): void {
  const logged = Object.fromEntries(Object.entries(columns).filter(([column]) => !UNLOGGED.has(column)));
  writeCarriedChanges(log, itemtypeOrThrow('User'), old, logged);
  // Trashed or restored as GLPI's delete() and restore() do it, which log the trash (an update's is_deleted logs nothing).
  if ('is_deleted' in columns && Number(columns.is_deleted) !== Number(old.is_deleted)) {
    writeLog(log.db, log.actor, { itemtype: 'User', itemsId: Number(old.id), action: Number(columns.is_deleted) === 1 ? HISTORY.DELETE_ITEM : HISTORY.RESTORE_ITEM });
  }
  const quiet = Object.fromEntries(Object.entries(columns).filter(([column]) => UNLOGGED.has(column)));
  updateRow(log.db, 'glpi_users', Number(old.id), quiet);
}

/** Adds a link row (Group_User, Profile_User) with its history on both sides. */
export function addLink(log: Logger, typeName: string, row: Row): void {
  const type = itemtypeOrThrow(typeName);
  const id = insertRow(log.db, type.table, row);
  logRelation(log, type, { ...row, id }, HISTORY.ADD_RELATION);
}

/** Deletes a link row (read whole) with its history on both sides. */
export function dropLink(log: Logger, typeName: string, row: Row): void {
  const type = itemtypeOrThrow(typeName);
  run(log.db, `DELETE FROM ${type.table} WHERE id = ?`, Number(row.id));
  logRelation(log, type, row, HISTORY.DEL_RELATION);
}
