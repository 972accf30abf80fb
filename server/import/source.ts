/**
 * The GLPI side: one read-only MySQL/MariaDB connection through Bun's SQL client, reading in one
 * consistent snapshot taken when it opens. Every check
 * that can refuse an import (reachable, credentials, a GLPI database, a supported version) runs
 * here, before anything is written.
 */
import { SQL, type ReservedSQL } from 'bun';
import { CliError } from '../cli/errors';

/** GLPI versions whose schema Deskbase's registry follows. */
const SUPPORTED_VERSION = /^(9\.5|10\.0)\./;

export interface SourceColumn {
  name: string;
  /** MySQL's DATA_TYPE (datetime, timestamp, date, varchar, …). */
  dataType: string;
}

export interface SourceTable {
  name: string;
  /** Row estimate from information_schema (exact counts are taken only for imported tables). */
  approxRows: number;
  /** The storage engine: only InnoDB tables are read in the snapshot. */
  engine: string;
}

export class GlpiSource {
  private constructor(
    private readonly sql: SQL,
    private readonly conn: ReservedSQL,
    readonly database: string,
    readonly version: string,
    /** GLPI's default time zone (its `timezone` setting), null when unset. */
    readonly timezone: string | null,
    readonly tables: Map<string, SourceTable>,
  ) {}

  /** Connects, checks that this is a supported GLPI and makes the session read-only. */
  static async open(url: string): Promise<GlpiSource> {
    const database = databaseOf(url);
    const sql = new SQL(url, { max: 1, connectionTimeout: 10, idleTimeout: 0 });
    let conn: ReservedSQL;
    try {
      conn = await sql.reserve();
      await conn.unsafe('SET SESSION TRANSACTION READ ONLY');
      // TIMESTAMP columns are read in UTC, whatever the server's zone (see timezone.ts).
      await conn.unsafe("SET SESSION time_zone = '+00:00'");
      // Every read sees the database as it was at this moment, as mysqldump --single-transaction
      // does: a GLPI in use goes on writing, but no row written later is seen, not even in part.
      await conn.unsafe('SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      await conn.unsafe('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
    } catch (error) {
      await sql.close().catch(() => {});
      throw connectionError(error, url);
    }
    try {
      const rows = (await conn.unsafe('SELECT TABLE_NAME, TABLE_ROWS, ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = ?', [
        database,
        'BASE TABLE',
      ])) as { TABLE_NAME: string; TABLE_ROWS: number | null; ENGINE: string | null }[];
      const tables = new Map(rows.map((r) => [r.TABLE_NAME, { name: r.TABLE_NAME, approxRows: Number(r.TABLE_ROWS ?? 0), engine: String(r.ENGINE ?? '') }]));
      if (!tables.has('glpi_configs') || !tables.has('glpi_users') || !tables.has('glpi_entities')) {
        throw new CliError(`the database ${database} is not a GLPI database (it has no glpi_configs, glpi_users and glpi_entities tables)`);
      }
      const found = (await conn.unsafe("SELECT value FROM glpi_configs WHERE context = 'core' AND name = 'version'")) as { value: string }[];
      const version = String(found[0]?.value ?? '');
      if (!SUPPORTED_VERSION.test(version)) {
        throw new CliError(`GLPI ${version || '(no version in glpi_configs)'} is not supported: Deskbase imports GLPI 9.5 and 10.0; upgrade GLPI first`);
      }
      const zone = (await conn.unsafe("SELECT value FROM glpi_configs WHERE context = 'core' AND name = 'timezone'")) as { value: string | null }[];
      const timezone = zone[0]?.value && zone[0].value !== '0' ? zone[0].value : null;
      return new GlpiSource(sql, conn, database, version, timezone, tables);
    } catch (error) {
      conn.release();
      await sql.close().catch(() => {});
      throw error instanceof CliError ? error : new CliError(`reading ${database} failed: ${(error as Error).message}`);
    }
  }

  async columns(table: string): Promise<SourceColumn[]> {
    const rows = (await this.conn.unsafe(
      'SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
      [this.database, table],
    )) as { COLUMN_NAME: string; DATA_TYPE: string }[];
    return rows.map((r) => ({ name: r.COLUMN_NAME, dataType: r.DATA_TYPE.toLowerCase() }));
  }

  /**
   * Whether this account may run a query (with LIMIT 0: nothing is read): 'denied' when the
   * server refuses it, 'missing' when the table does not exist. Without any right on a table
   * MySQL says "denied" whether it exists or not.
   */
  async probe(select: string): Promise<'ok' | 'denied' | 'missing'> {
    try {
      await this.conn.unsafe(`${select} LIMIT 0`);
      return 'ok';
    } catch (error) {
      const errno = (error as { errno?: number }).errno;
      if (errno === 1142 || errno === 1143) return 'denied';
      if (errno === 1146) return 'missing';
      throw error;
    }
  }

  /**
   * Tables of this database the account may read only some columns of (column-level SELECT grants,
   * `GRANT SELECT (id, name) ON db.table`). information_schema then lists only those columns, so
   * the copy would silently leave the others empty: the plan refuses them. Only tables with a
   * column grant are probed (a table grant, a database grant or a role may still cover them).
   */
  async partlyReadable(): Promise<Set<string>> {
    const rows = (await this.conn.unsafe(
      "SELECT DISTINCT TABLE_NAME FROM information_schema.COLUMN_PRIVILEGES WHERE TABLE_SCHEMA = ? AND PRIVILEGE_TYPE = 'SELECT'",
      [this.database],
    )) as { TABLE_NAME: string }[];
    const partly = new Set<string>();
    for (const { TABLE_NAME: table } of rows) if ((await this.probe(`SELECT * FROM \`${table}\``)) === 'denied') partly.add(table);
    return partly;
  }

  /** The account as a GRANT names it ('user'@'host'). */
  async account(): Promise<string> {
    const rows = (await this.conn.unsafe('SELECT CURRENT_USER() AS who')) as { who: string }[];
    const who = String(rows[0]?.who ?? '');
    const at = who.lastIndexOf('@');
    return at < 0 ? `'${who}'` : `'${who.slice(0, at)}'@'${who.slice(at + 1)}'`;
  }

  /** Rows of `from` (a table name or a query, see TablePlan.from) matching `where` (our own SQL, with `?` for `params`). */
  async count(from: string, where: string, params: unknown[]): Promise<number> {
    const rows = (await this.conn.unsafe(`SELECT COUNT(*) AS n FROM ${from} WHERE ${where}`, params)) as { n: number | bigint }[];
    return Number(rows[0]?.n ?? 0);
  }

  /** The next rows after `afterId` in id order, as arrays in the order of `select`. */
  async batch(select: string, afterId: number, limit: number): Promise<unknown[][]> {
    return (await this.conn.unsafe(`${select} WHERE id > ? ORDER BY id LIMIT ${limit}`, [afterId]).values()) as unknown[][];
  }

  async close(): Promise<void> {
    await this.conn.unsafe('COMMIT').catch(() => {}); // ends the snapshot (nothing was written)
    this.conn.release();
    await this.sql.close();
  }
}

function databaseOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`not a database address: ${redact(url)} (expected mysql://USER:PASSWORD@HOST:PORT/DATABASE; ${ENCODE_HINT})`, 2);
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    throw new CliError(`not a MySQL/MariaDB address: ${redact(url)} (expected mysql://USER:PASSWORD@HOST:PORT/DATABASE)`, 2);
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!/^[\w$-]+$/.test(database)) throw new CliError(`the address ${redact(url)} names no database (…/DATABASE at its end; ${ENCODE_HINT})`, 2);
  return database;
}

