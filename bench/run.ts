/**
 * `bun run bench`: seeds a fresh Deskbase with 100 000 Computers through the bulk API, then
 * measures getItem and a collection page under load from autocannon (a separate Node process).
 * Writes bench/RESULTS.md and prints a summary.
 */
import { randomBytes } from 'node:crypto';
import { login, type Client } from './api';
import { benchmarkImport } from './import';
import { abortLoad, measure, type LoadOptions, type LoadResult } from './load';
import { describeMachine, loadAverage, summary, writeResults, type Figure } from './report';
import { seedComputers } from './seed';
import { startServer, type BenchServer } from './server';

const CONFIG = {
  computers: 100_000,
  batchSize: 1_000,
  connections: 32,
  seconds: 10,
  warmupSeconds: 2,
  /** Distinct Computer ids the getItem scenario cycles through. */
  sampleIds: 1_000,
  pageRange: '0-49',
  /** Distinct pages the uncached page scenario cycles through. */
  coldPages: 1_000,
  /** Distinct name prefixes the search scenario cycles through. */
  searchQueries: 1_000,
  // The search target is ours, until the search issue sets one.
  targets: { seedPerSecond: 20_000, getItemPerSecond: 10_000, getItemP99Ms: 5, pagePerSecond: 3_000, searchPerSecond: 1_000 },
} as const;

const COMMAND = 'cd /work/main && node_modules/.bin/bun run bench';

const log = (message: string) => console.log(`[bench] ${message}`);

/** Deterministic pseudo-random sample (mulberry32), so runs hit the same ids. */
function sample<T>(list: T[], count: number, seed = 42): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return Array.from({ length: count }, () => list[Math.floor(next() * list.length)]!);
}

function nodeVersion(): string {
  const result = Bun.spawnSync(['node', '--version']);
  if (result.exitCode !== 0) throw new Error('node is needed to run autocannon');
  return result.stdout.toString().trim();
}

/** The collection answers 206 with Content-Range …/total: the seed must be all there. */
async function checkTotal(client: Client, expected: number): Promise<void> {
  const { headers } = await client.get(`Computer/?range=0-0`);
  const total = Number(/\/(\d+)$/.exec(headers.get('content-range') ?? '')?.[1]);
  if (total !== expected) throw new Error(`Computer collection reports ${total} items, expected ${expected}`);
}

async function scenario(name: string, server: BenchServer, client: Client, urls: string[]): Promise<LoadResult> {
  log(`${name}: ${CONFIG.warmupSeconds} s warm-up, then ${CONFIG.seconds} s with ${CONFIG.connections} connections`);
  const options: LoadOptions = {
    dir: server.dir,
    origin: server.origin,
    urls,
    headers: { 'Session-Token': client.sessionToken },
    connections: CONFIG.connections,
    seconds: CONFIG.seconds,
  };
  const result = await measure(name, options, CONFIG.warmupSeconds);
  if (result.failures > 0) throw new Error(`${name}: ${result.failures} of ${result.requests} requests failed (non-2xx, errors or timeouts)`);
  log(`${name}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.bytesPerRequest)} B/response`);
  return result;
}

const latencyDetail = (r: LoadResult) =>
  `${r.requests.toLocaleString('en-US')} requests in ${r.seconds.toFixed(2)} s; latency mean ${r.latency.mean.toFixed(2)} ms (from throughput: ${((CONFIG.connections / r.requestsPerSecond) * 1000).toFixed(2)} ms), p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; ${Math.round(r.bytesPerRequest)} bytes per response (headers included)`;

