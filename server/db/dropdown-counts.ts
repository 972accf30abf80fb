import type { Db } from './connection';
import { isSearchedLink } from './indexes';
import { holds, type SchemaState } from './schema-state';
import { columnsPerTable } from './table-columns';
import { timedStep, type UpgradeNote } from './upgrade-note';

/**
 * Per asset table, how many rows share each combination of the dropdowns people filter by
 * (location, manufacturer, state, type) and of the visibility columns (entity, recursion, trash,
 * template). Kept by triggers, so it changes in the same transaction as the row. A search whose
 * conditions read only these columns is counted from it: the same WHERE, evaluated once per
 * combination instead of once per row, summing the rows of the combinations that match.
 */
const VISIBILITY = ['entities_id', 'is_recursive', 'is_deleted', 'is_template'];
const COUNTED_KINDS = ['asset'];

export const countsTable = (table: string) => `${table}__counts`;

/** The counted columns of `table` (empty when it has no count table). */
export const countedColumns = columnsPerTable(COUNTED_KINDS, (all) => {
  // Integers, NOT NULL only: a combination is a primary key, and NULLs never meet in one.
  const names = new Set(all.filter((c) => !c.nullable && (c.kind === 'int' || c.kind === 'bool')).map((c) => c.name));
  const links = [...names].filter(isSearchedLink);
  return links.length === 0 ? [] : [...links, ...VISIBILITY.filter((name) => names.has(name))];
});

function ddl(table: string, names: string[]): { table: string; triggers: string[] } {
  const counts = countsTable(table);
  const list = names.join(', ');
  const values = (row: 'new' | 'old') => names.map((c) => `${row}.${c}`).join(', ');
  const same = (row: 'old') => names.map((c) => `${c} = ${row}.${c}`).join(' AND ');
  const add = `INSERT INTO ${counts} (${list}, n) VALUES (${values('new')}, 1) ON CONFLICT (${list}) DO UPDATE SET n = n + 1;`;
  const remove = `UPDATE ${counts} SET n = n - 1 WHERE ${same('old')}; DELETE FROM ${counts} WHERE ${same('old')} AND n = 0;`;
  const changed = names.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');
  return {
    // INTEGER NOT NULL, as the table declares them: a WHERE compares them the same way there.
    table: `CREATE TABLE ${counts} (${names.map((c) => `${c} INTEGER NOT NULL`).join(', ')}, n INTEGER NOT NULL, PRIMARY KEY (${list})) WITHOUT ROWID`,
    triggers: [
      `CREATE TRIGGER ${counts}_ai AFTER INSERT ON ${table} BEGIN ${add} END`,
      `CREATE TRIGGER ${counts}_ad AFTER DELETE ON ${table} BEGIN ${remove} END`,
      `CREATE TRIGGER ${counts}_au AFTER UPDATE OF ${list} ON ${table} WHEN ${changed} BEGIN ${remove} ${add} END`,
    ],
  };
}

const TRIGGER_SUFFIXES = ['_ai', '_ad', '_au'];

/** Removes a table's count table and its triggers (a bulk load then rebuilds it once at the end). */
export function dropDropdownCounts(db: Db, table: string): void {
  const counts = countsTable(table);
  for (const suffix of TRIGGER_SUFFIXES) db.exec(`DROP TRIGGER IF EXISTS ${counts}${suffix}`);
  db.exec(`DROP TABLE IF EXISTS ${counts}`);
}

/**
 * Creates missing count tables and their triggers, filling them from the table's rows (older
 * data folders get theirs on their first start). A count table whose definition changed, or whose
 * triggers did (writes may have gone uncounted), is rebuilt.
 */
export function syncDropdownCounts(db: Db, state: SchemaState, tables: string[], note?: UpgradeNote): void {
  for (const table of tables) {
    const columns = countedColumns(table);
    if (columns.length === 0) continue;
    const counts = countsTable(table);
    const want = ddl(table, columns);
    const current = holds(state, counts, want.table) && want.triggers.every((statement, i) => holds(state, `${counts}${TRIGGER_SUFFIXES[i]}`, statement));
    if (current) continue;
    dropDropdownCounts(db, table);
    db.exec(want.table);
    for (const trigger of want.triggers) db.exec(trigger);
    const list = columns.join(', ');
    const fill = () => db.exec(`INSERT INTO ${counts} (${list}, n) SELECT ${list}, COUNT(*) FROM ${table} GROUP BY ${list}`);
    if (note) timedStep(db, table, 'counting the dropdown combinations', note, fill);
    else fill();
  }
}
