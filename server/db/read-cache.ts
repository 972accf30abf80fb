import { openReadSnapshot, type Db } from './connection';
import { noteDependencies, noteRead, stillValid, tracked, type Dependencies } from './table-versions';

/**
 * Answers of read queries kept until a write to a table they read (table-versions.ts: the tables
 * named by the key and by the statements the read ran), in this process or another (which drops
 * them all), so they are exact. A key holding SQL that reads SQLite's clock (`'now'`: an SLA that
 * is late now) is never kept: its answer changes with time, not only with writes. Bounded: when
 * full, a cache starts again empty.
 */
const READS_CLOCK = "'now'";

/** Does this SQL read SQLite's clock (its answer then changes with time, so it is never kept)? */
export const readsClock = (sql: string): boolean => sql.includes(READS_CLOCK);

interface Entry<V> {
  value: V;
  deps: Dependencies;
}

export class VersionedCache<V> {
  private readonly entries = new WeakMap<Db, Map<string, Entry<V>>>();

  constructor(private readonly max: number) {}

  get(db: Db, key: string, read: () => V): V {
    openReadSnapshot(db); // the entry is checked against the state the request's next reads see
    let values = this.entries.get(db);
    if (!values) this.entries.set(db, (values = new Map()));
    const hit = values.get(key);
    if (hit !== undefined) {
      if (stillValid(hit.deps)) {
        noteDependencies(hit.deps); // a cached reply built from it depends on what it read
        return hit.value;
      }
      values.delete(key);
    }
    // The key names what the value depends on (the SQL, or the table and WHERE of a memo filled later).
    const { value, deps } = tracked(() => {
      noteRead(key);
      return read();
    });
    // A read that wrote (it cannot) or saw another commit start a new state is not kept.
    if (readsClock(key) || !stillValid(deps)) return value;
    if (values.size >= this.max) values.clear();
    values.set(key, { value, deps });
    return value;
  }
}

const reads = new VersionedCache<unknown>(5000);

export function cachedRead<T>(db: Db, sql: string, args: readonly (string | number)[], read: () => T): T {
  // JSON keeps the arguments apart whatever they hold (a joined list could make two lists one key).
  return reads.get(db, `${sql}\u0000${JSON.stringify(args)}`, read) as T;
}
