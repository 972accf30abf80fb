/**
 * Slows down password guessing: after a few failures from one address or for one login, each
 * attempt must wait; past a limit the key is locked out for a while. Kept in memory on purpose:
 * it protects a running server, and a restart is not something an attacker controls.
 */
import { now as clockNow } from '../core/clock';

/** Per login: a few free failures. Per address: more, since an office shares one address. */
const LIMITS = {
  login: { free: 5, lockAfter: 10 },
  ip: { free: 20, lockAfter: 100 },
};
const LOCK_MS = 15 * 60_000;
const WINDOW_MS = 15 * 60_000;

const limitsOf = (key: string) => (key.startsWith('ip:') ? LIMITS.ip : LIMITS.login);

/** 1 s after the free failures, doubling each time. */
const delayMs = (beyondFree: number) => 1000 * 2 ** Math.min(beyondFree, 8);

interface Entry {
  failures: number;
  last: number;
  lockedUntil: number;
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  /** Seconds the caller must wait before trying again, or 0. */
  retryAfter(keys: string[], now = clockNow()): number {
    let wait = 0;
    for (const key of keys) {
      const e = this.entries.get(key);
      if (!e || now - e.last > WINDOW_MS) continue;
      const { free } = limitsOf(key);
      if (e.lockedUntil > now) wait = Math.max(wait, e.lockedUntil - now);
      else if (e.failures >= free) wait = Math.max(wait, e.last + delayMs(e.failures - free) - now);
    }
    return Math.max(0, Math.ceil(wait / 1000));
  }

  fail(keys: string[], now = clockNow()): void {
    for (const key of keys) {
      const e = this.entries.get(key);
      const entry = e && now - e.last <= WINDOW_MS ? e : { failures: 0, last: now, lockedUntil: 0 };
      entry.failures++;
      entry.last = now;
      if (entry.failures >= limitsOf(key).lockAfter) entry.lockedUntil = now + LOCK_MS;
      this.entries.set(key, entry);
    }
    if (this.entries.size > 100_000) this.prune(now);
  }

  succeed(keys: string[]): void {
    for (const key of keys) this.entries.delete(key);
  }

  private prune(now: number): void {
    for (const [key, e] of this.entries) if (now - e.last > WINDOW_MS && e.lockedUntil < now) this.entries.delete(key);
  }
}
