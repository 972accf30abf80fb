/**
 * A private MariaDB server for the import tests: Debian's mariadbd on a temporary data folder,
 * listening on a free loopback port and a socket, run as the current user (no system service).
 * `scripts/ensure-mariadb.sh` installs the binaries; without them the tests skip.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { freePort, stopAndRemove } from './private-process';

const MARIADBD = ['/usr/sbin/mariadbd', '/usr/bin/mariadbd'].find((p) => existsSync(p)) ?? null;
const INSTALL_DB = ['/usr/bin/mariadb-install-db', '/usr/bin/mysql_install_db'].find((p) => existsSync(p)) ?? null;
const CLIENT = ['/usr/bin/mariadb', '/usr/bin/mysql'].find((p) => existsSync(p)) ?? null;

export const mariadbMissing: string | null =
  MARIADBD && INSTALL_DB && CLIENT ? null : 'MariaDB is not installed (scripts/ensure-mariadb.sh installs Debian\'s mariadb-server as root)';

/** Passwords of the two accounts the server is created with. */
export const ADMIN = { user: 'fixture_admin', password: 'admin-pw' };
export const READER = { user: 'glpi_reader', password: 'reader&pw' };

export class MariaDb {
  private proc: Subprocess<'ignore', 'ignore', 'pipe'> | null = null;
  readonly dir = mkdtempSync(join(tmpdir(), 'deskbase-mariadb-'));
  readonly socket = join(this.dir, 'mysqld.sock');
  port = 0;

  /** `mysql://` address of a database for an account (the read-only one by default). */
  url(database: string, account = READER): string {
    return `mysql://${account.user}:${encodeURIComponent(account.password)}@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    const user = Bun.spawnSync(['id', '-un']).stdout.toString().trim();
    const datadir = join(this.dir, 'data');
    // Everything a run writes stays in its own folder (temp files, sockets, pid files), so parallel
    // test runs never meet in /tmp; the install passes the options it does not know to mariadbd.
    const tmp = join(this.dir, 'tmp');
    mkdirSync(tmp);
    const env = { ...process.env, TMPDIR: tmp };
    const install = Bun.spawnSync(
      [
        INSTALL_DB!, '--no-defaults', `--datadir=${datadir}`, `--user=${user}`, '--auth-root-authentication-method=normal', '--skip-test-db',
        `--tmpdir=${tmp}`, `--socket=${join(this.dir, 'install.sock')}`, `--pid-file=${join(this.dir, 'install.pid')}`,
      ],
      { stdout: 'ignore', stderr: 'pipe', env },
    );
    if (install.exitCode !== 0) throw new Error(`mariadb-install-db failed: ${install.stderr.toString()}`);
    const init = join(this.dir, 'init.sql');
    writeFileSync(
      init,
      [
        `CREATE USER '${ADMIN.user}'@'%' IDENTIFIED BY '${ADMIN.password}';`,
        `GRANT ALL ON *.* TO '${ADMIN.user}'@'%' WITH GRANT OPTION;`, // the tests make accounts with fewer rights
        // The importer's account may only read: the GLPI side is never written.
        `CREATE USER '${READER.user}'@'%' IDENTIFIED BY '${READER.password}';`,
        `GRANT SELECT ON *.* TO '${READER.user}'@'%';`,
      ].join('\n'),
    );
    this.port = await freePort();
    const proc = Bun.spawn(
      [
        MARIADBD!, '--no-defaults', `--datadir=${datadir}`, `--user=${user}`, `--port=${this.port}`, '--bind-address=127.0.0.1',
        `--socket=${this.socket}`, `--pid-file=${join(this.dir, 'mysqld.pid')}`, `--tmpdir=${tmp}`, `--init-file=${init}`, '--skip-log-bin',
        '--innodb-buffer-pool-size=128M', '--innodb-flush-log-at-trx-commit=0', '--skip-name-resolve',
      ],
      { stdout: 'ignore', stderr: 'pipe', env },
    );
    this.proc = proc;
    // mariadbd says so on stderr once it accepts connections.
    const reader = proc.stderr.getReader();
    const decoder = new TextDecoder();
    let log = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`mariadbd stopped:\n${log}`);
      log += decoder.decode(value);
      if (log.includes('ready for connections')) break;
    }
    void (async () => {
      while (!(await reader.read()).done);
    })();
  }

  /** Runs SQL (a whole file's worth) with the admin account through the mariadb client. */
  async exec(sql: string, database?: string): Promise<void> {
    const proc = Bun.spawn([CLIENT!, `--socket=${this.socket}`, '-u', ADMIN.user, `-p${ADMIN.password}`, ...(database ? [database] : [])], {
      stdin: new TextEncoder().encode(sql),
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [err, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
    if (code !== 0) throw new Error(`mariadb client failed: ${err}`);
  }

  /** A new database loaded from SQL text. */
  async createDatabase(name: string, sql: string): Promise<void> {
    await this.exec(`DROP DATABASE IF EXISTS ${name}; CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;`);
    await this.exec(sql, name);
  }

  async stop(): Promise<void> {
    await stopAndRemove(this.proc, this.dir);
    this.proc = null;
  }
}
