import { useApi } from '../../data/use-api';
import { api, type Item, type SearchOption } from '../../data/api';
import { Notice } from '../../components/Notice';
import { logAuthor, logSentence } from '../../data/history-words';
import { t } from '../../lib/i18n';
import { showDate } from '../../lib/dates';

/** The history rows of an item read with with_logs=true, or null when the profile may not read them. */
export function logRows(item: Item | null): Item[] | null {
  // An object keyed by log id, or [] when there is none (GLPI's shape).
  const logs = item?._logs;
  return logs && typeof logs === 'object' && !('error' in logs) ? Object.values(logs as Record<string, Item>) : null;
}

/** The item's history (GET with with_logs=true), newest first. */
export function History({ itemtype, id, options, reload }: { itemtype: string; id: number; options: Record<string, SearchOption>; reload: number }) {
  const { data: logs, error } = useApi(async () => {
    const logs = logRows(await api.get(itemtype, id, { with_logs: true }));
    if (!logs) throw new Error(t('Your profile cannot read the history.'));
    return logs.sort((a, b) => b.id - a.id);
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
            <th scope="col">{t('Change')}</th>
          </tr>
        </thead>
        <tbody>
          {logs.map((log) => (
            <tr key={log.id}>
              <td data-label={t('Date')}>{showDate(log.date_mod)}</td>
              <td data-label={t('User')}>{logAuthor(log)}</td>
              <td data-label={t('Change')}>{logSentence(itemtype, options, log)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
