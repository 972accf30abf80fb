import { defaultRequestType } from '../items/request-type';
import { CHANGEPRIORITY_BIT, priorityFor } from './priority';
import type { Db } from '../db/connection';
import { timelinePosition } from '../items/timeline';
import { FOLLOWUP } from '../auth/rights';
import { hasRight } from '../auth/scope';
import { accessFilter } from '../auth/visibility';
import { ItemError, raiseItemEvent, type ItemHooks, type WriteContext } from '../items/hooks';
import { findById, insertRow, run, selectOne, type Row } from '../db/rows';
import { nowString } from '../core/clock';
import { asList, isObject, toId, type Params } from '../core/params';
import { itemtype, itemtypeByTable, itemtypeOrThrow, type Itemtype } from '../registry';
import { addItem, writeCarriedChanges } from '../items/crud';
import { HISTORY, logRelation } from '../items/history';
import { ITIL_STATUS } from '../registry/values';
import { ACTOR, ACTOR_INPUTS, ACTOR_KIND, ACTOR_ROLE_NAMES, ACTOR_TABLES, type ActorKind } from '../auth/itil-visibility';
import { statusClocks, takenIntoAccount } from './durations';
import { scheduleChangedLevels, settleAgreements } from './service-levels';
import { decidingEntity } from './entity-settings';
import { marks } from '../db/frag';

const { SOLVED, CLOSED, NEW, ASSIGNED, WAITING } = ITIL_STATUS;

/** Urgency and impact run 1–5; priority also has GLPI's 6, "Major", which only a person sets. */
function checkScale(field: string, value: unknown): void {
  if (value === undefined) return;
  const n = Number(value);
  const max = field === 'priority' ? 6 : 5;
  if (!Number.isInteger(n) || n < 1 || n > max) throw new ItemError(`Field ${field}: must be between 1 and ${max}`);
}

/** Ids given as a scalar or a list (`_users_id_assign: 3` or `[3, 4]`), each with its place in the list. */
function idList(value: unknown): { id: number; at: number }[] {
  if (value === undefined || value === null || value === '') return [];
  const list = asList(value) ?? [value];
  return list.map((v, at) => {
    const id = toId(v);
    if (id === null) throw new ItemError(`Actor ids must be integers (got ${JSON.stringify(v)})`);
    return { id, at };
  }).filter(({ id }) => id > 0);
}

/** What an actor link says of its notifications: GLPI's `use_notification` and `alternative_email`. */
export type ActorNotification = { use_notification?: number; alternative_email?: string };

function notification(useNotification: unknown, alternativeEmail: unknown): ActorNotification {
  const out: ActorNotification = {};
  if (useNotification !== undefined && useNotification !== null && useNotification !== '') out.use_notification = Number(useNotification) ? 1 : 0;
  if (alternativeEmail !== undefined && alternativeEmail !== null) {
    const address = String(alternativeEmail).trim();
    if (address !== '' && !/^[^\s@]+@[^\s@]+$/.test(address)) throw new ItemError(`Invalid email address: ${address}`);
    out.alternative_email = address;
  }
  return out;
}

/**
 * GLPI's `_users_id_requester_notif` (and observer, assign, `_suppliers_id_assign_notif`): lists of
 * `use_notification` and `alternative_email` by the actor's place in its list; a single value for a
 * single actor.
 */
function legacyNotification(notif: unknown, at: number): ActorNotification {
  if (!isObject(notif)) return {};
  const atPlace = (value: unknown) => (Array.isArray(value) ? value[at] : isObject(value) ? value[at] : at === 0 ? value : undefined);
  return notification(atPlace(notif.use_notification), atPlace(notif.alternative_email));
}

/** The input keys that name actors, for rules that pass them on (escalation actions). */
export const ACTOR_INPUT_KEYS: ReadonlySet<string> = new Set(ACTOR_INPUTS.map(([key]) => key));
const KIND_OF_ITEMTYPE = new Map(Object.entries(ACTOR_KIND).map(([kind, { itemtype }]) => [itemtype, kind as ActorKind]));

/**
 * Does the input name an actor for `key` (`_users_id_assign`…), directly or as GLPI 10's `_actors`
 * entry of that role and kind? (Templates' mandatory actors, automatic assignment.)
 */
