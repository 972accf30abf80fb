import { expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../server/db';
import type { Db } from '../../server/db/connection';
import { refreshStatistics, tableRows } from '../../server/db/statistics';

/** Runs `check` on a fresh database holding three computers (`values`: their columns), its statistics refreshed. */
async function withComputers(values: string, check: (db: Db) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'deskbase-stats-'));
  const { store } = await openStore(dir);
  try {
    store.db.exec(`INSERT INTO glpi_computers ${values}`);
    refreshStatistics(store.db);
    check(store.db);
  } finally {
    store.db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('statistics cover every index and table, but not the trigram shadow tables', async () => {
  await withComputers("(name, entities_id) VALUES ('a', 0), ('b', 0), ('c', 0)", (db) => {
    const analysed = new Set(db.query<{ tbl: string }, []>('SELECT DISTINCT tbl FROM sqlite_stat1').all().map((r) => r.tbl));
    expect(analysed.has('glpi_computers')).toBe(true);
    expect([...analysed].filter((t) => t.includes('__fts'))).toEqual([]);
    const indexes = db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'glpi_computers'").all();
    const statIndexes = db.query<{ idx: string }, []>("SELECT idx FROM sqlite_stat1 WHERE tbl = 'glpi_computers'").all().map((r) => r.idx);
    expect(new Set(statIndexes)).toEqual(new Set(indexes.map((i) => i.name)));
    expect(tableRows(db, 'glpi_computers')).toBe(3);
  });
});

test("a table's row count is never a partial index's (which holds only the rows it names)", async () => {
  await withComputers("(name, entities_id, users_id_tech) VALUES ('a', 0, 7), ('b', 0, 0), ('c', 0, 0)", (db) => {
    // The partial index's statistic first, whatever order ANALYZE wrote them in.
    db.exec("CREATE TEMP TABLE computer_stats AS SELECT * FROM sqlite_stat1 WHERE tbl = 'glpi_computers'");
    db.exec("DELETE FROM sqlite_stat1 WHERE tbl = 'glpi_computers'");
    db.exec("INSERT INTO sqlite_stat1 SELECT * FROM temp.computer_stats ORDER BY idx <> 'glpi_computers__i_users_id_tech__set'");
    expect(db.query("SELECT idx, stat FROM sqlite_stat1 WHERE tbl = 'glpi_computers' LIMIT 1").get()).toEqual({ idx: 'glpi_computers__i_users_id_tech__set', stat: '1 1' });
    expect(tableRows(db, 'glpi_computers')).toBe(3);
  });
});
