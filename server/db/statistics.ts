import type { Db } from './connection';

/**
 * SQLite's query planner needs table statistics to choose between indexes (a name prefix should
 * use the name index, not the mostly-useless trash flag). A sampled ANALYZE takes milliseconds,
 * so it runs at start-up, shortly after big writes, and every half hour.
 */
const SAMPLE_ROWS = 400;
const AFTER_WRITES_MS = 1_000;
const PERIOD_MS = 30 * 60_000;

export function refreshStatistics(db: Db): void {
  db.exec(`PRAGMA analysis_limit = ${SAMPLE_ROWS}`);
  db.exec('ANALYZE');
}

export class Statistics {
  private pending: ReturnType<typeof setTimeout> | null = null;
  private readonly periodic: ReturnType<typeof setInterval>;

  constructor(private readonly db: Db) {
    refreshStatistics(db);
    this.periodic = setInterval(() => this.refreshNow(), PERIOD_MS);
    this.periodic.unref();
  }

  /** After a large write: refresh once things have settled. */
  soon(): void {
    if (this.pending) return;
    this.pending = setTimeout(() => this.refreshNow(), AFTER_WRITES_MS);
    this.pending.unref();
  }

  private refreshNow(): void {
    this.pending = null;
    try {
      refreshStatistics(this.db);
    } catch (error) {
      // A closed database during shutdown: statistics are only an optimisation.
      console.error('[deskbase] could not refresh table statistics:', error instanceof Error ? error.message : error);
    }
  }

  stop(): void {
    clearInterval(this.periodic);
    if (this.pending) clearTimeout(this.pending);
  }
}
