/** The SQL fragment builder binds every value, short lists as parameters, long ones as one JSON parameter. */
import { afterAll, describe, expect, test } from 'bun:test';
import { Database } from 'bun:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inList, LONG_LIST, marks, sql } from '../../server/db/frag';

const dir = mkdtempSync(join(tmpdir(), 'frag-'));
const db = new Database(join(dir, 'frag.db'));
db.run('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
const insert = db.prepare('INSERT INTO t (id, name) VALUES (?, ?)');
for (let id = 1; id <= 3000; id++) insert.run(id, `row ${id}`);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const ids = (query: { sql: string; args: readonly (string | number)[] }) =>
  db
    .query(query.sql)
    .all(...query.args)
    .map((r) => (r as { id: number }).id);

describe('db/frag', () => {
  test('a short list is one parameter per value, an empty one NULL', () => {
    expect(inList([3, 1, 2])).toEqual(expect.objectContaining({ sql: '?, ?, ?', args: [3, 1, 2] }));
    expect(inList([]).sql).toBe('NULL');
    expect(marks([5, 6])).toBe('?, ?');
    expect(marks([])).toBe('NULL');
    expect(ids(sql`SELECT id FROM t WHERE id IN (${inList([3, 1, 2])}) ORDER BY id`)).toEqual([1, 2, 3]);
    expect(ids(sql`SELECT id FROM t WHERE id IN (${inList([])})`)).toEqual([]);
  });

  test('a long list is one JSON parameter, with the same rows', () => {
    const many = Array.from({ length: 2500 }, (_, i) => i + 1);
    const long = inList(many);
    expect(long.args).toHaveLength(1);
    expect(long.sql).toBe('SELECT value FROM json_each(?)');
    expect(inList(many.slice(0, LONG_LIST)).args).toHaveLength(LONG_LIST);
    // Repeated in one statement, as an access filter repeats the session's entities, it is one parameter each time.
    const repeated = sql`SELECT id FROM t WHERE id IN (${long}) AND id IN (${long}) AND id IN (${long}) ORDER BY id`;
    expect(ids(repeated)).toEqual(many);
    expect(ids(sql`SELECT id FROM t WHERE id NOT IN (${long}) ORDER BY id LIMIT 2`)).toEqual([2501, 2502]);
  });

  test('values are bound, never pasted: a quote in a value stays a value', () => {
    const query = sql`SELECT id FROM t WHERE name = ${"row 7' OR '1'='1"} OR name = ${'row 9'}`;
    expect(query.sql).toBe('SELECT id FROM t WHERE name = ? OR name = ?');
    expect(ids(query)).toEqual([9]);
  });
});
