import { itilFilter } from './itil-visibility';
import { itemtypeOrThrow, type Itemtype } from '../registry';
import type { OwnerLink } from '../registry/types';
import { CREATE, DELETE, PURGE, READ, RULE_PARENT, UPDATE } from '../registry/rights';
import { classCan } from './rights';
import { hasRight, rightOf, type Scope } from './scope';
import { FALSE, Frag, inList, joinFrags, raw, sql, TRUE } from '../db/frag';

/**
 * `create` checks a row about to be inserted: entity and owner, not who is involved in it.
 * `delete` (trash or purge) is `write` whose class right (DELETE/PURGE) the caller checked.
 */
export type AccessMode = 'read' | 'write' | 'create' | 'delete';

const MAX_DEPTH = 3;
const PRIVATE_TIMELINE_RIGHTS = new Set(['followup', 'task']);
const SEE_PRIVATE = 8192;
const ids = (set: Iterable<number>) => inList([...set]);
const ALWAYS = '1';
const NEVER = '0';

/**
 * The single rule for "which rows may this session reach", as a SQL condition on `alias` with
 * its bound values (ids of the session's user, groups, profile and entities are parameters).
 * Collections, sub-items, search, single reads and every write use it, so no path can
 * disagree with another. `read` admits recursive items of parent entities; `write` does not.
 */
export function accessFilter(scope: Scope, type: Itemtype, mode: AccessMode, alias = 't'): Frag {
  // Pure in its arguments, and a scope is replaced (never changed) when rights or entities
  // change: built once per session scope, it costs nothing on the next request.
  let byKey = memo.get(scope);
  if (!byKey) memo.set(scope, (byKey = new Map()));
  const key = `${type.name}\u0000${mode}\u0000${alias}`;
  let filter = byKey.get(key);
  if (filter === undefined) byKey.set(key, (filter = buildFilter(scope, type, mode, alias, 0)));
  return filter;
}

const memo = new WeakMap<Scope, Map<string, Frag>>();

function buildFilter(scope: Scope, type: Itemtype, mode: AccessMode, alias: string, depth: number): Frag {
  if (depth > MAX_DEPTH) return FALSE;
  if (mode === 'delete') {
    if (!classCan(scope, type, 'delete') && !classCan(scope, type, 'purge')) return FALSE;
  } else {
    const needed = mode === 'read' ? 'read' : mode === 'create' ? 'create' : 'update';
    if (!classCan(scope, type, needed) && !(mode === 'write' && classCan(scope, type, 'create'))) return FALSE;
  }
  const ownerMode = mode === 'read' ? 'read' : 'write';
  const parts = [entityFilter(scope, type, mode, alias)];
  if (type.ownersGovern) parts.push(ownerFilter(scope, type, ownerMode, alias, depth));
  for (const other of type.ownersGovern ? type.owners.slice(1) : type.owners) parts.push(reachFilter(scope, type, other, alias, depth));
  if (type.kind === 'itil' && mode !== 'create') parts.push(itilFilter(scope, type, mode, alias));
  if (mode === 'read') parts.push(privacyFilter(scope, type, alias));
  if (type.privateTo) parts.push(privateRowFilter(scope, type, mode, alias));
  if (type.rowRights) parts.push(rowRightsFilter(scope, type, mode, alias));
  return allOf(parts);
}

const MODE_BITS: Record<AccessMode, number> = { read: READ, create: CREATE, write: UPDATE, delete: DELETE | PURGE };

/**
 * Rows guarded by the right their column names (GLPI's rules: each collection's right, and its
 * entities for the collections that have them); the type's own right reaches every row. An
 * entity's collection read without READ but with PARENT shows what GLPI's "Rules applied" tab
 * lists: the rules of the session's entity and the recursive ones of the entities above it.
 */
function rowRightsFilter(scope: Scope, type: Itemtype, mode: AccessMode, alias: string): Frag {
  const { column, rights, entityScoped } = type.rowRights!;
  if (type.right && hasRight(scope, type.right, MODE_BITS[mode])) return TRUE;
  const byEntity = (value: string, right: string): Frag | null => {
    if (hasRight(scope, right, MODE_BITS[mode])) return entityScoped.includes(value) ? entityFilter(scope, { ...type, visibility: 'entity' }, mode, alias) : TRUE;
    return mode === 'read' && entityScoped.includes(value) && hasRight(scope, right, RULE_PARENT) ? appliedRules(scope, alias) : null;
  };
  const branches = Object.entries(rights).flatMap(([value, right]) => {
    const entities = byEntity(value, right);
    if (!entities) return [];
    const is = sql`${raw(`${alias}.${column}`)} = ${value}`;
    return [entities.sql === ALWAYS ? is : sql`${is} AND (${entities})`];
  });
  return branches.length === 0 ? FALSE : anyOf(branches);
}

