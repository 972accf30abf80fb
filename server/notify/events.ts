/**
 * GLPI's notification engine on its own rows: an event on an item is staged in the transaction of
 * the change, with what its notifications need as it is now (staging.ts); the background sender
 * finds the event's notifications and recipients and queues their mails (expansion.ts), then
 * renders and sends them (mail-render.ts, sender.ts). Finding recipients, writing a queue row per
 * recipient or rendering in the change's transaction would make every notifying write cost far more.
 */
import type { ItemHooks, WriteContext } from '../items/hooks';
import { findById, type Row } from '../db/rows';
import type { Db } from '../db/connection';
import { Settings } from '../db/settings';
import { mailEnabled } from './mailer';
import { wakeMailSender } from './sender';
import { actorLinks, type EventContext } from './recipients';
import { timelineBound } from './itil-tags';
import { publishLive } from './live';
import { queueWebhooks } from './webhooks';
import { ACTOR, ACTOR_TABLES } from '../auth/itil-visibility';
import type { TagData } from './template';
import { stageEvent } from './staging';
import { mentionColumns, newlyMentioned } from '../core/mentions';

const SOLVED = 5;
const CLOSED = 6;
const ITIL_TABLES: Record<string, string> = { Ticket: 'glpi_tickets', Problem: 'glpi_problems', Change: 'glpi_changes' };

/**
 * Raises `event` on an item: stages it for its notifications' mails (nothing while mail is off).
 * Tickets, problems and changes keep their row, actors and timeline's extent; other items (users,
 * reservations, contracts, infocoms) come with their `tags`.
 */
export function raiseEvent(db: Db, settings: Settings, event: string, ctx: EventContext, tags?: TagData): void {
  if (!mailEnabled(settings)) return;
  const itil = !tags && ctx.itemtype in ITIL_TABLES;
  const kept = itil ? { ...ctx, actors: actorLinks(db, ctx.itemtype, Number(ctx.item.id)) } : ctx;
  stageEvent(db, event, kept, itil ? { upTo: timelineBound(db, ctx.itemtype) } : tags ? { tags } : {});
  wakeMailSender();
}

/** An event on an item: told to the live stream, and its webhooks' deliveries queued in the change's transaction. */
function announce(db: Db, itemtype: string, item: Row, event: string, assignee?: number): void {
  publishLive({ itemtype, items_id: Number(item.id), event, ...(assignee ? { users_id: assignee } : {}) });
  queueWebhooks(db, itemtype, item, event);
}

const authorOf = (wc: WriteContext) => Number(wc.scope.user.id) || 0;
/** Nothing to look up while mail is off (the default): the hooks cost a settings read. */
const mailOff = (wc: WriteContext) => !mailEnabled(wc.services.store.settings);

function itilItem(db: Db, itemtype: string, id: number): Row | null {
  const table = ITIL_TABLES[itemtype];
  return table ? findById(db, table, id) : null;
}

/** Writes purging a ticket, problem or change: the followups and tasks going with it raise no deletion of their own. */
const purgingItil = new WeakSet<WriteContext>();

/** Fields whose change alone is no "update" worth a mail (bookkeeping). */
const QUIET = new Set(['date_mod', 'users_id_lastupdater']);

/**
 * GLPI 10's "New user mentionned" (`user_mention`): raised on the ITIL item once per user newly
 * mentioned, who is its recipient (the "Mentioned user" target); a private followup or task
 * mentions only those who may see it.
 */
function raiseMentions(wc: WriteContext, parent: { itemtype: string; item: Row }, mentioned: number[], context: Partial<EventContext> = {}): void {
  if (!mentioned.length || mailOff(wc)) return;
  for (const id of mentioned) raiseEvent(wc.db, wc.services.store.settings, 'user_mention', { ...parent, authorId: authorOf(wc), ...context, mentioned: id });
}

