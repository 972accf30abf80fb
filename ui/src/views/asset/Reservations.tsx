import { api } from '../../api';
import { Notice } from '../../components/Notice';
import { t } from '../../i18n';
import { useLoad, named } from './load';

/** Whether an item may be reserved (its ReservationItem) and its reservations, latest first. */
export function Reservations({ itemtype, id }: { itemtype: string; id: number }) {
  const { data, error } = useLoad(async () => {
    const [reservable] = await api.subItems(itemtype, id, 'ReservationItem');
    if (!reservable) return { reservable: null, reservations: [] };
    const reservations = await api.subItems('ReservationItem', reservable.id, 'Reservation', { expand_dropdowns: true, range: '0-999', sort: 'begin', order: 'DESC' });
    return { reservable, reservations };
  }, [itemtype, id]);
  if (error) return <Notice kind="error">{error}</Notice>;
  if (!data) return <p role="status">{t('Loading…')}</p>;
  return (
    <section aria-label={t('Reservations')} class="asset-section">
      {!data.reservable ? (
        <p class="empty">{t('This item is not reservable.')}</p>
      ) : (
        <>
          <p>{Number(data.reservable.is_active) === 1 ? t('Reservable: yes.') : t('Reservable: no (reservations are suspended).')}</p>
          {!data.reservations.length ? (
            <p class="empty">{t('No reservation.')}</p>
          ) : (
            <table class="list" aria-label={t('Reservations')}>
              <thead>
                <tr>
                  <th scope="col">{t('Start')}</th>
                  <th scope="col">{t('End')}</th>
                  <th scope="col">{t('By')}</th>
                  <th scope="col">{t('Comments')}</th>
                </tr>
              </thead>
              <tbody>
                {data.reservations.map((r) => (
                  <tr key={r.id}>
                    <td>{named(r.begin)}</td>
                    <td>{named(r.end)}</td>
                    <td>{named(r.users_id)}</td>
                    <td>{named(r.comment)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
