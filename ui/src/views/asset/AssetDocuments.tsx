import { api, type Item } from '../../data/api';
import { Notice } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { href } from '../../lib/router';
import { DataTable, Pending } from './DataTable';
import { named, sectionRows } from './load';
import { useApi } from '../../data/use-api';

/** The documents linked to an item (Document_Item), with their file and when they were linked. */
export function AssetDocuments({ itemtype, id }: { itemtype: string; id: number }) {
  const { data, error } = useApi(async () => ({ documents: sectionRows<Item>((await api.get(itemtype, id, { with_documents: true }))._documents) }), [itemtype, id]);
  if (!data) return <Pending error={error} />;
  const { documents } = data;
  return (
    <section aria-label={t('Documents')} class="asset-section">
      {documents === null ? (
        <Notice kind="info">{t('You may not read documents.')}</Notice>
      ) : !documents.length ? (
        <p class="empty">{t('No document.')}</p>
      ) : (
        <DataTable
          label={t('Documents')}
          headers={[t('Name'), t('File'), t('Linked on')]}
          rows={documents.map((d) => ({
            key: String(d.assocID),
            cells: [<a href={href(['Document', d.id])}>{named(d.name) || `#${d.id}`}</a>, named(d.filename), named(d.assocdate)],
          }))}
        />
      )}
    </section>
  );
}
