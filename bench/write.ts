/**
 * `bun bench/write.ts [--keep DIR] [--requests N] [--updates N] [--purges N] [--size N] [--profile DIR]`:
 * the cost of one bulk write, request by request. Posts N requests of `size` Computers (as the seed makes them) to a
 * server on a fresh data folder, or on a kept one (`--keep`, a folder `bun run bench --keep`
 * seeded: its bench-seed.json gives the password and lookups; the new Computers continue the
 * numbering after the collection's total, and the folder keeps them: measure on a copy). Prints, per request and as medians: wall time, the
 * server's CPU time from /proc (user and system, its main thread and all threads: the checkpoint
 * worker runs beside it), and the WAL pages the
 * request wrote, by table or index (frames read from the -wal file, pages named by the `dbstat`
 * table). Then, with `--updates` and `--purges`, as many bulk PUTs (new text, location and state,
 * as the churn makes them) and bulk DELETEs with force_purge of `size` existing Computers drawn
 * at random (fixed seed), measured alike. Wall time follows the neighbours on a shared machine; CPU and pages much less.
 * `--profile DIR` runs the server under Bun's CPU profiler (a profile lands in DIR on exit).
 */
import { Database } from 'bun:sqlite';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fstatSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { login, type Client } from './api';
import { churnedComputer } from './churn';
import { shuffled } from './sample';
import { batches, bulkAdd, computer, createLookups, inputBody, type Lookups } from './seed';
import { cpuTimes, startServer } from './server';

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { keep: { type: 'string' }, requests: { type: 'string' }, updates: { type: 'string' }, purges: { type: 'string' }, size: { type: 'string' }, profile: { type: 'string' } },
});
const requests = Number(values.requests ?? 20);
const updates = Number(values.updates ?? 0);
const purges = Number(values.purges ?? 0);
const size = Number(values.size ?? 1_000);
const keep = values.keep ? resolve(values.keep) : undefined;
const STATISTICS_SETTLE_MS = 3_000;
const log = (message: string) => console.log(`[write] ${message}`);
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;

interface Kept {
  password: string;
  computers: number;
  lookups: Lookups;
  computerIds: number[];
}

/** Page numbers of the WAL's valid frames (those of its current salt), in order. */
function walFrames(file: string): { salt: string; pages: number[] } {
  if (!existsSync(file)) return { salt: '', pages: [] };
  const fd = openSync(file, 'r');
  try {
    const bytes = fstatSync(fd).size;
    if (bytes < 32) return { salt: '', pages: [] };
    const header = Buffer.alloc(32);
    readSync(fd, header, 0, 32, 0);
    const pageSize = header.readUInt32BE(8);
    const salt = header.subarray(16, 24).toString('hex');
    const pages: number[] = [];
    const frame = Buffer.alloc(24);
    for (let at = 32; at + 24 + pageSize <= bytes; at += 24 + pageSize) {
      readSync(fd, frame, 0, 24, at);
      if (frame.subarray(8, 16).toString('hex') !== salt) break;
      pages.push(frame.readUInt32BE(0));
    }
    return { salt, pages };
  } finally {
    closeSync(fd);
  }
}

/** The frames a write added since `before`: all of them when the WAL started over meanwhile. */
function framesSince(before: { salt: string; pages: number[] }, after: { salt: string; pages: number[] }): number[] {
  return after.salt === before.salt ? after.pages.slice(before.pages.length) : after.pages;
}

interface ThreadUse {
  user: number;
  system: number;
  /** Read and write system calls, and the bytes they moved (/proc/…/io: page cache hits included). */
  reads: number;
  readBytes: number;
  writes: number;
  writeBytes: number;
}

const NO_USE: ThreadUse = { user: 0, system: 0, reads: 0, readBytes: 0, writes: 0, writeBytes: 0 };

