/**
 * `bun run bench [-- --computers N --tickets N --keep DIR --no-load --no-import --no-mail --no-notify --no-inventory --no-mixed --no-churn --churn --churn-share F --out FILE --shapes A,B --threads N]`:
 * seeds Deskbase through the bulk API (or reuses a kept, already seeded data folder), then measures every search
 * shape sequentially (p50/p99), restart time and memory, and under load from autocannon (a
 * separate Node process) getItem beside a bare Bun server, pages and the search shapes.
 * Then churns the data through the API (bench/churn.ts) and measures the sequential figures again.
 * Then reads of four users while a client updates 50 computers a second (bench/mixed.ts, its own server and
 * seed), the GLPI import scenario (bench/import.ts), the console's gzipped bundle size and its
 * first render of a 50-row list in Chromium (bench/console.ts, also runnable alone). Writes bench/RESULTS.md (or --out) and prints a summary.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkTotal, login, type Client } from './api';
import { churn, churnedShapes, churnMix, describeMix, verifyCounts } from './churn';
import { consoleBundleFigure, consoleFirstRenderFigure } from './console';
import { benchmarkImport } from './import';
import { benchmarkMail } from './mail';
import { benchmarkRules } from './rules';
import { benchmarkNotifications } from './notify';
import { benchmarkInventory } from './inventory';
import { benchmarkMixed, MIXED_DEFAULTS } from './mixed';
import { rawInsertRate } from './raw-insert';
import { abortLoad, measure, type LoadOptions, type LoadResult } from './load';
import { describeMachine, loadAverage, summary, writeResults, type Figure } from './report';
import { batches, computer, createLookups, seedComputers, seedTickets, type Lookups } from './seed';
import { bulkFloorRate } from './bulk-floor';
import { cpuMs, startBare, startServer, type BenchServer } from './server';
import { searchShapes, type Shape } from './shapes';
import { sample, shuffled } from './sample';
import { upkeepSettled } from './upkeep';

const DEFAULTS = {
  computers: 10_000,
  tickets: 1_000,
  batchSize: 1_000,
  connections: 16,
  seconds: 10,
  warmupSeconds: 2,
  /** Seconds under load per search shape (they are many). */
  shapeSeconds: 4,
  /** Distinct Computer ids the getItem scenario cycles through. */
  sampleIds: 1_000,
  pageRange: '0-49',
  /** Distinct pages the uncached page scenario cycles through. */
  coldPages: 1_000,
  /** Sequential requests per search shape for p50/p99 (the first few warm up and are discarded). */
  sequential: 60,
  sequentialWarmup: 3,
  /** A slow shape stops early (after at least `sequentialMin` requests), so a run stays short. */
  sequentialBudgetMs: 15_000,
  sequentialMin: 10,
};

const TARGETS = {
  seedPerSecond: 50_000,
  /** The API's bulk add against the raw insert of the same rows (bench/raw-insert.ts), in %. */
  seedShareOfRaw: 70,
  getItemShareOfBare: 0.6,
  getItemP99Ms: 5,
  pagePerSecond: 3_000,
  shapePerSecond: 3_000,
  shapeP50Ms: 20,
  shapeP99Ms: 100,
  rssMiB: 300,
  restartMs: 500,
};