export function actorGiven(input: Params, key: string): boolean {
  const direct = input[key];
  if ((asList(direct) ?? [direct]).some((id) => Number(id) > 0)) return true;
  const named = ACTOR_INPUTS.find(([inputKey]) => inputKey === key);
  const roleName = named && Object.keys(ACTOR_ROLE_NAMES).find((name) => ACTOR_ROLE_NAMES[name] === named[2]);
  const entries = roleName && isObject(input._actors) ? asList(input._actors[roleName]) : null;
  return (entries ?? []).some((entry) => isObject(entry) && entry.itemtype === ACTOR_KIND[named![1]].itemtype && Number(entry.items_id) > 0);
}

/** The actors an input names (`_users_id_*`, `_groups_id_*`, `_suppliers_id_assign`, GLPI 10's `_actors`), with their notification settings. */
export function namedActors(input: Params): { kind: ActorKind; role: number; target: number; notify: ActorNotification }[] {
  const wanted: { kind: ActorKind; role: number; target: number; notify: ActorNotification }[] = [];
  for (const [key, kind, role] of ACTOR_INPUTS) {
    for (const { id, at } of idList(input[key])) wanted.push({ kind, role, target: id, notify: legacyNotification(input[`${key}_notif`], at) });
  }
  const actors = input._actors;
  if (actors !== undefined && actors !== null && actors !== '') {
    if (typeof actors !== 'object') throw new ItemError('_actors must be an object of requester/observer/assign lists');
    for (const [roleName, list] of Object.entries(actors as Params)) {
      const role = Object.hasOwn(ACTOR_ROLE_NAMES, roleName) ? ACTOR_ROLE_NAMES[roleName] : undefined;
      if (!role) throw new ItemError(`_actors: unknown role ${roleName}`);
      for (const entry of asList(list) ?? []) {
        const e = entry as Params;
        const target = toId(e?.items_id);
        const kind = KIND_OF_ITEMTYPE.get(String(e?.itemtype));
        if (target === null || !kind) throw new ItemError('_actors entries need itemtype User, Group or Supplier and items_id');
        wanted.push({ kind, role, target, notify: notification(e.use_notification, e.alternative_email) });
      }
    }
  }
  return wanted;
}

/** Is this actor already on the item in this role? */
export function isActor(db: Db, type: Itemtype, id: number, kind: ActorKind, role: number, target: number): boolean {
  const tables = ACTOR_TABLES[type.name]!;
  return selectOne(db, `SELECT id FROM ${tables[kind]} WHERE ${tables.fk} = ? AND ${ACTOR_KIND[kind].column} = ? AND type = ?`, id, target, role) !== null;
}

/** GLPI adds an item's actors role by role: requesters, then assignees, then observers. */
const ROLE_ORDER: readonly number[] = [ACTOR.REQUESTER, ACTOR.ASSIGNED, ACTOR.OBSERVER];

/**
 * Adds the actors named in the input (see namedActors), role by role as GLPI; true when someone
 * was assigned. Around the assignees run `assigning.before` (GLPI takes a new ticket into account
 * as its technician's row is added, and logs that first) and `assigning.after` (the status it
 * moves, logged before the observers).
 */
export function addActors(wc: Pick<WriteContext, 'db' | 'history' | 'actor'>, type: Itemtype, id: number, input: Params, assigning: { before?: () => void; after?: () => void } = {}): boolean {
  const tables = ACTOR_TABLES[type.name]!;
  let assigned = false;
  let done = false;
  const finishAssigning = () => {
    if (assigned && !done) assigning.after?.();
    done = true;
  };
  const actors = namedActors(input).sort((a, b) => ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role));
  for (const { kind, role, target, notify } of actors) {
    const { table, column, itemtype } = ACTOR_KIND[kind];
    if (!findById(wc.db, table, target)) throw new ItemError(`${itemtype} ${target} does not exist`);
    const linkTable = tables[kind];
    if (isActor(wc.db, type, id, kind, role, target)) continue;
    const link: Row = { [tables.fk]: id, [column]: target, type: role };
    // Groups' links have no notification columns: what is said of them is not theirs to keep.
    const columns = itemtypeByTable(linkTable)!.column;
    if (columns.has('alternative_email')) link.alternative_email = notify.alternative_email ?? '';
    if (columns.has('use_notification') && notify.use_notification !== undefined) link.use_notification = notify.use_notification;
    if (role === ACTOR.ASSIGNED && !assigned) assigning.before?.();
    if (role === ACTOR.OBSERVER) finishAssigning();
    link.id = insertRow(wc.db, linkTable, link);
    logRelation(wc, itemtypeByTable(linkTable)!, link, HISTORY.ADD_RELATION);
    assigned ||= role === ACTOR.ASSIGNED;
  }
  finishAssigning();
  return assigned;
}

