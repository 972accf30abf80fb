import raw from './data/searchoptions.json';
import { FAMILIES, FAMILY_PATTERN, ITIL_COUNT_TYPES } from './data/families';
import { COMPLETE, DC_SECTIONS, TYPE_OPTIONS, TYPE_SECTIONS, type TypeOption } from './data/type-options';
import { secretColumns } from './guarded';
import { UNGROUPED_OPTIONS } from './data/ungrouped-options';
import { itemtype, itemtypeByTable, type Itemtype } from './index';

/** One search option (GLPI's listSearchOptions entry). */
export interface SearchOption {
  id: number;
  uid: string;
  table: string;
  field: string;
  name: string;
  datatype: string;
  nosearch: boolean;
  nodisplay: boolean;
  available_searchtypes: string[];
}

type RawOptions = Record<string, Record<string, { section?: string } & Partial<Omit<SearchOption, 'id'>>>>;
const RAW = raw as RawOptions;

export interface OptionSet {
  /** Section headers and options in GLPI's order. */
  entries: ({ section: string; key: string } | SearchOption)[];
  byId: Map<number, SearchOption>;
}

const cache = new Map<string, OptionSet>();

const TEXT_TYPES = ['contains', 'notcontains'];
const NAME_TYPES = ['contains', 'notcontains', 'equals', 'notequals'];
const DATE_TYPES = ['equals', 'notequals', 'lessthan', 'morethan', 'contains', 'notcontains'];
/**
 * The search types GLPI offers per datatype, where they are not plain text matching. A `specific`
 * option is matched as text unless its definition forces its search types (see FORCED_SEARCHTYPES).
 */
const SEARCHTYPES: Record<string, string[]> = { itemlink: NAME_TYPES, bool: ['equals', 'notequals', 'contains', 'notcontains'], date: DATE_TYPES, datetime: DATE_TYPES, date_delay: DATE_TYPES, itemtypename: ['equals', 'notequals'] };
/** The search types an option's own definition forces in GLPI (its `searchtype`). */
const FORCED_SEARCHTYPES: Record<Exclude<NonNullable<TypeOption[4]>, 'nosearch'>, string[]> = { is: ['equals'], 'is-or-not': ['equals', 'notequals'] };

function ownOption(type: Itemtype, id: number, field: string, name: string, datatype: string): SearchOption {
  return { id, uid: `${type.name}.${field}`, table: type.table, field, name, datatype, nosearch: false, nodisplay: false, available_searchtypes: SEARCHTYPES[datatype] ?? TEXT_TYPES };
}

/**
 * GLPI 10 names some itemtypes by their namespaced class in search option uids (`Glpi\\Socket`);
 * Deskbase serves them under the short name.
 */
const GLPI_CLASSES: Readonly<Record<string, string>> = { Socket: 'Glpi\\Socket', SocketModel: 'Glpi\\SocketModel' };
const SHORT_NAMES = new Map(Object.entries(GLPI_CLASSES).map(([name, cls]) => [cls, name]));

/** How a uid names the itemtype `name` (its GLPI class). */
export const uidName = (name: string): string => GLPI_CLASSES[name] ?? name;

/** The itemtype a uid step names, by its GLPI class or its own name. */
export const uidStepType = (step: string): Itemtype | undefined => itemtype(SHORT_NAMES.get(step) ?? step);

const dropdownTypes = (target: Itemtype) => (target.tree ? [...NAME_TYPES, 'under', 'notunder'] : NAME_TYPES);

/**
 * An option showing `field` of `target`, reached through the foreign key `fk`: GLPI's uid names
 * the key only when it is not the target's usual one (`Computer.users_id_tech.User.name`).
 */
function throughKey(type: Itemtype, id: number, fk: string, target: Itemtype, field: string, name: string, datatype: string): SearchOption {
  const step = uidName(target.name);
  const uid = fk === target.fkName ? `${type.name}.${step}.${field}` : `${type.name}.${fk}.${step}.${field}`;
  const searchtypes = datatype === 'dropdown' ? dropdownTypes(target) : (SEARCHTYPES[datatype] ?? TEXT_TYPES);
  return { id, uid, table: target.table, field, name, datatype, nosearch: false, nodisplay: false, available_searchtypes: searchtypes };
}

