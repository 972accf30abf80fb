import { api, type Item } from '../../data/api';
import { Notice } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { DataTable, Pending } from './DataTable';
import { named, sectionRows } from './load';
import { useApi } from '../../data/use-api';

/** Software installed on an item (Item_SoftwareVersion: software and version) and the licences it uses (Item_SoftwareLicense). */
export function Software({ itemtype, id }: { itemtype: string; id: number }) {
  const { data, error } = useApi(async () => {
    const item = await api.get(itemtype, id, { with_softwares: true, expand_dropdowns: true });
    const licences = await api.subItems(itemtype, id, 'Item_SoftwareLicense', { expand_dropdowns: true, range: '0-999' });
    return { installed: sectionRows<Item>(item._softwares), licences };
  }, [itemtype, id]);

  if (!data) return <Pending error={error} />;
  return (
    <section aria-label={t('Software')} class="asset-section">
      <h2>{t('Installed software')}</h2>
      {data.installed === null ? (
        <Notice kind="info">{t('You may not read software.')}</Notice>
      ) : !data.installed.length ? (
        <p class="empty">{t('No software is installed.')}</p>
      ) : (
        <DataTable
          label={t('Installed software')}
          headers={[t('Software'), t('Version'), t('Category')]}
          rows={data.installed.map((row) => ({ key: String(row.softwareversions_id), cells: [named(row.softwares_id), named(row.softwareversions_id), named(row.softwarecategories_id)] }))}
        />
      )}
      <h2>{t('Licences')}</h2>
      {!data.licences.length ? (
        <p class="empty">{t('No licence is assigned.')}</p>
      ) : (
        <ul class="linked-items" aria-label={t('Licences')}>
          {data.licences.map((row) => (
            <li key={row.id}>{named(row.softwarelicenses_id)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