/** Ticket, Problem, Change: new, update, solved, closed; and the events rules raise (a status they move, a survey, an escalation). */
export const itilNotificationHooks: ItemHooks = {
  itemEvent(db, type, row, event, authorId) {
    announce(db, type.name, row, event);
    // Automatic actions have no services: the settings are read here, once mail is known to be on.
    const settings = new Settings(db);
    if (mailEnabled(settings)) raiseEvent(db, settings, event, { itemtype: type.name, item: row, authorId });
  },
  afterAdd(wc, type, row) {
    announce(wc.db, type.name, row, 'new');
    if (mailOff(wc)) return;
    const item = itilItem(wc.db, type.name, Number(row.id));
    if (!item) return;
    raiseEvent(wc.db, wc.services.store.settings, 'new', { itemtype: type.name, item, authorId: authorOf(wc) });
    raiseMentions(wc, { itemtype: type.name, item }, newlyMentioned(type.name, item));
  },
  afterUpdate(wc, type, old, changes) {
    if (!Object.keys(changes).some((k) => !QUIET.has(k))) return;
    const moved = 'status' in changes && Number(changes.status) !== Number(old.status);
    const event = moved && Number(changes.status) === SOLVED ? 'solved' : moved && Number(changes.status) === CLOSED ? 'closed' : 'update';
    announce(wc.db, type.name, { ...old, ...changes }, event);
    if (mailOff(wc)) return;
    const item = itilItem(wc.db, type.name, Number(old.id));
    if (!item) return;
    raiseEvent(wc.db, wc.services.store.settings, event, { itemtype: type.name, item, authorId: authorOf(wc) });
    if ('content' in changes) raiseMentions(wc, { itemtype: type.name, item }, newlyMentioned(type.name, item, old));
  },
  beforeDelete(wc, type, row, purge) {
    if (purge) purgingItil.add(wc);
    // GLPI's "Delete Ticket" (problem, change): told when it leaves, to the trash or for good, once.
    if (Number(row.is_deleted) === 1) return;
    announce(wc.db, type.name, row, 'delete');
    if (!mailOff(wc)) raiseEvent(wc.db, wc.services.store.settings, 'delete', { itemtype: type.name, item: row, authorId: authorOf(wc) });
  },
  afterPurge(wc) {
    purgingItil.delete(wc);
  },
};

const TASK_PARENTS: Record<string, [string, string]> = { TicketTask: ['Ticket', 'tickets_id'], ProblemTask: ['Problem', 'problems_id'], ChangeTask: ['Change', 'changes_id'] };
const VALIDATION_PARENTS: Record<string, [string, string]> = { TicketValidation: ['Ticket', 'tickets_id'], ChangeValidation: ['Change', 'changes_id'] };
/** Actor link tables (users, groups, suppliers of tickets, problems, changes). */
const ACTOR_LINK_TABLES = new Set(Object.values(ACTOR_TABLES).flatMap((t) => [t.users, t.groups, t.suppliers]));

/** The ITIL item a timeline element or actor link belongs to. */
function parentOf(db: Db, typeName: string, row: Row): { itemtype: string; item: Row } | null {
  const link = TASK_PARENTS[typeName] ?? VALIDATION_PARENTS[typeName];
  if (link) {
    const item = itilItem(db, link[0], Number(row[link[1]]));
    return item ? { itemtype: link[0], item } : null;
  }
  if (typeof row.itemtype === 'string') {
    const item = itilItem(db, row.itemtype, Number(row.items_id));
    return item ? { itemtype: row.itemtype, item } : null;
  }
  for (const [itemtype, { fk }] of Object.entries(ACTOR_TABLES)) {
    if (Number(row[fk]) <= 0 || row[fk] === undefined) continue;
    const item = itilItem(db, itemtype, Number(row[fk]));
    return item ? { itemtype, item } : null;
  }
  return null;
}

/** GLPI's events of an actor added to an item, by role and kind ("New user in requesters"…). */
const ACTOR_EVENTS: Record<number, { user: string; group: string; supplier?: string }> = {
  [ACTOR.REQUESTER]: { user: 'requester_user', group: 'requester_group' },
  [ACTOR.OBSERVER]: { user: 'observer_user', group: 'observer_group' },
  [ACTOR.ASSIGNED]: { user: 'assign_user', group: 'assign_group', supplier: 'assign_supplier' },
};

