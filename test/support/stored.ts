import { Database } from 'bun:sqlite';
import { join } from 'node:path';

/** Rows of a running test server's database, read through a connection of its own (read-only). */
export function stored(dataDir: string, sql: string): unknown[] {
  const db = new Database(join(dataDir, 'deskbase.sqlite'), { readonly: true });
  try {
    return db.query(sql).all();
  } finally {
    db.close();
  }
}
