import { itemtypeByTable } from '@server/registry';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, type Criterion, errorText, type SearchOption, type SearchResult } from '../api';
import { Notice } from '../components/Notice';
import { exportCsv } from '../csv';
import { saveFile } from './Documents';
import { Picker } from '../components/Picker';
import { typeDef } from '../itemtypes';
import { href, navigate } from '../router';
import { useSession } from '../session';

const LINKS: Criterion['link'][] = ['AND', 'OR', 'AND NOT', 'OR NOT'];
const TYPE_LABELS: Record<string, string> = {
  contains: 'contains',
  notcontains: 'does not contain',
  equals: 'is',
  notequals: 'is not',
  lessthan: 'before / less than',
  morethan: 'after / more than',
  under: 'under',
  notunder: 'not under',
};
const PAGE = 50;

/** The search state lives in the URL: criteria, displayed columns, sort and page. */
function readState(query: URLSearchParams): { criteria: Criterion[]; cols: string[]; sort: string; order: 'ASC' | 'DESC'; start: number } {
  let criteria: Criterion[] = [];
  try {
    const parsed: unknown = JSON.parse(query.get('c') ?? '[]');
    if (Array.isArray(parsed)) criteria = parsed as Criterion[];
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

/** The itemtype a dropdown option points to (its table), for a picker. */
const targetOf = (option: SearchOption | undefined) => (option?.datatype === 'dropdown' || option?.datatype === 'itemlink' ? itemtypeByTable(option.table)?.name : undefined);

/** GLPI's search of one itemtype: a criteria builder from listSearchOptions, a column chooser, sortable results. */
export function SearchView({ itemtype, query }: { itemtype: string; query: URLSearchParams }) {
  const { scope } = useSession();
  const def = typeDef(itemtype);
  const state = useMemo(() => readState(query), [query]);
  const [options, setOptions] = useState<Record<string, SearchOption> | null>(null);
  const [draft, setDraft] = useState<Criterion[]>(state.criteria);
  const [names, setNames] = useState<Record<number, string>>({});
  const [result, setResult] = useState<SearchResult | null>(null);
  const [error, setError] = useState('');
  const [exported, setExported] = useState<[number, number] | null>(null);

  useEffect(() => setDraft(state.criteria), [state.criteria]);
  useEffect(() => {
    void api.searchOptions(itemtype).then(setOptions, (e: unknown) => setError(errorText(e)));
  }, [itemtype]);

  const searchable = useMemo(() => Object.entries(options ?? {}).filter(([, o]) => !o.nosearch), [options]);
  const displayable = useMemo(() => Object.entries(options ?? {}).filter(([, o]) => !o.nodisplay), [options]);
  const cols = state.cols.length ? state.cols : ['1', '80', '19'].filter((id) => options?.[id]);

  useEffect(() => {
    if (!options) return;
    let live = true;
    setError('');
    const extra: Record<string, string | number> = { range: `${state.start}-${state.start + PAGE - 1}` };
    // The id (option 2) always comes along: the first column links to the item.
    [...new Set([...cols, '2'])].forEach((c, i) => (extra[`forcedisplay[${i}]`] = c));
    if (state.sort) Object.assign(extra, { sort: state.sort, order: state.order });
    api
      .search(itemtype, state.criteria.filter((c) => c.field !== ''), extra)
      .then((r) => live && setResult(r))
      .catch((e: unknown) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [itemtype, options, query, scope]);

  const go = (changes: Partial<{ c: Criterion[]; cols: string[]; sort: string; order: string; start: number }>) => {
    const next = { c: state.criteria, cols: state.cols, sort: state.sort, order: state.order, start: state.start, ...changes };
    navigate(['search', itemtype], {
      c: next.c.length ? JSON.stringify(next.c) : undefined,
      cols: next.cols.length ? next.cols.join(',') : undefined,
      sort: next.sort || undefined,
      order: next.sort ? next.order : undefined,
      start: next.start || undefined,
    });
  };
  const download = async () => {
    setExported([0, result?.total ?? 0]);
    try {
      const columns = cols.map((id) => ({ id, name: options?.[id]?.name ?? id }));
      const blob = await exportCsv(itemtype, state.criteria.filter((c) => c.field !== ''), columns, (done, total) => setExported([done, total]));
      saveFile(blob, `${itemtype}.csv`);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const setRow = (i: number, changes: Partial<Criterion>) => setDraft((d) => d.map((c, j) => (j === i ? { ...c, ...changes } : c)));
  const firstField = searchable[0]?.[0] ?? '1';

  return (
    <div class="page">
      <p class="crumbs">
        <a href={href([itemtype])}>{def.plural}</a>
      </p>
      <h1>Search {def.plural.toLowerCase()}</h1>
      <form
        class="item-form search-form"
        aria-label="Criteria"
        onSubmit={(e) => {
          e.preventDefault();
          go({ c: draft, start: 0 });
        }}
      >
        {draft.map((c, i) => {
          const option = options?.[String(c.field)];
          const types = option?.available_searchtypes ?? ['contains'];
          const target = targetOf(option);
          const date = option?.datatype === 'datetime' || option?.datatype === 'date';
          return (
            <div class="criterion" key={i} role="group" aria-label={`Criterion ${i + 1}`}>
              {i > 0 ? (
                <select aria-label="Link" value={c.link ?? 'AND'} onChange={(e) => setRow(i, { link: e.currentTarget.value as Criterion['link'] })}>
                  {LINKS.map((l) => (
                    <option key={l} value={l}>
                      {l}
                    </option>
                  ))}
                </select>
              ) : (
                <span class="criterion-first">Where</span>
              )}
              <select aria-label="Field" value={String(c.field)} onChange={(e) => setRow(i, { field: e.currentTarget.value, searchtype: options?.[e.currentTarget.value]?.available_searchtypes?.[0] ?? 'contains', value: '' })}>
                {searchable.map(([id, o]) => (
                  <option key={id} value={id}>
                    {o.name}
                  </option>
                ))}
              </select>
              <select aria-label="Search type" value={c.searchtype} onChange={(e) => setRow(i, { searchtype: e.currentTarget.value })}>
                {types.map((t) => (
                  <option key={t} value={t}>
                    {TYPE_LABELS[t] ?? t}
                  </option>
                ))}
              </select>
              {target && (c.searchtype === 'equals' || c.searchtype === 'notequals' || c.searchtype === 'under' || c.searchtype === 'notunder') ? (
                <Picker
                  id={`criterion-value-${i}`}
                  label="Value"
                  itemtype={target}
                  value={Number(c.value) || 0}
                  display={names[i]}
                  onChange={(id, name) => {
                    setNames((n) => ({ ...n, [i]: name }));
                    setRow(i, { value: id });
                  }}
                />
              ) : (
                <input
                  aria-label="Value"
                  type={(date ? 'date' : 'text') as 'text'}
                  value={String(c.value ?? '')}
                  onInput={(e) => setRow(i, { value: e.currentTarget.value })}
                />
              )}
              <button type="button" class="link" aria-label={`Remove criterion ${i + 1}`} onClick={() => setDraft((d) => d.filter((_, j) => j !== i))}>
                Remove
              </button>
            </div>
          );
        })}
        <div class="form-actions">
          <button
            type="button"
            class="secondary"
            onClick={() =>
              setDraft((d) => [...d, { link: 'AND', field: firstField, searchtype: options?.[firstField]?.available_searchtypes?.[0] ?? 'contains', value: '' }])
            }
          >
            Add a criterion
          </button>
          <button type="submit">Search</button>
        </div>
        <details class="more">
          <summary>Columns ({cols.length})</summary>
          <div class="column-chooser">
            {displayable.map(([id, o]) => (
              <label key={id} class="bit">
                <input
                  type="checkbox"
                  checked={cols.includes(id)}
                  onChange={(e) => go({ cols: e.currentTarget.checked ? [...cols, id] : cols.filter((c) => c !== id) })}
                />{' '}
                {o.name}
              </label>
            ))}
          </div>
        </details>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      {result && (
        <>
          <div class="form-actions" style="justify-content: space-between">
            <p class="muted" role="status">
              {result.total} result{result.total === 1 ? '' : 's'}
            </p>
            <span>
              {exported && (
                <progress aria-label="Export progress" max={exported[1] || 1} value={exported[0]}>
                  {exported[0]}/{exported[1]}
                </progress>
              )}{' '}
              <button type="button" class="secondary" onClick={() => void download()}>
                Export CSV
              </button>
            </span>
          </div>
          <div class="table-wrap">
            <table class="list">
              <caption class="sr-only">Results</caption>
              <thead>
                <tr>
                  {cols.map((c) => (
                    <th key={c} scope="col" aria-sort={state.sort === c ? (state.order === 'ASC' ? 'ascending' : 'descending') : undefined}>
                      <button type="button" class="th-sort" onClick={() => go({ sort: c, order: state.sort === c && state.order === 'ASC' ? 'DESC' : 'ASC', start: 0 })}>
                        {options?.[c]?.name ?? c}
                        {state.sort === c ? (state.order === 'ASC' ? ' ▲' : ' ▼') : ''}
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.rows.map((row, i) => (
                  <tr key={String(row['2'] ?? i)}>
                    {cols.map((c, j) => (
                      <td key={c}>{j === 0 && row['2'] !== undefined ? <a href={href([itemtype, Number(row['2'])])}>{String(row[c] ?? '')}</a> : String(row[c] ?? '')}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {result.total > PAGE && (
            <div class="form-actions">
              <button type="button" class="secondary" disabled={state.start === 0} onClick={() => go({ start: Math.max(0, state.start - PAGE) })}>
                Previous
              </button>
              <span class="muted">
                {state.start + 1}–{Math.min(state.start + PAGE, result.total)} of {result.total}
              </span>
              <button type="button" class="secondary" disabled={state.start + PAGE >= result.total} onClick={() => go({ start: state.start + PAGE })}>
                Next
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