async function benchmark(server: BenchServer, password: string): Promise<Figure[]> {
  const client = await login(server.api, 'glpi', password);
  log(`seeding ${CONFIG.computers} Computers in batches of ${CONFIG.batchSize}`);
  const seed = await seedComputers(client, CONFIG.computers, CONFIG.batchSize, (done) => {
    if (done % 20_000 === 0) log(`  ${done} added`);
  });
  log(`seeded in ${seed.seconds.toFixed(2)} s: ${Math.round(seed.itemsPerSecond)} items/s`);
  await checkTotal(client, CONFIG.computers);

  const itemUrls = sample(seed.ids, CONFIG.sampleIds).map((id) => `${server.api}/Computer/${id}`);
  const item = await scenario('getItem', server, client, itemUrls);
  const page = await scenario('page', server, client, [`${server.api}/Computer/?range=${CONFIG.pageRange}`]);
  // 1000 distinct pages cycled: more than the page cache holds, so every request builds its page.
  const coldUrls = Array.from({ length: CONFIG.coldPages }, (_, i) => `${server.api}/Computer/?range=${i * 50}-${i * 50 + 49}`);
  const cold = await scenario('page (uncached)', server, client, coldUrls);
  // The search engine: names starting with a prefix, with the location column, over 1000 prefixes.
  const searchUrls = Array.from(
    { length: CONFIG.searchQueries },
    (_, i) => `${server.api}/search/Computer?criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=^PC-${String(i * 7).padStart(5, '0')}&forcedisplay[0]=3&range=0-49`,
  );
  const found = await scenario('search', server, client, searchUrls);

  const { targets } = CONFIG;
  return [
    {
      name: 'bulk add (seed)',
      value: seed.itemsPerSecond,
      unit: 'items/s',
      target: targets.seedPerSecond,
      kind: 'min',
      detail: `${CONFIG.computers.toLocaleString('en-US')} Computers in ${seed.seconds.toFixed(2)} s, ${CONFIG.computers / CONFIG.batchSize} sequential POST /Computer/ of ${CONFIG.batchSize} (bodies built before timing)`,
    },
    { name: 'getItem throughput', value: item.requestsPerSecond, unit: 'req/s', target: targets.getItemPerSecond, kind: 'min', detail: `GET /Computer/:id over ${CONFIG.sampleIds} random ids; ${latencyDetail(item)}` },
    { name: 'getItem p99 latency', value: item.latency.p99, unit: 'ms', target: targets.getItemP99Ms, kind: 'max', detail: 'same run as getItem throughput' },
    {
      name: '50-row page throughput',
      value: page.requestsPerSecond,
      unit: 'req/s',
      target: targets.pagePerSecond,
      kind: 'min',
      detail: `GET /Computer/?range=${CONFIG.pageRange}, the same page each time: served from the page cache (exact: rebuilt after any write); ${latencyDetail(page)}`,
    },
    {
      name: '50-row page, uncached',
      value: cold.requestsPerSecond,
      unit: 'req/s',
      target: targets.pagePerSecond,
      kind: 'min',
      detail: `GET /Computer/?range=… over ${CONFIG.coldPages} distinct pages (offsets 0 to ${(CONFIG.coldPages - 1) * 50}), more than the cache keeps, so each page is built from the database; ${latencyDetail(cold)}`,
    },
    {
      name: 'search, name prefix',
      value: found.requestsPerSecond,
      unit: 'req/s',
      target: targets.searchPerSecond,
      kind: 'min',
      detail: `GET /search/Computer with criteria name contains ^PC-0xxxx (about 10 matches each) and the location column, over ${CONFIG.searchQueries} distinct prefixes (provisional target, ours); ${latencyDetail(found)}`,
    },
  ];
}

async function main(): Promise<void> {
  const date = new Date();
  const machine = describeMachine(nodeVersion());
  const password = randomBytes(12).toString('hex');
  log('starting a server on a temporary data folder');
  const server = await startServer(password);
  const onSignal = () => {
    log('interrupted: stopping the load generator and the server');
    abortLoad();
    void server.dispose().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let figures: Figure[];
  try {
    log(`server ${server.origin} (pid ${server.pid}), data in ${server.dir}`);
    figures = await benchmark(server, password);
  } finally {
    await server.dispose();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const imported = await benchmarkImport(log);
  figures.push(...imported.figures);
  const file = writeResults({
    date,
    machine,
    figures,
    command: COMMAND,
    loadAverageAfter: loadAverage(),
    setup: [
      'Fresh server (`bun server/main.ts --data <tmp> --port 0`) on a temporary data folder, removed afterwards.',
      `Seed: ${CONFIG.computers.toLocaleString('en-US')} Computers with name, serial, otherserial, comment, contact, uuid, entities_id 0 and links to 8 Locations, 6 Manufacturers and 4 ComputerTypes created first.`,
      `Load: autocannon CLI in its own Node process, ${CONFIG.connections} connections, pipelining 1, ${CONFIG.warmupSeconds} s warm-up (discarded) then ${CONFIG.seconds} s measured, Session-Token header, loopback only.`,
      'autocannon floors latencies to whole milliseconds (a reported 4 ms is 4.00–4.99 ms): a reported p99 below 5 is a true p99 below 5 ms, but its mean and p50 read low, hence the mean from throughput (connections ÷ req/s, Little\'s law) next to it.',
      ...imported.setup,
      `Machine: ${machine.cores} cores shared by the server, the load generator and whatever else runs on the host.`,
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
