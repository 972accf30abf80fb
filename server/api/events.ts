/**
 * GET /apirest.php/events: the notification events of tickets, problems and changes as they
 * happen, as Server-Sent Events (`event: update`, `data: {"itemtype":"Ticket","items_id":12,
 * "event":"update"}`), only for the items the session may read at that moment; the stream ends
 * when the session does. A comment line every few seconds keeps the connection open.
 */
import { sessionTokenOf, type Reply, type SessionContext } from './context';
import { sessionScope } from '../auth/session-scope';
import { accessFilter } from '../auth/visibility';
import { FALSE } from '../db/frag';
import { selectOne } from '../db/rows';
import { badRequest } from '../core/errors';
import { itemtype } from '../registry';
import { listenLive, type LiveEvent } from '../notify/live';

const KEEPALIVE_MS = 5_000;

export function liveEvents(ctx: SessionContext): Reply {
  if (ctx.method !== 'GET') throw badRequest('Only HTTP verb GET is allowed');
  const { services } = ctx;
  const token = sessionTokenOf(ctx);
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => controller.enqueue(encoder.encode(text));
      const readable = (event: LiveEvent): boolean | null => {
        const opened = sessionScope(services, token);
        if (!opened) return null;
        const type = itemtype(event.itemtype);
        const filter = type ? accessFilter(opened.scope, type, 'read', 't') : FALSE;
        return filter.sql !== '0' && selectOne(services.store.db, `SELECT 1 AS ok FROM ${type!.table} t WHERE t.id = ? AND (${filter.sql})`, event.items_id, ...filter.args) !== null;
      };
      const unlisten = listenLive(
        (event) => {
          const may = readable(event);
          if (may === null) return stop();
          if (may) send(`event: ${event.event}\ndata: ${JSON.stringify(event)}\n\n`);
        },
        () => stop(),
      );
      const keepalive = setInterval(() => send(': keep-alive\n\n'), KEEPALIVE_MS);
      keepalive.unref();
      stop = () => {
        unlisten();
        clearInterval(keepalive);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      send(': connected\n\n');
    },
    cancel() {
      stop();
    },
  });
  return { status: 200, raw: stream, headers: { 'Content-Type': 'text/event-stream; charset=UTF-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' } };
}
