import { itemtypeOrThrow } from './index';
import type { OptionSet, SearchOption } from './searchoptions';

/**
 * Itemtypes GLPI 10 still answers under their old names (its "deprecated" API types). Most are a
 * view of a current type whose polymorphic link was fixed to one parent itemtype and shown under
 * that parent's foreign key, a few other columns renamed or gone; one (Netpoint) is only a new name.
 * Everything an alias changes is data here, applied by the generic functions below.
 */
export interface ItemtypeAlias {
  /** The old itemtype name. */
  name: string;
  /** The current itemtype the data lives in. */
  target: string;
  /**
   * The parent the old type always pointed at, its old foreign-key name, and the current type's
   * search option on `itemtype` that a search under the old name fixes to that parent (none: a
   * plain rename).
   */
  parent: { itemtype: string; fk: string; option: number } | null;
  /** Other columns: old name → current name, in the order GLPI renames them back. */
  renamed: Record<string, string>;
  /** Current columns the old type never had: not shown under the old name. */
  dropped: readonly string[];
  /** listSearchOptions under the old name. */
  options: {
    /** The old type's table: uids and tables name the old type (null: left as they are, as GLPI does for Netpoint). */
    oldTable: string | null;
    /** Options GLPI answers differently under the old name (applied after the renaming). */
    altered: Readonly<Record<number, Partial<Omit<SearchOption, 'id'>>>>;
    /** Options and section headers the old type did not have. */
    deleted: readonly (number | string)[];
  };
}

const NAME_SEARCHTYPES = ['contains', 'notcontains', 'equals', 'notequals'];

/** The computer an old Computer_Software* row pointed at, as its one search option named it. */
const computerOption = (alias: string) => ({
  name: 'Computer',
  table: 'glpi_computers',
  field: 'name',
  datatype: 'dropdown',
  uid: `${alias}.Computer.name`,
  available_searchtypes: NAME_SEARCHTYPES,
});

const DEFINITIONS: Record<string, Omit<ItemtypeAlias, 'name'>> = {
  TicketFollowup: {
    target: 'ITILFollowup',
    parent: { itemtype: 'Ticket', fk: 'tickets_id', option: 6 },
    renamed: {},
    dropped: ['sourceitems_id', 'sourceof_items_id'],
    options: {
      oldTable: 'glpi_ticketfollowups',
      altered: {
        1: { available_searchtypes: ['contains'] },
        2: { available_searchtypes: ['contains', 'equals', 'notequals'] },
        3: { available_searchtypes: ['equals', 'notequals', 'lessthan', 'morethan', 'contains'] },
        4: { available_searchtypes: ['equals', 'notequals', 'contains'] },
        5: { available_searchtypes: ['contains', 'equals', 'notequals'] },
      },
      deleted: [6, 119, 'document'],
    },
  },
  Computer_SoftwareVersion: {
    target: 'Item_SoftwareVersion',
    parent: { itemtype: 'Computer', fk: 'computers_id', option: 5 },
    renamed: { is_template_computer: 'is_template_item', is_deleted_computer: 'is_deleted_item' },
    dropped: [],
    options: { oldTable: 'glpi_computers_softwareversions', altered: { 3: computerOption('Computer_SoftwareVersion') }, deleted: [5] },
  },
  Computer_SoftwareLicense: {
    target: 'Item_SoftwareLicense',
    parent: { itemtype: 'Computer', fk: 'computers_id', option: 6 },
    renamed: {},
    dropped: [],
    options: { oldTable: 'glpi_computers_softwarelicenses', altered: { 5: computerOption('Computer_SoftwareLicense') }, deleted: [6] },
  },
  // GLPI 10 renamed network points to sockets; the fields and search options stayed.
  Netpoint: { target: 'Socket', parent: null, renamed: {}, dropped: [], options: { oldTable: null, altered: {}, deleted: [] } },
  // GLPI 10's own class names for sockets (namespaced), which its API answers as well.
  'Glpi\\Socket': { target: 'Socket', parent: null, renamed: {}, dropped: [], options: { oldTable: null, altered: {}, deleted: [] } },
  'Glpi\\SocketModel': { target: 'SocketModel', parent: null, renamed: {}, dropped: [], options: { oldTable: null, altered: {}, deleted: [] } },
};

