/**
 * `deskbase directory sync`: GLPI's directory synchronisation (server/directory/sync.ts) on a data
 * folder, safe while a server runs on it (as `deskbase admin`: each user's change is one
 * transaction the running server notices).
 */
import { ConfigError } from '../config';
import { reportLine, syncDirectories } from '../directory/sync';
import { openExisting } from './admin';
import { wordsAndDataDir } from './command-args';

export const DIRECTORY_USAGE = `Usage: deskbase directory sync [--data <dir>]

Synchronises the users made from the active LDAP directories (AuthLDAP): updates them from their
directory, marks those it no longer lists as gone (the user_deleted_ldap setting says what becomes
of them) and brings back those that return (user_restored_ldap). One line per directory; exits 1
when a directory could not be read (its users are then left alone).
  --data <dir>   DESKBASE_DATA   data folder (default ./data)
`;

function parseDirectoryArgs(args: string[], env: Record<string, string | undefined>): string | 'help' {
  const parsed = wordsAndDataDir('directory', args, env);
  if (parsed === 'help') return 'help';
  if (parsed.words.length !== 1 || parsed.words[0] !== 'sync') throw new ConfigError('directory takes one command: deskbase directory sync');
  return parsed.dataDir;
}

/** Runs `directory sync`; returns the exit code (messages already printed). */
export async function runDirectory(args: string[], env: Record<string, string | undefined>): Promise<number> {
  const dataDir = parseDirectoryArgs(args, env);
  if (dataDir === 'help') {
    process.stdout.write(DIRECTORY_USAGE);
    return 0;
  }
  const db = openExisting(dataDir);
  try {
    const reports = await syncDirectories(db, dataDir, { actor: 'deskbase directory sync', progress: (r) => process.stdout.write(`deskbase: ${reportLine(r)}\n`) });
    if (reports.length === 0) process.stdout.write('deskbase: no active directory\n');
    return reports.some((r) => r.error) ? 1 : 0;
  } finally {
    db.close();
  }
}
