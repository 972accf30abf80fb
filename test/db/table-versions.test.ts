/**
 * Write counters per table (server/db/table-versions.ts): a read kept by a versioned cache stays
 * while other tables are written and goes at the first write to one it read, by a statement, a
 * trigger, a WITHOUT ROWID shadow, a change of the schema, or another connection; a read of one
 * row stays while the table's other rows are written. Real SQLite file,
 * the connection helpers the server uses; every answer is checked against a plain read.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inTransaction, markExternalWrite, openDatabase, type Db } from '../../server/db/connection';
import { VersionedCache } from '../../server/db/read-cache';
import { selectAll, selectRow, run, updateRow } from '../../server/db/rows';
import { setNarrowTables, stillValid, tableWrittenSince, tracked } from '../../server/db/table-versions';

let dir: string;
let db: Db;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'deskbase-versions-'));
  db = openDatabase(join(dir, 'test.sqlite'));
  db.exec(`
    CREATE TABLE t_pcs (id INTEGER PRIMARY KEY, name TEXT, room INTEGER);
    CREATE TABLE t_tickets (id INTEGER PRIMARY KEY, title TEXT);
    CREATE TABLE t_rooms (id INTEGER PRIMARY KEY, name TEXT);
    CREATE TABLE t_logs (id INTEGER PRIMARY KEY, what TEXT);
    CREATE TABLE t_pcs__counts (room INTEGER PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
    -- A shadow with rowids whose record 1 every update rewrites, as FTS5's averages record.
    CREATE TABLE t_pcs__meta (id INTEGER PRIMARY KEY, updates INTEGER NOT NULL);
    INSERT INTO t_pcs__meta (id, updates) VALUES (1, 0);
    CREATE TRIGGER t_pcs_meta AFTER UPDATE ON t_pcs BEGIN UPDATE t_pcs__meta SET updates = updates + 1 WHERE id = 1; END;
    CREATE TRIGGER t_pcs_logged AFTER UPDATE ON t_pcs BEGIN INSERT INTO t_logs (what) VALUES ('pc ' || new.id); END;
    CREATE TRIGGER t_pcs_counted AFTER INSERT ON t_pcs BEGIN
      INSERT INTO t_pcs__counts (room, n) VALUES (new.room, 1) ON CONFLICT (room) DO UPDATE SET n = n + 1;
    END;
    INSERT INTO t_rooms (id, name) VALUES (1, 'Hall'), (2, 'Lab');
    INSERT INTO t_pcs (id, name, room) VALUES (1, 'pc1', 1), (2, 'pc2', 2);
    INSERT INTO t_tickets (id, title) VALUES (1, 'broken');
  `);
  // t_rooms is not counted one by one: its writes drop every kept read.
  setNarrowTables(['t_pcs', 't_tickets', 't_logs']);
});

afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const write = (sql: string, ...args: (string | number)[]) => inTransaction(db, () => run(db, sql, ...args));
const keptAfter = (read: string, change: () => void): boolean => {
  const { deps } = tracked(() => selectAll(db, read));
  change();
  return stillValid(deps);
};

const PCS = 'SELECT p.name, r.name AS room FROM t_pcs p JOIN t_rooms r ON r.id = p.room ORDER BY p.id';
const TICKETS = 'SELECT title FROM t_tickets ORDER BY id';
const COUNTS = 'SELECT room, n FROM t_pcs__counts ORDER BY room';

describe('a kept read', () => {
  test('stays while another counted table is written', () => {
    expect(keptAfter(TICKETS, () => write("UPDATE t_pcs SET name = 'renamed' WHERE id = 1"))).toBe(true);
    expect(keptAfter(PCS, () => write("UPDATE t_tickets SET title = 'fixed' WHERE id = 1"))).toBe(true);
  });

  test('goes at a write to a table it read, and at one to a table a trigger wrote', () => {
    expect(keptAfter(PCS, () => write("UPDATE t_pcs SET name = 'again' WHERE id = 2"))).toBe(false);
    expect(keptAfter('SELECT COUNT(*) AS n FROM t_logs', () => write("UPDATE t_pcs SET name = 'logged' WHERE id = 2"))).toBe(false);
  });

  test("goes at a write to a table's WITHOUT ROWID shadow, which its triggers keep", () => {
    expect(keptAfter(COUNTS, () => write('INSERT INTO t_pcs (name, room) VALUES (?, ?)', 'pc3', 2))).toBe(false);
  });

  test('goes at any write to a table not counted one by one, and at a change of the schema', () => {
    expect(keptAfter(TICKETS, () => write("UPDATE t_rooms SET name = 'Hall B' WHERE id = 1"))).toBe(false);
    expect(keptAfter(TICKETS, () => inTransaction(db, () => db.exec('CREATE INDEX t_pcs_name ON t_pcs (name)')))).toBe(false);
  });

  test('goes at a commit of another connection, and at a write it made itself', () => {
    expect(keptAfter(TICKETS, () => markExternalWrite())).toBe(false);
    const { deps } = tracked(() => {
      const rows = selectAll(db, TICKETS);
      write("UPDATE t_tickets SET title = 'while read' WHERE id = 1");
      return rows;
    });
    expect(stillValid(deps)).toBe(false);
  });

  test('kept inside another brings its tables to the outer one', () => {
    const inner = new VersionedCache<unknown>(10);
    const read = () => inner.get(db, TICKETS, () => selectAll(db, TICKETS));
    read(); // kept
    const { deps } = tracked(() => read()); // taken from the cache: no statement runs
    expect(stillValid(deps)).toBe(true);
    write("UPDATE t_tickets SET title = 'changed' WHERE id = 1");
    expect(stillValid(deps)).toBe(false);
  });
});

describe('a kept read of one row', () => {
  const ONE = 'SELECT p.name, r.name AS room FROM t_pcs p JOIN t_rooms r ON r.id = p.room WHERE p.id = ?';
  const keptRowAfter = (sql: string, id: number, change: () => void): boolean => {
    const { deps } = tracked(() => selectRow(db, 't_pcs', id, sql, id));
    change();
    return stillValid(deps);
  };

  test("stays while the table's other rows are written (its shadows' rows of the same rowid too), goes when its own is", () => {
    expect(keptRowAfter(ONE, 1, () => write("UPDATE t_pcs SET name = 'other row' WHERE id = 2"))).toBe(true);
    expect(keptRowAfter(ONE, 1, () => write('INSERT INTO t_pcs (name, room) VALUES (?, ?)', 'added', 1))).toBe(true);
    expect(keptRowAfter(ONE, 1, () => write("UPDATE t_pcs SET name = 'own row' WHERE id = 1"))).toBe(false);
    expect(keptRowAfter(ONE, 2, () => write('DELETE FROM t_pcs WHERE id = 2'))).toBe(false);
    write("INSERT INTO t_pcs (id, name, room) VALUES (2, 'pc2', 2)");
  });

  test('goes at a write to another table it read that is not counted one by one', () => {
    expect(keptRowAfter(ONE, 1, () => write("UPDATE t_rooms SET name = 'Hall C' WHERE id = 2"))).toBe(false);
  });

  test('past the bound of rows remembered, only the reads older than the rows forgotten go (unless checked since)', () => {
    const bulk = (from: number, count: number) =>
      write(`WITH RECURSIVE n(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO t_pcs (id, name, room) SELECT i, 'bulk', 1 FROM n`, from, from + count - 1);
    const readOne = () => tracked(() => selectRow(db, 't_pcs', 1, ONE, 1)).deps;
    const older = readOne();
    const checked = readOne();
    const wholeOlder = tracked(() => selectAll(db, 'SELECT id, name FROM t_pcs WHERE id < 10')).deps;
    bulk(100_000, 15_000);
    const newer = readOne();
    expect(stillValid(checked)).toBe(true);
    const whole = tracked(() => selectAll(db, 'SELECT id, name FROM t_pcs WHERE id < 10')).deps;
    // 25 000 rows written: the first write's are forgotten, the reads built since it stay.
    bulk(200_000, 10_000);
    expect(stillValid(older)).toBe(false);
    // Found unwritten after the first write: as good as built then.
    expect(stillValid(checked)).toBe(true);
    expect(stillValid(newer)).toBe(true);
    expect(tableWrittenSince(whole, 't_pcs', false)?.rowids).toHaveLength(10_000);
    // The rows written since an older read are no longer all known: it is built again.
    expect(tableWrittenSince(wholeOlder, 't_pcs', false)).toBeNull();
    write("UPDATE t_pcs SET name = 'pc1 again' WHERE id = 1");
    expect(stillValid(newer)).toBe(false);
    write('DELETE FROM t_pcs WHERE id >= 100000');
    write("UPDATE t_pcs SET name = 'pc1' WHERE id = 1");
  });

  test('is a read of the whole table when its statement names the table twice', () => {
    const twice = 'SELECT p.name, (SELECT COUNT(*) FROM t_pcs) AS n FROM t_pcs p WHERE p.id = ?';
    expect(keptRowAfter(twice, 1, () => write("UPDATE t_pcs SET name = 'elsewhere' WHERE id = 2"))).toBe(false);
  });
});

describe('the columns a write changed', () => {
  /** The columns of t_pcs written by `change` as a read of the table learns them (sorted; null: not known). */
  const columnsAfter = (change: () => void): string[] | null => {
    const { deps } = tracked(() => selectAll(db, 'SELECT id, name FROM t_pcs'));
    change();
    const since = tableWrittenSince(deps, 't_pcs', false);
    if (since === null) throw new Error('the rows written since are not known');
    return since.columns === null ? null : [...since.columns].sort();
  };
  const inOne = (fn: () => void) => () => inTransaction(db, fn);

  test('are known when every change of the table was one row updated by updateRow', () => {
    expect(columnsAfter(inOne(() => updateRow(db, 't_pcs', 1, { name: 'n1' })))).toEqual(['name']);
    expect(
      columnsAfter(() => {
        write("UPDATE t_tickets SET title = 'elsewhere' WHERE id = 1");
        inOne(() => updateRow(db, 't_pcs', 2, { room: 1, Name: 'n2' }))();
        inOne(() => updateRow(db, 't_pcs', 1, { name: 'n3' }))();
      }),
    ).toEqual(['name', 'room']);
  });

  test("are not known after an insert, a delete or another statement's update of the table, even beside updateRow's", () => {
    expect(columnsAfter(inOne(() => (updateRow(db, 't_pcs', 1, { name: 'n4' }), run(db, 'INSERT INTO t_pcs (name, room) VALUES (?, ?)', 'extra', 1))))).toBeNull();
    // An update that finds no row is no update: the insert that follows is still an insert.
    expect(columnsAfter(inOne(() => (updateRow(db, 't_pcs', 999, { name: 'none' }), run(db, 'INSERT INTO t_pcs (id, name, room) VALUES (999, ?, ?)', 'extra', 1))))).toBeNull();
    expect(columnsAfter(inOne(() => (updateRow(db, 't_pcs', 1, { name: 'n5' }), run(db, 'UPDATE t_pcs SET room = 2 WHERE id = 2'))))).toBeNull();
    expect(columnsAfter(() => write("DELETE FROM t_pcs WHERE name = 'extra'"))).toBeNull();
    // Known, then not: what the two writes changed together is not known.
    expect(columnsAfter(() => (inOne(() => updateRow(db, 't_pcs', 1, { name: 'n6' }))(), write("UPDATE t_pcs SET name = 'pc1' WHERE id = 1")))).toBeNull();
  });
});

