/**
 * Whom a session may name as an actor of a ticket, problem or change, after GLPI 10.0's forms
 * (its API checks nothing; notifications reach every actor, so Deskbase refuses the others):
 *
 * - A central profile names a user holding an authorization in the item's entity (or one given
 *   with its sub-entities on an entity above it), as GLPI's actor lists offer; a group of that
 *   entity (or a recursive one above) flagged for the role (`is_requester`, `is_watcher`,
 *   `is_assign`); a supplier of that entity, as assignee only.
 * - A self-service (helpdesk) profile names as requester itself, or a member of a group of that
 *   entity where it is a delegate (`is_userdelegate`); as observer a user or watcher group of that
 *   entity, as the self-service form offers; nobody as assignee, no requester group, no supplier.
 *
 * One's own account as requester or observer is always allowed, and a session with every entity
 * active (a root Super-Admin) is not restricted: it reaches every entity's users, groups and
 * suppliers anyway (an import or a fixture may need a requester elsewhere). GLPI's assignee list also keeps
 * to users whose profile holds the ticket "own" right, and to oneself without the ASSIGN right:
 * Deskbase does not ask that (clients assign as they did). Actors that rules add (automatic
 * assignment, escalation levels, recurrent items) are not the session's choice and are not checked.
 */
import type { Db } from '../db/connection';
import { findById, selectOne, type Row } from '../db/rows';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import { ACTOR, ACTOR_KIND, type ActorKind } from '../auth/itil-visibility';
import { itemtypeOrThrow, type Itemtype } from '../registry';
import { isActor, namedActors } from './rules';

const ROLE_NAME: Record<number, string> = { [ACTOR.REQUESTER]: 'requester', [ACTOR.OBSERVER]: 'observer', [ACTOR.ASSIGNED]: 'assignee' };
const GROUP_FLAG: Record<number, string> = { [ACTOR.REQUESTER]: 'is_requester', [ACTOR.OBSERVER]: 'is_watcher', [ACTOR.ASSIGNED]: 'is_assign' };

const list = (ids: number[]) => ids.map(Number).join(', ');

/** The entity and the entities above it (whose recursive rows reach it). */
function entityAndAbove(wc: WriteContext, entityId: number): { entity: number; above: string } {
  const above = wc.services.directory.entities().ancestors(entityId);
  return { entity: entityId, above: above.length ? list(above) : 'NULL' };
}

/** A row of `alias` lying in the entity, or recursive on an entity above it. */
const inEntity = (alias: string, { entity, above }: { entity: number; above: string }) =>
  `(${alias}.entities_id = ${Number(entity)} OR (${alias}.is_recursive = 1 AND ${alias}.entities_id IN (${above})))`;

const exists = (db: Db, sql: string, ...args: number[]) => selectOne(db, sql, ...args) !== null;

/** Does the user hold an authorization in the entity, or one given with its sub-entities above it? */
function userInEntity(wc: WriteContext, userId: number, place: ReturnType<typeof entityAndAbove>): boolean {
  return exists(wc.db, `SELECT 1 FROM glpi_profiles_users pu WHERE pu.users_id = ? AND ${inEntity('pu', place)} LIMIT 1`, userId);
}

/** Is the user a member of a group of the entity where the session's user is a delegate? */
function delegateFor(wc: WriteContext, userId: number, place: ReturnType<typeof entityAndAbove>): boolean {
  return exists(
    wc.db,
    `SELECT 1 FROM glpi_groups_users mine JOIN glpi_groups g ON g.id = mine.groups_id JOIN glpi_groups_users member ON member.groups_id = g.id
     WHERE mine.users_id = ? AND mine.is_userdelegate = 1 AND member.users_id = ? AND ${inEntity('g', place)} LIMIT 1`,
    Number(wc.scope.user.id),
    userId,
  );
}

/** Why the session may not name this user in this role, or null. */
function userRefusal(wc: WriteContext, role: number, userId: number, place: ReturnType<typeof entityAndAbove>): string | null {
  const me = userId === Number(wc.scope.user.id);
  const helpdesk = wc.scope.profile.interface === 'helpdesk';
  if (helpdesk && role === ACTOR.ASSIGNED) return 'a self-service profile assigns nobody';
  if (me) return null;
  if (helpdesk && role === ACTOR.REQUESTER) {
    return delegateFor(wc, userId, place) ? null : 'a self-service profile names as requester only itself or a member of a group it is a delegate of';
  }
  return userInEntity(wc, userId, place) ? null : "the user has no authorization in the item's entity";
}

