/**
 * The trigram indexes' upkeep (server/db/fulltext-upkeep.ts): writes through the API count the
 * index entries they leave unmerged; past a share of the table, the index is merged whole, a step
 * at a time, between requests. Its answers stay the same as a plain scan's, FTS5's own integrity
 * check passes, and the deletion markers of rewritten rows are gone (the index shrinks).
 */
import { Database } from 'bun:sqlite';
import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { inTransaction } from '../../server/db/connection';
import { countFulltext, deferFulltext } from '../../server/db/fulltext';
import { upkeepSteps } from '../../server/db/fulltext-upkeep';
import { Client } from '../support/client';
import { useServer } from '../support/server';
import { useStore } from '../support/store';
import { until } from '../support/until';

const ROWS = 6_000;

describe('merging an index whole', () => {
  const fresh = useStore('upkeep');

  const unmerged = () => fresh.db.query<{ entries: number }, []>("SELECT entries FROM deskbase_fulltext_unmerged WHERE tbl = 'glpi_computers'").get()?.entries ?? 0;
  const indexBytes = () => fresh.db.query<{ n: number }, []>('SELECT sum(length(block)) AS n FROM glpi_computers__fts_data').get()!.n;
  const byIndex = (fragment: string) => fresh.db.query<{ id: number }, [string]>('SELECT rowid AS id FROM glpi_computers__fts WHERE contact LIKE ? ORDER BY rowid').all(`%${fragment}%`).map((r) => r.id);
  const byScan = (fragment: string) => fresh.db.query<{ id: number }, [string]>('SELECT id FROM glpi_computers WHERE contact LIKE ? ORDER BY id').all(`%${fragment}%`).map((r) => r.id);
  /** Writes in 1 000-row transactions, each deferring its index entries as a bulk request does. */
  function inBatches(ids: number[], write: (batch: number[]) => void, named: boolean): void {
    for (let at = 0; at < ids.length; at += 1000) {
      const batch = ids.slice(at, at + 1000);
      inTransaction(fresh.db, () => {
        const index = deferFulltext(fresh.db, 'glpi_computers', named ? batch : []);
        write(batch);
        index?.();
      });
    }
  }

  test('writes count their entries; a small table is not due; a rewritten one is merged whole, exactly', () => {
    const numbers = Array.from({ length: ROWS }, (_, i) => i + 1);
    inBatches(numbers, (batch) => { for (const n of batch) fresh.db.query("INSERT INTO glpi_computers (name, contact, entities_id) VALUES (?, ?, 0)").run(`pc-${n}`, `user${n % 500}`); }, false);
    expect(unmerged()).toBe(ROWS);
    // Every entry is new: below the share of the table that makes a merge due.
    expect(upkeepSteps(fresh.db, () => ROWS * 10)).toEqual([]);

    const ids = fresh.db.query<{ id: number }, []>('SELECT id FROM glpi_computers ORDER BY id').all().map((r) => r.id);
    inBatches(ids, (batch) => { for (const id of batch) fresh.db.query('UPDATE glpi_computers SET contact = ? WHERE id = ?').run(`owner${id % 400}`, id); }, true);
    // Each rewritten row: its old entries deleted, its new ones written.
    expect(unmerged()).toBe(ROWS * 3);

    const steps = upkeepSteps(fresh.db, () => ROWS);
    expect(steps).toHaveLength(1);
    const before = indexBytes();
    let rounds = 0;
    while (steps[0]!()) rounds++;
    // Bounded steps: this table takes two that merge, then one that finds nothing left (FTS5 as bun ships it).
    expect(rounds).toBe(2);
    expect(unmerged()).toBe(0);
    expect(indexBytes()).toBeLessThan(before * 0.8);
    fresh.db.exec("INSERT INTO glpi_computers__fts(glpi_computers__fts, rank) VALUES ('integrity-check', 1)");
    for (const fragment of ['ner12', 'ner3', 'user', 'er39']) expect(byIndex(fragment)).toEqual(byScan(fragment));
    expect(upkeepSteps(fresh.db, () => ROWS)).toEqual([]);
  });
});

describe("a single element's write", () => {
  const fresh = useStore('single-write');

  const unmerged = () => fresh.db.query<{ entries: number }, []>("SELECT entries FROM deskbase_fulltext_unmerged WHERE tbl = 'glpi_computers'").get()?.entries ?? 0;
  const byIndex = (fragment: string) => fresh.db.query<{ id: number }, [string]>('SELECT rowid AS id FROM glpi_computers__fts WHERE contact LIKE ? ORDER BY rowid').all(`%${fragment}%`).map((r) => r.id);
  /** One write as the API runs a single element: the rows' triggers index them, the entries are counted. */
  function single(ids: number[], write: () => void): void {
    inTransaction(fresh.db, () => {
      const count = countFulltext(fresh.db, 'glpi_computers', ids);
      write();
      count?.();
    });
  }

  test('is indexed by its own triggers at once, and counted as a deferred one is', () => {
    single([], () => fresh.db.query('INSERT INTO glpi_computers (name, contact, entities_id) VALUES (?, ?, 0)').run('pc-one', 'alice'));
    const id = fresh.db.query<{ id: number }, []>('SELECT max(id) AS id FROM glpi_computers').get()!.id;
    expect(unmerged()).toBe(1);
    expect(byIndex('lic')).toEqual([id]);

    single([id], () => fresh.db.query('UPDATE glpi_computers SET contact = ? WHERE id = ?').run('bob', id));
    // Its old entries deleted, its new ones written.
    expect(unmerged()).toBe(3);
    expect(byIndex('lic')).toEqual([]);
    expect(byIndex('bob')).toEqual([id]);
    expect(fresh.db.query('SELECT count(*) AS n FROM deskbase_fulltext_skipped').get()).toEqual({ n: 0 });
    fresh.db.exec("INSERT INTO glpi_computers__fts(glpi_computers__fts, rank) VALUES ('integrity-check', 1)");
  });
});

describe('the server merges on its own once writes settle', () => {
  const ctx = useServer();

  test('after bulk writes through the API, the count of unmerged entries goes back to zero', async () => {
    const api: Client = ctx.api;
    for (let at = 0; at < ROWS; at += 1000) {
      const input = Array.from({ length: 1000 }, (_, i) => ({ name: `upkeep-${at + i}`, contact: `user${(at + i) % 300}`, entities_id: 0 }));
      const res = await api.post('Computer/', { input });
      expect(res.status).toBe(201);
    }
    const file = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'), { readonly: true });
    try {
      const unmerged = () => file.query<{ entries: number }, []>("SELECT entries FROM deskbase_fulltext_unmerged WHERE tbl = 'glpi_computers'").get()?.entries ?? 0;
      await until('the index merged whole', unmerged, (n) => n === 0);
    } finally {
      file.close();
    }
    const found = await api.get('search/Computer', { query: 'criteria[0][field]=7&criteria[0][searchtype]=contains&criteria[0][value]=er29&range=0-0' });
    expect(found.body.totalcount).toBe(Array.from({ length: ROWS }, (_, i) => `user${i % 300}`).filter((c) => c.includes('er29')).length);
  });
});
