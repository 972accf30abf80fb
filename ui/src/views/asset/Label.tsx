import { api } from '../../data/api';
import { t } from '../../lib/i18n';
import { typeDef } from '../../lib/itemtypes';
import { itemUrl, qrSvg } from '../../lib/qr';
import { Pending } from './DataTable';
import { named } from './load';
import { useApi } from '../../data/use-api';

/** A printable label of an asset: its name, type, serial and inventory numbers, and a QR code of its console address. */
export function Label({ itemtype, id }: { itemtype: string; id: number }) {
  const url = itemUrl(location.origin, location.pathname, itemtype, id);
  const { data, error } = useApi(async () => ({ item: await api.get(itemtype, id), svg: await qrSvg(url) }), [itemtype, id]);
  if (!data) return <Pending error={error} />;
  return (
    <section aria-label={t('Label')} class="asset-section">
      <div class="form-actions no-print">
        <button type="button" onClick={() => window.print()}>
          {t('Print the label')}
        </button>
      </div>
      <figure class="asset-label" data-url={url}>
        {/* The SVG is the qrcode library's output from the URL: no user markup reaches it. */}
        <div class="asset-label-qr" role="img" aria-label={t('QR code of {url}', { url })} dangerouslySetInnerHTML={{ __html: data.svg }} />
        <figcaption>
          <strong>{named(data.item.name) || `${typeDef(itemtype).label} #${id}`}</strong>
          <span>
            {typeDef(itemtype).label} #{id}
          </span>
          {named(data.item.serial) && <span>{t('Serial number')}: {named(data.item.serial)}</span>}
          {named(data.item.otherserial) && <span>{t('Inventory number')}: {named(data.item.otherserial)}</span>}
        </figcaption>
      </figure>
    </section>
  );
}
