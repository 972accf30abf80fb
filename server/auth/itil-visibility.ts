import { hasRight, type Scope } from './scope';
import { CREATE, TICKET, UPDATE } from './rights';
import type { Itemtype } from '../registry';
import { FALSE, Frag, inList, joinFrags, raw, sql, TRUE } from '../db/frag';

/** Actor tables of each ITIL type: user links, group links, and the column naming the ITIL item. */
export const ACTOR_TABLES: Record<string, { users: string; groups: string; suppliers: string; fk: string }> = {
  Ticket: { users: 'glpi_tickets_users', groups: 'glpi_groups_tickets', suppliers: 'glpi_suppliers_tickets', fk: 'tickets_id' },
  Problem: { users: 'glpi_problems_users', groups: 'glpi_groups_problems', suppliers: 'glpi_problems_suppliers', fk: 'problems_id' },
  Change: { users: 'glpi_changes_users', groups: 'glpi_changes_groups', suppliers: 'glpi_changes_suppliers', fk: 'changes_id' },
};

export const ACTOR = { REQUESTER: 1, ASSIGNED: 2, OBSERVER: 3 } as const;

export type ActorKind = 'users' | 'groups' | 'suppliers';

/** Where each kind of actor lives: its table and link column, and GLPI's itemtype in `_actors`. */
export const ACTOR_KIND: Record<ActorKind, { table: string; column: string; itemtype: string }> = {
  users: { table: 'glpi_users', column: 'users_id', itemtype: 'User' },
  groups: { table: 'glpi_groups', column: 'groups_id', itemtype: 'Group' },
  suppliers: { table: 'glpi_suppliers', column: 'suppliers_id', itemtype: 'Supplier' },
};

/** The input keys that name an ITIL item's actors (`_users_id_assign`…): the kind of actor and its role. */
export const ACTOR_INPUTS: readonly (readonly [string, ActorKind, number])[] = [
  ['_users_id_requester', 'users', ACTOR.REQUESTER],
  ['_users_id_observer', 'users', ACTOR.OBSERVER],
  ['_users_id_assign', 'users', ACTOR.ASSIGNED],
  ['_groups_id_requester', 'groups', ACTOR.REQUESTER],
  ['_groups_id_observer', 'groups', ACTOR.OBSERVER],
  ['_groups_id_assign', 'groups', ACTOR.ASSIGNED],
  ['_suppliers_id_assign', 'suppliers', ACTOR.ASSIGNED],
];

/** GLPI 10's `_actors` role names. */
export const ACTOR_ROLE_NAMES: Record<string, number> = { requester: ACTOR.REQUESTER, observer: ACTOR.OBSERVER, assign: ACTOR.ASSIGNED };

/**
 * Which ITIL rows the session may see (`read`) or change (`write`), as SQL on alias `t` with the
 * session's user and groups as bound values.
 * READALL sees everything in scope; otherwise the user must be involved, as GLPI's rules say.
 */
export function itilFilter(scope: Scope, type: Itemtype, mode: 'read' | 'write' | 'delete', alias: string): Frag {
  const actors = ACTOR_TABLES[type.name];
  if (!actors || !type.right) return TRUE;
  const me = Number(scope.user.id);
  const groups = inList(scope.groups);
  // Actor roles are the code's own constants, written as they are.
  const userIs = (types: number[]) =>
    sql`EXISTS (SELECT 1 FROM ${raw(`${actors.users} au WHERE au.${actors.fk} = ${alias}.id`)} AND au.users_id = ${me} AND au.type IN (${raw(types.join(', '))}))`;
  const groupIs = (types: number[]) =>
    sql`EXISTS (SELECT 1 FROM ${raw(`${actors.groups} ag WHERE ag.${actors.fk} = ${alias}.id`)} AND ag.groups_id IN (${groups}) AND ag.type IN (${raw(types.join(', '))}))`;
  const involved = sql`(${raw(alias)}.users_id_recipient = ${me} OR ${userIs([ACTOR.REQUESTER, ACTOR.OBSERVER])})`;

  if (mode !== 'read') {
    if (scope.profile.interface === 'helpdesk') {
      // Self-service users may only touch their own tickets while nobody has worked on them.
      return hasRight(scope, type.right, CREATE) ? sql`(${involved} AND ${raw(alias)}.status = 1)` : FALSE;
    }
    // Central profiles trash and purge with the class right (DELETE/PURGE) in their entities.
    if (mode === 'delete') return TRUE;
    if (hasRight(scope, type.right, UPDATE)) return TRUE;
    return hasRight(scope, type.right, TICKET.OWN) ? userIs([ACTOR.ASSIGNED]) : FALSE;
  }

  if (hasRight(scope, type.right, TICKET.READALL)) return TRUE;
  const parts: Frag[] = [];
  if (hasRight(scope, type.right, TICKET.READMY)) parts.push(involved);
  if (type.name !== 'Ticket' && hasRight(scope, type.right, TICKET.READMY)) {
    parts.push(userIs([ACTOR.ASSIGNED]), groupIs([ACTOR.REQUESTER, ACTOR.OBSERVER, ACTOR.ASSIGNED]));
  }
  if (type.name === 'Ticket') {
    if (hasRight(scope, 'ticket', TICKET.READGROUP)) parts.push(groupIs([ACTOR.REQUESTER, ACTOR.OBSERVER]));
    if (hasRight(scope, 'ticket', TICKET.OWN | TICKET.READASSIGN)) parts.push(userIs([ACTOR.ASSIGNED]));
    if (hasRight(scope, 'ticket', TICKET.READASSIGN)) {
      parts.push(groupIs([ACTOR.ASSIGNED]));
      if (hasRight(scope, 'ticket', TICKET.ASSIGN)) parts.push(raw(`${alias}.status = 1`));
    }
  }
  return parts.length ? sql`(${joinFrags(parts, ' OR ')})` : FALSE;
}
