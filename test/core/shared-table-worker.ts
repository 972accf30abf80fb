/** Started by shared-table.test.ts: adds 1 to field 0 of each key, `rounds` times, under the table's lock. */
import { parentPort, workerData } from 'node:worker_threads';
import { SharedTable, type SharedTableMemory } from '../../server/core/shared-table';

const { memory, keys, rounds } = workerData as { memory: SharedTableMemory; keys: string[]; rounds: number };
const table = new SharedTable(memory);
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
parentPort!.postMessage('done');
