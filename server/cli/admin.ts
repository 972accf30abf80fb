/**
 * `deskbase admin …`: account rescue on a data folder, safe while a server runs on it. The
 * database is shared through SQLite's WAL with a busy timeout; each change is one transaction,
 * and the running server notices the commit (PRAGMA data_version) before its next request,
 * dropping its caches, so a reset password ends that user's sessions there too.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { policyProblems } from '../auth/password-reset';
import { ConfigError } from '../config';
import { nowString } from '../core/clock';
import { hashPassword } from '../core/secrets';
import { inTransaction, openDatabase, type Db } from '../db/connection';
import { run, selectAll, selectOne } from '../db/rows';
import { insertSuperAdmin } from '../db/seed';
import { Settings } from '../db/settings';
import { AUTHTYPE } from '../registry/values';
import { wordsAndDataDir } from './command-args';
import { CliError } from './errors';
import { readNewPassword } from './password-input';

export const ADMIN_USAGE = `Usage: deskbase admin <command> [--data <dir>]

Account rescue on a data folder; safe while a server runs on it.
  users                      list the accounts with their profiles (entity, recursive)
  reset-password <login>     set a new password (asked twice on a terminal, else the first line
                             of stdin) and end the account's sessions
  create-superadmin <login>  create a local account with the Super-Admin profile on the root
                             entity (recursive); password as for reset-password
  --data <dir>   DESKBASE_DATA   data folder (default ./data)
`;

interface AdminArgs {
  action: 'users' | 'reset-password' | 'create-superadmin';
  login: string;
  dataDir: string;
}

function parseAdminArgs(args: string[], env: Record<string, string | undefined>): AdminArgs | 'help' {
  const parsed = wordsAndDataDir('admin', args, env);
  if (parsed === 'help') return 'help';
  const [action, login, extra] = parsed.words;
  const { dataDir } = parsed;
  if (action === 'users' && login === undefined) return { action, login: '', dataDir };
  if ((action === 'reset-password' || action === 'create-superadmin') && login && extra === undefined) return { action, login, dataDir };
  if (action === 'reset-password' || action === 'create-superadmin') throw new ConfigError(`admin ${action} takes one login: deskbase admin ${action} <login>`);
  throw new ConfigError(action ? `unknown admin command ${action} (see deskbase admin --help)` : 'admin needs a command (see deskbase admin --help)');
}

/** The data folder's database, never created nor upgraded here (that is the server's job). */
export function openExisting(dataDir: string): Db {
  const file = join(dataDir, 'deskbase.sqlite');
  if (!existsSync(file)) throw new CliError(`no Deskbase database in ${dataDir} (start the server once, or give --data)`);
  return openDatabase(file);
}

interface UserLine {
  id: number;
  name: string;
  is_active: number;
  is_deleted: number;
  authtype: number;
  profiles: string | null;
}

function listUsers(db: Db): string {
  const rows = selectAll(
    db,
    `SELECT u.id, u.name, u.is_active, u.is_deleted, u.authtype,
            group_concat(p.name || ' on ' || coalesce(e.completename, 'entity ' || pu.entities_id) || CASE WHEN pu.is_recursive = 1 THEN ' (recursive)' ELSE '' END, '; ') AS profiles
     FROM glpi_users u
     LEFT JOIN glpi_profiles_users pu ON pu.users_id = u.id
     LEFT JOIN glpi_profiles p ON p.id = pu.profiles_id
     LEFT JOIN glpi_entities e ON e.id = pu.entities_id
     GROUP BY u.id ORDER BY u.id`,
  ) as unknown as UserLine[];
  const state = (u: UserLine) => (u.is_deleted ? 'in trash' : u.is_active ? 'active' : 'inactive') + (u.authtype === AUTHTYPE.LOCAL ? '' : ', external');
  const table = [['id', 'login', 'state', 'profiles'], ...rows.map((u) => [String(u.id), u.name, state(u), u.profiles ?? '(none)'])];
  const widths = [0, 1, 2].map((c) => Math.max(...table.map((r) => r[c]!.length)));
  return table.map((r) => r.map((cell, c) => (c < 3 ? cell.padEnd(widths[c]!) : cell)).join('  ')).join('\n') + '\n';
}

async function newPasswordHash(db: Db, login: string): Promise<string> {
  const password = await readNewPassword(`New password for ${login}: `);
  const problems = policyProblems(new Settings(db), password);
  if (problems.length) throw new CliError(`password refused: ${problems.join('; ')}`);
  return hashPassword(password);
}

async function resetPassword(db: Db, login: string): Promise<string> {
  const user = selectOne(db, 'SELECT id, authtype FROM glpi_users WHERE name = ?', login);
  if (!user) throw new CliError(`no user with login "${login}" (deskbase admin users lists them)`);
  if (Number(user.authtype) !== AUTHTYPE.LOCAL) throw new CliError(`"${login}" is not a local account: its password is kept by its directory`);
  const hash = await newPasswordHash(db, login);
  const now = nowString();
  const ended = inTransaction(db, () => {
    run(db, 'UPDATE glpi_users SET password = ?, password_last_update = ?, password_forget_token = NULL, password_forget_token_date = NULL WHERE id = ?', hash, now, Number(user.id));
    return run(db, 'DELETE FROM deskbase_sessions WHERE users_id = ?', Number(user.id)).changes;
  });
  return `deskbase: password of "${login}" reset; ${ended} session${ended === 1 ? '' : 's'} ended\n`;
}

async function createSuperAdmin(db: Db, login: string): Promise<string> {
  if (selectOne(db, 'SELECT id FROM glpi_users WHERE name = ?', login)) throw new CliError(`a user with login "${login}" already exists (use reset-password)`);
  const hash = await newPasswordHash(db, login);
  const id = inTransaction(db, () => insertSuperAdmin(db, login, hash));
  return `deskbase: created "${login}" (id ${id}), Super-Admin on the root entity (recursive)\n`;
}

/** Runs an admin command; returns the exit code (messages already printed). */
export async function runAdmin(args: string[], env: Record<string, string | undefined>): Promise<number> {
  const parsed = parseAdminArgs(args, env);
  if (parsed === 'help') {
    process.stdout.write(ADMIN_USAGE);
    return 0;
  }
  const db = openExisting(parsed.dataDir);
  try {
    if (parsed.action === 'users') process.stdout.write(listUsers(db));
    else if (parsed.action === 'reset-password') process.stdout.write(await resetPassword(db, parsed.login));
    else process.stdout.write(await createSuperAdmin(db, parsed.login));
    return 0;
  } finally {
    db.close();
  }
}