/** An option showing `field` of the row `fk` points at; undefined when the type has no such link. */
function linkOption(type: Itemtype, id: number, fk: string | undefined, field: string, name: string, datatype = 'dropdown'): SearchOption | undefined {
  const target = fk ? itemtype(type.foreignKeys.get(fk) ?? '') : undefined;
  if (!fk || !target || !(field === 'id' || target.column.has(field))) return undefined;
  return throughKey(type, id, fk, target, field, name, datatype);
}

/**
 * GLPI's pseudo-table for a field of the item a row names by `itemtype` + `items_id`, whatever its
 * type (a reservable item's name or serial): `reservation_types` for reservable items.
 */
export const NAMED_ITEM_TABLE = 'reservation_types';

/**
 * An option showing `field` of the item the row names (GLPI's union search), or with `fk>field`
 * a field of the row that item's foreign key points at (its location).
 */
function namedItemOption(type: Itemtype, id: number, path: string, name: string, datatype: string | undefined): SearchOption | undefined {
  const [fk, linked] = path.split('>') as [string, string | undefined];
  if (linked === undefined) {
    const field = fk;
    if (!type.polymorphic || !type.polyTargets.some((t) => field === 'id' || itemtype(t)?.column.has(field))) return undefined;
    const shown = datatype ?? 'string';
    return { id, uid: `${type.name}.UNKNOWN.${field}`, table: NAMED_ITEM_TABLE, field, name, datatype: shown, nosearch: false, nodisplay: false, available_searchtypes: SEARCHTYPES[shown] ?? TEXT_TYPES };
  }
  const target = type.polyTargets.map((t) => itemtype(itemtype(t)?.foreignKeys.get(fk) ?? '')).find((t) => t !== undefined);
  if (!target || !(linked === 'id' || target.column.has(linked))) return undefined;
  return throughKey(type, id, fk, target, linked, name, datatype ?? 'dropdown');
}

/**
 * An option at the end of a path of itemtypes (`Contact_Supplier.Supplier.name`): link rows or
 * children on the way, the last type's field at the end; undefined when a step is unknown. A
 * leading column names the link GLPI's uid names (`items_id.DatabaseInstance.Computer.name`).
 */
function pathOption(type: Itemtype, id: number, path: string, name: string, datatype: string): SearchOption | undefined {
  const steps = path.split('.');
  const last = steps.pop()!;
  const field = computedName(last) ?? last;
  const types = steps.filter((step, i) => i > 0 || !/^[a-z_]+$/.test(step)).map((step) => itemtype(step));
  const target = types.at(-1);
  if (!target || types.some((t) => !t) || !(field === 'id' || field !== last || target.column.has(field))) return undefined;
  const searchtypes = SEARCHTYPES[datatype] ?? (datatype === 'dropdown' ? NAME_TYPES : TEXT_TYPES);
  const uidSteps = steps.map((step) => (itemtype(step) ? uidName(step) : step));
  return { id, uid: `${type.name}.${[...uidSteps, field].join('.')}`, table: target.table, field, name, datatype, nosearch: false, nodisplay: false, available_searchtypes: searchtypes };
}

/** The field a `=field` entry names: a value GLPI computes, which no column holds (undefined for a column). */
const computedName = (column: string): string | undefined => (column.startsWith('=') ? column.slice(1) : undefined);

/** The column of `type` an option shows: its own field, or the foreign key it goes through. */
function columnOf(type: Itemtype, option: SearchOption): string {
  const parts = option.uid.split('.');
  if (parts.length === 2) return option.field;
  return parts.length === 4 ? parts[1]! : (itemtypeByTable(option.table)?.fkName ?? option.uid);
}

