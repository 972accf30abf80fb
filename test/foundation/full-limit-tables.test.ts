/**
 * The shared tables behind the rate limit and the login throttle, made tiny (16 entries, passed
 * in as the servers pass their million-entry ones): a full table forgets its least recently used
 * clients instead of letting a new one pass unseen, and a request is charged to its own buckets
 * even when inserting one of them moves the other.
 */
import { afterEach, describe, expect, test } from 'bun:test';
import { RateLimiter } from '../../server/auth/rate-limit';
import { LoginThrottle } from '../../server/auth/throttle';
import { setClock, systemClock } from '../../server/core/clock';
import { createSharedTable, SharedTable } from '../../server/core/shared-table';

const T0 = Date.UTC(2026, 0, 5, 9);
let time = T0;
setClock({ now: () => time });
afterEach(() => {
  time = T0;
});
process.on('exit', () => setClock(systemClock));

/** A table of 16 entries: it prunes at 12 and is full at 14. */
const tinyTable = (fields: number) => createSharedTable(16, fields);

describe('rate limit on a full table', () => {
  test('a new client is limited and the most recent clients keep their buckets; the least recent are forgotten', () => {
    const limiter = new RateLimiter({ perAddress: 2, perSession: 0 }, tinyTable(2));
    // 14 clients active within the minute, one a second: the table is full of live buckets.
    for (let i = 0; i < 14; i++) {
      time = T0 + i * 1000;
      expect(limiter.take(`10.0.0.${i}`, '')).toBe(0);
    }
    time = T0 + 14_000;
    expect(limiter.take('10.9.9.9', '')).toBe(0);
    expect(limiter.take('10.9.9.9', '')).toBe(0);
    expect(limiter.take('10.9.9.9', '')).toBe(30); // 2 a minute: the next token in 30 s;
    // The latest of the 14 still has one request left, then waits.
    expect(limiter.take('10.0.0.13', '')).toBe(0);
    expect(limiter.take('10.0.0.13', '')).toBe(29); // a second of refill already counted;
    // The first one was forgotten: a full bucket again.
    expect(limiter.take('10.0.0.0', '')).toBe(0);
    expect(limiter.take('10.0.0.0', '')).toBe(0);
    expect(limiter.take('10.0.0.0', '')).toBe(30);
  });

  test("inserting the session's bucket prunes the table and moves the address's bucket: the address is still charged", () => {
    const memory = tinyTable(2);
    const limiter = new RateLimiter({ perAddress: 2, perSession: 100 }, memory);
    const table = new SharedTable(memory);
    const home = (key: string) => Number(table.keyOf(key) & 15n);
    const address = '10.1.0.1';
    const names = Array.from({ length: 2000 }, (_, i) => `10.2.${i >> 8}.${i & 255}`);
    // An old client whose bucket sits in the address's home slot, and ten other old clients.
    const old = names.find((name) => home(`a:${name}`) === home(`a:${address}`))!;
    const others = names.filter((name) => name !== old).slice(0, 10);
    for (const name of [old, ...others]) expect(limiter.take(name, '')).toBe(0);
    // A minute later they are all expired; the address's bucket goes after the old one's (11 to 12 entries).
    time = T0 + 60_000;
    expect(limiter.take(address, '')).toBe(0);
    const before = table.find(table.keyOf(`a:${address}`));
    expect(home(`a:${address}`)).not.toBe(before);
    // Its session's new bucket makes 12: the insert prunes, and the address's bucket moves home.
    expect(limiter.take(address, 'session-token')).toBe(0);
    expect(table.find(table.keyOf(`a:${address}`))).toBe(home(`a:${address}`));
    // Both requests were charged to the address: 2 a minute, so the third waits.
    expect(limiter.take(address, '')).toBe(30);
  });
});

describe('login throttle on a full table', () => {
  test('a failure is always counted; the keys whose last failure is oldest are forgotten', () => {
    const throttle = new LoginThrottle(tinyTable(3));
    // 14 logins locked out from one address (10 failures each; a login alone is never locked), one a second: the table is full of live entries.
    for (let i = 0; i < 14; i++) for (let n = 0; n < 10; n++) throttle.fail([`own:user${i}\u0000127.0.0.1`], T0 + i * 1000);
    const now = T0 + 20_000;
    for (let n = 0; n < 10; n++) throttle.fail(['own:target\u0000127.0.0.1'], now);
    expect(throttle.retryAfter(['own:target\u0000127.0.0.1'], now)).toBe(15 * 60);
    expect(throttle.retryAfter(['own:user13\u0000127.0.0.1'], now)).toBe(15 * 60 - 7);
    expect(throttle.retryAfter(['own:user0\u0000127.0.0.1'], now)).toBe(0);
  });

  test('a locked login outlives a flood of newer single failures: its lockout does not end early', () => {
    const throttle = new LoginThrottle(tinyTable(3));
    for (let n = 0; n < 10; n++) throttle.fail(['own:target\u0000127.0.0.1'], T0);
    // 14 other logins fail once each, later: the table fills and evicts its least recent keys.
    for (let i = 0; i < 14; i++) throttle.fail([`own:flood${i}\u0000127.0.0.1`], T0 + (i + 1) * 1000);
    const now = T0 + 20_000;
    expect(throttle.retryAfter(['own:target\u0000127.0.0.1'], now)).toBe(15 * 60 - 20);
  });
});
