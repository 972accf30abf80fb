/**
 * What becomes of users gone from their directory, and of those back (GLPI's user_deleted_ldap
 * and user_restored_ldap settings, with GLPI 10.0's values).
 */
import type { Db } from '../db/connection';
import { run, type Row } from '../db/rows';
import type { Settings } from '../db/settings';

/** user_deleted_ldap: 0 keep, 1 trash, 2 withdraw dynamic authorizations and groups, 3 disable, 4 disable and withdraw, 5 disable and withdraw groups. */
const GONE = {
  0: { columns: {}, authorizations: false, groups: false },
  1: { columns: { is_deleted: 1 }, authorizations: false, groups: false },
  2: { columns: {}, authorizations: true, groups: true },
  3: { columns: { is_active: 0 }, authorizations: false, groups: false },
  4: { columns: { is_active: 0 }, authorizations: true, groups: true },
  5: { columns: { is_active: 0 }, authorizations: false, groups: true },
} as const satisfies Record<number, { columns: Row; authorizations: boolean; groups: boolean }>;

/** user_restored_ldap: 0 no change, 1 out of the trash, 3 active again. */
export function whenBack(settings: Settings): Row {
  const choice = settings.number('user_restored_ldap');
  return choice === 1 ? { is_deleted: 0 } : choice === 3 ? { is_active: 1 } : {};
}

/** Marks users gone from their directory (is_deleted_ldap) and applies user_deleted_ldap; inside the caller's transaction. */
export function markGone(db: Db, settings: Settings, userIds: number[]): void {
  const choice = GONE[settings.number('user_deleted_ldap') as keyof typeof GONE] ?? GONE[0];
  for (const id of userIds) {
    run(db, 'UPDATE glpi_users SET is_deleted_ldap = 1 WHERE id = ?', id);
    for (const [column, value] of Object.entries(choice.columns)) run(db, `UPDATE glpi_users SET ${column} = ? WHERE id = ?`, value, id);
    if (choice.authorizations) run(db, 'DELETE FROM glpi_profiles_users WHERE users_id = ? AND is_dynamic = 1', id);
    if (choice.groups) run(db, 'DELETE FROM glpi_groups_users WHERE users_id = ? AND is_dynamic = 1', id);
  }
}