/** One of GLPI's type-specific options, or undefined when the type lacks its column or link. */
function typeOption(type: Itemtype, [id, column, name, datatype, flag]: TypeOption): SearchOption | undefined {
  const [fk, field] = column.split('>');
  const option = column.startsWith('item>')
    ? namedItemOption(type, id, column.slice('item>'.length), name, datatype)
    : field
      ? linkOption(type, id, fk, field, name, datatype)
      : column.includes('.')
        ? pathOption(type, id, column, name, datatype ?? 'dropdown')
        : type.column.has(column) || column.startsWith('_virtual')
          ? ownOption(type, id, column, name, datatype ?? 'string')
          : computedName(column) !== undefined
            ? ownOption(type, id, computedName(column)!, name, datatype ?? 'string')
            : undefined;
  if (!option || flag === undefined) return option;
  // GLPI neither searches nor shows a template's name in results.
  if (flag === 'nosearch') return { ...option, nosearch: true, nodisplay: option.field === 'template_name' };
  return { ...option, available_searchtypes: FORCED_SEARCHTYPES[flag] };
}

/**
 * GLPI's type-specific options replace the derived ones that share their id or their column; for
 * the types whose whole list is written out (COMPLETE), they are the list.
 */
function withTypeOptions(type: Itemtype, derived: SearchOption[]): SearchOption[] {
  // A later entry with the same id wins (a contact's name is its "Last name").
  const byId = new Map((TYPE_OPTIONS[type.name] ?? []).flatMap((entry) => typeOption(type, entry) ?? []).map((o) => [o.id, o]));
  const specific = [...byId.values()];
  const ids = new Set(specific.map((o) => o.id));
  const columns = new Set(specific.map((o) => columnOf(type, o)));
  const kept = COMPLETE.has(type.name) ? [] : derived.filter((o) => !ids.has(o.id) && !columns.has(columnOf(type, o)));
  return [...kept, ...specific].sort((a, b) => a.id - b.id);
}

/**
 * Own columns GLPI lists under the same id wherever a type has them: the usual fields of its
 * CommonDBTM types, CommonDropdown's product number (models) and the data centre models' sizes
 * (CommonDCModelDropdown).
 */
const COMMON_COLUMNS: readonly (readonly [id: number, field: string, name: string, datatype: string])[] = [
  [2, 'id', 'ID', 'number'],
  [16, 'comment', 'Comments', 'text'],
  [19, 'date_mod', 'Last update', 'datetime'],
  [121, 'date_creation', 'Creation date', 'datetime'],
  [86, 'is_recursive', 'Child entities', 'bool'],
  [3, 'product_number', 'Product number', ''],
  [131, 'weight', 'Weight', 'decimal'],
  [132, 'required_units', 'Required units', 'number'],
  [133, 'depth', 'Depth', ''],
  [134, 'power_connections', 'Power connections', 'number'],
  [135, 'power_consumption', 'Power consumption', 'decimal'],
  [136, 'is_half_rack', 'Is half rack', 'bool'],
  [5, 'serial', 'Serial number', 'string'],
  [6, 'otherserial', 'Inventory number', 'string'],
  [7, 'contact', 'Alternate username', 'string'],
  [8, 'contact_num', 'Alternate username number', 'string'],
];

