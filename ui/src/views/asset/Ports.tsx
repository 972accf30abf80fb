import { api, type Item } from '../../api';
import { Notice } from '../../components/Notice';
import { t } from '../../i18n';
import { useLoad, named } from './load';
import { readableType } from './sections';

interface Port {
  kind: string;
  row: Item & { netport_id: number; NetworkName?: { name: string; IPAddress: { name: string }[]; FQDN: { fqdn?: string } | [] } };
  vlans: string[];
}

/** An item's network ports by instantiation, with their network name's addresses (IPAddress via NetworkName) and VLANs. */
export function Ports({ itemtype, id }: { itemtype: string; id: number }) {
  const { data, error } = useLoad(async () => {
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

  if (error) return <Notice kind="error">{error}</Notice>;
  if (!data) return <p role="status">{t('Loading…')}</p>;
  const ports = data.ports;
  return (
    <section aria-label={t('Network ports')} class="asset-section">
      {ports === null ? (
        <Notice kind="info">{t('You may not read network ports.')}</Notice>
      ) : !ports.length ? (
        <p class="empty">{t('No network port.')}</p>
      ) : (
        <table class="list" aria-label={t('Network ports')}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('Name')}</th>
              <th scope="col">{t('Type')}</th>
              <th scope="col">{t('MAC address')}</th>
              <th scope="col">{t('IP addresses')}</th>
              <th scope="col">{t('VLANs')}</th>
            </tr>
          </thead>
          <tbody>
            {ports.map(({ kind, row, vlans }) => (
              <tr key={row.netport_id}>
                <td>{String(row.logical_number ?? '')}</td>
                <td>{named(row.name)}</td>
                <td>{readableType(kind, 'NetworkPort')}</td>
                <td>{named(row.mac)}</td>
                <td>{(row.NetworkName?.IPAddress ?? []).map((a) => a.name).join(', ')}</td>
                <td>{vlans.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
