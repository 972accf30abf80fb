import type { Column } from '../registry/columns';
import { parseColumns } from '../registry/columns';
import { itemtypeByTable, TABLES } from '../registry';
import { purgeLookupColumns, purgeResetColumns, resetIndexCondition } from '../registry/purge-links';

/** The lookup and search indexes of each table (schema sync creates them, searches rely on them). */
const SEARCHED_LINKS = /^(locations_id|manufacturers_id|states_id|[a-z]+types_id)$/;
/** Every search and list filters on these: at the end of a searched column's index, they let a
 * count or a page be read from the index alone, never from the rows. */
const VISIBILITY = ['is_deleted', 'is_template', 'entities_id'];

/** A link column people filter lists by (location, manufacturer, state, type). */
export const isSearchedLink = (column: string): boolean => SEARCHED_LINKS.test(column);

/** Indexes that every lookup path of `table` needs: links, parents, entity scope, names, purges. */
export function indexColumns(table: string, columns: Column[]): string[][] {
  const names = new Set(columns.map((c) => c.name));
  const out: string[][] = [];
  if (names.has('itemtype') && names.has('items_id')) out.push(['itemtype', 'items_id']);
  for (const name of ['entities_id', 'users_id', 'tickets_id', 'problems_id', 'changes_id', 'groups_id', 'profiles_id', 'documents_id', 'computers_id', 'softwares_id', 'softwareversions_id', 'contracts_id', 'networkports_id']) {
    if (names.has(name)) out.push([name]);
  }
  // Search: names, inventory numbers and contacts (lookups and sorted pages), "last updated",
  // the dropdowns people filter assets by, and the ticket queue (status, opening date).
  const trail = names.has('is_deleted') ? VISIBILITY.filter((c) => names.has(c)) : [];
  const searched = ['name', 'serial', 'otherserial', 'contact', 'date_mod', 'date', ...columns.map((c) => c.name).filter(isSearchedLink)];
  for (const name of searched) if (names.has(name)) out.push([name, ...trail]);
  if (names.has('status') && names.has('date')) out.push(['status', 'date', ...trail]);
  // Every list filters on the trash (and templates): pages then walk this index in id order.
  if (names.has('is_deleted')) out.push(trail);
  // A purge finds the rows that belong to the purged item by these (a rack's mounted items).
  const leading = new Set([...out, ...(TABLES[table]?.unique ?? [])].map((cols) => cols[0]!));
  const type = itemtypeByTable(table);
  for (const name of type ? purgeLookupColumns(type) : []) if (names.has(name) && !leading.has(name)) out.push([name]);
  return out;
}

export const indexName = (table: string, cols: string[]) => `${table}__i_${cols.join('_')}`;

/** A partial index: its name and column, and the rows it holds. */
export interface PartialIndex {
  name: string;
  column: string;
  where: string;
}

/**
 * The partial indexes of `table`: on each column a purge resets to 0 that no index of
 * indexColumns (or unique constraint) leads, the rows where it is set. A purge's reset finds its
 * rows there instead of reading the table; rows that leave it 0 cost their writes nothing.
 */
export function partialIndexes(table: string, columns: Column[]): PartialIndex[] {
  const type = itemtypeByTable(table);
  if (!type) return [];
  const names = new Set(columns.map((c) => c.name));
  const leading = new Set([...indexColumns(table, columns), ...(TABLES[table]?.unique ?? [])].map((cols) => cols[0]!));
  return purgeResetColumns(type)
    .filter((column) => names.has(column) && !leading.has(column))
    .map((column) => ({ name: `${indexName(table, [column])}__set`, column, where: resetIndexCondition(column) }));
}

const leadingByTable = new Map<string, Map<string, string>>();

/** Per leading column, the name of the index this module creates on `table` that starts with it. */
function leadingIndexes(table: string): Map<string, string> {
  let leading = leadingByTable.get(table);
  if (!leading) {
    const spec = TABLES[table];
    leading = new Map();
    for (const cols of spec ? indexColumns(table, parseColumns(spec.columns)) : []) if (!leading.has(cols[0]!)) leading.set(cols[0]!, indexName(table, cols));
    leadingByTable.set(table, leading);
  }
  return leading;
}

/** True when `column` leads one of the indexes this module creates on `table`. */
export function isIndexed(table: string, column: string): boolean {
  return leadingIndexes(table).has(column);
}

/** The index led by `column` (for `INDEXED BY`), if any. */
export function leadingIndex(table: string, column: string): string | undefined {
  return leadingIndexes(table).get(column);
}
