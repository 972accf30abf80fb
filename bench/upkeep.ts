import { Database } from 'bun:sqlite';
import { join } from 'node:path';
import { upkeepSteps } from '../server/db/fulltext-upkeep';
import { tableRows } from '../server/db/statistics';

const POLL_MS = 250;
const MAX_WAIT_MS = 10 * 60_000;

/**
 * Waits until the server has no trigram index due for its upkeep (server/db/fulltext-upkeep.ts:
 * merged whole in the idle time after big writes), reading its data folder, so the figures that
 * follow measure the steady state a database reaches, not the minutes of upkeep after a million
 * writes. Answers the seconds waited.
 */
export async function upkeepSettled(dataDir: string): Promise<number> {
  const started = performance.now();
  const db = new Database(join(dataDir, 'deskbase.sqlite'), { readonly: true });
  try {
    while (upkeepSteps(db, (table) => tableRows(db, table)).length > 0) {
      if (performance.now() - started > MAX_WAIT_MS) throw new Error('the search-index upkeep did not end within 10 minutes');
      await Bun.sleep(POLL_MS);
    }
  } finally {
    db.close();
  }
  return (performance.now() - started) / 1000;
}
