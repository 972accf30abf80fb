/**
 * /apirest.php/testWebhook — "send a test": POST `{"webhooks_id": 3}` sends a `test` event to the
 * webhook now (signed as its deliveries are, through the same guard), logs it with its deliveries
 * and answers what came of it: `{"id", "ok", "status", "duration_ms", "response", "error"}`.
 * Needs UPDATE on the `webhook` right and the webhook within the active entities.
 */
import { UPDATE } from '../auth/rights';
import { hasRight } from '../auth/scope';
import { json, type Reply, type SessionContext } from './context';
import { badRequest, errors } from '../core/errors';
import { itemtypeOrThrow } from '../registry';
import { sendTest } from '../notify/webhook-sender';
import { loadReadable } from './items/read';

export async function testWebhook(ctx: SessionContext): Promise<Reply> {
  if (ctx.method !== 'POST') throw badRequest('Bad Request: POST {"webhooks_id": <id>} sends a test');
  const id = Number(ctx.params.webhooks_id);
  if (!Number.isInteger(id) || id <= 0) throw badRequest('Bad Request: webhooks_id must be the id of a webhook');
  const webhook = loadReadable(ctx, itemtypeOrThrow('Webhook'), id);
  if (!hasRight(ctx.scope, 'webhook', UPDATE)) throw errors.rightMissing();
  const outcome = await sendTest(ctx.services.store, webhook);
  return json({ id: outcome.id, ok: outcome.ok, status: outcome.status, duration_ms: outcome.durationMs, response: outcome.response, error: outcome.error });
}
