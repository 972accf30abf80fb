/**
 * Which GLPI tables are copied, in which order, with which columns. Everything comes from the
 * registry: a table Deskbase serves is copied with the columns both sides have, ids kept;
 * parents go before the rows that depend on them so that their links can be checked.
 */
import { allItemtypes, itemtype, type Itemtype } from '../registry';
import type { Column } from '../registry/columns';
import type { GlpiSource, SourceColumn } from './source';
import { isGlpi95, UPGRADES_95, type Upgrade95 } from './glpi95';
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
  /** What the rows are read from: the table, or the query a 9.5 database gives them by (see glpi95.ts). */
  from: string;
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

/** A 10.0 table this 9.5 database fills through a query, when it has what the query needs. */
async function derivedTable(source: GlpiSource, upgrade: Upgrade95): Promise<{ query: string; columns: SourceColumn[] } | null> {
  const from = upgrade.from;
  if (!from || !source.tables.has(from.needs.table)) return null;
  const columns = await source.columns(from.needs.table);
  if (!columns.some((c) => c.name === from.needs.column)) return null;
  return { query: from.query, columns: from.columns.map((name) => ({ name, dataType: 'int' })) };
}

/** A table the account may read only some columns of: its name, and the columns Deskbase reads that it cannot see. */
interface PartTable {
  table: string;
  hidden: string[];
}

/** At most this many hidden columns are named per table. */
const NAMED_COLUMNS = 8;

function partly({ table, hidden }: PartTable): string {
  const named = hidden.slice(0, NAMED_COLUMNS).join(', ');
  return `${table} (not ${named}${hidden.length > NAMED_COLUMNS ? ` and ${hidden.length - NAMED_COLUMNS} more` : ''})`;
}

/**
 * A table Deskbase serves that the account cannot read, or can read only some columns of, would
 * be left empty (or its other columns blank) without a word: refuse before anything.
 */
async function refuseUnreadable(source: GlpiSource, denied: string[], part: PartTable[]): Promise<never> {
  const account = await source.account();
  const problems = [
    ...(denied.length ? [`may not read ${denied.length} GLPI table(s) that Deskbase imports: ${denied.sort().join(', ')}`] : []),
    ...(part.length ? [`may read only some columns of ${part.length} GLPI table(s) that Deskbase imports: ${part.map(partly).join('; ')}`] : []),
  ];
  throw new CliError(
    `the account ${account} ${problems.join('; and ')}. ` +
      `Nothing was imported: grant it SELECT on the whole database (GRANT SELECT ON \`${source.database}\`.* TO ${account};) and run the import again`,
  );
}

export async function makePlan(source: GlpiSource): Promise<Plan> {
  const served = importOrder(allItemtypes());
  const servedTables = new Set(served.map((t) => t.table));
  const tables: TablePlan[] = [];
  const absent: string[] = [];
  const denied: string[] = [];
  const part: PartTable[] = [];
  const partlyReadable = await source.partlyReadable();
  const upgrades = isGlpi95(source.version) ? UPGRADES_95 : {};
  for (const type of served) {
    const upgrade = upgrades[type.table] ?? {};
    const derived = source.tables.has(type.table) ? null : await derivedTable(source, upgrade);
    if (!source.tables.has(type.table) && !derived) {
      // Not listed: missing from this GLPI, or a table this account has no right on at all. (A listed
      // table is not probed: a table a busy GLPI holds locked would stall the plan.)
      const probe = await source.probe(`SELECT 1 FROM \`${type.table}\``);
      if (probe === 'denied') denied.push(type.table);
      else absent.push(type.table);
      continue;
    }
    const glpiColumns = derived ? derived.columns : await source.columns(type.table);
    const has = (name: string) => glpiColumns.some((c) => c.name === name);
    if (partlyReadable.has(type.table)) {
      // information_schema lists only the granted columns: the others are not there to copy.
      part.push({ table: type.table, hidden: type.columns.filter((c) => !has(c.name)).map((c) => c.name) });
      continue;
    }
    if (!has('id')) {
      absent.push(type.table);
      continue;
    }
    const columns: CopyColumn[] = [];
    const dropped: string[] = [];
    for (const c of glpiColumns) {
      // A 9.5 column GLPI 10.0 renamed, unless this database already has the new name.
      const renamed = upgrade.renamed?.[c.name];
      const column = type.column.get(renamed && !has(renamed) ? renamed : c.name);
      if (!column) {
        dropped.push(c.name);
        continue;
      }
      columns.push({ column, expression: DATE_TYPES.has(c.dataType) ? `CAST(\`${c.name}\` AS CHAR)` : `\`${c.name}\``, utc: c.dataType === 'timestamp' });
    }
    // Values GLPI 10.0's update computes from the 9.5 row.
    for (const [name, expression] of Object.entries(upgrade.values?.(has) ?? {})) {
      const column = type.column.get(name);
      if (!column || expression === null) continue;
      const at = columns.findIndex((c) => c.column.name === name);
      const computed = { column, expression: `(${expression})`, utc: false };
      if (at >= 0) columns[at] = computed;
      else columns.push(computed);
    }
    const query = derived?.query ?? (upgrade.keep ? `SELECT * FROM \`${type.table}\` WHERE ${upgrade.keep}` : null);
    const from = query ? `(${query}) AS \`${type.table}\`` : `\`${type.table}\``;
    const select = `SELECT ${columns.map((c) => c.expression).join(', ')} FROM ${from}`;
    tables.push({ type, columns, select, from, dropped });
  }
  if (denied.length || part.length) await refuseUnreadable(source, denied, part);
  const others = [...source.tables.values()].filter((t) => !servedTables.has(t.name) && t.approxRows > 0);
  const entry = (t: { name: string; approxRows: number }) => ({ table: t.name, approxRows: t.approxRows });
  return {
    tables,
    absent,
    plugins: others.filter((t) => t.name.startsWith('glpi_plugin_')).map(entry),
    unserved: others.filter((t) => !t.name.startsWith('glpi_plugin_')).map(entry),
  };
}
