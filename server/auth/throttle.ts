/**
 * Slows down password guessing: after a few failures from one address or for one login, each
 * attempt must wait; past a limit the key is locked out for a while. Kept in memory on purpose:
 * it protects a running server, and a restart is not something an attacker controls.
 */
const FREE_FAILURES = 5;
const LOCK_AFTER = 10;
const LOCK_MS = 15 * 60_000;
const WINDOW_MS = 15 * 60_000;

interface Entry {
  failures: number;
  last: number;
  lockedUntil: number;
}

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();

  /** Seconds the caller must wait before trying again, or 0. */
  retryAfter(keys: string[], now = Date.now()): number {
    let wait = 0;
    for (const key of keys) {
      const e = this.entries.get(key);
      if (!e || now - e.last > WINDOW_MS) continue;
      if (e.lockedUntil > now) wait = Math.max(wait, e.lockedUntil - now);
      else if (e.failures >= FREE_FAILURES) wait = Math.max(wait, e.last + this.delayMs(e.failures) - now);
    }
    return Math.max(0, Math.ceil(wait / 1000));
  }

  fail(keys: string[], now = Date.now()): void {
    for (const key of keys) {
      const e = this.entries.get(key);
      const entry = e && now - e.last <= WINDOW_MS ? e : { failures: 0, last: now, lockedUntil: 0 };
      entry.failures++;
      entry.last = now;
      if (entry.failures >= LOCK_AFTER) entry.lockedUntil = now + LOCK_MS;
      this.entries.set(key, entry);
    }
    if (this.entries.size > 100_000) this.prune(now);
  }

  succeed(keys: string[]): void {
    for (const key of keys) this.entries.delete(key);
  }

  /** 1 s after the free failures, doubling each time. */
  private delayMs(failures: number): number {
    return 1000 * 2 ** Math.min(failures - FREE_FAILURES, 8);
  }

  private prune(now: number): void {
    for (const [key, e] of this.entries) if (now - e.last > WINDOW_MS && e.lockedUntil < now) this.entries.delete(key);
  }
}
