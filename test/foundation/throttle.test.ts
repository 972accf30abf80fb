/**
 * Repeated failed logins are slowed down, then refused with 429 ERROR_GLPI_LOGIN and Retry-After:
 * one login from one address after 5 failures (locked after 10), one address after 20 (an office
 * shares one address); one login failing from everywhere slows only addresses that failed for it,
 * and never locks. This file has its own server, on a test clock; other loopback addresses
 * (127.0.0.2, 127.0.0.3, 127.0.0.4) stand for other clients.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { request } from 'node:http';
import { LoginThrottle } from '../../server/auth/throttle';
import { TestClock } from '../support/clock';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../support/server';
import { basic, expectError } from './helpers';

// The server's time stands still unless a test moves it: waits never depend on argon2's speed.
const clock = new TestClock();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({}, clock.args);
});
afterAll(() => server.dispose());

interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** GET initSession from a chosen local address. */
function initSession(authorization: string, from = '127.0.0.1'): Promise<Answer> {
  const url = new URL(`${server.api}/initSession`);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: Number(url.port), path: url.pathname, localAddress: from, headers: { Authorization: authorization } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
          resolve({ status: res.statusCode ?? 0, headers, text, body: text ? JSON.parse(text) : text });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const wrong = (login: string) => basic(login, 'not-the-password');
const admin = basic('glpi', ADMIN_PASSWORD);

function expectThrottled(res: Answer): number {
  expectError(res, 429, 'ERROR_GLPI_LOGIN');
  const retry = res.headers.get('retry-after');
  expect(retry).toMatch(/^\d+$/);
  expect(Number(retry)).toBeGreaterThanOrEqual(1);
  expect(res.body[1]).toContain(`${retry} seconds`);
  return Number(retry);
}

describe('login throttle over the API', () => {
  test('five failures are answered 401, the sixth at once is 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i++) expectError(await initSession(wrong('throttle-a')), 401, 'ERROR_GLPI_LOGIN');
    expect(expectThrottled(await initSession(wrong('throttle-a')))).toBe(1);
  });

  // Right after the first test, while throttle-a's one-second wait runs (whatever the machine's speed).
  test('the throttled login is free from another address, and so is that address', async () => {
    expectError(await initSession(wrong('throttle-a'), '127.0.0.2'), 401, 'ERROR_GLPI_LOGIN');
    const ok = await initSession(admin, '127.0.0.2');
    expect(ok.status).toBe(200);
    expect(ok.body.session_token).toMatch(/^[0-9a-f]{40}$/);
  });

  test('an address failing 20 times (any logins) is throttled: even the right password and tokens wait', async () => {
    const from = '127.0.0.3';
    for (let i = 0; i < 20; i++) expectError(await initSession(wrong(`spray-${i}`), from), 401, 'ERROR_GLPI_LOGIN');
    expectThrottled(await initSession(admin, from));
    expectThrottled(await initSession('user_token 0123456789abcdef0123456789abcdef01234567', from));
    // 127.0.0.1 failed only for one login: its other users are not held up.
    expect((await initSession(admin)).status).toBe(200);
  });

  test('after Retry-After one more attempt is let through; the wait then doubles', async () => {
    clock.advance(1000);
    expect((await initSession(admin)).status).toBe(200);
    // The login throttle-a still has its five failures: one more try, then two seconds.
    expectError(await initSession(wrong('throttle-a')), 401, 'ERROR_GLPI_LOGIN');
    expect(expectThrottled(await initSession(wrong('throttle-a')))).toBe(2);
    // Other logins from the same address are not affected.
    expectError(await initSession(wrong('throttle-b')), 401, 'ERROR_GLPI_LOGIN');
    expect((await initSession(admin)).status).toBe(200);
  });
});

