import { Database } from 'bun:sqlite';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from './client';

/**
 * Runs a count on a copy of a data folder's database file alone, without its WAL: it sees only
 * what checkpoints have copied back into the file. -1 when the copy caught a checkpoint writing.
 */
export function countInDatabaseFile(dataDir: string, sql: string, ...args: string[]): number {
  const dir = mkdtempSync(join(tmpdir(), 'deskbase-file-'));
  try {
    const copy = join(dir, 'copy.sqlite');
    copyFileSync(join(dataDir, 'deskbase.sqlite'), copy);
    const db = new Database(copy, { readonly: true });
    try {
      return (db.query(sql).get(...args) as { n: number }).n;
    } catch {
      return -1;
    } finally {
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Opens a data folder's database (the server stopped, or only reading), runs `fn`, closes it. */
export function withDataFolderDatabase<T>(dataDir: string, fn: (db: Database) => T): T {
  const db = new Database(join(dataDir, 'deskbase.sqlite'));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Rows of a query on a data folder's live database, opened read-only for that query alone. */
export function readRows(dataDir: string, sql: string, ...args: string[]): unknown[] {
  const db = new Database(join(dataDir, 'deskbase.sqlite'), { readonly: true });
  try {
    return db.query(sql).all(...args);
  } finally {
    db.close();
  }
}

/**
 * Sets a profile's right in the live database, beyond what the API lets a Super-Admin give (rights it
 * lacks itself), then has the server reload its profiles by a write that changes nothing on the profile.
 */
export async function setRightInDatabase(dataDir: string, api: Client, profile: number, name: string, rights: number): Promise<void> {
  withDataFolderDatabase(dataDir, (db) => db.query('UPDATE glpi_profilerights SET rights = ? WHERE profiles_id = ? AND name = ?').run(rights, profile, name));
  const current = await api.get(`Profile/${profile}`);
  const res = await api.put(`Profile/${profile}`, { input: { comment: current.body.comment ?? '' } });
  if (res.status !== 200) throw new Error(`reloading profile ${profile} failed: ${res.status} ${res.text}`);
}
