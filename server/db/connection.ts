import { Database, SQLiteError } from 'bun:sqlite';

export type Db = Database;

/** Opens (or creates) the SQLite file with the settings every connection needs. */
export function openDatabase(file: string): Db {
  const db = new Database(file, { create: true, strict: true });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 10000');
  db.exec('PRAGMA cache_size = -65536'); // 64 MiB page cache
  db.exec('PRAGMA temp_store = MEMORY');
  // The server's checkpoints run in a background worker (checkpointer.ts); the writer's own,
  // the safety net, waits for ~200 MiB of WAL rather than SQLite's 4 MiB. At a million rows a
  // bulk add of 1 000 items dirties over a thousand index pages, and a bulk update or purge of
  // 1 000 random items ten to sixteen thousand: with a smaller net, each such request ended with
  // the writer copying its own pages back, doubling its writes, while the worker sat idle. The
  // WAL file is trimmed back to 64 MiB after a checkpoint.
  db.exec('PRAGMA wal_autocheckpoint = 50000');
  db.exec('PRAGMA journal_size_limit = 67108864');
  return db;
}

/**
 * Bumped by every write transaction of this thread, and when another connection (a thread or
 * process) has committed (external-writes.ts); read caches (collection counts) key on it.
 */
export let dataVersion = 0;

/** This thread's connection while a request's read snapshot is open on it. */
let snapshotOn: Db | null = null;

/**
 * Runs `fn` (synchronous: a request's handling up to its first await) in one read transaction,
 * so all its reads see one state of the database even while another thread commits: a search's
 * count and rows never straddle a write. Cheaper than without, too: a statement outside a
 * transaction opens and closes a WAL read snapshot of its own. A write ends the snapshot first
 * (inTransaction, rows.run): SQLite cannot turn a snapshot older than another connection's commit
 * into a write.
 */
export function inReadSnapshot<T>(db: Db, fn: () => T): T {
  if (snapshotOn !== null || db.inTransaction) return fn();
  db.query('BEGIN').run();
  snapshotOn = db;
  try {
    return fn();
  } finally {
    endReadSnapshot(db);
  }
}

/** Ends the read snapshot open on `db`, if any (before a write). */
export function endReadSnapshot(db: Db): void {
  if (snapshotOn !== db) return;
  snapshotOn = null;
  db.query('COMMIT').run();
}

/**
 * Runs `fn` in one write transaction (BEGIN IMMEDIATE, so another connection writing at the same
 * time waits on the busy timeout instead of failing half-way). `fn` must stay synchronous.
 */
export function inTransaction<T>(db: Db, fn: () => T): T {
  endReadSnapshot(db);
  dataVersion++;
  let result: T;
  try {
    result = db.transaction(fn).immediate();
  } finally {
    dataVersion++;
  }
  afterCommit?.();
  return result;
}

let afterCommit: (() => void) | null = null;

/** What runs after each committed write transaction (the background checkpoints watch the WAL grow). */
export function onCommit(fn: (() => void) | null): void {
  afterCommit = fn;
}

/** Another connection committed (see external-writes.ts): every cache keyed on dataVersion is stale. */
export function markExternalWrite(): void {
  dataVersion++;
}

/** Moves the WAL's content into the database file and empties the WAL (a clean stop). */
export function checkpoint(db: Db): void {
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
}

/**
 * Runs `fn` in a savepoint of the open transaction: a failure undoes its own writes only.
 * Savepoints nest (the innermost of a name is the one released or rolled back); the statements
 * are prepared once, as a bulk write opens one per element.
 */
export function inSavepoint<T>(db: Db, fn: () => T): T {
  db.query('SAVEPOINT deskbase_step').run();
  let result: T;
  try {
    result = fn();
  } catch (error) {
    db.query('ROLLBACK TO deskbase_step').run();
    db.query('RELEASE deskbase_step').run();
    throw error;
  }
  db.query('RELEASE deskbase_step').run();
  return result;
}

/** One read of the schema version through the connection itself: fails once it is closed. */
export function probe(db: Db): void {
  db.query('SELECT id FROM deskbase_migrations ORDER BY id DESC LIMIT 1').get();
}

/** Does this error come from a UNIQUE, NOT NULL or foreign-key constraint of the engine? */
export function isConstraintError(error: unknown): boolean {
  return error instanceof SQLiteError && (error.code?.startsWith('SQLITE_CONSTRAINT') ?? false);
}
