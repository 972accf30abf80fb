/**
 * The mail collector's "entity based on user's profile" (`_affect_entity_by_user_entity`): the
 * profile is the one a criterion of the rule named (GLPI's order: "user with a single profile",
 * then "user featuring a single profile", then "user featuring the profile"), and the entity is
 * where the requester holds it: the only one; with "featuring a single profile", the last of
 * several; otherwise the requester's default entity when the profile reaches it (recursively
 * held on an ancestor counts); else none.
 */
import type { Db } from '../db/connection';
import { selectAll, selectOne } from '../db/rows';

type Current = (key: string) => unknown;

/** The engine's key for the patterns of the rule's `is` criteria that held (GLPI's criterias_results). */
export const HELD_PATTERNS = '_held_patterns';

export function entityByUserProfile(db: Db, current: Current): { set: Record<string, unknown>; error?: string } {
  const held = (current(HELD_PATTERNS) ?? {}) as Record<string, string>;
  const user = Number(current('_users_id_requester') ?? 0);
  if (!(user > 0)) return { set: {}, error: 'no requester known to the directory' };
  const profile =
    held.ONE_PROFILE !== undefined
      ? Number(selectOne(db, 'SELECT profiles_id FROM glpi_profiles_users WHERE users_id = ? ORDER BY id LIMIT 1', user)?.profiles_id ?? 0)
      : Number(held.UNIQUE_PROFILE ?? held.PROFILES ?? 0);
  if (!(profile > 0)) return { set: {}, error: 'no profile criterion held' };
  const rows = selectAll(db, 'SELECT entities_id, is_recursive FROM glpi_profiles_users WHERE users_id = ? AND profiles_id = ? ORDER BY id', user, profile);
  const entities = [...new Set(rows.map((r) => Number(r.entities_id)))];
  if (entities.length === 1) return { set: { entities_id: entities[0] } };
  if (entities.length > 1 && held.UNIQUE_PROFILE !== undefined && held.ONE_PROFILE === undefined) return { set: { entities_id: entities.at(-1) } };
  if (entities.length === 0 || held.ONE_PROFILE !== undefined) return { set: {}, error: `the requester holds profile ${profile} on ${entities.length} entities` };
  const preferred = Number(selectOne(db, 'SELECT entities_id FROM glpi_users WHERE id = ?', user)?.entities_id ?? -1);
  const reached = rows.some((r) => Number(r.entities_id) === preferred || (Number(r.is_recursive) === 1 && isBelow(db, preferred, Number(r.entities_id))));
  return reached ? { set: { entities_id: preferred } } : { set: {}, error: `the requester's default entity is not one where they hold profile ${profile}` };
}

function isBelow(db: Db, entity: number, ancestor: number): boolean {
  const row = selectOne(db, 'WITH RECURSIVE up(id) AS (SELECT entities_id FROM glpi_entities WHERE id = ? AND id <> 0 UNION SELECT e.entities_id FROM glpi_entities e JOIN up ON e.id = up.id WHERE e.id <> 0) SELECT 1 AS found FROM up WHERE id = ?', entity, ancestor);
  return row !== null;
}