interface Options {
  computers: number;
  tickets: number;
  /** Kept data folder: seeded once, reused by later runs of the same size. */
  keep: string | undefined;
  /** Skip the load (autocannon) scenarios: for the big sequential run. */
  load: boolean;
  /** Skip the GLPI import scenario (it needs MariaDB and a minute). */
  import: boolean;
  /** Collect 500 mails from a private Dovecot (--no-mail skips it). */
  mail: boolean;
  /** Ticket updates with and without notifications, and the sender draining 1 000 mails (--no-notify skips them). */
  notify: boolean;
  /** 1 000 agents' inventories of 300 packages, 8 at a time (--no-inventory skips it; bench/inventory.ts alone). */
  inventory: boolean;
  /** Reads while a client updates computers at 50/s, against the bare server (--no-mixed skips it; bench/mixed.ts alone). */
  mixed: boolean;
  /** Churn the data after the first measures and measure again (it changes a kept folder for good). */
  churn: boolean;
  /** Scales the churn's shares (bench/churn.ts), in (0, 1]. */
  churnShare: number;
  out: string;
  /** Only the search shapes whose name contains one of these (comma-separated), when given. */
  shapes: string[] | undefined;
  /** Deskbase's --threads (the bare server gets as many); its default when not given. */
  threads: number | undefined;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      computers: { type: 'string' },
      tickets: { type: 'string' },
      keep: { type: 'string' },
      'no-load': { type: 'boolean' },
      'no-import': { type: 'boolean' },
      'no-mail': { type: 'boolean' },
      'no-notify': { type: 'boolean' },
      'no-inventory': { type: 'boolean' },
      'no-mixed': { type: 'boolean' },
      churn: { type: 'boolean' },
      'no-churn': { type: 'boolean' },
      'churn-share': { type: 'string' },
      out: { type: 'string' },
      shapes: { type: 'string' },
      threads: { type: 'string' },
    },
  });
  const count = (text: string | undefined, fallback: number) => {
    const n = text === undefined ? fallback : Number(text.replaceAll('_', ''));
    if (!Number.isInteger(n) || n < 1) throw new Error(`bad count ${text}`);
    return n;
  };
  const churnShare = Number(values['churn-share'] ?? 1);
  if (!(churnShare > 0 && churnShare <= 1)) throw new Error(`bad churn share ${values['churn-share']}`);
  return {
    // A kept folder is churned only when asked: it could not be reused afterwards.
    churn: !values['no-churn'] && (values.churn === true || !values.keep),
    churnShare,
    computers: count(values.computers, DEFAULTS.computers),
    tickets: count(values.tickets, DEFAULTS.tickets),
    keep: values.keep ? resolve(values.keep) : undefined,
    load: !values['no-load'],
    import: !values['no-import'],
    mail: !values['no-mail'],
    notify: !values['no-notify'],
    inventory: !values['no-inventory'],
    mixed: !values['no-mixed'],
    out: values.out ?? 'RESULTS.md',
    shapes: values.shapes?.split(',').map((s) => s.trim()),
    threads: values.threads === undefined ? undefined : count(values.threads, 1),
  };
}

const CONFIG = DEFAULTS;

const log = (message: string) => console.log(`[bench] ${message}`);

function nodeVersion(): string {
  const result = Bun.spawnSync(['node', '--version']);
  if (result.exitCode !== 0) throw new Error('node is needed to run autocannon');
  return result.stdout.toString().trim();
}

async function load(name: string, origin: string, dir: string, tokens: string[], urls: string[], seconds = CONFIG.seconds): Promise<LoadResult> {
  log(`${name}: ${CONFIG.warmupSeconds} s warm-up, then ${seconds} s with ${CONFIG.connections} connections`);
  const options: LoadOptions = { dir, origin, urls, tokens, connections: CONFIG.connections, seconds };
  const result = await measure(name.replace(/[^a-z0-9]+/gi, '-'), options, CONFIG.warmupSeconds);
  if (result.failures > 0) throw new Error(`${name}: ${result.failures} of ${result.requests} requests failed (non-2xx, errors or timeouts)`);
  log(`${name}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.bytesPerRequest)} B/response`);
  return result;
}

const latencyDetail = (r: LoadResult) =>
  `${r.requests.toLocaleString('en-US')} requests in ${r.seconds.toFixed(2)} s; latency mean ${r.latency.mean.toFixed(2)} ms, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; ${Math.round(r.bytesPerRequest)} bytes per response (headers included)`;

/** What a kept data folder remembers of its seed. */
interface SeedState {
  password: string;
  computers: number;
  tickets: number;
  lookups: Lookups;
  computerIds: number[];
  seedPerSecond: number;
  seedDetail: string;
  /** Set once a run churned the folder: its sizes and contents are no longer the seed's. */
  churned?: boolean;
}

const seedFile = (dir: string) => join(dir, 'bench-seed.json');

function readSeed(dir: string | undefined, options: Options): SeedState | null {
  if (!dir || !existsSync(seedFile(dir))) return null;
  const state = JSON.parse(readFileSync(seedFile(dir), 'utf8')) as SeedState;
  if (state.churned) throw new Error(`${dir} was churned by an earlier run: seed a new folder (or use a copy of one kept unchurned)`);
  if (state.computers !== options.computers || state.tickets !== options.tickets) {
    throw new Error(`${dir} holds a seed of ${state.computers} Computers and ${state.tickets} Tickets, not the sizes asked for`);
  }
  return state;
}

