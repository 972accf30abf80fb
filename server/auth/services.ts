import { Directory } from './directory';
import { SessionManager } from './sessions';
import { LoginThrottle } from './throttle';
import type { Store } from '../db';
import { Statistics } from '../db/statistics';

/** Long-lived state shared by every request. */
export interface Services {
  store: Store;
  directory: Directory;
  sessions: SessionManager;
  throttle: LoginThrottle;
  /** Keeps the query planner's table statistics fresh. */
  statistics: Statistics;
}

export function createServices(store: Store): Services {
  return {
    store,
    directory: new Directory(store.db),
    sessions: new SessionManager(store.db, () => store.settings.number('session_idle_timeout') * 1000),
    throttle: new LoginThrottle(),
    statistics: new Statistics(store.db),
  };
}
