/**
 * GLPI 11's webhooks: an event on an item (the notification events) queues one delivery per active
 * webhook of its itemtype and event, in the item's entity or an ancestor's when recursive, in the
 * transaction of the change (glpi_queuedwebhooks: no change without its deliveries, no delivery of
 * a change that rolled back). The payload is fixed then: the event and the item as
 * `GET /<itemtype>/<id>` answers it for the webhook's user (nothing is queued for a user who may
 * not read it). The queue rows are also the delivery log: status, attempts, last HTTP code,
 * duration and answer.
 */
import { formatDate, now, nowString } from '../core/clock';
import type { Db } from '../db/connection';
import { findById, insertRow, run, selectAll, type Row } from '../db/rows';
import type { Settings } from '../db/settings';
import { entityChain } from './recipients';
import type { DeliveryOutcome } from './webhook-delivery';

const QUEUE = 'glpi_queuedwebhooks';

/** The item as the API answers it to a user, or null when that user may not read it. */
export type ItemReader = (userId: number, itemtype: string, id: number) => unknown;

let reader: ItemReader | null = null;

/** Each thread that writes hands its reader here (the API floor presents items; serve.ts wires it). */
export function setWebhookReader(read: ItemReader | null): void {
  reader = read;
}

let waker: (() => void) | null = null;

/** serve.ts hands the sender's wake here (a worker thread, a message to it): a write that queued deliveries starts a run after its commit. */
export function setWebhookWaker(wake: (() => void) | null): void {
  waker = wake;
}

/** The body of a delivery. */
export function payloadOf(event: string, itemtype: string, id: number, item: unknown, webhook: Row): string {
  return JSON.stringify({ event, itemtype, items_id: id, item, webhook: { id: Number(webhook.id), name: webhook.name ?? '' }, date: nowString() });
}

/** Adds one delivery, in the caller's transaction. */
export function queueDelivery(db: Db, webhook: Row, delivery: { itemtype: string; itemsId: number; entitiesId: number; event: string; body: string }): number {
  const at = nowString();
  return insertRow(db, QUEUE, {
    webhooks_id: Number(webhook.id),
    itemtype: delivery.itemtype,
    items_id: delivery.itemsId,
    entities_id: delivery.entitiesId,
    event: delivery.event,
    url: webhook.url,
    http_method: webhook.http_method || 'POST',
    create_time: at,
    send_time: at,
    body: delivery.body,
  });
}

/** Raises `event` on an item for the webhooks: queues their deliveries; returns how many. */
export function queueWebhooks(db: Db, itemtype: string, item: Row, event: string): number {
  const read = reader;
  if (!read) return 0;
  // Most changes have no webhook: one query on the (small) table, the entity chain only when one may apply.
  const candidates = selectAll(db, 'SELECT * FROM glpi_webhooks WHERE itemtype = ? AND event = ? AND is_active = 1 AND is_deleted = 0 ORDER BY id', itemtype, event);
  if (!candidates.length) return 0;
  const entityId = Number(item.entities_id ?? 0);
  const above = new Set(entityChain(db, entityId));
  const hooks = candidates.filter((w) => Number(w.entities_id) === entityId || (Number(w.is_recursive) === 1 && above.has(Number(w.entities_id))));
  let queued = 0;
  for (const webhook of hooks) {
    const shown = read(Number(webhook.users_id), itemtype, Number(item.id));
    if (shown === null) continue;
    queueDelivery(db, webhook, { itemtype, itemsId: Number(item.id), entitiesId: entityId, event, body: payloadOf(event, itemtype, Number(item.id), shown, webhook) });
    queued++;
  }
  if (queued && waker) setTimeout(waker, 0);
  return queued;
}