const ENCODE_HINT = 'characters such as @ : / # ? % & in the password must be percent-encoded in the address (@ as %40), or give the password in DESKBASE_IMPORT_PASSWORD';

/** Whether the address gives a password, even an empty one (`mysql://USER:@HOST/…`, an account without one). */
export function givesPassword(url: string): boolean {
  return /^[a-z]+:\/\/[^/@]*:[^/]*@/i.test(url);
}

/** The address with this password (DESKBASE_IMPORT_PASSWORD, or typed), percent-encoded as an address needs it. */
export function withPassword(url: string, password: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`not a database address: ${redact(url)} (expected mysql://USER@HOST:PORT/DATABASE with DESKBASE_IMPORT_PASSWORD)`, 2);
  }
  if (parsed.password !== '') throw new CliError('the password is both in the address and in DESKBASE_IMPORT_PASSWORD: give it in one place', 2);
  if (parsed.username === '') throw new CliError(`the address ${redact(url)} names no user (mysql://USER@HOST:PORT/DATABASE)`, 2);
  parsed.password = encodeURIComponent(password);
  return parsed.href;
}

/** The address without its password, for messages. */
export function redact(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*):[^@]*@/i, '$1:***@');
}

function connectionError(error: unknown, url: string): CliError {
  const e = error as { code?: string; errno?: number; message?: string };
  const where = redact(url);
  if (e.errno === 1045) return new CliError(`GLPI database ${where}: access denied (wrong user name or password; ${ENCODE_HINT})`);
  if (e.errno === 1049) return new CliError(`GLPI database ${where}: no such database on that server`);
  if (e.errno === 1044) return new CliError(`GLPI database ${where}: this user may not read that database`);
  if (e.code === 'ERR_MYSQL_CONNECTION_REFUSED' || e.code === 'ERR_MYSQL_CONNECTION_TIMEOUT' || e.code === 'ECONNREFUSED') {
    return new CliError(`GLPI database ${where}: cannot reach the server (${e.message ?? e.code}); check host and port`);
  }
  return new CliError(`GLPI database ${where}: ${e.message ?? String(error)}`);
}
