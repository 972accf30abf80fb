import { api, type Item } from '../../data/api';
import { Notice } from '../../components/Notice';
import { t } from '../../lib/i18n';
import { DataTable, Pending } from './DataTable';
import { named } from './load';
import { useApi } from '../../data/use-api';
import { readableType } from './sections';

interface Port {
  kind: string;
  row: Item & { netport_id: number; NetworkName?: { name: string; IPAddress: { name: string }[]; FQDN: { fqdn?: string } | [] } };
  vlans: string[];
}

/** An item's network ports by instantiation, with their network name's addresses (IPAddress via NetworkName) and VLANs. */
export function Ports({ itemtype, id }: { itemtype: string; id: number }) {
  const { data, error } = useApi(async () => {
    const item = await api.get(itemtype, id, { with_networkports: true });
    const section = item._networkports as Record<string, Port['row'][]> | { error: number };
    if ('error' in section) return { ports: null };
    const ports: Port[] = await Promise.all(
      Object.entries(section).flatMap(([kind, rows]) =>
        rows.map(async (row) => {
          const links = await api.subItems('NetworkPort', row.netport_id, 'NetworkPort_Vlan', { expand_dropdowns: true }).catch(() => []);
          return { kind, row, vlans: links.map((l) => `${named(l.vlans_id)}${Number(l.tagged) === 1 ? ` (${t('tagged')})` : ''}`) };
        }),
      ),
    );
    return { ports };
  }, [itemtype, id]);

  if (!data) return <Pending error={error} />;
  const ports = data.ports;
  return (
    <section aria-label={t('Network ports')} class="asset-section">
      {ports === null ? (
        <Notice kind="info">{t('You may not read network ports.')}</Notice>
      ) : !ports.length ? (
        <p class="empty">{t('No network port.')}</p>
      ) : (
        <DataTable
          label={t('Network ports')}
          headers={['#', t('Name'), t('Type'), t('MAC address'), t('IP addresses'), t('VLANs')]}
          rows={ports.map(({ kind, row, vlans }) => ({
            key: row.netport_id,
            cells: [
              String(row.logical_number ?? ''), named(row.name), readableType(kind, 'NetworkPort'), named(row.mac),
              (row.NetworkName?.IPAddress ?? []).map((a) => a.name).join(', '), vlans.join(', '),
            ],
          }))}
        />
      )}
    </section>
  );
}
