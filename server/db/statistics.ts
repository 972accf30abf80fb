import type { Db } from './connection';

/**
 * SQLite's query planner needs table statistics to choose between indexes (a name prefix should
 * use the name index, not the mostly-useless trash flag). A sampled ANALYZE runs at the first
 * start, shortly after big writes, and every half hour.
 */
const SAMPLE_ROWS = 400;
const AFTER_WRITES_MS = 1_000;
const PERIOD_MS = 30 * 60_000;

export function refreshStatistics(db: Db): void {
  db.exec(`PRAGMA analysis_limit = ${SAMPLE_ROWS}`);
  db.exec('ANALYZE');
  rowsByTable.delete(db);
}

/** Row counts read from the statistics, until the next refresh (searches ask on every page). */
const rowsByTable = new WeakMap<Db, Map<string, number | null>>();

function hasStatistics(db: Db): boolean {
  const table = db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'").get();
  return (table?.n ?? 0) > 0 && db.query('SELECT 1 FROM sqlite_stat1 LIMIT 1').get() !== null;
}

/** The table's row count as of the last statistics refresh (null before the first). */
export function tableRows(db: Db, table: string): number | null {
  let known = rowsByTable.get(db);
  if (!known) rowsByTable.set(db, (known = new Map()));
  if (!known.has(table)) {
    const row = db.query<{ stat: string }, [string]>('SELECT stat FROM sqlite_stat1 WHERE tbl = ? LIMIT 1').get(table);
    const rows = row ? Number.parseInt(row.stat, 10) : NaN;
    known.set(table, Number.isFinite(rows) ? rows : null);
  }
  return known.get(table)!;
}

export class Statistics {
  private pending: ReturnType<typeof setTimeout> | null = null;
  private readonly periodic: ReturnType<typeof setInterval>;

  constructor(private readonly db: Db) {
    // Statistics kept from the last run are good enough to start with: refreshing them costs
    // about half a second at a million rows, which a restart should not wait for.
    if (hasStatistics(db)) this.soon();
    else refreshStatistics(db);
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
