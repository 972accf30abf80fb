/**
 * GET /apirest.php/events (issue 29): the notification events of ITIL items as Server-Sent
 * Events over real HTTP, each session seeing only the items it may read, the stream ending with
 * the session.
 */
import { beforeAll, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { startServer, useServer } from '../support/server';

const ctx = useServer();
let sam: Client;

beforeAll(async () => {
  await ctx.api.create('User', { name: 'sam', password: 'Pass-word-1', password2: 'Pass-word-1', _profiles_id: 1 });
  sam = await new Client(ctx.server.api).login('sam', 'Pass-word-1');
});

/** Reads a stream's events one by one (comments skipped); null once the stream ended. */
class EventStream {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  static async open(client: Client): Promise<{ response: Response; events: EventStream }> {
    const response = await fetch(`${client.api}/events`, { headers: { 'Session-Token': client.token, Connection: 'close' } });
    return { response, events: new EventStream(response.body!.getReader()) };
  }

  close(): Promise<void> {
    return this.reader.cancel();
  }

  async next(): Promise<{ event: string; data: unknown } | null> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const lines = block.split('\n').filter((l) => !l.startsWith(':'));
        if (!lines.length) continue;
        const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
        return { event: field('event'), data: JSON.parse(field('data')) };
      }
      const { value, done } = await this.reader.read();
      if (done) return null;
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }
}

test('without a session: 401, as every session endpoint', async () => {
  const res = await fetch(`${ctx.server.api}/events`);
  expect(res.status).toBe(401);
});

test('each session gets the events of the items it may read, as they happen; the stream ends with the session', async () => {
  const admin = await EventStream.open(ctx.api);
  const own = await EventStream.open(sam);
  expect([admin.response.status, admin.response.headers.get('content-type')]).toEqual([200, 'text/event-stream; charset=UTF-8']);

  const samsTicket = await ctx.api.create('Ticket', { name: "Sam's screen", content: 'flickers', _users_id_requester: (await sam.get('getFullSession')).body.session.glpiID });
  expect(await admin.events.next()).toEqual({ event: 'new', data: { itemtype: 'Ticket', items_id: samsTicket, event: 'new' } });
  expect(await own.events.next()).toEqual({ event: 'new', data: { itemtype: 'Ticket', items_id: samsTicket, event: 'new' } });

  const othersTicket = await ctx.api.create('Ticket', { name: 'Server room door', content: 'stuck' });
  expect(await admin.events.next()).toEqual({ event: 'new', data: { itemtype: 'Ticket', items_id: othersTicket, event: 'new' } });
  await ctx.api.post('ITILFollowup/', { input: { itemtype: 'Ticket', items_id: samsTicket, content: 'Try another cable' } });
  expect(await admin.events.next()).toEqual({ event: 'add_followup', data: { itemtype: 'Ticket', items_id: samsTicket, event: 'add_followup' } });
  // Sam never saw the ticket they may not read: their next event is the followup on their own.
  expect(await own.events.next()).toEqual({ event: 'add_followup', data: { itemtype: 'Ticket', items_id: samsTicket, event: 'add_followup' } });

  // An assignment names the user assigned (the console's "assigned to you").
  await ctx.api.post('Ticket_User/', { input: { tickets_id: othersTicket, users_id: 2, type: 2 } });
  expect(await admin.events.next()).toEqual({ event: 'assign_user', data: { itemtype: 'Ticket', items_id: othersTicket, event: 'assign_user', users_id: 2 } });

  await ctx.api.put(`Ticket/${othersTicket}`, { input: { status: 6 } });
  expect(await admin.events.next()).toEqual({ event: 'closed', data: { itemtype: 'Ticket', items_id: othersTicket, event: 'closed' } });

  expect((await sam.get('killSession')).status).toBe(200);
  await ctx.api.put(`Ticket/${samsTicket}`, { input: { name: "Sam's screen (cable)" } });
  expect(await own.events.next()).toBeNull();
  expect(await admin.events.next()).toEqual({ event: 'update', data: { itemtype: 'Ticket', items_id: samsTicket, event: 'update' } });
  await admin.events.close();
});

test('a server stopping ends the open streams instead of waiting for them', async () => {
  const { events } = await EventStream.open(ctx.api);
  const ended = events.next();
  await ctx.server.stop();
  expect(await ended.catch(() => null)).toBeNull();
  await ctx.server.start();
  ctx.api = await new Client(ctx.server.api).login();
});

test('with several request-serving threads, every stream gets the event, whichever thread serves it', async () => {
  const server = await startServer({}, ['--threads', '4']);
  try {
    const api = await new Client(server.api).login();
    const streams = [];
    for (let i = 0; i < 4; i++) streams.push((await EventStream.open(api)).events);
    const id = await api.create('Ticket', { name: 'Seen everywhere', content: 'x' });
    const seen = await Promise.all(streams.map((s) => s.next()));
    expect(seen).toEqual(streams.map(() => ({ event: 'new', data: { itemtype: 'Ticket', items_id: id, event: 'new' } })));
    await Promise.all(streams.map((s) => s.close()));
  } finally {
    await server.dispose();
  }
});
