/**
 * `bun bench/cpu.ts [--computers N] [--tickets N] [--ids all] [--shapes [--match TEXT]] [--seconds S] [--rounds R] [--keep DIR] [--threads N] [--writes N] [--profile DIR]`:
 * server CPU time per request under the same load as `bun run bench` (autocannon, 16
 * connections, 16 sessions). Throughput on a shared machine follows the neighbours; the CPU the
 * server process spends per answered request (user + system, all threads, from /proc) follows
 * them much less. Prints each round (with the server's RSS right after it, as `bun run bench`
 * reads it) and the median.
 * - By default: getItem over 1000 random ids, Deskbase beside the bare Bun server of
 *   bench/bare.ts. `--ids all` asks for every Computer in turn instead: with more Computers than
 *   the item cache holds (4096), every answer is built afresh (the uncached cost).
 * - `--shapes`: every search shape of bench/shapes.ts (those whose name holds `--match`, if
 *   given), 200 distinct URLs each as the bench sends, and the uncached 50-row list page.
 * - `--writes N`: one more client updates random computers N times a second while each round
 *   of Deskbase runs (a busy desk: every write moves the read caches' state); their CPU counts in
 *   Deskbase's, as it would on a real desk.
 * - `--profile DIR`: the server runs under Bun's CPU profiler (a profile lands in DIR on exit).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { login, type Client } from './api';
import { measure } from './load';
import { sample } from './sample';
import { createLookups, seedComputers, seedTickets, type Lookups } from './seed';
import { cpuMs, rssMiB, startBare, startServer, type BenchServer } from './server';
import { searchShapes } from './shapes';
import { startWriter } from './writer';

const CONNECTIONS = 16;
const SAMPLE_IDS = 1_000;
const SHAPE_URLS = 200;
const BATCH = 1_000;

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    computers: { type: 'string' },
    tickets: { type: 'string' },
    ids: { type: 'string' },
    shapes: { type: 'boolean' },
    match: { type: 'string' },
    seconds: { type: 'string' },
    rounds: { type: 'string' },
    keep: { type: 'string' },
    threads: { type: 'string' },
    profile: { type: 'string' },
    writes: { type: 'string' },
  },
});
const computers = Number(values.computers ?? 10_000);
const tickets = Number(values.tickets ?? 1_000);
const seconds = Number(values.seconds ?? (values.shapes ? 3 : 5));
const rounds = Number(values.rounds ?? (values.shapes ? 1 : 3));
const writes = Number(values.writes ?? 0);
const keep = values.keep ? resolve(values.keep) : undefined;

const log = (message: string) => console.log(`[cpu] ${message}`);
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

interface Kept {
  password: string;
  computers: number;
  tickets: number;
  ids: number[];
  lookups: Lookups;
}

/** A server process under load, and what it was measured at. */
interface Target {
  name: string;
  origin: string;
  pid: number;
  urls: string[];
  perRequest: number[];
  rate: number[];
  /** Updates to run beside each round (`--writes`), on these Computers. */
  writer?: { client: Client; ids: number[] };
}

const dir = keep ?? mkdtempSync(join(tmpdir(), 'deskbase-cpu-'));
const keptFile = join(dir, 'cpu-seed.json');
const kept = existsSync(keptFile) ? (JSON.parse(readFileSync(keptFile, 'utf8')) as Kept) : null;
if (kept && (kept.computers !== computers || kept.tickets !== tickets)) throw new Error(`${dir} holds ${kept.computers} Computers and ${kept.tickets} Tickets, not ${computers} and ${tickets}`);
const password = kept?.password ?? randomBytes(12).toString('hex');

async function seed(server: BenchServer): Promise<Kept> {
  const client = await login(server.api, 'glpi', password);
  log(`seeding ${computers} Computers and ${tickets} Tickets`);
  const lookups = await createLookups(client);
  const { ids } = await seedComputers(client, lookups, computers, BATCH, () => {});
  await seedTickets(client, tickets, BATCH, () => {});
  const state = { password, computers, tickets, ids, lookups } satisfies Kept;
  writeFileSync(keptFile, JSON.stringify(state));
  return state;
}