describe('a login locked from one address', () => {
  test('ten failures lock glpi for 15 minutes from 127.0.0.1 only: its owner signs in from 127.0.0.2', async () => {
    for (let i = 0; i < 5; i++) expectError(await initSession(wrong('glpi')), 401, 'ERROR_GLPI_LOGIN');
    for (const wait of [1, 2, 4, 8]) {
      expect(expectThrottled(await initSession(wrong('glpi')))).toBe(wait);
      clock.advance(wait * 1000);
      expectError(await initSession(wrong('glpi')), 401, 'ERROR_GLPI_LOGIN');
    }
    expect(expectThrottled(await initSession(admin))).toBe(16);
    clock.advance(16_000);
    expectError(await initSession(wrong('glpi')), 401, 'ERROR_GLPI_LOGIN');
    // Ten failures from 127.0.0.1: locked there, even for the right password.
    expect(expectThrottled(await initSession(admin))).toBe(15 * 60);
    const owner = await initSession(admin, '127.0.0.2');
    expect(owner.status).toBe(200);
    expect(owner.body.session_token).toMatch(/^[0-9a-f]{40}$/);
  });

  test('past ten failures from everywhere, an address that failed for the login waits (never locked); a fresh one does not', async () => {
    // 127.0.0.4 fails once: glpi has 11 failures from everywhere, one past the ten let through.
    expectError(await initSession(wrong('glpi'), '127.0.0.4'), 401, 'ERROR_GLPI_LOGIN');
    expect(expectThrottled(await initSession(admin, '127.0.0.4'))).toBe(2);
    expect((await initSession(admin, '127.0.0.5')).status).toBe(200);
    clock.advance(2000);
    expect((await initSession(admin, '127.0.0.4')).status).toBe(200);
    // The lock from 127.0.0.1 holds for its 15 minutes, then ends.
    expectThrottled(await initSession(admin));
    clock.advance(15 * 60_000);
    expect((await initSession(admin)).status).toBe(200);
  });
});

describe('LoginThrottle (clock-driven)', () => {
  const keys = ['ip:203.0.113.9', 'own:victim\u0000203.0.113.9'];

  test('5 free failures, then waits of 1, 2, 4, 8, 16 s, then a 15 minute lock', () => {
    const t = new LoginThrottle();
    let now = 1_000_000;
    for (let i = 0; i < 5; i++) {
      expect(t.retryAfter(keys, now)).toBe(0);
      t.fail(keys, now);
    }
    for (const wait of [1, 2, 4, 8, 16]) {
      expect(t.retryAfter(keys, now)).toBe(wait);
      now += wait * 1000;
      expect(t.retryAfter(keys, now)).toBe(0);
      t.fail(keys, now);
    }
    // Tenth failure: locked for 15 minutes, whatever the password.
    expect(t.retryAfter(keys, now)).toBe(15 * 60);
    expect(t.retryAfter([keys[1]!], now + 14 * 60_000)).toBe(60);
    expect(t.retryAfter(keys, now + 15 * 60_000 + 1)).toBe(0);
  });

  test('one login from everywhere: 10 free failures, then waits doubling up to a minute, never a lock', () => {
    const t = new LoginThrottle();
    const everywhere = ['login:victim'];
    let now = 1_000_000;
    for (let i = 0; i < 10; i++) t.fail(everywhere, now);
    for (const wait of [1, 2, 4, 8, 16, 32, 60, 60, 60, 60, 60]) {
      expect(t.retryAfter(everywhere, now)).toBe(wait);
      now += wait * 1000;
      t.fail(everywhere, now);
    }
    expect(t.failures('login:victim', now)).toBe(21);
    expect(t.retryAfter(everywhere, now)).toBe(60);
  });

  test('a success clears the keys; other keys are never affected', () => {
    const t = new LoginThrottle();
    for (let i = 0; i < 7; i++) t.fail(keys, 5_000);
    expect(t.retryAfter(keys, 5_000)).toBe(4); // two beyond the five free: 4 s;
    expect(t.retryAfter(['ip:198.51.100.1', 'login:someone'], 5_000)).toBe(0);
    t.succeed(keys);
    expect(t.retryAfter(keys, 5_000)).toBe(0);
  });

  test('failures older than the window are forgotten', () => {
    const t = new LoginThrottle();
    for (let i = 0; i < 6; i++) t.fail(keys, 0);
    expect(t.retryAfter(keys, 1)).toBe(2); // one beyond the five free: 2 s from the last failure;
    expect(t.retryAfter(keys, 16 * 60_000)).toBe(0);
  });
});
