import { now as clockNow } from '../core/clock';

/** Requests per minute allowed to one client address and to one session token; 0 turns a limit off. */
export interface RateLimits {
  perAddress: number;
  perSession: number;
}

/** Generous: a busy integration or a whole office behind one address stays far below them. */
export const DEFAULT_RATE_LIMITS: RateLimits = { perAddress: 60_000, perSession: 30_000 };

interface Bucket {
  tokens: number;
  updated: number;
}

/**
 * A token bucket per address and per session: each holds a minute's worth of requests and refills
 * continuously, so bursts pass and only a sustained flood waits. Kept in memory, like the login
 * throttle. Time comes from the injected clock.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly limits: RateLimits) {}

  /** Whether take() reads the client's address (finding it costs a little on every request). */
  get byAddress(): boolean {
    return this.limits.perAddress > 0;
  }

  /** Takes one request from the client's buckets: 0 when allowed, else the seconds to wait. */
  take(address: string, sessionToken: string): number {
    const now = clockNow();
    const keys: [string, number][] = [];
    if (this.limits.perAddress > 0) keys.push([`a:${address}`, this.limits.perAddress]);
    if (this.limits.perSession > 0 && sessionToken !== '') keys.push([`s:${Bun.hash(sessionToken).toString(36)}`, this.limits.perSession]);
    let wait = 0;
    const refilled = keys.map(([key, perMinute]) => {
      const bucket = this.buckets.get(key) ?? { tokens: perMinute, updated: now };
      bucket.tokens = Math.min(perMinute, bucket.tokens + ((now - bucket.updated) * perMinute) / 60_000);
      bucket.updated = now;
      if (bucket.tokens < 1) wait = Math.max(wait, Math.ceil(((1 - bucket.tokens) * 60) / perMinute));
      return [key, bucket] as const;
    });
    for (const [key, bucket] of refilled) {
      if (wait === 0) bucket.tokens -= 1; // a refused request costs nothing
      this.buckets.set(key, bucket);
    }
    if (this.buckets.size > 100_000) this.prune(now);
    return wait;
  }

  /** Forgets full buckets (clients idle for a minute or more). */
  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) if (now - bucket.updated >= 60_000) this.buckets.delete(key);
  }
}
