import { api } from '../../data/api';
import { t } from '../../lib/i18n';
import { DataTable, Pending } from './DataTable';
import { named } from './load';
import { useApi } from '../../data/use-api';

/** Whether an item may be reserved (its ReservationItem) and its reservations, latest first. */
export function Reservations({ itemtype, id }: { itemtype: string; id: number }) {
  const { data, error } = useApi(async () => {
    const [reservable] = await api.subItems(itemtype, id, 'ReservationItem');
    if (!reservable) return { reservable: null, reservations: [] };
    const reservations = await api.subItems('ReservationItem', reservable.id, 'Reservation', { expand_dropdowns: true, range: '0-999', sort: 'begin', order: 'DESC' });
    return { reservable, reservations };
  }, [itemtype, id]);
  if (!data) return <Pending error={error} />;
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
            <DataTable
              label={t('Reservations')}
              headers={[t('Start'), t('End'), t('By'), t('Comments')]}
              rows={data.reservations.map((r) => ({ key: r.id, cells: [named(r.begin), named(r.end), named(r.users_id), named(r.comment)] }))}
            />
          )}
        </>
      )}
    </section>
  );
}
