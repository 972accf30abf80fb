import { Database, SQLiteError } from 'bun:sqlite';
import { CommitJournal } from './commit-journal';
import { bumpAll, bumpTables, isNarrowTable, watchWrites, writesEnded, writesSoFar } from './table-versions';

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
 * The write commits of all the server's request-serving threads, with the tables and rows each
 * changed, in memory they share (commit-journal.ts); null on one thread. A thread compares its
 * count with `commitsSeen` (one atomic load) where it used to ask SQLite for its data_version,
 * which cost a statement per request.
 */
let journal: CommitJournal | null = null;
let commitsSeen = 0;

/** Makes this thread publish its commits in, and watch, the journal all serving threads share. */
export function shareCommitJournal(memory: SharedArrayBuffer): void {
  journal = new CommitJournal(memory);
  commitsSeen = journal.published();
}

/** Does this thread share a commit journal with others (shareCommitJournal)? */
export const sharesCommits = (): boolean => journal !== null;

/** How many commits the shared journal holds: moves with every other thread's write. */
export const commitsPublished = (): number => journal?.published() ?? 0;

/**
 * Takes in the commits other serving threads published since the last call: those known table by
 * table move the counters of their tables (the cached reads of other tables stay). 'all' when one
 * is not known so (or this thread fell a whole journal behind), or wrote a table whose writes are
 * not counted one by one: then every cache of this thread is stale (the caller drops them).
 */
export function takeOthersCommits(): 'none' | 'narrow' | 'all' {
  if (journal === null) return 'none';
  const upTo = journal.published();
  if (upTo === commitsSeen) return 'none';
  const entries = journal.othersSince(commitsSeen, upTo);
  commitsSeen = upTo;
  if (entries === null || entries.some((entry) => !entry.tables.every(isNarrowTable))) return 'all';
  if (entries.length === 0) return 'none';
  dataVersion++;
  for (const entry of entries) bumpTables(entry);
  return 'narrow';
}

/**
 * Another process writing beside a server (`deskbase admin`, `deskbase directory`) marks its
 * commits in the database header (user_version), so that a server with several threads, whose
 * data_version also moves with its own threads' commits, still tells them apart. A server
 * turns it off (it shares the journal instead).
 */
let markCommits = true;

export function stopMarkingCommits(): void {
  markCommits = false;
}

/** The mark of the other processes' commits (see markCommits). */
export const commitMarks = (db: Db): number => (db.query('PRAGMA user_version').get() as { user_version: number }).user_version;

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
 *  1. at the request's start the caller takes in the other threads' commits (takeOthersCommits)
 *     and drops the caches they make stale: cache hits from then on are as of a state no older
 *     than any commit whose writer had answered before this request came;
 *  2. at the first statement: BEGIN, a read that fixes the snapshot, then `opened` (the journal
 *     read again): a commit the snapshot holds was published before its COMMIT (inTransaction),
 *     so the caches it makes stale are dropped; every cache read after this point is checked
 *     against the snapshot's state;
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
  if (markCommits) return inTransaction(db, fn);
  // Its tables are not noted: the other threads drop everything, before it commits and after.
  journal?.publish(null);
  try {
    return fn();
  } finally {
    journal?.publish(null);
  }
}

/**
 * Runs `fn` in one write transaction (BEGIN IMMEDIATE, so another connection writing at the same
 * time waits on the busy timeout instead of failing half-way). `fn` must stay synchronous.
 */
export function inTransaction<T>(db: Db, fn: () => T): T {
  endReadSnapshot(db);
  dataVersion++;
  // The outermost transaction notes the tables written (a nested one is a savepoint of it), and
  // publishes them to the other threads twice: before its COMMIT (a read snapshot that holds the
  // commit was opened after it, so its caches go first) and after (what they cached in between goes).
  const watched = watchWrites(db);
  const shared = watched ? journal : null;
  let result: T;
  try {
    result = db
      .transaction(() => {
        const value = fn();
        shared?.publish(writesSoFar(db));
        if (watched && markCommits) db.exec(`PRAGMA user_version = ${(commitMarks(db) + 1) | 0}`);
        return value;
      })
      .immediate();
  } finally {
    dataVersion++;
    const written = watched ? writesEnded(db) : null;
    shared?.publish(written);
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
