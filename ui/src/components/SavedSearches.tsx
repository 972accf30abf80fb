import { useState } from 'preact/hooks';
import { api, errorText, type Item } from '../data/api';
import { t } from '../lib/i18n';
import { href } from '../lib/router';
import { fromQuery, saveSearch, savedSearches, type SearchState } from '../data/savedsearch';
import { useSession } from '../data/session';
import { useApi } from '../data/use-api';
import { Notice } from './Notice';

/** The search view's URL for a search state (loading a saved search is following it). */
export function searchHref(itemtype: string, state: SearchState, start = 0): string {
  return href(['search', itemtype], {
    c: state.criteria.length ? JSON.stringify(state.criteria) : undefined,
    cols: state.cols.length ? state.cols.join(',') : undefined,
    sort: state.sort || undefined,
    order: state.sort ? state.order : undefined,
    start: start || undefined,
  });
}

/** The user's saved searches of an itemtype (GLPI's SavedSearch rows): load, save the current one, delete. */
export function SavedSearches({ itemtype, current }: { itemtype: string; current: SearchState }) {
  const { info, scope } = useSession();
  const loaded = useApi(() => savedSearches(itemtype, info.userId), [itemtype, scope]);
  const saved = loaded.data;
  const [name, setName] = useState('');
  const [written, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const message = loaded.error ? { kind: 'error' as const, text: loaded.error } : written;

  const save = async (e: Event) => {
    e.preventDefault();
    if (!name.trim()) return;
    try {
      await saveSearch(itemtype, name.trim(), current, info.userId);
      setMessage({ kind: 'success', text: t('Search "{name}" saved.', { name: name.trim() }) });
      setName('');
      loaded.reload();
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error) });
    }
  };
  const remove = async (search: Item) => {
    try {
      await api.remove('SavedSearch', search.id, true);
      loaded.reload();
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error) });
    }
  };

  return (
    <section class="saved-searches" aria-labelledby="saved-searches">
      <h2 id="saved-searches">{t('Saved searches')}</h2>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {saved && !saved.length && <p class="muted">{t('No saved search yet.')}</p>}
      {saved && saved.length > 0 && (
        <ul class="recent" aria-label={t('Saved searches')}>
          {saved.map((s) => (
            <li key={s.id}>
              <a href={searchHref(itemtype, fromQuery(String(s.query ?? '')))}>{String(s.name || `#${s.id}`)}</a>{' '}
              {Number(s.users_id) === info.userId && (
                <button type="button" class="link" aria-label={t('Delete saved search {name}', { name: String(s.name) })} onClick={() => void remove(s)}>
                  {t('Delete')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form class="inline-form" onSubmit={(e) => void save(e)}>
        <input aria-label={t('Name of the saved search')} placeholder={t('Name this search')} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <button type="submit" class="secondary" disabled={!name.trim()}>
          {t('Save this search')}
        </button>
      </form>
    </section>
  );
}
