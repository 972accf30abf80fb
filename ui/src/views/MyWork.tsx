import { useApi } from '../data/use-api';
import { api, type SearchResult } from '../data/api';
import { LateBadge, PeopleBadges, PriorityBadge, StatusBadge } from '../components/Badges';
import { Notice } from '../components/Notice';
import { t } from '../lib/i18n';
import { QUEUES, queueCriteria, type QueueKey } from '../data/mywork';
import { href } from '../lib/router';
import { useSession } from '../data/session';
import { peopleOf } from '../data/ticket-people';
import { showDate } from '../lib/dates';
import { useLiveEvents } from '../data/live';

/** Ticket search options shown: title, id, priority, requesters, technicians, status, last update, late. */
const DISPLAY = ['1', '2', '3', '4', '5', '12', '19', '82'];
const HEADINGS = ['Title', 'Status', 'Priority', 'Requester', 'Assigned to', 'Last update'];

/** One queue of open tickets (assigned to me, to my groups, unassigned, my requests, my tasks, my approvals). */
export function MyWork({ queue }: { queue: QueueKey }) {
  const { scope } = useSession();
  const label = t(QUEUES.find((q) => q.key === queue)!.label);
  const loaded = useApi(async () => {
    const found = await api.search('Ticket', queueCriteria(queue), { range: '0-199', sort: 19, order: 'DESC', ...forcedisplay() });
    return { queue, found, people: await peopleOf(found.rows) };
  }, [queue, scope]);
  useLiveEvents((event) => event.itemtype === 'Ticket', () => loaded.reload());
  // A live reload keeps the rows shown until the new ones come; another queue's rows are not shown.
  const result = loaded.data?.queue === queue ? loaded.data : null;
  const error = loaded.error;

  return (
    <div class="page">
      <h1>
        {label} {result && <span class="muted id-tag">({result.found.total})</span>}
      </h1>
      {error && <Notice kind="error">{error}</Notice>}
      {!result && !error && <p role="status">{t('Loading…')}</p>}
      {result && !result.found.rows.length && <p class="empty">{t('No open ticket here.')}</p>}
      {result && result.found.rows.length > 0 && (
        <div class="table-wrap">
          <table class="list">
            <caption class="sr-only">{label}</caption>
            <thead>
              <tr>
                {HEADINGS.map((name) => (
                  <th key={name} scope="col">
                    {t(name)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.found.rows.map((row) => {
                const id = Number(row['2']);
                const people = result.people.get(id);
                return (
                  <tr key={id}>
                    <td>
                      <a href={href(['Ticket', id])}>{String(row['1'] ?? '')}</a>
                      {people?.late && <> <LateBadge /></>}
                    </td>
                    <td>
                      <StatusBadge itemtype="Ticket" value={row['12']} />
                    </td>
                    <td>
                      <PriorityBadge itemtype="Ticket" value={row['3']} />
                    </td>
                    <td>
                      <PeopleBadges names={people?.requesters ?? []} />
                    </td>
                    <td>
                      <PeopleBadges names={people?.assignees ?? []} />
                    </td>
                    <td>{showDate(row['19'])}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

const forcedisplay = () => Object.fromEntries(DISPLAY.map((id, i) => [`forcedisplay[${i}]`, id]));
