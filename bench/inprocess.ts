/**
 * `bun [--cpu-prof] bench/inprocess.ts DATA_DIR PASSWORD [--reads N] [--every N] [--only NAME] [--as PROFILE] [--sample N]`: the cost of
 * the read path without HTTP nor a load generator, for profiling it on a shared machine. Opens
 * a copy of a seeded data folder (bench/cpu.ts --keep) in this process and sends Requests straight
 * to the API pipeline: getItem over every Computer in turn (past the answer cache), and the
 * 50-row pages, with a Computer update every `--every` reads (0: none), as a steady writer does.
 * Then the busy desk's searches (bench/mixed.ts): open tickets, a computer name fragment. `--as 6`
 * reads as a user of that profile (6: Technician) on a child entity holding every third computer
 * and ticket, so the access filter is not the super-admin's. Prints the main thread's CPU time
 * per read (writes timed apart). `--only bulk`: bulk adds of 1 000 Computers (as the seed's, numbered on), CPU per
 * item, beside the raw insert's (bench/raw-insert.ts: the seed's Computers into a fresh folder). `--sample 1000`: getItem cycles over 1 000 random ids instead (as `bun run bench`'s
 * getItem, which the answer cache holds: what a write leaves of it).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createServices, createSharedState } from '../server/auth/services';
import { openStore } from '../server/db';
import { MAIL_ENGINES, RULES } from '../server/hook-table';
import { handleApiRequest } from '../server/http/pipeline';
import { parseRequestUrl } from '../server/http/url';
import { installRules } from '../server/items/hooks';
import { installMailEngines } from '../server/mail/engines';
import { rawInsertRate } from './raw-insert';
import { sample } from './sample';
import { cpuTimes } from './server';
import { batches, computer, type Lookups } from './seed';
import { leaf, query } from './shapes';

const { values, positionals } = parseArgs({ args: Bun.argv.slice(2), options: { reads: { type: 'string' }, every: { type: 'string' }, only: { type: 'string' }, as: { type: 'string' }, sample: { type: 'string' } }, allowPositionals: true });
const [source, password] = positionals;
if (!source || !password) throw new Error('usage: bun bench/inprocess.ts DATA_DIR PASSWORD [--reads N] [--every N]');
const reads = Number(values.reads ?? 20_000);
const every = Number(values.every ?? 120);

const dir = mkdtempSync(join(tmpdir(), 'deskbase-inprocess-'));
cpSync(source, dir, { recursive: true, filter: (path) => !path.endsWith('.lock') });
const { store } = await openStore(dir, password);
installRules(RULES);
installMailEngines(MAIL_ENGINES);
const services = createServices(store, { perAddress: 0, perSession: 0 }, createSharedState(), false);
const BASE = 'http://127.0.0.1:1';

async function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Response> {
  const request = new Request(`${BASE}/apirest.php/${path}`, { method, headers: body === undefined ? headers : { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, body });
  const response = await handleApiRequest(services, request, parseRequestUrl(request.url), BASE, () => '127.0.0.1', 'bench');
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

async function login(name: string, secret: string): Promise<Record<string, string>> {
  const basic = Buffer.from(`${name}:${secret}`).toString('base64');
  const token = ((await (await send('GET', 'initSession', { Authorization: `Basic ${basic}` })).json()) as { session_token: string }).session_token;
  return { 'Session-Token': token, 'Content-Type': 'application/json' };
}

const admin = await login('glpi', password);
let headers = admin;
let ids = (store.db.query('SELECT id FROM glpi_computers WHERE is_deleted = 0 ORDER BY id').all() as { id: number }[]).map((r) => r.id);
if (values.as !== undefined) {
  // A child entity with every third computer and ticket, and a user of the profile on it.
  const post = async (path: string, input: unknown) => (await (await send('POST', path, admin, JSON.stringify({ input }))).json()) as { id: number };
  const entity = (await post('Entity/', { name: 'In-process', entities_id: 0 })).id;
  const moved = (table: string) => (store.db.query(`SELECT id FROM ${table} WHERE id % 3 = 0`).all() as { id: number }[]).map((r) => ({ id: r.id, entities_id: entity }));
  for (const [itemtype, table] of [['Computer', 'glpi_computers'], ['Ticket', 'glpi_tickets']] as const) {
    const moves = moved(table);
    for (let start = 0; start < moves.length; start += 500) await send('PUT', `${itemtype}/`, admin, JSON.stringify({ input: moves.slice(start, start + 500) }));
  }
  const secret = 'In-process-1';
  await post('User/', { name: 'inprocess', password: secret, password2: secret, _profiles_id: Number(values.as), _entities_id: entity, _is_recursive: 1 });
  headers = await login('inprocess', secret);
  ids = ids.filter((id) => id % 3 === 0);
}

/**
 * CPU time of this process's main thread in µs (user + system, in the kernel's 10 ms ticks):
 * steadier than wall time on a shared machine, and without the JIT's and collector's threads,
 * which work beside the requests. Read around many requests, never around one.
 */
