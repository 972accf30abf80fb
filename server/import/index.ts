/**
 * `deskbase import mysql://USER:PASSWORD@HOST:PORT/DATABASE [options]`: copies a GLPI 9.5/10.0
 * database (and its document files) into a Deskbase data folder.
 */
import { resolve } from 'node:path';
import { ConfigError } from '../config';
import { reportCommandError } from '../cli/errors';
import { Interrupted } from './copy';
import { formatReport } from './report';
import { runImport, type ImportRequest } from './run';
import { askSecret } from '../cli/password-input';
import { CliError } from '../cli/errors';
import { givesPassword, withPassword } from './source';

export const IMPORT_USAGE = `Usage: deskbase import mysql://USER:PASSWORD@HOST:PORT/DATABASE [options]

Copies a GLPI 9.5 or 10.0 database into a new Deskbase data folder, GLPI's ids kept. The GLPI
database is only read. In the address, characters such as @ : / # ? % & of the password must be
percent-encoded (@ as %40); or leave the password out (mysql://USER@HOST:PORT/DATABASE) and set
DESKBASE_IMPORT_PASSWORD, or type it when asked (on a terminal, not echoed). An account without
a password: mysql://USER:@HOST:PORT/DATABASE.
  --files <dir>                  GLPI's files/ folder: document files and user pictures are
                                 copied from it
  --data <dir>   DESKBASE_DATA   data folder to write (default ./data); must be empty
  --dry-run                      read and check everything, write nothing, print the report
  --resume                       continue an interrupted import into the data folder
  --replace                      import into a data folder that is not empty (its content is
                                 moved to replaced-<time>/ inside it, not deleted)
`;

function parseImportArgs(args: string[], env: Record<string, string | undefined>): ImportRequest | 'help' {
  let url: string | undefined;
  let files: string | null = null;
  let data: string | undefined;
  const flags = { dryRun: false, resume: false, replace: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--dry-run') flags.dryRun = true;
    else if (arg === '--resume') flags.resume = true;
    else if (arg === '--replace') flags.replace = true;
    else if (/^--(files|data)(=|$)/.test(arg)) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s) as [string, string | undefined];
      const value = inline ?? args[++i];
      if (value === undefined || value === '') throw new ConfigError(`option --${name} needs a value`);
      if (name === 'files') files = value;
      else data = value;
    } else if (arg.startsWith('-')) throw new ConfigError(`unknown option ${arg} for import (see deskbase import --help)`);
    else if (url !== undefined) throw new ConfigError(`import takes one database address, got two`);
    else url = arg;
  }
  if (url === undefined) throw new ConfigError('import needs the GLPI database: deskbase import mysql://USER:PASSWORD@HOST:PORT/DATABASE');
  if (flags.resume && flags.replace) throw new ConfigError('--resume and --replace exclude each other');
  const password = env.DESKBASE_IMPORT_PASSWORD;
  if (password !== undefined && password !== '') url = withPassword(url, password);
  return { url, filesDir: files, dataDir: resolve(data ?? env.DESKBASE_DATA ?? './data'), ...flags };
}

/** The address with the password typed on the terminal, when neither it nor DESKBASE_IMPORT_PASSWORD gives one. */
async function withTypedPassword(url: string): Promise<string> {
  if (givesPassword(url)) return url;
  const user = (() => {
    try {
      return decodeURIComponent(new URL(url).username);
    } catch {
      return '';
    }
  })();
  const typed = askSecret(`Password of ${user || 'the account'} on the GLPI database: `);
  if (!typed) {
    throw new CliError(
      'the address gives no password: set DESKBASE_IMPORT_PASSWORD, put it in the address (mysql://USER:PASSWORD@HOST:PORT/DATABASE, percent-encoded), ' +
        'or run the import on a terminal to type it (an account without a password: mysql://USER:@HOST:PORT/DATABASE)',
      2,
    );
  }
  return withPassword(url, await typed);
}

/** Runs the import command; returns the exit code (messages already printed). */
export async function runImportCommand(args: string[], env: Record<string, string | undefined>): Promise<number> {
  const abort = new AbortController();
  // First Ctrl-C: stop after the batch being written. Second: stop now (batches are transactions).
  const stop = () => {
    if (abort.signal.aborted) process.exit(130);
    abort.abort();
    process.stderr.write('\ndeskbase: stopping after the current batch (Ctrl-C again to stop at once)\n');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    const parsed = parseImportArgs(args, env);
    if (parsed === 'help') {
      process.stdout.write(IMPORT_USAGE);
      return 0;
    }
    const report = await runImport({ ...parsed, url: await withTypedPassword(parsed.url), progress: process.stderr, signal: abort.signal });
    process.stdout.write(formatReport(report));
    return 0;
  } catch (error) {
    const code = reportCommandError(error);
    if (code !== null) return code;
    if (error instanceof Interrupted) {
      process.stderr.write('\ndeskbase: import interrupted; every copied batch is kept: run the same command with --resume to continue\n');
      return 130;
    }
    process.stderr.write(`deskbase: import failed: ${(error as Error).message}\nRun the same command with --resume to continue once the cause is fixed.\n`);
    return 1;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
