/**
 * Writes on a thread of their own. A write transaction is synchronous: run on a thread that also
 * listens, it held up every read that thread's connections sent until it committed (a bulk add
 * of 1 000 items, tens to hundreds of milliseconds). With several threads, the listening threads
 * hand each write request to the writing thread through a message port and wait for its answer
 * without blocking; reads meanwhile go on from their own connections (WAL: a read sees the last
 * committed state, never the open transaction).
 */
import type { MessagePort } from 'node:worker_threads';
import type { ForwardWrite } from '../http/app';
import { logError } from '../http/log';

/** A write request as it crosses to the writing thread: `ip` and `base` are the listening thread's. */
interface Forwarded {
  id: number;
  method: string;
  url: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
  ip: string;
  base: string;
}

interface Answered {
  id: number;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
}


/** The listening thread's side of `port`. */
export function forwarderOver(port: MessagePort): ForwardWrite {
  let next = 0;
  const waiting = new Map<number, (answer: Answered) => void>();
  port.on('message', (answer: Answered) => {
    waiting.get(answer.id)?.(answer);
    waiting.delete(answer.id);
  });
  port.unref(); // the listener keeps the thread alive, not the port
  return async (request, ip, base) => {
    const body = request.body === null ? null : await request.arrayBuffer();
    const id = next++;
    const answer = await new Promise<Answered>((resolve) => {
      waiting.set(id, resolve);
      const message: Forwarded = { id, method: request.method, url: request.url, headers: [...request.headers], body, ip, base };
      port.postMessage(message, body === null ? [] : [body]);
    });
    return new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, { status: answer.status, headers: answer.headers });
  };
}

/** The writing thread's side: answers the requests coming through `port` with `handle`, in turn. */
export function serveForwarded(port: MessagePort, handle: (request: Request, ip: string, base: string) => Response | Promise<Response>): void {
  port.on('message', async (message: Forwarded) => {
    let answer: Answered;
    try {
      const request = new Request(message.url, { method: message.method, headers: message.headers, body: message.body });
      const response = await handle(request, message.ip, message.base);
      answer = { id: message.id, status: response.status, headers: [...response.headers], body: await response.arrayBuffer() };
    } catch (error) {
      // The handlers answer their own failures; this only keeps the listening thread from waiting forever.
      logError(`${message.method} ${message.url}`, error);
      answer = { id: message.id, status: 500, headers: [], body: new ArrayBuffer(0) };
    }
    port.postMessage(answer, [answer.body]);
  });
}
