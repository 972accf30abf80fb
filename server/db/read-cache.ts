import { dataVersion, openReadSnapshot, type Db } from './connection';

/**
 * Answers of read queries kept until the next write, in this process or another (both bump
 * dataVersion), so they are exact. A key holding SQL that reads SQLite's clock (`'now'`: an SLA
 * that is late now) is never kept: its answer changes with time, not only with writes. Bounded:
 * when full, a cache starts again empty.
 */
const READS_CLOCK = "'now'";

export class VersionedCache<V> {
  private readonly entries = new WeakMap<Db, { version: number; values: Map<string, V> }>();

  constructor(private readonly max: number) {}

  get(db: Db, key: string, read: () => V): V {
    openReadSnapshot(db); // the entry is checked against the state the request's next reads see
    let cache = this.entries.get(db);
    // Entries of an older state never answer again: they go at once, not when the cache fills.
    if (!cache || cache.version !== dataVersion) this.entries.set(db, (cache = { version: dataVersion, values: new Map() }));
    const hit = cache.values.get(key);
    if (hit !== undefined || cache.values.has(key)) return hit as V;
    const value = read();
    // A read that wrote (it cannot) or saw another commit start a new state is not kept.
    if (key.includes(READS_CLOCK) || cache.version !== dataVersion) return value;
    if (cache.values.size >= this.max) cache.values.clear();
    cache.values.set(key, value);
    return value;
  }
}

const reads = new VersionedCache<unknown>(5000);

export function cachedRead<T>(db: Db, sql: string, args: readonly (string | number)[], read: () => T): T {
  // JSON keeps the arguments apart whatever they hold (a joined list could make two lists one key).
  return reads.get(db, `${sql}\u0000${JSON.stringify(args)}`, read) as T;
}
