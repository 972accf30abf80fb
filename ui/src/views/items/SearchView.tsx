import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, type CriteriaNode, errorText, type SearchOption } from '../../data/api';
import { Notice } from '../../components/Notice';
import { useApi } from '../../data/use-api';
import { exportCsv, fileSink } from '../../data/csv';
import { t } from '../../lib/i18n';
import { Pager } from '../../components/Pager';
import { distinctOptions, optionLabels } from '../../data/optionnames';
import { saveFile } from './Documents';
import { CriteriaEditor, completeCriteria } from '../../components/CriteriaEditor';
import { READ, can, typeDef } from '../../lib/itemtypes';
import { href } from '../../lib/router';
import type { SearchState } from '../../data/savedsearch';
import { SavedSearches, searchHref } from '../../components/SavedSearches';
import { useSession } from '../../data/session';

const PAGE = 50;

/** The search state lives in the URL: criteria, displayed columns, sort and page. */
function readState(query: URLSearchParams): SearchState & { start: number } {
  let criteria: CriteriaNode[] = [];
  try {
    const parsed: unknown = JSON.parse(query.get('c') ?? '[]');
    if (Array.isArray(parsed)) criteria = parsed as CriteriaNode[];
  } catch {
    criteria = [];
  }
  return {
    criteria,
    cols: (query.get('cols') ?? '').split(',').filter(Boolean),
    sort: query.get('sort') ?? '',
    order: query.get('order') === 'DESC' ? 'DESC' : 'ASC',
    start: Math.max(0, Number(query.get('start')) || 0),
  };
}

/** GLPI's search of one itemtype: a criteria builder from listSearchOptions, a column chooser, sortable results. */
export function SearchView({ itemtype, query }: { itemtype: string; query: URLSearchParams }) {
  const { info, scope } = useSession();
  const def = typeDef(itemtype);
  const state = useMemo(() => readState(query), [query]);
  const [draft, setDraft] = useState<CriteriaNode[]>(state.criteria);
  const [failure, setError] = useState('');

  // The criteria being written follow the URL's only when those change (back button, a saved search): a new column or page keeps them.
  const applied = JSON.stringify(state.criteria);
  useEffect(() => setDraft(state.criteria), [applied]);
  const described = useApi(() => api.searchOptions(itemtype), [itemtype]);
  const options = described.data;

  const labels = useMemo(() => optionLabels(options ?? {}), [options]);
  const cols = state.cols.length ? state.cols : ['1', '80', '19'].filter((id) => options?.[id]);

  const found = useApi(async () => {
    if (!options) return null;
    const extra: Record<string, string | number> = { range: `${state.start}-${state.start + PAGE - 1}` };
    // The id (option 2) always comes along: the first column links to the item.
    [...new Set([...cols, '2'])].forEach((c, i) => (extra[`forcedisplay[${i}]`] = c));
    if (state.sort) Object.assign(extra, { sort: state.sort, order: state.order });
    return api.search(itemtype, completeCriteria(state.criteria), extra);
  }, [itemtype, options, query, scope]);
  const result = found.data;
  const error = failure || described.error || found.error;

  const go = (changes: Partial<SearchState & { start: number }>) => {
    const { start, ...next } = { ...state, ...changes };
    location.hash = searchHref(itemtype, next, start);
  };
  const csv = useCsvExport(itemtype, setError);

  return (
    <div class="page">
      <p class="crumbs">
        <a href={href([itemtype])}>{def.plural}</a>
      </p>
      <h1>{t('Search {types}', { types: def.plural.toLowerCase() })}</h1>
      <form
        class="item-form search-form"
        aria-label={t('Criteria')}
        onSubmit={(e) => {
          e.preventDefault();
          go({ criteria: draft, start: 0 });
        }}
      >
        <CriteriaEditor itemtype={itemtype} options={options} nodes={draft} onChange={setDraft} />
        <ColumnChooser options={options} labels={labels} cols={cols} onChange={(next) => go({ cols: next })} />
      </form>
      {/* Every central profile saves private searches; public ones follow GLPI's bookmark_public right (the registry's rule). */}
      {can(info.activeProfile, 'SavedSearch', READ) && (
        <SavedSearches itemtype={itemtype} current={{ criteria: state.criteria, cols: state.cols, sort: state.sort, order: state.order }} />
      )}
      {error && <Notice kind="error">{error}</Notice>}
      {result && (
        <>
          <div class="form-actions" style="justify-content: space-between">
            <p class="muted" role="status">
              {result.total === 1 ? t('1 result') : t('{count} results', { count: result.total })}
            </p>
            <span>
              {csv.exported && (
                <progress aria-label={t('Export progress')} max={csv.exported[1] || 1} value={csv.exported[0]}>
                  {csv.exported[0]}/{csv.exported[1]}
                </progress>
              )}{' '}
              <button type="button" class="secondary" onClick={() => void csv.download(state.criteria, cols.map((id) => ({ id, name: labels[id] ?? id })), result.total)}>
                {t('Export CSV')}
              </button>
            </span>
          </div>
          <ResultsTable itemtype={itemtype} rows={result.rows} cols={cols} labels={labels} state={state} go={go} />
          <Pager start={state.start} size={PAGE} total={result.total} onStart={(next) => go({ start: next })} />
        </>
      )}
    </div>
  );
}

