import { resolve } from 'node:path';
import { DEFAULT_RATE_LIMITS } from './auth/rate-limit';

/** Settings that come from the command line or the environment (flag wins). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  adminPassword: string | undefined;
  /** For tests only: a file holding the server's (frozen) time in epoch milliseconds. */
  testClockFile: string | undefined;
  logFormat: 'text' | 'json';
  /** Requests per minute per client address and per session (0: no limit). */
  rateLimits: { perAddress: number; perSession: number };
  /** Request-serving threads (1: the main thread alone). */
  threads: number;
}

/** Above this, threads cost memory (a connection and caches each) without more cores to use. */
export const MAX_THREADS = 64;
/** Serving threads need SO_REUSEPORT's load balancing, which Bun offers on Linux only. */
const THREADS_SUPPORTED = process.platform === 'linux';

/**
 * One thread unless asked: on a machine whose cores are busy with other work, a second thread
 * measured slower, not faster (README: Threads); `--threads` is for cores Deskbase has to itself.
 */
export const DEFAULT_THREADS = 1;

export const USAGE = `Deskbase — GLPI-compatible REST API server (/apirest.php) with an admin console.

Usage: deskbase [serve] [options]         run the server
       deskbase backup <backup-dir>       copy the data folder consistently (the server may run)
       deskbase restore <backup-dir>      put a backup into the data folder (--force to replace)
       deskbase import mysql://USER:PASSWORD@HOST:PORT/DB   copy a GLPI database into the data folder
       deskbase admin <command>           users, reset-password <login>, create-superadmin <login>
       deskbase directory sync            update the users made from the LDAP directories
       deskbase <command> --help          options of backup, restore, import, admin and directory
       deskbase [<command>] --version     print the version

Options (flag wins over environment variable):
  --port <n>        DESKBASE_PORT            TCP port to listen on (default 8080)
  --host <addr>     DESKBASE_HOST            address to bind (default 127.0.0.1)
  --data <dir>      DESKBASE_DATA            data folder: database and documents (default ./data)
                    DESKBASE_ADMIN_PASSWORD  password of the super-admin user "glpi" on first start
                                             (a random one is printed when unset)
  --rate-limit-address <n>  DESKBASE_RATE_LIMIT_ADDRESS  requests per minute from one address
                                             (default 60000; 0 turns it off)
  --rate-limit-session <n>  DESKBASE_RATE_LIMIT_SESSION  requests per minute with one session
                                             token (default 30000; 0 turns it off)
  --threads <n>     DESKBASE_THREADS         request-serving threads, 1 to ${MAX_THREADS} (default 1; more
                                             for cores the server has to itself; Linux only above 1)
  --log-format <f>  DESKBASE_LOG_FORMAT      text (default: errors only) or json (one JSON line per
                                             request and per error, with its X-Request-Id)
  --test-clock <file>                        for tests only: the server's time is the epoch
                                             milliseconds written in <file>, re-read at each use
  --help                                     print this help

The server answers the API at /apirest.php, the admin console at /, GET /health (200 or 503)
and GET /openapi.json (OpenAPI 3.1 description of the API).

Settings kept in the database (Config items of context "core", changed through the API or the
console by a Super-Admin) include the scheduled backups: backup_interval_hours (0 = off, the
default), backup_keep (backups kept, default 7) and backup_folder (an absolute path; empty means
<data>-backups beside the data folder), and url_base (the public URL named in links and mails,
such as https://desk.example.org; empty means the address the server is bound to).
`;

export class ConfigError extends Error {}

/** Reads `--name value` / `--name=value` flags, falling back to the environment. */
export function readConfig(argv: string[], env: Record<string, string | undefined>): ServerConfig | 'help' {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    const match = /^--(port|host|data|log-format|rate-limit-address|rate-limit-session|test-clock|threads)(?:=(.*))?$/.exec(arg);
    if (!match) throw new ConfigError(`unknown option ${arg} (see --help)`);
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === '') throw new ConfigError(`option --${match[1]} needs a value`);
    flags.set(match[1]!, value);
  }
  const portText = flags.get('port') ?? env.DESKBASE_PORT ?? '8080';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 0 || port > 65535) throw new ConfigError(`invalid port "${portText}"`);
  const logFormat = flags.get('log-format') ?? env.DESKBASE_LOG_FORMAT ?? 'text';
  if (logFormat !== 'text' && logFormat !== 'json') throw new ConfigError(`invalid log format "${logFormat}" (text or json)`);
  const perMinute = (flag: string, variable: string, fallback: number) => {
    const text = flags.get(flag) ?? env[variable] ?? String(fallback);
    if (!/^\d{1,9}$/.test(text)) throw new ConfigError(`invalid --${flag} "${text}" (requests per minute, 0 for no limit)`);
    return Number(text);
  };
  const threadsText = flags.get('threads') ?? env.DESKBASE_THREADS;
  const threads = threadsText === undefined ? DEFAULT_THREADS : Number(threadsText);
  if (threadsText !== undefined && (!/^\d{1,3}$/.test(threadsText) || threads < 1 || threads > MAX_THREADS)) {
    throw new ConfigError(`invalid --threads "${threadsText}" (a whole number of request-serving threads from 1 to ${MAX_THREADS})`);
  }
  if (threads > 1 && !THREADS_SUPPORTED) throw new ConfigError(`--threads ${threads}: serving on several threads needs Linux (SO_REUSEPORT); use 1`);
  return {
    port,
    logFormat,
    threads,
    rateLimits: {
      perAddress: perMinute('rate-limit-address', 'DESKBASE_RATE_LIMIT_ADDRESS', DEFAULT_RATE_LIMITS.perAddress),
      perSession: perMinute('rate-limit-session', 'DESKBASE_RATE_LIMIT_SESSION', DEFAULT_RATE_LIMITS.perSession),
    },
    host: flags.get('host') ?? env.DESKBASE_HOST ?? '127.0.0.1',
    dataDir: resolve(flags.get('data') ?? env.DESKBASE_DATA ?? './data'),
    adminPassword: env.DESKBASE_ADMIN_PASSWORD || undefined,
    testClockFile: flags.has('test-clock') ? resolve(flags.get('test-clock')!) : undefined,
  };
}