const cpu = () => {
  const { user, system } = cpuTimes(process.pid, process.pid);
  return (user + system) * 1000;
};

async function scenario(name: string, path: (i: number) => string): Promise<void> {
  let writeUs = 0;
  let writes = 0;
  // The reads are timed together (the whole loop less the writes): asking the kernel for the CPU
  // time around each read cost more than a cached read.
  const started = cpu();
  for (let i = 0; i < reads; i++) {
    if (every > 0 && i % every === 0) {
      // Wall time: a write waits on nothing here (no network, no fsync at commit), and ticks are too coarse for one.
      const writeStarted = performance.now();
      await send('PUT', `Computer/${ids[(i * 7919) % ids.length]}`, admin, JSON.stringify({ input: { comment: `busy ${name} ${i}` } }));
      writeUs += (performance.now() - writeStarted) * 1000;
      writes++;
    }
    await (await send('GET', path(i), headers)).text();
  }
  const readUs = cpu() - started - writeUs;
  console.log(`${name}: ${(readUs / reads).toFixed(1)} µs CPU/read over ${reads} reads; ${writes} updates, ${writes ? (writeUs / writes).toFixed(0) : 0} µs CPU/update`);
}

/** `requests` bulk adds of 1 000 Computers with the seed's lookups (read back from the folder). */
async function bulkScenario(requests: number): Promise<void> {
  const ofTable = (table: string) => (store.db.query(`SELECT id FROM ${table} ORDER BY id`).all() as { id: number }[]).map((r) => r.id);
  const lookups: Lookups = { locations: ofTable('glpi_locations'), manufacturers: ofTable('glpi_manufacturers'), states: ofTable('glpi_states'), types: ofTable('glpi_computertypes') };
  const first = ids.length + 1;
  const bodies = batches(requests * 1000, 1000, (n) => computer(first + n, lookups));
  const started = cpu();
  for (const body of bodies) await (await send('POST', 'Computer/', admin, body)).text();
  const api = (cpu() - started) / (requests * 1000);
  // The raw insert of the seed's Computers (bench/raw-insert.ts) in CPU too: the share holds on a loaded machine where items/s do
  // not. It fills a fresh folder, as `bun run bench` compares it with the seed, while the API adds to the seeded one (bigger indexes).
  const raw = await rawInsertRate(source!, 1000);
  console.log(`bulk add: ${api.toFixed(1)} µs CPU/item over ${requests} requests of 1 000; raw insert of the seed's ${raw.items} Computers: ${raw.cpuMicrosPerItem.toFixed(1)} µs CPU/item (API at ${((100 * raw.cpuMicrosPerItem) / api).toFixed(0)} % of raw)`);
}

try {
  const pages = Math.floor(ids.length / 50);
  const runs = (name: string) => values.only === undefined || values.only === name;
  const items = values.sample === undefined ? ids : sample(ids, Number(values.sample));
  if (runs('getItem')) await scenario('getItem', (i) => `Computer/${items[i % items.length]}`);
  if (runs('page')) await scenario('page', (i) => `Computer/?range=${(i % pages) * 50}-${(i % pages) * 50 + 49}`);
  if (runs('tickets')) await scenario('tickets', (i) => `search/Ticket?${query([leaf(12, 'equals', 'notold')], { sort: 15, order: i % 8 < 4 ? 'DESC' : 'ASC', forcedisplay: 12, range: '0-49' })}`);
  if (values.only === 'bulk') await bulkScenario(Number(values.reads ?? 20));
  if (runs('names')) await scenario('names', (i) => `search/Computer?${query([leaf(1, 'contains', `-${String(1 + ((i * 37) % ids.length)).padStart(6, '0').slice(0, 4)}`)], { forcedisplay: 3, range: '0-49' })}`);
} finally {
  services.statistics.stop();
  store.db.close();
  rmSync(dir, { recursive: true, force: true });
}