export const ALIASES: Readonly<Record<string, ItemtypeAlias>> = Object.fromEntries(
  Object.entries(DEFINITIONS).map(([name, definition]) => [name, { name, ...definition }]),
);

export function aliasOf(name: string): ItemtypeAlias | undefined {
  return Object.hasOwn(ALIASES, name) ? ALIASES[name] : undefined;
}

/** Whether a current row is one the old type shows: one on its fixed parent type. */
export function showsRow(alias: ItemtypeAlias, row: Record<string, unknown>): boolean {
  return !alias.parent || row.itemtype === alias.parent.itemtype;
}

/** A URL with the current type's path segment under the old name (`…/ITILFollowup/3/Document_Item/`). */
export function toOldHref(alias: ItemtypeAlias, href: string): string {
  return href
    .split('/')
    .map((segment) => (segment === alias.target ? alias.name : segment))
    .join('/');
}

function toOldLinks(alias: ItemtypeAlias, links: unknown): unknown {
  if (!Array.isArray(links)) return links;
  return links.map((link) => (link && typeof link.href === 'string' ? { ...link, href: toOldHref(alias, link.href) } : link));
}

/** Current name → old name of every renamed column, in the order GLPI renames them (the parent's key first). */
function renamings(alias: ItemtypeAlias): [string, string][] {
  const back: [string, string][] = Object.entries(alias.renamed).map(([old, current]) => [current, old]);
  return alias.parent ? [['items_id', alias.parent.fk], ...back] : back;
}

/**
 * A current row or answer shown with the old field names, as GLPI maps it: a renamed field leaves
 * its place and goes to the end of the object (in the order GLPI renames them), the others keep
 * theirs. A single item (`single`) names the old type in its links, and always has `links`: where
 * it had none (no HATEOAS) an empty list goes last, as GLPI answers it; a row of a list keeps the
 * current type in its links, as GLPI's lists do.
 */
export function toOldFields(alias: ItemtypeAlias, item: Record<string, unknown>, single = false): Record<string, unknown> {
  const renamed = renamings(alias);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) {
    if (alias.dropped.includes(key) || (alias.parent && key === 'itemtype') || renamed.some(([current]) => current === key)) continue;
    out[key] = single && key === 'links' ? toOldLinks(alias, value) : value;
  }
  for (const [current, old] of renamed) if (current in item) out[old] = item[current];
  if (single && !('links' in out)) out.links = [];
  return out;
}

/** A message of the current type's rules in the names the client sent: the old fields and the old type. */
export function toOldMessage(alias: ItemtypeAlias, message: string): string {
  const old = new Map(renamings(alias));
  // A fixed parent's `itemtype` is set with its key: asking for the one is asking for the other.
  if (alias.parent) old.set('itemtype', alias.parent.fk);
  return message
    .replace(/\bField (\w+)/g, (whole, field: string) => (old.has(field) ? `Field ${old.get(field)}` : whole))
    .replace(new RegExp(`\\b${alias.target}\\b`, 'g'), alias.name);
}

/** Old-style input turned into the current type's fields; the old foreign key fixes the parent type. */
export function toCurrentFields(alias: ItemtypeAlias, input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (alias.parent && key === alias.parent.fk) out.items_id = value;
    // The old type has no itemtype/items_id: its parent is fixed, never the client's to change.
    else if (alias.parent && (key === 'itemtype' || key === 'items_id')) continue;
    else out[alias.renamed[key] ?? key] = value;
  }
  if (alias.parent && alias.parent.fk in input) out.itemtype = alias.parent.itemtype;
  return out;
}

/** The current type's listSearchOptions entries as the old type lists them. */
export function toOldOptions(alias: ItemtypeAlias, entries: OptionSet['entries']): OptionSet['entries'] {
  const { oldTable, altered, deleted } = alias.options;
  const currentTable = itemtypeOrThrow(alias.target).table;
  const rename = (option: SearchOption): SearchOption =>
    oldTable === null
      ? option
      : {
          ...option,
          uid: option.uid.replaceAll(alias.target, alias.name),
          table: option.table.replaceAll(currentTable, oldTable),
        };
  return entries
    .filter((e) => !deleted.includes('id' in e ? e.id : e.key))
    .map((e) => ('id' in e ? { ...rename(e), ...altered[e.id] } : e));
}
