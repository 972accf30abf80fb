import { api, type Item } from '../../api';
import { Notice } from '../../components/Notice';
import { endAfterMonths } from '../../amortization';
import { t } from '../../i18n';
import { itemLabel } from '../../options';
import { href } from '../../router';
import { useLoad, named, sectionRows } from './load';

/** The contracts an item is under (Contract_Item), with number, start, duration and end. */
export function Contracts({ itemtype, id }: { itemtype: string; id: number }) {
  const { data, error } = useLoad(async () => {
    const item = await api.get(itemtype, id, { with_contracts: true });
    const links = sectionRows<Item>(item._contracts);
    if (links === null) return { contracts: null };
    const contracts = await Promise.all(links.map((l) => api.get('Contract', Number(l.contracts_id), { expand_dropdowns: true }).catch(() => null)));
    return { contracts: contracts.filter((c): c is Item => c !== null) };
  }, [itemtype, id]);

  if (error) return <Notice kind="error">{error}</Notice>;
  if (!data) return <p role="status">{t('Loading…')}</p>;
  const { contracts } = data;
  return (
    <section aria-label={t('Contracts')} class="asset-section">
      {contracts === null ? (
        <Notice kind="info">{t('You may not read contracts.')}</Notice>
      ) : !contracts.length ? (
        <p class="empty">{t('No contract.')}</p>
      ) : (
        <table class="list" aria-label={t('Contracts')}>
          <thead>
            <tr>
              <th scope="col">{t('Name')}</th>
              <th scope="col">{t('Number')}</th>
              <th scope="col">{t('Contract type')}</th>
              <th scope="col">{t('Start date')}</th>
              <th scope="col">{t('Duration (months)')}</th>
              <th scope="col">{t('End date')}</th>
            </tr>
          </thead>
          <tbody>
            {contracts.map((c) => (
              <tr key={c.id}>
                <td>
                  <a href={href(['Contract', c.id])}>{itemLabel(c)}</a>
                </td>
                <td>{named(c.num)}</td>
                <td>{named(c.contracttypes_id)}</td>
                <td>{named(c.begin_date)}</td>
                <td>{named(c.duration)}</td>
                <td>{endAfterMonths(c.begin_date as string | null, Number(c.duration)) ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