/** Options for itemtypes GLPI's dump does not cover: name, id, comment, dates, entity. */
function derivedOptions(type: Itemtype): OptionSet['entries'] {
  const out: SearchOption[] = [];
  const own = (id: number, field: string, name: string, datatype: string) => {
    if (type.column.has(field)) out.push(ownOption(type, id, field, name, datatype));
  };
  own(1, type.column.has('name') ? 'name' : 'designation', 'Name', 'itemlink');
  for (const [id, field, name, datatype] of COMMON_COLUMNS) own(id, field, name, datatype);
  if (type.entityAssign) {
    out.push({ id: 80, uid: `${type.name}.Entity.completename`, table: 'glpi_entities', field: 'completename', name: 'Entity', datatype: 'dropdown', nosearch: false, nodisplay: false, available_searchtypes: [...NAME_TYPES, 'under', 'notunder'] });
  }
  const link = (id: number, fk: string | undefined, field: string, name: string) => {
    const option = linkOption(type, id, fk, field, name);
    if (option) out.push(option);
  };
  const fks = [...type.foreignKeys.keys()];
  link(3, 'locations_id', 'completename', 'Location');
  link(4, fks.find((fk) => /^[a-z]+types_id$/.test(fk) && fk !== 'interfacetypes_id'), 'name', 'Type');
  link(40, fks.find((fk) => /^[a-z]+models_id$/.test(fk)), 'name', 'Model');
  link(23, 'manufacturers_id', 'name', 'Manufacturer');
  link(24, 'users_id_tech', 'name', 'Technician in charge');
  link(31, 'states_id', 'completename', 'Status');
  link(49, 'groups_id_tech', 'completename', 'Group in charge');
  link(70, 'users_id', 'name', 'User');
  link(71, 'groups_id', 'completename', 'Group');
  return withSections(type, withTypeOptions(type, out));
}

/**
 * The options under GLPI's headers: "Characteristics" first, then each further section the type
 * has options of (see TYPE_SECTIONS and DC_SECTIONS), its options in GLPI's order.
 */
function withSections(type: Itemtype, options: SearchOption[]): OptionSet['entries'] {
  const byId = new Map(options.map((o) => [o.id, o]));
  const sections = [...(TYPE_SECTIONS[type.name] ?? []), ...DC_SECTIONS].flatMap(([key, section, ids]) => {
    const listed = ids.flatMap((id) => byId.get(id) ?? []);
    return listed.length ? [{ section, key }, ...listed] : [];
  });
  const sectioned = new Set(sections.flatMap((e) => ('id' in e ? [e.id] : [])));
  return [{ section: 'Characteristics', key: 'common' }, ...options.filter((o) => !sectioned.has(o.id)), ...sections];
}

type RawOption = RawOptions[string][string];

const dumpedOption = (id: number, o: RawOption): SearchOption => ({
  id,
  uid: o.uid!,
  table: o.table!,
  field: o.field!,
  name: o.name!,
  datatype: o.datatype ?? '',
  nosearch: !!o.nosearch,
  nodisplay: !!o.nodisplay,
  available_searchtypes: o.available_searchtypes ?? [],
});

/** A type's entries as GLPI's option dump lists them. */
function dumpedEntries(source: RawOptions[string]): OptionSet['entries'] {
  return Object.entries(source).map(([key, o]) => (o.section !== undefined ? { section: o.section, key } : dumpedOption(Number(key), o)));
}

/** The counts of the tickets, problems and changes naming an item, through their item links. */
const ITIL_COUNTS = [
  [60, 'Item_Ticket.Ticket', 'Number of tickets'],
  [140, 'Item_Problem.Problem', 'Number of problems'],
  [141, 'Change_Item.Change', 'Number of changes'],
] as const;

/** GLPI's "Assistance" section of the types ITIL objects may name (see ITIL_COUNT_TYPES). */
function itilCounts(type: Itemtype): OptionSet['entries'] {
  if (!ITIL_COUNT_TYPES.includes(type.name)) return [];
  return [{ section: 'Assistance', key: 'tracking' }, ...ITIL_COUNTS.flatMap(([id, path, name]) => pathOption(type, id, `${path}.id`, name, 'count') ?? [])];
}

/**
 * The type's own options followed by the families GLPI's search appends (see FAMILIES): each
 * option is the pattern type's, its path starting from `type` instead. As in GLPI, an id the type
 * already lists keeps its own option.
 */
function withFamilies(type: Itemtype, typeOwn: OptionSet['entries']): OptionSet['entries'] {
  const own = [...typeOwn, ...itilCounts(type)];
  const pattern = RAW[FAMILY_PATTERN]!;
  const taken = new Set(own.flatMap((e) => ('id' in e ? [e.id] : [])));
  const families = Object.entries(FAMILIES).flatMap(([key, family]) => {
    if (!family.types.includes(type.name)) return [];
    const options = family.ids.filter((id) => !taken.has(id)).map((id) => dumpedOption(id, pattern[id]!));
    for (const o of options) taken.add(o.id);
    return [{ section: pattern[key]!.section!, key }, ...options.map((o) => ({ ...o, uid: `${type.name}${o.uid.slice(FAMILY_PATTERN.length)}` }))];
  });
  return [...own, ...families];
}

