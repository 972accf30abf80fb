/**
 * `bun bench/mixed.ts [--computers N] [--tickets N] [--seconds N] [--writes N] [--connections N] [--threads N]`:
 * reads while a desk is busy. One client updates random computers at `--writes` per second (50)
 * from this process, while autocannon (a process of its own) reads with the sessions of four
 * users of different profiles and entities, so the access filter varies from request to request:
 * getItem over the computers each user sees, a ticket search and a computer name search. Rate
 * limits are off (bench/server.ts); a non-2xx answer, a socket error or a timeout of a read, and a
 * failed update, are errors: reported, never counted as throughput. Prints one line per scenario.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { login, type Client } from './api';
import { measure } from './load';
import { startServer } from './server';
import { createLookups, seedComputers, seedTickets } from './seed';
import { leaf, query } from './shapes';
import { startWriter } from './writer';

interface Options {
  computers: number;
  tickets: number;
  seconds: number;
  writes: number;
  connections: number;
  threads?: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { computers: 2000, tickets: 500, seconds: 10, writes: 50, connections: 16 };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]!.replace(/^--/, '');
    const value = Number(argv[i + 1]);
    if (!['computers', 'tickets', 'seconds', 'writes', 'connections', 'threads'].includes(name) || !Number.isInteger(value) || value < 1) {
      throw new Error(`unknown option or bad value: ${argv[i]} ${argv[i + 1] ?? ''}`);
    }
    (options as unknown as Record<string, number>)[name] = value;
  }
  return options;
}

const log = (line: string) => console.log(`[mixed] ${line}`);

/** GLPI's default profiles the readers log in with, each on its own part of the entity tree. */
const READERS = [
  { profile: 4, entity: 'root' }, // Super-Admin
  { profile: 3, entity: 'A' }, // Admin
  { profile: 6, entity: 'B' }, // Technician
  { profile: 8, entity: 'A' }, // Read-Only
] as const;

/** Moves every third item to entity A and every third to B (bulk updates of 500). */
async function spreadOverEntities(client: Client, itemtype: string, ids: number[], a: number, b: number): Promise<Map<number, number>> {
  const entityOf = new Map<number, number>();
  const moves = ids.map((id, i) => ({ id, entities_id: [0, a, b][i % 3]! }));
  for (let start = 0; start < moves.length; start += 500) await client.send('PUT', `${itemtype}/`, JSON.stringify({ input: moves.slice(start, start + 500) }));
  for (const move of moves) entityOf.set(move.id, move.entities_id);
  return entityOf;
}

async function main(): Promise<void> {
  const options = parseOptions(Bun.argv.slice(2));
  const dir = mkdtempSync(join(tmpdir(), 'deskbase-mixed-'));
  const password = randomBytes(12).toString('hex');
  const server = await startServer(password, dir, [], options.threads);
  try {
    const glpi = await login(server.api, 'glpi', password);
    const lookups = await createLookups(glpi);
    const computers = await seedComputers(glpi, lookups, options.computers, 500, () => {});
    const seededTickets = await seedTickets(glpi, options.tickets, 500, () => {});
    log(`seeded ${options.computers} computers and ${options.tickets} tickets`);
    const entity = async (name: string) => ((await glpi.post('Entity/', JSON.stringify({ input: { name, entities_id: 0 } }))) as { id: number }).id;
    const entities = { root: 0, A: await entity('Mixed A'), B: await entity('Mixed B') };
    const entityOf = await spreadOverEntities(glpi, 'Computer', computers.ids, entities.A, entities.B);
    await spreadOverEntities(glpi, 'Ticket', seededTickets.ids, entities.A, entities.B);
    const tokens: string[] = [];
    const visible: number[][] = [];
    for (const [i, reader] of READERS.entries()) {
      const name = `mixed-reader-${i}`;
      const userPassword = `Mixed-${randomBytes(6).toString('hex')}`;
      const input = { name, password: userPassword, password2: userPassword, _profiles_id: reader.profile, _entities_id: entities[reader.entity], _is_recursive: 1 };
      await glpi.post('User/', JSON.stringify({ input }));
      tokens.push((await login(server.api, name, userPassword)).sessionToken);
      // Root sees all; a user on A or B sees that entity's computers.
      visible.push(reader.entity === 'root' ? computers.ids : computers.ids.filter((id) => entityOf.get(id) === entities[reader.entity]));
    }
    // Entry i is sent with token i mod 4 (bench/load.ts): its URL names a computer that user sees.
    const items = Array.from({ length: 2000 }, (_, i) => {
      const ids = visible[i % READERS.length]!;
      return `${server.api}/Computer/${ids[(i * 7919) % ids.length]}`;
    });
    // The first page only: a user on A or B may see fewer than two pages of open tickets.
    const tickets = Array.from({ length: 40 }, (_, i) => `${server.api}/search/Ticket?${query([leaf(12, 'equals', 'notold')], { sort: 15, order: i % 8 < 4 ? 'DESC' : 'ASC', forcedisplay: 12, range: '0-49' })}`);
    const names = Array.from({ length: 400 }, (_, i) => `${server.api}/search/Computer?${query([leaf(1, 'contains', `-${String(1 + ((i * 37) % options.computers)).padStart(6, '0').slice(0, 4)}`)], { forcedisplay: 3, range: '0-49' })}`);
    const scenarios = { 'getItem, four users': items, 'search Ticket not old, four users': tickets, 'search Computer name contains, four users': names };
    const writer = login(server.api, 'glpi', password);
    for (const [name, urls] of Object.entries(scenarios)) {
      const updates = startWriter(await writer, computers.ids, options.writes);
      const result = await measure(name.replace(/[^a-z0-9]+/gi, '-'), { dir, origin: server.origin, urls, tokens, connections: options.connections, seconds: options.seconds }, 2);
      const { done, failed } = await updates.stop();
      const errors = result.failures > 0 || failed > 0 ? `; ERRORS: ${result.failures} reads failed (non-2xx, socket errors, timeouts), ${failed} updates failed` : '; no errors';
      log(
        `${name}, ${options.writes} updates/s: ${Math.round((result.requests - result.failures) / result.seconds)} 2xx answers/s (${result.requests - result.failures} of ${result.requests} requests), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${done} updates${errors}`,
      );
      if (result.failures > 0 || failed > 0) process.exitCode = 1;
    }
  } finally {
    await server.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