/** An item opened without a title takes the first 70 characters of its description, as GLPI. */
export function nameFromContent(row: Row): void {
  if (!row.name && typeof row.content === 'string') row.name = row.content.trim().slice(0, 70);
}

/** A new ticket's type when none is given: its entity's `tickettype` (inherited through -2), else 1 (incident). */
export function defaultTicketType(wc: Pick<WriteContext, 'db'>, entityId: number): number {
  const type = Number(decidingEntity(wc.db, entityId, 'tickettype')?.tickettype ?? 1);
  return type === 1 || type === 2 ? type : 1;
}

function maySetPriority(wc: WriteContext, type: Itemtype): boolean {
  return type.name !== 'Ticket' || hasRight(wc.scope, 'ticket', CHANGEPRIORITY_BIT);
}

function statusDates(row: Row, status: number, now: string, old?: Row): void {
  if (status === SOLVED) {
    row.solvedate = now;
    row.closedate = null;
  } else if (status === CLOSED) {
    row.closedate = now;
    if (!old?.solvedate) row.solvedate = now;
  } else {
    row.solvedate = null;
    row.closedate = null;
  }
}

/**
 * What a first assignee changes, written around the assignees' rows as GLPI logs them: a ticket
 * taken into account before, a new ticket or problem assigned after; neither when the input says
 * GLPI's "do not compute" (a business rule that set the status, or that leaves the take into account).
 */
function assigning(wc: WriteContext, type: Itemtype, id: number, input: Params): { before: () => void; after: () => void } {
  const current = () => findById(wc.db, type.table, id)!;
  return {
    before: () => type.name === 'Ticket' && !flag(input._do_not_compute_takeintoaccount) && writeRuleChanges(wc, type, current(), takenIntoAccount(wc, current())),
    after: () => Number(current().status) === NEW && type.name !== 'Change' && !flag(input._do_not_compute_status) && writeRuleChanges(wc, type, current(), { status: ASSIGNED }),
  };
}

/** GLPI's clients send flags as 1, "1" or true. */
export const flag = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

/**
 * Per solution input made by solveFromUpdate, the status its item had before that update: the
 * solution rules judge that one (`{"status": 5, "solution": "…"}` solves an open ticket). Only
 * this module's own inputs are in it, never a client's.
 */
export const statusBeforeUpdate = new WeakMap<Params, number>();

/**
 * A `solution` or `solutiontypes_id` sent with an update adds a solution, as GLPI: through the
 * solution rules (./solutions.ts), so it solves the item, waits for approval, goes to the
 * duplicates, and is refused where a solution added on its own would be.
 */
function solveFromUpdate(wc: WriteContext, type: Itemtype, old: Row, input: Params): void {
  const content = typeof input._solution === 'string' ? input._solution : '';
  const solutionType = toId(input._solutiontypes_id) ?? 0;
  if (content === '' && solutionType <= 0) return;
  const solution: Params = { itemtype: type.name, items_id: Number(old.id), content, solutiontypes_id: solutionType };
  statusBeforeUpdate.set(solution, Number(old.status));
  addItem(wc, itemtypeOrThrow('ITILSolution'), solution);
}

