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
import { AUTHTYPE } from '../registry/values';
import { accountsFilter } from './filter';
import { markGone, whenBack } from './lifecycle';
import { searchAccounts } from './import';
import { groupDnsOf } from './groups';
import { logger } from './history';
import { firstValue, syncValueOf } from './mapping';
import { activeDirectories, type DirectoryServer } from './servers';
import { startReport, writeReport, type SyncReport } from './sync-reports';
import { findDirectoryUser, saveDirectoryUser } from './users';

export type { SyncReport };

/** Accounts gone through between two writes of a run's progress. */
const PROGRESS_EVERY = 100;

/** The directory's accounts; `onPage` hears how many are read so far, page after page. */
async function readAccounts(db: Db, server: DirectoryServer, onPage: (read: number) => void) {
  const loginField = String(server.row.login_field || 'uid').toLowerCase();
  return { loginField, entries: await searchAccounts(db, server, accountsFilter(loginField, String(server.row.condition ?? '')), undefined, undefined, onPage) };
}

/** Synchronises one directory, its run recorded as it goes (its report row is written before the first wait). */
export async function syncDirectory(db: Db, server: DirectoryServer, how: SyncOptions, settings = new Settings(db)): Promise<SyncReport> {
  const report: SyncReport = { id: server.id, name: server.name, status: 'running', accounts: 0, done: 0, updated: 0, restored: 0, gone: 0, groups: 0 };
  const rowId = startReport(db, report, how.actor);
  const stop = (e: unknown) => {
    Object.assign(report, { status: 'failed', error: e instanceof Error ? e.message : String(e) });
    writeReport(db, rowId, report);
    return report;
  };
  let read;
  try {
    // While pages come in, `accounts` counts those read so far.
    read = await readAccounts(db, server, (count) => {
      report.accounts = count;
      writeReport(db, rowId, report);
    });
  } catch (e) {
    return stop(e);
  }
  report.accounts = read.entries.length;
  writeReport(db, rowId, report);
  const seen = new Set<number>();
  const back = whenBack(settings);
  try {
    for (const entry of read.entries) {
      report.done++;
      const login = firstValue(entry, read.loginField);
      const syncValue = syncValueOf(server.row, entry);
      if (login !== null && findDirectoryUser(db, server.id, login, syncValue)) {
        const saved = saveDirectoryUser(db, { server, entry, groupDns: await groupDnsOf(server, entry, login) }, login, back, how.actor);
        seen.add(Number(saved.user.id));
        report.updated++;
        if (saved.restored) report.restored++;
        if (saved.groupsChanged) report.groups++;
        if (saved.rightsChanged) how.rightsChanged?.();
      }
      if (report.done % PROGRESS_EVERY === 0) writeReport(db, rowId, report);
    }
  } catch (e) {
    // The group search failed midway: those updated stay so, none is marked gone.
    return stop(e);
  }
  const known = selectAll(db, 'SELECT id FROM glpi_users WHERE authtype = ? AND auths_id = ? AND is_deleted_ldap = 0', AUTHTYPE.LDAP, server.id).map((r) => Number(r.id));
  const gone = known.filter((id) => !seen.has(id));
  inTransaction(db, () => markGone(logger(db, how.actor), settings, gone));
  if (gone.length > 0) how.rightsChanged?.();
  Object.assign(report, { status: 'done', gone: gone.length });
  writeReport(db, rowId, report);
  return report;
}

export interface SyncOptions {
  /** Who history names (history.ts). */
  actor: string;
  /** Hears of each directory done. */
  progress?: (report: SyncReport) => void;
  /** Hears of users whose authorizations or groups changed (the server's sessions must see them again). */
  rightsChanged?: () => void;
}

/** Synchronises every active directory, one after the other, each run recorded as it goes (sync-reports.ts). */
export async function syncDirectories(db: Db, dataDir: string, how: SyncOptions): Promise<SyncReport[]> {
  const settings = new Settings(db);
  const reports: SyncReport[] = [];
  for (const server of activeDirectories(db, dataDir)) {
    const report = await syncDirectory(db, server, how, settings);
    how.progress?.(report);
    reports.push(report);
  }
  return reports;
}

/** One line of a report, for the command line and the log. */
export function reportLine(r: SyncReport): string {
  if (r.error) return `directory "${r.name}" (AuthLDAP ${r.id}) not synchronised: ${r.error}`;
  return `directory "${r.name}" (AuthLDAP ${r.id}): ${r.accounts} accounts, ${r.updated} users updated, ${r.restored} back, ${r.gone} gone, ${r.groups} with other groups`;
}
