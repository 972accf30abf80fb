/** A directory synchronisation's report as the API serves it (`GET AuthLDAP/:id/sync`): a shape shared with the console, which may import only the registry. */
export interface SyncReportView {
  status: 'running' | 'done' | 'failed';
  /** `cron_ldapsync`, `deskbase directory sync`, or the user who asked for it. */
  started_by: string;
  /** Accounts read so far, then all the directory lists. */
  accounts: number;
  /** Accounts gone through so far. */
  done: number;
  /** Users brought up to date. */
  updated: number;
  /** Users back in the directory after being marked gone. */
  restored: number;
  /** Users newly marked gone. */
  gone: number;
  /** Users whose groups from the directory changed. */
  groups: number;
  error: string | null;
  date_creation: string;
  date_done: string | null;
}
