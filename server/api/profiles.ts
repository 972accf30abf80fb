import { profileGrants, reachableEntities, userProfiles } from '../auth/authorizations';
import { activeProfileView, profileEntities } from '../auth/session-view';
import { empty, json, type Reply, type SessionContext } from './context';
import { badRequest, errors } from '../core/errors';
import { toId } from '../core/params';
import { flagParam } from '../core/request-params';

/** Where the session may go: every entity the active profile reaches, with its recursion right. */
function reachable(ctx: SessionContext, profileId = ctx.session.profileId): Map<number, boolean> {
  const { db } = ctx.services.store;
  return reachableEntities(ctx.services.directory, profileGrants(db, ctx.services.directory, ctx.session.userId, profileId));
}

export function getMyProfiles(ctx: SessionContext): Reply {
  const { db } = ctx.services.store;
  const myprofiles = userProfiles(db, ctx.services.directory, ctx.session.userId).map((id) => ({
    id,
    name: ctx.services.directory.profile(id)?.name ?? '',
    entities: profileEntities(ctx, id),
  }));
  return json({ myprofiles });
}

export function getActiveProfile(ctx: SessionContext): Reply {
  return json({ active_profile: activeProfileView(ctx) });
}

export function changeActiveProfile(ctx: SessionContext): Reply {
  const raw = ctx.params.profiles_id;
  if (raw === undefined) throw badRequest('Bad Request: profiles_id is missing');
  // Any integer is a well-formed id (-1 and 0 simply name no profile: 404 below).
  const profileId = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof profileId !== 'number' || !Number.isSafeInteger(profileId)) throw badRequest('Bad Request: profiles_id must be a profile id');
  if (!userProfiles(ctx.services.store.db, ctx.services.directory, ctx.session.userId).includes(profileId)) {
    throw errors.itemNotFound();
  }
  // A new profile reaches other entities: start again from the user's default entity.
  const entities = reachable(ctx, profileId);
  const preferred = Number(ctx.scope.user.entities_id ?? -1);
  const entityId = entities.has(preferred) ? preferred : null;
  ctx.services.sessions.update(ctx.session, {
    profileId,
    entityId,
    recursive: entityId === null ? true : entities.get(entityId)!,
  });
  return empty(200);
}

export function getMyEntities(ctx: SessionContext): Reply {
  const tree = ctx.services.directory.entities();
  const recursive = flagParam(ctx.params, 'is_recursive');
  const seen = new Set<number>();
  const myentities: { id: number; name: string }[] = [];
  const add = (id: number) => {
    if (seen.has(id) || !tree.has(id)) return;
    seen.add(id);
    myentities.push({ id, name: tree.nodes.get(id)!.completename });
  };
  for (const grant of profileGrants(ctx.services.store.db, ctx.services.directory, ctx.session.userId, ctx.session.profileId)) {
    if (recursive && grant.recursive) for (const id of tree.descendants(grant.entityId).slice(1)) add(id);
    add(grant.entityId);
  }
  return json({ myentities });
}

export function getActiveEntities(ctx: SessionContext): Reply {
  const { session, scope } = ctx;
  return json({
    active_entity: {
      id: session.entityId ?? scope.activeEntities[0] ?? 0,
      active_entity_recursive: session.entityId === null || session.recursive,
      active_entities: scope.activeEntities.map((id) => ({ id })),
    },
  });
}

export function changeActiveEntities(ctx: SessionContext): Reply {
  const raw = ctx.params.entities_id;
  const recursive = flagParam(ctx.params, 'is_recursive');
  if (raw === undefined || raw === null || raw === 'all') {
    ctx.services.sessions.update(ctx.session, { entityId: null, recursive: true });
    return empty(200);
  }
  const entityId = toId(raw);
  if (entityId === null) throw badRequest('entities_id must be an entity id or "all"');
  const entities = reachable(ctx);
  if (!entities.has(entityId)) throw badRequest(`entity ${entityId} is not one of your entities (see getMyEntities)`);
  if (recursive && !entities.get(entityId)) throw badRequest(`entity ${entityId} cannot be activated with its sub-entities by this profile`);
  ctx.services.sessions.update(ctx.session, { entityId, recursive });
  return empty(200);
}
