import { countedColumns, countsTable } from '../db/dropdown-counts';
import type { Frag } from './frag';

/** Every column of the searched row (alias `t`) that a WHERE reads. */
const ROW_COLUMN = /(?<![\w.$])t\.(\w+)/g;

/**
 * The COUNT(*) of `table t WHERE where`. When the WHERE reads no column of the row besides the
 * dropdowns and visibility columns of its count table (see db/dropdown-counts.ts), the same WHERE
 * runs on that table instead, once per combination of those columns, and the combinations'
 * rows are summed: the same number, whatever the rows (sub-queries on other tables, such as a
 * location's existence or a tree, read only the combination's columns).
 */
export function countSql(table: string, where: Frag): string {
  const counted = new Set(countedColumns(table).map((c) => c.name));
  if (counted.size > 0 && [...where.sql.matchAll(ROW_COLUMN)].every((m) => counted.has(m[1]!))) {
    return `SELECT COALESCE(SUM(t.n), 0) AS n FROM ${countsTable(table)} t WHERE ${where.sql}`;
  }
  return `SELECT COUNT(*) AS n FROM ${table} t WHERE ${where.sql}`;
}
