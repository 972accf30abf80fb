import { Notice } from '../../components/Notice';
import { DESK_STATES, type DeskState } from '../../data/desk';
import { t } from '../../lib/i18n';
import { CREATE, READ, can } from '../../lib/itemtypes';
import { href, type Route } from '../../lib/router';
import { useSession } from '../../data/session';
import { DeskTicket } from './DeskTicket';
import { Faq } from './Faq';
import { MyTickets } from './MyTickets';
import { NewTicket } from './NewTicket';
import { Reservations } from './Reservations';
import { useMyTickets } from './my-tickets';

const isState = (s: string | null): s is DeskState => DESK_STATES.some((d) => d.key === s);

/** The requester's desk: its pages by route (#/, #/new, #/tickets[/id], #/faq[/id], #/reservations). */
export function Desk({ route }: { route: Route }) {
  const { activeProfile } = useSession().info;
  const [page, second] = route.parts;
  if (!page) return <DeskHome />;
  if (page === 'new') return <NewTicket />;
  if (page === 'tickets' && second && /^\d+$/.test(second)) return <DeskTicket key={second} id={Number(second)} />;
  if (page === 'tickets') {
    const state = route.query.get('state');
    return <MyTickets state={isState(state) ? state : 'open'} />;
  }
  if (page === 'reservations' && can(activeProfile, 'ReservationItem', READ)) return <Reservations />;
  if (page === 'faq') return <Faq id={second && /^\d+$/.test(second) ? Number(second) : null} q={route.query.get('q') ?? ''} />;
  return (
    <div class="page">
      <h1>{t('Page not found')}</h1>
      <p>
        <a href={href([])}>{t('Back to the overview')}</a>
      </p>
    </div>
  );
}

/** The desk's home: open a ticket, my tickets by state with counts, the FAQ's search. */
function DeskHome() {
  const { info } = useSession();
  const profile = info.activeProfile;
  const mayRead = can(profile, 'Ticket', READ);
  const { tickets, error } = useMyTickets(mayRead);
  return (
    <div class="page desk-home">
      <h1>{t('Hello {name}', { name: info.userName })}</h1>
      <div class="desk-actions">
        {can(profile, 'Ticket', CREATE) && (
          <a class="button desk-primary" href={href(['new'])}>
            {t('Open a ticket')}
          </a>
        )}
      </div>
      {error && <Notice kind="error">{error}</Notice>}
      {mayRead && (
        <section aria-labelledby="desk-mine" class="panel">
          <h2 id="desk-mine">{t('My tickets')}</h2>
          <ul class="desk-counts">
            {DESK_STATES.map((s) => (
              <li key={s.key}>
                <a href={href(['tickets'], { state: s.key })}>
                  <span class="desk-count" data-state={s.key}>
                    {tickets ? tickets.byState[s.key].length : '…'}
                  </span>{' '}
                  {t(s.label)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {can(profile, 'KnowbaseItem', READ) && <FaqSearchBox />}
    </div>
  );
}

function FaqSearchBox() {
  return (
    <form class="panel desk-faq-search" role="search" onSubmit={(e) => {
      e.preventDefault();
      const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
      location.hash = href(['faq'], { q });
    }}>
      <h2>{t('FAQ')}</h2>
      <label class="field">
        <span>{t('Search the FAQ')}</span>
        <input type="search" name="q" data-search />
      </label>
      <button type="submit">{t('Search')}</button>
    </form>
  );
}