function groupRefusal(wc: WriteContext, role: number, groupId: number, place: ReturnType<typeof entityAndAbove>): string | null {
  if (wc.scope.profile.interface === 'helpdesk' && role !== ACTOR.OBSERVER) return 'a self-service profile names groups as observers only';
  const flag = GROUP_FLAG[role]!;
  return exists(wc.db, `SELECT 1 FROM glpi_groups g WHERE g.id = ? AND g.${flag} = 1 AND ${inEntity('g', place)}`, groupId)
    ? null
    : `the group is not of the item's entity, or not one for ${ROLE_NAME[role]}s (${flag})`;
}

function supplierRefusal(wc: WriteContext, role: number, supplierId: number, place: ReturnType<typeof entityAndAbove>): string | null {
  if (wc.scope.profile.interface === 'helpdesk') return 'a self-service profile names no supplier';
  if (role !== ACTOR.ASSIGNED) return 'suppliers are assignees only';
  return exists(wc.db, `SELECT 1 FROM glpi_suppliers s WHERE s.id = ? AND ${inEntity('s', place)}`, supplierId) ? null : "the supplier is not of the item's entity";
}

/**
 * Refuses (ItemError) an actor the session may not name on an item of this entity. An actor that
 * does not exist is left to the write's own check, which names it so.
 */
function requireActorChoice(wc: WriteContext, entityId: number, kind: ActorKind, role: number, target: number): void {
  const { itemtype, table } = ACTOR_KIND[kind];
  // A session over every entity reaches every user, group and supplier: nothing of another entity to leak.
  if (wc.scope.showAll || target <= 0 || !findById(wc.db, table, target)) return;
  if (!ROLE_NAME[role]) throw new ItemError(`Actor type ${role}: 1 (requester), 2 (assignee) or 3 (observer)`);
  const place = entityAndAbove(wc, entityId);
  const why = kind === 'users' ? userRefusal(wc, role, target, place) : kind === 'groups' ? groupRefusal(wc, role, target, place) : supplierRefusal(wc, role, target, place);
  if (why !== null) throw new ItemError(`${itemtype} ${target} cannot be named ${ROLE_NAME[role]} here: ${why}`);
}

/** The actors a client names with a ticket, problem or change (checked before automatic assignment adds its own). */
export const actorChoiceHooks: ItemHooks = {
  prepareAdd(wc, _type, row, input) {
    for (const { kind, role, target } of namedActors(input)) requireActorChoice(wc, Number(row.entities_id ?? 0), kind, role, target);
  },
  prepareUpdate(wc, type, old, changes, input) {
    const entityId = Number(changes.entities_id ?? old.entities_id ?? 0);
    for (const { kind, role, target } of namedActors(input)) {
      if (!isActor(wc.db, type, Number(old.id), kind, role, target)) requireActorChoice(wc, entityId, kind, role, target);
    }
  },
};

/** An actor row (Ticket_User, Group_Ticket, Supplier_Ticket…) names whom it links by the rules above. */
function checkActorRow(wc: WriteContext, type: Itemtype, row: Row): void {
  const owner = type.owners[0];
  if (!owner || !('fk' in owner)) return;
  const parent = findById(wc.db, itemtypeOrThrow(owner.itemtype).table, Number(row[owner.fk]));
  if (!parent) return; // left to the link checks
  const kind = (Object.keys(ACTOR_KIND) as ActorKind[]).find((k) => type.column.has(ACTOR_KIND[k].column))!;
  requireActorChoice(wc, Number(parent.entities_id ?? 0), kind, Number(row.type ?? ACTOR.REQUESTER), Number(row[ACTOR_KIND[kind].column] ?? 0));
}

export const actorRowChoiceHooks: ItemHooks = {
  prepareAdd(wc, type, row) {
    checkActorRow(wc, type, row);
    // GLPI stores an actor row without an address as '' (its column's default is NULL).
    if (type.column.has('alternative_email')) row.alternative_email ??= '';
  },
  prepareUpdate(wc, type, old, changes) {
    if (['type', 'users_id', 'groups_id', 'suppliers_id'].some((column) => column in changes)) checkActorRow(wc, type, { ...old, ...changes });
  },
};
