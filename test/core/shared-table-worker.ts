/** Counting on shared entries, from shared-table.test.ts and from the Workers it starts with this file. */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { SharedTable, type SharedTableMemory } from '../../server/core/shared-table';

/** Adds 1 to field 0 of each key, `rounds` times, under the table's lock. */
export function count(table: SharedTable, keys: string[], rounds: number): void {
  for (let r = 0; r < rounds; r++) {
    for (const key of keys) {
      table.locked(() => {
        const hashed = table.keyOf(key);
        let slot = table.find(hashed);
        if (slot < 0) slot = table.insert(hashed, () => false);
        table.values[slot * table.fields]! += 1;
      });
    }
  }
}

if (!isMainThread) {
  const { memory, keys, rounds } = workerData as { memory: SharedTableMemory; keys: string[]; rounds: number };
  count(new SharedTable(memory), keys, rounds);
  parentPort!.postMessage('done');
}
