import { api, type Item } from '../../api';
import { Notice } from '../../components/Notice';
import { t } from '../../i18n';
import { href } from '../../router';
import { useLoad, named, sectionRows } from './load';

/** The documents linked to an item (Document_Item), with their file and when they were linked. */
export function AssetDocuments({ itemtype, id }: { itemtype: string; id: number }) {
  const { data, error } = useLoad(async () => ({ documents: sectionRows<Item>((await api.get(itemtype, id, { with_documents: true }))._documents) }), [itemtype, id]);
  if (error) return <Notice kind="error">{error}</Notice>;
  if (!data) return <p role="status">{t('Loading…')}</p>;
  const { documents } = data;
  return (
    <section aria-label={t('Documents')} class="asset-section">
      {documents === null ? (
        <Notice kind="info">{t('You may not read documents.')}</Notice>
      ) : !documents.length ? (
        <p class="empty">{t('No document.')}</p>
      ) : (
        <table class="list" aria-label={t('Documents')}>
          <thead>
            <tr>
              <th scope="col">{t('Name')}</th>
              <th scope="col">{t('File')}</th>
              <th scope="col">{t('Linked on')}</th>
            </tr>
          </thead>
          <tbody>
            {documents.map((d) => (
              <tr key={String(d.assocID)}>
                <td>
                  <a href={href(['Document', d.id])}>{named(d.name) || `#${d.id}`}</a>
                </td>
                <td>{named(d.filename)}</td>
                <td>{named(d.assocdate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
