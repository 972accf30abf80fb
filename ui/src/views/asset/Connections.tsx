import { useState } from 'preact/hooks';
import { api, type Item } from '../../data/api';
import { Outcome } from '../../components/Notice';
import { PickForm } from '../../components/PickForm';
import { ValueSelect } from '../../components/ValueSelect';
import { t } from '../../lib/i18n';
import { typeDef } from '../../lib/itemtypes';
import { itemLabel } from '../../data/options';
import { usePanel } from '../../data/panel';
import { href } from '../../lib/router';
import { Pending } from './DataTable';
import { useApi } from '../../data/use-api';

interface Connection {
  linkId: number;
  itemtype: string;
  id: number;
  name: string;
}

/**
 * Direct connections (Computer_Item): the monitors, peripherals, printers and phones on a
 * computer, connected and disconnected here; on those, the computers they are connected to.
 */
export function Connections({ itemtype, id, editable }: { itemtype: string; id: number; editable: boolean }) {
  const computerSide = typeDef(itemtype).type?.features.includes('connection') ?? false;
  const targets = typeDef('Computer_Item').type?.polyTargets ?? [];
  const [target, setTarget] = useState(targets.includes('Monitor') ? 'Monitor' : (targets[0] ?? ''));
  const { message, error: writeError, reload, refuse, write } = usePanel();
  const { data, error } = useApi(async (): Promise<Connection[]> => {
    if (computerSide) {
      const item = await api.get(itemtype, id, { with_connections: true });
      const groups = (Array.isArray(item._connections) ? {} : item._connections) as Record<string, Item[]>;
      return Object.entries(groups).flatMap(([type, rows]) => rows.map((r) => ({ linkId: Number(r.assoc_id), itemtype: type, id: r.id, name: itemLabel(r) })));
    }
    const links = await api.subItems(itemtype, id, 'Computer_Item', { range: '0-999' });
    return Promise.all(
      links.map(async (l) => {
        const computer = await api.get('Computer', Number(l.computers_id)).catch(() => null);
        return { linkId: l.id, itemtype: 'Computer', id: Number(l.computers_id), name: computer ? itemLabel(computer) : `#${String(l.computers_id)}` };
      }),
    );
  }, [itemtype, id, reload]);

  if (!data) return <Pending error={error} />;
  return (
    <section aria-label={t('Connections')} class="asset-section">
      <Outcome message={message} error={writeError} />
      {!data.length ? (
        <p class="empty">{t('No connection.')}</p>
      ) : (
        <ul class="linked-items" aria-label={t('Connected items')}>
          {data.map((c) => (
            <li key={c.linkId}>
              <span class="badge">{typeDef(c.itemtype).label}</span> <a href={href([c.itemtype, c.id])}>{c.name}</a>
              {editable && (
                <button type="button" class="link" aria-label={t('Disconnect {name}', { name: c.name })} onClick={() => void write(() => api.remove('Computer_Item', c.linkId, true), t('{name} disconnected.', { name: c.name }))}>
                  {t('Disconnect')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && computerSide && (
        <PickForm
          label={t('Connect an item')}
          pickerId="connect-item"
          pickerLabel={t('Item')}
          itemtype={target}
          button={t('Connect')}
          onMissing={() => refuse(t('Choose an item first.'))}
          onAdd={(picked) => write(() => api.create('Computer_Item', { computers_id: id, itemtype: target, items_id: picked.id }), t('{name} connected.', { name: picked.name }))}
        >
          <div class="field">
            <label for="connect-type">{t('Type')}</label>
            <ValueSelect id="connect-type" value={target} choices={targets.map((type) => [type, typeDef(type).label] as const)} onChange={setTarget} />
          </div>
        </PickForm>
      )}
    </section>
  );
}
