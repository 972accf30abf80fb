import type { Db } from './connection';
import { upkeepSteps } from './fulltext-upkeep';

/**
 * SQLite's query planner needs table statistics to choose between indexes (a name prefix should
 * use the name index, not the mostly-useless trash flag). A sampled ANALYZE runs at the first
 * start, shortly after big writes, and every half hour. It runs one index at a time, yielding
 * between them, so requests are never held for a whole refresh (about half a second at a
 * million rows); each step is a few tens of milliseconds. The trigram indexes' shadow tables are
 * left out: they are read by rowid only, so statistics on them would cost without guiding anything.
 * The same idle time then keeps the trigram indexes compact (fulltext-upkeep.ts).
 */
const SAMPLE_ROWS = 400;
const AFTER_WRITES_MS = 1_000;
/** Big writes that keep coming (a bulk load) postpone the refresh, but never longer than this. */
const MAX_POSTPONE_MS = 30_000;
const PERIOD_MS = 30 * 60_000;

/** What one ANALYZE step covers: each index, and each table that has none (for its row count). */
function analyzeTargets(db: Db): string[] {
  const objects = db
    .query<{ name: string; type: string; tbl_name: string }, []>(
      "SELECT name, type, tbl_name FROM sqlite_master WHERE type IN ('table', 'index') AND (type = 'index' OR name NOT LIKE 'sqlite\\_%' ESCAPE '\\') AND tbl_name NOT LIKE '%\\_\\_fts%' ESCAPE '\\'",
    )
    .all();
  const indexed = new Set(objects.filter((o) => o.type === 'index').map((o) => o.tbl_name));
  return objects.filter((o) => o.type === 'index' || !indexed.has(o.name)).map((o) => o.name);
}

function analyze(db: Db, target: string): void {
  db.exec(`PRAGMA analysis_limit = ${SAMPLE_ROWS}`);
  db.exec(`ANALYZE "${target}"`);
}

/** The whole refresh at once (first start, after an import). */
export function refreshStatistics(db: Db): void {
  for (const target of analyzeTargets(db)) analyze(db, target);
  rowsByTable.delete(db);
}

/** Row counts read from the statistics, until the next refresh (searches ask on every page). */
const rowsByTable = new WeakMap<Db, Map<string, number | null>>();

function hasStatistics(db: Db): boolean {
  const table = db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'sqlite_stat1'").get();
  return (table?.n ?? 0) > 0 && db.query('SELECT 1 FROM sqlite_stat1 LIMIT 1').get() !== null;
}

/** Another connection committed (perhaps a refresh): read the row counts again. */
export function forgetTableRows(db: Db): void {
  rowsByTable.delete(db);
}

/** The table's row count as of the last statistics refresh (null before the first). */
export function tableRows(db: Db, table: string): number | null {
  let known = rowsByTable.get(db);
  if (!known) rowsByTable.set(db, (known = new Map()));
  if (!known.has(table)) {
    // A statistic's first number is its index's entries: the table's rows, but for a partial index.
    const row = db.query<{ stat: string }, [string]>('SELECT stat FROM sqlite_stat1 WHERE tbl = ?1 AND (idx IS NULL OR idx IN (SELECT name FROM pragma_index_list(?1) WHERE partial = 0)) LIMIT 1').get(table);
    const rows = row ? Number.parseInt(row.stat, 10) : NaN;
    known.set(table, Number.isFinite(rows) ? rows : null);
  }
  return known.get(table)!;
}

export class Statistics {
  private pending: ReturnType<typeof setTimeout> | null = null;
  /** When the pending refresh was first asked for. */
  private firstAsked = 0;
  private running = false;
  /** When the last big write asked for a refresh (performance.now()). */
  private lastBigWrite = 0;
  private stopped = false;
  private readonly periodic: ReturnType<typeof setInterval> | null;

  /**
   * `periodic`: this connection refreshes at start and every half hour (the server's primary
   * thread; the other threads' connections refresh only after their own big writes).
   */
  constructor(
    private readonly db: Db,
    periodic = true,
  ) {
    // Statistics kept from the last run are good enough to start with: refreshing them costs
    // about half a second at a million rows, which a restart should not wait for.
    if (!periodic) this.periodic = null;
    else {
      if (hasStatistics(db)) this.soon();
      else refreshStatistics(db);
      this.periodic = setInterval(() => this.refreshNow(), PERIOD_MS);
      this.periodic.unref();
    }
  }

  /**
   * After a large write: refresh once writes have settled (a second without another), so a bulk
   * load is not slowed by refreshes between its requests; at most every 30 s while they go on.
   */
  soon(): void {
    this.lastBigWrite = performance.now(); // the timers' own time, not the (injectable) clock of the data
    this.schedule();
  }

  private schedule(): void {
    if (this.running) return;
    const at = performance.now();
    if (this.pending) {
      if (at - this.firstAsked >= MAX_POSTPONE_MS) return;
      clearTimeout(this.pending);
    } else this.firstAsked = at;
    this.pending = setTimeout(() => this.refreshNow(), AFTER_WRITES_MS);
    this.pending.unref();
  }

  private refreshNow(): void {
    this.pending = null;
    if (this.running) return;
    this.running = true;
    // The same idle moment gives back the memory big requests left behind: the engine collects
    // lazily, and a churn of a few hundred 1 000-row requests at a million rows left the heap at
    // twice what a full collection keeps (RSS 531 MiB).
    Bun.gc(true);
    this.analyzeNext(analyzeTargetsOrNone(this.db));
  }

  /** Analyses one target, then lets waiting requests run before the next; then the index upkeep. */
  private analyzeNext(targets: string[]): void {
    const target = targets.shift();
    if (this.stopped) return this.done();
    if (target === undefined) {
      rowsByTable.delete(this.db);
      let steps: (() => boolean)[] = [];
      if (this.attempt(() => (steps = upkeepSteps(this.db, (table) => tableRows(this.db, table))), 'could not check the search indexes')) this.mergeNext(steps);
      return;
    }
    if (this.attempt(() => analyze(this.db, target), 'could not refresh table statistics')) setTimeout(() => this.analyzeNext(targets), 0).unref();
  }

  /** One step of the search indexes' upkeep (fulltext-upkeep.ts), then the next, while no bulk load runs. */
  private mergeNext(steps: (() => boolean)[]): void {
    const step = steps[0];
    if (step === undefined || this.stopped) return this.done();
    // A bulk load under way: merging now would slow it; the refresh after it resumes the upkeep.
    if (performance.now() - this.lastBigWrite < AFTER_WRITES_MS) {
      this.done();
      this.schedule();
      return;
    }
    let more = false;
    if (!this.attempt(() => (more = step()), 'could not merge a search index')) return;
    if (!more) steps.shift();
    setTimeout(() => this.mergeNext(steps), 0).unref();
  }

  /** Runs one piece of the refresh; a failure (a closed database during shutdown) ends it: statistics and upkeep are only optimisations. */
  private attempt(work: () => void, what: string): boolean {
    try {
      work();
      return true;
    } catch (error) {
      console.error(`[deskbase] ${what}:`, error instanceof Error ? error.message : error);
      this.done();
      return false;
    }
  }

  private done(): void {
    this.running = false;
  }

  stop(): void {
    this.stopped = true;
    if (this.periodic) clearInterval(this.periodic);
    if (this.pending) clearTimeout(this.pending);
  }
}

function analyzeTargetsOrNone(db: Db): string[] {
  try {
    return analyzeTargets(db);
  } catch (error) {
    console.error('[deskbase] could not list tables for statistics:', error instanceof Error ? error.message : error);
    return [];
  }
}
