import type { Db } from '../db/connection';
import { keptIds } from '../db/id-lists';
import { FALSE, Frag, idSet, raw, sql } from '../db/frag';

/** Beyond this many matching rows, the criterion stays a test on each row (an id list costs more to read). */
const MAX_MATCHES = 2_000;

/**
 * A text criterion with trigram candidates, as the ids of the rows it holds for: found once (each
 * candidate, in id order, tested until more than MAX_MATCHES hold) and kept, so the count, every
 * page and every sort of the search, and every session asking the same, read those rows by id
 * instead of gathering and testing the candidates again. A write to the table tests again only
 * the rows it wrote (db/id-lists.ts). `candidates` selects ids (`id`) of `table`, among them every
 * row `condition` holds for; `condition` reads only the row `alias` of it. Null when more rows
 * match than MAX_MATCHES: the condition on each row is then the better test.
 */
export function matchingRows(db: Db, table: string, alias: string, candidates: Frag, condition: Frag): Frag | null {
  // The candidates drive (CROSS JOIN keeps them outside): the search stops at the limit instead of gathering them all first.
  const query = sql`SELECT ${raw(`${alias}.id`)} FROM (${candidates}) c CROSS JOIN ${raw(`${table} ${alias}`)} ON ${raw(`${alias}.id`)} = c.id WHERE ${condition} LIMIT ${MAX_MATCHES + 1}`;
  const id = raw(`${alias}.id`);
  const rows = raw(`${table} ${alias}`);
  // Keyed by the condition alone: the rows it holds for are the same whatever candidates found
  // them (a write changing a trigram's rows changes the candidates, not the matches).
  const ids = keptIds(db, table, {
    key: `matching\u0000${alias}\u0000${condition.sql}\u0000${JSON.stringify(condition.args)}`,
    read: query,
    among: (rowids) => sql`SELECT ${id} FROM ${rows} WHERE ${id} IN ${idSet(rowids)} AND (${condition})`,
    perRow: sql`SELECT ${id} FROM ${rows} WHERE ${condition}`.sql,
    limit: MAX_MATCHES + 1,
  });
  if (ids.length > MAX_MATCHES) return null;
  return ids.length === 0 ? FALSE : sql`${raw(`${alias}.id`)} IN ${idSet(ids)}`;
}
