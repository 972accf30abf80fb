/**
 * The reports of the directory synchronisations (deskbase_directory_syncs): a row per directory
 * and run, written as the run goes (progress: `done` of `accounts`), read back by the API.
 */
import { nowString } from '../core/clock';
import { inTransaction, type Db } from '../db/connection';
import { insertRow, run, selectOne, updateRow, type Row } from '../db/rows';
import type { SyncReportView } from '../registry/shapes/directory-sync';

/** A run of one directory as it goes: its status and counts (registry/shapes/directory-sync.ts), its directory, why it stopped. */
export type SyncReport = Pick<SyncReportView, 'status' | 'accounts' | 'done' | 'updated' | 'restored' | 'gone' | 'groups'> & {
  id: number;
  name: string;
  /** Why the run stopped (the users not reached, and those gone, were left alone). */
  error?: string;
};

/** The counts a report row holds, by its column. */
const COUNTS = { accounts: 'accounts', done: 'done', updated: 'updated', restored: 'restored', gone: 'gone', groups: 'groups_changed' } as const;

/** Starts the report of a run by `startedBy`; returns its row id. */
export function startReport(db: Db, report: SyncReport, startedBy: string): number {
  const stamp = nowString();
  return inTransaction(db, () => insertRow(db, 'deskbase_directory_syncs', { authldaps_id: report.id, started_by: startedBy, status: 'running', date_creation: stamp, date_mod: stamp }));
}

/** Marks as failed the runs of `startedBy` still marked running (the server stopped during them). */
export function endInterrupted(db: Db, startedBy: string): void {
  const stamp = nowString();
  inTransaction(db, () =>
    run(db, "UPDATE deskbase_directory_syncs SET status = 'failed', error = ?, date_mod = ?, date_done = ? WHERE status = 'running' AND started_by = ?", 'Interrupted: the server stopped during the synchronisation', stamp, stamp, startedBy),
  );
}

/** Writes where a run has got to (its status and counts). */
export function writeReport(db: Db, rowId: number, report: SyncReport): void {
  const stamp = nowString();
  const values: Row = { status: report.status, error: report.error ?? null, date_mod: stamp, date_done: report.status === 'running' ? null : stamp };
  for (const [key, column] of Object.entries(COUNTS)) values[column] = report[key as keyof typeof COUNTS];
  inTransaction(db, () => updateRow(db, 'deskbase_directory_syncs', rowId, values));
}

/** The last run's report of a directory, as the API serves it, or null when it never ran. */
export function lastReport(db: Db, directoryId: number): SyncReportView | null {
  const row = selectOne(db, 'SELECT * FROM deskbase_directory_syncs WHERE authldaps_id = ? ORDER BY id DESC LIMIT 1', directoryId);
  if (!row) return null;
  const count = (key: keyof typeof COUNTS) => Number(row[COUNTS[key]]);
  return {
    status: String(row.status) as SyncReportView['status'],
    started_by: String(row.started_by),
    accounts: count('accounts'),
    done: count('done'),
    updated: count('updated'),
    restored: count('restored'),
    gone: count('gone'),
    groups: count('groups'),
    error: row.error === null ? null : String(row.error),
    date_creation: String(row.date_creation),
    date_done: row.date_done === null ? null : String(row.date_done),
  };
}
