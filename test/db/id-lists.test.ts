/**
 * Kept lists of matching ids (server/db/id-lists.ts): patched by the writes to their table, they
 * answer what a plain read answers through any run of inserts, updates that move rows in and out
 * of the WHERE, deletes, bulk writes, and writes to another table the WHERE reads. Real SQLite
 * file, the connection helpers the server uses.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inTransaction, openDatabase, type Db } from '../../server/db/connection';
import { idSet, sql, type Frag } from '../../server/db/frag';
import { keptIds, matchingIds } from '../../server/db/id-lists';
import { run, selectAll } from '../../server/db/rows';
import { setNarrowTables } from '../../server/db/table-versions';

let dir: string;
let db: Db;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'deskbase-id-lists-'));
  db = openDatabase(join(dir, 'test.sqlite'));
  db.exec(`
    CREATE TABLE l_pcs (id INTEGER PRIMARY KEY, deleted INTEGER NOT NULL, entity INTEGER NOT NULL, note TEXT);
    CREATE TABLE l_grants (entity INTEGER PRIMARY KEY);
    CREATE TABLE l_rooms (id INTEGER PRIMARY KEY);
  `);
  // l_rooms is not counted one by one: its writes drop every list.
  setNarrowTables(['l_pcs', 'l_grants']);
});

afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const WHERES: Frag[] = [
  sql`t.deleted = ${0}`,
  sql`t.deleted = ${0} AND t.entity IN (${1}, ${2})`,
  sql`t.entity IN (SELECT entity FROM l_grants)`,
  // Names the table twice: another row's answer is not its own.
  sql`t.id > (SELECT MIN(id) + ${2} FROM l_pcs WHERE deleted = ${1})`,
];

const plain = (where: Frag) => selectAll(db, `SELECT t.id AS id FROM l_pcs t WHERE ${where.sql} ORDER BY t.id`, ...where.args).map((r) => Number(r.id));

const id = fc.integer({ min: 1, max: 60 });
const change = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), id, deleted: fc.integer({ min: 0, max: 1 }), entity: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('flag' as const), id, deleted: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ kind: fc.constant('move' as const), id, entity: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('note' as const), id }),
  fc.record({ kind: fc.constant('delete' as const), id }),
  fc.record({ kind: fc.constant('bulk' as const), deleted: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ kind: fc.constant('grant' as const), entity: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('room' as const), id }),
);
type Change = typeof change extends fc.Arbitrary<infer C> ? C : never;

function apply(c: Change): void {
  inTransaction(db, () => {
    if (c.kind === 'insert') run(db, 'INSERT OR REPLACE INTO l_pcs (id, deleted, entity, note) VALUES (?, ?, ?, ?)', c.id, c.deleted, c.entity, 'new');
    else if (c.kind === 'flag') run(db, 'UPDATE l_pcs SET deleted = ? WHERE id = ?', c.deleted, c.id);
    else if (c.kind === 'move') run(db, 'UPDATE l_pcs SET entity = ? WHERE id = ?', c.entity, c.id);
    else if (c.kind === 'note') run(db, "UPDATE l_pcs SET note = note || '+' WHERE id = ?", c.id);
    else if (c.kind === 'delete') run(db, 'DELETE FROM l_pcs WHERE id = ?', c.id);
    else if (c.kind === 'bulk') run(db, 'UPDATE l_pcs SET deleted = ? WHERE id % 3 = 0', c.deleted);
    else if (c.kind === 'grant') run(db, 'INSERT OR REPLACE INTO l_grants (entity) VALUES (?)', c.entity);
    else run(db, 'INSERT OR REPLACE INTO l_rooms (id) VALUES (?)', c.id);
  });
}

/** A list read cut at LIMIT rows: the whole list below it, else LIMIT rows or more, all picked. */
const LIMIT = 8;
function expectCut(where: Frag): void {
  const read = sql`SELECT t.id FROM l_pcs t WHERE ${where} ORDER BY t.id LIMIT ${LIMIT}`;
  const kept = keptIds(db, 'l_pcs', {
    key: `cut\u0000${where.sql}\u0000${JSON.stringify(where.args)}`,
    read,
    among: (rowids) => sql`SELECT t.id FROM l_pcs t WHERE t.id IN ${idSet(rowids)} AND (${where})`,
    perRow: sql`SELECT t.id FROM l_pcs t WHERE ${where}`.sql,
    limit: LIMIT,
  });
  const all = plain(where);
  if (all.length < LIMIT) expect([...kept]).toEqual(all);
  else expect({ atLeast: kept.length >= LIMIT, picked: kept.filter((id) => !all.includes(id)) }).toEqual({ atLeast: true, picked: [] });
}

describe('a kept list of matching ids', () => {
  test('answers the plain read through any run of writes', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(change, fc.integer({ min: 0, max: WHERES.length - 1 })), { maxLength: 40 }), (steps) => {
        inTransaction(db, () => {
          // A WHERE: a DELETE of every row in one step is not seen row by row (table-versions.ts).
          run(db, 'DELETE FROM l_pcs WHERE id > 0');
          run(db, 'DELETE FROM l_grants WHERE entity >= 0');
          run(db, 'INSERT INTO l_pcs (id, deleted, entity, note) SELECT value, value % 2, value % 4, ? FROM json_each(?)', 'seed', JSON.stringify(Array.from({ length: 30 }, (_, i) => i + 1)));
        });
        for (const where of WHERES) expect(matchingIds(db, 'l_pcs', where)).toEqual(plain(where));
        for (const [c, asked] of steps) {
          apply(c);
          const where = WHERES[asked]!;
          expect([...matchingIds(db, 'l_pcs', where)]).toEqual(plain(where));
          expectCut(where);
        }
        for (const where of WHERES) expect([...matchingIds(db, 'l_pcs', where)]).toEqual(plain(where));
      }),
      { numRuns: 150 },
    );
  });
});
