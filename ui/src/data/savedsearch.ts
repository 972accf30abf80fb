import { api, type CriteriaNode, flattenCriteria, type Item, queryString } from './api';

/** GLPI's SavedSearch type for a search (1; 2 is a map view). */
const SEARCH = 1;

/** What a saved search keeps: criteria, displayed columns and sort. */
export interface SearchState {
  criteria: CriteriaNode[];
  cols: string[];
  sort: string;
  order: 'ASC' | 'DESC';
}

/** The search as GLPI keeps it in SavedSearch.query: its URL query string (criteria[0][field]=1&…). */
export function toQuery(state: SearchState): string {
  const flat = flattenCriteria(state.criteria);
  state.cols.forEach((col, i) => (flat[`forcedisplay[${i}]`] = col));
  if (state.sort) Object.assign(flat, { sort: state.sort, order: state.order });
  return queryString(flat).replace(/^\?/, '');
}

type Tree = Map<number, { keys: Record<string, string>; children: Tree }>;

/** criteria[0][criteria][1][field] → path [0, 1], key field. */
const CRITERIA_KEY = /^criteria((?:\[\d+\](?:\[criteria\])?)+)\[(link|field|searchtype|value|meta|itemtype)\]$/;

function toNodes(tree: Tree): CriteriaNode[] {
  return [...tree.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, { keys, children }]) => {
      const link = keys.link ? { link: keys.link as CriteriaNode['link'] } : {};
      if (children.size) return { ...link, criteria: toNodes(children) };
      const meta = keys.meta === '1' || keys.meta === 'true' ? { meta: true, itemtype: keys.itemtype ?? '' } : {};
      return { ...link, ...meta, field: keys.field ?? '', searchtype: keys.searchtype ?? 'contains', value: keys.value ?? '' };
    });
}

/** Reads a saved query string back (GLPI's own saved searches too: unknown keys are ignored). */
export function fromQuery(query: string): SearchState {
  const root: Tree = new Map();
  const cols: string[] = [];
  let sort = '';
  let order: 'ASC' | 'DESC' = 'ASC';
  for (const [key, value] of new URLSearchParams(query.replace(/^\?/, ''))) {
    const criterion = CRITERIA_KEY.exec(key);
    if (criterion) {
      let level = root;
      let node: { keys: Record<string, string>; children: Tree } | undefined;
      for (const index of criterion[1]!.match(/\d+/g)!.map(Number)) {
        if (node) level = node.children;
        if (!level.has(index)) level.set(index, { keys: {}, children: new Map() });
        node = level.get(index)!;
      }
      node!.keys[criterion[2]!] = value;
    } else if (/^forcedisplay\[\d+\]$/.test(key)) cols.push(value);
    else if (key === 'sort') sort = value;
    else if (key === 'order') order = value === 'DESC' ? 'DESC' : 'ASC';
  }
  return { criteria: toNodes(root), cols, sort, order };
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
