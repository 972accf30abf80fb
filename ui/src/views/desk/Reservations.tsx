import { useState } from 'preact/hooks';
import { api, errorText, flattenCriteria, type Item } from '../../data/api';
import { Notice } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { CREATE, can } from '../../lib/itemtypes';
import { useSession } from '../../data/session';
import { useApi } from '../../data/use-api';

/** ReservationItem search options: 1 the reserved item's name, 5 active. */
const ITEM_NAME = 1;
const ACTIVE = 5;
const RANGE = '0-499';

interface Bookable {
  id: number;
  name: string;
  bookings: Item[];
}

/** The active reservable items (their names through the search: a requester reads no asset) and their bookings. */
async function loadBookables(): Promise<Bookable[]> {
  const query = { ...flattenCriteria([{ field: ACTIVE, searchtype: 'equals', value: 1 }]), 'forcedisplay[0]': ITEM_NAME, withindexes: true, range: RANGE };
  const [{ data }, reservations] = await Promise.all([
    api.request<{ data?: Record<string, Record<string, unknown>> }>('GET', 'search/ReservationItem', { query }),
    api.list('Reservation', { range: RANGE, sort: 'begin' }),
  ]);
  return Object.entries(data.data ?? {}).map(([id, row]) => ({
    id: Number(id),
    name: String(row[String(ITEM_NAME)] ?? ''),
    bookings: reservations.items.filter((r) => Number(r.reservationitems_id) === Number(id)),
  }));
}

/** A datetime-local value as GLPI stores dates. */
const stored = (value: string) => (value.length === 16 ? `${value.replace('T', ' ')}:00` : value.replace('T', ' '));

/** Reservations of reservable items: each item's bookings, book one, cancel one's own; refusals show the API's message. */
export function Reservations() {
  const { info, scope } = useSession();
  const mayBook = can(info.activeProfile, 'Reservation', CREATE);
  const [written, setError] = useState('');
  const [done, setDone] = useState('');
  const loaded = useApi(loadBookables, [scope]);
  const items = loaded.data;
  const error = written || loaded.error;

  const act = async (write: () => Promise<unknown>, message: string) => {
    setError('');
    setDone('');
    try {
      await write();
      setDone(message);
      loaded.reload();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <div class="page desk-reservations">
      <h1>{t('Reservations')}</h1>
      {error && <Notice kind="error">{error}</Notice>}
      {done && <Notice kind="success">{done}</Notice>}
      {items && items.length === 0 && <p class="muted">{t('No item can be reserved.')}</p>}
      {(items ?? []).map((item) => (
        <section key={item.id} class="panel" aria-labelledby={`reservable-${item.id}`}>
          <h2 id={`reservable-${item.id}`} translate={false}>{item.name}</h2>
          <ul class="desk-list">
            {item.bookings.map((b) => (
              <li key={b.id}>
                <span>{String(b.begin)} → {String(b.end)}</span>
                {b.comment ? <span class="muted" translate={false}> · {String(b.comment)}</span> : null}
                {Number(b.users_id) === info.userId && (
                  <button type="button" class="secondary" onClick={() => void act(() => api.remove('Reservation', b.id), t('Reservation cancelled.'))}>
                    {t('Cancel this reservation')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {mayBook && (
            <form class="desk-form" onSubmit={(e) => {
              e.preventDefault();
              const data = new FormData(e.currentTarget);
              const input = { reservationitems_id: item.id, begin: stored(String(data.get('begin'))), end: stored(String(data.get('end'))), comment: String(data.get('comment') ?? '').trim() };
              void act(() => api.create('Reservation', input), t('Reservation made.'));
            }}>
              <label class="field"><span>{t('Start')}</span><input type="datetime-local" name="begin" required /></label>
              <label class="field"><span>{t('End')}</span><input type="datetime-local" name="end" required /></label>
              <label class="field"><span>{t('Comment')}</span><input name="comment" /></label>
              <div class="form-actions"><button type="submit">{t('Reserve')}</button></div>
            </form>
          )}
        </section>
      ))}
    </div>
  );
}
