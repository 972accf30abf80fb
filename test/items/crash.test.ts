/**
 * A killed process loses no committed write and leaves no half-written one: every element of a
 * write is one transaction (a savepoint inside the request's transaction), and SQLite's WAL makes
 * each commit durable or absent.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.dispose());

test('SIGKILL during bulk writes: after a restart every acknowledged item is there, each one whole', async () => {
  const api = await new Client(server.api).login();
  const acknowledged: number[] = [];
  let stop = false;
  // The kill comes once a few batches are acknowledged, however fast the machine is.
  let someWritten!: () => void;
  const written = new Promise<void>((resolve) => (someWritten = resolve));
  const writer = async (worker: number) => {
    for (let batch = 0; !stop; batch++) {
      const input = Array.from({ length: 50 }, (_, i) => ({ name: `crash-${worker}-${batch}-${i}`, serial: `S-${worker}-${batch}-${i}`, comment: 'x'.repeat(200) }));
      try {
        const res = await api.post('Computer/', { input });
        if (res.status === 201) acknowledged.push(...(res.body as { id: number }[]).map((r) => r.id));
        if (acknowledged.length >= 400) someWritten();
      } catch {
        return; // the server is gone
      }
    }
  };
  const writers = [1, 2, 3, 4].map(writer);
  await written;
  await server.stop(true); // SIGKILL, mid-write
  stop = true;
  await Promise.all(writers);
  expect(acknowledged.length).toBeGreaterThanOrEqual(400); // the kill waited for 400

  const db = new Database(join(server.dataDir, 'deskbase.sqlite'));
  try {
    expect(db.query('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    const ids = new Set((db.query("SELECT id FROM glpi_computers WHERE name LIKE 'crash-%'").all() as { id: number }[]).map((r) => r.id));
    for (const id of acknowledged) expect(ids.has(id)).toBe(true);
    // Whole elements only: each computer has its creation history row, and no history row lacks its computer.
    const orphans = db.query("SELECT COUNT(*) AS n FROM glpi_logs l WHERE l.itemtype = 'Computer' AND l.linked_action = 20 AND NOT EXISTS (SELECT 1 FROM glpi_computers c WHERE c.id = l.items_id)").get() as { n: number };
    const unlogged = db.query("SELECT COUNT(*) AS n FROM glpi_computers c WHERE c.name LIKE 'crash-%' AND NOT EXISTS (SELECT 1 FROM glpi_logs l WHERE l.itemtype = 'Computer' AND l.linked_action = 20 AND l.items_id = c.id)").get() as { n: number };
    expect([orphans.n, unlogged.n]).toEqual([0, 0]);
  } finally {
    db.close();
  }

  await server.start();
  const again = await new Client(server.api).login();
  const page = await again.get('Computer/', { query: 'range=0-0&searchText[name]=^crash-' });
  expect(Number(/\/(\d+)$/.exec(page.headers.get('content-range') ?? '')?.[1])).toBeGreaterThanOrEqual(acknowledged.length);
});
