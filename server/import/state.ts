/**
 * Import checkpoints, kept in the Deskbase database itself: per table, the last GLPI id copied
 * and what was skipped so far, written in the same transaction as the rows. A killed import
 * therefore resumes exactly after its last committed batch.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Db } from '../db/connection';
import { selectAll, selectOne } from '../db/rows';

export interface Skipped {
  count: number;
  /** A few GLPI ids, for the admin to look at. */
  examples: number[];
}

export interface TableProgress {
  lastId: number;
  rows: number;
  done: boolean;
  skipped: Record<string, Skipped>;
  /** Per-table findings: refused passwords, missing or mismatched files, settings not taken. */
  notes: string[];
  /** Findings beyond MAX_NOTES, only counted. */
  omitted: number;
}

const MAX_NOTES = 1000;

export function addNote(p: TableProgress, note: string): void {
  if (p.notes.length < MAX_NOTES) p.notes.push(note);
  else p.omitted++;
}

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS deskbase_import_run (
     id INTEGER PRIMARY KEY CHECK (id = 1), source TEXT NOT NULL, glpi_version TEXT NOT NULL,
     started_at TEXT NOT NULL, finished_at TEXT)`,
  `CREATE TABLE IF NOT EXISTS deskbase_import_tables (
     table_name TEXT PRIMARY KEY, last_id INTEGER NOT NULL, rows INTEGER NOT NULL,
     done INTEGER NOT NULL, skipped TEXT NOT NULL, notes TEXT NOT NULL)`,
];

export interface ImportRun {
  source: string;
  glpiVersion: string;
  finished: boolean;
}

export function importRun(db: Db): ImportRun | null {
  const exists = selectOne(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'deskbase_import_run'");
  if (!exists) return null;
  const row = selectOne(db, 'SELECT source, glpi_version, finished_at FROM deskbase_import_run WHERE id = 1');
  return row ? { source: String(row.source), glpiVersion: String(row.glpi_version), finished: row.finished_at !== null } : null;
}

/**
 * The file that says an import into the folder began and has not finished: written before
 * anything else of the import (so `--resume` always finds what to resume, even after a kill
 * while the database was being created), removed once the import is complete.
 */
export const IMPORT_MARKER = 'deskbase-import.json';

export interface ImportMarker {
  source: string;
  glpiVersion: string;
  /** The zone the imported dates are written in (the folder's data zone). */
  dataZone: string;
}

export function writeMarker(dataDir: string, marker: ImportMarker): void {
  const path = join(dataDir, IMPORT_MARKER);
  const fd = openSync(`${path}.tmp`, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(marker)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(`${path}.tmp`, path);
  const dir = openSync(dataDir, 'r');
  try {
    fsyncSync(dir); // the rename itself survives a power cut
  } finally {
    closeSync(dir);
  }
}

export function readMarker(dataDir: string): ImportMarker | null {
  try {
    return JSON.parse(readFileSync(join(dataDir, IMPORT_MARKER), 'utf8')) as ImportMarker;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
}

export const removeMarker = (dataDir: string): void => rmSync(join(dataDir, IMPORT_MARKER), { force: true });

const unfinishedMessage = (source: string) =>
  `this data folder holds an import from ${source} that did not finish: run "deskbase import <same address> --resume" (or --replace) before serving it`;

/**
 * Why a server must not serve this data folder (an import began and did not finish), or null:
 * asked before the database is opened, so nothing (an index rebuild) runs on a folder refused.
 */
export function unfinishedImportIn(dataDir: string): string | null {
  const marker = readMarker(dataDir);
  if (marker) return unfinishedMessage(marker.source);
  const file = join(dataDir, 'deskbase.sqlite');
  if (!existsSync(file)) return null;
  const db = openDatabase(file);
  try {
    const run = importRun(db); // a folder of an earlier version: its run in the database says it
    return run && !run.finished ? unfinishedMessage(run.source) : null;
  } finally {
    db.close();
  }
}

export function startRun(db: Db, source: string, glpiVersion: string, now: string): void {
  for (const sql of SCHEMA) db.exec(sql);
  db.query('INSERT INTO deskbase_import_run (id, source, glpi_version, started_at) VALUES (1, ?, ?, ?)').run(source, glpiVersion, now);
}

export function finishRun(db: Db, now: string): void {
  db.query('UPDATE deskbase_import_run SET finished_at = ? WHERE id = 1').run(now);
}

export function loadProgress(db: Db): Map<string, TableProgress> {
  const out = new Map<string, TableProgress>();
  for (const r of selectAll(db, 'SELECT * FROM deskbase_import_tables')) {
    out.set(String(r.table_name), {
      lastId: Number(r.last_id),
      rows: Number(r.rows),
      done: Number(r.done) === 1,
      skipped: JSON.parse(String(r.skipped)) as Record<string, Skipped>,
      ...(JSON.parse(String(r.notes)) as { notes: string[]; omitted: number }),
    });
  }
  return out;
}

/** Must run inside the transaction that wrote the rows it accounts for. */
export function saveProgress(db: Db, table: string, p: TableProgress): void {
  db.query(
    `INSERT INTO deskbase_import_tables (table_name, last_id, rows, done, skipped, notes) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (table_name) DO UPDATE SET last_id = excluded.last_id, rows = excluded.rows, done = excluded.done,
       skipped = excluded.skipped, notes = excluded.notes`,
  ).run(table, p.lastId, p.rows, p.done ? 1 : 0, JSON.stringify(p.skipped), JSON.stringify({ notes: p.notes, omitted: p.omitted }));
}

export function noteSkip(p: TableProgress, reason: string, id: number): void {
  const entry = (p.skipped[reason] ??= { count: 0, examples: [] });
  entry.count++;
  if (entry.examples.length < 5) entry.examples.push(id);
}
