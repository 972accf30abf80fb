import type { Db } from '../db/connection';
import { selectOne } from '../db/rows';
import type { Settings } from '../db/settings';

/** Per-user settings (UserPreference) that override the global ones of the same name. */
export const PREFERENCE_KEYS = [
  'language',
  'list_limit',
  'date_format',
  'number_format',
  'names_format',
  'csv_delimiter',
  'is_ids_visible',
  'use_flat_dropdowntree',
  'followup_private',
  'task_private',
  'default_requesttypes_id',
  'timezone',
] as const;

/**
 * The effective preferences of a user: their own value where set (a UserPreference row, else the
 * column of the same name on their glpi_users row, where GLPI keeps it), else the global setting.
 */
export function effectivePreferences(db: Db, settings: Settings, userId: number): Record<string, string | number | null> {
  const own = selectOne(db, 'SELECT * FROM glpi_userpreferences WHERE users_id = ?', userId) ?? {};
  const user = selectOne(db, 'SELECT * FROM glpi_users WHERE id = ?', userId) ?? {};
  const out: Record<string, string | number | null> = {};
  for (const key of PREFERENCE_KEYS) {
    const value = own[key] ?? user[key];
    const fallback = settings.get(key);
    out[key] = value !== null && value !== undefined ? (value as string | number) : /^-?\d+$/.test(fallback) ? Number(fallback) : fallback || null;
  }
  const max = settings.number('list_limit_max') || 1000;
  out.list_limit = Math.min(Number(out.list_limit) || 50, max);
  return out;
}
