import { dataVersion, type Db } from './connection';

/**
 * Answers of read queries kept until the next write, in this process or another (both bump
 * dataVersion), so they are exact. Bounded: when full, the cache starts again empty.
 */
const MAX_ENTRIES = 5000;
const caches = new WeakMap<Db, Map<string, { version: number; value: unknown }>>();

export function cachedRead<T>(db: Db, sql: string, args: readonly (string | number)[], read: () => T): T {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  // JSON keeps the arguments apart whatever they hold (a joined list could make two lists one key).
  const key = `${sql}\u0000${JSON.stringify(args)}`;
  const hit = cache.get(key);
  if (hit && hit.version === dataVersion) return hit.value as T;
  const version = dataVersion;
  const value = read();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { version, value });
  return value;
}
