/**
 * The prepared-statement cache: a hit hands back the same statement, the cache stays bounded
 * (statements that fall out are finalized), and a statement in steady use is never the one to go.
 */
import { Database } from 'bun:sqlite';
import { expect, test } from 'bun:test';
import { prepared } from '../../server/db/rows';

test('bounded: a statement in steady use stays, one never used again is finalized and prepared anew', () => {
  const db = new Database(':memory:');
  try {
    const busy = prepared(db, 'SELECT 0 AS n');
    const once = prepared(db, 'SELECT -1 AS n');
    expect(prepared(db, 'SELECT 0 AS n')).toBe(busy);
    // Far more shapes than the cache holds (2000), the busy one used between them.
    for (let i = 1; i <= 6000; i++) {
      expect(prepared(db, `SELECT ${i} AS n`).get()).toEqual({ n: i });
      if (i % 100 === 0) expect(prepared(db, 'SELECT 0 AS n')).toBe(busy);
    }
    expect(prepared(db, 'SELECT 0 AS n')).toBe(busy);
    expect(busy.get()).toEqual({ n: 0 });
    expect(() => once.get()).toThrow();
    const again = prepared(db, 'SELECT -1 AS n');
    expect(again).not.toBe(once);
    expect(again.get()).toEqual({ n: -1 });
  } finally {
    db.close();
  }
});
