/**
 * The import scenario: a private MariaDB holding the GLPI test fixture plus about 1 000 000
 * generated rows (bench/import-data.sql), imported by `deskbase import` into a fresh data folder.
 * Timed from the command's start to its exit, so connecting, checking and index building count.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MariaDb, mariadbMissing } from '../test/support/mariadb';
import type { Figure } from './report';
import { ROOT } from './server';

const TARGETS = { rowsPerSecond: 50_000, millionRowsSeconds: 60 };

export async function benchmarkImport(log: (message: string) => void): Promise<{ figures: Figure[]; setup: string[] }> {
  if (mariadbMissing) {
    log(`import: skipped (${mariadbMissing})`);
    return { figures: [], setup: [] };
  }
  const maria = new MariaDb();
  const dir = mkdtempSync(join(tmpdir(), 'deskbase-bench-import-'));
  try {
    await maria.start();
    log('import: generating the GLPI database in MariaDB');
    const sql = readFileSync(join(ROOT, 'test/import/fixture/glpi10.sql'), 'utf8') + readFileSync(join(ROOT, 'bench/import-data.sql'), 'utf8');
    await maria.createDatabase('glpi', sql);
    log('import: deskbase import …');
    const started = performance.now();
    const proc = Bun.spawn([process.execPath, join(ROOT, 'server/main.ts'), 'import', maria.url('glpi'), '--data', join(dir, 'data')], {
      cwd: ROOT,
      stdout: 'pipe',
      stderr: 'ignore',
    });
    const [report, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0) throw new Error(`deskbase import exited with ${code}:\n${report}`);
    const rows = Number(/: ([\d,]+) rows in /.exec(report)?.[1]?.replaceAll(',', '') ?? NaN);
    if (!(rows > 900_000)) throw new Error(`the import reported ${rows} rows:\n${report}`);
    const perSecond = rows / seconds;
    log(`import: ${rows} rows in ${seconds.toFixed(1)} s: ${Math.round(perSecond)} rows/s`);
    const detail = `${rows.toLocaleString('en-US')} rows (150,000 Computers, 250,000 NetworkPorts, 100,000 Tickets, 200,000 ITILFollowups, 300,000 Logs and the fixture) in ${seconds.toFixed(1)} s, from the command's start to its exit`;
    return {
      figures: [
        { name: 'GLPI import', value: perSecond, unit: 'rows/s', target: TARGETS.rowsPerSecond, kind: 'min', detail },
        { name: 'GLPI import of 1M rows', value: (seconds * 1_000_000) / rows, unit: 's', target: TARGETS.millionRowsSeconds, kind: 'max', detail: 'same run, scaled to exactly 1,000,000 rows' },
      ],
      setup: [
        'Import: a private MariaDB (Debian mariadb-server, started on a temporary folder) loaded with test/import/fixture/glpi10.sql and bench/import-data.sql, then `bun server/main.ts import mysql://… --data <tmp>` (read-only account) into a fresh data folder.',
      ],
    };
  } finally {
    await maria.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
