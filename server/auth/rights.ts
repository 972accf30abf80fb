import type { Itemtype } from '../registry';
import { profileCan, type Action } from '../registry/rights';
import { rightOf, type Scope } from './scope';

export { CREATE, DELETE, FOLLOWUP, PURGE, READ, READNOTE, TICKET, UPDATE, type Action } from '../registry/rights';

/** May the session's active profile do `action` on this itemtype at all (see profileCan)? */
export function classCan(scope: Scope, type: Itemtype, action: Action): boolean {
  return profileCan({ rightOf: (name) => rightOf(scope, name), helpdesk: scope.profile.interface === 'helpdesk' }, type, action);
}
