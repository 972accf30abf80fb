import { useEffect, useRef, useState } from 'preact/hooks';
import { useLiveEvents } from '../../data/live';
import { ApiError, api, errorText, type Item, type Page, type SearchOption } from '../../data/api';
import { Notice } from '../../components/Notice';
import { Pager } from '../../components/Pager';
import { LateBadge, PeopleBadges, PriorityBadge, StatusBadge } from '../../components/Badges';
import { useTicketPeople } from '../../data/ticket-people';
import { showDate } from '../../lib/dates';
import { describeField } from '../../data/fields';
import { t } from '../../lib/i18n';
import { CREATE, DELETE, can, enumOf, fkTarget, typeDef } from '../../lib/itemtypes';
import { href, navigate } from '../../lib/router';
import { MassActions } from './MassActions';
import { useSession } from '../../data/session';

const SIZES = [10, 25, 50, 100];
/** Lists whose rows show their people, status and priority as badges. */
const ITIL = new Set(['Ticket', 'Problem', 'Change']);

/** The display text of a list cell (dropdowns come expanded to names). */
export function cellText(itemtype: string, key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const choices = enumOf(itemtype, key);
  if (choices) return choices.find(([v]) => String(v) === String(value))?.[1] ?? String(value);
  if (/^(is|have|use)_/.test(key)) return Number(value) ? t('Yes') : t('No');
  if (fkTarget(key, itemtype) && (value === 0 || value === '0')) return '';
  return showDate(value);
}

