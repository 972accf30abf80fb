import { now as clockNow } from '../core/clock';
import { createSharedTable, SharedTable, type SharedTableMemory } from '../core/shared-table';

/** Requests per minute allowed to one client address and to one session token; 0 turns a limit off. */
export interface RateLimits {
  perAddress: number;
  perSession: number;
}

/** Generous: a busy integration or a whole office behind one address stays far below them. */
export const DEFAULT_RATE_LIMITS: RateLimits = { perAddress: 60_000, perSession: 30_000 };

/** A bucket's fields in the shared table. */
const TOKENS = 0;
const UPDATED = 1;

/** Room for a million clients active within a minute; the table grows as they come (core/shared-table.ts). */
export const createRateBuckets = (): SharedTableMemory => createSharedTable(1 << 20, 2);

/**
 * A token bucket per address and per session: each holds a minute's worth of requests and refills
 * continuously, so bursts pass and only a sustained flood waits. The buckets live in memory shared
 * by every request-serving thread (core/shared-table.ts), so the limit is the server's, whatever
 * thread a request lands on. Time comes from the injected clock. When the table is full of
 * clients active this minute, the least recently active ones are forgotten (their buckets refill
 * at once, as after a minute's rest): a new client is still limited, and a flooding one, being
 * recent, keeps its bucket.
 */
export class RateLimiter {
  private readonly buckets: SharedTable;

  constructor(
    private readonly limits: RateLimits,
    memory: SharedTableMemory = createRateBuckets(),
  ) {
    this.buckets = new SharedTable(memory);
  }

  /** Whether take() reads the client's address (finding it costs a little on every request). */
  get byAddress(): boolean {
    return this.limits.perAddress > 0;
  }

  /** Takes one request from the client's buckets: 0 when allowed, else the seconds to wait. */
  take(address: string, sessionToken: string): number {
    const keys: [bigint, number][] = [];
    if (this.limits.perAddress > 0) keys.push([this.buckets.keyOf(`a:${address}`), this.limits.perAddress]);
    if (this.limits.perSession > 0 && sessionToken !== '') keys.push([this.buckets.keyOf(`s:${sessionToken}`), this.limits.perSession]);
    if (keys.length === 0) return 0;
    const now = clockNow();
    const { values, fields } = this.buckets;
    // Idle for a minute or more: the bucket is full again, as if never used.
    const expired = (slot: number) => now - values[slot * fields + UPDATED]! >= 60_000;
    const lastUsed = (slot: number) => values[slot * fields + UPDATED]!;
    return this.buckets.locked(() => {
      let wait = 0;
      for (const [key, perMinute] of keys) {
        let slot = this.buckets.find(key);
        if (slot < 0) {
          slot = this.buckets.insertEvicting(key, expired, lastUsed);
          values[slot * fields + TOKENS] = perMinute;
          values[slot * fields + UPDATED] = now;
        }
        const at = slot * fields;
        values[at + TOKENS] = Math.min(perMinute, values[at + TOKENS]! + ((now - values[at + UPDATED]!) * perMinute) / 60_000);
        values[at + UPDATED] = now;
        if (values[at + TOKENS]! < 1) wait = Math.max(wait, Math.ceil(((1 - values[at + TOKENS]!) * 60) / perMinute));
      }
      // A refused request costs nothing. Each bucket is found again: inserting the second key may
      // prune, and a removal moves later entries, the first key's among them.
      if (wait > 0) return wait;
      for (const [key] of keys) {
        const slot = this.buckets.find(key);
        if (slot >= 0) values[slot * fields + TOKENS]! -= 1;
      }
      return wait;
    });
  }
}
