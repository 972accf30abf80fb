/**
 * The inventory scenario (issue 33): 1 000 agents, each sending a FusionInventory inventory of a
 * computer with 300 installed packages (zlib'd XML, as the agent posts it), 8 at a time, while a
 * client reads computers through the API without pause. Every inventory must be stored (the
 * computers and their installs counted in the database afterwards), none refused, in under two
 * minutes. Alone: `bun bench/inventory.ts [--agents N] [--software N] [--concurrency N]`.
 */
import { Database } from 'bun:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '../test/support/client';
import { inventory, post, setInventorySettings } from '../test/inventory/fixture';
import type { Figure } from './report';
import { startServer } from './server';

const ADMIN_PASSWORD = 'bench-admin-pw';
const TARGET_SECONDS = 120;
/** Packages the agents share (a site's machines run mostly the same software). */
const CATALOG = 1_500;

export interface InventoryBenchOptions {
  agents: number;
  software: number;
  concurrency: number;
  /** Extra flags for the server's bun (e.g. `--cpu-prof`), and its thread count (Deskbase's default without). */
  bunFlags?: string[];
  threads?: number;
}

export const INVENTORY_DEFAULTS: InventoryBenchOptions = { agents: 1_000, software: 300, concurrency: 8 };

/** Agent `i`'s inventory: its own serial and MAC, `software` packages from the shared catalogue. */
function agentInventory(i: number, software: number): string {
  const packages: [string, string][] = Array.from({ length: software }, (_, k) => {
    const pkg = (i * 7 + k) % CATALOG;
    return [`package-${pkg}`, `${1 + (pkg % 5)}.${i % 3}`];
  });
  const id = String(i).padStart(5, '0');
  return inventory({ deviceid: `bench-${id}-2026-01-01-00-00-00`, name: `bench-${id}`, serial: `BENCH-${id}`, software: packages, disks: ['/', '/home'] }).replace(/52:54:00:AB:CD:EF/g, `52:54:00:00:${id.slice(1, 3)}:${id.slice(3)}`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export async function benchmarkInventory(log: (message: string) => void, options: InventoryBenchOptions = INVENTORY_DEFAULTS): Promise<{ figures: Figure[]; setup: string[] }> {
  const { agents, software, concurrency } = options;
  const dir = mkdtempSync(join(tmpdir(), 'deskbase-bench-inventory-'));
  const server = await startServer(ADMIN_PASSWORD, dir, options.bunFlags, options.threads);
  try {
    const api = await new Client(server.api).login('glpi', ADMIN_PASSWORD);
    await setInventorySettings(api, { enabled_inventory: '1' });
    log(`inventory: ${agents} agents × ${software} packages, ${concurrency} at a time …`);
    let reading = true;
    const reads: number[] = [];
    const reader = (async () => {
      while (reading) {
        const started = performance.now();
        await api.get('Computer/', { query: 'range=0-49' });
        reads.push(performance.now() - started);
      }
    })();
    const failures: string[] = [];
    const durations: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = next++; i < agents; i = next++) {
          const body = agentInventory(i, software);
          const sent = performance.now();
          const res = await post(server.origin, body);
          durations.push(performance.now() - sent);
          if (res.status !== 200) failures.push(`agent ${i}: ${res.status} ${res.xml.slice(0, 200)}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    reading = false;
    await reader;
    const db = new Database(join(dir, 'data', 'deskbase.sqlite'), { readonly: true });
    const computers = Number((db.query("SELECT COUNT(*) AS n FROM glpi_computers WHERE name LIKE 'bench-%' AND is_dynamic = 1").get() as { n: number }).n);
    const installs = Number((db.query('SELECT COUNT(*) AS n FROM glpi_items_softwareversions WHERE is_dynamic = 1').get() as { n: number }).n);
    db.close();
    durations.sort((a, b) => a - b);
    reads.sort((a, b) => a - b);
    const stored = computers === agents && installs === agents * software && failures.length === 0;
    log(`inventory: ${agents} inventories in ${seconds.toFixed(1)} s (p50 ${percentile(durations, 0.5).toFixed(0)} ms, p99 ${percentile(durations, 0.99).toFixed(0)} ms each); ${computers} computers, ${installs} installs, ${failures.length} errors; ${reads.length} reads meanwhile (p99 ${percentile(reads, 0.99).toFixed(0)} ms)`);
    for (const failure of failures.slice(0, 5)) log(`  ${failure}`);
    return {
      figures: [
        {
          name: `Inventory of ${agents} agents × ${software} packages`,
          // A run that lost or refused inventories fails whatever its time.
          value: stored ? seconds : Number.POSITIVE_INFINITY,
          unit: 's',
          target: TARGET_SECONDS,
          kind: 'max',
          detail: `${concurrency} agents at a time; ${computers} of ${agents} computers and ${installs} of ${agents * software} installs stored, ${failures.length} errors; each inventory p50 ${percentile(durations, 0.5).toFixed(0)} ms, p99 ${percentile(durations, 0.99).toFixed(0)} ms; ${reads.length} computer lists read meanwhile, p99 ${percentile(reads, 0.99).toFixed(0)} ms`,
        },
      ],
      setup: [`Inventory: ${agents} FusionInventory inventories (zlib'd XML, ${software} of ${CATALOG} shared packages each, 2 disks, a port) posted to /front/inventory.php ${concurrency} at a time while one client lists computers without pause.`],
    };
  } finally {
    await server.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { agents: { type: 'string' }, software: { type: 'string' }, concurrency: { type: 'string' }, 'cpu-prof-dir': { type: 'string' }, threads: { type: 'string' } } });
  const options: InventoryBenchOptions = {
    // A profile of the server (one per thread) written there when it stops: `--threads 1` keeps it to one.
    ...(values['cpu-prof-dir'] ? { bunFlags: ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof-dir']}`] } : {}),
    ...(values.threads ? { threads: Number(values.threads) } : {}),
    agents: Number(values.agents ?? INVENTORY_DEFAULTS.agents),
    software: Number(values.software ?? INVENTORY_DEFAULTS.software),
    concurrency: Number(values.concurrency ?? INVENTORY_DEFAULTS.concurrency),
  };
  const { figures } = await benchmarkInventory((message) => console.log(message), options);
  const failed = figures.filter((f) => !(f.value <= f.target));
  process.exit(failed.length === 0 ? 0 : 1);
}
