import type { Database as Db } from 'bun:sqlite';

/**
 * Write counters per table, so that a cached read is dropped by the writes to the tables it read
 * and no other: a steady writer of computers no longer empties the cached tickets.
 *
 * Only the tables `setNarrowTables` names are counted one by one (item data, which nothing
 * memoises outside the versioned caches); a write to any other table, another connection's
 * commit, or a write this thread could not see table by table moves `epoch`, which every cached
 * read depends on. A table's shadow tables (`glpi_computers__counts`, `glpi_computers__fts`, kept
 * by its triggers) count as the table itself.
 */
class Counter {
  value = 0;
  /**
   * The table's own rows (by rowid) its writes changed, each with the counter's value after its last
   * write, the least recently written first: a read of one row (noteRowRead) stays while the
   * table's other rows are written. Complete for the writes after `rowsFrom` only: past MAX_ROWS
   * the least recently written rows are forgotten, and the reads older than their last write go.
   */
  readonly rows = new Map<number, number>();
  rowsFrom = 0;
  /**
   * The same writes in order, each with the counter's value after it (see writtenSince), the rows
   * of the table itself among them (its shadows' aside), and the columns those rows had changed
   * when each was an update of known columns (else null). Complete for the writes after
   * `logFrom` only: past MAX_ROWS entries and rowids (`logged`) the oldest are forgotten.
   */
  log: { value: number; rows: readonly number[]; own: readonly number[]; columns: ReadonlySet<string> | null }[] = [];
  logged = 0;
  logFrom = 0;

  /** A write of these rows (null: not known one by one) has moved the counter. */
  noteWrite(written: readonly number[] | null, own: readonly number[], columns: ReadonlySet<string> | null): void {
    if (written === null) {
      this.rows.clear();
      this.log = [];
      this.logged = 0;
      this.rowsFrom = this.logFrom = this.value;
      return;
    }
    // The table's own rows only: a read of one row reads no shadow, whose rowids (an index's
    // segments and bookkeeping records, rewritten by every write) would only make it go early.
    for (const rowid of own) {
      // Moved to the most recent end.
      this.rows.delete(rowid);
      this.rows.set(rowid, this.value);
    }
    this.log.push({ value: this.value, rows: written, own, columns });
    this.logged += written.length + 1;
    if (this.rows.size > MAX_ROWS) this.forgetRows();
    if (this.logged > MAX_ROWS) this.forgetLog();
  }

  /**
   * Forgets the least recently written rows, down to three quarters of the bound at once (a
   * quarter's writes before the next time): only reads older than their last write go.
   */
  private forgetRows(): void {
    for (const [rowid, value] of this.rows) {
      if (this.rows.size <= KEPT_AFTER_FORGETTING) break;
      this.rows.delete(rowid);
      this.rowsFrom = value;
    }
  }

  private forgetLog(): void {
    let drop = 0;
    while (this.logged > KEPT_AFTER_FORGETTING) {
      const entry = this.log[drop++]!;
      this.logged -= entry.rows.length + 1;
      this.logFrom = entry.value;
    }
    this.log.splice(0, drop);
  }
}

/**
 * Rows (and log entries and rowids) remembered per table: a busy desk's single-row writes forget
 * only the rows written longest ago, never every row at once (which made every cached read of
 * the table go together, a few times a minute under 50 updates a second).
 */
const MAX_ROWS = 20_000;
const KEPT_AFTER_FORGETTING = (MAX_ROWS * 3) / 4;

const counters = new Map<string, Counter>();
let epoch = 0;
let narrow: ReadonlySet<string> = new Set();

/** The tables whose writes drop only the reads of them (see above); none until the server says. */
export function setNarrowTables(tables: Iterable<string>): void {
  narrow = new Set([...tables].map((table) => table.toLowerCase()));
  epoch++;
}

const family = (table: string): string => {
  const lower = table.toLowerCase();
  const shadow = lower.indexOf('__');
  return shadow > 0 ? lower.slice(0, shadow) : lower;
};

function counter(table: string): Counter {
  let found = counters.get(table);
  if (found === undefined) counters.set(table, (found = new Counter()));
  return found;
}

/** Every cached read is stale: a write whose tables are not known, or not counted one by one. */
export function bumpAll(): void {
  epoch++;
}

