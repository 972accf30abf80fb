/**
 * The ceiling for getItem: a bare `Bun.serve` answering GET /apirest.php/Computer/:id with the
 * very bodies Deskbase gave for the same ids, from memory, with the same content type. Run as
 * its own process by the bench: `bun bench/bare.ts <bodies.json>` (an object id → JSON text).
 */
import { readFileSync } from 'node:fs';

const bodies = new Map(Object.entries(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, string>));
const ITEM = /^\/apirest\.php\/Computer\/(\d+)$/;

const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const body = bodies.get(ITEM.exec(new URL(request.url).pathname)?.[1] ?? '');
    if (body === undefined || !request.headers.get('session-token')) return new Response('["ERROR_ITEM_NOT_FOUND",""]', { status: 404 });
    return new Response(body, { headers: { 'Content-Type': 'application/json; charset=UTF-8' } });
  },
});
console.log(`listening on http://127.0.0.1:${server.port}/`);