/**
 * The rows of the session's entity (GLPI's glpiactive_entity: the topmost active one when it chose
 * none), and the recursive ones of the entities above (the active entities' ancestors not active).
 */
function appliedRules(scope: Scope, alias: string): Frag {
  const above = [...scope.recursiveVisible].filter((id) => !scope.active.has(id));
  const own = sql`${raw(alias)}.entities_id = ${scope.session.entityId ?? scope.activeEntities[0] ?? 0}`;
  return above.length === 0 ? own : sql`${own} OR (${raw(alias)}.is_recursive = 1 AND ${raw(alias)}.entities_id IN (${inList(above)}))`;
}

/** The conjunction of SQL conditions, each in brackets, with '1' (always) and '0' (never) folded. */
function allOf(parts: Frag[]): Frag {
  const real = parts.filter((p) => p.sql !== ALWAYS);
  if (real.some((p) => p.sql === NEVER)) return FALSE;
  return real.length === 0 ? TRUE : joinFrags(real.map((p) => sql`(${p})`), ' AND ');
}

/** The disjunction of SQL conditions, each in brackets. */
const anyOf = (parts: Frag[]): Frag => joinFrags(parts.map((p) => sql`(${p})`), ' OR ');

/** Timeline rows marked private are for their author and for profiles that may see private ones. */
function privacyFilter(scope: Scope, type: Itemtype, alias: string): Frag {
  if (!type.right || !PRIVATE_TIMELINE_RIGHTS.has(type.right) || !type.column.has('is_private')) return TRUE;
  if (hasRight(scope, type.right, SEE_PRIVATE)) return TRUE;
  return sql`${raw(alias)}.is_private = 0 OR ${raw(alias)}.users_id = ${Number(scope.user.id)}`;
}

/** Which column of a target link type names whom the row is shared with. */
const TARGET_COLUMNS = ['users_id', 'groups_id', 'profiles_id', 'entities_id'];

/** Entities the session is in, for a target row's `entities_id` (with `is_recursive` to sub-entities). */
const inActiveEntities = (scope: Scope, alias: string) =>
  sql`${raw(alias)}.entities_id IN (${ids(scope.active)}) OR (${raw(alias)}.is_recursive = 1 AND ${raw(alias)}.entities_id IN (${ids(scope.recursiveVisible)}))`;

/**
 * Rows private to their author (reminders, feeds, saved searches, knowledge base articles,
 * reservations; see PrivateRows): the author reaches them; others through a share flag or a
 * target naming them, their group, their active profile or an active entity (a group or profile
 * target limited to an entity counts there only, as GLPI), or through a right bit that reaches
 * every row. Writes stay the author's unless the type shares them.
 */
function privateRowFilter(scope: Scope, type: Itemtype, mode: AccessMode, alias: string): Frag {
  const rules = type.privateTo!;
  const bits = type.right ? rightOf(scope, type.right) : 0;
  const access = mode === 'read' ? 'read' : mode === 'delete' ? 'delete' : 'write';
  if ((bits & (rules.everyRow?.[access] ?? 0)) !== 0) return TRUE;
  const own = sql`${raw(alias)}.users_id = ${Number(scope.user.id)}`;
  // Without the right's bit for this access, only one's own unshared rows (see PrivateRows.ownWithoutRight).
  if (rules.ownWithoutRight && rules.shareFlag && (bits & MODE_BITS[mode]) === 0) return sql`${own} AND ${raw(`${alias}.${rules.shareFlag}`)} = 1`;
  const sharesThis = mode === 'read' || (rules.sharedWrite === true && (mode === 'delete' || (mode === 'write' && (bits & UPDATE) !== 0)));
  if (!sharesThis) return own;
  const shared = sharedWith(scope, type, alias);
  if (shared.length === 0) return own;
  let reach = joinFrags(shared, ' OR ');
  if (mode === 'read' && rules.flagRead && (bits & READ) === 0) {
    if ((bits & rules.flagRead.bit) === 0) return own;
    reach = sql`${raw(`${alias}.${rules.flagRead.flag}`)} = 1 AND (${reach})`;
  }
  return sql`${own} OR ${reach}`;
}

/**
 * May the session change whom a private row belongs to (`users_id`)? Only its author, or a right
 * bit that reaches every row: a share lets one edit a row, never take it over.
 */
