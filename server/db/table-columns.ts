import { parseColumns, type Column } from '../registry/columns';
import { itemtypeByTable, TABLES } from '../registry';

/**
 * Per table, the columns `pick` chooses when the table holds an itemtype of one of `kinds` (none
 * otherwise), worked out once per table: the indexes kept beside some tables (trigram, dropdown
 * counts) ask on every search.
 */
export function columnsPerTable(kinds: string[], pick: (columns: Column[]) => string[]): (table: string) => string[] {
  const byTable = new Map<string, string[]>();
  return (table) => {
    let columns = byTable.get(table);
    if (!columns) {
      const spec = TABLES[table];
      const type = itemtypeByTable(table);
      columns = spec && type && kinds.includes(type.kind) ? pick(parseColumns(spec.columns)) : [];
      byTable.set(table, columns);
    }
    return columns;
  };
}
