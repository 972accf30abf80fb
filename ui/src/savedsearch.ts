import { api, type Criterion, type Item, queryString } from './api';

/** GLPI's SavedSearch type for a search (1; 2 is a map view). */
const SEARCH = 1;

/** What a saved search keeps: criteria, displayed columns and sort. */
export interface SearchState {
  criteria: Criterion[];
  cols: string[];
  sort: string;
  order: 'ASC' | 'DESC';
}

/** The search as GLPI keeps it in SavedSearch.query: its URL query string (criteria[0][field]=1&…). */
export function toQuery(state: SearchState): string {
  const flat: Record<string, string | number> = {};
  state.criteria.forEach((c, i) => {
    for (const [key, value] of Object.entries(c)) if (value !== undefined) flat[`criteria[${i}][${key}]`] = value;
  });
  state.cols.forEach((col, i) => (flat[`forcedisplay[${i}]`] = col));
  if (state.sort) Object.assign(flat, { sort: state.sort, order: state.order });
  return queryString(flat).replace(/^\?/, '');
}

/** Reads a saved query string back (GLPI's own saved searches too: unknown keys are ignored). */
export function fromQuery(query: string): SearchState {
  const byIndex = new Map<number, Record<string, string>>();
  const cols: string[] = [];
  let sort = '';
  let order: 'ASC' | 'DESC' = 'ASC';
  for (const [key, value] of new URLSearchParams(query.replace(/^\?/, ''))) {
    const criterion = /^criteria\[(\d+)\]\[(link|field|searchtype|value)\]$/.exec(key);
    if (criterion) {
      const index = Number(criterion[1]);
      if (!byIndex.has(index)) byIndex.set(index, {});
      byIndex.get(index)![criterion[2]!] = value;
    } else if (/^forcedisplay\[\d+\]$/.test(key)) cols.push(value);
    else if (key === 'sort') sort = value;
    else if (key === 'order') order = value === 'DESC' ? 'DESC' : 'ASC';
  }
  const list = [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, c]) => ({ ...(c.link ? { link: c.link as Criterion['link'] } : {}), field: c.field ?? '', searchtype: c.searchtype ?? 'contains', value: c.value ?? '' }));
  return { criteria: list, cols, sort, order };
}

/** Saved searches of an itemtype this user may load: their own, and the public ones. */
export async function savedSearches(itemtype: string, userId: number): Promise<Item[]> {
  const page = await api.list('SavedSearch', { range: '0-999', sort: 'name', order: 'ASC' });
  return page.items.filter((s) => s.itemtype === itemtype && Number(s.type) === SEARCH && (Number(s.users_id) === userId || Number(s.is_private) === 0));
}

/** Saves the search as a private SavedSearch of this user. */
export function saveSearch(itemtype: string, name: string, state: SearchState, userId: number): Promise<number> {
  return api.create('SavedSearch', { name, type: SEARCH, itemtype, users_id: userId, is_private: 1, query: toQuery(state) });
}
