import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { ROOT } from './server';

const AUTOCANNON = join(ROOT, 'node_modules/autocannon/autocannon.js');
/** Extra time a run may take beyond its duration before it is killed. */
const GRACE_MS = 30_000;

export interface LoadOptions {
  /** Scratch folder for the HAR file. */
  dir: string;
  origin: string;
  /** Full URLs, each sent with the headers; connections cycle through them. */
  urls: string[];
  /** Session tokens, one per request entry in turn: several sessions as several clients would. */
  tokens: string[];
  connections: number;
  seconds: number;
}

export interface LoadResult {
  requests: number;
  /** Measured duration in seconds, as autocannon reports it. */
  seconds: number;
  requestsPerSecond: number;
  latency: { mean: number; p50: number; p99: number; max: number };
  /** Non-2xx answers, socket errors and timeouts: any of them invalidates the run. */
  failures: number;
  bytesPerRequest: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { mean: number; p50: number; p99: number; max: number };
  throughput: { total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}

/** The request list as a HAR file: autocannon's CLI replays its entries on every connection. */
function writeHar(options: LoadOptions, name: string): string {
  const entries = options.urls.map((url, i) => ({ request: { method: 'GET', url, headers: [{ name: 'Session-Token', value: options.tokens[i % options.tokens.length]! }] } }));
  const file = join(options.dir, `${name}.har`);
  writeFileSync(file, JSON.stringify({ log: { entries } }));
  return file;
}

const running = new Set<Subprocess>();

/** Kills the load generator, if one runs (on interruption). */
export function abortLoad(): void {
  for (const proc of running) proc.kill('SIGKILL');
}

async function autocannon(args: string[], timeoutMs: number): Promise<AutocannonJson> {
  const proc = Bun.spawn(['node', AUTOCANNON, ...args], { cwd: ROOT, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
  running.add(proc);
  const killer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(killer);
  running.delete(proc);
  if (code !== 0) throw new Error(`autocannon exited with ${code}:\n${stderr}`);
  return JSON.parse(stdout) as AutocannonJson;
}

/**
 * Runs autocannon (Node, a separate process from the server) for a warm-up, then for the
 * measured duration, pipelining 1, loopback only.
 */
export async function measure(name: string, options: LoadOptions, warmupSeconds: number): Promise<LoadResult> {
  const har = writeHar(options, name);
  const args = (seconds: number) => ['--json', '--har', har, '-c', String(options.connections), '-p', '1', '-d', String(seconds), '-t', '10', options.origin];
  if (warmupSeconds > 0) await autocannon(args(warmupSeconds), warmupSeconds * 1000 + GRACE_MS);
  const raw = await autocannon(args(options.seconds), options.seconds * 1000 + GRACE_MS);
  return {
    requests: raw.requests.total,
    seconds: raw.duration,
    requestsPerSecond: raw.requests.total / raw.duration,
    latency: { mean: raw.latency.mean, p50: raw.latency.p50, p99: raw.latency.p99, max: raw.latency.max },
    failures: raw.errors + raw.timeouts + raw.non2xx,
    bytesPerRequest: raw.requests.total ? raw.throughput.total / raw.requests.total : 0,
  };
}
