import { dataVersion, openReadSnapshot, type Db } from './connection';

/**
 * Answers of read queries kept until the next write, in this process or another (both bump
 * dataVersion), so they are exact. A key holding SQL that reads SQLite's clock (`'now'`: an SLA
 * that is late now) is never kept: its answer changes with time, not only with writes. Bounded:
 * when full, a cache starts again empty.
 */
const READS_CLOCK = "'now'";

export class VersionedCache<V> {
  private readonly entries = new WeakMap<Db, Map<string, { version: number; value: V }>>();

  constructor(private readonly max: number) {}

  get(db: Db, key: string, read: () => V): V {
    let cache = this.entries.get(db);
    if (!cache) this.entries.set(db, (cache = new Map()));
    openReadSnapshot(db); // the entry is checked against the state the request's next reads see
    const hit = cache.get(key);
    if (hit && hit.version === dataVersion) return hit.value;
    const version = dataVersion;
    const value = read();
    if (key.includes(READS_CLOCK)) return value;
    if (cache.size >= this.max) cache.clear();
    cache.set(key, { version, value });
    return value;
  }
}

const reads = new VersionedCache<unknown>(5000);

export function cachedRead<T>(db: Db, sql: string, args: readonly (string | number)[], read: () => T): T {
  // JSON keeps the arguments apart whatever they hold (a joined list could make two lists one key).
  return reads.get(db, `${sql}\u0000${JSON.stringify(args)}`, read) as T;
}
