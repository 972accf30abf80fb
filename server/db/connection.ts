import { Database, SQLiteError } from 'bun:sqlite';
import { bumpAll, watchWrites, writesEnded } from './table-versions';

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

/**
 * Write commits of all the server's request-serving threads, counted in memory they share
 * (shareCommitCounter); null on one thread. A thread compares it with `commitsSeen` (one atomic
 * load) where it used to ask SQLite for its data_version, which cost a statement per request.
 */
let sharedCommits: Int32Array | null = null;
let commitsSeen = 0;
/** This thread's own counts since it last looked: its own writes moved its table counters already. */
let ownCounts = 0;

/** Makes this thread count its commits in, and watch, the counter all serving threads share. */
export function shareCommitCounter(memory: SharedArrayBuffer): void {
  sharedCommits = new Int32Array(memory);
  commitsSeen = Atomics.load(sharedCommits, 0);
  ownCounts = 0;
}

export const createCommitCounter = (): SharedArrayBuffer => new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);

/**
 * Counted twice per write, before it may commit and after it has: a snapshot that holds the
 * commit was opened after the first count (so it sees the counter moved), and a request that
 * starts after the writer answered sees the second one. This thread's own counts are kept apart
 * (`ownCounts`): the counter moved by exactly those means no other thread committed, and this
 * thread's writes have moved the counters of the tables they wrote (table-versions.ts).
 */
function countCommit(): void {
  if (sharedCommits === null) return;
  Atomics.add(sharedCommits, 0, 1);
  ownCounts++;
}

/** Has a serving thread (this one included) committed since the last call? */
export function sharedCommitsMoved(): boolean {
  if (sharedCommits === null) return false;
  const now = Atomics.load(sharedCommits, 0);
  const moved = (now - commitsSeen) | 0;
  if (moved === 0) return false;
  commitsSeen = now;
  const others = moved !== ownCounts;
  ownCounts = 0;
  return others;
}

/** This thread's connection while a request's read snapshot is open on it. */
let snapshotOn: Db | null = null;
/** The snapshot a request will open at its first statement (openReadSnapshot), and what then runs. */
let snapshotWanted: { db: Db; opened: () => void } | null = null;

/**
 * Runs `fn` (synchronous: a request's handling up to its first await) so that all its reads see
 * one state of the database even while other threads commit: a search's count and rows never
 * straddle a write. The read transaction is opened lazily, at the first statement or versioned
 * cache read (openReadSnapshot), so a request answered from the caches alone (a cached getItem)
 * costs no BEGIN/COMMIT. The order that keeps it exact:
 *  1. at the request's start the caller checks the shared commit counter (sharedCommitsMoved)
 *     and drops its caches if it moved: cache hits from then on are as of a state no older than
 *     any commit whose writer had answered before this request came;
 *  2. at the first statement: BEGIN, a read that fixes the snapshot, then `opened` (the counter
 *     checked again): a commit the snapshot holds was counted before it (countCommit), so the
 *     caches are dropped if it is newer than what they hold; every cache read after this point
 *     is checked against the snapshot's state;
 *  3. versioned caches (read-cache.ts) open the snapshot before their lookup, so a cached count
 *     and the rows read next come from one state. What a request takes from the caches before
 *     its first statement (its session, its rights, a whole cached reply) is as of step 1, as a
 *     request answered a moment earlier would have had it.
 * A write ends the snapshot first (inTransaction, rows.run): SQLite cannot turn a snapshot older
 * than another connection's commit into a write.
 */
export function inReadSnapshot<T>(db: Db, opened: () => void, fn: () => T): T {
  if (snapshotWanted !== null || snapshotOn !== null || db.inTransaction) return fn();
  snapshotWanted = { db, opened };
  try {
    return fn();
  } finally {
    snapshotWanted = null;
    endReadSnapshot(db);
  }
}

/** Opens the read snapshot the running request wants on `db`, if it has none yet (before a read). */
export function openReadSnapshot(db: Db): void {
  if (snapshotWanted === null || snapshotWanted.db !== db) return;
  const { opened } = snapshotWanted;
  snapshotWanted = null;
  if (db.inTransaction) return;
  db.query('BEGIN').run();
  snapshotOn = db;
  db.query('PRAGMA schema_version').get(); // a deferred BEGIN takes its snapshot at the first read
  opened();
}

/** Ends the read snapshot open on `db`, or wanted by the request, if any (before a write). */
export function endReadSnapshot(db: Db): void {
  if (snapshotWanted?.db === db) snapshotWanted = null;
  if (snapshotOn !== db) return;
  snapshotOn = null;
  db.query('COMMIT').run();
}

/** A write outside inTransaction (a single autocommitted statement) is counted like a transaction. */
export function inAutocommitWrite<T>(db: Db, fn: () => T): T {
  endReadSnapshot(db);
  if (db.inTransaction) return fn();
  countCommit();
  try {
    return fn();
  } finally {
    countCommit();
  }
}

/**
 * Runs `fn` in one write transaction (BEGIN IMMEDIATE, so another connection writing at the same
 * time waits on the busy timeout instead of failing half-way). `fn` must stay synchronous.
 */
export function inTransaction<T>(db: Db, fn: () => T): T {
  endReadSnapshot(db);
  dataVersion++;
  countCommit();
  // The outermost transaction notes the tables written (a nested one is a savepoint of it).
  const watched = watchWrites(db);
  let result: T;
  try {
    result = db.transaction(fn).immediate();
  } finally {
    dataVersion++;
    countCommit();
    if (watched) writesEnded(db);
  }
  afterCommit?.();
  return result;
}

let afterCommit: (() => void) | null = null;

/** What runs after each committed write transaction (the background checkpoints watch the WAL grow). */
export function onCommit(fn: (() => void) | null): void {
  afterCommit = fn;
}

/** Another connection committed (see external-writes.ts): every cache keyed on dataVersion or on table versions is stale. */
export function markExternalWrite(): void {
  dataVersion++;
  bumpAll();
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
