/**
 * The Deskbase user of a directory account: made at its first sign-in, brought up to date from the
 * directory at each one (GLPI's field mapping). The password stays in the directory.
 */
import { nowString } from '../core/clock';
import { inTransaction, type Db } from '../db/connection';
import { findById, insertRow, run, selectAll, selectOne, type Row } from '../db/rows';
import type { DirectoryAccount } from './account';
import { AUTHTYPE } from '../registry/values';
import { applyGroups } from './groups';
import { storePicture } from './picture';
import { addLink, createUser, logger, updateUser, type Logger } from './history';
import { DROPDOWN_FIELDS, mapEntry } from './mapping';
import { applyAuthorizations, authorizationsFromRules } from './rights';

/** The id of a dropdown row of that name, made when missing (0 for no name). */
function dropdownId(db: Db, table: string, name: string | null): number {
  if (name === null || name.trim() === '') return 0;
  const found = selectOne(db, `SELECT id FROM ${table} WHERE name = ? ORDER BY id LIMIT 1`, name.trim());
  if (found) return Number(found.id);
  const stamp = nowString();
  return insertRow(db, table, { name: name.trim(), date_creation: stamp, date_mod: stamp });
}

/** The directory's addresses replace those it gave before; addresses typed by hand stay. */
function syncEmails(db: Db, userId: number, emails: string[]): void {
  run(db, 'DELETE FROM glpi_useremails WHERE users_id = ? AND is_dynamic = 1', userId);
  const kept = new Set(selectAll(db, 'SELECT email FROM glpi_useremails WHERE users_id = ?', userId).map((r) => String(r.email)));
  let needsDefault = !selectOne(db, 'SELECT id FROM glpi_useremails WHERE users_id = ? AND is_default = 1', userId);
  for (const email of emails) {
    if (kept.has(email)) continue;
    insertRow(db, 'glpi_useremails', { users_id: userId, email, is_dynamic: 1, is_default: needsDefault ? 1 : 0 });
    needsDefault = false;
  }
}

/** GLPI's default profile on the root entity, as a dynamic authorization, for a user made by a sign-in. */
function grantDefaultProfile(log: Logger, userId: number): void {
  const profile = selectOne(log.db, 'SELECT id FROM glpi_profiles WHERE is_default = 1 ORDER BY id LIMIT 1');
  if (!profile) return;
  addLink(log, 'Profile_User', { users_id: userId, profiles_id: Number(profile.id), entities_id: 0, is_recursive: 0, is_dynamic: 1, is_default_profile: 1 });
}

/** The user of a directory account: by its login, else by its sync value (an account renamed in the directory). */
export function findDirectoryUser(db: Db, directoryId: number, login: string, syncValue: string | null): Row | null {
  return (
    selectOne(db, 'SELECT * FROM glpi_users WHERE name = ? AND authtype = ? AND auths_id = ? ORDER BY id LIMIT 1', login, AUTHTYPE.LDAP, directoryId) ??
    (syncValue === null ? null : selectOne(db, 'SELECT * FROM glpi_users WHERE authtype = ? AND auths_id = ? AND sync_field = ? ORDER BY id LIMIT 1', AUTHTYPE.LDAP, directoryId, syncValue))
  );
}

export interface SavedUser {
  user: Row;
  /** Its authorizations or groups changed: sessions must see them again. */
  rightsChanged: boolean;
  /** Its dynamic groups changed. */
  groupsChanged: boolean;
  /** It had been marked gone from the directory (is_deleted_ldap) and is back. */
  restored: boolean;
}

/**
 * Writes the user of a signed-in directory account in one transaction, with the authorizations
 * the RuleRight rules give (GLPI's default profile on the root entity for a new user they give
 * none). The user is the one already known by that login, else the one of the same sync value in
 * this directory (a renamed account), else a new one. A user marked gone from the directory gets
 * `whenBack` too (user_restored_ldap: out of the trash, or active again). Its dynamic groups
 * become the directory's (groups.ts). Every change is in history under `actor` (history.ts).
 */
export function saveDirectoryUser(db: Db, account: DirectoryAccount, login: string, whenBack: Row, actor: string): SavedUser {
  const { server, entry, groupDns } = account;
  const mapped = mapEntry(server.row, entry);
  return inTransaction(db, () => {
    // Read again inside the transaction: a sign-in of the same new account may have just made it.
    const existing = findDirectoryUser(db, server.id, login, mapped.syncValue);
    const stamp = nowString();
    const columns: Row = {
      ...mapped.columns,
      name: login,
      authtype: AUTHTYPE.LDAP,
      auths_id: server.id,
      user_dn: entry.dn,
      user_dn_hash: new Bun.CryptoHasher('md5').update(entry.dn).digest('hex'),
      sync_field: mapped.syncValue,
      date_sync: stamp,
      is_deleted_ldap: 0,
    };
    const picture = mapped.picture ? storePicture(server.picturesDir, mapped.picture) : null;
    if (picture) columns.picture = picture;
    for (const [column, table] of Object.values(DROPDOWN_FIELDS)) {
      if (column in mapped.dropdowns) columns[column] = dropdownId(db, table, mapped.dropdowns[column]!);
    }
    const log = logger(db, actor);
    let id: number;
    const restored = existing !== null && Number(existing.is_deleted_ldap) === 1;
    if (existing) {
      id = Number(existing.id);
      updateUser(log, existing, restored ? { ...columns, ...whenBack } : columns);
    } else {
      id = createUser(log, { ...columns, is_active: 1, date_creation: stamp, date_mod: stamp });
    }
    syncEmails(db, id, mapped.emails);
    const wanted = authorizationsFromRules(db, account, login, mapped.emails[0] ?? null);
    const groupsChanged = applyGroups(log, id, server, entry, groupDns);
    let rightsChanged = groupsChanged;
    if (wanted) rightsChanged = applyAuthorizations(log, id, wanted) || rightsChanged;
    else if (!existing) grantDefaultProfile(log, id);
    return { user: findById(db, 'glpi_users', id)!, rightsChanged, groupsChanged, restored };
  });
}
