import type { Db } from '../db/connection';
import { countedColumns, countsTable } from '../db/dropdown-counts';
import { isIndexed } from '../db/indexes';
import { cachedRead } from '../db/read-cache';
import { selectAll, selectOne } from '../db/rows';
import { and, Frag, idSet, raw, sql } from './frag';

/**
 * Searches whose WHERE reads only the dropdowns and visibility columns of a count table (see
 * db/dropdown-counts.ts). Every row belongs to exactly one combination of those columns, so the
 * WHERE holds for a row exactly when it holds for the row's combination: it runs on the count
 * table, once per combination (sub-queries on other tables, such as a location's existence or a
 * tree, read only the combination's columns).
 */

/** Every column of the searched row (alias `t`) that a WHERE reads, plain or quoted (`t."name"`). */
const ROW_COLUMN = /(?<![\w.$"])t\.(?:"((?:[^"]|"")*)"|(\w+))/g;

function readsOnlyCounted(table: string, where: Frag): boolean {
  const counted = new Set(countedColumns(table));
  return counted.size > 0 && [...where.sql.matchAll(ROW_COLUMN)].every((m) => counted.has(m[2] ?? m[1]!.replaceAll('""', '"')));
}

/** The COUNT(*) of `table t WHERE where`: the matching combinations' rows summed, when it can. */
export function countSql(table: string, where: Frag): string {
  if (readsOnlyCounted(table, where)) return `SELECT COALESCE(SUM(t.n), 0) AS n FROM ${countsTable(table)} t WHERE ${where.sql}`;
  return `SELECT COUNT(*) AS n FROM ${table} t WHERE ${where.sql}`;
}

/**
 * A WHERE that holds for exactly the same rows as `where` and reads only one indexed dropdown
 * (`t.column IN (values)`) besides the visibility conditions, when the count table proves it: the
 * two agree on every combination present. The page then reads the dropdown's index, which holds
 * the visibility columns too, instead of every candidate row (a location's rows all have the one
 * manufacturer asked for: that criterion is then left out). Of the columns that qualify, the one
 * whose index holds the fewest entries for those values; null when none does. Kept until the
 * next write.
 */
export function narrowedWhere(db: Db, table: string, where: Frag, visibility: Frag): Frag | null {
  if (!readsOnlyCounted(table, where)) return null;
  const counts = countsTable(table);
  const key = `narrowed: ${table} WHERE ${where.sql}`;
  return cachedRead(db, key, where.args, () => {
    let best: { where: Frag; rows: number } | null = null;
    for (const name of countedColumns(table)) {
      if (!isIndexed(table, name)) continue;
      const values = selectAll(db, ...args(sql`SELECT DISTINCT t.${raw(name)} AS v FROM ${raw(`${counts} t`)} WHERE ${where}`)).map((r) => r.v as number);
      const inValues = sql`t.${raw(name)} IN ${idSet(values)}`;
      const candidate = and([visibility, inValues]);
      const differ = selectOne(db, ...args(sql`SELECT 1 AS d FROM ${raw(`${counts} t`)} WHERE (${where}) IS NOT (${candidate}) LIMIT 1`));
      if (differ) continue;
      // The index entries the page reads: every row of those values, whatever its visibility.
      const rows = Number(selectOne(db, ...args(sql`SELECT COALESCE(SUM(t.n), 0) AS n FROM ${raw(`${counts} t`)} WHERE ${inValues}`))?.n);
      if (!best || rows < best.rows) best = { where: candidate, rows };
    }
    return best?.where ?? null;
  });
}

const args = (f: Frag): [string, ...(string | number)[]] => [f.sql, ...f.args];