/** A page of a collection: paging, sorting, quick filter, trash. */
export function ListView({ itemtype, query }: { itemtype: string; query: URLSearchParams }) {
  const { info, scope } = useSession();
  const def = typeDef(itemtype);
  const start = Math.max(0, Number(query.get('start')) || 0);
  const size = SIZES.includes(Number(query.get('size'))) ? Number(query.get('size')) : 25;
  const sort = query.get('sort') ?? '';
  const order = query.get('order') === 'DESC' ? 'DESC' : 'ASC';
  const q = query.get('q') ?? '';
  const trash = query.get('trash') === '1' && !!def.trash;

  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);
  const [options, setOptions] = useState<Record<string, SearchOption>>({});
  const [filter, setFilter] = useState(q);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [reload, setReload] = useState(0);
  // Changes made elsewhere show without reloading the page.
  useLiveEvents((event) => event.itemtype === itemtype, () => setReload((r) => r + 1));

  const state = { start, size: size === 25 ? undefined : size, sort: sort || undefined, order: sort ? order : undefined, q: q || undefined, trash: trash ? 1 : undefined };
  const go = (changes: Partial<Record<keyof typeof state, string | number | undefined>>, replace = false) =>
    navigate([itemtype], { ...state, ...changes, start: (changes.start ?? start) || undefined }, replace);

  useEffect(() => {
    let live = true;
    void api.searchOptions(itemtype).then(
      (o) => live && setOptions(o),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [itemtype, scope]);

  // The filter box follows the URL (back button, navigation) and updates it as one types.
  const pushed = useRef(q);
  useEffect(() => {
    if (q !== pushed.current) {
      pushed.current = q;
      setFilter(q);
    }
  }, [q]);
  useEffect(() => {
    if (filter === q) return;
    const timer = setTimeout(() => {
      pushed.current = filter;
      go({ q: filter || undefined, start: 0 }, true);
    }, 300);
    return () => clearTimeout(timer);
  }, [filter]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api
      .list(itemtype, {
        range: `${start}-${start + size - 1}`,
        sort: sort || undefined,
        order: sort ? order : undefined,
        searchText: q ? { name: q } : undefined,
        is_deleted: trash ? 1 : undefined,
        expand_dropdowns: true,
      })
      .then((p) => {
        if (!live) return;
        setPage(p);
        setError('');
      })
      .catch((e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && e.code === 'ERROR_RANGE_EXCEED_TOTAL' && start > 0) return go({ start: 0 }, true);
        setPage(null);
        setError(errorText(e));
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [itemtype, start, size, sort, order, q, trash, scope, reload]);

  // A new filter or view starts a new selection.
  useEffect(() => setSelected(new Set()), [q, trash, scope]);

  /** Every id matching the current filter, a page of 1 000 at a time. */
  const selectAllMatching = async () => {
    const all: number[] = [];
    for (let from = 0; ; from += 1000) {
      const p = await api.list(itemtype, { range: `${from}-${from + 999}`, searchText: q ? { name: q } : undefined, is_deleted: trash ? 1 : undefined });
      all.push(...p.items.map((i) => i.id));
      if (from + 1000 >= p.total || !p.items.length) break;
    }
    setSelected(new Set(all));
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const itil = ITIL.has(itemtype);
  const people = useTicketPeople(itemtype, itil && page ? page.items.map((i) => i.id) : []);
  /** A cell: ITIL statuses and priorities as GLPI's coloured badges, other values as text. */
  const cell = (c: string, item: Item) =>
    itil && c === 'status' ? <StatusBadge itemtype={itemtype} value={item[c]} /> : itil && c === 'priority' ? <PriorityBadge itemtype={itemtype} value={item[c]} /> : cellText(itemtype, c, item[c]);

  const first = page?.items[0];
  const columns = ['id', ...def.columns].filter((c) => !first || c in first);
  const label = (key: string) => describeField(itemtype, options, key).label;
  const titleKey = def.title && (!first || def.title in first) ? def.title : 'name';
  const total = page?.total ?? 0;
  const end = page && page.items.length ? page.start + page.items.length : 0;

  const toggleSort = (key: string) => go({ sort: key, order: sort === key && order === 'ASC' ? 'DESC' : 'ASC', start: 0 });

  return (
    <div class="page">
      <div class="page-head">
        <h1>
          {def.plural}
          {trash && <span class="badge badge-trash">{t('Trash')}</span>}
        </h1>
        <div class="actions">
          {def.trash && (trash || can(info.activeProfile, itemtype, DELETE)) && (
            <button type="button" class="secondary" aria-pressed={trash} onClick={() => go({ trash: trash ? undefined : 1, start: 0 })}>
              {trash ? t('Back to the list') : t('Show the trash')}
            </button>
          )}
          {!trash && can(info.activeProfile, itemtype, CREATE) && (
            <a class="button secondary" href={href(['import', itemtype])}>
              {t('Import CSV')}
            </a>
          )}
          {!trash && can(info.activeProfile, itemtype, CREATE) && (
            <a class="button" href={href([itemtype, 'new'])}>
              {t('New {type}', { type: def.label.toLowerCase() })}
            </a>
          )}
        </div>
      </div>

      <div class="toolbar">
        <input
          type="search"
          class="filter"
          data-search
          aria-label={t('Filter {types} by name', { types: def.plural.toLowerCase() })}
          placeholder={t('Filter by name…  ( / )')}
          value={filter}
          onInput={(e) => setFilter(e.currentTarget.value)}
        />
        <a class="button secondary" href={href(['search', itemtype])}>
          {t('Advanced search')}
        </a>
        <label class="control">
          <span>{t('Rows')}</span>
          <select value={String(size)} onChange={(e) => go({ size: Number(e.currentTarget.value), start: 0 })}>
            {SIZES.map((s) => (
              <option key={s} value={String(s)}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <span class="muted" role="status" aria-live="polite">
          {loading ? t('Loading…') : total ? t('{first}–{last} of {total}', { first: start + 1, last: end, total }) : ''}
        </span>
      </div>

      {error && <Notice kind="error">{error}</Notice>}

      {selected.size > 0 && (
        <MassActions itemtype={itemtype} ids={[...selected]} trash={trash} options={options} onDone={() => setReload((r) => r + 1)} />
      )}
      {page && total > page.items.length && page.items.every((i) => selected.has(i.id)) && selected.size < total && (
        <p class="muted">
          {t('The {count} rows of this page are selected.', { count: page.items.length })}{' '}
          <button type="button" class="link" onClick={() => void selectAllMatching().catch((e: unknown) => setError(errorText(e)))}>
            {t('Select all {total} matching rows', { total })}
          </button>
        </p>
      )}
      {page && page.items.length > 0 && (
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
                      page.items.forEach((i) => toggle(i.id, on));
                    }}
                  />
                </th>
                {columns.map((c) => (
                  <th key={c} scope="col" aria-sort={sort === c ? (order === 'ASC' ? 'ascending' : 'descending') : undefined}>
                    <button type="button" class="th-sort" onClick={() => toggleSort(c)}>
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
                    <input type="checkbox" aria-label={t('Select #{id}', { id: item.id })} checked={selected.has(item.id)} onChange={(e) => toggle(item.id, e.currentTarget.checked)} />
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
      )}

      {page && !page.items.length && !error && (
        <p class="empty">{trash ? t('The trash is empty.') : q ? t('No {types} match “{filter}”.', { types: def.plural.toLowerCase(), filter: q }) : t('No {types} yet.', { types: def.plural.toLowerCase() })}</p>
      )}

      <Pager start={start} size={size} total={total} onStart={(next) => go({ start: next })} />
    </div>
  );
}
