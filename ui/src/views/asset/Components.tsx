import { api, type Item } from '../../api';
import { Notice } from '../../components/Notice';
import { t } from '../../i18n';
import { typeDef } from '../../itemtypes';
import { useLoad, named } from './load';

/** Columns of a component link that say nothing of the component itself. */
const LINK_COLUMNS = new Set(['id', 'entities_id', 'is_recursive', 'is_dynamic', 'date_mod', 'date_creation', 'links']);
/** Labels of the component-specific fields GLPI shows (others show by column name). */
const FIELD_LABELS: Record<string, string> = {
  serial: 'Serial number',
  otherserial: 'Inventory number',
  frequency: 'Frequency (MHz)',
  size: 'Size (MiB)',
  capacity: 'Capacity (MiB)',
  nbcores: 'Cores',
  nbthreads: 'Threads',
  busID: 'Position',
  mac: 'MAC address',
  memory: 'Memory (MiB)',
};

interface Component {
  linkType: string;
  link: Item;
  device: Item | null;
}

interface Volume {
  name: string;
  mountpoint: string;
  fsname: string;
  totalsize: number;
  freesize: number;
}

/** An item's components (GLPI's Item_Device* rows), by device type, with each device's designation and manufacturer; and its volumes. */
export function Components({ itemtype, id }: { itemtype: string; id: number }) {
  const { data, error } = useLoad(async () => {
    const item = await api.get(itemtype, id, { with_devices: true, with_disks: true });
    const groups = (item._devices && !Array.isArray(item._devices) ? item._devices : {}) as Record<string, Record<string, Item>>;
    const components: Component[] = await Promise.all(
      Object.entries(groups).flatMap(([linkType, rows]) =>
        Object.values(rows).map(async (link) => {
          const deviceType = linkType.slice('Item_'.length);
          const fk = Object.keys(link).find((k) => k === `${deviceType.toLowerCase()}s_id`);
          const device = fk ? await api.get(deviceType, Number(link[fk]), { expand_dropdowns: true }).catch(() => null) : null;
          return { linkType, link, device };
        }),
      ),
    );
    const volumes = (Array.isArray(item._disks) ? item._disks : []).map((d: { name: Volume }) => d.name);
    return { components, volumes };
  }, [itemtype, id]);

  if (error) return <Notice kind="error">{error}</Notice>;
  if (!data) return <p role="status">{t('Loading…')}</p>;
  const types = [...new Set(data.components.map((c) => c.linkType))];
  return (
    <section aria-label={t('Components')} class="asset-section">
      {!types.length && !data.volumes.length && <p class="empty">{t('No component.')}</p>}
      {types.map((linkType) => {
        const deviceType = linkType.slice('Item_'.length);
        return (
          <table key={linkType} class="list" aria-label={typeDef(deviceType).label}>
            <caption>{typeDef(deviceType).label}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Designation')}</th>
                <th scope="col">{t('Manufacturer')}</th>
                <th scope="col">{t('Details')}</th>
              </tr>
            </thead>
            <tbody>
              {data.components
                .filter((c) => c.linkType === linkType)
                .map(({ link, device }) => (
                  <tr key={link.id}>
                    <td>{named(device?.designation) || `#${link.id}`}</td>
                    <td>{named(device?.manufacturers_id)}</td>
                    <td>
                      <ComponentFields link={link} />
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        );
      })}
      {data.volumes.length > 0 && (
        <table class="list" aria-label={t('Volumes')}>
          <caption>{t('Volumes')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Name')}</th>
              <th scope="col">{t('Mount point')}</th>
              <th scope="col">{t('File system')}</th>
              <th scope="col">{t('Size (MiB)')}</th>
              <th scope="col">{t('Free (MiB)')}</th>
            </tr>
          </thead>
          <tbody>
            {data.volumes.map((v, i) => (
              <tr key={i}>
                <td>{v.name}</td>
                <td>{v.mountpoint}</td>
                <td>{named(v.fsname)}</td>
                <td>{v.totalsize}</td>
                <td>{v.freesize}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The link's own values (size, frequency, serial…), those that are set. */
function ComponentFields({ link }: { link: Item }) {
  const fields = Object.entries(link).filter(
    // Foreign keys (the device, a location, a status) come unnamed here: the device is shown beside.
    ([key, value]) => !LINK_COLUMNS.has(key) && !key.endsWith('_id') && value !== null && value !== '' && value !== 0 && value !== '0',
  );
  if (!fields.length) return null;
  return (
    <dl class="inline-fields">
      {fields.map(([key, value]) => (
        <div key={key}>
          <dt>{t(FIELD_LABELS[key] ?? key)}</dt>
          <dd>{String(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
