import type { Client } from './api';

export interface SeedResult {
  ids: number[];
  seconds: number;
  itemsPerSecond: number;
}

interface Lookups {
  locations: number[];
  manufacturers: number[];
  types: number[];
}

/** Bulk-adds `input` to an itemtype and answers the new ids, in order. */
async function bulkAdd(client: Client, itemtype: string, body: string): Promise<number[]> {
  const results = await client.post(`${itemtype}/`, body);
  if (!Array.isArray(results)) throw new Error(`bulk add of ${itemtype} answered ${JSON.stringify(results).slice(0, 300)}`);
  return results.map((r: { id?: unknown }) => {
    if (typeof r.id !== 'number') throw new Error(`bulk add of ${itemtype}: element failed: ${JSON.stringify(r)}`);
    return r.id;
  });
}

const inputBody = (input: object[]) => JSON.stringify({ input });

async function createLookups(client: Client): Promise<Lookups> {
  const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i + 1}`, comment: `bench ${prefix.toLowerCase()}` }));
  const buildings = ['HQ', 'Lab', 'Warehouse', 'Branch North', 'Branch South', 'Datacenter', 'Annex', 'Remote'];
  return {
    locations: await bulkAdd(client, 'Location', inputBody(buildings.map((b, i) => ({ name: b, entities_id: 0, building: b, room: `R${100 + i}` })))),
    manufacturers: await bulkAdd(client, 'Manufacturer', inputBody(['Dell', 'HP', 'Lenovo', 'Apple', 'Fujitsu', 'Acer'].map((name) => ({ name })))),
    types: await bulkAdd(client, 'ComputerType', inputBody(names('Type', 4))),
  };
}

const pick = <T>(list: T[], i: number): T => list[i % list.length]!;

function computer(n: number, lookups: Lookups): Record<string, string | number> {
  const serial = n.toString(36).toUpperCase().padStart(8, '0');
  return {
    name: `PC-${String(n).padStart(6, '0')}`,
    serial: `SN${serial}`,
    otherserial: `INV-${String(n).padStart(7, '0')}`,
    comment: `Benchmark workstation #${n}, floor ${n % 12}, desk ${n % 97}`,
    entities_id: 0,
    locations_id: pick(lookups.locations, n),
    manufacturers_id: pick(lookups.manufacturers, n * 7),
    computertypes_id: pick(lookups.types, n * 13),
    contact: `user${n % 5000}`,
    uuid: `bench-${n.toString(16).padStart(12, '0')}`,
  };
}

/** Serialized request bodies, built before the clock starts so only the server is timed. */
function computerBatches(total: number, batchSize: number, lookups: Lookups): string[] {
  const batches: string[] = [];
  for (let start = 0; start < total; start += batchSize) {
    const size = Math.min(batchSize, total - start);
    batches.push(inputBody(Array.from({ length: size }, (_, i) => computer(start + i + 1, lookups))));
  }
  return batches;
}

/** Creates lookups, then `total` Computers through bulk POSTs, one batch at a time (timed). */
export async function seedComputers(client: Client, total: number, batchSize: number, onProgress: (done: number) => void): Promise<SeedResult> {
  const lookups = await createLookups(client);
  const batches = computerBatches(total, batchSize, lookups);
  const ids: number[] = [];
  const started = performance.now();
  for (const body of batches) {
    ids.push(...(await bulkAdd(client, 'Computer', body)));
    onProgress(ids.length);
  }
  const seconds = (performance.now() - started) / 1000;
  if (ids.length !== total) throw new Error(`seeded ${ids.length} computers instead of ${total}`);
  return { ids, seconds, itemsPerSecond: total / seconds };
}
