import { useEffect, useState } from 'preact/hooks';
import { api, errorText, type Item, type SearchOption } from '../api';
import { Notice } from '../components/Notice';
import { t } from '../i18n';

/** GLPI's history actions (linked_action). */
const ACTIONS: Record<number, string> = {
  1: 'Component added',
  2: 'Component updated',
  3: 'Component removed',
  4: 'Software installed',
  5: 'Software uninstalled',
  6: 'Disconnected',
  7: 'Connected',
  8: 'Component locked',
  9: 'Component unlocked',
  12: 'Note',
  13: 'Moved to the trash',
  14: 'Restored from the trash',
  15: 'Link added',
  16: 'Link removed',
  17: 'Added',
  18: 'Updated',
  19: 'Removed',
  20: 'Created',
  21: 'Link updated',
};

const clean = (v: unknown) => (v === null || v === undefined ? '' : String(v).replace(/&nbsp;/g, '').trim());

/** The history rows of an item read with with_logs=true, or null when the profile may not read them. */
export function logRows(item: Item | null): Item[] | null {
  // An object keyed by log id, or [] when there is none (GLPI's shape).
  const logs = item?._logs;
  return logs && typeof logs === 'object' && !('error' in logs) ? Object.values(logs as Record<string, Item>) : null;
}

/** The item's history (GET with with_logs=true), newest first. */
export function History({ itemtype, id, options, reload }: { itemtype: string; id: number; options: Record<string, SearchOption>; reload: number }) {
  const [logs, setLogs] = useState<Item[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    api
      .get(itemtype, id, { with_logs: true })
      .then((item) => {
        if (!live) return;
        const logs = logRows(item);
        if (logs) setLogs(logs.sort((a, b) => b.id - a.id));
        else setError(t('Your profile cannot read the history.'));
      })
      .catch((e: unknown) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [itemtype, id, reload]);

  if (error) return <Notice kind="error">{error}</Notice>;
  if (!logs) return <p role="status">{t('Loading…')}</p>;
  if (!logs.length) return <p class="empty">{t('No history yet.')}</p>;
  return (
    <div class="table-wrap">
      <table class="list history">
        <caption class="sr-only">{t('History')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Date')}</th>
            <th scope="col">{t('User')}</th>
            <th scope="col">{t('Field or action')}</th>
            <th scope="col">{t('Change')}</th>
          </tr>
        </thead>
        <tbody>
          {logs.map((log) => {
            const action = Number(log.linked_action);
            const option = options[String(log.id_search_option)];
            const what = action === 0 ? (option ? t(option.name) : t('Field {id}', { id: String(log.id_search_option) })) : ACTIONS[action] ? t(ACTIONS[action]) : t('Action {id}', { id: action });
            const link = clean(log.itemtype_link);
            const before = clean(log.old_value);
            const after = clean(log.new_value);
            return (
              <tr key={log.id}>
                <td data-label={t('Date')}>{clean(log.date_mod)}</td>
                <td data-label={t('User')}>{clean(log.user_name)}</td>
                <td data-label={t('Field or action')}>{link ? `${what} (${link})` : what}</td>
                <td data-label={t('Change')}>
                  {action === 0 ? (
                    <>
                      <del>{before || '—'}</del> <span aria-hidden="true">→</span>
                      <span class="sr-only">{t('changed to')}</span> <ins>{after || '—'}</ins>
                    </>
                  ) : (
                    after || before
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
