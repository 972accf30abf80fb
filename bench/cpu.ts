/**
 * `bun bench/cpu.ts [--computers N] [--ids all] [--seconds S] [--rounds R] [--keep DIR]`: server
 * CPU time per getItem, Deskbase beside the bare Bun server of bench/bare.ts, under the same load
 * as `bun run bench` (autocannon, 16 connections, 16 sessions, 1000 random ids). Throughput on a
 * shared machine follows the neighbours; the CPU the server process spends per answered request
 * (user + system, all threads, from /proc) follows them much less. Prints each round and the
 * median per server. `--ids all` asks for every Computer in turn instead: with more Computers than
 * the item cache holds (4096), every answer is built afresh (the uncached cost).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { login } from './api';
import { measure } from './load';
import { sample } from './sample';
import { createLookups, seedComputers } from './seed';
import { cpuMs, startBare, startServer } from './server';

const CONNECTIONS = 16;
const SAMPLE_IDS = 1_000;

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { computers: { type: 'string' }, ids: { type: 'string' }, seconds: { type: 'string' }, rounds: { type: 'string' }, keep: { type: 'string' } } });
const computers = Number(values.computers ?? 2_000);
const seconds = Number(values.seconds ?? 5);
const rounds = Number(values.rounds ?? 3);
const keep = values.keep ? resolve(values.keep) : undefined;

const log = (message: string) => console.log(`[cpu] ${message}`);
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

interface Kept {
  password: string;
  computers: number;
  ids: number[];
}

const dir = keep ?? mkdtempSync(join(tmpdir(), 'deskbase-cpu-'));
const keptFile = join(dir, 'cpu-seed.json');
const kept = existsSync(keptFile) ? (JSON.parse(readFileSync(keptFile, 'utf8')) as Kept) : null;
if (kept && kept.computers !== computers) throw new Error(`${dir} holds ${kept.computers} Computers, not ${computers}`);
const password = kept?.password ?? randomBytes(12).toString('hex');
const server = await startServer(password, dir);
try {
  let ids = kept?.ids;
  if (!ids) {
    const client = await login(server.api, 'glpi', password);
    log(`seeding ${computers} Computers`);
    ids = (await seedComputers(client, await createLookups(client), computers, 1_000, () => {})).ids;
    writeFileSync(keptFile, JSON.stringify({ password, computers, ids } satisfies Kept));
  }
  const client = await login(server.api, 'glpi', password);
  const tokens = [client.sessionToken];
  while (tokens.length < CONNECTIONS) tokens.push((await login(server.api, 'glpi', password)).sessionToken);
  const chosen = values.ids === 'all' ? ids : sample(ids, SAMPLE_IDS);
  const bodies: Record<string, string> = {};
  for (const id of new Set(chosen)) bodies[id] = JSON.stringify((await client.get(`Computer/${id}`)).body);
  const bodiesFile = join(dir, 'cpu-bare-bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const bare = await startBare(bodiesFile);
  const targets = [
    { name: 'deskbase', origin: server.origin, pid: server.pid, perRequest: [] as number[], rate: [] as number[] },
    { name: 'bare', origin: bare.origin, pid: bare.pid, perRequest: [] as number[], rate: [] as number[] },
  ];
  try {
    for (let round = 0; round < rounds; round++) {
      for (const target of targets) {
        const urls = chosen.map((id) => `${target.origin}/apirest.php/Computer/${id}`);
        const options = { dir, origin: target.origin, urls, tokens, connections: CONNECTIONS, seconds };
        // The warm-up is a run of its own, so the measured run's CPU starts after it.
        if (round === 0) await measure(`cpu-${target.name}`, { ...options, seconds: 2 }, 0);
        const before = cpuMs(target.pid);
        const result = await measure(`cpu-${target.name}`, options, 0);
        const used = cpuMs(target.pid) - before;
        if (result.failures > 0) throw new Error(`${target.name}: ${result.failures} failed requests`);
        const micros = (used * 1000) / result.requests;
        target.perRequest.push(micros);
        target.rate.push(result.requestsPerSecond);
        log(`round ${round + 1} ${target.name}: ${result.requests} requests, ${Math.round(used)} ms CPU, ${micros.toFixed(1)} µs/request, ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.latency.p99} ms`);
      }
    }
  } finally {
    await bare.dispose();
  }
  const [deskbase, ceiling] = targets as [(typeof targets)[0], (typeof targets)[0]];
  const d = median(deskbase.perRequest);
  const b = median(ceiling.perRequest);
  log(`median CPU per getItem: deskbase ${d.toFixed(1)} µs, bare ${b.toFixed(1)} µs (bare/deskbase ${((b / d) * 100).toFixed(0)} %); median req/s ${Math.round(median(deskbase.rate))} vs ${Math.round(median(ceiling.rate))}`);
} finally {
  await server.dispose();
  if (!keep) rmSync(dir, { recursive: true, force: true });
}
