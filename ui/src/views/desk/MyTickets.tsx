import { Notice } from '../../components/Notice';
import { DESK_STATES, type DeskState } from '../../data/desk';
import { t } from '../../lib/i18n';
import { enumOf } from '../../lib/itemtypes';
import { href } from '../../lib/router';
import { useMyTickets } from './my-tickets';

/** My tickets, one state at a time, each state's count on its tab. */
export function MyTickets({ state }: { state: DeskState }) {
  const { tickets, error } = useMyTickets();
  const statuses = new Map(enumOf('Ticket', 'status') ?? []);
  const shown = tickets?.byState[state] ?? [];
  return (
    <div class="page">
      <h1>{t('My tickets')}</h1>
      <nav class="desk-tabs" aria-label={t('Ticket states')}>
        {DESK_STATES.map((s) => (
          <a key={s.key} href={href(['tickets'], { state: s.key })} aria-current={s.key === state ? 'page' : undefined}>
            {t(s.label)} <span class="desk-count">{tickets ? tickets.byState[s.key].length : '…'}</span>
          </a>
        ))}
      </nav>
      {error && <Notice kind="error">{error}</Notice>}
      {tickets && shown.length === 0 && <p class="muted">{t('No ticket here.')}</p>}
      <ul class="desk-list">
        {shown.map((ticket) => (
          <li key={ticket.id}>
            <a href={href(['tickets', ticket.id])} translate={false}>
              {String(ticket.name ?? '')}
            </a>
            <span class="muted">
              #{ticket.id} · {statuses.get(Number(ticket.status)) ?? ''} · {String(ticket.date_mod ?? '')}
            </span>
            {tickets?.surveysWaiting.has(ticket.id) && (
              <a class="desk-survey-waiting" href={href(['tickets', ticket.id])}>{t('Answer the satisfaction survey')}</a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
