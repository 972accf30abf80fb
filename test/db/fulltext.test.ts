/**
 * The trigram index stays exact however a bulk write defers it: rows created meanwhile may be
 * updated, deleted or rolled back with their savepoint, rows that existed keep their triggers,
 * and FTS5's own integrity check (index against the table's rows) must pass after each commit.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from '../../server/db';
import { inSavepoint, inTransaction, type Db } from '../../server/db/connection';
import { deferFulltext } from '../../server/db/fulltext';
import { syncSchema } from '../../server/db/schema';

const dir = mkdtempSync(join(tmpdir(), 'deskbase-fulltext-'));
let store: Store;
let db: Db;
beforeAll(async () => {
  store = (await openStore(dir, 'fulltext-test-pass')).store;
  db = store.db;
});
afterAll(() => {
  store.db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Throws when the index and the rows of glpi_computers disagree. */
function integrityCheck(): void {
  db.exec("INSERT INTO glpi_computers__fts(glpi_computers__fts, rank) VALUES ('integrity-check', 1)");
}

const text = fc.option(fc.string({ unit: fc.constantFrom('a', 'b', 'c', '1', '-', ' '), maxLength: 8 }), { nil: null });
const values = fc.record({ name: text, serial: text, comment: text, contact: text });
type Values = { name: string | null; serial: string | null; comment: string | null; contact: string | null };
type Op = { kind: 'insert'; values: Values } | { kind: 'update'; at: number; values: Values } | { kind: 'delete'; at: number } | { kind: 'refused'; ops: Op[] };
const simple: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), values }),
  fc.record({ kind: fc.constant('update' as const), at: fc.nat(), values }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
);
const op: fc.Arbitrary<Op> = fc.oneof({ weight: 4, arbitrary: simple }, { weight: 1, arbitrary: fc.record({ kind: fc.constant('refused' as const), ops: fc.array(simple, { maxLength: 3 }) }) });

const ids = () => db.query<{ id: number }, []>('SELECT id FROM glpi_computers ORDER BY id').all().map((r) => r.id);

function apply(o: Op): void {
  const existing = ids();
  switch (o.kind) {
    case 'insert':
      db.query('INSERT INTO glpi_computers (name, serial, comment, contact, entities_id) VALUES (?, ?, ?, ?, 0)').run(o.values.name, o.values.serial, o.values.comment, o.values.contact);
      return;
    case 'update':
      if (existing.length) db.query('UPDATE glpi_computers SET name = ?, serial = ?, comment = ?, contact = ? WHERE id = ?').run(o.values.name, o.values.serial, o.values.comment, o.values.contact, existing[o.at % existing.length]!);
      return;
    case 'delete':
      if (existing.length) db.query('DELETE FROM glpi_computers WHERE id = ?').run(existing[o.at % existing.length]!);
      return;
    case 'refused':
      // An element that fails half-way: its savepoint takes back everything it wrote.
      expect(() =>
        inSavepoint(db, () => {
          for (const inner of o.ops) apply(inner);
          throw new Error('refused');
        }),
      ).toThrow('refused');
  }
}

test('deferred, then flushed in the same transaction: the index equals the rows', () => {
  fc.assert(
    fc.property(fc.array(simple, { maxLength: 6 }), fc.array(op, { maxLength: 20 }), fc.array(simple, { maxLength: 6 }), (before, during, after) => {
      inTransaction(db, () => before.forEach(apply));
      inTransaction(db, () => {
        const flush = deferFulltext(db, 'glpi_computers')!;
        during.forEach(apply);
        flush();
      });
      integrityCheck();
      // Rows created while deferred are indexed now: their own triggers keep them from here on.
      inTransaction(db, () => after.forEach(apply));
      integrityCheck();
    }),
    { numRuns: 150, seed: 20261123 },
  );
});

test('the check can fail: rows left unindexed are caught', () => {
  expect(() =>
    inTransaction(db, () => {
      deferFulltext(db, 'glpi_computers');
      apply({ kind: 'insert', values: { name: 'never indexed', serial: null, comment: null, contact: null } });
      db.query("DELETE FROM deskbase_fulltext_deferred WHERE tbl = 'glpi_computers'").run();
      integrityCheck();
    }),
  ).toThrow();
  integrityCheck(); // rolled back
});

test('triggers of an earlier version are replaced on start, the index kept as it is', () => {
  db.exec('DROP TRIGGER glpi_computers__fts_ai');
  db.exec('CREATE TRIGGER glpi_computers__fts_ai AFTER INSERT ON glpi_computers BEGIN INSERT INTO glpi_computers__fts(rowid, name) VALUES (new.id, new.name); END');
  const indexPage = () => db.query<{ rootpage: number }, []>("SELECT rootpage FROM sqlite_master WHERE name = 'glpi_computers__fts_data'").get()!.rootpage;
  const page = indexPage();
  inTransaction(db, () => syncSchema(db));
  const sql = db.query<{ sql: string }, []>("SELECT sql FROM sqlite_master WHERE name = 'glpi_computers__fts_ai'").get()!.sql;
  expect(sql).toContain('deskbase_fulltext_deferred');
  expect(indexPage()).toBe(page);
  apply({ kind: 'insert', values: { name: 'after the upgrade', serial: 'x1', comment: 'c', contact: 'd' } });
  integrityCheck();
});
