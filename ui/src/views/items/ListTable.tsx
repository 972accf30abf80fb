import type { Item, Page } from '../../data/api';
import { LateBadge, PeopleBadges, PriorityBadge, StatusBadge } from '../../components/Badges';
import type { TicketPeople } from '../../data/ticket-people';
import { t } from '../../lib/i18n';
import { href, navigate } from '../../lib/router';
import { cellText } from './cell-text';

interface Props {
  itemtype: string;
  page: Page;
  columns: string[];
  /** A column's heading. */
  label: (key: string) => string;
  /** The column that links to the item. */
  titleKey: string;
  sort: string;
  order: 'ASC' | 'DESC';
  onSort: (key: string) => void;
  selected: Set<number>;
  onSelect: (id: number, on: boolean) => void;
  loading: boolean;
  /** Tickets, problems and changes: people, status and priority as badges. */
  itil: boolean;
  people: Map<number, TicketPeople>;
}

/** A page of a list as a table: a checkbox per row, sortable column heads, each row opens its item. */
export function ListTable({ itemtype, page, columns, label, titleKey, sort, order, onSort, selected, onSelect, loading, itil, people }: Props) {
  /** A cell: ITIL statuses and priorities as GLPI's coloured badges, other values as text. */
  const cell = (c: string, item: Item) =>
    itil && c === 'status' ? <StatusBadge itemtype={itemtype} value={item[c]} /> : itil && c === 'priority' ? <PriorityBadge itemtype={itemtype} value={item[c]} /> : cellText(itemtype, c, item[c]);
  return (
    <div class="table-wrap">
      <table class="list" aria-busy={loading}>
        <thead>
          <tr>
            <th scope="col" class="select">
              <input
                type="checkbox"
                aria-label={t('Select the page')}
                checked={page.items.every((i) => selected.has(i.id))}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  page.items.forEach((i) => onSelect(i.id, on));
                }}
              />
            </th>
            {columns.map((c) => (
              <th key={c} scope="col" aria-sort={sort === c ? (order === 'ASC' ? 'ascending' : 'descending') : undefined}>
                <button type="button" class="th-sort" onClick={() => onSort(c)}>
                  {label(c)}
                  <span aria-hidden="true" class="sort-mark">
                    {sort === c ? (order === 'ASC' ? '▲' : '▼') : ''}
                  </span>
                </button>
              </th>
            ))}
            {itil && <th scope="col">{t('Requester')}</th>}
            {itil && <th scope="col">{t('Assigned to')}</th>}
          </tr>
        </thead>
        <tbody>
          {page.items.map((item: Item) => (
            <tr key={item.id} class="clickable" onClick={() => navigate([itemtype, item.id])}>
              <td class="select" onClick={(e) => e.stopPropagation()}>
                <input type="checkbox" aria-label={t('Select #{id}', { id: item.id })} checked={selected.has(item.id)} onChange={(e) => onSelect(item.id, e.currentTarget.checked)} />
              </td>
              {columns.map((c) => (
                <td key={c} data-label={label(c)}>
                  {c === titleKey ? (
                    <>
                      <a href={href([itemtype, item.id])} onClick={(e) => e.stopPropagation()}>
                        {cellText(itemtype, c, item[c]) || `#${item.id}`}
                      </a>
                      {people.get(item.id)?.late && <> <LateBadge /></>}
                    </>
                  ) : (
                    cell(c, item)
                  )}
                </td>
              ))}
              {itil && (
                <td data-label={t('Requester')}>
                  <PeopleBadges names={people.get(item.id)?.requesters ?? []} />
                </td>
              )}
              {itil && (
                <td data-label={t('Assigned to')}>
                  <PeopleBadges names={people.get(item.id)?.assignees ?? []} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
