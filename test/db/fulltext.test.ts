/**
 * The trigram index stays exact however a bulk write defers it: rows created meanwhile, and the
 * existing rows it names, may be updated, deleted or rolled back with their savepoint, other rows
 * that existed keep their triggers,
 * and FTS5's own integrity check (index against the table's rows) must pass after each commit.
 */
import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { inSavepoint, inTransaction } from '../../server/db/connection';
import { deferFulltext } from '../../server/db/fulltext';
import { syncSchema } from '../../server/db/schema';
import { useStore } from '../support/store';

const fresh = useStore('fulltext');

/** Throws when the index and the rows of glpi_computers disagree. */
function integrityCheck(): void {
  fresh.db.exec("INSERT INTO glpi_computers__fts(glpi_computers__fts, rank) VALUES ('integrity-check', 1)");
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

const ids = () => fresh.db.query<{ id: number }, []>('SELECT id FROM glpi_computers ORDER BY id').all().map((r) => r.id);

function apply(o: Op): void {
  const existing = ids();
  switch (o.kind) {
    case 'insert':
      fresh.db.query('INSERT INTO glpi_computers (name, serial, comment, contact, entities_id) VALUES (?, ?, ?, ?, 0)').run(o.values.name, o.values.serial, o.values.comment, o.values.contact);
      return;
    case 'update':
      if (existing.length) fresh.db.query('UPDATE glpi_computers SET name = ?, serial = ?, comment = ?, contact = ? WHERE id = ?').run(o.values.name, o.values.serial, o.values.comment, o.values.contact, existing[o.at % existing.length]!);
      return;
    case 'delete':
      if (existing.length) fresh.db.query('DELETE FROM glpi_computers WHERE id = ?').run(existing[o.at % existing.length]!);
      return;
    case 'refused':
      // An element that fails half-way: its savepoint takes back everything it wrote.
      expect(() =>
        inSavepoint(fresh.db, () => {
          for (const inner of o.ops) apply(inner);
          throw new Error('refused');
        }),
      ).toThrow('refused');
  }
}

test('deferred, then flushed in the same transaction: the index equals the rows', () => {
  fc.assert(
    fc.property(fc.array(simple, { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 4 }), fc.array(op, { maxLength: 20 }), fc.array(simple, { maxLength: 6 }), (before, named, during, after) => {
      inTransaction(fresh.db, () => before.forEach(apply));
      inTransaction(fresh.db, () => {
        // Existing rows (some twice), and ids that name no row: past the end, or deleted.
        const existing = ids();
        const chosen = named.map((at) => (existing.length && at % 3 ? existing[at % existing.length]! : (existing.at(-1) ?? 0) + 1 + at));
        const flush = deferFulltext(fresh.db, 'glpi_computers', chosen)!;
        during.forEach(apply);
        flush();
      });
      integrityCheck();
      // Rows created while deferred are indexed now: their own triggers keep them from here on.
      inTransaction(fresh.db, () => after.forEach(apply));
      integrityCheck();
    }),
    { numRuns: 150, seed: 20261123 },
  );
});

test('the check can fail: rows left unindexed are caught', () => {
  inTransaction(fresh.db, () => apply({ kind: 'insert', values: { name: 'indexed', serial: null, comment: null, contact: null } }));
  const named = ids().at(-1);
  expect(() =>
    inTransaction(fresh.db, () => {
      deferFulltext(fresh.db, 'glpi_computers', [named!]);
      fresh.db.query("DELETE FROM deskbase_fulltext_skipped WHERE tbl = 'glpi_computers'").run();
      integrityCheck();
    }),
  ).toThrow();
  expect(() =>
    inTransaction(fresh.db, () => {
      deferFulltext(fresh.db, 'glpi_computers');
      apply({ kind: 'insert', values: { name: 'never indexed', serial: null, comment: null, contact: null } });
      fresh.db.query("DELETE FROM deskbase_fulltext_skipped WHERE tbl = 'glpi_computers'").run();
      integrityCheck();
    }),
  ).toThrow();
  integrityCheck(); // rolled back
});

test('triggers of an earlier version are replaced on start, the index kept as it is', () => {
  fresh.db.exec('DROP TRIGGER glpi_computers__fts_ai');
  fresh.db.exec('CREATE TRIGGER glpi_computers__fts_ai AFTER INSERT ON glpi_computers BEGIN INSERT INTO glpi_computers__fts(rowid, name) VALUES (new.id, new.name); END');
  const indexPage = () => fresh.db.query<{ rootpage: number }, []>("SELECT rootpage FROM sqlite_master WHERE name = 'glpi_computers__fts_data'").get()!.rootpage;
  const page = indexPage();
  inTransaction(fresh.db, () => syncSchema(fresh.db));
  const sql = fresh.db.query<{ sql: string }, []>("SELECT sql FROM sqlite_master WHERE name = 'glpi_computers__fts_ai'").get()!.sql;
  expect(sql).toContain('deskbase_fulltext_skipped');
  expect(indexPage()).toBe(page);
  apply({ kind: 'insert', values: { name: 'after the upgrade', serial: 'x1', comment: 'c', contact: 'd' } });
  integrityCheck();
});

test("an earlier version's deferral table goes on start", () => {
  fresh.db.exec('CREATE TABLE deskbase_fulltext_deferred (tbl TEXT PRIMARY KEY, above INTEGER NOT NULL) WITHOUT ROWID');
  inTransaction(fresh.db, () => syncSchema(fresh.db));
  expect(fresh.db.query("SELECT name FROM sqlite_master WHERE name LIKE 'deskbase_fulltext%'").all()).toEqual([{ name: 'deskbase_fulltext_skipped' }, { name: 'deskbase_fulltext_unmerged' }]);
});