async function seed(server: BenchServer, password: string, options: Options): Promise<SeedState> {
  const client = await login(server.api, 'glpi', password);
  const lookups = await createLookups(client);
  log(`seeding ${options.computers} Computers in batches of ${CONFIG.batchSize}`);
  const step = Math.max(CONFIG.batchSize, Math.floor(options.computers / 10 / CONFIG.batchSize) * CONFIG.batchSize);
  // Items per second over each tenth of the seed: the rate must stay flat as the table grows.
  const rates: number[] = [];
  let mark = performance.now();
  const computers = await seedComputers(client, lookups, options.computers, CONFIG.batchSize, (done) => {
    if (done % step !== 0) return;
    const now = performance.now();
    rates.push(step / ((now - mark) / 1000));
    mark = now;
    log(`  ${done} added (${Math.round(rates.at(-1)!)} items/s)`);
  });
  log(`seeded in ${computers.seconds.toFixed(2)} s: ${Math.round(computers.itemsPerSecond)} items/s`);
  const tickets = await seedTickets(client, options.tickets, CONFIG.batchSize, () => {});
  log(`${options.tickets} Tickets in ${tickets.seconds.toFixed(2)} s`);
  return {
    password,
    computers: options.computers,
    tickets: options.tickets,
    lookups,
    computerIds: computers.ids,
    seedPerSecond: computers.itemsPerSecond,
    seedDetail: `${options.computers.toLocaleString('en-US')} Computers in ${computers.seconds.toFixed(2)} s, ${Math.ceil(options.computers / CONFIG.batchSize)} sequential POST /Computer/ of ${CONFIG.batchSize} (bodies built before timing); items/s per ${step.toLocaleString('en-US')} added: ${rates.map((r) => Math.round(r).toLocaleString('en-US')).join(', ')}`,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One client, one request at a time: p50 and p99 of the shape's distinct requests. */
async function sequential(shape: Shape, token: string): Promise<{ p50: number; p99: number; total: number; count: number }> {
  const times: number[] = [];
  let total = 0;
  const deadline = performance.now() + CONFIG.sequentialBudgetMs;
  for (let i = 0; i < CONFIG.sequential + CONFIG.sequentialWarmup; i++) {
    if (times.length >= CONFIG.sequentialMin && performance.now() > deadline) break;
    const started = performance.now();
    const response = await fetch(shape.url(i), { headers: { 'Session-Token': token } });
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`${shape.name}: HTTP ${response.status} ${text.slice(0, 300)}`);
    if (i < CONFIG.sequentialWarmup) continue;
    times.push(elapsed);
    total = Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1] ?? 0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), total, count: times.length };
}

/** Each shape's sequential p50 and p99; `prefix` names the data's state (after churn). */
async function searchFigures(server: BenchServer, shapes: Shape[], token: string, prefix = ''): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const shape of shapes) {
    const cpuBefore = cpuMs(server.pid);
    const r = await sequential(shape, token);
    // Server CPU per request (warm-up included): on a shared machine it follows the neighbours less than latency does.
    const cpu = (cpuMs(server.pid) - cpuBefore) / (r.count + CONFIG.sequentialWarmup);
    log(`${prefix}${shape.name}: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, server CPU ${cpu.toFixed(1)} ms/request (last total ${r.total})`);
    const detail = `${r.count} sequential requests (after ${CONFIG.sequentialWarmup} discarded), one client; server CPU ${cpu.toFixed(1)} ms per request (warm-up included); last totalcount ${r.total}; e.g. \`${shape.url(0).replace(server.api, '')}\``;
    figures.push({ name: `${prefix}${shape.name}: p50`, value: r.p50, unit: 'ms', target: TARGETS.shapeP50Ms, kind: 'max', detail });
    figures.push({ name: `${prefix}${shape.name}: p99`, value: r.p99, unit: 'ms', target: TARGETS.shapeP99Ms, kind: 'max', detail: 'same run as its p50' });
  }
  return figures;
}

/** getItem one request at a time over random ids, p50 and p99. */
async function getItemFigures(server: BenchServer, ids: number[], token: string, prefix = ''): Promise<Figure[]> {
  const r = await sequential({ name: 'getItem', url: (i) => `${server.api}/Computer/${ids[i % ids.length]}` }, token);
  log(`${prefix}getItem, sequential: p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms`);
  const detail = `GET /Computer/:id, ${r.count} sequential requests on random ids (after ${CONFIG.sequentialWarmup} discarded), one client`;
  return [
    { name: `${prefix}getItem, sequential: p50`, value: r.p50, unit: 'ms', target: TARGETS.getItemP99Ms, kind: 'max', detail },
    { name: `${prefix}getItem, sequential: p99`, value: r.p99, unit: 'ms', target: TARGETS.getItemP99Ms, kind: 'max', detail: 'same run as its p50' },
  ];
}