export function searchOptions(type: Itemtype): OptionSet {
  let set = cache.get(type.name);
  if (set) return set;
  const source = RAW[type.name];
  // The dump was taken without a session: GLPI adds the ITIL counts for a logged-in user only.
  const listed = source ? [...dumpedEntries(source), ...itilCounts(type)] : withFamilies(type, derivedOptions(type));
  // No option shows or searches a secret column, here or on a joined table (see secretColumns).
  const secret = (o: SearchOption) => {
    const owner = itemtypeByTable(o.table);
    return owner !== undefined && secretColumns(owner).has(o.field);
  };
  const entries = listed.filter((e) => !('id' in e) || !secret(e));
  set = { entries, byId: new Map(entries.filter((e): e is SearchOption => 'id' in e).map((o) => [o.id, o])) };
  cache.set(type.name, set);
  return set;
}

const historyCache = new Map<string, Map<string, number>>();

/**
 * The column of `type` an option goes through, as GLPI's `linkfield`: the field itself for an
 * option on the type's own table, the foreign key for a dropdown (`Type.Target.field` through the
 * target's usual key, `Type.fk.Target.field` through another); none for longer paths.
 */
function linkfieldOf(type: Itemtype, option: SearchOption): string | undefined {
  const parts = option.uid.split('.');
  if (parts.length === 2) return option.table === type.table ? option.field : undefined;
  const target = itemtypeByTable(option.table);
  if (!target) return undefined;
  const step = uidName(target.name);
  if (parts.length === 3 && parts[1] === step) return type.foreignKeys.get(target.fkName) === target.name ? target.fkName : undefined;
  if (parts.length === 4 && parts[2] === step) return type.foreignKeys.get(parts[1]!) === target.name ? parts[1] : undefined;
  return undefined;
}

/**
 * The search option a changed column is logged under (GLPI's id_search_option): as GLPI, the
 * first option in the type's list that goes through that column, whether it shows the field
 * itself or the row a foreign key points at (a domain's entity is logged under 80, not under its
 * entity ID 81); 0 when none does.
 */
export function historyOption(type: Itemtype, column: string): number {
  let map = historyCache.get(type.name);
  if (!map) {
    map = new Map();
    for (const entry of searchOptions(type).entries) {
      if (!('id' in entry)) continue;
      const linkfield = linkfieldOf(type, entry);
      if (linkfield !== undefined && !map.has(linkfield)) map.set(linkfield, entry.id);
    }
    historyCache.set(type.name, map);
  }
  return map.get(column) ?? 0;
}

/**
 * Whether GLPI groups the values of the rows option `id` reaches into a list (its `forcegroupby`);
 * false for the options GLPI shows one joined row's value of (UNGROUPED_OPTIONS).
 */
export function groupsLinkedRows(type: Itemtype, id: number): boolean {
  const ungrouped = [...(type.kind === 'itil' ? UNGROUPED_OPTIONS.itil! : []), ...(UNGROUPED_OPTIONS[type.name] ?? [])];
  return !ungrouped.includes(id);
}

/** Option `id` of the type's list, if it has one. */
export function searchOption(type: Itemtype, id: number): SearchOption | undefined {
  const option = searchOptions(type).entries.find((entry) => 'id' in entry && entry.id === id);
  return option && 'id' in option ? option : undefined;
}

/**
 * The column option `id` of the type reads (its own field, or the foreign key of a dropdown it
 * shows), as an ITIL template's predefined field names it; undefined for any other option.
 */
export function optionColumn(type: Itemtype, id: number): string | undefined {
  const option = searchOption(type, id);
  return option ? linkfieldOf(type, option) : undefined;
}
