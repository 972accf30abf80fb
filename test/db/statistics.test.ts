import { expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../server/db';
import { refreshStatistics, tableRows } from '../../server/db/statistics';

test('statistics cover every index and table, but not the trigram shadow tables', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'deskbase-stats-'));
  const { store } = await openStore(dir);
  try {
    const db = store.db;
    db.exec("INSERT INTO glpi_computers (name, entities_id) VALUES ('a', 0), ('b', 0), ('c', 0)");
    refreshStatistics(db);
    const analysed = new Set(db.query<{ tbl: string }, []>('SELECT DISTINCT tbl FROM sqlite_stat1').all().map((r) => r.tbl));
    expect(analysed.has('glpi_computers')).toBe(true);
    expect([...analysed].filter((t) => t.includes('__fts'))).toEqual([]);
    const indexes = db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'glpi_computers'").all();
    const statIndexes = db.query<{ idx: string }, []>("SELECT idx FROM sqlite_stat1 WHERE tbl = 'glpi_computers'").all().map((r) => r.idx);
    expect(new Set(statIndexes)).toEqual(new Set(indexes.map((i) => i.name)));
    expect(tableRows(db, 'glpi_computers')).toBe(3);
  } finally {
    store.db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
