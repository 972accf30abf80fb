import { api, type Item } from '../../data/api';
import { t } from '../../lib/i18n';
import { typeDef } from '../../lib/itemtypes';
import { DataTable, Pending } from './DataTable';
import { named } from './load';
import { useApi } from '../../data/use-api';
import { readableType } from './sections';

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
  designation: string;
  /** Empty when unknown, or when the profile may not read components. */
  manufacturer: string;
}

/** The column of a component link naming its device (devicememories_id…), from the registry. */
function deviceKey(linkType: string): string | undefined {
  const device = linkType.slice('Item_'.length);
  return typeDef(linkType).type?.owners.flatMap((o) => ('fk' in o && o.itemtype === device ? [o.fk] : []))[0];
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
  const { data, error } = useApi(async () => {
    // Named (designations), and raw (the device ids, to read each device's manufacturer where the profile may).
    const [item, expanded] = await Promise.all([
      api.get(itemtype, id, { with_devices: true, with_disks: true }),
      api.get(itemtype, id, { with_devices: true, expand_dropdowns: true }),
    ]);
    const groupsOf = (value: unknown) => (value && !Array.isArray(value) ? value : {}) as Record<string, Record<string, Item>>;
    const names = groupsOf(expanded._devices);
    const components: Component[] = await Promise.all(
      Object.entries(groupsOf(item._devices)).flatMap(([linkType, rows]) =>
        Object.values(rows).map(async (link) => {
          const fk = deviceKey(linkType);
          const device = fk ? await api.get(linkType.slice('Item_'.length), Number(link[fk]), { expand_dropdowns: true }).catch(() => null) : null;
          return { linkType, link, designation: String((fk && names[linkType]?.[String(link.id)]?.[fk]) || ''), manufacturer: named(device?.manufacturers_id) };
        }),
      ),
    );
    const volumes = (Array.isArray(item._disks) ? item._disks : []).map((d: { name: Volume }) => d.name);
    return { components, volumes };
  }, [itemtype, id]);

  if (!data) return <Pending error={error} />;
  const types = [...new Set(data.components.map((c) => c.linkType))];
  return (
    <section aria-label={t('Components')} class="asset-section">
      {!types.length && !data.volumes.length && <p class="empty">{t('No component.')}</p>}
      {types.map((linkType) => {
        const deviceType = linkType.slice('Item_'.length);
        return (
          <DataTable
            key={linkType}
            label={readableType(deviceType, 'Device')}
            caption
            headers={[t('Designation'), t('Manufacturer'), t('Details')]}
            rows={data.components
              .filter((c) => c.linkType === linkType)
              .map(({ link, designation, manufacturer }) => ({ key: link.id, cells: [designation || `#${link.id}`, manufacturer, <ComponentFields link={link} />] }))}
          />
        );
      })}
      {data.volumes.length > 0 && (
        <DataTable
          label={t('Volumes')}
          caption
          headers={[t('Name'), t('Mount point'), t('File system'), t('Size (MiB)'), t('Free (MiB)')]}
          rows={data.volumes.map((v, i) => ({ key: i, cells: [v.name, v.mountpoint, named(v.fsname), v.totalsize, v.freesize] }))}
        />
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
