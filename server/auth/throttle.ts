/**
 * Slows down password guessing: after a few failures for a key (one login from one address, one
 * address, one login from everywhere), each attempt must wait; past a limit the first two are
 * locked out for a while, the third never is (login.ts says why). Kept in memory on purpose:
 * it protects a running server, and a restart is not something an attacker controls. The memory
 * is shared by every request-serving thread (core/shared-table.ts), so the counts are the server's.
 */
import { now as clockNow } from '../core/clock';
import { createSharedTable, SharedTable, type SharedTableMemory } from '../core/shared-table';

/**
 * Failures let through, then waits from 1 s doubling each time up to `longestWaitMs`, then a lock
 * after `lockAfter` failures. By key prefix: `ip:` one address (more, since an office shares one),
 * `login:` one login from everywhere (never locked: anyone could lock its owner out), any other one
 * login from one address or one e-mail address (the guesser's own key).
 */
const LIMITS = {
  own: { free: 5, lockAfter: 10, longestWaitMs: 256_000 },
  ip: { free: 20, lockAfter: 100, longestWaitMs: 256_000 },
  login: { free: 10, lockAfter: Infinity, longestWaitMs: 60_000 },
};
const LOCK_MS = 15 * 60_000;
const WINDOW_MS = 15 * 60_000;

const limitsOf = (key: string) => (key.startsWith('ip:') ? LIMITS.ip : key.startsWith('login:') ? LIMITS.login : LIMITS.own);

const delayMs = (key: string, beyondFree: number) => Math.min(1000 * 2 ** Math.min(beyondFree, 8), limitsOf(key).longestWaitMs);

/** An entry's fields in the shared table. */
const FAILURES = 0;
const LAST = 1;
const LOCKED_UNTIL = 2;

/** Room for a million addresses and logins failing within 15 minutes. */
export const createThrottleEntries = (): SharedTableMemory => createSharedTable(1 << 20, 3);

export class LoginThrottle {
  private readonly entries: SharedTable;

  constructor(memory: SharedTableMemory = createThrottleEntries()) {
    this.entries = new SharedTable(memory);
  }

  /** Seconds the caller must wait before trying again, or 0. */
  retryAfter(keys: string[], now = clockNow()): number {
    const { values, fields } = this.entries;
    const wait = this.entries.locked(() => {
      let longest = 0;
      for (const key of keys) {
        const slot = this.entries.find(this.entries.keyOf(key));
        if (slot < 0) continue;
        const at = slot * fields;
        if (now - values[at + LAST]! > WINDOW_MS) continue;
        const { free } = limitsOf(key);
        if (values[at + LOCKED_UNTIL]! > now) longest = Math.max(longest, values[at + LOCKED_UNTIL]! - now);
        else if (values[at + FAILURES]! >= free) longest = Math.max(longest, values[at + LAST]! + delayMs(key, values[at + FAILURES]! - free) - now);
      }
      return longest;
    });
    return Math.max(0, Math.ceil(wait / 1000));
  }

  /** The failures counted for a key within the window. */
  failures(key: string, now = clockNow()): number {
    const { values, fields } = this.entries;
    return this.entries.locked(() => {
      const slot = this.entries.find(this.entries.keyOf(key));
      if (slot < 0 || now - values[slot * fields + LAST]! > WINDOW_MS) return 0;
      return values[slot * fields + FAILURES]!;
    });
  }

  /**
   * Counts a failure for each key. When the table is full of keys that failed within the window,
   * those whose last failure is oldest are forgotten: a failure is always counted, and a key under
   * attack, failing again and again, is among the last to go (forgetting it takes most of a
   * million other keys' failures between two of its own). Refusing every login instead (failing
   * closed) would let anyone with many addresses lock everyone out.
   */
  fail(keys: string[], now = clockNow()): void {
    const { values, fields } = this.entries;
    const expired = (slot: number) => now - values[slot * fields + LAST]! > WINDOW_MS && values[slot * fields + LOCKED_UNTIL]! < now;
    // A locked key counts as used until its lock ends: a flood of new keys cannot end a lockout early.
    const lastUsed = (slot: number) => Math.max(values[slot * fields + LAST]!, values[slot * fields + LOCKED_UNTIL]!);
    this.entries.locked(() => {
      for (const key of keys) {
        const hashed = this.entries.keyOf(key);
        let slot = this.entries.find(hashed);
        if (slot >= 0 && now - values[slot * fields + LAST]! > WINDOW_MS) values.fill(0, slot * fields, (slot + 1) * fields);
        if (slot < 0) slot = this.entries.insertEvicting(hashed, expired, lastUsed);
        const at = slot * fields;
        values[at + FAILURES]!++;
        values[at + LAST] = now;
        if (values[at + FAILURES]! >= limitsOf(key).lockAfter) values[at + LOCKED_UNTIL] = now + LOCK_MS;
      }
    });
  }

  succeed(keys: string[]): void {
    this.entries.locked(() => {
      for (const key of keys) {
        const slot = this.entries.find(this.entries.keyOf(key));
        if (slot >= 0) this.entries.remove(slot);
      }
    });
  }
}
