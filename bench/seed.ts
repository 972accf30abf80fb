import type { Client } from './api';

export interface SeedResult {
  ids: number[];
  seconds: number;
  itemsPerSecond: number;
}

export interface Lookups {
  locations: number[];
  manufacturers: number[];
  types: number[];
  states: number[];
}

/** Bulk-adds `input` to an itemtype and answers the new ids, in order. */
export async function bulkAdd(client: Client, itemtype: string, body: string): Promise<number[]> {
  const results = await client.post(`${itemtype}/`, body);
  if (!Array.isArray(results)) throw new Error(`bulk add of ${itemtype} answered ${JSON.stringify(results).slice(0, 300)}`);
  return results.map((r: { id?: unknown }) => {
    if (typeof r.id !== 'number') throw new Error(`bulk add of ${itemtype}: element failed: ${JSON.stringify(r)}`);
    return r.id;
  });
}

export const inputBody = (input: object[]) => JSON.stringify({ input });

/** 20 locations, 10 manufacturers, 4 types, 5 states, as a mid-size organisation has. */
export async function createLookups(client: Client): Promise<Lookups> {
  const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i + 1}`, comment: `bench ${prefix.toLowerCase()}` }));
  const buildings = ['HQ', ...Array.from({ length: 18 }, (_, i) => `Branch ${i + 1}`), 'Museum'];
  return {
    locations: await bulkAdd(client, 'Location', inputBody(buildings.map((b, i) => ({ name: b, entities_id: 0, building: b, room: `R${100 + i}` })))),
    manufacturers: await bulkAdd(client, 'Manufacturer', inputBody(['Dell', 'HP', 'Lenovo', 'Apple', 'Fujitsu', 'Acer', 'Asus', 'MSI', 'Toshiba', 'Samsung'].map((name) => ({ name })))),
    types: await bulkAdd(client, 'ComputerType', inputBody(names('Type', 4))),
    states: await bulkAdd(client, 'State', inputBody(names('State', 5))),
  };
}

export const pick = <T>(list: T[], i: number): T => list[i % list.length]!;

/**
 * Skewed on purpose, so `equals` is measured from 0.1 % to 90 % of rows: the first location
 * (HQ) holds 90 %, the last (Museum) 0.1 %, the 18 branches share the rest (about 0.55 % each).
 */
export function locationIndex(n: number): number {
  if (n % 1000 === 0) return 19;
  if (n % 10 === 0) return 1 + (Math.floor(n / 10) % 18);
  return 0;
}

/** The text fields searched by fragment; search shapes cut their values out of these. */
export interface ComputerText {
  name: string;
  serial: string;
  otherserial: string;
  comment: string;
  contact: string;
}

/** Computer number `n`'s text as seeded. */
export function seededText(n: number): ComputerText {
  return {
    name: `PC-${String(n).padStart(6, '0')}`,
    serial: `SN${n.toString(36).toUpperCase().padStart(8, '0')}`,
    otherserial: `INV-${String(n).padStart(7, '0')}`,
    comment: `Benchmark workstation #${n}, floor ${n % 12}, desk ${n % 97}`,
    contact: `user${n % 5000}`,
  };
}

/** Computer number `n` as the seed adds it. */
export function computer(n: number, lookups: Lookups): Record<string, string | number> {
  return {
    ...seededText(n),
    entities_id: 0,
    locations_id: lookups.locations[locationIndex(n)]!,
    manufacturers_id: pick(lookups.manufacturers, n * 7),
    states_id: pick(lookups.states, n * 3),
    computertypes_id: pick(lookups.types, n * 13),
    uuid: `bench-${n.toString(16).padStart(12, '0')}`,
  };
}

/** Serialized request bodies, built before the clock starts so only the server is timed. */
export function batches(total: number, batchSize: number, make: (n: number) => object): string[] {
  const out: string[] = [];
  for (let start = 0; start < total; start += batchSize) {
    const size = Math.min(batchSize, total - start);
    out.push(inputBody(Array.from({ length: size }, (_, i) => make(start + i + 1))));
  }
  return out;
}

async function addAll(client: Client, itemtype: string, bodies: string[], total: number, onProgress: (done: number) => void): Promise<SeedResult> {
  const ids: number[] = [];
  const started = performance.now();
  for (const body of bodies) {
    ids.push(...(await bulkAdd(client, itemtype, body)));
    onProgress(ids.length);
  }
  const seconds = (performance.now() - started) / 1000;
  if (ids.length !== total) throw new Error(`seeded ${ids.length} ${itemtype} instead of ${total}`);
  return { ids, seconds, itemsPerSecond: total / seconds };
}

/** `total` Computers through bulk POSTs, one batch at a time (timed). */
export function seedComputers(client: Client, lookups: Lookups, total: number, batchSize: number, onProgress: (done: number) => void): Promise<SeedResult> {
  return addAll(client, 'Computer', batches(total, batchSize, (n) => computer(n, lookups)), total, onProgress);
}

/** Tickets opened over the last four years, one in three still open (new, assigned, planned or waiting). */
function ticket(n: number): Record<string, string | number> {
  const opened = new Date(Date.UTC(2026, 10, 1) - (n % 1460) * 86_400_000 - (n % 86_400) * 1000);
  return {
    name: `Ticket ${n}: ${['printer', 'network', 'screen', 'password', 'mail'][n % 5]} problem`,
    content: `Reported by user${n % 5000}`,
    date: opened.toISOString().slice(0, 19).replace('T', ' '),
    status: [1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6, 6][n % 12]!,
    entities_id: 0,
  };
}

export function seedTickets(client: Client, total: number, batchSize: number, onProgress: (done: number) => void): Promise<SeedResult> {
  return addAll(client, 'Ticket', batches(total, batchSize, ticket), total, onProgress);
}
