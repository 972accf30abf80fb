/**
 * The directory synchronisation (GLPI's `ldapsync`): each active directory's accounts are read,
 * paged when the directory says it pages (`can_support_pagesize`, `pagesize`); the users already
 * made from them are brought up to date (and back, when they had gone); the users of the
 * directory it no longer lists are marked gone as user_deleted_ldap says. A directory that cannot
 * be read is reported and its users left alone.
 */
import { inTransaction, type Db } from '../db/connection';
import { selectAll } from '../db/rows';
import { Settings } from '../db/settings';
import { AUTH_LDAP } from './auth-types';
import { accountsFilter } from './filter';
import { markGone, whenBack } from './lifecycle';
import { searchAccounts } from './import';
import { groupDnsOf } from './groups';
import { firstValue } from './mapping';
import { activeDirectories, type DirectoryServer } from './servers';
import { findDirectoryUser, saveDirectoryUser } from './users';

export interface SyncReport {
  id: number;
  name: string;
  /** Accounts the directory lists. */
  accounts: number;
  /** Users brought up to date. */
  updated: number;
  /** Users back in the directory after being marked gone. */
  restored: number;
  /** Users newly marked gone. */
  gone: number;
  /** Why the directory could not be read (its users were left alone). */
  error?: string;
}

async function readAccounts(db: Db, server: DirectoryServer) {
  const loginField = String(server.row.login_field || 'uid').toLowerCase();
  return { loginField, entries: await searchAccounts(db, server, accountsFilter(loginField, String(server.row.condition ?? ''))) };
}

async function syncOne(db: Db, settings: Settings, server: DirectoryServer): Promise<SyncReport> {
  const report: SyncReport = { id: server.id, name: server.name, accounts: 0, updated: 0, restored: 0, gone: 0 };
  let read;
  try {
    read = await readAccounts(db, server);
  } catch (e) {
    return { ...report, error: e instanceof Error ? e.message : String(e) };
  }
  report.accounts = read.entries.length;
  const seen = new Set<number>();
  const back = whenBack(settings);
  try {
    for (const entry of read.entries) {
      const login = firstValue(entry, read.loginField);
      const syncValue = firstValue(entry, String(server.row.sync_field ?? '').toLowerCase());
      if (login === null || !findDirectoryUser(db, server.id, login, syncValue)) continue;
      const saved = saveDirectoryUser(db, { server, entry, groupDns: await groupDnsOf(server, entry, login) }, login, back);
      seen.add(Number(saved.user.id));
      report.updated++;
      if (saved.restored) report.restored++;
    }
  } catch (e) {
    // The group search failed midway: those updated stay so, none is marked gone.
    return { ...report, error: e instanceof Error ? e.message : String(e) };
  }
  const known = selectAll(db, 'SELECT id FROM glpi_users WHERE authtype = ? AND auths_id = ? AND is_deleted_ldap = 0', AUTH_LDAP, server.id).map((r) => Number(r.id));
  const gone = known.filter((id) => !seen.has(id));
  inTransaction(db, () => markGone(db, settings, gone));
  report.gone = gone.length;
  return report;
}

/** Synchronises every active directory, one after the other; `progress` hears of each one done. */
export async function syncDirectories(db: Db, dataDir: string, progress: (report: SyncReport) => void = () => {}): Promise<SyncReport[]> {
  const settings = new Settings(db);
  const reports: SyncReport[] = [];
  for (const server of activeDirectories(db, dataDir)) {
    const report = await syncOne(db, settings, server);
    progress(report);
    reports.push(report);
  }
  return reports;
}

/** One line of a report, for the command line and the log. */
export function reportLine(r: SyncReport): string {
  if (r.error) return `directory "${r.name}" (AuthLDAP ${r.id}) not synchronised: ${r.error}`;
  return `directory "${r.name}" (AuthLDAP ${r.id}): ${r.accounts} accounts, ${r.updated} users updated, ${r.restored} back, ${r.gone} gone`;
}
