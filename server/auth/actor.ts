import type { Scope } from './scope';
import type { SessionRecord } from './sessions';
import type { Services } from './services';

/**
 * Who acts, as the floors below api/ see them: the services (database, directory, settings, the
 * clock through them), the session and its scope. A request's SessionContext is one, so handlers
 * pass it through without building anything; nothing below api/ sees the request itself.
 */
export interface Actor {
  services: Services;
  session: SessionRecord;
  scope: Scope;
}
