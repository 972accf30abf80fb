/**
 * A purge finds what belongs to the purged item through indexes: no lookup of its cascade reads a
 * whole table (at a million rows, one such lookup per purged item is what made bulk purges crawl).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../server/db';
import { inTransaction } from '../../server/db/connection';
import { syncSchema } from '../../server/db/schema';
import { purgeLookups } from '../../server/items/cascade';
import { allItemtypes } from '../../server/registry';

const dir = mkdtempSync(join(tmpdir(), 'deskbase-purge-lookups-'));
let store: Store;
beforeAll(async () => {
  // No statistics: the planner then weighs every table as a big one (with them, it rightly reads
  // a table of one row whole).
  store = (await openStore(dir, 'purge-lookups-pass')).store;
});
afterAll(() => {
  store.db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The steps of the statement's query plan (prepared apart and finalized: no statement stays open). */
function planOf(sql: string): string[] {
  const statement = store.db.prepare<{ detail: string }, []>(`EXPLAIN QUERY PLAN ${sql}`);
  try {
    return statement.all().map((row) => row.detail);
  } finally {
    statement.finalize();
  }
}

test("every lookup of every type's purge cascade searches an index", () => {
  const lookups = new Set(allItemtypes().flatMap((type) => purgeLookups(type)));
  expect(lookups.size).toBeGreaterThan(100);
  const scans = [...lookups].flatMap((sql) => {
    const plan = planOf(sql);
    return plan.some((step) => step.startsWith('SCAN')) ? [`${sql}: ${plan.join('; ')}`] : [];
  });
  expect(scans).toEqual([]);
});

test('a data folder of an earlier version gets these indexes on start', () => {
  const lookup = 'SELECT * FROM glpi_reservations WHERE reservationitems_id = ?';
  const plan = () => planOf(lookup);
  store.db.exec('DROP INDEX glpi_reservations__i_reservationitems_id');
  expect(plan()).toEqual(['SCAN glpi_reservations']);
  inTransaction(store.db, () => syncSchema(store.db)); // what a start runs, in its upgrade transaction
  expect(plan()).toEqual(['SEARCH glpi_reservations USING INDEX glpi_reservations__i_reservationitems_id (reservationitems_id=?)']);
});
