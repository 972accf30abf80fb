import { Database } from 'bun:sqlite';

/** What backup and restore need to know of a database file. */
export interface FileReport {
  /** What SQLite's quick_check found wrong; empty when the file is sound. */
  problems: string[];
  /** The last applied migration; null when the file is not a Deskbase database. */
  schema: number | null;
  /** Stored paths of the document files its rows name. */
  documents: string[];
}

/** Opens an existing database file on its own (none of a serving connection's settings). */
function openFile(file: string): Database {
  return new Database(file, { readwrite: true, create: false, strict: true });
}

/**
 * Copies a live database into `target` with `VACUUM INTO`: one read transaction, so a consistent
 * and compact copy while the server keeps writing (WAL mode).
 */
export function snapshotInto(source: string, target: string): void {
  const db = openFile(source);
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    db.run('VACUUM INTO ?', [target]);
  } finally {
    db.close();
  }
}

/** Checks a database file and reads its schema version and document paths. Throws when unreadable. */
export function inspectFile(file: string): FileReport {
  const db = openFile(file);
  try {
    const check = db.query('PRAGMA quick_check').all() as { quick_check: string }[];
    const problems = check.length === 1 && check[0]!.quick_check === 'ok' ? [] : check.map((r) => r.quick_check);
    let schema: number | null = null;
    try {
      schema = Number((db.query('SELECT max(id) AS id FROM deskbase_migrations').get() as { id: number | null }).id ?? 0);
    } catch {
      // no migrations table: not a Deskbase database
    }
    let documents: string[] = [];
    try {
      documents = (db.query("SELECT DISTINCT filepath FROM glpi_documents WHERE filepath IS NOT NULL AND filepath <> ''").all() as { filepath: string }[]).map((r) => r.filepath);
    } catch {
      // no documents table
    }
    return { problems, schema, documents };
  } finally {
    db.close();
  }
}

/**
 * Takes a database file out of WAL mode, which folds the WAL into the file. That needs every
 * other connection gone: 'in-use' when one (a running server) holds it, 'unusable' when the file
 * is no readable database.
 */
export function leaveWal(file: string): 'done' | 'in-use' | 'unusable' {
  let db: Database;
  try {
    db = new Database(file, { readwrite: true, create: false });
  } catch {
    return 'unusable';
  }
  try {
    db.exec('PRAGMA busy_timeout = 0');
    const mode = (db.query('PRAGMA journal_mode = DELETE').get() as { journal_mode: string } | null)?.journal_mode;
    return mode === 'delete' ? 'done' : 'in-use';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return /locked|busy/i.test(message) ? 'in-use' : 'unusable';
  } finally {
    db.close();
  }
}