export const itilHooks: ItemHooks = {
  async prepareInput(_wc, _type, input) {
    // `solution` and `solutiontypes_id` (sent with an update) are no columns: they travel as special inputs.
    for (const key of ['solution', 'solutiontypes_id']) {
      if (input[key] === undefined) continue;
      input[`_${key}`] = input[key];
      delete input[key];
    }
  },
  prepareAdd(wc, type, row, input) {
    for (const f of ['urgency', 'impact', 'priority']) checkScale(f, row[f]);
    const now = nowString();
    row.status ??= NEW;
    row.urgency ??= 3;
    row.impact ??= 3;
    if (row.priority === undefined || !maySetPriority(wc, type)) row.priority = priorityFor(wc.services.store.settings, Number(row.urgency), Number(row.impact));
    if (!row.date) row.date = now;
    row.users_id_recipient = Number(wc.scope.user.id);
    row.users_id_lastupdater = Number(wc.scope.user.id);
    if (type.name === 'Ticket') {
      row.type ??= defaultTicketType(wc, Number(row.entities_id ?? 0));
      row.requesttypes_id ??= defaultRequestType(wc, 'helpdesk');
      if (![1, 2].includes(Number(row.type))) throw new ItemError('Field type: 1 (Incident) or 2 (Request)');
    }
    // GLPI stores an absent description as an empty text.
    row.content ??= '';
    nameFromContent(row);
    if (Number(row.status) === SOLVED || Number(row.status) === CLOSED) statusDates(row, Number(row.status), String(row.date));
    void input;
  },
  afterAdd(wc, type, row, input) {
    // As GLPI's add: the take into account (150) before the technician's row, the status it moves (12) after the actors.
    addActors(wc, type, Number(row.id), input, assigning(wc, type, Number(row.id), input));
  },
  prepareUpdate(wc, type, old, changes) {
    for (const f of ['urgency', 'impact', 'priority']) checkScale(f, changes[f]);
    if ('status' in changes && Number(old.status) === CLOSED && Number(changes.status) !== CLOSED) {
      throw new ItemError('A closed item cannot be reopened');
    }
    const urgencyOrImpact = 'urgency' in changes || 'impact' in changes;
    if ('priority' in changes && !maySetPriority(wc, type)) delete changes.priority;
    if (urgencyOrImpact && !('priority' in changes)) {
      changes.priority = priorityFor(wc.services.store.settings, Number(changes.urgency ?? old.urgency), Number(changes.impact ?? old.impact));
    }
    // GLPI logs the last updater before the dates the status moves.
    changes.users_id_lastupdater = Number(wc.scope.user.id);
    if ('status' in changes && Number(changes.status) !== Number(old.status)) statusDates(changes, Number(changes.status), nowString(), old);
  },
  afterUpdate(wc, type, old, changes, input) {
    const status = Number(changes.status ?? old.status);
    addActors(wc, type, Number(old.id), input, assigning(wc, type, Number(old.id), input));
    // As GLPI: an item no longer pending loses its pending reason (and its reminders).
    if (Number(old.status) === WAITING && status !== WAITING) run(wc.db, 'DELETE FROM glpi_pendingreasons_items WHERE itemtype = ? AND items_id = ?', type.name, Number(old.id));
    solveFromUpdate(wc, type, old, input);
  },
};

/** The session may read the ITIL item (entity and involvement rules). */
/** May the session read item `id` of `type`, by the shared access filter? */
export function canSee(wc: WriteContext, type: Itemtype, id: number): boolean {
  const filter = accessFilter(wc.scope, type, 'read', 't');
  return filter.sql !== '0' && !!selectOne(wc.db, `SELECT 1 AS ok FROM ${type.table} t WHERE t.id = ? AND (${filter.sql})`, id, ...filter.args);
}

/**
 * Writes changes a rule makes on an existing ITIL item (a status that follows an assignment or
 * a requester's answer, or an automatic action's, which has no session), with the history row a
 * user's own change would get.
 */
export function writeRuleChanges(wc: Pick<WriteContext, 'db' | 'history' | 'actor'> & { scope?: WriteContext['scope'] }, type: Itemtype, current: Row, changes: Row): void {
  // A status moved by a rule moves the clocks as an update by hand does.
  statusClocks(wc, type, current, changes);
  if (type.name === 'Ticket') settleAgreements(wc, current, changes);
  // Every changed field with a search option is logged, the dates the status moves too (GLPI's update).
  writeCarriedChanges(wc, type, current, changes);
  if (type.name === 'Ticket') scheduleChangedLevels(wc, current, changes);
  const status = Number(changes.status);
  if ('status' in changes && status !== Number(current.status) && (status === SOLVED || status === CLOSED)) {
    raiseItemEvent(wc.db, type, Number(current.id), status === SOLVED ? 'solved' : 'closed', Number(wc.scope?.user.id ?? 0));
  }
}

/** Is the user a requester or observer of the ITIL item (or the one who opened it)? */
export function involved(wc: WriteContext, type: Itemtype, parent: Row): boolean {
  const tables = ACTOR_TABLES[type.name]!;
  const me = Number(wc.scope.user.id);
  if (Number(parent.users_id_recipient) === me) return true;
  return !!selectOne(wc.db, `SELECT id FROM ${tables.users} WHERE ${tables.fk} = ? AND users_id = ? AND type IN (1, 3)`, Number(parent.id), me);
}

/**
 * GLPI's needReopen: the writer is a requester of the item, in person or through a group, and
 * not one of its assignees (an assignee's answer leaves it as it is).
 */
function reopensByAnswer(wc: WriteContext, type: Itemtype, parent: Row): boolean {
  return mine(wc, type, parent, ACTOR.REQUESTER) && !mine(wc, type, parent, ACTOR.ASSIGNED);
}

