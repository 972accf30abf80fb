import type { Db } from './connection';
import { fulltextTable, UNMERGED } from './fulltext';

/**
 * Keeps the trigram indexes compact. FTS5 adds every write as a new segment and merges segments
 * level by level; a deleted or rewritten row leaves a deletion marker that goes only when its
 * segment is merged with the oldest one, which a level-by-level merge rarely reaches. After half
 * the rows of a million were rewritten, the index was twice its size and a fragment search read
 * twice the entries. Once a table's index holds many entries written since it was last merged
 * whole, it is merged whole again, a few pages per step between requests (the same idle time as
 * the statistics refresh): the index's answers never change, only its layout.
 */

/** A table's index is merged whole once this share of its rows' entries were written since the last time… */
const UNMERGED_SHARE = 0.25;
/** …and at least this many (a small table stays as FTS5 keeps it). */
const MIN_UNMERGED = 5_000;
/** Pages one step merges: a step then takes about 10 ms (at most about 100 ms) at a million rows. */
const PAGES_PER_STEP = 16;

/** The tables whose index is due for a whole merge, given each table's rows (null when unknown). */
function dueTables(db: Db, rows: (table: string) => number | null): { table: string; entries: number }[] {
  const counted = db.query<{ tbl: string; entries: number }, [number]>(`SELECT tbl, entries FROM ${UNMERGED} WHERE entries >= ?`).all(MIN_UNMERGED);
  return counted.filter(({ tbl, entries }) => entries >= (rows(tbl) ?? 0) * UNMERGED_SHARE).map(({ tbl, entries }) => ({ table: tbl, entries }));
}

/**
 * The steps that merge every due index whole, each a function that does one step and answers
 * whether that index has more to merge. When an index is done, the entries counted when it began
 * are taken off (writes meanwhile stay counted).
 */
export function upkeepSteps(db: Db, rows: (table: string) => number | null): (() => boolean)[] {
  return dueTables(db, rows).map(({ table, entries }) => () => {
    const fts = fulltextTable(table);
    const before = db.query<{ n: number }, []>('SELECT total_changes() AS n').get()!.n;
    // A negative page count merges all segments into one, as 'optimize' does, a bounded step at a time.
    db.exec(`INSERT INTO ${fts}(${fts}, rank) VALUES('merge', -${PAGES_PER_STEP})`);
    // FTS5 writes at least two rows for a step that did any work.
    const more = db.query<{ n: number }, []>('SELECT total_changes() AS n').get()!.n - before >= 2;
    if (!more) db.query(`UPDATE ${UNMERGED} SET entries = max(0, entries - ?) WHERE tbl = ?`).run(entries, table);
    return more;
  });
}
