/**
 * What becomes of users gone from their directory, and of those back (GLPI's user_deleted_ldap
 * and user_restored_ldap settings, with GLPI 10.0's values).
 */
import { selectAll, selectOne, type Row } from '../db/rows';
import type { Settings } from '../db/settings';
import { dropLink, updateUser, type Logger } from './history';

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

/** Marks users gone from their directory (is_deleted_ldap) and applies user_deleted_ldap, with history; inside the caller's transaction. */
export function markGone(log: Logger, settings: Settings, userIds: number[]): void {
  const choice = GONE[settings.number('user_deleted_ldap') as keyof typeof GONE] ?? GONE[0];
  const dynamic = (table: string, id: number) => selectAll(log.db, `SELECT * FROM ${table} WHERE users_id = ? AND is_dynamic = 1`, id);
  for (const id of userIds) {
    const user = selectOne(log.db, 'SELECT * FROM glpi_users WHERE id = ?', id);
    if (!user) continue;
    updateUser(log, user, { is_deleted_ldap: 1, ...choice.columns });
    if (choice.authorizations) for (const row of dynamic('glpi_profiles_users', id)) dropLink(log, 'Profile_User', row);
    if (choice.groups) for (const row of dynamic('glpi_groups_users', id)) dropLink(log, 'Group_User', row);
  }
}
