/**
 * Migration 2 seeds the document types on databases made before it, once, keeping the types an
 * administrator already made (same extension) and GLPI's ids where they are free.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.dispose());

function withDatabase<T>(fn: (db: Database) => T): T {
  const db = new Database(join(server.dataDir, 'deskbase.sqlite'));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

test('a database from before migration 2 gets the document types, custom ones kept', async () => {
  await server.stop();
  withDatabase((db) => {
    db.exec('DELETE FROM deskbase_migrations WHERE id = 2');
    db.exec('DELETE FROM glpi_documenttypes');
    db.exec("INSERT INTO glpi_documenttypes (id, name, ext, is_uploadable) VALUES (2, 'Custom', 'abc', 1)");
    db.exec("INSERT INTO glpi_documenttypes (id, name, ext, mime, is_uploadable) VALUES (500, 'My text', 'TXT', 'text/x-mine', 0)");
  });
  await server.start();
  expect(server.output).toContain('applied document types');
  withDatabase((db) => {
    expect(db.query('SELECT COUNT(*) AS n FROM deskbase_migrations WHERE id = 2').get()).toEqual({ n: 1 });
    expect(db.query("SELECT id, name FROM glpi_documenttypes WHERE ext = 'abc'").get()).toEqual({ id: 2, name: 'Custom' });
    expect(db.query("SELECT id, mime, is_uploadable FROM glpi_documenttypes WHERE LOWER(ext) = 'txt'").all()).toEqual([{ id: 500, mime: 'text/x-mine', is_uploadable: 0 }]);
    expect(db.query("SELECT id FROM glpi_documenttypes WHERE ext = 'png'").get()).not.toEqual({ id: 2 });
    expect(db.query("SELECT id, mime FROM glpi_documenttypes WHERE ext = 'pdf'").get()).toEqual({ id: 21, mime: 'application/pdf' });
    // 71 of GLPI's (txt was there already) + md + the custom abc and TXT.
    expect(db.query('SELECT COUNT(*) AS n FROM glpi_documenttypes').get()).toEqual({ n: 74 });
  });
  await server.restart();
  expect(server.output).not.toContain('applied');
});