/** The event a timeline element or actor link raises on its item when added, with its context. */
function addedEvent(type: { name: string; table: string }, row: Row): [string, Partial<EventContext>] | null {
  if (type.name === 'ITILFollowup') return ['add_followup', { followup: row }];
  if (TASK_PARENTS[type.name]) return ['add_task', { task: row }];
  if (VALIDATION_PARENTS[type.name]) return ['validation', { validation: row }];
  const events = ACTOR_LINK_TABLES.has(type.table) ? ACTOR_EVENTS[Number(row.type)] : undefined;
  const event = !events ? undefined : 'users_id' in row ? events.user : 'groups_id' in row ? events.group : events.supplier;
  return event ? [event, {}] : null;
}

/** The event a followup or task raises on its item when changed or deleted (`update_followup`, `delete_task`…), with its context. */
function timelineEvent(typeName: string, row: Row, change: 'update' | 'delete'): [string, Partial<EventContext>] | null {
  if (typeName === 'ITILFollowup') return [`${change}_followup`, { followup: row }];
  if (TASK_PARENTS[typeName]) return [`${change}_task`, { task: row }];
  return null;
}

/** Raises a timeline element's event on its item (live stream, webhooks, mail). */
function raiseOnParent(wc: WriteContext, typeName: string, row: Row, raised: [string, Partial<EventContext>]): void {
  const parent = parentOf(wc.db, typeName, row);
  if (!parent) return;
  announce(wc.db, parent.itemtype, parent.item, raised[0]);
  if (!mailOff(wc)) raiseEvent(wc.db, wc.services.store.settings, raised[0], { ...parent, authorId: authorOf(wc), ...raised[1] });
}

/** The timeline element a mention in a followup or task comes with (its privacy decides who is told). */
function elementContext(typeName: string, row: Row): Partial<EventContext> {
  if (typeName === 'ITILFollowup') return { followup: row };
  if (TASK_PARENTS[typeName]) return { task: row };
  if (VALIDATION_PARENTS[typeName]) return { validation: row };
  return {};
}

/** Followups, tasks, solutions, validations and assignments: their events on the item they belong to. */
export const timelineNotificationHooks: ItemHooks = {
  afterAdd(wc, type, row) {
    const added = addedEvent(type, row);
    const mentioned = ACTOR_LINK_TABLES.has(type.table) ? [] : newlyMentioned(type.name, row);
    const parent = added || mentioned.length ? parentOf(wc.db, type.name, row) : null;
    if (!parent) return;
    if (added) {
      announce(wc.db, parent.itemtype, parent.item, added[0], added[0] === 'assign_user' ? Number(row.users_id) : undefined);
      if (!mailOff(wc)) raiseEvent(wc.db, wc.services.store.settings, added[0], { ...parent, authorId: authorOf(wc), ...added[1] });
    }
    raiseMentions(wc, parent, mentioned, elementContext(type.name, row));
  },
  afterUpdate(wc, type, old, changes) {
    const row = { ...old, ...changes };
    const mentioned = mentionColumns(type.name).some((c) => c in changes) ? newlyMentioned(type.name, row, old) : [];
    if (mentioned.length) {
      const parent = parentOf(wc.db, type.name, row);
      if (parent) raiseMentions(wc, parent, mentioned, elementContext(type.name, row));
    }
    const changed = Object.keys(changes).some((k) => !QUIET.has(k)) ? timelineEvent(type.name, row, 'update') : null;
    if (changed) return raiseOnParent(wc, type.name, row, changed);
    if (!VALIDATION_PARENTS[type.name] || !('status' in changes) || Number(changes.status) === Number(old.status)) return;
    const parent = parentOf(wc.db, type.name, old);
    if (!parent) return;
    announce(wc.db, parent.itemtype, parent.item, 'validation_answer');
    if (!mailOff(wc)) raiseEvent(wc.db, wc.services.store.settings, 'validation_answer', { ...parent, authorId: authorOf(wc), validation: row });
  },
  beforeDelete(wc, type, row) {
    if (purgingItil.has(wc)) return;
    // An actor leaving raises GLPI's "update" on the item, naming the user who left (the former technician's target).
    const raised: [string, Partial<EventContext>] | null = ACTOR_LINK_TABLES.has(type.table) ? ['update', 'users_id' in row ? { formerActor: row } : {}] : timelineEvent(type.name, row, 'delete');
    if (raised) raiseOnParent(wc, type.name, row, raised);
  },
};