/** The CSV export of every result (not only the page), with its progress: done and total rows. */
function useCsvExport(itemtype: string, onError: (text: string) => void) {
  const [exported, setExported] = useState<[number, number] | null>(null);
  const download = async (criteria: CriteriaNode[], columns: { id: string; name: string }[], total: number) => {
    try {
      const sink = await fileSink(`${itemtype}.csv`, saveFile);
      if (!sink) return;
      setExported([0, total]);
      await exportCsv(itemtype, completeCriteria(criteria), columns, sink, (done, all) => setExported([done, all]));
    } catch (e) {
      onError(errorText(e));
    }
  };
  return { exported, download };
}

/** The displayable search options, each a checkbox that shows or hides its column. */
function ColumnChooser({ options, labels, cols, onChange }: { options: Record<string, SearchOption> | null; labels: Record<string, string>; cols: string[]; onChange: (cols: string[]) => void }) {
  const displayable = useMemo(() => distinctOptions(options ?? {}).filter(([, o]) => !o.nodisplay), [options]);
  return (
    <details class="more">
      <summary>{t('Columns ({count})', { count: cols.length })}</summary>
      <div class="column-chooser">
        {displayable.map(([id]) => (
          <label key={id} class="bit">
            <input type="checkbox" checked={cols.includes(id)} onChange={(e) => onChange(e.currentTarget.checked ? [...cols, id] : cols.filter((c) => c !== id))} />{' '}
            {labels[id]}
          </label>
        ))}
      </div>
    </details>
  );
}

/** One page of results; a column's heading sorts by it, the first cell links to the item. */
function ResultsTable({
  itemtype,
  rows,
  cols,
  labels,
  state,
  go,
}: {
  itemtype: string;
  rows: Record<string, unknown>[];
  cols: string[];
  labels: Record<string, string>;
  state: SearchState;
  go: (changes: Partial<SearchState & { start: number }>) => void;
}) {
  return (
    <div class="table-wrap">
      <table class="list">
        <caption class="sr-only">{t('Results')}</caption>
        <thead>
          <tr>
            {cols.map((c) => (
              <th key={c} scope="col" aria-sort={state.sort === c ? (state.order === 'ASC' ? 'ascending' : 'descending') : undefined}>
                <button type="button" class="th-sort" onClick={() => go({ sort: c, order: state.sort === c && state.order === 'ASC' ? 'DESC' : 'ASC', start: 0 })}>
                  {labels[c] ?? c}
                  {state.sort === c ? (state.order === 'ASC' ? ' ▲' : ' ▼') : ''}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={String(row['2'] ?? i)}>
              {cols.map((c, j) => (
                <td key={c}>{j === 0 && row['2'] !== undefined ? <a href={href([itemtype, Number(row['2'])])}>{String(row[c] ?? '')}</a> : String(row[c] ?? '')}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
