import type { ComponentChildren, FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../lib/i18n';
import { Notice } from './Notice';

type View<P> = (props: P) => ComponentChildren;

/**
 * A view whose code is a chunk of its own (vite splits each dynamic import() off), fetched the
 * first time the view shows, so the first visit does not download every screen. Until it arrives
 * the view says it is loading ('page': as a page of its own, 'panel': inside one); a chunk that
 * cannot be fetched (the server unreachable, or a newer console installed since this one loaded)
 * is an error the next mount retries. Once fetched, the view renders at once.
 */
export function lazy<P extends object>(load: () => Promise<View<P>>, placement: 'page' | 'panel'): FunctionComponent<P> {
  let loaded: View<P> | null = null;
  let loading: Promise<View<P>> | null = null;
  return function Lazy(props: P) {
    const [Loaded, setLoaded] = useState(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      // Also when the chunk arrived between this view's render and this effect: the settled
      // promise still hands it over (returning early on `loaded` here left the view loading).
      loading ??= load();
      loading.then(
        (view) => {
          loaded = view;
          setLoaded(() => view);
        },
        () => {
          loading = null;
          setFailed(true);
        },
      );
    }, []);
    if (Loaded) return <Loaded {...props} />;
    const waiting = failed ? <Notice kind="error">{t('This page could not be loaded: reload the console.')}</Notice> : <p role="status">{t('Loading…')}</p>;
    return placement === 'page' ? <div class="page">{waiting}</div> : waiting;
  };
}
