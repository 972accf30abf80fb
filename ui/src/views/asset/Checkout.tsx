import { useState } from 'preact/hooks';
import { api } from '../../data/api';
import { Outcome } from '../../components/Notice';
import { Picker } from '../../components/Picker';
import { t } from '../../lib/i18n';
import { READ, can } from '../../lib/itemtypes';
import { useSession } from '../../data/session';
import { usePanel } from '../../data/panel';
import { Pending } from './DataTable';
import { named } from './load';
import { useApi } from '../../data/use-api';

/** The notes a check-out or check-in writes start so (in English: they are the item's data, read by everyone). */
export const CHECKED_OUT = 'Checked out to';
export const CHECKED_IN = 'Checked in';

/** The note kept for a check-out: who, until when, and why. */
export function checkoutNote(user: string, until: string, note: string): string {
  return `${CHECKED_OUT} ${user}${until ? ` until ${until}` : ''}${note ? `: ${note}` : ''}`;
}
export const checkinNote = (note: string) => `${CHECKED_IN}${note ? `: ${note}` : ''}`;

/**
 * Check-out / check-in of an asset to a user: the asset's user (`users_id`) and status
 * (`states_id`) are set by a PUT, which the item's history logs; a note (Notepad) keeps who,
 * until when and why, and the list of these notes is the asset's check-out log.
 */
export function Checkout({ itemtype, id, editable, onChange }: { itemtype: string; id: number; editable: boolean; onChange: () => Promise<void> }) {
  const { message, error: writeError, reload, refuse, write } = usePanel(onChange);
  // A profile that may not list statuses (GLPI's Technician) checks out and in without changing it.
  const pickStatus = can(useSession().info.activeProfile, 'State', READ);
  const [user, setUser] = useState({ id: 0, name: '' });
  const [state, setState] = useState({ id: 0, name: '' });
  const [until, setUntil] = useState('');
  const [note, setNote] = useState('');
  const { data, error } = useApi(async () => {
    const item = await api.get(itemtype, id, { expand_dropdowns: true });
    const raw = await api.get(itemtype, id);
    const notes = await api.subItems(itemtype, id, 'Notepad', { expand_dropdowns: true, range: '0-999' }).catch(() => []);
    const log = notes.filter((n) => String(n.content).startsWith(CHECKED_OUT) || String(n.content).startsWith(CHECKED_IN)).reverse();
    return { holder: Number(raw.users_id) > 0 ? named(item.users_id) : '', status: named(item.states_id), log };
  }, [itemtype, id, reload]);

  if (!data) return <Pending error={error} />;

  const done = () => {
    setUser({ id: 0, name: '' });
    setUntil('');
    setNote('');
  };
  const checkOut = (e: Event) => {
    e.preventDefault();
    if (!user.id) return refuse(t('Choose a user first.'));
    void write(async () => {
      await api.update(itemtype, id, { users_id: user.id, ...(state.id ? { states_id: state.id } : {}) });
      await api.create('Notepad', { itemtype, items_id: id, content: checkoutNote(user.name, until, note.trim()) });
      done();
    }, t('Checked out to {name}.', { name: user.name }));
  };
  const checkIn = (e: Event) => {
    e.preventDefault();
    void write(async () => {
      await api.update(itemtype, id, { users_id: 0, ...(state.id ? { states_id: state.id } : {}) });
      await api.create('Notepad', { itemtype, items_id: id, content: checkinNote(note.trim()) });
      done();
    }, t('Checked in.'));
  };

  return (
    <section aria-label={t('Check-out')} class="asset-section">
      <Outcome message={message} error={writeError} />
      <p data-testid="checkout-state">
        {data.holder ? t('Checked out to {name}.', { name: data.holder }) : t('Available: not checked out.')} {data.status && <span class="badge">{data.status}</span>}
      </p>
      {editable && (
        <form class="form-grid" aria-label={data.holder ? t('Check in') : t('Check out')} onSubmit={data.holder ? checkIn : checkOut}>
          {!data.holder && (
            <div class="field">
              <label for="checkout-user">{t('User')}</label>
              <Picker id="checkout-user" itemtype="User" value={user.id} display={user.name} allowNone={false} onChange={(pickedId, name) => setUser({ id: pickedId, name })} />
            </div>
          )}
          {pickStatus && (
            <div class="field">
              <label for="checkout-state">{t('Status')}</label>
              <Picker id="checkout-state" itemtype="State" value={state.id} display={state.name} onChange={(pickedId, name) => setState({ id: pickedId, name })} />
            </div>
          )}
          {!data.holder && (
            <div class="field">
              <label for="checkout-until">{t('Until')}</label>
              <input id="checkout-until" type="date" value={until} onInput={(e) => setUntil(e.currentTarget.value)} />
            </div>
          )}
          <div class="field">
            <label for="checkout-note">{t('Note')}</label>
            <input id="checkout-note" value={note} onInput={(e) => setNote(e.currentTarget.value)} />
          </div>
          <div class="form-actions">
            <button type="submit">{data.holder ? t('Check in') : t('Check out')}</button>
          </div>
        </form>
      )}
      <h2>{t('Check-out log')}</h2>
      {!data.log.length ? (
        <p class="empty">{t('Never checked out.')}</p>
      ) : (
        <ul class="linked-items" aria-label={t('Check-out log')}>
          {data.log.map((n) => (
            <li key={n.id}>
              <span class="muted">{named(n.date_creation ?? n.date)}</span> {String(n.content)} <span class="muted">— {named(n.users_id)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
