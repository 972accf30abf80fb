/**
 * The general request rate limit: per client address and per session token, a minute's worth of
 * requests as a burst, refilled continuously; beyond it 429 ERROR_TOO_MANY_REQUESTS with
 * Retry-After. The server runs on a test clock with small limits, so time passes only when the
 * test moves it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { request } from 'node:http';
import { TestClock } from '../support/clock';
import { startServer, type TestServer } from '../support/server';
import { basic, expectError } from './helpers';
import { ADMIN_PASSWORD } from '../support/server';

const clock = new TestClock();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({}, [...clock.args, '--rate-limit-address', '30', '--rate-limit-session', '12']);
});
afterAll(() => server.dispose());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/** A GET (or, with a JSON body, a POST) to the API from a chosen loopback address. */
function get(path: string, from: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  const url = new URL(`${server.api}/${path}`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) });
  const method = payload === undefined ? 'GET' : 'POST';
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: Number(url.port), method, path: url.pathname + url.search, localAddress: from, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : text }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const limited = (res: Answer, seconds: number) => {
  const headers = new Headers();
  for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
  expectError({ status: res.status, body: res.body, headers, text: JSON.stringify(res.body) }, 429, 'ERROR_TOO_MANY_REQUESTS');
  expect(res.headers['retry-after']).toBe(String(seconds));
  expect(res.body[1]).toBe(`Too many requests from this address or session; try again in ${seconds} seconds`);
};

describe('per address', () => {
  test('30 requests pass, the 31st is 429 with Retry-After; another address is not affected; a refill lets one more through', async () => {
    const from = '127.0.0.5';
    for (let i = 0; i < 30; i++) expect((await get('Computer/', from)).status).toBe(401);
    limited(await get('Computer/', from), 2); // 30 per minute: one every 2 s
    expect((await get('Computer/', '127.0.0.6')).status).toBe(401);
    limited(await get('Computer/', from), 2); // refused requests cost nothing, and do not lengthen the wait
    clock.advance(2000);
    expect((await get('Computer/', from)).status).toBe(401);
    limited(await get('Computer/', from), 2);
    clock.advance(60_000);
    for (let i = 0; i < 30; i++) expect((await get('Computer/', from)).status).toBe(401);
    limited(await get('Computer/', from), 2);
  });

  test('/health and the console are not limited', async () => {
    const from = '127.0.0.5';
    limited(await get('Computer/', from), 2);
    const url = new URL(server.origin);
    const health = await new Promise<number>((resolve, reject) =>
      request({ host: url.hostname, port: Number(url.port), path: '/health', localAddress: from }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end(),
    );
    expect(health).toBe(200);
  });
});

describe('per session', () => {
  test('one session token is held to its own limit, whatever the addresses; another session is not', async () => {
    clock.advance(60_000);
    const login = await get('initSession', '127.0.0.7', { Authorization: basic('glpi', ADMIN_PASSWORD) });
    const other = await get('initSession', '127.0.0.8', { Authorization: basic('glpi', ADMIN_PASSWORD) });
    const token = login.body.session_token as string;
    const addresses = ['127.0.0.7', '127.0.0.9', '127.0.0.10'];
    for (let i = 0; i < 12; i++) expect((await get('getMyProfiles', addresses[i % 3]!, { 'Session-Token': token })).status).toBe(200);
    limited(await get('getMyProfiles', '127.0.0.11', { 'Session-Token': token }), 5); // 12 per minute: one every 5 s
    expect((await get('getMyProfiles', '127.0.0.7', { 'Session-Token': other.body.session_token })).status).toBe(200);
    clock.advance(5000);
    expect((await get('getMyProfiles', '127.0.0.7', { 'Session-Token': token })).status).toBe(200);
  });

  test('a token given as the session_token parameter, in the query or the body, counts as the header does', async () => {
    clock.advance(60_000);
    const token = (await get('initSession', '127.0.0.12', { Authorization: basic('glpi', ADMIN_PASSWORD) })).body.session_token as string;
    const ways = [
      () => get('getMyProfiles', '127.0.0.12', { 'Session-Token': token }),
      () => get(`getMyProfiles?session_token=${token}`, '127.0.0.13'),
      () => get('getMyProfiles', '127.0.0.14', {}, { session_token: token }),
    ];
    for (let i = 0; i < 12; i++) expect((await ways[i % 3]!()).status).toBe(200);
    for (const way of ways) limited(await way(), 5);
    // A body that cannot be read still counts against the token of the query.
    limited(await get(`getMyProfiles?session_token=${token}`, '127.0.0.15', { 'Content-Type': 'application/json', 'Content-Length': '1' }, undefined), 5);
  });
});
