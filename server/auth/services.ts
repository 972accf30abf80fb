import { Directory } from './directory';
import { SessionManager } from './sessions';
import { createRateBuckets, DEFAULT_RATE_LIMITS, RateLimiter, type RateLimits } from './rate-limit';
import { createThrottleEntries, LoginThrottle } from './throttle';
import { createTouchEntries, SessionTouches } from './session-touches';
import type { Store } from '../db';
import { forgetTableRows, Statistics } from '../db/statistics';
import type { SharedTableMemory } from '../core/shared-table';
import { externalWriteCheck } from '../db/external-writes';
import { createCommitJournal } from '../db/commit-journal';
import { shareCommitJournal, stopMarkingCommits } from '../db/connection';
import { hashPassword } from '../core/secrets';
import { setNarrowTables } from '../db/table-versions';
import { allAssetTypes, itemtypeOrThrow } from '../registry';

/** Long-lived state shared by every request. */
export interface Services {
  store: Store;
  directory: Directory;
  sessions: SessionManager;
  throttle: LoginThrottle;
  /** Per-address and per-session request rate limit of /apirest.php. */
  rateLimiter: RateLimiter;
  /** Keeps the query planner's table statistics fresh. */
  statistics: Statistics;
  /** Drops the caches when another thread or process committed; run before each request and when its snapshot opens. */
  noticeExternalWrites: () => void;
  /**
   * Each request's synchronous part runs in one read snapshot, opened at its first read
   * (db/connection.ts inReadSnapshot): with several request-serving threads, whose commits may
   * land between any two reads.
   */
  snapshotPerRequest: boolean;
  /** Hashes a password being set through the API (argon2id; a test counts the calls). */
  hashPassword: (password: string) => Promise<string>;
}

/**
 * The memory every request-serving thread shares: the limits hold for the whole server, and a
 * session's idle clock follows its uses on every thread. Made once, by the primary thread.
 */
export interface SharedState {
  rateBuckets: SharedTableMemory;
  throttle: SharedTableMemory;
  sessionTouches: SharedTableMemory;
  /** Write commits of all the threads, with their tables (db/commit-journal.ts); null on one thread. */
  commits: SharedArrayBuffer | null;
}

export function createSharedState(threads = 1): SharedState {
  return { rateBuckets: createRateBuckets(), throttle: createThrottleEntries(), sessionTouches: createTouchEntries(), commits: threads > 1 ? createCommitJournal() : null };
}

/**
 * The services of one of the server's `threads` request-serving threads, on its own connection.
 * `primary`: this thread refreshes the planner's statistics on a timer (one thread is enough:
 * they are in the database).
 */
export function createServices(store: Store, rateLimits: RateLimits = DEFAULT_RATE_LIMITS, shared = createSharedState(), primary = true, threads = 1): Services {
  stopMarkingCommits(); // a server's threads share the commit journal instead (db/connection.ts)
  if (threads > 1 && shared.commits !== null) shareCommitJournal(shared.commits);
  setNarrowTables(narrowlyCountedTables());
  const directory = new Directory(store.db);
  const sessions = new SessionManager(store.db, () => store.settings.number('session_idle_timeout') * 1000, new SessionTouches(shared.sessionTouches));
  return {
    store,
    directory,
    sessions,
    throttle: new LoginThrottle(shared.throttle),
    rateLimiter: new RateLimiter(rateLimits, shared.rateBuckets),
    statistics: new Statistics(store.db, primary),
    // Another thread's or process's commit: what this thread keeps from the database is stale.
    noticeExternalWrites: externalWriteCheck(store.db, () => {
      directory.invalidate();
      store.settings.invalidate();
      sessions.forgetCached();
      forgetTableRows(store.db);
    }),
    snapshotPerRequest: threads > 1,
    hashPassword,
  };
}

/**
 * The tables whose writes drop only the cached reads of them (db/table-versions.ts): the items a
 * busy desk writes all day (assets, tickets, problems, changes), their history, and the automatic
 * actions' marks of their last run (written every minute: counted together, each of those runs
 * dropped every cached answer). Nothing outside the versioned caches memoises them (the
 * directory, settings, rules and session caches hold users, profiles, entities and
 * configuration, whose writes still drop every cached read).
 */
function narrowlyCountedTables(): string[] {
  const itil = ['Ticket', 'Problem', 'Change'].map((name) => itemtypeOrThrow(name).table);
  return [...allAssetTypes().map((type) => type.table), ...itil, 'glpi_logs', itemtypeOrThrow('CronTask').table];
}
