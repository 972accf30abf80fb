/**
 * The command line: `deskbase [serve] [options]` runs the server (see ../config.ts);
 * `deskbase backup <dir>`, `deskbase restore <dir>`, `deskbase admin …` and
 * `deskbase directory sync` work on a data folder and exit; `deskbase import <mysql-url>` is in ../import.
 */
import { resolve } from 'node:path';
import { ConfigError } from '../config';
import { backup } from './backup';
import { runAdmin } from './admin';
import { runDirectory } from './directory';
import { reportCommandError } from './errors';
import { formatBytes, Progress } from '../core/progress';
import { restore } from './restore';

export type Command = { name: 'serve'; args: string[] } | { name: 'backup' | 'restore' | 'import' | 'admin' | 'directory'; args: string[] };

export const BACKUP_USAGE = `Usage: deskbase backup <backup-dir> [--data <dir>]

Writes a consistent copy of the data folder to <backup-dir> (new or empty), also while a server
is running on it: the database as one SQLite snapshot (VACUUM INTO), then the document files.
  --data <dir>   DESKBASE_DATA   data folder to back up (default ./data)
`;

export const RESTORE_USAGE = `Usage: deskbase restore <backup-dir> [--data <dir>] [--force]

Puts a backup made by "deskbase backup" into the data folder. Stop the server first.
  --data <dir>   DESKBASE_DATA   data folder to restore into (default ./data)
  --force                        replace a data folder that is not empty (its content is moved
                                 to replaced-<time>/ inside it, not deleted)
`;

/** Splits off the command word; anything else that is not an option is an unknown command. */
export function parseCommand(argv: string[]): Command {
  const first = argv[0];
  if (first === 'backup' || first === 'restore' || first === 'import') return { name: first, args: argv.slice(1) };
  if (first === 'serve') return { name: 'serve', args: argv.slice(1) };
  if (first === 'admin' || first === 'directory') return { name: first, args: argv.slice(1) };
  if (first !== undefined && !first.startsWith('-')) throw new ConfigError(`unknown command ${first} (see --help)`);
  return { name: 'serve', args: argv };
}

interface ToolArgs {
  dir: string;
  dataDir: string;
  force: boolean;
}

function parseToolArgs(name: 'backup' | 'restore', args: string[], env: Record<string, string | undefined>): ToolArgs | 'help' {
  let dir: string | undefined;
  let data: string | undefined;
  let force = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--force' && name === 'restore') {
      force = true;
      continue;
    }
    const match = /^--data(?:=(.*))?$/.exec(arg);
    if (match) {
      const value = match[1] ?? args[++i];
      if (value === undefined || value === '') throw new ConfigError('option --data needs a value');
      data = value;
      continue;
    }
    if (arg.startsWith('-')) throw new ConfigError(`unknown option ${arg} for ${name} (see deskbase ${name} --help)`);
    if (dir !== undefined) throw new ConfigError(`${name} takes one folder, got ${dir} and ${arg}`);
    dir = arg;
  }
  if (dir === undefined || dir === '') throw new ConfigError(`${name} needs a folder: deskbase ${name} <${name === 'backup' ? 'target' : 'backup'}-dir>`);
  return { dir, dataDir: resolve(data ?? env.DESKBASE_DATA ?? './data'), force };
}

/** Runs backup or restore; returns the exit code (messages already printed). */
export function runTool(command: { name: 'backup' | 'restore'; args: string[] }, env: Record<string, string | undefined>): number {
  try {
    const args = parseToolArgs(command.name, command.args, env);
    if (args === 'help') {
      process.stdout.write(command.name === 'backup' ? BACKUP_USAGE : RESTORE_USAGE);
      return 0;
    }
    if (command.name === 'backup') {
      const report = backup(args.dataDir, args.dir, new Progress(process.stderr));
      const lines = [
        `deskbase: backed up ${args.dataDir} to ${report.target}`,
        `  ${report.database.path}  ${formatBytes(report.database.bytes)}, consistent snapshot of ${report.createdAt}${report.database.schema !== null ? `, schema ${report.database.schema}` : ''}`,
        `  ${report.files.path}/  ${report.files.count} file${report.files.count === 1 ? '' : 's'}, ${formatBytes(report.files.bytes)}`,
        `  ${report.manifest}`,
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
      if (report.missing.length) {
        process.stderr.write(
          `deskbase: warning: ${report.missing.length} document file(s) were purged while the backup ran and are not in it: ${report.missing.join(', ')}\n`,
        );
      }
      return 0;
    }
    const report = restore(args.dir, args.dataDir, args.force, new Progress(process.stderr));
    const lines = [
      `deskbase: restored ${resolve(args.dir)}${report.backupCreatedAt ? ` (backup of ${report.backupCreatedAt})` : ''} into ${report.dataDir}`,
      `  ${report.database.path}  ${formatBytes(report.database.bytes)}`,
      `  ${report.files.path}/  ${report.files.count} file${report.files.count === 1 ? '' : 's'}, ${formatBytes(report.files.bytes)}`,
    ];
    if (report.movedAside) lines.push(`  the previous content is in ${report.movedAside} (delete it once the restored data is checked)`);
    lines.push('Start the server on this data folder; it upgrades an older backup by itself.');
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } catch (error) {
    const code = reportCommandError(error);
    if (code === null) throw error;
    return code;
  }
}

/** Runs `deskbase admin …` or `deskbase directory …`; returns the exit code (messages already printed). */
export async function runAdminTool(command: { name: 'admin' | 'directory'; args: string[] }, env: Record<string, string | undefined>): Promise<number> {
  try {
    return await (command.name === 'admin' ? runAdmin : runDirectory)(command.args, env);
  } catch (error) {
    const code = reportCommandError(error);
    if (code === null) throw error;
    return code;
  }
}
