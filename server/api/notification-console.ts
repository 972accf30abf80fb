/**
 * The notification console's two actions the item API lacks:
 * - `POST /apirest.php/previewNotification {"notificationtemplates_id", "items_id", "language"?,
 *   "subject"?, "content_text"?, "content_html"?}` renders a ticket, problem or change template's
 *   translation (the one of `language`, else the one for all languages; the texts given replace
 *   the stored ones, to preview an edit) on an item of the template's type the session may read,
 *   as a recipient with the session's sight of private followups and tasks gets it:
 *   `{"subject", "text", "html", "unknown_tags"}` (tags the item's data lacks, which render empty).
 *   Needs READ on `notification`.
 * - `POST /apirest.php/retryNotification {"queuednotifications_id"}` makes a queued mail waiting
 *   for its next attempt (or given up) due now and wakes the sender: `{"id", "retried": true}`.
 *   Needs PURGE on `queuednotification` (GLPI's write right on the queue); a mail already sent is 400.
 */
import { PURGE } from '../auth/rights';
import { hasRight } from '../auth/scope';
import { json, type Reply, type SessionContext } from './context';
import { inTransaction } from '../db/connection';
import { findById, selectAll } from '../db/rows';
import { badRequest, errors } from '../core/errors';
import { itemtypeOrThrow } from '../registry';
import { previewOn } from '../notify/mail-render';
import { seesPrivate } from '../notify/recipients';
import { retryNow } from '../notify/queue';
import { wakeMailSender } from '../notify/sender';
import { loadReadable } from './items/read';

const PREVIEWED = new Set(['Ticket', 'Problem', 'Change']);

function positiveId(value: unknown, name: string): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw badRequest(`Bad Request: ${name} must be an id`);
  return id;
}

export function previewNotification(ctx: SessionContext): Reply {
  if (ctx.method !== 'POST') throw badRequest('Bad Request: POST {"notificationtemplates_id", "items_id"} renders a preview');
  const { params } = ctx;
  const template = loadReadable(ctx, itemtypeOrThrow('NotificationTemplate'), positiveId(params.notificationtemplates_id, 'notificationtemplates_id'));
  const itemtype = String(template.itemtype ?? '');
  if (!PREVIEWED.has(itemtype)) throw badRequest('Bad Request: only ticket, problem and change templates are previewed');
  const type = itemtypeOrThrow(itemtype);
  const id = positiveId(params.items_id, 'items_id');
  loadReadable(ctx, type, id);
  const { db, settings } = ctx.services.store;
  const item = findById(db, type.table, id)!;
  const language = typeof params.language === 'string' ? params.language : '';
  const translations = selectAll(db, 'SELECT language, subject, content_text, content_html FROM glpi_notificationtemplatetranslations WHERE notificationtemplates_id = ? ORDER BY id', Number(template.id));
  const stored = translations.find((t) => t.language === language) ?? translations.find((t) => t.language === '') ?? {};
  const edited = Object.fromEntries(['subject', 'content_text', 'content_html'].filter((k) => typeof params[k] === 'string').map((k) => [k, params[k]]));
  const withPrivate = seesPrivate(db, Number(ctx.scope.user.id), Number(item.entities_id ?? 0), 'followup');
  return json(previewOn(db, settings, { itemtype, item, authorId: 0 }, { ...stored, ...edited }, withPrivate));
}

export function retryNotification(ctx: SessionContext): Reply {
  if (ctx.method !== 'POST') throw badRequest('Bad Request: POST {"queuednotifications_id"} sends a queued mail again');
  const row = loadReadable(ctx, itemtypeOrThrow('QueuedNotification'), positiveId(ctx.params.queuednotifications_id, 'queuednotifications_id'));
  if (!hasRight(ctx.scope, 'queuednotification', PURGE)) throw errors.rightMissing();
  const { db } = ctx.services.store;
  if (!inTransaction(db, () => retryNow(db, Number(row.id)))) throw badRequest('Bad Request: this mail was already sent');
  wakeMailSender();
  return json({ id: Number(row.id), retried: true });
}
