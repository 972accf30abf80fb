/**
 * `deskbase restore <backup>`: puts a backup made by `deskbase backup` into the data folder.
 *
 * A data folder with content is only replaced with --force, and never while a server has its
 * database open. Nothing is deleted: the previous content moves to `replaced-<time>/` inside the
 * data folder. The database is copied and checked before anything is moved.
 */
import { inspectFile, leaveWal, type FileReport } from '../db/files';
import { chmodSync, closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DATABASE_FILE, FILES_DIR, isInside, MANIFEST_FILE, TMP_DIR } from './backup';
import { SECRET_KEY_FILE } from '../db/secret-key';
import { CliError } from './errors';
import { copyTreeReporting, entriesOf, stamp } from './fsutil';
import { formatBytes, silentProgress, type Progress } from '../core/progress';

export interface RestoreReport {
  dataDir: string;
  database: { path: string; bytes: number };
  files: { path: string; count: number; bytes: number };
  /** Where the previous content went, when there was some. */
  movedAside: string | null;
  /** When the backup was made, from its manifest. */
  backupCreatedAt: string | null;
}

const REPLACED = /^replaced-\d{8}-\d{6}(?:-\d+)?$/;
/** Entries that do not make a data folder "not empty". */
const ignorable = (name: string) => name === '.gitkeep' || name === STAGED || REPLACED.test(name);
/** The database copy being checked, before it takes its real name. */
const STAGED = `.${DATABASE_FILE}.restoring`;

function isSqliteFile(path: string): boolean {
  const header = new Uint8Array(16);
  const fd = openSync(path, 'r');
  try {
    return readSync(fd, header, 0, 16, 0) === 16 && new TextDecoder().decode(header) === 'SQLite format 3\0';
  } finally {
    closeSync(fd);
  }
}

/**
 * Refuses when another connection (a running server) has the database open: leaving WAL mode
 * needs every other connection gone. Doing so also folds the WAL into the file that moves aside.
 */
function ensureNotInUse(file: string): void {
  // An unusable file (corrupt…) is no obstacle: replacing it is the point of --force.
  if (leaveWal(file) === 'in-use') throw new CliError(`${file} is in use (a Deskbase server is running on this data folder?): stop it first`);
}

/** Checks a copied database before it replaces anything. */
function checkRestoredDatabase(file: string): void {
  let report: FileReport;
  try {
    report = inspectFile(file);
  } catch (error) {
    throw new CliError(`the backup's database cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (report.problems.length) throw new CliError(`the backup's database fails SQLite's check: ${report.problems.join('; ')}`);
  if (report.schema === null) throw new CliError("the backup's database is not a Deskbase database (no deskbase_migrations table)");
}

function manifestDate(backupDir: string): string | null {
  try {
    const manifest = JSON.parse(readFileSync(join(backupDir, MANIFEST_FILE), 'utf8')) as { created_at?: unknown };
    return typeof manifest.created_at === 'string' ? manifest.created_at : null;
  } catch {
    return null;
  }
}

export function restore(backupArg: string, dataDirArg: string, force: boolean, progress: Progress = silentProgress()): RestoreReport {
  const backupDir = resolve(backupArg);
  const dataDir = resolve(dataDirArg);
  const backupDb = join(backupDir, DATABASE_FILE);
  if (!existsSync(backupDb) || !statSync(backupDb).isFile()) throw new CliError(`${backupDir} is not a Deskbase backup: it has no ${DATABASE_FILE}`);
  if (!isSqliteFile(backupDb)) throw new CliError(`${backupDb} is not an SQLite database`);
  if (isInside(dataDir, backupDir)) throw new CliError(`the backup ${backupDir} is inside the data folder ${dataDir}: copy it elsewhere first`);

  const present = entriesOf(dataDir).filter((name) => !ignorable(name));
  if (present.length && !force) {
    throw new CliError(
      `the data folder ${dataDir} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): ` +
        'add --force to replace its content (it is moved to replaced-<time>/ inside the data folder, not deleted)',
    );
  }
  const liveDb = join(dataDir, DATABASE_FILE);
  if (existsSync(liveDb)) ensureNotInUse(liveDb);

  // Copy and check the database first: a bad backup must not cost the current data anything.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const staged = join(dataDir, STAGED);
  rmSync(staged, { force: true });
  try {
    progress.begin('database copy', statSync(backupDb).size, 'bytes');
    copyFileSync(backupDb, staged);
    progress.end(formatBytes(statSync(staged).size));
    progress.begin('database check', 0);
    checkRestoredDatabase(staged);
    progress.end('ok');
    // The check opened the copy; make sure it leaves no journal files of its own behind.
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(staged + suffix, { force: true });
  } catch (error) {
    rmSync(staged, { force: true });
    throw error;
  }

  let movedAside: string | null = null;
  if (present.length) {
    let name = `replaced-${stamp()}`;
    for (let i = 2; existsSync(join(dataDir, name)); i++) name = `replaced-${stamp()}-${i}`;
    movedAside = join(dataDir, name);
    mkdirSync(movedAside, { mode: 0o700 });
    for (const entry of present) renameSync(join(dataDir, entry), join(movedAside, entry));
  }
  // No WAL or shared-memory file of another database may sit next to the restored one.
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(liveDb + suffix, { force: true });
  renameSync(staged, liveDb);
  const copied = copyTreeReporting(progress, 'documents', join(backupDir, FILES_DIR), join(dataDir, FILES_DIR), [TMP_DIR]);
  // The key of the sealed mail collector and directory passwords (the data folder's own was moved aside with the rest).
  if (existsSync(join(backupDir, SECRET_KEY_FILE))) {
    copyFileSync(join(backupDir, SECRET_KEY_FILE), join(dataDir, SECRET_KEY_FILE));
    chmodSync(join(dataDir, SECRET_KEY_FILE), 0o600);
  }
  return {
    dataDir,
    database: { path: liveDb, bytes: statSync(liveDb).size },
    files: { path: join(dataDir, FILES_DIR), count: copied.files, bytes: copied.bytes },
    movedAside,
    backupCreatedAt: manifestDate(backupDir),
  };
}
