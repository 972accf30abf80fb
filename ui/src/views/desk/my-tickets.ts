import { loadMyTickets, type MyTickets as Loaded } from '../../data/desk';
import { useSession } from '../../data/session';
import { useApi } from '../../data/use-api';

/** My tickets, reloaded whenever the session's scope changes (none read while not `enabled`). */
export function useMyTickets(enabled = true): { tickets: Loaded | null; error: string } {
  const { scope } = useSession();
  const { data, error } = useApi(() => (enabled ? loadMyTickets() : Promise.resolve(null)), [scope, enabled]);
  return { tickets: data, error };
}
