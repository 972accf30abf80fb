import { RIGHT_MISSING_MESSAGE } from '../http/errors';
import type { Db } from '../store/db';
import { ItemError, type WriteContext } from '../store/hooks';
import { selectAll } from '../store/rows';
import type { Directory, ProfileInfo } from './directory';
import type { Scope } from './scope';

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

/**
 * GLPI's "more rights than" test: the first right of `profile` with a bit the session's active
 * profile lacks, or null when the active profile holds all of them.
 */
export function rightBeyond(scope: Scope, profile: ProfileInfo): string | null {
  for (const [name, bits] of profile.rights) {
    if ((bits & ~(scope.profile.rights.get(name) ?? 0)) !== 0) return name;
  }
  return null;
}

/** Does the active profile hold every right of every profile the user has, on any entity? */
export function outranks(db: Db, dir: Directory, scope: Scope, userId: number): boolean {
  const profileIds = new Set(userGrants(db, userId).map((g) => g.profileId));
  return [...profileIds].every((id) => {
    const profile = dir.profile(id);
    return !profile || rightBeyond(scope, profile) === null;
  });
}

/**
 * Another user's identity and access (password, e-mails, tokens, login, authentication, active
 * flag and dates, trash, authorizations, groups) change only for an editor who outranks them:
 * otherwise a sub-entity technician could take over the super-admin. One's own account is not
 * subject to it. Refused with ERROR_RIGHT_MISSING (403 for a single item).
 */
export function requireAuthorityOver(wc: WriteContext, userId: unknown): void {
  const id = Number(userId);
  if (!Number.isSafeInteger(id) || id === Number(wc.scope.user.id)) return;
  if (!outranks(wc.db, wc.services.directory, wc.scope, id)) throw new ItemError(RIGHT_MISSING_MESSAGE, 'ERROR_RIGHT_MISSING', 403);
}
