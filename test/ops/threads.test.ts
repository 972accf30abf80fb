/**
 * Serving on several threads (--threads): each thread has its own listener on the port and its
 * own SQLite connection, and the kernel spreads connections across the listeners. Every request
 * below goes on a connection of its own (rawRequest sends `Connection: close`), so consecutive
 * requests land on different threads: what one connection does must be seen at once by the
 * next, and the limits must be the server's, not a thread's.
 */
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { rawRequest, type RawResponse } from '../support/raw';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../support/server';
import { countInDatabaseFile } from '../support/database-file';
import { until } from '../support/until';
import { Receiver } from '../support/webhook-receiver';

const THREADS = 3;
/** Enough separate connections that each step meets every thread (3^-12: never all on one). */
const CONNECTIONS = 12;
const SECOND = 1000;

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

function call(server: TestServer, method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<RawResponse> {
  const json: Record<string, string> = body === undefined ? {} : { 'Content-Type': 'application/json' };
  return rawRequest(server.origin, { method, target: `/apirest.php/${path}`, headers: { ...json, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The same request on CONNECTIONS new connections, one after the other. */
async function everyConnection(server: TestServer, method: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse[]> {
  const answers: RawResponse[] = [];
  for (let i = 0; i < CONNECTIONS; i++) answers.push(await call(server, method, path, headers));
  return answers;
}

async function login(server: TestServer, name = 'glpi', password = ADMIN_PASSWORD): Promise<string> {
  const res = await call(server, 'GET', 'initSession', { Authorization: basic(name, password) });
  expect(res.status).toBe(200);
  return res.body.session_token as string;
}

describe(`--threads ${THREADS}: consistency across connections`, () => {
  const clock = new TestClock();
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer({}, ['--threads', String(THREADS), ...clock.args]);
    token = await login(server);
  });
  afterAll(() => server.dispose());

  test('the start-up line says how many threads serve', () => {
    expect(server.output).toContain(`${THREADS} request-serving threads`);
  });

  test('a write on one connection is read by the next, whatever the thread: item, list, search, trash', async () => {
    const auth = { 'Session-Token': token };
    for (let round = 0; round < 4; round++) {
      const name = `threaded-${round}`;
      const created = await call(server, 'POST', 'Computer/', auth, { input: { name } });
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      const renamed = `search/Computer?criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=${name}-renamed`;
      // Read on every connection (the reply caches keep an answer from its second build).
      for (const res of await everyConnection(server, 'GET', `Computer/${id}`, auth)) expect(res.body.name).toBe(name);
      for (const res of await everyConnection(server, 'GET', renamed, auth)) expect(res.body.totalcount).toBe(0);
      expect((await call(server, 'PUT', `Computer/${id}`, auth, { input: { name: `${name}-renamed` } })).status).toBe(200);
      for (const res of await everyConnection(server, 'GET', `Computer/${id}`, auth)) expect(res.body.name).toBe(`${name}-renamed`);
      for (const res of await everyConnection(server, 'GET', renamed, auth)) expect(res.body.totalcount).toBe(1);
      expect((await call(server, 'DELETE', `Computer/${id}`, auth)).status).toBe(204);
      for (const res of await everyConnection(server, 'GET', `Computer/${id}`, auth)) expect(res.body.is_deleted).toBe(1);
      expect((await call(server, 'DELETE', `Computer/${id}?force_purge=true`, auth)).status).toBe(204);
      for (const res of await everyConnection(server, 'GET', `Computer/${id}`, auth)) expect(res.status).toBe(404);
    }
  });

  test('reads are answered on every thread while a write waits for the database (writes run on a thread of their own)', async () => {
    const auth = { 'Session-Token': token };
    const created = await call(server, 'POST', 'Computer/', auth, { input: { name: 'before-the-lock' } });
    expect(created.status).toBe(201);
    // Another connection holds the write lock: the server's write transaction cannot begin (busy
    // timeout) until it lets go. A thread running it would answer nothing meanwhile.
    const holder = new Database(join(server.dataDir, 'deskbase.sqlite'));
    holder.exec('BEGIN IMMEDIATE');
    let written: RawResponse | null = null;
    const write = call(server, 'POST', 'Computer/', auth, { input: { name: 'behind-the-lock' } }).then((res) => (written = res));
    try {
      for (const res of await everyConnection(server, 'GET', `Computer/${created.body.id}`, auth)) expect(res.body.name).toBe('before-the-lock');
      expect(written).toBe(null);
    } finally {
      holder.exec('COMMIT');
      holder.close();
    }
    expect((await write).status).toBe(201);
  });

  test("a write's webhook delivery is sent by the primary thread, woken by the writing thread's commit", async () => {
    const receiver = new Receiver({ status: 200, body: 'ok' });
    receiver.start();
    try {
      const api = await new Client(server.api).login();
      await api.setConfig('webhook_allow_private', '1');
      await api.create('Webhook', { name: 'threads', url: receiver.url, itemtype: 'Ticket', event: 'new', secret: 's3cret', is_active: 1, is_recursive: 1 });
      const ticket = await api.create('Ticket', { name: 'woken', content: 'x' });
      const got = await until('the delivery', () => receiver.received, (received) => received.length === 1);
      expect(JSON.parse(got[0]!.body)).toMatchObject({ event: 'new', itemtype: 'Ticket', items_id: ticket });
    } finally {
      receiver.stop();
    }
  });

  test('with warm caches on every thread, each write is seen by the very next request: cached getItem, list count, killed session', async () => {
    const auth = { 'Session-Token': token };
    const total = (res: RawResponse) => Number(res.headers.get('content-range')?.split('/')[1]);
    const created = await call(server, 'POST', 'Monitor/', auth, { input: { name: 'warm-0' } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    // Twice on every connection: each thread keeps the reply and the count in its caches.
    for (let pass = 0; pass < 2; pass++) {
      for (const res of await everyConnection(server, 'GET', `Monitor/${id}`, auth)) expect(res.body.name).toBe('warm-0');
      await everyConnection(server, 'GET', 'Monitor/?range=0-0', auth);
    }
    let count = total(await call(server, 'GET', 'Monitor/?range=0-0', auth));
    for (let round = 1; round <= CONNECTIONS; round++) {
      // A write, then one read of each kind, each on a new connection (another thread, mostly).
      expect((await call(server, 'PUT', `Monitor/${id}`, auth, { input: { name: `warm-${round}` } })).status).toBe(200);
      expect((await call(server, 'GET', `Monitor/${id}`, auth)).body.name).toBe(`warm-${round}`);
      expect((await call(server, 'POST', 'Monitor/', auth, { input: { name: `warm-extra-${round}` } })).status).toBe(201);
      count++;
      expect(total(await call(server, 'GET', 'Monitor/?range=0-0', auth))).toBe(count);
    }
    const own = await login(server);
    for (const res of await everyConnection(server, 'GET', 'getFullSession', { 'Session-Token': own })) expect(res.status).toBe(200);
    expect((await call(server, 'GET', 'killSession', { 'Session-Token': own })).status).toBe(200);
    expect((await call(server, 'GET', 'getFullSession', { 'Session-Token': own })).status).toBe(401);
  });

  test('the background checkpoints start whatever thread wrote: the rows reach the database file', async () => {
    for (let batch = 0; batch < 3; batch++) {
      const input = Array.from({ length: 1000 }, (_, i) => ({ name: `threaded-checkpointed-${batch}-${i}`, comment: 'c'.repeat(2000) }));
      expect((await call(server, 'POST', 'Computer/', { 'Session-Token': token }, { input })).status).toBe(201);
    }
    const inFile = () => countInDatabaseFile(server.dataDir, "SELECT COUNT(*) AS n FROM glpi_computers WHERE name LIKE 'threaded-checkpointed-%'");
    expect(await until('the rows in the database file', inFile, (n) => n === 3000)).toBe(3000);
  });

  test("a session used on one thread a moment ago is not idle on another (shared idle clock)", async () => {
    const admin = new Client(server.api);
    admin.token = token;
    await admin.setConfig('session_idle_timeout', '120');
    const own = await login(server);
    const auth = { 'Session-Token': own };
    // Used 50 s after it was made: that use is not written to the database (at most once a
    // minute), so only memory knows it. 100 s later it is 150 s since the last written use,
    // 100 s since the last use: alive on every thread.
    clock.advance(50 * SECOND);
    expect((await call(server, 'GET', 'getActiveProfile', auth)).status).toBe(200);
    clock.advance(100 * SECOND);
    for (const res of await everyConnection(server, 'GET', 'getActiveProfile', auth)) expect(res.status).toBe(200);
    // Idle for longer than the timeout: ended, on every thread.
    clock.advance(121 * SECOND);
    for (const res of await everyConnection(server, 'GET', 'getActiveProfile', auth)) expect(res.status).toBe(401);
    await (await new Client(server.api).login()).setConfig('session_idle_timeout', '86400');
  });


  test('a session made, changed or killed on one connection is so on every other at once', async () => {
    // glpi gets a second profile to switch to: Self-Service (1) on the root entity.
    const grant = await call(server, 'POST', 'Profile_User/', { 'Session-Token': await login(server) }, { input: { users_id: 2, profiles_id: 1, entities_id: 0 } });
    expect(grant.status).toBe(201);
    const own = await login(server);
    const auth = { 'Session-Token': own };
    for (const res of await everyConnection(server, 'GET', 'getActiveProfile', auth)) expect(res.body.active_profile.id).toBe(4);
    // Self-Service (1) and back to Super-Admin (4), checked on new connections each time.
    for (const profile of [1, 4, 1]) {
      expect((await call(server, 'POST', 'changeActiveProfile', auth, { profiles_id: profile })).status).toBe(200);
      for (const res of await everyConnection(server, 'GET', 'getActiveProfile', auth)) expect(res.body.active_profile.id).toBe(profile);
    }
    expect((await call(server, 'POST', 'changeActiveProfile', auth, { profiles_id: 4 })).status).toBe(200);
    const entity = await call(server, 'POST', 'Entity/', auth, { input: { name: 'threaded-entity', entities_id: 0 } });
    expect(entity.status).toBe(201);
    for (const [id, recursive] of [[entity.body.id, false], [0, true], [entity.body.id, true]] as const) {
      expect((await call(server, 'POST', 'changeActiveEntities', auth, { entities_id: id, is_recursive: recursive })).status).toBe(200);
      for (const res of await everyConnection(server, 'GET', 'getActiveEntities', auth)) {
        expect(res.body.active_entity.id).toBe(id);
        expect(res.body.active_entity.active_entity_recursive).toBe(recursive);
      }
    }
    expect((await call(server, 'GET', 'killSession', auth)).status).toBe(200);
    for (const res of await everyConnection(server, 'GET', 'getActiveProfile', auth)) expect(res.status).toBe(401);
  });

});

describe(`--threads ${THREADS}: the limits are the server's, not each thread's`, () => {
  const clock = new TestClock(); // frozen: no bucket refills, no throttle delay runs out
  const PER_ADDRESS = 40;
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, ['--threads', String(THREADS), '--rate-limit-address', String(PER_ADDRESS), ...clock.args]);
  });
  afterAll(() => server.dispose());

  test('login throttling: five free failures for a login, then every connection waits', async () => {
    const wrong = { Authorization: basic('throttled-login', 'wrong') };
    for (let i = 0; i < 5; i++) expect((await call(server, 'GET', 'initSession', wrong)).status).toBe(401);
    // With a count per thread, some thread would still have free failures left.
    for (const res of await everyConnection(server, 'GET', 'initSession', wrong)) {
      expect(res.status).toBe(429);
      expect(res.body[0]).toBe('ERROR_GLPI_LOGIN');
    }
  });

  test('rate limit per address: the minute\'s requests are counted across threads', async () => {
    // The login test above used 5 + CONNECTIONS of this address's requests.
    const used = 5 + CONNECTIONS;
    const answers: RawResponse[] = [];
    for (let i = used; i < PER_ADDRESS; i++) answers.push(await call(server, 'GET', 'getMyProfiles'));
    expect(answers.map((r) => r.status).filter((s) => s === 429)).toEqual([]);
    for (const res of await everyConnection(server, 'GET', 'getMyProfiles')) {
      expect(res.status).toBe(429);
      expect(res.body[0]).toBe('ERROR_TOO_MANY_REQUESTS');
    }
    // A minute later the bucket is full again, for every thread.
    clock.advance(60 * SECOND);
    for (const res of await everyConnection(server, 'GET', 'getMyProfiles')) expect(res.status).not.toBe(429);
  });
});

describe('--threads', () => {
  test('a bad value stops the server with a clear message and exit code 2', async () => {
    for (const value of ['0', 'two', '65', '-1']) {
      const proc = Bun.spawn([process.execPath, 'server/main.ts', '--threads', value], { stdout: 'pipe', stderr: 'pipe' });
      expect(await proc.exited).toBe(2);
      expect(await new Response(proc.stderr).text()).toContain(`deskbase: invalid --threads "${value}" (a whole number of request-serving threads from 1 to 64)`);
    }
    const env = Bun.spawn([process.execPath, 'server/main.ts'], { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, DESKBASE_THREADS: '1.5' } });
    expect(await env.exited).toBe(2);
    expect(await new Response(env.stderr).text()).toContain('invalid --threads "1.5"');
  });
});
