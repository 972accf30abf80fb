/**
 * The import scenario: a private MariaDB holding the GLPI test fixture plus about 1 000 000
 * generated rows (bench/import-data.sql), imported by `deskbase import` into a fresh data folder,
 * RUNS times from the same MariaDB (generated once). Each run is timed from the command's start
 * to its exit, so connecting, checking and index building count; the figure is the median run,
 * with the spread of all of them (runs of the same code on a shared machine spread by seconds).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MariaDb, mariadbMissing } from '../test/support/mariadb';
import type { Figure } from './report';
import { ROOT } from './server';

const TARGETS = { rowsPerSecond: 50_000, millionRowsSeconds: 60 };
const RUNS = 3;

/** One `deskbase import` into a fresh data folder: the rows it reports and its seconds. */
async function importOnce(url: string): Promise<{ rows: number; seconds: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'deskbase-bench-import-'));
  try {
    const started = performance.now();
    const proc = Bun.spawn([process.execPath, join(ROOT, 'server/main.ts'), 'import', url, '--data', join(dir, 'data')], {
      cwd: ROOT,
      stdout: 'pipe',
      stderr: 'ignore',
    });
    const [report, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`deskbase import exited with ${code}:\n${report}`);
    const rows = Number(/: ([\d,]+) rows in /.exec(report)?.[1]?.replaceAll(',', '') ?? NaN);
    if (!(rows > 900_000)) throw new Error(`the import reported ${rows} rows:\n${report}`);
    return { rows, seconds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchmarkImport(log: (message: string) => void): Promise<{ figures: Figure[]; setup: string[] }> {
  if (mariadbMissing) {
    log(`import: skipped (${mariadbMissing})`);
    return { figures: [], setup: [] };
  }
  const maria = new MariaDb();
  try {
    await maria.start();
    log('import: generating the GLPI database in MariaDB');
    const sql = readFileSync(join(ROOT, 'test/import/fixture/glpi10.sql'), 'utf8') + readFileSync(join(ROOT, 'bench/import-data.sql'), 'utf8');
    await maria.createDatabase('glpi', sql);
    const runs: { rows: number; seconds: number }[] = [];
    for (let run = 1; run <= RUNS; run++) {
      log(`import: deskbase import, run ${run} of ${RUNS} …`);
      const done = await importOnce(maria.url('glpi'));
      log(`import: ${done.rows} rows in ${done.seconds.toFixed(1)} s: ${Math.round(done.rows / done.seconds)} rows/s`);
      runs.push(done);
    }
    const rows = runs[0]!.rows;
    if (runs.some((r) => r.rows !== rows)) throw new Error(`the imports reported different row counts: ${runs.map((r) => r.rows).join(', ')}`);
    const times = runs.map((r) => r.seconds).sort((a, b) => a - b);
    const seconds = times[Math.floor(times.length / 2)]!;
    const spread = `runs of ${times.map((t) => t.toFixed(1)).join(', ')} s (spread ${(times.at(-1)! - times[0]!).toFixed(1)} s)`;
    const detail = `${rows.toLocaleString('en-US')} rows (150,000 Computers, 250,000 NetworkPorts, 100,000 Tickets, 200,000 ITILFollowups, 300,000 Logs and the fixture): the median of ${RUNS} imports, ${seconds.toFixed(1)} s from the command's start to its exit; ${spread}`;
    return {
      figures: [
        { name: 'GLPI import', value: rows / seconds, unit: 'rows/s', target: TARGETS.rowsPerSecond, kind: 'min', detail },
        { name: 'GLPI import of 1M rows', value: (seconds * 1_000_000) / rows, unit: 's', target: TARGETS.millionRowsSeconds, kind: 'max', detail: 'the same median run, scaled to exactly 1,000,000 rows' },
      ],
      setup: [
        `Import: a private MariaDB (Debian mariadb-server, started on a temporary folder) loaded once with test/import/fixture/glpi10.sql and bench/import-data.sql, then ${RUNS} times \`bun server/main.ts import mysql://… --data <tmp>\` (read-only account), each into a fresh data folder.`,
      ],
    };
  } finally {
    await maria.stop();
  }
}
