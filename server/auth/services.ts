import { Directory } from './directory';
import { SessionManager } from './sessions';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimits } from './rate-limit';
import { LoginThrottle } from './throttle';
import type { Store } from '../db';
import { Statistics } from '../db/statistics';
import { externalWriteCheck } from '../db/external-writes';

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
  /** Drops the caches when another process (deskbase admin) committed; run before each request. */
  noticeExternalWrites: () => void;
}

export function createServices(store: Store, rateLimits: RateLimits = DEFAULT_RATE_LIMITS): Services {
  const directory = new Directory(store.db);
  const sessions = new SessionManager(store.db, () => store.settings.number('session_idle_timeout') * 1000);
  return {
    store,
    directory,
    sessions,
    throttle: new LoginThrottle(),
    rateLimiter: new RateLimiter(rateLimits),
    statistics: new Statistics(store.db),
    noticeExternalWrites: externalWriteCheck(store.db, () => {
      directory.invalidate();
      store.settings.invalidate();
      sessions.forgetCached();
    }),
  };
}
