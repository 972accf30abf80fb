import { useState } from 'preact/hooks';
import { useLiveEvents } from '../../data/live';
import { ApiError, api, errorText, type SearchOption } from '../../data/api';
import { Notice } from '../../components/Notice';
import { Pager } from '../../components/Pager';
import { useTicketPeople } from '../../data/ticket-people';
import { describeField } from '../../data/fields';
import { t } from '../../lib/i18n';
import { typeDef } from '../../lib/itemtypes';
import { href, navigate } from '../../lib/router';
import { MassActions } from './MassActions';
import { ListTable } from './ListTable';
import { ListHead, useUrlFilter } from './ListHead';
import { useListSelection } from './list-selection';
import { useSession } from '../../data/session';
import { useApi } from '../../data/use-api';

/** The options of a type the profile may not list: none. */
const NO_OPTIONS: Record<string, SearchOption> = {};
const SIZES = [10, 25, 50, 100];
/** Lists whose rows show their people, status and priority as badges. */
const ITIL = new Set(['Ticket', 'Problem', 'Change']);

/** A page of a collection: paging, sorting, quick filter, trash. */
export function ListView({ itemtype, query }: { itemtype: string; query: URLSearchParams }) {
  const { scope } = useSession();
  const def = typeDef(itemtype);
  const start = Math.max(0, Number(query.get('start')) || 0);
  const size = SIZES.includes(Number(query.get('size'))) ? Number(query.get('size')) : 25;
  const sort = query.get('sort') ?? '';
  const order = query.get('order') === 'DESC' ? 'DESC' : 'ASC';
  const q = query.get('q') ?? '';
  const trash = query.get('trash') === '1' && !!def.trash;

  const [failure, setError] = useState('');
  const [reload, setReload] = useState(0);
  // Changes made elsewhere show without reloading the page.
  useLiveEvents((event) => event.itemtype === itemtype, () => setReload((r) => r + 1));

  const state = { start, size: size === 25 ? undefined : size, sort: sort || undefined, order: sort ? order : undefined, q: q || undefined, trash: trash ? 1 : undefined };
  const go = (changes: Partial<Record<keyof typeof state, string | number | undefined>>, replace = false) =>
    navigate([itemtype], { ...state, ...changes, start: (changes.start ?? start) || undefined }, replace);

  const options = useApi(() => api.searchOptions(itemtype).catch(() => NO_OPTIONS), [itemtype, scope]).data ?? NO_OPTIONS;

  const [filter, setFilter] = useUrlFilter(q, (next) => go({ q: next || undefined, start: 0 }, true));

  const listed = useApi(
    () =>
      api
        .list(itemtype, {
          range: `${start}-${start + size - 1}`,
          sort: sort || undefined,
          order: sort ? order : undefined,
          searchText: q ? { name: q } : undefined,
          is_deleted: trash ? 1 : undefined,
          expand_dropdowns: true,
        })
        .catch((e: unknown): null => {
          // Past the last page (rows deleted meanwhile): back to the first one.
          if (!(e instanceof ApiError && e.code === 'ERROR_RANGE_EXCEED_TOTAL' && start > 0)) throw e;
          go({ start: 0 }, true);
          return null;
        }),
    [itemtype, start, size, sort, order, q, trash, scope, reload],
  );
  const page = listed.error ? null : listed.data;
  const error = failure || listed.error;
  const loading = listed.loading;

  const { selected, toggle, selectAllMatching } = useListSelection(itemtype, q, trash);

  const itil = ITIL.has(itemtype);
  const people = useTicketPeople(itemtype, itil && page ? page.items.map((i) => i.id) : []);

  const first = page?.items[0];
  const columns = ['id', ...def.columns].filter((c) => !first || c in first);
  const label = (key: string) => describeField(itemtype, options, key).label;
  const titleKey = def.title && (!first || def.title in first) ? def.title : 'name';
  const total = page?.total ?? 0;
  const end = page && page.items.length ? page.start + page.items.length : 0;

  const toggleSort = (key: string) => go({ sort: key, order: sort === key && order === 'ASC' ? 'DESC' : 'ASC', start: 0 });

  return (
    <div class="page">
      <ListHead itemtype={itemtype} trash={trash} onTrash={() => go({ trash: trash ? undefined : 1, start: 0 })} />

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
        <ListTable itemtype={itemtype} page={page} columns={columns} label={label} titleKey={titleKey} sort={sort} order={order} onSort={toggleSort} selected={selected} onSelect={toggle} loading={loading} itil={itil} people={people} />
      )}

      {page && !page.items.length && !error && (
        <p class="empty">{trash ? t('The trash is empty.') : q ? t('No {types} match “{filter}”.', { types: def.plural.toLowerCase(), filter: q }) : t('No {types} yet.', { types: def.plural.toLowerCase() })}</p>
      )}

      <Pager start={start} size={size} total={total} onStart={(next) => go({ start: next })} />
    </div>
  );
}
