/**
 * A purge finds what belongs to the purged item, and what merely names it, through indexes: no
 * lookup of its cascade reads a whole table (at a million rows, one such lookup per purged item is
 * what made bulk purges crawl; a user's purge read 44 tables whole to reset their columns to 0).
 */
import { expect, test } from 'bun:test';
import { inTransaction } from '../../server/db/connection';
import { syncSchema } from '../../server/db/schema';
import { purgeLookups, purgeResets } from '../../server/items/cascade';
import { allItemtypes, itemtypeOrThrow } from '../../server/registry';
import { useStore } from '../support/store';

// No statistics: the planner then weighs every table as a big one (with them, it rightly reads
// a table of one row whole).
const store = useStore('purge-lookups');

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
  expect(scanning(lookups)).toEqual([]);
});

/** The statements of `sqls` whose plan reads a whole table, with that plan. */
function scanning(sqls: Iterable<string>): string[] {
  return [...sqls].flatMap((sql) => {
    const plan = planOf(sql);
    return plan.some((step) => step.startsWith('SCAN')) ? [`${sql}: ${plan.join('; ')}`] : [];
  });
}

test("every reset of every type's purge (a user's technician, a group's…) searches an index", () => {
  const userResets = purgeResets(itemtypeOrThrow('User'));
  expect(userResets.length).toBeGreaterThan(40);
  expect(userResets).toContain('UPDATE glpi_computers SET users_id_tech = 0 WHERE users_id_tech = ? AND users_id_tech <> 0');
  expect(planOf(userResets.find((sql) => sql.startsWith('UPDATE glpi_computers SET users_id_tech'))!)).toEqual([
    'SEARCH glpi_computers USING INDEX glpi_computers__i_users_id_tech__set (users_id_tech=?)',
  ]);
  const resets = new Set(allItemtypes().flatMap((type) => purgeResets(type)));
  expect(resets.size).toBeGreaterThan(200);
  expect(scanning(resets)).toEqual([]);
});

test('a reset column holds in its index only the rows where it is set', () => {
  const db = store.db;
  const row = (sql: string) => db.query<{ n: number }, []>(sql).get()!.n;
  inTransaction(db, () => {
    db.exec("INSERT INTO glpi_computers (name, users_id_tech) VALUES ('nobody''s', 0), ('tech''s', 7)");
  });
  expect(row('SELECT count(*) AS n FROM glpi_computers INDEXED BY glpi_computers__i_users_id_tech__set WHERE users_id_tech <> 0')).toBe(1);
  const reset = purgeResets(itemtypeOrThrow('User')).find((sql) => sql.startsWith('UPDATE glpi_computers SET users_id_tech'))!;
  inTransaction(db, () => db.query(reset).run(7));
  expect(row('SELECT count(*) AS n FROM glpi_computers WHERE users_id_tech = 7')).toBe(0);
  expect(row("SELECT count(*) AS n FROM glpi_computers WHERE name IN ('nobody''s', 'tech''s') AND users_id_tech = 0")).toBe(2);
});

test('a data folder of an earlier version gets these indexes on start', () => {
  const lookup = 'SELECT * FROM glpi_reservations WHERE reservationitems_id = ?';
  const plan = () => planOf(lookup);
  store.db.exec('DROP INDEX glpi_reservations__i_reservationitems_id');
  expect(plan()).toEqual(['SCAN glpi_reservations']);
  inTransaction(store.db, () => syncSchema(store.db)); // what a start runs, in its upgrade transaction
  expect(plan()).toEqual(['SEARCH glpi_reservations USING INDEX glpi_reservations__i_reservationitems_id (reservationitems_id=?)']);
});

test('a data folder of an earlier version gets the partial indexes of the resets on start', () => {
  const reset = 'UPDATE glpi_tickets SET users_id_recipient = 0 WHERE users_id_recipient = ? AND users_id_recipient <> 0';
  store.db.exec('DROP INDEX glpi_tickets__i_users_id_recipient__set');
  expect(planOf(reset)).toEqual(['SCAN glpi_tickets']);
  inTransaction(store.db, () => syncSchema(store.db));
  expect(planOf(reset)).toEqual(['SEARCH glpi_tickets USING INDEX glpi_tickets__i_users_id_recipient__set (users_id_recipient=?)']);
});
