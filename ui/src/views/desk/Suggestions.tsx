import { useEffect, useState } from 'preact/hooks';
import { api, type Item } from '../../data/api';
import { t } from '../../lib/i18n';
import { READ, can } from '../../lib/itemtypes';
import { href } from '../../lib/router';
import { useSession } from '../../data/session';

/** Typing pauses this long before the API is asked. */
const DEBOUNCE_MS = 350;
/** Shorter titles match too much to help. */
const MIN_LENGTH = 3;
/** Ticket search options: 1 title, 2 id, 4 requester, 12 status. */
const TITLE = 1;
const ID = 2;
const REQUESTER = 4;
const STATUS = 12;

interface Found {
  faq: Item[];
  tickets: { id: number; name: string }[];
}

const words = (title: string) => title.split(/\s+/).filter((w) => w.length >= MIN_LENGTH);

/** FAQ articles whose question holds the title's longest word (the API's searchText), best matches first. */
async function faqFor(title: string): Promise<Item[]> {
  const longest = [...words(title)].sort((a, b) => b.length - a.length)[0];
  if (!longest) return [];
  const page = await api.list('KnowbaseItem', { range: '0-49', 'searchText[name]': longest });
  const fold = (s: string) => s.toLowerCase();
  const score = (a: Item) => words(title).filter((w) => fold(String(a.name ?? '')).includes(fold(w))).length;
  return page.items.filter((a) => Number(a.is_faq) === 1).sort((a, b) => score(b) - score(a)).slice(0, 5);
}

/** My own tickets not yet solved whose title holds every word typed. */
async function myOpenTicketsFor(title: string): Promise<{ id: number; name: string }[]> {
  const typed = words(title);
  if (typed.length === 0) return [];
  const found = await api.search(
    'Ticket',
    [
      { field: REQUESTER, searchtype: 'equals', value: 'myself' },
      { link: 'AND', field: STATUS, searchtype: 'equals', value: 'notold' },
      ...typed.map((w) => ({ link: 'AND' as const, field: TITLE, searchtype: 'contains' as const, value: w })),
    ],
    { range: '0-4', 'forcedisplay[0]': ID, 'forcedisplay[1]': TITLE },
  );
  return found.rows.map((row) => ({ id: Number(row[String(ID)]), name: String(row[String(TITLE)] ?? '') }));
}

/**
 * As the title of a new ticket is typed: the FAQ's answers and my own similar open tickets, so a
 * known answer or a duplicate is found before the ticket is opened. Only what the profile reads.
 */
export function Suggestions({ title }: { title: string }) {
  const profile = useSession().info.activeProfile;
  const [found, setFound] = useState<Found>({ faq: [], tickets: [] });
  useEffect(() => {
    if (words(title).length === 0) {
      setFound({ faq: [], tickets: [] });
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      const none = () => [];
      void Promise.all([
        can(profile, 'KnowbaseItem', READ) ? faqFor(title).catch(none) : [],
        can(profile, 'Ticket', READ) ? myOpenTicketsFor(title).catch(none) : [],
      ]).then(([faq, tickets]) => live && setFound({ faq, tickets }));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [title, profile.id]);
  if (found.faq.length === 0 && found.tickets.length === 0) return null;
  return (
    <aside class="panel desk-suggestions" aria-live="polite" aria-label={t('Before you open a ticket')}>
      {found.faq.length > 0 && (
        <section>
          <h2>{t('The FAQ may answer it')}</h2>
          <ul class="desk-list">
            {found.faq.map((a) => (
              <li key={a.id}><a href={href(['faq', a.id])} target="_blank" translate={false}>{String(a.name ?? '')}</a></li>
            ))}
          </ul>
        </section>
      )}
      {found.tickets.length > 0 && (
        <section>
          <h2>{t('Your similar open tickets')}</h2>
          <ul class="desk-list">
            {found.tickets.map((ticket) => (
              <li key={ticket.id}><a href={href(['tickets', ticket.id])} translate={false}>#{ticket.id} {ticket.name}</a></li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  );
}
