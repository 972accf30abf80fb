/**
 * Which GLPI tables are copied, in which order, with which columns. Everything comes from the
 * registry: a table Deskbase serves is copied with the columns both sides have, ids kept;
 * parents go before the rows that depend on them so that their links can be checked.
 */
import { allItemtypes, itemtype, type Itemtype } from '../registry';
import type { Column } from '../registry/columns';
import type { GlpiSource } from './source';
import { CliError } from '../cli/errors';

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

/** A table Deskbase serves that the account cannot read would be left empty without a word: refuse before anything. */
async function refuseUnreadable(source: GlpiSource, denied: string[]): Promise<never> {
  throw new CliError(
    `the account ${await source.account()} may not read ${denied.length} GLPI table(s) that Deskbase imports: ${denied.sort().join(', ')}. ` +
      `Nothing was imported: grant it SELECT on the whole database (GRANT SELECT ON \`${source.database}\`.* TO ${await source.account()};) and run the import again`,
  );
}

export async function makePlan(source: GlpiSource): Promise<Plan> {
  const served = importOrder(allItemtypes());
  const servedTables = new Set(served.map((t) => t.table));
  const tables: TablePlan[] = [];
  const absent: string[] = [];
  const denied: string[] = [];
  for (const type of served) {
    if (!source.tables.has(type.table)) {
      // Not listed: missing from this GLPI, or a table this account has no right on at all. (A listed
      // table is not probed: a table a busy GLPI holds locked would stall the plan.)
      const probe = await source.probe(`SELECT 1 FROM \`${type.table}\``);
      if (probe === 'denied') denied.push(type.table);
      else absent.push(type.table);
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
  if (denied.length) await refuseUnreadable(source, denied);
  const others = [...source.tables.values()].filter((t) => !servedTables.has(t.name) && t.approxRows > 0);
  const entry = (t: { name: string; approxRows: number }) => ({ table: t.name, approxRows: t.approxRows });
  return {
    tables,
    absent,
    plugins: others.filter((t) => t.name.startsWith('glpi_plugin_')).map(entry),
    unserved: others.filter((t) => !t.name.startsWith('glpi_plugin_')).map(entry),
  };
}
