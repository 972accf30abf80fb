import { useEffect, useRef, useState } from 'preact/hooks';
import { api, errorText, type SearchResult } from '../api';
import { Notice } from '../components/Notice';
import { t } from '../i18n';
import { enumOf } from '../itemtypes';
import { QUEUES, queueCriteria, type QueueKey } from '../mywork';
import { href } from '../router';
import { useSession } from '../session';
import { useLiveEvents } from '../live';

/** Title, id, status, priority, opening date and last update (Ticket search options). */
const COLUMNS: [string, string][] = [
  ['1', 'Title'],
  ['12', 'Status'],
  ['3', 'Priority'],
  ['15', 'Opening date'],
  ['19', 'Last update'],
];

/** One queue of open tickets (assigned to me, to my groups, unassigned, my requests). */
export function MyWork({ queue }: { queue: QueueKey }) {
  const { scope } = useSession();
  const [result, setResult] = useState<SearchResult | null>(null);
  const [error, setError] = useState('');
  const label = t(QUEUES.find((q) => q.key === queue)!.label);
  const [changed, setChanged] = useState(0);
  useLiveEvents((event) => event.itemtype === 'Ticket', () => setChanged((n) => n + 1));

  const shownQueue = useRef<QueueKey | null>(null);
  useEffect(() => {
    let live = true;
    // A live reload keeps the rows shown until the new ones come.
    if (shownQueue.current !== queue) setResult(null);
    shownQueue.current = queue;
    api
      .search('Ticket', queueCriteria(queue), { range: '0-199', sort: 19, order: 'DESC', ...forcedisplay() })
      .then((r) => live && setResult(r))
      .catch((e: unknown) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [queue, scope, changed]);

  return (
    <div class="page">
      <h1>
        {label} {result && <span class="muted id-tag">({result.total})</span>}
      </h1>
      {error && <Notice kind="error">{error}</Notice>}
      {!result && !error && <p role="status">{t('Loading…')}</p>}
      {result && !result.rows.length && <p class="empty">{t('No open ticket here.')}</p>}
      {result && result.rows.length > 0 && (
        <div class="table-wrap">
          <table class="list">
            <caption class="sr-only">{label}</caption>
            <thead>
              <tr>
                {COLUMNS.map(([, name]) => (
                  <th key={name} scope="col">
                    {t(name)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row) => (
                <tr key={String(row['2'])}>
                  <td>
                    <a href={href(['Ticket', Number(row['2'])])}>{String(row['1'] ?? '')}</a>
                  </td>
                  <td>{choice('status', row['12'])}</td>
                  <td>{choice('priority', row['3'])}</td>
                  <td>{String(row['15'] ?? '')}</td>
                  <td>{String(row['19'] ?? '')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

const choice = (field: string, value: unknown) => enumOf('Ticket', field)?.find(([v]) => String(v) === String(value))?.[1] ?? String(value ?? '');
const forcedisplay = () => Object.fromEntries(['1', '2', '3', '12', '15', '19'].map((id, i) => [`forcedisplay[${i}]`, id]));
