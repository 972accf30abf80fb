import { api, type Item } from '../../data/api';
import { Notice } from '../../components/Notice';
import { endAfterMonths } from '../../lib/amortization';
import { t } from '../../lib/i18n';
import { itemLabel } from '../../data/options';
import { href } from '../../lib/router';
import { DataTable, Pending } from './DataTable';
import { named, sectionRows } from './load';
import { useApi } from '../../data/use-api';

/** The contracts an item is under (Contract_Item), with number, start, duration and end. */
export function Contracts({ itemtype, id }: { itemtype: string; id: number }) {
  const { data, error } = useApi(async () => {
    const item = await api.get(itemtype, id, { with_contracts: true });
    const links = sectionRows<Item>(item._contracts);
    if (links === null) return { contracts: null };
    const contracts = await Promise.all(links.map((l) => api.get('Contract', Number(l.contracts_id), { expand_dropdowns: true }).catch(() => null)));
    return { contracts: contracts.filter((c): c is Item => c !== null) };
  }, [itemtype, id]);

  if (!data) return <Pending error={error} />;
  const { contracts } = data;
  return (
    <section aria-label={t('Contracts')} class="asset-section">
      {contracts === null ? (
        <Notice kind="info">{t('You may not read contracts.')}</Notice>
      ) : !contracts.length ? (
        <p class="empty">{t('No contract.')}</p>
      ) : (
        <DataTable
          label={t('Contracts')}
          headers={[t('Name'), t('Number'), t('Contract type'), t('Start date'), t('Duration (months)'), t('End date')]}
          rows={contracts.map((c) => ({
            key: c.id,
            cells: [
              <a href={href(['Contract', c.id])}>{itemLabel(c)}</a>, named(c.num), named(c.contracttypes_id), named(c.begin_date), named(c.duration),
              endAfterMonths(c.begin_date as string | null, Number(c.duration)) ?? '',
            ],
          }))}
        />
      )}
    </section>
  );
}