/** CPU times and I/O calls of each thread of the process, by task id, with the thread's name. */
function threadTimes(pid: number): Map<number, ThreadUse & { name: string }> {
  const out = new Map<number, ThreadUse & { name: string }>();
  for (const entry of readdirSync(`/proc/${pid}/task`)) {
    const tid = Number(entry);
    try {
      const io = Object.fromEntries(
        readFileSync(`/proc/${pid}/task/${tid}/io`, 'utf8')
          .trim()
          .split('\n')
          .map((line) => line.split(': ') as [string, string]),
      );
      const counters = { reads: Number(io.syscr), readBytes: Number(io.rchar), writes: Number(io.syscw), writeBytes: Number(io.wchar) };
      out.set(tid, { name: readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim(), ...cpuTimes(pid, tid), ...counters });
    } catch {
      // The thread ended meanwhile.
    }
  }
  return out;
}

interface Request {
  ms: number;
  cpu: number;
  pages: number[];
}

interface Phase {
  name: string;
  items: number;
  requests: Request[];
  threads: Map<string, ThreadUse>;
}

/** Use per thread name (the main thread by its id) between two readings of threadTimes. */
function threadsUsed(pid: number, before: ReturnType<typeof threadTimes>, after: ReturnType<typeof threadTimes>): Map<string, ThreadUse> {
  const used = new Map<string, ThreadUse>();
  for (const [tid, now] of after) {
    const then = before.get(tid) ?? NO_USE;
    const name = tid === pid ? 'main thread' : now.name;
    const sum = used.get(name) ?? NO_USE;
    used.set(name, {
      user: sum.user + now.user - then.user,
      system: sum.system + now.system - then.system,
      reads: sum.reads + now.reads - then.reads,
      readBytes: sum.readBytes + now.readBytes - then.readBytes,
      writes: sum.writes + now.writes - then.writes,
      writeBytes: sum.writeBytes + now.writeBytes - then.writeBytes,
    });
  }
  return used;
}

const dir = keep ?? mkdtempSync(join(tmpdir(), 'deskbase-write-'));
const seedFile = join(dir, 'bench-seed.json');
const kept = keep && existsSync(seedFile) ? (JSON.parse(readFileSync(seedFile, 'utf8')) as Kept) : null;
if (keep && !kept) throw new Error(`${seedFile} is missing: --keep takes a folder seeded by bun run bench --keep`);
const password = kept?.password ?? randomBytes(12).toString('hex');
const server = await startServer(password, dir, values.profile ? [`--cpu-prof`, `--cpu-prof-dir=${resolve(values.profile)}`] : []);
const dbFile = join(dir, 'data', 'deskbase.sqlite');

/** Sends each body in turn, measuring each request. */
async function measurePhase(name: string, bodies: string[], items: number, send: (body: string) => Promise<unknown>): Promise<Phase> {
  const requests: Request[] = [];
  const before = threadTimes(server.pid);
  for (const body of bodies) {
    const wal = walFrames(`${dbFile}-wal`);
    const { user, system } = cpuTimes(server.pid);
    const started = performance.now();
    await send(body);
    const ms = performance.now() - started;
    const after = cpuTimes(server.pid);
    requests.push({ ms, cpu: after.user + after.system - user - system, pages: framesSince(wal, walFrames(`${dbFile}-wal`)) });
  }
  return { name, items, requests, threads: threadsUsed(server.pid, before, threadTimes(server.pid)) };
}

/** Elements of a bulk PUT or DELETE must all succeed. */
async function sendAll(client: Client, method: 'PUT' | 'DELETE', body: string): Promise<void> {
  const results = await client.send(method, 'Computer/', body);
  if (!Array.isArray(results) || results.some((r) => Object.entries(r as object).some(([key, value]) => key !== 'message' && value !== true))) {
    throw new Error(`bulk ${method} failed: ${JSON.stringify(results).slice(0, 300)}`);
  }
}

