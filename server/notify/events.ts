/**
 * GLPI's notification engine on its own rows: an event on an item finds the active notifications
 * of its itemtype and event (in the item's entity, or an ancestor's when recursive), their mail
 * template and its translation in each recipient's language (else the one for all languages),
 * renders subject, text and HTML per recipient and queues one mail each, in the transaction of
 * the change. Subjects of tickets, problems and changes start with GLPI's tag `[GLPI #0000123]`
 * (the entity's `notification_subject_tag` instead of GLPI when set); each mail has a Message-ID,
 * and all but the item's first ("new") mail refer to that first one (In-Reply-To, References) so
 * mail clients thread them.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { decodeHTMLStrict } from 'entities';
import type { ItemHooks, WriteContext } from '../items/hooks';
import { findById, selectAll, selectOne, type Row } from '../db/rows';
import type { Db } from '../db/connection';
import { Settings } from '../db/settings';
import { now } from '../core/clock';
import { mailEnabled } from './mailer';
import { queueMail } from './queue';
import { wakeMailSender } from './sender';
import { entityChain, recipientsOf, seesPrivate, type EventContext } from './recipients';
import { itilTags } from './itil-tags';
import { publishLive } from './live';
import { queueWebhooks } from './webhooks';
import { ACTOR_TABLES } from '../auth/itil-visibility';
import { escapeHtml, render, unknownTags, type TagData } from './template';
import { marks } from '../db/frag';

const SOLVED = 5;
const CLOSED = 6;
const ITIL_TABLES: Record<string, string> = { Ticket: 'glpi_tickets', Problem: 'glpi_problems', Change: 'glpi_changes' };

/** The first non-empty value of an entity column, from the item's entity up. */
function entityText(db: Db, entityId: number, column: string): string {
  for (const id of entityChain(db, entityId)) {
    const value = selectOne(db, `SELECT ${column} AS value FROM glpi_entities WHERE id = ?`, id)?.value;
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return '';
}

/** GLPI's `[GLPI #0000123] ` before the subjects of an ITIL item's mails. */
function subjectPrefix(db: Db, ctx: EventContext): string {
  const tag = entityText(db, Number(ctx.item.entities_id ?? 0), 'notification_subject_tag') || 'GLPI';
  return `[${tag} #${String(ctx.item.id).padStart(7, '0')}] `;
}

/** The Message-ID of the item's first mail, which later mails refer to. */
function threadId(settings: Settings, itemtype: string, id: number): string {
  return `GLPI_${settings.get('notification_uuid')}-${itemtype}-${id}/new@${hostname()}`;
}

function messageHeaders(settings: Settings, ctx: EventContext, event: string): { messageId: string; headers: Record<string, string> } {
  const thread = threadId(settings, ctx.itemtype, Number(ctx.item.id));
  if (event === 'new') return { messageId: `<${thread}>`, headers: {} };
  const own = `GLPI_${settings.get('notification_uuid')}-${ctx.itemtype}-${Number(ctx.item.id)}/${event}.${now()}.${randomBytes(4).toString('hex')}@${hostname()}`;
  return { messageId: `<${own}>`, headers: { 'In-Reply-To': `<${thread}>`, References: `<${thread}>` } };
}

/** Template HTML as GLPI 10 stores it (entity-encoded) or as written. */
const htmlOf = (value: unknown) => (typeof value === 'string' ? (value.includes('&lt;') ? decodeHTMLStrict(value) : value) : '');

/** A translation's subject (on one line), text and HTML parts rendered with the tags' values. */
function renderParts(translation: Row, values: TagData): { subject: string; text: string; html: string } {
  return {
    subject: render(String(translation.subject ?? ''), values).replace(/\s+/g, ' ').trim(),
    text: render(String(translation.content_text ?? ''), values),
    html: render(htmlOf(translation.content_html), values, escapeHtml),
  };
}

/**
 * A template translation rendered on a ticket, problem or change as its mails would be for a
 * recipient who sees private items or not (the console's preview), with the tags its data lacks.
 */
export function previewOn(db: Db, settings: Settings, ctx: EventContext, translation: Row, withPrivate: boolean): { subject: string; text: string; html: string; unknown_tags: string[] } {
  const values = itilTags(db, settings, ctx, 'update', withPrivate);
  const parts = renderParts(translation, values);
  const unknown = new Set([translation.subject, translation.content_text, htmlOf(translation.content_html)].flatMap((part) => unknownTags(String(part ?? ''), values)));
  return { ...parts, subject: subjectPrefix(db, ctx) + parts.subject, unknown_tags: [...unknown] };
}

/**
 * Raises `event` on an item: queues the mails of its notifications (nothing while mail is off).
 * Tickets, problems and changes bring their own tags and threading; other items (users,
 * reservations, contracts, infocoms) come with their `tags`. Returns the mails queued.
 */
export function raiseEvent(db: Db, settings: Settings, event: string, ctx: EventContext, tags?: TagData): number {
  if (!mailEnabled(settings)) return 0;
  const entityId = Number(ctx.item.entities_id ?? 0);
  const chain = entityChain(db, entityId);
  const notifications = selectAll(
    db,
    `SELECT n.id, l.notificationtemplates_id AS template FROM glpi_notifications n
     JOIN glpi_notifications_notificationtemplates l ON l.notifications_id = n.id AND l.mode = 'mailing'
     WHERE n.itemtype = ? AND n.event = ? AND n.is_active = 1 AND (n.entities_id = ? OR (n.is_recursive = 1 AND n.entities_id IN (${marks(chain)})))
     ORDER BY n.id`,
    ctx.itemtype,
    event,
    entityId,
    ...chain,
  );
  if (!notifications.length) return 0;
  const itil = ctx.itemtype in ITIL_TABLES;
  const prefix = itil ? subjectPrefix(db, ctx) : '';
  const signature = entityText(db, entityId, 'mailing_signature') || settings.get('mailing_signature');
  const data = new Map<boolean, TagData>();
  const dataFor = (withPrivate: boolean) => tags ?? data.get(withPrivate) ?? data.set(withPrivate, itilTags(db, settings, ctx, event, withPrivate)).get(withPrivate)!;
  const privateItem = ctx.task ?? ctx.followup;
  const privateRight = ctx.task ? 'task' : 'followup';
  let queued = 0;
  for (const notification of notifications) {
    const translations = selectAll(db, 'SELECT language, subject, content_text, content_html FROM glpi_notificationtemplatetranslations WHERE notificationtemplates_id = ? ORDER BY id', Number(notification.template));
    if (!translations.length) continue;
    // Recipients of one language and sight of private items get the same rendering: made once.
    const rendered = new Map<string, ReturnType<typeof renderParts>>();
    for (const recipient of recipientsOf(db, settings, Number(notification.id), ctx)) {
      const withPrivate = itil && seesPrivate(db, recipient.userId, entityId, privateRight);
      // A private followup or task goes only to those who may see private ones.
      if (privateItem && Number(privateItem.is_private) === 1 && !withPrivate) continue;
      const translation = translations.find((t) => t.language === recipient.language) ?? translations.find((t) => t.language === '') ?? translations[0]!;
      const key = `${translations.indexOf(translation)}|${withPrivate}`;
      const { subject, text, html } = rendered.get(key) ?? rendered.set(key, renderParts(translation, dataFor(withPrivate))).get(key)!;
      queueMail(db, settings, {
        itemtype: ctx.itemtype,
        itemsId: Number(ctx.item.id),
        entitiesId: entityId,
        event,
        templateId: Number(notification.template),
        to: { address: recipient.address, name: recipient.name },
        subject: prefix + subject,
        text: signature ? `${text}\n\n-- \n${signature}` : text,
        html: html ? (signature ? `${html}<p>-- <br>${escapeHtml(signature)}</p>` : html) : undefined,
        // A user's own mails (a reset token) are not to be answered, as GLPI sends them.
        noReply: ctx.itemtype === 'User',
        ...(itil ? messageHeaders(settings, ctx, event) : {}),
      });
      queued++;
    }
  }
  if (queued) wakeMailSender();
  return queued;
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
    if (item) raiseEvent(wc.db, wc.services.store.settings, 'new', { itemtype: type.name, item, authorId: authorOf(wc) });
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
const ASSIGNED = 2;

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

/** The event a timeline element or actor link raises on its item when added, with its context. */
function addedEvent(typeName: string, row: Row): [string, Partial<EventContext>] | null {
  if (typeName === 'ITILFollowup') return ['add_followup', { followup: row }];
  if (TASK_PARENTS[typeName]) return ['add_task', { task: row }];
  if (VALIDATION_PARENTS[typeName]) return ['validation', { validation: row }];
  if (Number(row.type) === ASSIGNED && 'users_id' in row) return ['assign_user', {}];
  if (Number(row.type) === ASSIGNED && 'groups_id' in row) return ['assign_group', {}];
  return null;
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

/** Followups, tasks, validations and assignments: their events on the item they belong to. */
export const timelineNotificationHooks: ItemHooks = {
  afterAdd(wc, type, row) {
    const added = addedEvent(type.name, row);
    const parent = added ? parentOf(wc.db, type.name, row) : null;
    if (!added || !parent) return;
    announce(wc.db, parent.itemtype, parent.item, added[0], added[0] === 'assign_user' ? Number(row.users_id) : undefined);
    if (!mailOff(wc)) raiseEvent(wc.db, wc.services.store.settings, added[0], { ...parent, authorId: authorOf(wc), ...added[1] });
  },
  afterUpdate(wc, type, old, changes) {
    const changed = Object.keys(changes).some((k) => !QUIET.has(k)) ? timelineEvent(type.name, { ...old, ...changes }, 'update') : null;
    if (changed) return raiseOnParent(wc, type.name, { ...old, ...changes }, changed);
    if (!VALIDATION_PARENTS[type.name] || !('status' in changes) || Number(changes.status) === Number(old.status)) return;
    const parent = parentOf(wc.db, type.name, old);
    if (!parent) return;
    announce(wc.db, parent.itemtype, parent.item, 'validation_answer');
    if (!mailOff(wc)) raiseEvent(wc.db, wc.services.store.settings, 'validation_answer', { ...parent, authorId: authorOf(wc), validation: { ...old, ...changes } });
  },
  beforeDelete(wc, type, row) {
    const deleted = purgingItil.has(wc) ? null : timelineEvent(type.name, row, 'delete');
    if (deleted) raiseOnParent(wc, type.name, row, deleted);
  },
};