export function mayReassignAuthor(scope: Scope, type: Itemtype, authorId: number): boolean {
  const rules = type.privateTo;
  if (!rules) return true;
  const bits = type.right ? rightOf(scope, type.right) : 0;
  return (bits & (rules.everyRow?.write ?? 0)) !== 0 || authorId === Number(scope.user.id);
}

/** The conditions under which someone else's private row is shared with the session. */
function sharedWith(scope: Scope, type: Itemtype, alias: string): Frag[] {
  const me = Number(scope.user.id);
  const shared: Frag[] = [];
  const { shareFlag, targets = [] } = type.privateTo!;
  if (shareFlag) shared.push(raw(`${alias}.${shareFlag} = 0`));
  const itemFk = type.fkName;
  for (const name of targets) {
    const target = itemtypeOrThrow(name);
    const column = TARGET_COLUMNS.find((c) => target.column.has(c) && c !== itemFk);
    const limited = (whom: Frag) =>
      target.column.has('no_entity_restriction') ? sql`${whom} AND (x.no_entity_restriction = 1 OR x.entities_id IS NULL OR ${inActiveEntities(scope, 'x')})` : whom;
    const whom =
      column === 'users_id'
        ? sql`x.users_id = ${me}`
        : column === 'groups_id'
          ? limited(sql`x.groups_id IN (${ids(scope.groups)})`)
          : column === 'profiles_id'
            ? limited(sql`x.profiles_id = ${Number(scope.profile.id)}`)
            : inActiveEntities(scope, 'x');
    shared.push(sql`EXISTS (SELECT 1 FROM ${raw(`${target.table} x WHERE x.${itemFk} = ${alias}.id`)} AND (${whom}))`);
  }
  return shared;
}

function entityFilter(scope: Scope, type: Itemtype, mode: AccessMode, alias: string): Frag {
  if (scope.showAll) return TRUE;
  const active = ids(scope.active);
  switch (type.visibility) {
    case 'entity':
      // A new entity goes under an active one; an existing one must itself be active.
      if (type.table === 'glpi_entities') return mode === 'create' ? sql`${raw(alias)}.entities_id IN (${active})` : sql`${raw(alias)}.id IN (${active})`;
      if (mode === 'read' && type.mayBeRecursive) {
        return inActiveEntities(scope, alias);
      }
      return sql`${raw(alias)}.entities_id IN (${active})`;
    case 'authorizations': {
      // A new user has no authorization yet: the one created with it is checked by the User rules.
      if (mode === 'create') return TRUE;
      // Reading counts an authorization on a parent entity given with its sub-entities; changing
      // the user counts only those given in the session's entities themselves, as GLPI's
      // User::canUpdateItem does: else a sub-entity admin would change root-level accounts.
      const granted = mode === 'read' ? sql`pu.entities_id IN (${active}) OR (pu.is_recursive = 1 AND pu.entities_id IN (${ids(scope.recursiveVisible)}))` : sql`pu.entities_id IN (${active})`;
      return sql`${raw(alias)}.id = ${Number(scope.user.id)} OR EXISTS (SELECT 1 FROM glpi_profiles_users pu WHERE pu.users_id = ${raw(alias)}.id AND (${granted}))`;
    }
    default:
      return TRUE;
  }
}

/**
 * The rows of `alias` whose link (`owner`) points at an item matching `filterOf(target, inner)`:
 * an IN sub-query for a fixed foreign key, one branch per allowed itemtype for a polymorphic link.
 */