/** One warm-up run of its own (so the measured run's CPU starts after it), then the measured run. */
async function round(target: Target, tokens: string[], warm: boolean): Promise<void> {
  const options = { dir, origin: target.origin, urls: target.urls, tokens, connections: CONNECTIONS, seconds };
  if (warm) await measure('cpu', { ...options, seconds: 1 }, 0);
  const updates = target.writer && startWriter(target.writer.client, target.writer.ids, writes);
  const before = cpuMs(target.pid);
  const result = await measure('cpu', options, 0);
  const used = cpuMs(target.pid) - before;
  const written = await updates?.stop();
  if (result.failures > 0 || written?.failed) throw new Error(`${target.name}: ${result.failures} failed requests, ${written?.failed ?? 0} failed updates`);
  const micros = (used * 1000) / result.requests;
  target.perRequest.push(micros);
  target.rate.push(result.requestsPerSecond);
  log(`${target.name}: ${result.requests} requests${written ? ` (and ${written.done} updates)` : ''}, ${Math.round(used)} ms CPU, ${micros.toFixed(1)} µs/request, ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.latency.p99} ms, RSS after it ${rssMiB(target.pid).toFixed(0)} MiB`);
}

async function measureAll(targets: Target[], tokens: string[]): Promise<void> {
  for (let r = 0; r < rounds; r++) {
    if (rounds > 1) log(`round ${r + 1}`);
    for (const target of targets) await round(target, tokens, r === 0);
  }
}

/** Waits until the server is idle (its planner statistics are refreshed a second after start). */
async function settled(pid: number): Promise<void> {
  for (let tries = 0; tries < 40; tries++) {
    const before = cpuMs(pid);
    await Bun.sleep(500);
    if (cpuMs(pid) - before < 20) return;
  }
}

const profiling = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(values.profile)}`] : [];
const server = await startServer(password, dir, profiling, values.threads === undefined ? undefined : Number(values.threads));
log(`Deskbase on ${server.threads} request-serving thread(s)`);
try {
  const state = kept ?? (await seed(server));
  const client = await login(server.api, 'glpi', password);
  const tokens = [client.sessionToken];
  while (tokens.length < CONNECTIONS) tokens.push((await login(server.api, 'glpi', password)).sessionToken);
  await settled(server.pid);
  const writer = writes > 0 ? { client, ids: state.ids } : undefined;
  const deskbase = (name: string, urls: string[]): Target => ({ name, origin: server.origin, pid: server.pid, urls, perRequest: [], rate: [], writer });
  if (values.shapes) {
    const shapes = searchShapes({ api: server.api, lookups: state.lookups, computers: state.computers }).filter((s) => s.name.includes(values.match ?? ''));
    const pages = Math.floor(state.computers / 50);
    const targets = shapes.map((s) => deskbase(s.name, Array.from({ length: SHAPE_URLS }, (_, i) => s.url(i))));
    if ('page (uncached)'.includes(values.match ?? '')) targets.push(deskbase('page (uncached)', Array.from({ length: pages }, (_, i) => `${server.api}/Computer/?range=${i * 50}-${i * 50 + 49}`)));
    await measureAll(targets, tokens);
    log('median CPU per request:');
    for (const t of targets) console.log(`| ${t.name} | ${median(t.perRequest).toFixed(0)} µs |`);
  } else {
    const chosen = values.ids === 'all' ? state.ids : sample(state.ids, SAMPLE_IDS);
    const bodies: Record<string, string> = {};
    for (const id of new Set(chosen)) bodies[id] = JSON.stringify((await client.get(`Computer/${id}`)).body);
    const bodiesFile = join(dir, 'cpu-bare-bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const bare = await startBare(bodiesFile, server.threads);
    log(`bare server on ${bare.threads} thread(s)`);
    const paths = chosen.map((id) => `/apirest.php/Computer/${id}`);
    const item = deskbase('deskbase', paths.map((p) => server.origin + p));
    const ceiling: Target = { name: 'bare', origin: bare.origin, pid: bare.pid, urls: paths.map((p) => bare.origin + p), perRequest: [], rate: [] };
    try {
      await measureAll([item, ceiling], tokens);
    } finally {
      await bare.dispose();
    }
    const d = median(item.perRequest);
    const b = median(ceiling.perRequest);
    log(`median CPU per getItem: deskbase ${d.toFixed(1)} µs, bare ${b.toFixed(1)} µs (bare/deskbase ${((b / d) * 100).toFixed(0)} %); median req/s ${Math.round(median(item.rate))} vs ${Math.round(median(ceiling.rate))}`);
  }
} finally {
  await server.dispose();
  if (!keep) rmSync(dir, { recursive: true, force: true });
}
