/**
 * A purge finds what belongs to the purged item through indexes: no lookup of its cascade reads a
 * whole table (at a million rows, one such lookup per purged item is what made bulk purges crawl).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../server/db';
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

test("every lookup of every type's purge cascade searches an index", () => {
  const lookups = new Set(allItemtypes().flatMap((type) => purgeLookups(type)));
  expect(lookups.size).toBeGreaterThan(100);
  const scans = [...lookups].flatMap((sql) => {
    const plan = store.db.query<{ detail: string }, []>(`EXPLAIN QUERY PLAN ${sql}`).all().map((row) => row.detail);
    return plan.some((step) => step.startsWith('SCAN')) ? [`${sql}: ${plan.join('; ')}`] : [];
  });
  expect(scans).toEqual([]);
});