/** The deliveries due at `at` whose webhook is active (a paused webhook's wait), oldest first. */
export function dueDeliveries(db: Db, at: string, limit: number): Row[] {
  return selectAll(
    db,
    `SELECT q.* FROM ${QUEUE} q JOIN glpi_webhooks w ON w.id = q.webhooks_id AND w.is_active = 1 AND w.is_deleted = 0
     WHERE q.is_deleted = 0 AND q.send_time <= ? ORDER BY q.send_time, q.id LIMIT ?`,
    at,
    limit,
  );
}

function logOutcome(db: Db, id: number, outcome: DeliveryOutcome): void {
  run(
    db,
    `UPDATE ${QUEUE} SET last_status_code = ?, last_duration_ms = ?, last_response = ?, last_error = ? WHERE id = ?`,
    outcome.status,
    outcome.durationMs,
    outcome.response,
    outcome.error,
    id,
  );
}

/** Records an attempt on the delivery and its webhook (in the caller's transaction). */
export function recordAttempt(db: Db, settings: Settings, delivery: Row, outcome: DeliveryOutcome): void {
  const id = Number(delivery.id);
  logOutcome(db, id, outcome);
  const webhook = findById(db, 'glpi_webhooks', Number(delivery.webhooks_id));
  if (outcome.ok) {
    run(db, `UPDATE ${QUEUE} SET status = 'sent', sent_time = ?, is_deleted = 1 WHERE id = ?`, nowString(), id);
    if (webhook) run(db, 'UPDATE glpi_webhooks SET failures = 0 WHERE id = ?', Number(webhook.id));
    return;
  }
  // Tried again 1, 2, 4… minutes later (at most a day), given up after the webhook's `sent_try` retries.
  const tries = Number(delivery.sent_try);
  const giveUp = tries >= Number(webhook?.sent_try ?? 3);
  const next = formatDate(new Date(now() + Math.min(24 * 60, 2 ** tries) * 60_000));
  run(db, `UPDATE ${QUEUE} SET sent_try = ?, send_time = ?, status = ?, is_deleted = ? WHERE id = ?`, tries + 1, giveUp ? String(delivery.send_time) : next, giveUp ? 'failed' : 'retrying', giveUp ? 1 : 0, id);
  if (!webhook) return;
  const failures = Number(webhook.failures) + 1;
  const pauseAfter = settings.number('webhook_pause_after');
  const pause = pauseAfter > 0 && failures >= pauseAfter;
  const reason = `paused on ${nowString()} after ${failures} failed deliveries in a row; the last: ${outcome.error ?? 'failed'}`;
  run(db, 'UPDATE glpi_webhooks SET failures = ?, is_active = ?, paused_reason = ? WHERE id = ?', failures, pause ? 0 : Number(webhook.is_active), pause ? reason : (webhook.paused_reason as string | null), Number(webhook.id));
}

/** A test delivery, logged once sent, as done whatever came of it (a test is never retried). */
export function logTest(db: Db, webhook: Row, body: string, outcome: DeliveryOutcome): number {
  const id = queueDelivery(db, webhook, { itemtype: 'Webhook', itemsId: Number(webhook.id), entitiesId: Number(webhook.entities_id), event: 'test', body });
  logOutcome(db, id, outcome);
  run(db, `UPDATE ${QUEUE} SET status = ?, sent_time = ?, sent_try = 1, is_deleted = 1 WHERE id = ?`, outcome.ok ? 'sent' : 'failed', nowString(), id);
  return id;
}

/** The clean-up: deletes the done deliveries (sent, failed) older than `days` (0: none). */
export function cleanDeliveries(db: Db, days: number): number {
  if (!(days > 0)) return 0;
  const before = formatDate(new Date(now() - days * 86_400_000));
  return run(db, `DELETE FROM ${QUEUE} WHERE is_deleted = 1 AND send_time < ?`, before).changes;
}

/** The custom headers a webhook keeps as a JSON object of strings. */
export function customHeaders(webhook: Row): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(typeof webhook.custom_headers === 'string' && webhook.custom_headers !== '' ? webhook.custom_headers : '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}
