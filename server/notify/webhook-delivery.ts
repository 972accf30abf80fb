/**
 * One HTTP delivery of a webhook: checked by the guard, signed, sent with a bounded time
 * (`webhook_timeout` seconds for the connection and the whole answer) and a bounded answer (the
 * first 64 KiB are read, the rest is dropped), never following redirects (a redirect could lead
 * where the guard refuses); plain http goes to the address the guard checked. Success is a 2xx answer.
 */
import { createHmac } from 'node:crypto';
import type { Settings } from '../db/settings';
import { now } from '../core/clock';
import { checkDestination, pinned } from './webhook-guard';

const MAX_READ = 64 * 1024;
/** What the delivery log keeps of an answer. */
const EXCERPT = 1000;

export interface WebhookRequest {
  url: string;
  method: string;
  body: string;
  secret: string;
  /** The webhook's custom headers. */
  headers: Record<string, string>;
  event: string;
  /** The delivery's id, or `test`. */
  deliveryId: string;
}

export interface DeliveryOutcome {
  ok: boolean;
  status: number | null;
  durationMs: number;
  response: string;
  error: string | null;
}

/** `sha256=<hex>`: HMAC-SHA256 of the body with the webhook's secret. */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The headers a delivery carries: the custom ones, then Deskbase's (which they cannot replace). */
function headersOf(req: WebhookRequest): Record<string, string> {
  const headers: Record<string, string> = { ...req.headers };
  headers['Content-Type'] = 'application/json';
  headers['User-Agent'] = 'Deskbase-Webhook';
  headers['X-Deskbase-Event'] = req.event;
  headers['X-Deskbase-Delivery'] = String(req.deliveryId);
  headers['X-Deskbase-Timestamp'] = String(Math.floor(now() / 1000));
  if (req.secret) headers['X-Deskbase-Signature'] = signatureOf(req.secret, req.body);
  return headers;
}

/** The first MAX_READ bytes of the answer, as text; the rest is not read. */
async function readBounded(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < MAX_READ) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, MAX_READ));
}

const messageOf = (error: unknown) => (error instanceof Error ? (error.name === 'TimeoutError' ? 'no answer within webhook_timeout' : error.message) : String(error));

export async function deliver(settings: Settings, req: WebhookRequest): Promise<DeliveryOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const checked = await checkDestination(settings, req.url);
  if ('refused' in checked) return { ok: false, status: null, durationMs: elapsed(), response: '', error: checked.refused };
  const target = pinned(req.url, checked.address);
  const headers = headersOf(req);
  if (target.host) headers.Host = target.host;
  const timeout = Math.max(0.1, settings.number('webhook_timeout') || 10) * 1000;
  const signal = AbortSignal.timeout(timeout);
  try {
    const res = await fetch(target.url, {
      method: req.method,
      headers,
      body: req.method === 'GET' ? undefined : req.body,
      redirect: 'manual',
      signal,
    });
    const text = await readBounded(res);
    const ok = res.status >= 200 && res.status < 300;
    return { ok, status: res.status, durationMs: elapsed(), response: text.slice(0, EXCERPT), error: ok ? null : `HTTP ${res.status}` };
  } catch (error) {
    return { ok: false, status: null, durationMs: elapsed(), response: '', error: messageOf(error) };
  }
}