describe('every kept answer is the plain answer', () => {
  const reads = [PCS, TICKETS, COUNTS, 'SELECT COUNT(*) AS n FROM t_logs', 'SELECT name FROM t_rooms ORDER BY id'];
  /** Reads of one row (selectRow), kept as the reply cache keeps them: on their own dependencies. */
  const ROW = 'SELECT p.name, r.name AS room FROM t_pcs p LEFT JOIN t_rooms r ON r.id = p.room WHERE p.id = ?';
  const rowReads = [1, 2, 3, 4];
  const keptRows = new Map<number, ReturnType<typeof tracked<unknown>>>();
  const readRow = (id: number): unknown => {
    const kept = keptRows.get(id);
    if (kept && stillValid(kept.deps)) return kept.value;
    const built = tracked(() => selectRow(db, 't_pcs', id, ROW, id));
    keptRows.set(id, built);
    return built.value;
  };
  const writes: ((n: number) => void)[] = [
    (n) => write('UPDATE t_pcs SET name = ? WHERE id = 1', `pc-${n}`),
    (n) => write('UPDATE t_pcs SET room = ? WHERE id = 2', 1 + (n % 2)),
    (n) => write('INSERT INTO t_pcs (name, room) VALUES (?, ?)', `new-${n}`, 1 + (n % 2)),
    (n) => write('UPDATE t_tickets SET title = ? WHERE id = 1', `t-${n}`),
    (n) => write('UPDATE t_rooms SET name = ? WHERE id = 1', `room-${n}`),
    (n) => write('DELETE FROM t_pcs WHERE id = (SELECT MAX(id) FROM t_pcs) AND id > 2 AND ? >= 0', n),
    // Many rows at once, past the rows remembered per table within a few writes, and away again.
    (n) => write(`WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 7000) INSERT INTO t_pcs (name, room) SELECT 'bulk', 1 + (? % 2) FROM k`, n),
    () => write("DELETE FROM t_pcs WHERE name = 'bulk'"),
    () => {
      // Another connection commits: this one learns it as the server does (external-writes.ts).
      const other = new Database(join(dir, 'test.sqlite'));
      other.exec('PRAGMA busy_timeout = 10000');
      other.query("UPDATE t_tickets SET title = title || '!' WHERE id = 1").run();
      other.close();
      markExternalWrite();
    },
  ];

  test('through any interleaving of writes to the same and other tables', () => {
    const cache = new VersionedCache<unknown>(100);
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.record({ read: fc.nat(reads.length - 1) }), fc.record({ row: fc.nat(rowReads.length - 1) }), fc.record({ write: fc.nat(writes.length - 1), n: fc.nat(1000) })), { maxLength: 40 }), (steps) => {
        for (const step of steps) {
          if ('write' in step) writes[step.write]!(step.n);
          else if ('row' in step) {
            const id = rowReads[step.row]!;
            expect(JSON.stringify(readRow(id))).toBe(JSON.stringify(db.query(ROW).get(id)));
          } else {
            const sql = reads[step.read]!;
            expect(JSON.stringify(cache.get(db, sql, () => selectAll(db, sql)))).toBe(JSON.stringify(db.query(sql).all()));
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