/** The tables a write changed (as SQLite named them) and, per table, the rowids it changed (null: not known one by one). */
export interface Written {
  tables: readonly string[];
  rows: ReadonlyMap<string, readonly number[] | null>;
  /**
   * Per table, the columns its own rows had changed, when every change of them was an update of
   * known columns (updateRow); absent for a table where that is not known (inserts, deletes,
   * other statements, another thread's commit).
   */
  columns?: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * A write changed these tables, and these rows of each: the reads of those tables are stale, but
 * for the reads of one row it left alone (when its rows are known).
 */
export function bumpTables({ tables, rows, columns }: Written): void {
  const families = new Map<string, number[] | null>();
  // The rowids of the table itself (not of its shadows): kept apart for tableWrittenSince.
  const owns = new Map<string, number[]>();
  for (const table of tables) {
    const name = family(table);
    const known = rows.get(table) ?? null;
    const list = families.has(name) ? families.get(name)! : [];
    if (list === null || known === null) {
      families.set(name, null);
      continue;
    }
    list.push(...known);
    families.set(name, list);
    if (table.toLowerCase() === name) owns.set(name, [...known]);
  }
  for (const table of families.keys()) {
    if (!narrow.has(table)) {
      epoch++;
      return;
    }
  }
  for (const [table, written] of families) {
    const c = counter(table);
    c.value++;
    c.noteWrite(written, owns.get(table) ?? [], columns?.get(table) ?? null);
  }
}

/** A read of one row of a counted table, as of the table's counter `value`. */
interface RowDependency {
  counter: Counter;
  rowid: number;
  value: number;
}

/** What a cached read was built from: the epoch, the counters of the counted tables it read, and the single rows it read. */
export interface Dependencies {
  epoch: number;
  counters: Counter[];
  values: number[];
  rows: RowDependency[];
}

/** The counted tables the read being built has named so far (null: none is being built), and its single rows. */
let reading: Map<Counter, number> | null = null;
let readingRows: RowDependency[] = [];
let readingSince = 0;

/** Names in a statement that may be tables, by SQL text (statements are few and reused). */
const namesBySql = new Map<string, Counter[]>();
const MAX_SQL = 4000;

function countersOf(sql: string): Counter[] {
  let found = namesBySql.get(sql);
  if (found === undefined) {
    const names = new Set<string>();
    for (const word of sql.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
      const table = family(word);
      if (narrow.has(table)) names.add(table);
    }
    found = [...names].map(counter);
    if (namesBySql.size >= MAX_SQL) namesBySql.clear();
    namesBySql.set(sql, found);
  }
  return found;
}

/** A statement about to run for the read being built (db/rows.ts): its tables become dependencies. */
export function noteRead(sql: string): void {
  if (reading === null) return;
  for (const c of countersOf(sql)) if (!reading.has(c)) reading.set(c, c.value);
}

/** How many times each counted table is named in a statement (by SQL text, as countersOf). */
const mentionsBySql = new Map<string, Map<string, number>>();

function mentions(sql: string): Map<string, number> {
  let found = mentionsBySql.get(sql);
  if (found === undefined) {
    found = new Map();
    for (const word of sql.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
      const table = family(word);
      if (narrow.has(table)) found.set(table, (found.get(table) ?? 0) + 1);
    }
    if (mentionsBySql.size >= MAX_SQL) mentionsBySql.clear();
    mentionsBySql.set(sql, found);
  }
  return found;
}

/**
 * A statement about to run for the read being built that reads row `rowid` of `table` and no
 * other of it: that table becomes a dependency on that row alone when the statement names it
 * (or its shadows) once, the statement's other tables as noteRead makes them.
 */
export function noteRowRead(sql: string, table: string, rowid: number): void {
  if (reading === null) return;
  const name = family(table);
  if (!narrow.has(name) || mentions(sql).get(name) !== 1) return noteRead(sql);
  const own = counter(name);
  for (const c of countersOf(sql)) if (c !== own && !reading.has(c)) reading.set(c, c.value);
  readingRows.push({ counter: own, rowid, value: own.value });
}

/** A cached part taken by the read being built brings its own dependencies. */
export function noteDependencies(deps: Dependencies): void {
  if (reading === null) return;
  if (deps.epoch !== readingSince) readingSince = -1; // older than the read: it cannot be kept
  deps.counters.forEach((c, i) => {
    if (!reading!.has(c)) reading!.set(c, deps.values[i]!);
  });
  readingRows.push(...deps.rows);
}

/**
 * Runs `build` noting what it reads; returns its value and dependencies. Nested builds (a cached
 * count inside a cached page) add theirs to the outer one.
 */
export function tracked<T>(build: () => T): { value: T; deps: Dependencies } {
  const outer = reading;
  const outerRows = readingRows;
  const outerSince = readingSince;
  reading = new Map();
  readingRows = [];
  readingSince = epoch;
  let deps: Dependencies;
  let value: T;
  try {
    value = build();
  } finally {
    deps = { epoch: readingSince, counters: [...reading.keys()], values: [...reading.values()], rows: readingRows };
    reading = outer;
    readingRows = outerRows;
    readingSince = outerSince;
  }
  noteDependencies(deps);
  return { value, deps };
}

/** Has nothing the read depends on been written since it was built? */
export function stillValid(deps: Dependencies): boolean {
  if (deps.epoch !== epoch) return false;
  const { counters: cs, values } = deps;
  for (let i = 0; i < cs.length; i++) if (cs[i]!.value !== values[i]) return false;
  return rowsUnwritten(deps.rows);
}

/**
 * No write since touched these single rows read (writes to their tables' other rows aside). A row
 * found unwritten is noted so as of now: the next check starts there, and a read checked since is
 * kept when the writes before are forgotten (else every read of the table cached at one moment,
 * a busy desk's warm-up, went together once the writes since filled the rows remembered).
 */
function rowsUnwritten(rows: RowDependency[]): boolean {
  for (const row of rows) {
    const c = row.counter;
    if (c.value === row.value) continue;
    // Written since: by writes that all left the row alone, and all remembered row by row.
    if (row.value < c.rowsFrom || (c.rows.get(row.rowid) ?? 0) > row.value) return false;
    row.value = c.value;
  }
  return true;
}

/**
 * What a read of `table` by `sql` (which names the table once: each row's answer is its own)
 * built with `deps` must look at again to be current: see tableWrittenSince, for a read that
 * read no single row apart.
 */
export function writtenSince(deps: Dependencies, table: string, sql: string): WrittenSince | null {
  if (deps.rows.length > 0 || mentions(sql).get(family(table)) !== 1) return null;
  return tableWrittenSince(deps, table, true);
}

/**
 * The rowids written to `table` since a read built with `deps`, and the dependencies as of now,
 * for a caller that knows which of those rows can change its answer: with `shadows`, its shadows'
 * rowids too (for a read that may name them); without, the table's own only (for a read whose
 * statements never name the shadows, which only the table's own writes change). Null when that
 * is not known: every read went stale, another table it read was written, a row read of its own
 * moved, or the table's writes since are not all remembered.
 */
export function tableWrittenSince(deps: Dependencies, table: string, shadows: boolean): WrittenSince | null {
  const name = family(table);
  if (deps.epoch !== epoch || !narrow.has(name)) return null;
  const own = counter(name);
  const { counters: cs, values } = deps;
  for (let i = 0; i < cs.length; i++) if (cs[i] !== own && cs[i]!.value !== values[i]) return null;
  if (!rowsUnwritten(deps.rows)) return null;
  const at = cs.indexOf(own);
  if (at < 0) return null;
  const since = values[at]!;
  if (since === own.value) return { rowids: [], columns: new Set(), deps };
  if (since < own.logFrom) return null;
  const rowids: number[] = [];
  let columns: Set<string> | null = new Set();
  for (let i = own.log.length - 1; i >= 0 && own.log[i]!.value > since; i--) {
    const entry = own.log[i]!;
    rowids.push(...(shadows ? entry.rows : entry.own));
    if (entry.columns === null) columns = null;
    else if (columns !== null) for (const column of entry.columns) columns.add(column);
  }
  const now = [...values];
  now[at] = own.value;
  return { rowids, columns, deps: { epoch, counters: cs, values: now, rows: deps.rows } };
}

/** What tableWrittenSince tells: the rows written since, the columns those updates changed (null: not all known), the dependencies as of now. */
export interface WrittenSince {
  rowids: number[];
  columns: ReadonlySet<string> | null;
  deps: Dependencies;
}

/** How many times a statement names `table` or its shadows (0 for a table not counted one by one). */
export function namings(sql: string, table: string): number {
  return mentions(sql).get(family(table)) ?? 0;
}

/**
 * The tables a write transaction changed, as SQLite's update hook reports them (triggers and
 * foreign-key actions included). The hook does not see rows of WITHOUT ROWID tables nor a
 * `DELETE` that empties a table in one step; SQLite's total_changes() does, so a write whose
 * count of changes is not the count the hook saw is not known table by table.
 */
interface Watch {
  tables: Set<string>;
  /** The rowids the hook named, per table. */
  rows: Map<string, number[]>;
  /** Per table (lower case), the rows updateRow changed and their columns (see noteUpdatedColumns). */
  updated: Map<string, { rows: number; columns: Set<string> }>;
  seen: number;
  changesBefore: number;
  schemaBefore: number;
}

const watches = new WeakMap<Db, Watch>();
let watching: Watch | null = null;

function hook(_db: Db, table: string, rowid: number | bigint): void {
  if (watching === null) return;
  watching.tables.add(table);
  const rows = watching.rows.get(table);
  if (rows === undefined) watching.rows.set(table, [Number(rowid)]);
  else rows.push(Number(rowid));
  watching.seen++;
}

function totalChanges(db: Db): number {
  return (db.query('SELECT total_changes() AS n').get() as { n: number }).n;
}

/** Moves with every change of the schema (DDL), which neither the hook nor total_changes() sees. */
function schemaVersion(db: Db): number {
  return (db.query('PRAGMA schema_version').get() as { schema_version: number }).schema_version;
}

/** Starts noting the tables a write changes on `db` (before its first statement); false when one is noted already. */
export function watchWrites(db: Db): boolean {
  if (watching !== null) return false;
  let watch = watches.get(db);
  if (watch === undefined) {
    watch = { tables: new Set(), rows: new Map(), updated: new Map(), seen: 0, changesBefore: 0, schemaBefore: 0 };
    watches.set(db, watch);
    db.onInsert = hook;
    db.onUpdate = hook;
    db.onDelete = hook;
  }
  watch.tables.clear();
  watch.rows.clear();
  watch.updated.clear();
  watch.seen = 0;
  watch.changesBefore = totalChanges(db);
  watch.schemaBefore = schemaVersion(db);
  watching = watch;
  return true;
}

/**
 * The write has ended (committed or not): moves the counters of the tables it changed. Changes
 * the hook did not see are those of WITHOUT ROWID tables: a table's shadows, written by its own
 * triggers (its `__counts`, its full-text index), and the full-text bookkeeping of the tables
 * written (deskbase_fulltext_*); all belong to tables the hook saw. A `DELETE` that empties a
 * table in one step (the only other unseen change: a table without triggers, emptied by an
 * import) is seen as such when nothing else was: then every cached read goes, as after a change
 * of the schema.
 */
export function writesEnded(db: Db): Written | null {
  const watch = watching;
  watching = null;
  if (watch === null) return null;
  const written = summary(db, watch);
  if (written === null) bumpAll();
  else bumpTables(written);
  return written;
}

/** What the write being noted has changed so far (see writesEnded); null when that is not known table by table. */
export function writesSoFar(db: Db): Written | null {
  return watching === null ? null : summary(db, watching);
}

function summary(db: Db, watch: Watch): Written | null {
  const unseen = totalChanges(db) - watch.changesBefore - watch.seen;
  if ((unseen !== 0 && watch.tables.size === 0) || schemaVersion(db) !== watch.schemaBefore) return null;
  return { tables: [...watch.tables], rows: new Map(watch.rows), columns: updatedColumns(watch) };
}

/**
 * One row of `table` updated in `columns` by one statement (updateRow, which changed exactly one
 * row) in the write being noted: when the hook saw no other change of that table's rows, the
 * write's columns are known.
 */
export function noteUpdatedColumns(table: string, columns: readonly string[]): void {
  if (watching === null) return;
  const name = table.toLowerCase();
  const found = watching.updated.get(name);
  if (found === undefined) watching.updated.set(name, { rows: 1, columns: new Set(columns.map((c) => c.toLowerCase())) });
  else {
    found.rows++;
    for (const column of columns) found.columns.add(column.toLowerCase());
  }
}

/**
 * The columns of each table whose every change the hook saw was one of updateRow's: as many rows
 * changed as it updated (an insert, a delete, or a trigger's or another statement's update makes
 * the counts differ). The schema has no generated columns, whose values would change with them.
 */
function updatedColumns(watch: Watch): Map<string, ReadonlySet<string>> {
  const known = new Map<string, ReadonlySet<string>>();
  for (const [table, rowids] of watch.rows) {
    const name = table.toLowerCase();
    const updated = watch.updated.get(name);
    if (updated !== undefined && family(table) === name && updated.rows === rowids.length) known.set(name, updated.columns);
  }
  return known;
}

/** Does a write to `table` drop only the cached reads of it (setNarrowTables)? */
export const isNarrowTable = (table: string): boolean => narrow.has(family(table));
