import { parseColumns } from './columns';
import { ITEMTYPE_SPECS } from './itemtypes';
import { coreTables } from './tables/core';
import { adminTables } from './tables/admin';
import { assistanceTables } from './tables/assistance';
import { datacenterTables } from './tables/datacenter';
import { deviceTables, ITEM_DEVICE_TYPES } from './tables/devices';
import { dropdownTables } from './tables/dropdowns';
import { extraTables } from './tables/extra';
import { managementTables } from './tables/management';
import { networkTables } from './tables/network';
import { toolTables } from './tables/tools';
import type { TableSpec } from './tables/types';
import type { Itemtype, ItemtypeSpec } from './types';

export type { Itemtype, Feature } from './types';


export const TABLES: Record<string, TableSpec> = {
  ...coreTables,
  ...extraTables,
  ...deviceTables,
  ...managementTables,
  ...datacenterTables,
  ...toolTables,
  ...assistanceTables,
  ...dropdownTables,
  ...adminTables,
  ...networkTables,
};

const FK_PATTERN = /^([a-z0-9]+)_id(?:_[a-z0-9_]+)?$/;

function derive(name: string, spec: ItemtypeSpec, tableToType: Map<string, string>): Itemtype {
  const table = TABLES[spec.table];
  if (!table) throw new Error(`itemtype ${name}: no table ${spec.table}`);
  const columns = parseColumns(table.columns);
  const column = new Map(columns.map((c) => [c.name, c]));
  const foreignKeys = new Map<string, string>();
  for (const col of columns) {
    if (col.kind !== 'int' || col.name === 'id' || col.name === 'items_id') continue;
    const target = spec.fk?.[col.name] ?? tableToType.get(`glpi_${FK_PATTERN.exec(col.name)?.[1] ?? ''}`);
    if (target) foreignKeys.set(col.name, target);
  }
  if (spec.trash && !column.has('is_deleted')) throw new Error(`itemtype ${name}: trash needs is_deleted`);
  return {
    name,
    table: spec.table,
    kind: spec.kind,
    right: spec.right,
    trash: spec.trash ?? false,
    history: spec.history ?? spec.kind !== 'relation',
    keptHistory: spec.keptHistory ?? false,
    unlogged: spec.unlogged ?? [],
    features: spec.features ?? [],
    required: spec.required ?? [],
    owners: spec.owners ?? [],
    ownersGovern: spec.ownersGovern ?? true,
    logsWith: spec.logsWith ?? null,
    linkActions: spec.linkActions ?? null,
    fk: spec.fk ?? {},
    hidden: spec.hidden ?? [],
    computed: spec.computed ?? [],
    virtualInput: spec.virtualInput ?? [],
    tree: spec.tree ?? null,
    children: spec.children ?? [],
    readOnly: spec.readOnly ?? false,
    quietAdd: spec.quietAdd ?? false,
    privateTo: spec.privateTo ?? null,
    polyTargets: [],
    visibility: spec.visibility ?? (spec.owners?.length && spec.ownersGovern !== false ? 'owner' : column.has('entities_id') ? 'entity' : 'global'),
    columns,
    column,
    foreignKeys,
    polymorphic: column.has('itemtype') && column.has('items_id'),
    entityAssign: column.has('entities_id') && spec.table !== 'glpi_entities',
    mayBeRecursive: column.has('is_recursive'),
    unique: table.unique ?? [],
    fkName: `${spec.table.slice('glpi_'.length)}_id`,
    rootRow: spec.rootRow ?? false,
    altersAccess: spec.altersAccess ?? false,
    allAssets: spec.allAssets ?? 0,
    editedWithUpdate: spec.editedWithUpdate ?? false,
    readWithUpdate: spec.readWithUpdate ?? false,
    rowRights: spec.rowRights ?? null,
  };
}

function build(): Map<string, Itemtype> {
  const tableToType = new Map(Object.entries(ITEMTYPE_SPECS).map(([name, spec]) => [spec.table, name]));
  return new Map(Object.entries(ITEMTYPE_SPECS).map(([name, spec]) => [name, derive(name, spec, tableToType)]));
}

/** Resolves each polymorphic type's allowed targets once every itemtype is known. */
function resolveTargets(registry: Map<string, Itemtype>): void {
  for (const [name, type] of registry) {
    const spec = ITEMTYPE_SPECS[name]!.polyTargets;
    if (!type.polymorphic || !spec) continue;
    type.polyTargets = [...registry.values()]
      .filter((t) =>
        Array.isArray(spec) ? spec.includes(t.name) : spec === 'itil' ? t.kind === 'itil' : spec === 'history' ? t.history || t.keptHistory : t.features.includes(spec),
      )
      .map((t) => t.name);
  }
}

const REGISTRY = build();
resolveTargets(REGISTRY);
const BY_TABLE = new Map([...REGISTRY.values()].map((t) => [t.table, t]));

/** The itemtype with exactly this (canonical, case-sensitive) name. */
export function itemtype(name: string): Itemtype | undefined {
  return REGISTRY.get(name);
}

export function itemtypeOrThrow(name: string): Itemtype {
  const type = REGISTRY.get(name);
  if (!type) throw new Error(`unknown itemtype ${name}`);
  return type;
}

export function itemtypeByTable(table: string): Itemtype | undefined {
  return BY_TABLE.get(table);
}

export function allItemtypes(): Itemtype[] {
  return [...REGISTRY.values()];
}

/** Itemtypes that take part in a feature, e.g. every type that can have documents. */
export function itemtypesWith(feature: Itemtype['features'][number]): Itemtype[] {
  return allItemtypes().filter((t) => t.features.includes(feature));
}

/** The registry never changes after it is built: every AllAssets search reads the same list. */
const ASSET_TYPES: readonly Itemtype[] = allItemtypes()
  .filter((t) => t.allAssets > 0)
  .sort((a, b) => a.allAssets - b.allAssets);

/** GLPI's asset types, in its order: what AllAssets searches (a fresh copy each call). */
export function allAssetTypes(): Itemtype[] {
  return [...ASSET_TYPES];
}

/** Component link types (Item_Device*), in GLPI's order. */
export function componentTypes(): Itemtype[] {
  return ITEM_DEVICE_TYPES.map(itemtypeOrThrow);
}

/** Does this id name a row of `type`? 0 names one only where row 0 exists (the root entity). */
export function isRowId(type: Itemtype, id: number): boolean {
  return id > 0 || (id === 0 && type.rootRow);
}
