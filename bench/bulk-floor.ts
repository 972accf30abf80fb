/**
 * The floor HTTP and JSON set under the bulk add's rate: the seed's request bodies posted one
 * after another, as the seed posts them, to a bare Bun server (bench/bare.ts, a process started
 * for it) that only reads and parses each body and answers Deskbase's result shapes, storing
 * nothing. Beside the raw insert's rate it tells how near the raw figure an API could come that
 * did no work but the raw insert's: raw time / (raw time + floor time).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBare } from './server';

export interface BulkFloor {
  itemsPerSecond: number;
  seconds: number;
  /** Items per second of each request, in order (the first one meets a cold server). */
  perRequest: number[];
}

export async function bulkFloorRate(bodies: string[], items: number): Promise<BulkFloor> {
  const dir = mkdtempSync(join(tmpdir(), 'deskbase-floor-'));
  const none = join(dir, 'bodies.json');
  writeFileSync(none, '{}');
  const bare = await startBare(none, 1);
  try {
    const perRequest: number[] = [];
    const started = performance.now();
    for (const body of bodies) {
      const sent = performance.now();
      const response = await fetch(`${bare.origin}/apirest.php/Computer/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Session-Token': 'floor' }, body });
      const results = (await response.json()) as unknown[];
      if (response.status !== 201 || !Array.isArray(results)) throw new Error(`the bare server answered ${response.status} to a bulk add`);
      perRequest.push(results.length / ((performance.now() - sent) / 1000));
    }
    const seconds = (performance.now() - started) / 1000;
    return { itemsPerSecond: items / seconds, seconds, perRequest };
  } finally {
    await bare.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}
