/**
 * Who writes what a mail brings. A new ticket is opened by the collector itself, as GLPI's
 * mailgate does (nobody's session: `users_id_recipient` 0, every right, every entity: which
 * entity is the rules' decision, not a user's). A follow-up is written by the sender's own
 * account, in its default profile (else its first), so that only a user who may add one does.
 */
import type { Services } from '../auth/services';
import { computeScope, type Scope } from '../auth/scope';
import { selectOne } from '../db/rows';
import { actorName } from '../items/history';
import type { WriteContext } from '../items/hooks';

const SUPER_ADMIN = 4;
export const COLLECTOR_ACTOR = 'Mail collector';

function context(services: Services, scope: Scope, actor: string): WriteContext {
  return { db: services.store.db, services, scope, actor, history: true, extra: {}, recursive: false };
}

/** The collector's own context: GLPI's Super-Admin rights in every entity, as no user. */
export function collectorContext(services: Services): WriteContext {
  const profile = services.directory.profile(SUPER_ADMIN);
  if (!profile) throw new Error('the Super-Admin profile (4) is missing: mail collectors cannot write');
  const tree = services.directory.entities();
  const all = [...tree.nodes.keys()];
  const scope: Scope = {
    session: { hash: '', userId: 0, profileId: SUPER_ADMIN, entityId: null, recursive: true, createdAt: 0, lastActive: 0 },
    user: { id: 0, name: COLLECTOR_ACTOR },
    profile,
    activeEntities: all,
    active: new Set(all),
    recursiveVisible: new Set(all),
    showAll: true,
    multiEntity: all.length > 1,
    groups: [],
    version: services.directory.version,
  };
  return context(services, scope, COLLECTOR_ACTOR);
}

/** A user's context in their default profile (else their first), all their entities; null when they have none. */
export function userContext(services: Services, userId: number): WriteContext | null {
  const db = services.store.db;
  const user = selectOne(db, 'SELECT id, name, realname, firstname, profiles_id FROM glpi_users WHERE id = ? AND is_active = 1 AND is_deleted = 0', userId);
  if (!user) return null;
  const preferred = Number(user.profiles_id ?? 0);
  const held = selectOne(
    db,
    'SELECT profiles_id FROM glpi_profiles_users WHERE users_id = ? ORDER BY CASE WHEN profiles_id = ? THEN 0 ELSE 1 END, id LIMIT 1',
    userId,
    preferred,
  );
  if (!held) return null;
  const session = { hash: '', userId, profileId: Number(held.profiles_id), entityId: null, recursive: true, createdAt: 0, lastActive: 0 };
  const scope = computeScope(db, services.directory, session);
  return scope ? context(services, scope, actorName(user)) : null;
}
