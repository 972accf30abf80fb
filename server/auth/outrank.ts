import type { Db } from '../db/connection';
import { userGrants } from './authorizations';
import type { Directory, ProfileInfo } from './directory';
import type { Scope } from './scope';
import { CREATE } from '../registry/rights';

/**
 * GLPI's "more rights than" test: the first right of `profile` with a bit the session's active
 * profile lacks, or null when the active profile holds all of them. A profile that may create
 * profiles outranks every one, as GLPI (it could give itself any right).
 */
export function rightBeyond(scope: Scope, profile: ProfileInfo): string | null {
  if (((scope.profile.rights.get('profile') ?? 0) & CREATE) !== 0) return null;
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