function linkFilter(type: Itemtype, owner: OwnerLink, alias: string, inner: string, filterOf: (target: Itemtype) => Frag): Frag {
  const match = (target: Itemtype, column: string) => {
    const filter = filterOf(target);
    if (filter.sql === ALWAYS || filter.sql === NEVER) return filter;
    return sql`${raw(`${alias}.${column} IN (SELECT ${inner}.id FROM ${target.table} ${inner} WHERE `)}${filter})`;
  };
  if ('fk' in owner) return match(itemtypeOrThrow(owner.itemtype), owner.fk);
  const branches: Frag[] = [];
  for (const name of type.polyTargets) {
    const condition = match(itemtypeOrThrow(name), 'items_id');
    if (condition.sql === NEVER) continue;
    const isType = sql`${raw(alias)}.itemtype = ${name}`;
    branches.push(condition.sql === ALWAYS ? isType : sql`(${isType} AND ${condition})`);
  }
  return branches.length ? joinFrags(branches, ' OR ') : FALSE;
}

/**
 * The other sides of a relation (a document's linked item, a license's computer…) must be in
 * the session's entities too, as for reading them: no link to, or from, what it cannot see.
 * Their class rights are not required; the first owner's rights govern the relation.
 */
function reachFilter(scope: Scope, type: Itemtype, owner: OwnerLink, alias: string, depth: number): Frag {
  const targets = 'fk' in owner ? [owner.itemtype] : type.polyTargets;
  if (scope.showAll && !targets.some((name) => itemtypeOrThrow(name).privateTo || inItilTimeline(itemtypeOrThrow(name)))) return TRUE;
  const inner = `r${depth}`;
  return linkFilter(type, owner, alias, inner, (target) =>
    // A follow-up, task or solution is reached only where it is read: its ticket's rules and its privacy.
    inItilTimeline(target)
      ? buildFilter(scope, target, 'read', inner, depth + 1)
      : // A private row is out of reach as a whole: no link to it shows (a document's link to a draft article).
        allOf([entityFilter(scope, target, 'read', inner), target.privateTo ? privateRowFilter(scope, target, 'read', inner) : TRUE]),
  );
}

/** A row of an ITIL object's timeline (follow-up, task, solution): its rights are its ticket's, problem's or change's. */
function inItilTimeline(type: Itemtype): boolean {
  const owner = type.owners[0];
  if (!owner || !type.ownersGovern) return false;
  const parents = 'fk' in owner ? [owner.itemtype] : type.polyTargets;
  return parents.length > 0 && parents.every((name) => itemtypeOrThrow(name).kind === 'itil');
}

/**
 * Whether a row lies in the session's entities at all (its own entity, or its first owner's), apart
 * from rights and per-item rules: a single read answers 404 for what lies outside, 403 for the rest.
 */
export function entityReachFilter(scope: Scope, type: Itemtype, alias = 't'): Frag {
  const owner = type.owners[0];
  if (type.visibility === 'owner' && owner) return reachFilter(scope, type, owner, alias, 0);
  if (type.rowRights) return rowEntityFilter(scope, type, alias);
  return entityFilter(scope, type, 'read', alias);
}

/** Rows whose right depends on a column lie in an entity only where that column says so (ticket rules). */
function rowEntityFilter(scope: Scope, type: Itemtype, alias: string): Frag {
  const { column, entityScoped } = type.rowRights!;
  const entities = entityFilter(scope, { ...type, visibility: 'entity' }, 'read', alias);
  if (entities.sql === ALWAYS || entityScoped.length === 0) return TRUE;
  return sql`${raw(`${alias}.${column}`)} NOT IN (${inList(entityScoped)}) OR (${entities})`;
}

/** Dependent rows are reachable when the item they belong to is. */
function ownerFilter(scope: Scope, type: Itemtype, mode: AccessMode, alias: string, depth: number): Frag {
  const owner = type.owners[0];
  if (!owner) return TRUE;
  const inner = `o${depth}`;
  return linkFilter(type, owner, alias, inner, (target) => buildFilter(scope, target, mode, inner, depth + 1));
}

/**
 * The items through which a document's file may be downloaded without the document right, as
 * GLPI's Document::canViewFile allows: a ticket, problem or change the session reads, one of their
 * follow-ups, tasks or solutions it reads (private ones stay private), a knowledge base article or
 * reminder it reads.
 */
const FILE_VIEW_THROUGH = ['Ticket', 'Problem', 'Change', 'ITILFollowup', 'ITILSolution', 'TicketTask', 'ProblemTask', 'ChangeTask', 'KnowbaseItem', 'Reminder'];

/**
 * A SQL condition on the Document row `alias`: the session may download its file apart from the
 * document right, because it uploaded the document or reads an item it is linked to (above).
 */
export function documentFileFilter(scope: Scope, alias = 't'): Frag {
  const links = itemtypeOrThrow('Document_Item');
  const branches: Frag[] = [];
  for (const name of FILE_VIEW_THROUGH.filter((n) => links.polyTargets.includes(n))) {
    const target = itemtypeOrThrow(name);
    const filter = accessFilter(scope, target, 'read', 'fv_item');
    if (filter.sql === NEVER) continue;
    branches.push(sql`(fv.itemtype = ${name} AND fv.items_id IN (SELECT fv_item.id FROM ${raw(target.table)} fv_item WHERE ${filter}))`);
  }
  const mine = sql`${raw(alias)}.users_id = ${Number(scope.user.id)}`;
  if (branches.length === 0) return mine;
  return sql`${mine} OR EXISTS (SELECT 1 FROM glpi_documents_items fv WHERE fv.documents_id = ${raw(alias)}.id AND (${joinFrags(branches, ' OR ')}))`;
}