/** One session per connection, as sixteen clients would have. */
async function sessions(server: BenchServer, state: SeedState, client: Client): Promise<string[]> {
  const tokens: string[] = [client.sessionToken];
  while (tokens.length < CONFIG.connections) tokens.push((await login(server.api, 'glpi', state.password)).sessionToken);
  return tokens;
}

const GET_ITEM_THROUGHPUT = 'getItem throughput';

const threadsDetail = (deskbase: number, bare?: number) =>
  `Deskbase on ${deskbase} request-serving thread${deskbase > 1 ? 's' : ''}${bare === undefined ? '' : `, the bare server on ${bare}`}`;

async function loadFigures(server: BenchServer, state: SeedState, client: Client, shapes: Shape[]): Promise<Figure[]> {
  const token = await sessions(server, state, client);
  const ids = sample(state.computerIds, CONFIG.sampleIds);
  // The bare server answers the very bodies Deskbase gives for these ids.
  const bodies: Record<string, string> = {};
  for (const id of new Set(ids)) bodies[id] = JSON.stringify((await client.get(`Computer/${id}`)).body);
  const bodiesFile = join(server.dir, 'bare-bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const bare = await startBare(bodiesFile, server.threads);
  const itemPaths = ids.map((id) => `/apirest.php/Computer/${id}`);
  let item: LoadResult;
  let ceiling: LoadResult;
  try {
    item = await load('getItem', server.origin, server.dir, token, itemPaths.map((p) => server.origin + p));
    ceiling = await load('getItem, bare Bun server', bare.origin, server.dir, token, itemPaths.map((p) => bare.origin + p));
  } finally {
    await bare.dispose();
  }
  // Every id in turn, more ids than the answer cache holds: each answer is built from the database.
  const everyId = shuffled(state.computerIds, 7).map((id) => `${server.api}/Computer/${id}`);
  const uncachedItem = await load('getItem (uncached)', server.origin, server.dir, token, everyId);
  const page = await load('page', server.origin, server.dir, token, [`${server.api}/Computer/?range=${CONFIG.pageRange}`]);
  const pages = Math.min(CONFIG.coldPages, Math.floor(state.computers / 50));
  const cold = await load('page (uncached)', server.origin, server.dir, token, Array.from({ length: pages }, (_, i) => `${server.api}/Computer/?range=${i * 50}-${i * 50 + 49}`));
  const figures: Figure[] = [
    { name: GET_ITEM_THROUGHPUT, value: item.requestsPerSecond, unit: 'req/s', target: ceiling.requestsPerSecond * TARGETS.getItemShareOfBare, kind: 'min', detail: `GET /Computer/:id over ${CONFIG.sampleIds} random ids (after their first two reads, answered from the exact answer cache), target 60 % of the bare Bun server's ${Math.round(ceiling.requestsPerSecond)} req/s in the same run (bench/bare.ts: same bodies from memory; ${latencyDetail(ceiling)}); ${latencyDetail(item)}; ${threadsDetail(server.threads, bare.threads)}` },
    { name: 'getItem p99 latency', value: item.latency.p99, unit: 'ms', target: TARGETS.getItemP99Ms, kind: 'max', detail: 'same run as getItem throughput' },
    { name: 'getItem throughput, uncached', value: uncachedItem.requestsPerSecond, unit: 'req/s', target: ceiling.requestsPerSecond * TARGETS.getItemShareOfBare, kind: 'min', detail: `GET /Computer/:id over all ${state.computerIds.length} ids in a random order, cycled: more ids than the answer cache keeps (4 096), so each answer is built from the database; ${latencyDetail(uncachedItem)}` },
    { name: '50-row page throughput', value: page.requestsPerSecond, unit: 'req/s', target: TARGETS.pagePerSecond, kind: 'min', detail: `GET /Computer/?range=${CONFIG.pageRange}, the same page each time (page cache, exact: rebuilt after any write); ${latencyDetail(page)}` },
    { name: '50-row page, uncached', value: cold.requestsPerSecond, unit: 'req/s', target: TARGETS.pagePerSecond, kind: 'min', detail: `GET /Computer/?range=… over ${pages} distinct pages, each built from the database; ${latencyDetail(cold)}` },
  ];
  for (const shape of shapes) {
    const urls = Array.from({ length: 200 }, (_, i) => shape.url(i));
    const r = await load(`search: ${shape.name}`, server.origin, server.dir, token, urls, CONFIG.shapeSeconds);
    figures.push({ name: `under load: ${shape.name}`, value: r.requestsPerSecond, unit: 'req/s', target: TARGETS.shapePerSecond, kind: 'min', detail: `${CONFIG.shapeSeconds} s; ${latencyDetail(r)}; ${threadsDetail(server.threads)}` });
  }
  return figures;
}

/**
 * Churns the data (bench/churn.ts), checks that totalcounts stay exact, then measures again the
 * sequential search shapes, getItem (also under load, against the bare server's ceiling measured
 * before) and the server's memory. Answers the figures and the setup lines describing the churn.
 */
async function churnFigures(server: BenchServer, state: SeedState, client: Client, options: Options, before: Figure[]): Promise<{ figures: Figure[]; setup: string[] }> {
  const mix = churnMix(state.computers, state.tickets, options.churnShare);
  const described = describeMix(mix, state.computers, state.tickets, CONFIG.batchSize);
  log(described);
  const result = await churn(client, state.lookups, state.computerIds, state.tickets, mix, CONFIG.batchSize, log);
  const verified = await verifyCounts(client, join(server.dir, 'data'), state.lookups, result);
  log(verified);
  const upkeep = `The search indexes' upkeep after the churn (whole merges of the trigram indexes it rewrote) ended ${(await upkeepSettled(join(server.dir, 'data'))).toFixed(1)} s after the counts were checked; the figures below were measured after it.`;
  log(upkeep);
  const prefix = 'after churn: ';
  const figures = await searchFigures(server, churnedShapes(server.api, state.lookups, result), client.sessionToken, prefix);
  const ids = sample(result.live, CONFIG.sampleIds);
  figures.push(...(await getItemFigures(server, ids, client.sessionToken, prefix)));
  const ceiling = before.find((f) => f.name === GET_ITEM_THROUGHPUT);
  if (options.load && ceiling) {
    const item = await load(`${prefix}getItem`, server.origin, server.dir, await sessions(server, state, client), ids.map((id) => `${server.api}/Computer/${id}`));
    figures.push({ name: `${prefix}${GET_ITEM_THROUGHPUT}`, value: item.requestsPerSecond, unit: 'req/s', target: ceiling.target, kind: 'min', detail: `as before the churn, on ${CONFIG.sampleIds} random ids out of the trash; target 60 % of the bare Bun server measured before the churn; ${latencyDetail(item)}` });
  }
  figures.push({ name: `${prefix}server RSS`, value: server.rssMiB(), unit: 'MiB', target: TARGETS.rssMiB, kind: 'max', detail: 'VmRSS of the server process that ran the churn and the measures after it' });
  return { figures, setup: [described, `Churn phases, one client, sequential requests: ${result.phases.join('; ')}.`, verified, upkeep] };
}

async function benchmark(options: Options): Promise<{ figures: Figure[]; state: SeedState; reused: boolean; churnSetup: string[] }> {
  let state = readSeed(options.keep, options);
  const reused = state !== null;
  const password = state?.password ?? randomBytes(12).toString('hex');
  log(reused ? `reusing the seeded data folder ${options.keep}` : 'starting a server on an empty data folder');
  const dir = options.keep ?? mkdtempSync(join(tmpdir(), 'deskbase-bench-'));
  let server = await startServer(password, dir, [], options.threads);
  try {
    if (!state) {
      state = await seed(server, password, options);
      writeFileSync(seedFile(dir), JSON.stringify(state));
      // Restart: the time to open a big data folder is a figure of its own.
      await server.dispose();
      server = await startServer(password, dir, [], options.threads);
    }
    const restartMs = server.startMs;
    log(`server ${server.origin} (pid ${server.pid}, ${server.threads} request-serving threads) started in ${Math.round(restartMs)} ms, data in ${server.dir}`);
    log(`the search indexes' upkeep after the seed ended ${(await upkeepSettled(join(dir, 'data'))).toFixed(1)} s after the restart`);
    const client = await login(server.api, 'glpi', password);
    await checkTotal(client, 'Computer', options.computers);
    // The same rows inserted raw, beside the seed's rate (the folder is left as it is).
    const raw = await rawInsertRate(join(dir, 'data'), CONFIG.batchSize);
    log(`raw SQLite insert of the seeded Computers: ${Math.round(raw.itemsPerSecond)} items/s`);
    const floor = await bulkFloorRate(
      batches(options.computers, CONFIG.batchSize, (n) => computer(n, state!.lookups)),
      options.computers,
    );
    log(`the seed's bodies to a bare Bun server (HTTP and JSON only): ${Math.round(floor.itemsPerSecond)} items/s`);
    // An API that did nothing but the raw insert's SQLite work and the bare server's HTTP and JSON.
    const ceiling = (100 * (1 / raw.itemsPerSecond)) / (1 / raw.itemsPerSecond + 1 / floor.itemsPerSecond);
    const figures: Figure[] = [
      { name: 'bulk add (seed)', value: state.seedPerSecond, unit: 'items/s', target: TARGETS.seedPerSecond, kind: 'min', detail: state.seedDetail + (reused ? ' (measured when the kept folder was seeded)' : '') },
      {
        name: 'bulk add, share of raw SQLite',
        value: (100 * state.seedPerSecond) / raw.itemsPerSecond,
        unit: '%',
        target: TARGETS.seedShareOfRaw,
        kind: 'min',
        detail: `the seed's ${Math.round(state.seedPerSecond)} items/s against ${Math.round(raw.itemsPerSecond)} items/s for the raw insert of the same ${raw.items.toLocaleString('en-US')} Computers and their creation history through bun:sqlite (bench/raw-insert.ts: a fresh folder of the same schema and indexes, multi-row INSERTs, the trigram index filled per batch, ${CONFIG.batchSize} per transaction; ${raw.seconds.toFixed(2)} s)${reused ? '; the seed was measured when the kept folder was seeded, the raw insert in this run' : ''}. The floor HTTP and JSON set: the same request bodies posted the same way to a bare Bun server that only parses each and answers the same shapes (bench/bulk-floor.ts) took ${floor.seconds.toFixed(2)} s (${Math.round(floor.itemsPerSecond).toLocaleString('en-US')} items/s; items/s per request${floor.perRequest.length > 10 ? ', the first 10' : ''}: ${floor.perRequest.slice(0, 10).map((r) => Math.round(r).toLocaleString('en-US')).join(', ')}), so an API doing nothing beyond the raw insert and that floor would reach ${ceiling.toFixed(1)} % of raw`,
      },
      { name: 'restart (spawn to listening)', value: restartMs, unit: 'ms', target: TARGETS.restartMs, kind: 'max', detail: `bun server/main.ts on the seeded folder (${options.computers.toLocaleString('en-US')} Computers), spawn to its "listening" line, Bun start-up included` },
    ];
    const shapes = searchShapes({ api: server.api, lookups: state.lookups, computers: options.computers }).filter((s) => !options.shapes || options.shapes.some((part) => s.name.includes(part)));
    figures.push(...(await searchFigures(server, shapes, client.sessionToken)));
    figures.push(...(await getItemFigures(server, sample(state.computerIds, CONFIG.sampleIds), client.sessionToken)));
    if (options.load) figures.push(...(await loadFigures(server, state, client, searchShapes({ api: server.api, lookups: state.lookups, computers: state.computers }).filter((s) => !options.shapes || options.shapes.some((part) => s.name.includes(part))))));
    figures.push({ name: 'server RSS after the run', value: server.rssMiB(), unit: 'MiB', target: TARGETS.rssMiB, kind: 'max', detail: 'VmRSS of the server process once every scenario before the churn ran' });
    if (!options.churn) return { figures, state, reused, churnSetup: ['No churn (`--no-churn`, or a kept folder without `--churn`).'] };
    // From here on the folder no longer holds the seed: a later run must not take it for one.
    if (options.keep) writeFileSync(seedFile(dir), JSON.stringify({ ...state, churned: true }));
    const churned = await churnFigures(server, state, client, options, figures);
    figures.push(...churned.figures);
    await server.dispose();
    server = await startServer(password, dir, [], options.threads);
    figures.push({ name: 'after churn: restart (spawn to listening)', value: server.startMs, unit: 'ms', target: TARGETS.restartMs, kind: 'max', detail: 'as before the churn, on the churned folder' });
    return { figures, state, reused, churnSetup: churned.setup };
  } finally {
    await server.dispose();
    if (!options.keep) rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const options = parseOptions(Bun.argv.slice(2));
  const date = new Date();
  const machine = describeMachine(nodeVersion());
  const onSignal = () => {
    log('interrupted: stopping the load generator');
    abortLoad();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const { figures, reused, churnSetup } = await benchmark(options);
  const busy =
    options.mixed && options.load
      ? await benchmarkMixed(log, { ...MIXED_DEFAULTS, computers: options.computers, tickets: options.tickets, connections: CONFIG.connections, threads: options.threads })
      : { figures: [], setup: [] };
  figures.push(...busy.figures);
  const imported = options.import ? await benchmarkImport(log) : { figures: [], setup: [] };
  figures.push(...imported.figures);
  const mail = options.mail ? await benchmarkMail(log) : { figures: [], setup: [] };
  figures.push(...mail.figures);
  const rules = await benchmarkRules(log);
  figures.push(...rules.figures);
  const notify = options.notify ? await benchmarkNotifications(log) : { figures: [], setup: [] };
  figures.push(...notify.figures);
  const inventoried = options.inventory ? await benchmarkInventory(log) : { figures: [], setup: [] };
  figures.push(...inventoried.figures);
  figures.push(consoleBundleFigure());
  const firstRender = await consoleFirstRenderFigure(log);
  if (firstRender) figures.push(firstRender);
  const args = [
    `--computers ${options.computers}`,
    `--tickets ${options.tickets}`,
    ...(options.keep ? ['--keep <folder>'] : []),
    ...(options.load ? [] : ['--no-load']),
    ...(options.import ? [] : ['--no-import']),
    ...(options.mail ? [] : ['--no-mail']),
    ...(options.notify ? [] : ['--no-notify']),
    ...(options.inventory ? [] : ['--no-inventory']),
    ...(options.mixed ? [] : ['--no-mixed']),
    ...(options.churn && options.keep ? ['--churn'] : []),
    ...(!options.churn && !options.keep ? ['--no-churn'] : []),
    ...(options.churnShare !== 1 ? [`--churn-share ${options.churnShare}`] : []),
    ...(options.out !== 'RESULTS.md' ? [`--out ${options.out}`] : []),
    ...(options.shapes ? [`--shapes ${JSON.stringify(options.shapes.join(','))}`] : []),
  ];
  const file = writeResults(options.out, {
    date,
    machine,
    figures,
    command: `bun run bench -- ${args.join(' ')}`,
    loadAverageAfter: loadAverage(),
    setup: [
      `${options.computers.toLocaleString('en-US')} Computers (name, serial, otherserial, comment, contact, uuid; 20 Locations skewed 90 % / 18 × 0.55 % / 0.1 %, 10 Manufacturers, 5 States, 4 ComputerTypes) and ${options.tickets.toLocaleString('en-US')} Tickets over four years, one in three not solved, all added through the bulk API.`,
      reused ? 'Data folder seeded by an earlier run and kept (`--keep`), then opened again by this run.' : 'Data folder seeded by this run, then the server restarted on it before measuring.',
      `Search shapes: ${CONFIG.sequential} sequential requests each (fewer, at least ${CONFIG.sequentialMin}, for a shape slower than ${CONFIG.sequentialBudgetMs / 1000} s in all), one client, distinct values per request where the shape has values, timed from request to the end of the body (p50, p99; with few requests p99 is the slowest).`,
      options.load
        ? `Load: autocannon CLI in its own Node process, ${CONFIG.connections} connections, one session each (requests rotate over 16 Session-Tokens), pipelining 1, ${CONFIG.warmupSeconds} s warm-up then ${CONFIG.seconds} s (${CONFIG.shapeSeconds} s per search shape), loopback only. autocannon floors latencies to whole milliseconds.`
        : 'Load scenarios skipped (`--no-load`).',
      ...churnSetup,
      ...busy.setup,
      ...imported.setup,
      ...mail.setup,
      ...rules.setup,
      ...notify.setup,
      ...inventoried.setup,
      `Machine: ${machine.cores} cores, shared with other sessions running their own builds and tests, with the load generator and with the server: figures vary between runs.`,
    ],
  });
  console.log(`\n${summary(figures)}\n\nwritten to ${file}`);
}

try {
  await main();
} catch (error) {
  console.error('[bench] failed:', error);
  process.exit(1);
}
