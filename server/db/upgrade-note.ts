import type { Db } from './connection';
import { selectValues } from './rows';

/** Where an upgrade says what it is doing (the server's log), so a long start is not taken for a hang. */
export type UpgradeNote = (message: string) => void;

/**
 * Runs one upgrade step over a table's rows. A table with rows gets a line before the step (it
 * may take minutes at a million rows) and one after it with its duration; an empty table none.
 */
export function timedStep(db: Db, table: string, what: string, note: UpgradeNote, step: () => void): void {
  const rows = Number(selectValues(db, `SELECT count(*) FROM ${table}`)[0]?.[0] ?? 0);
  if (rows === 0) return step();
  note(`${what} of ${table} (${rows.toLocaleString('en')} rows)…`);
  const started = performance.now();
  step();
  note(`${what} of ${table}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
