/**
 * The `queuedwebhook` automatic action (GLPI 11's), run by the main thread: a run sends the due
 * deliveries of active webhooks, oldest first, at most the task's parameter (50) of them, each
 * marked sent or failed in its own transaction before the next. Runs start when a change queued
 * deliveries and at least once a minute; `queuedwebhookclean` then deletes the done deliveries
 * older than its parameter (30 days). A kill between sending and marking repeats that one
 * delivery (receivers tell repeats apart by X-Deskbase-Delivery).
 */
import { nowString } from '../core/clock';
import { inTransaction } from '../db/connection';
import { findById, type Row } from '../db/rows';
import type { Store } from '../db';
import { openSecret } from '../core/secrets';
import { secretKey } from '../db/secret-key';
import type { Settings } from '../db/settings';
import { CRON_TASKS } from '../registry/automatic-actions';
import { deliver, type DeliveryOutcome } from './webhook-delivery';
import { cleanDeliveries, customHeaders, dueDeliveries, logTest, payloadOf, recordAttempt } from './webhooks';
import { noteRun, serialRun, taskOff, taskParam, taskRow, type SerialRun } from './serial-run';

const TASK = CRON_TASKS.queuedwebhook;

function requestOf(dataDir: string, webhook: Row, delivery: { url: string; method: string; body: string; event: string; id: string }) {
  return {
    url: delivery.url,
    method: delivery.method,
    body: delivery.body,
    event: delivery.event,
    deliveryId: delivery.id,
    // A secret that no longer opens (another folder's key) signs nothing rather than with a wrong key.
    secret: typeof webhook.secret === 'string' ? (openSecret(secretKey(dataDir), webhook.secret) ?? '') : '',
    headers: customHeaders(webhook),
  };
}

export function webhookSender(store: Store, failed: (what: string, error: unknown) => void): SerialRun {
  const { db, settings } = store;

  async function send(): Promise<{ sent: number; full: boolean }> {
    if (taskOff(db, TASK)) return { sent: 0, full: false };
    const limit = taskParam(db, TASK, 50);
    const due = dueDeliveries(db, nowString(), limit);
    let sent = 0;
    for (const delivery of due) {
      const webhook = findById(db, 'glpi_webhooks', Number(delivery.webhooks_id));
      if (!webhook) continue;
      const outcome = await deliver(
        settings,
        requestOf(store.dataDir, webhook, { url: String(delivery.url), method: String(delivery.http_method || 'POST'), body: String(delivery.body), event: String(delivery.event), id: String(delivery.id) }),
      );
      inTransaction(db, () => recordAttempt(db, settings, delivery, outcome));
      if (outcome.ok) sent++;
      else failed(`webhook ${String(webhook.id)}, delivery ${String(delivery.id)} to ${String(delivery.url)}`, new Error(outcome.error ?? 'failed'));
    }
    return { sent, full: due.length === limit };
  }

  function clean(): void {
    const task = CRON_TASKS.queuedwebhookclean;
    if (taskOff(db, task)) return;
    inTransaction(db, () => cleanDeliveries(db, Number(taskRow(db, task)?.param ?? 30)));
    noteRun(db, task);
  }

  const runs = serialRun(db, TASK, send, failed);
  return { ...runs, tick: () => runs.tick(clean) };
}

/** "Send a test": a `test` event to the webhook now, logged with its deliveries; answers what came of it. */
export async function sendTest(store: Store, webhook: Row): Promise<DeliveryOutcome & { id: number }> {
  const body = payloadOf('test', 'Webhook', Number(webhook.id), null, webhook);
  const { db, settings } = store;
  const outcome = await deliver(settings, requestOf(store.dataDir, webhook, { url: String(webhook.url), method: String(webhook.http_method || 'POST'), body, event: 'test', id: 'test' }));
  const id = inTransaction(db, () => logTest(db, webhook, body, outcome));
  return { ...outcome, id };
}
