/**
 * The journal of commits the serving threads share (server/db/commit-journal.ts) and what a thread
 * does with another's commits (connection.ts takeOthersCommits): a commit known table by table
 * drops only the kept reads of its tables (and, of a row read, only those of the rows it wrote);
 * one not known so, of a table not counted one by one, or a journal the reader fell a whole ring
 * behind, drops everything. The other thread is a real worker thread writing into shared memory.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CommitJournal, createCommitJournal } from '../../server/db/commit-journal';
import { openDatabase, shareCommitJournal, takeOthersCommits, type Db } from '../../server/db/connection';
import { selectAll, selectRow } from '../../server/db/rows';
import { setNarrowTables, stillValid, tracked, type Dependencies } from '../../server/db/table-versions';

type Entry = [string, number[] | null][] | null;

/** Publishes `entries` from a worker thread (another thread id than this one). */
async function publishFromWorker(memory: SharedArrayBuffer, entries: Entry[]): Promise<void> {
  const worker = new Worker(new URL('./commit-journal-worker.ts', import.meta.url), { workerData: { memory, entries } });
  await new Promise((resolve) => worker.once('message', resolve));
  await worker.terminate();
}

describe('the journal', () => {
  test("another thread's entries come back in order, with their tables and rows", async () => {
    const memory = createCommitJournal();
    const journal = new CommitJournal(memory);
    await publishFromWorker(memory, [[['glpi_computers', [5, 7]], ['glpi_logs', [90]]], [['glpi_tickets', [3]]]]);
    expect(journal.published()).toBe(2);
    const entries = journal.othersSince(0, 2)!;
    expect(entries.map((e) => [...e.tables])).toEqual([['glpi_computers', 'glpi_logs'], ['glpi_tickets']]);
    expect(entries.map((e) => Object.fromEntries(e.rows))).toEqual([{ glpi_computers: [5, 7], glpi_logs: [90] }, { glpi_tickets: [3] }]);
    expect(journal.othersSince(1, 2)!.map((e) => [...e.tables])).toEqual([['glpi_tickets']]);
  });

  test("this thread's own entries are skipped", () => {
    const journal = new CommitJournal(createCommitJournal());
    journal.publish({ tables: ['glpi_computers'], rows: new Map([['glpi_computers', [1]]]) });
    expect(journal.othersSince(0, journal.published())).toEqual([]);
  });

  test('an entry too long for its slot keeps its tables without the rowids of the biggest; one not known is unknown', async () => {
    const memory = createCommitJournal();
    const journal = new CommitJournal(memory);
    const many = Array.from({ length: 5000 }, (_, i) => i + 1);
    await publishFromWorker(memory, [[['glpi_computers', many], ['glpi_tickets', [4]]], null]);
    const [big] = journal.othersSince(0, 1)!;
    expect([...big!.tables]).toEqual(['glpi_computers', 'glpi_tickets']);
    expect(big!.rows.get('glpi_computers')).toBeNull();
    expect(big!.rows.get('glpi_tickets')).toEqual([4]);
    expect(journal.othersSince(0, 2)).toBeNull();
  });

  test('a reader a whole ring behind gets unknown, also across the int32 wrap', async () => {
    const memory = createCommitJournal();
    const journal = new CommitJournal(memory);
    new Int32Array(memory, 0, 2)[1] = 2 ** 31 - 3; // the count just below the wrap
    const before = journal.published();
    await publishFromWorker(memory, Array.from({ length: 1030 }, (_, i): Entry => [['glpi_computers', [i]]]));
    const upTo = journal.published();
    expect(upTo).toBeLessThan(0); // wrapped
    expect(journal.othersSince(before, upTo)).toBeNull();
    const recent = journal.othersSince((upTo - 3) | 0, upTo)!;
    expect(recent.map((e) => e.rows.get('glpi_computers'))).toEqual([[1027], [1028], [1029]]);
  });
});

describe("a thread taking in another's commits", () => {
  let dir: string;
  let db: Db;
  let memory: SharedArrayBuffer;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'deskbase-journal-'));
    db = openDatabase(join(dir, 'test.sqlite'));
    db.exec(`
      CREATE TABLE glpi_computers (id INTEGER PRIMARY KEY, name TEXT);
      CREATE TABLE glpi_tickets (id INTEGER PRIMARY KEY, name TEXT);
      CREATE TABLE glpi_entities (id INTEGER PRIMARY KEY, name TEXT);
      INSERT INTO glpi_computers VALUES (1, 'pc1'), (2, 'pc2');
      INSERT INTO glpi_tickets VALUES (1, 'broken');
      INSERT INTO glpi_entities VALUES (0, 'Root');
    `);
    setNarrowTables(['glpi_computers', 'glpi_tickets']);
    memory = createCommitJournal();
    shareCommitJournal(memory);
  });

  afterAll(() => {
    db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const kept = () => ({
    computers: tracked(() => selectAll(db, 'SELECT name FROM glpi_computers')).deps,
    pc1: tracked(() => selectRow(db, 'glpi_computers', 1, 'SELECT name FROM glpi_computers WHERE id = ?', 1)).deps,
    pc2: tracked(() => selectRow(db, 'glpi_computers', 2, 'SELECT name FROM glpi_computers WHERE id = ?', 2)).deps,
    tickets: tracked(() => selectAll(db, 'SELECT name FROM glpi_tickets')).deps,
  });
  const valid = (reads: Record<string, Dependencies>) => Object.fromEntries(Object.entries(reads).map(([name, deps]) => [name, stillValid(deps)]));

  test('a write of one computer drops the computer list and that row, not the other row nor the tickets', async () => {
    const reads = kept();
    await publishFromWorker(memory, [[['glpi_computers', [2]]]]);
    expect(takeOthersCommits()).toBe('narrow');
    expect(valid(reads)).toEqual({ computers: false, pc1: true, pc2: false, tickets: true });
    expect(takeOthersCommits()).toBe('none');
  });

  test("a write whose rows were not kept drops every read of its table, one row's too", async () => {
    const reads = kept();
    await publishFromWorker(memory, [[['glpi_computers', null]]]);
    expect(takeOthersCommits()).toBe('narrow');
    expect(valid(reads)).toEqual({ computers: false, pc1: false, pc2: false, tickets: true });
  });

  test('a write of a table not counted one by one, or one not known table by table, drops everything', async () => {
    for (const entry of [[['glpi_entities', [0]]], null] satisfies Entry[]) {
      await publishFromWorker(memory, [entry]);
      expect(takeOthersCommits()).toBe('all');
    }
  });
});
