import { useEffect, useState } from 'preact/hooks';
import { errorText } from '../../data/api';
import { loadMyTickets, type MyTickets as Loaded } from '../../data/desk';
import { useSession } from '../../data/session';

/** My tickets, reloaded whenever the session's scope changes. */
export function useMyTickets(enabled = true): { tickets: Loaded | null; error: string } {
  const { scope } = useSession();
  const [tickets, setTickets] = useState<Loaded | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loadMyTickets().then(
      (loaded) => live && setTickets(loaded),
      (e) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [scope, enabled]);
  return { tickets, error };
}
