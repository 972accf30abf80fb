/**
 * The ceiling for getItem: a bare `Bun.serve` answering GET /apirest.php/Computer/:id with the
 * very bodies Deskbase gave for the same ids, from memory, with the same content type. Run as
 * its own process by the bench: `bun bench/bare.ts <bodies.json> [threads]` (an object id → JSON
 * text). With several threads (as Deskbase's --threads), each is a listener on the same port
 * (reusePort), as Deskbase's are.
 * It also answers a bulk add (POST /apirest.php/Computer/) as Deskbase shapes it, storing nothing:
 * the floor HTTP and JSON set under the bulk add's rate (bench/bulk-floor.ts).
 */
import { readFileSync } from 'node:fs';
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import { boundedLinkHeader } from '../server/api/items/link-header';

const ITEM = /^\/apirest\.php\/Computer\/(\d+)$/;
const COLLECTION = '/apirest.php/Computer/';
let nextId = 1;

/** The body read and parsed, each element answered with a new id and GLPI's message, the `Link` header as Deskbase bounds it. */
async function bulkAdd(request: Request, origin: string): Promise<Response> {
  const { input } = JSON.parse(await request.text()) as { input: { name?: unknown }[] };
  const results = input.map((element) => ({ id: nextId++, message: `Item successfully added: ${String(element.name ?? '')}` }));
  const link = boundedLinkHeader(results, (result) => `${origin}/apirest.php/Computer/${result.id}`);
  return new Response(JSON.stringify(results), { status: 201, headers: { 'Content-Type': 'application/json; charset=UTF-8', Link: link } });
}
const { file, threads, port } = isMainThread
  ? { file: process.argv[2]!, threads: Number(process.argv[3] ?? 1), port: 0 }
  : (workerData as { file: string; threads: number; port: number });
const bodies = new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>));

const server = Bun.serve({
  port,
  hostname: '127.0.0.1',
  reusePort: threads > 1,
  fetch(request) {
    if (request.method === 'POST' && new URL(request.url).pathname === COLLECTION) return bulkAdd(request, new URL(request.url).origin);
    const body = bodies.get(ITEM.exec(new URL(request.url).pathname)?.[1] ?? '');
    if (body === undefined || !request.headers.get('session-token')) return new Response('["ERROR_ITEM_NOT_FOUND",""]', { status: 404 });
    return new Response(body, { headers: { 'Content-Type': 'application/json; charset=UTF-8' } });
  },
});
if (isMainThread) {
  const started = Array.from({ length: threads - 1 }, () => {
    const worker = new Worker(import.meta.path, { workerData: { file, threads, port: server.port } });
    return new Promise((resolve) => worker.once('message', resolve));
  });
  await Promise.all(started);
  console.log(`listening on http://127.0.0.1:${server.port}/ (${threads} thread${threads > 1 ? 's' : ''})`);
} else (await import('node:worker_threads')).parentPort!.postMessage('listening');
