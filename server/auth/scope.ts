import type { Db } from '../db/connection';
import { findById, selectAll, type Row } from '../db/rows';
import { profileGrants, reachableEntities } from './authorizations';
import type { Directory, ProfileInfo } from './directory';
import type { SessionRecord } from './sessions';

/** What the current session may reach: its user, active profile with rights, and entities. */
export interface Scope {
  session: SessionRecord;
  user: Row;
  profile: ProfileInfo;
  /** Active entities, in tree order. */
  activeEntities: number[];
  active: Set<number>;
  /** Active entities and their ancestors: where recursive items are visible from. */
  recursiveVisible: Set<number>;
  /** Every entity of the tree is active: entity restrictions can be skipped. */
  showAll: boolean;
  /** The profile reaches several entities (search results then show the entity). */
  multiEntity: boolean;
  groups: number[];
  version: number;
}

const cache = new WeakMap<SessionRecord, Scope>();

export function computeScope(db: Db, dir: Directory, session: SessionRecord): Scope | null {
  const cached = cache.get(session);
  if (
    cached &&
    cached.version === dir.version &&
    cached.profile.id === session.profileId &&
    cached.session.entityId === session.entityId &&
    cached.session.recursive === session.recursive
  ) {
    return cached;
  }
  const user = findById(db, 'glpi_users', session.userId);
  const profile = dir.profile(session.profileId);
  if (!user || !profile) return null;
  const tree = dir.entities();
  const grants = profileGrants(db, dir, session.userId, session.profileId);
  // A profile the user no longer holds (authorization removed) ends the session.
  if (grants.length === 0) return null;
  const reachable = reachableEntities(dir, grants);
  let activeEntities: number[];
  if (session.entityId === null) {
    activeEntities = [...reachable.keys()];
  } else {
    const chosen = session.recursive ? tree.descendants(session.entityId) : tree.has(session.entityId) ? [session.entityId] : [];
    // Grants and the tree may have changed since the choice: keep only what the profile still reaches.
    activeEntities = chosen.filter((id) => reachable.has(id));
  }
  const active = new Set(activeEntities);
  const recursiveVisible = new Set(active);
  for (const id of active) for (const a of tree.ancestors(id)) recursiveVisible.add(a);
  const groups = selectAll(db, 'SELECT groups_id FROM glpi_groups_users WHERE users_id = ?', session.userId).map((r) => Number(r.groups_id));
  const scope: Scope = {
    session: { ...session },
    user,
    profile,
    activeEntities,
    active,
    recursiveVisible,
    showAll: active.size === tree.nodes.size,
    multiEntity: reachable.size > 1,
    groups,
    version: dir.version,
  };
  cache.set(session, scope);
  return scope;
}

export function rightOf(scope: Scope, name: string): number {
  return scope.profile.rights.get(name) ?? 0;
}

export function hasRight(scope: Scope, name: string, bits: number): boolean {
  return (rightOf(scope, name) & bits) !== 0;
}
