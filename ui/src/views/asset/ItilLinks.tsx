import { api, type Item } from '../../data/api';
import { t } from '../../lib/i18n';
import { enumOf, typeDef } from '../../lib/itemtypes';
import { itemLabel } from '../../data/options';
import { href } from '../../lib/router';
import { Pending } from './DataTable';
import { named, sectionRows } from './load';
import { useApi } from '../../data/use-api';

const KINDS = [
  ['Ticket', 'with_tickets', '_tickets'],
  ['Problem', 'with_problems', '_problems'],
  ['Change', 'with_changes', '_changes'],
] as const;

/** The tickets, problems and changes about an item (Item_Ticket, Item_Problem, Change_Item), with their status. */
export function ItilLinks({ itemtype, id }: { itemtype: string; id: number }) {
  const { data, error } = useApi(async () => {
    const item = await api.get(itemtype, id, Object.fromEntries(KINDS.map(([, flag]) => [flag, true])));
    return KINDS.map(([type, , key]) => ({ type, rows: sectionRows<Item>(item[key]) }));
  }, [itemtype, id]);
  if (!data) return <Pending error={error} />;
  return (
    <section aria-label={t('Tickets, problems and changes')} class="asset-section">
      {data.map(({ type, rows }) => {
        const statuses = new Map(enumOf(type, 'status') ?? []);
        return (
          <div key={type}>
            <h2>{typeDef(type).plural}</h2>
            {rows === null ? (
              <p class="muted">{t('You may not read these.')}</p>
            ) : !rows.length ? (
              <p class="empty">{t('None.')}</p>
            ) : (
              <ul class="linked-items" aria-label={typeDef(type).plural}>
                {rows.map((row) => (
                  <li key={row.id}>
                    <a href={href([type, row.id])}>{itemLabel(row)}</a> <span class="muted">#{row.id}</span> <span class="badge">{statuses.get(Number(row.status)) ?? ''}</span>{' '}
                    <span class="muted">{named(row.date)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}