/** Is the session's user an actor of this role, in person or through one of their groups? */
function mine(wc: WriteContext, type: Itemtype, parent: Row, role: number): boolean {
  const tables = ACTOR_TABLES[type.name]!;
  const id = Number(parent.id);
  if (selectOne(wc.db, `SELECT id FROM ${tables.users} WHERE ${tables.fk} = ? AND users_id = ? AND type = ?`, id, Number(wc.scope.user.id), role)) return true;
  if (wc.scope.groups.length === 0) return false;
  return !!selectOne(wc.db, `SELECT id FROM ${tables.groups} WHERE ${tables.fk} = ? AND type = ? AND groups_id IN (${marks(wc.scope.groups)})`, id, role, ...wc.scope.groups);
}

/** Has the item an actor of this role, a user, a group or a supplier? */
function hasActor(wc: WriteContext, type: Itemtype, parent: Row, role: number): boolean {
  const tables = ACTOR_TABLES[type.name]!;
  return [tables.users, tables.groups, tables.suppliers].some((table) => !!selectOne(wc.db, `SELECT id FROM ${table} WHERE ${tables.fk} = ? AND type = ?`, Number(parent.id), role));
}

/** Is the user assigned to the ITIL item, in person or through one of their groups (GLPI's canSolve)? */
export function assignedToMe(wc: WriteContext, type: Itemtype, parent: Row): boolean {
  return mine(wc, type, parent, ACTOR.ASSIGNED);
}

function inGroup(wc: WriteContext, type: Itemtype, parent: Row): boolean {
  const tables = ACTOR_TABLES[type.name]!;
  if (wc.scope.groups.length === 0) return false;
  return !!selectOne(wc.db, `SELECT id FROM ${tables.groups} WHERE ${tables.fk} = ? AND groups_id IN (${marks(wc.scope.groups)})`, Number(parent.id), ...wc.scope.groups);
}

/**
 * Followups: whoever may see the ticket and holds the matching right adds to it — all
 * tickets, tickets of their groups, or their own; the author edits their own.
 */
export const followupHooks: ItemHooks = {
  canWriteOwner(wc, _type, row, action) {
    const parentType = itemtype(String(row.itemtype ?? ''));
    const parent = parentType && findById(wc.db, parentType.table, Number(row.items_id ?? 0));
    if (!parentType || !parent || !ACTOR_TABLES[parentType.name]) return false;
    if (!canSee(wc, parentType, Number(parent.id))) return false;
    const right = (bits: number) => hasRight(wc.scope, 'followup', bits);
    if (action === 'create') {
      return right(FOLLOWUP.ADDALLTICKET) || (right(FOLLOWUP.ADDMYTICKET) && involved(wc, parentType, parent)) || (right(FOLLOWUP.ADDGROUPTICKET) && inGroup(wc, parentType, parent));
    }
    if (action === 'update') return right(FOLLOWUP.UPDATEALL) || (right(FOLLOWUP.UPDATEMY) && Number(row.users_id) === Number(wc.scope.user.id));
    return right(16);
  },
  prepareAdd(wc, _type, row, input) {
    if (typeof row.content !== 'string' || row.content.trim() === '') throw new ItemError("You can't add a followup without description");
    row.users_id = Number(wc.scope.user.id);
    row.date ??= nowString();
    // No default request type: GLPI 10.0.19 gives one in its form only (post_getEmpty); an API add stores 0.
    // GLPI's timeline side of its writer, unless given.
    if (input.timeline_position === undefined) row.timeline_position = timelinePosition(wc, String(row.itemtype), Number(row.items_id), Number(row.users_id));
  },
  prepareUpdate(wc, _type, _old, changes) {
    changes.users_id_editor = Number(wc.scope.user.id);
  },
  afterAdd(wc, _type, row, input) {
    const parentType = itemtype(String(row.itemtype))!;
    const parent = findById(wc.db, parentType.table, Number(row.items_id))!;
    const changes: Row = { date_mod: nowString() };
    // A requester answering a pending or solved item reopens it (closed items stay closed), as
    // does refusing the solution (add_reopen); approving it (add_close) closes it: see ./solutions.ts.
    if (!input._add_close && [4, SOLVED].includes(Number(parent.status)) && (input._add_reopen === true || reopensByAnswer(wc, parentType, parent))) {
      changes.status = hasActor(wc, parentType, parent, ACTOR.ASSIGNED) ? ASSIGNED : NEW;
      changes.solvedate = null;
    }
    writeRuleChanges(wc, parentType, parent, changes);
  },
};
