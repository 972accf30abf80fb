/**
 * `deskbase backup <dir>`: a consistent copy of a data folder, safe while the server runs.
 *
 * The database is copied with SQLite's `VACUUM INTO`: one read transaction, so the copy is the
 * database exactly as it was at one instant (WAL mode lets the server keep writing meanwhile), and
 * compact. Documents are content-addressed, written to a temporary file then renamed into place
 * before their row commits, and never changed in place: copying files/ *after* the snapshot finds
 * every file the snapshot names, unless it was purged in between, which the report then lists.
 */
import { chmodSync, constants, copyFileSync, existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, isAbsolute } from 'node:path';
import { resolveStored } from '../documents/storage';
import { VERSION } from '../core/version';
import { inspectFile, snapshotInto } from '../db/files';
import { SECRET_KEY_FILE } from '../db/secret-key';
import { CliError } from './errors';
import { copyTreeReporting, entriesOf } from './fsutil';
import { formatBytes, silentProgress, type Progress } from '../core/progress';

export const DATABASE_FILE = 'deskbase.sqlite';
export const FILES_DIR = 'files';
export const MANIFEST_FILE = 'deskbase-backup.json';
/** Deskbase's scratch folder inside files/: never part of a backup. */
export const TMP_DIR = '_tmp';

export interface BackupReport {
  target: string;
  database: { path: string; bytes: number; schema: number | null };
  files: { path: string; count: number; bytes: number };
  /** Document files the snapshot names that were not there to copy (purged during the backup). */
  missing: string[];
  manifest: string;
  createdAt: string;
}

/** Is `inner` the folder `outer` or inside it? */
export function isInside(outer: string, inner: string): boolean {
  const rel = relative(resolve(outer), resolve(inner));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function describeSnapshot(file: string): { schema: number | null; documents: string[] } {
  const { problems, schema, documents } = inspectFile(file);
  if (problems.length) throw new CliError(`the database copy fails SQLite's check: ${problems.join('; ')}`);
  return { schema, documents };
}

/** Who made a backup, in its manifest: the scheduler prunes only its own. */
export type BackupMaker = 'command' | 'schedule';

export function backup(dataDirArg: string, targetArg: string, progress: Progress = silentProgress(), madeBy: BackupMaker = 'command'): BackupReport {
  const dataDir = resolve(dataDirArg);
  const target = resolve(targetArg);
  const source = join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new CliError(`no database to back up: ${source} does not exist (see --data)`);
  if (isInside(dataDir, target)) throw new CliError(`the backup folder ${target} must be outside the data folder ${dataDir}`);
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) throw new CliError(`${target} exists and is not a folder`);
    if (entriesOf(target).length) throw new CliError(`the backup folder ${target} is not empty: choose a new or empty folder`);
  }
  mkdirSync(target, { recursive: true, mode: 0o700 });

  // 1. The database: one consistent snapshot, checked, then put in place under its real name.
  const createdAt = new Date().toISOString();
  const partial = join(target, `${DATABASE_FILE}.partial`);
  // VACUUM INTO reports nothing while it runs: the step shows its size when done.
  progress.begin('database snapshot', statSync(source).size, 'bytes');
  try {
    snapshotInto(source, partial);
  } catch (error) {
    throw new CliError(`could not copy the database ${source}: ${error instanceof Error ? error.message : String(error)}`);
  }
  progress.end(formatBytes(statSync(partial).size));
  progress.begin('database check', 0);
  const snapshot = describeSnapshot(partial);
  progress.end('ok');
  const databasePath = join(target, DATABASE_FILE);
  renameSync(partial, databasePath);

  // 2. The documents, after the snapshot.
  const filesPath = join(target, FILES_DIR);
  const copied = copyTreeReporting(progress, 'documents', join(dataDir, FILES_DIR), filesPath, [TMP_DIR]);
  const missing = snapshot.documents.filter((filepath) => {
    const full = resolveStored(filesPath, filepath);
    return full !== null && !existsSync(full);
  });

  // The key sealing the mail collectors' and directories' passwords: without it a restored folder could not open them.
  const key = join(dataDir, SECRET_KEY_FILE);
  if (existsSync(key)) {
    copyFileSync(key, join(target, SECRET_KEY_FILE), constants.COPYFILE_EXCL);
    chmodSync(join(target, SECRET_KEY_FILE), 0o600);
  }

  // 3. What this backup is.
  const report: BackupReport = {
    target,
    database: { path: databasePath, bytes: statSync(databasePath).size, schema: snapshot.schema },
    files: { path: filesPath, count: copied.files, bytes: copied.bytes },
    missing,
    manifest: join(target, MANIFEST_FILE),
    createdAt,
  };
  const manifest = {
    format: 1,
    deskbase_version: VERSION,
    created_at: createdAt,
    made_by: madeBy,
    source: dataDir,
    database: { file: DATABASE_FILE, bytes: report.database.bytes, schema: snapshot.schema },
    files: { folder: FILES_DIR, count: copied.files, bytes: copied.bytes },
    missing_documents: missing,
  };
  writeFileSync(report.manifest, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return report;
}
