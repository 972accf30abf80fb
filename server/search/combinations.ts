import type { Db } from '../db/connection';
import { countedColumns, countsTable } from '../db/dropdown-counts';
import { isIndexed } from '../db/indexes';
import { cachedRead } from '../db/read-cache';
import { selectAll } from '../db/rows';
import { and, Frag, idSet, raw, sql } from '../db/frag';

/**
 * Searches whose WHERE reads only the dropdowns and visibility columns of a count table (see
 * db/dropdown-counts.ts). Every row belongs to exactly one combination of those columns, so the
 * WHERE holds for a row exactly when it holds for the row's combination: it runs on the count
 * table, once per combination (sub-queries on other tables, such as a location's existence or a
 * tree, read only the combination's columns).
 */

/** Every column of the searched row (alias `t`) that a WHERE reads, plain or quoted (`t."name"`). */
const ROW_COLUMN = /(?<![\w.$"])t\.(?:"((?:[^"]|"")*)"|(\w+))/g;

/** Answers per table and WHERE text (the columns read are in the text, whatever the values); bounded. */
const countedWheres = new Map<string, boolean>();
const MAX_COUNTED_WHERES = 2000;

function readsOnlyCounted(table: string, where: Frag): boolean {
  const key = `${table}\u0000${where.sql}`;
  let answer = countedWheres.get(key);
  if (answer === undefined) {
    const counted = new Set(countedColumns(table));
    answer = counted.size > 0 && [...where.sql.matchAll(ROW_COLUMN)].every((m) => counted.has(m[2] ?? m[1]!.replaceAll('""', '"')));
    if (countedWheres.size >= MAX_COUNTED_WHERES) countedWheres.clear();
    countedWheres.set(key, answer);
  }
  return answer;
}

/** The COUNT(*) of `table t WHERE where`: the matching combinations' rows summed, when it can. */
export function countSql(table: string, where: Frag): string {
  if (readsOnlyCounted(table, where)) return `SELECT COALESCE(SUM(t.n), 0) AS n FROM ${countsTable(table)} t WHERE ${where.sql}`;
  return `SELECT COUNT(*) AS n FROM ${table} t WHERE ${where.sql}`;
}

/** Beyond this many combinations, reading them all for every new WHERE costs more than it saves. */
const MAX_COMBINATIONS = 20_000;

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
  return cachedRead(db, `narrowed: ${table} WHERE ${where.sql}`, where.args, () => {
    // Each combination, whether it matches and whether it is visible: one read of a small table.
    const query = sql`SELECT t.*, CASE WHEN ${where} THEN 1 ELSE 0 END AS matched, CASE WHEN ${visibility} THEN 1 ELSE 0 END AS visible FROM ${raw(`${countsTable(table)} t`)} LIMIT ${MAX_COMBINATIONS + 1}`;
    const combinations = selectAll(db, query.sql, ...query.args);
    if (combinations.length > MAX_COMBINATIONS) return null;
    let best: { column: string; values: number[]; rows: number } | null = null;
    for (const column of countedColumns(table)) {
      if (!isIndexed(table, column) || combinations.some((c) => typeof c[column] !== 'number')) continue;
      const values = new Set(combinations.filter((c) => c.matched === 1).map((c) => c[column] as number));
      // Valid when a combination matches exactly when it is visible and holds one of the values.
      if (combinations.some((c) => (c.matched === 1) !== (c.visible === 1 && values.has(c[column] as number)))) continue;
      // The index entries the page reads: every row of those values, whatever its visibility.
      const rows = combinations.reduce((sum, c) => sum + (values.has(c[column] as number) ? Number(c.n) : 0), 0);
      if (!best || rows < best.rows) best = { column, values: [...values], rows };
    }
    return best && and([visibility, sql`t.${raw(best.column)} IN ${idSet(best.values)}`]);
  });
}

