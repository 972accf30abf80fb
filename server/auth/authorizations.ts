import type { Db } from '../db/connection';
import { selectAll } from '../db/rows';
import type { Directory } from './directory';

/** One Profile_User grant: a profile on an entity, optionally with its sub-entities. */
export interface Grant {
  profileId: number;
  entityId: number;
  recursive: boolean;
}

export function userGrants(db: Db, userId: number): Grant[] {
  return selectAll(db, 'SELECT profiles_id, entities_id, is_recursive FROM glpi_profiles_users WHERE users_id = ? ORDER BY id', userId).map(
    (r) => ({ profileId: Number(r.profiles_id), entityId: Number(r.entities_id), recursive: Number(r.is_recursive) === 1 }),
  );
}

/** The user's usable profiles (existing ones, on existing entities), ordered by name as GLPI does. */
export function userProfiles(db: Db, dir: Directory, userId: number): number[] {
  const tree = dir.entities();
  const ids = new Set(userGrants(db, userId).filter((g) => tree.has(g.entityId) && dir.profile(g.profileId)).map((g) => g.profileId));
  return [...ids].sort((a, b) => dir.profile(a)!.name.localeCompare(dir.profile(b)!.name) || a - b);
}

/** Grants of one profile, on entities that still exist. */
export function profileGrants(db: Db, dir: Directory, userId: number, profileId: number): Grant[] {
  const tree = dir.entities();
  return userGrants(db, userId).filter((g) => g.profileId === profileId && tree.has(g.entityId));
}

/**
 * Every entity a profile lets the user work in: granted entities, plus the descendants of
 * recursive grants. Each entry records whether it may be activated recursively.
 */
export function reachableEntities(dir: Directory, grants: Grant[]): Map<number, boolean> {
  const tree = dir.entities();
  const out = new Map<number, boolean>();
  for (const g of grants) {
    const ids = g.recursive ? tree.descendants(g.entityId) : [g.entityId];
    for (const id of ids) out.set(id, (out.get(id) ?? false) || g.recursive);
  }
  return out;
}
