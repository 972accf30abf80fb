/**
 * The raw SQLite figure a bulk add through the API is compared with: the very rows Deskbase
 * stored for a seed (its Computers and their creation history, read back from its data folder),
 * inserted again through bun:sqlite into a fresh data folder of the same schema (every index, the
 * triggers that keep the dropdown counts), the trigram index filled once per batch as Deskbase
 * fills it (one INSERT … SELECT), one transaction per batch, multi-row INSERT statements prepared
 * once (the fastest way bun:sqlite inserts many rows).
 * What the API adds on top (parsing, checks, rules, answers) is what the comparison measures.
 * The one piece of SQLite work the API does beyond this: it keeps the trigram index's triggers
 * (dropping them is DDL, see deferFulltext), so each new row's trigger still looks its deferral up
 * (about 0.8 µs a row measured on a 10k folder); the rows, indexes, history rows and index entries
 * are the same.
 */
import { Database } from 'bun:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../server/db';
import { fulltextColumns, fulltextTable } from '../server/db/fulltext';

type Value = string | number | null;

const TABLE = 'glpi_computers';
const CREATE_ITEM = 20; // glpi_logs.linked_action of a creation (server/items/history.ts)

/** Rows of `table` as arrays, in `columns` order. */
function rowsOf(db: Database, sql: string, ...args: Value[]): { columns: string[]; rows: Value[][] } {
  const statement = db.query(sql);
  const rows = statement.values(...args) as Value[][];
  return { columns: statement.columnNames, rows };
}

/** SQLite's bound values per statement (SQLITE_MAX_VARIABLE_NUMBER since 3.32). */
const MAX_VALUES = 32_766;

/** Inserts rows into `table` with multi-row statements (prepared once per row count). */
function inserter(db: Database, table: string, columns: string[]): (rows: Value[][]) => void {
  const perStatement = Math.max(1, Math.floor(MAX_VALUES / columns.length));
  const statements = new Map<number, ReturnType<Database['prepare']>>();
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const statement = (count: number) => {
    let found = statements.get(count);
    if (!found) statements.set(count, (found = db.prepare(`INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${Array.from({ length: count }, () => tuple).join(', ')}`)));
    return found;
  };
  return (rows) => {
    for (let start = 0; start < rows.length; start += perStatement) {
      const chunk = rows.slice(start, start + perStatement);
      statement(chunk.length).run(...chunk.flat());
    }
  };
}

/** Items per second of the raw insert of the Computers in `dataDir` (and their creation history), `batch` per transaction. */
export async function rawInsertRate(dataDir: string, batch: number): Promise<{ itemsPerSecond: number; items: number; seconds: number; cpuMicrosPerItem: number }> {
  const source = new Database(join(dataDir, 'deskbase.sqlite'), { readonly: true });
  let computers: { columns: string[]; rows: Value[][] };
  let logs: { columns: string[]; rows: Value[][] };
  try {
    computers = rowsOf(source, `SELECT * FROM ${TABLE} ORDER BY id`);
    logs = rowsOf(source, "SELECT * FROM glpi_logs WHERE itemtype = 'Computer' AND linked_action = ? ORDER BY items_id", CREATE_ITEM);
  } finally {
    source.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'deskbase-raw-'));
  const { store } = await openStore(dir, 'raw-insert');
  const { db } = store;
  try {
    // The trigram index is filled per batch below, as the API's bulk add does, not row by row.
    const fts = fulltextTable(TABLE);
    for (const suffix of ['_ai', '_ad', '_au']) db.exec(`DROP TRIGGER IF EXISTS ${fts}${suffix}`);
    const columns = fulltextColumns(TABLE).join(', ');
    const addComputers = inserter(db, TABLE, computers.columns);
    const addLogs = inserter(db, 'glpi_logs', logs.columns.filter((c) => c !== 'id'));
    const logId = logs.columns.indexOf('id');
    const itemsId = logs.columns.indexOf('items_id');
    const idAt = computers.columns.indexOf('id');
    const index = db.prepare(`INSERT INTO ${fts} (rowid, ${columns}) SELECT id, ${columns} FROM ${TABLE} WHERE id BETWEEN ? AND ?`);
    const logsByItem = new Map<number, Value[][]>();
    for (const log of logs.rows) {
      const key = Number(log[itemsId]);
      const list = logsByItem.get(key) ?? [];
      list.push(log.filter((_, i) => i !== logId));
      logsByItem.set(key, list);
    }
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    for (let start = 0; start < computers.rows.length; start += batch) {
      const rows = computers.rows.slice(start, start + batch);
      db.transaction(() => {
        addComputers(rows);
        addLogs(rows.flatMap((row) => logsByItem.get(Number(row[idAt])) ?? []));
        index.run(rows[0]![idAt]!, rows.at(-1)![idAt]!);
      }).immediate();
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    return { itemsPerSecond: computers.rows.length / seconds, items: computers.rows.length, seconds, cpuMicrosPerItem: (cpu.user + cpu.system) / computers.rows.length };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const [dataDir, batch] = Bun.argv.slice(2);
  if (!dataDir) throw new Error('usage: bun bench/raw-insert.ts DATA_DIR [BATCH]');
  const { itemsPerSecond, items, seconds, cpuMicrosPerItem } = await rawInsertRate(dataDir, Number(batch ?? 1000));
  console.log(`raw insert: ${items} Computers in ${seconds.toFixed(2)} s, ${Math.round(itemsPerSecond)} items/s, ${cpuMicrosPerItem.toFixed(1)} µs CPU/item`);
}