function report(phase: Phase, owner: Map<number, string>): void {
  const { requests } = phase;
  log(`${phase.name}:`);
  const byName = new Map<string, number[]>();
  requests.forEach((request, i) => {
    for (const page of new Set(request.pages)) {
      const name = owner.get(page) ?? '(free or new)';
      const list = byName.get(name) ?? requests.map(() => 0);
      list[i]!++;
      byName.set(name, list);
    }
    log(`  request ${i + 1}: ${request.ms.toFixed(1)} ms, ${Math.round(request.cpu)} ms CPU, ${new Set(request.pages).size} pages (${request.pages.length} frames)`);
  });
  const wall = requests.reduce((sum, request) => sum + request.ms, 0);
  const perItem = (ms: number) => ((ms * 1000) / phase.items).toFixed(1);
  log(`  ${phase.items} items in ${requests.length} requests: ${Math.round((phase.items * 1000) / wall)} items/s wall, median ${median(requests.map((r) => r.ms)).toFixed(1)} ms per request`);
  const perRequest = (n: number) => (n / requests.length).toFixed(0);
  const kib = (bytes: number) => (bytes / requests.length / 1024).toFixed(0);
  for (const [name, use] of [...phase.threads].sort((a, b) => b[1].user + b[1].system - a[1].user - a[1].system)) {
    if (use.user + use.system === 0) continue;
    const io = use.reads + use.writes > 0 ? `; per request ${perRequest(use.reads)} reads (${kib(use.readBytes)} KiB), ${perRequest(use.writes)} writes (${kib(use.writeBytes)} KiB)` : '';
    log(`  CPU per item, ${name}: ${perItem(use.user)} µs user + ${perItem(use.system)} µs system${io}`);
  }
  log(`  distinct WAL pages per request, median ${median(requests.map((r) => new Set(r.pages).size))}, by b-tree:`);
  const named = [...byName].map(([name, list]) => ({ name, pages: median(list) })).filter((n) => n.pages > 0);
  for (const { name, pages } of named.sort((a, b) => b.pages - a.pages)) log(`    ${String(pages).padStart(6)}  ${name}`);
}

try {
  const client = await login(server.api, 'glpi', password);
  // A start on a folder with statistics refreshes them a second later (half a second of CPU at a
  // million rows): not part of any write, so it runs before the measures.
  await Bun.sleep(STATISTICS_SETTLE_MS);
  const lookups = kept?.lookups ?? (await createLookups(client));
  const { headers } = await client.get('Computer/?range=0-0');
  const first = Number(/\/(\d+)$/.exec(headers.get('content-range') ?? '')?.[1] ?? 0) + 1;
  const phases: Phase[] = [];
  const added: number[] = [];
  phases.push(
    await measurePhase('bulk add', batches(requests * size, size, (n) => computer(first - 1 + n, lookups)), requests * size, async (body) => {
      added.push(...(await bulkAdd(client, 'Computer', body)));
    }),
  );
  // Existing Computers at random, each at most once: the seed's (less those an earlier run of this
  // script purged from the kept folder), or the ones just added.
  const purgedFile = join(dir, 'write-bench-purged.json');
  const purgedBefore = new Set<number>(existsSync(purgedFile) ? (JSON.parse(readFileSync(purgedFile, 'utf8')) as number[]) : []);
  const pool = shuffled((kept?.computerIds ?? added).filter((id) => !purgedBefore.has(id)), first);
  const drawn = (count: number) => pool.splice(0, count);
  const chunks = (ids: number[], make: (id: number, k: number) => object) => Array.from({ length: Math.ceil(ids.length / size) }, (_, c) => inputBody(ids.slice(c * size, (c + 1) * size).map((id, k) => make(id, c * size + k))));
  if (updates > 0) {
    const ids = drawn(updates * size);
    phases.push(await measurePhase('bulk update', chunks(ids, (id, k) => ({ id, ...churnedComputer(first + k, lookups) })), ids.length, (body) => sendAll(client, 'PUT', body)));
  }
  if (purges > 0) {
    const ids = drawn(purges * size);
    if (keep) writeFileSync(purgedFile, JSON.stringify([...purgedBefore, ...ids]));
    phases.push(await measurePhase('bulk purge', chunks(ids, (id) => ({ id })).map((body) => body.replace(/^\{/, '{"force_purge":true,')), ids.length, (body) => sendAll(client, 'DELETE', body)));
  }
  // Which b-tree each page belongs to, as the database is now (the server's WAL included).
  const reader = new Database(dbFile, { readonly: true });
  const owner = new Map<number, string>();
  for (const row of reader.query<{ name: string; pageno: number }, []>('SELECT name, pageno FROM dbstat').all()) owner.set(row.pageno, row.name);
  reader.close();
  for (const phase of phases) report(phase, owner);
  log(`server RSS after the writes: ${Math.round(server.rssMiB())} MiB`);
} finally {
  await server.dispose();
  if (!keep) rmSync(dir, { recursive: true, force: true });
}
