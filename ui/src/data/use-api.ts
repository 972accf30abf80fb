import { useCallback, useEffect, useState } from 'preact/hooks';
import { errorText } from './api';

/** What a screen shows of one load: the last answer, the error it failed with, whether one is pending. */
export interface Loaded<T> {
  data: T | null;
  error: string;
  loading: boolean;
  /** Runs `load` again with the same inputs. */
  reload: () => void;
}

/**
 * Runs `load` when its inputs (`deps`) change and on `reload`. An answer that comes after the inputs
 * changed again, or after the screen closed, is dropped; the last answer stays shown until the next
 * one comes, so a refresh does not blank the page.
 */
export function useApi<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setError('');
    setLoading(true);
    load()
      .then((value) => {
        if (!live) return;
        setData(value);
        setLoading(false);
      })
      .catch((e: unknown) => {
        if (!live) return;
        setError(errorText(e));
        setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, error, loading, reload };
}

/**
 * An editable copy of loaded data (a form's values): taken from `source` again whenever `source`
 * changes (a new load), in the same render, so a form never shows values of the previous load.
 */
export function useDraft<S, D>(source: S, init: (source: S) => D): [D, (change: (draft: D) => D) => void] {
  const [state, setState] = useState<{ source: S; draft: D }>(() => ({ source, draft: init(source) }));
  const draft = state.source === source ? state.draft : init(source);
  const change = (update: (draft: D) => D) => setState((s) => ({ source, draft: update(s.source === source ? s.draft : init(source)) }));
  return [draft, change];
}
