/**
 * Which GLPI tables are copied, in which order, with which columns. Everything comes from the
 * registry: a table Deskbase serves is copied with the columns both sides have, ids kept;
 * parents go before the rows that depend on them so that their links can be checked.
 */
import { allItemtypes, itemtype, type Itemtype } from '../registry';
import type { Column } from '../registry/columns';
import type { GlpiSource } from './source';

export interface CopyColumn {
  column: Column;
  /** The SELECT expression (dates read as text). */
  expression: string;
  /** A TIMESTAMP column: read in UTC, shown in GLPI's time zone (see timezone.ts). */
  utc: boolean;
}

export interface TablePlan {
  type: Itemtype;
  columns: CopyColumn[];
  select: string;
  /** GLPI columns Deskbase does not keep (reported, not copied). */
  dropped: string[];
}

export interface Plan {
  tables: TablePlan[];
  /** Tables Deskbase serves that this GLPI does not have: left as a fresh install has them. */
  absent: string[];
  /** GLPI tables with rows that are not imported: plugin tables and tables Deskbase does not serve. */
  plugins: { table: string; approxRows: number }[];
  unserved: { table: string; approxRows: number }[];
}

const DATE_TYPES = new Set(['datetime', 'timestamp', 'date']);

/** Types each type's rows point at (fixed owners and polymorphic targets): imported first. */
function dependencies(type: Itemtype): string[] {
  const deps = type.owners.flatMap((o) => ('fk' in o ? [o.itemtype] : type.polyTargets));
  return deps.filter((d) => d !== type.name);
}

/** Parents first; a cycle (none today) falls back to registry order. */
export function importOrder(types: Itemtype[]): Itemtype[] {
  const out: Itemtype[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (type: Itemtype) => {
    if (state.has(type.name)) return;
    state.set(type.name, 'visiting');
    for (const dep of dependencies(type)) {
      const target = itemtype(dep);
      if (target && !state.has(dep)) visit(target);
    }
    state.set(type.name, 'done');
    out.push(type);
  };
  for (const type of types) visit(type);
  return out;
}

export async function makePlan(source: GlpiSource): Promise<Plan> {
  const served = importOrder(allItemtypes());
  const servedTables = new Set(served.map((t) => t.table));
  const tables: TablePlan[] = [];
  const absent: string[] = [];
  for (const type of served) {
    if (!source.tables.has(type.table)) {
      absent.push(type.table);
      continue;
    }
    const glpiColumns = await source.columns(type.table);
    if (!glpiColumns.some((c) => c.name === 'id')) {
      absent.push(type.table);
      continue;
    }
    const columns: CopyColumn[] = [];
    const dropped: string[] = [];
    for (const c of glpiColumns) {
      const column = type.column.get(c.name);
      if (!column) {
        dropped.push(c.name);
        continue;
      }
      columns.push({ column, expression: DATE_TYPES.has(c.dataType) ? `CAST(\`${c.name}\` AS CHAR)` : `\`${c.name}\``, utc: c.dataType === 'timestamp' });
    }
    const select = `SELECT ${columns.map((c) => c.expression).join(', ')} FROM \`${type.table}\``;
    tables.push({ type, columns, select, dropped });
  }
  const others = [...source.tables.values()].filter((t) => !servedTables.has(t.name) && t.approxRows > 0);
  const entry = (t: { name: string; approxRows: number }) => ({ table: t.name, approxRows: t.approxRows });
  return {
    tables,
    absent,
    plugins: others.filter((t) => t.name.startsWith('glpi_plugin_')).map(entry),
    unserved: others.filter((t) => !t.name.startsWith('glpi_plugin_')).map(entry),
  };
}
