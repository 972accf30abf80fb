/**
 * The mail sender's first step: each staged event (staging.ts) becomes the mails of its
 * notifications, one per recipient, as GLPI queues them. The event's active mail notifications (in
 * the item's entity, or an ancestor's when recursive) are read, their recipients resolved from the
 * state kept at the change (the item, its actors, the followup or task) and the users as they are
 * now, and each mail queued with what its template needs (mail-render.ts renders it next); the
 * staged row is deleted in the same transaction, so an event is expanded once, even across a kill.
 */
import { randomUUID } from 'node:crypto';
import { inTransaction, type Db } from '../db/connection';
import { selectAll } from '../db/rows';
import type { Settings } from '../db/settings';
import { marks } from '../db/frag';
import { queueMails, type QueuedMail } from './queue';
import { entityChain, recipientsOf, seesPrivate } from './recipients';
import type { RenderSource } from './mail-render';
import { eventOf, stagedRows, unstage, type StagedEvent } from './staging';

/** The columns of an ITIL item its mails show (itil-tags.ts): the rest of the row is not kept for them. */
const SHOWN = ['id', 'entities_id', 'name', 'content', 'status', 'urgency', 'impact', 'priority', 'itilcategories_id', 'date', 'solvedate', 'closedate'];

/** What the mails of an event are rendered from, but their recipient. */
function sourceOf(staged: StagedEvent): Omit<RenderSource, 'userId' | 'language'> {
  const batch = randomUUID();
  const { ctx, upTo } = staged;
  if (staged.tags || !upTo) return { batch, tags: staged.tags ?? { values: {}, lists: {} } };
  const item = Object.fromEntries(SHOWN.map((column) => [column, ctx.item[column] ?? null]));
  return { batch, itil: { item, authorId: ctx.authorId, followup: ctx.followup, task: ctx.task, validation: ctx.validation, upTo } };
}

/**
 * The active mail notifications of an itemtype's event in an entity (or recursive in one of its
 * ancestors) whose template has a translation. The table is small and has no index on its type
 * and event: one pass over it (CROSS JOIN keeps that order, `+` keeps the entity index out, whose
 * row-by-row lookups cost more).
 */
const NOTIFICATIONS_SQL = (chain: number[]) =>
  `SELECT n.id, n.name, l.notificationtemplates_id AS template FROM glpi_notifications n
   CROSS JOIN glpi_notifications_notificationtemplates l ON l.notifications_id = n.id AND l.mode = 'mailing'
   WHERE n.itemtype = ? AND n.event = ? AND n.is_active = 1 AND +n.entities_id IN (${marks(chain)}) AND (n.entities_id = ? OR n.is_recursive = 1)
     AND EXISTS (SELECT 1 FROM glpi_notificationtemplatetranslations t WHERE t.notificationtemplates_id = l.notificationtemplates_id)
   ORDER BY n.id`;

/** The mails of a staged event: one per notification and recipient. */
function mailsOf(db: Db, settings: Settings, staged: StagedEvent): QueuedMail[] {
  const { ctx, event } = staged;
  const entityId = Number(ctx.item.entities_id ?? 0);
  const chain = entityChain(db, entityId);
  const notifications = selectAll(db, NOTIFICATIONS_SQL(chain), ctx.itemtype, event, ...chain, entityId);
  if (!notifications.length) return [];
  const privateRight = ctx.task ? 'task' : 'followup';
  const source = sourceOf(staged);
  const mails: QueuedMail[] = [];
  for (const notification of notifications) {
    for (const recipient of recipientsOf(db, settings, Number(notification.id), ctx)) {
      // Private followups and tasks go only to those who may see them, at their own address.
      const privateReader = recipient.alternative ? null : recipient.userId;
      if (staged.isPrivate && !seesPrivate(db, privateReader, entityId, privateRight)) continue;
      mails.push({
        itemtype: ctx.itemtype,
        itemsId: Number(ctx.item.id),
        entitiesId: entityId,
        event,
        templateId: Number(notification.template),
        to: { address: recipient.address, name: recipient.name },
        subject: String(notification.name ?? ''),
        source: { ...source, userId: privateReader, language: recipient.language },
        // A user's own mails (a reset token) are not to be answered, as GLPI sends them.
        noReply: ctx.itemtype === 'User',
      });
    }
  }
  return mails;
}

/**
 * Expands the oldest staged events (at most `limit`), each in its own transaction with its mails;
 * one that fails stays staged for the next run, told to `failed`. Returns how many were read.
 */
export function expandStaged(db: Db, settings: Settings, limit: number, failed: (what: string, error: unknown) => void): number {
  const rows = stagedRows(db, limit);
  for (const row of rows) {
    try {
      const staged = eventOf(row);
      inTransaction(db, () => {
        const mails = mailsOf(db, settings, staged);
        if (mails.length) queueMails(db, settings, mails);
        unstage(db, staged.id);
      });
    } catch (error) {
      failed(`finding the recipients of the ${String(row.event)} event on ${String(row.itemtype)} ${String(row.items_id)}`, error);
    }
  }
  return rows.length;
}
