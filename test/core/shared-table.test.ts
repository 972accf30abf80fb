/**
 * The shared-memory table behind the server-wide limits (rate limits, login throttle, session idle
 * clocks): the same answers as a Map, whatever the collisions and removals, and exact counts when
 * several threads change the same entries at once.
 */
import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { Worker } from 'node:worker_threads';
import { createSharedTable, SharedTable } from '../../server/core/shared-table';
import { count } from './shared-table-worker';

/** An insert gave a slot (-1 is a refusal) and the key is found in that very slot. */
function expectStoredAt(table: SharedTable, key: bigint, slot: number): void {
  expect({ refused: slot === -1, found: table.find(key) }).toEqual({ refused: false, found: slot });
}

describe('SharedTable', () => {
  test('finds what a Map finds after any inserts and removals (a small table: long probe runs, wrap-around)', () => {
    const op = fc.record({ remove: fc.boolean(), key: fc.integer({ min: 0, max: 40 }), value: fc.double({ noNaN: true }) });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const table = new SharedTable(createSharedTable(64, 2));
        const model = new Map<string, number>();
        for (const { remove, key, value } of ops) {
          const name = `k${key}`;
          const hashed = table.keyOf(name);
          const slot = table.find(hashed);
          expect(slot >= 0).toBe(model.has(name));
          if (remove) {
            if (slot >= 0) table.remove(slot);
            model.delete(name);
          } else {
            const at = slot >= 0 ? slot : table.insert(hashed, () => false);
            expect(at).toBeGreaterThanOrEqual(0);
            table.values[at * 2 + 1] = value;
            model.set(name, value);
          }
        }
        for (let key = 0; key <= 40; key++) {
          const slot = table.find(table.keyOf(`k${key}`));
          if (!model.has(`k${key}`)) expect(slot).toBe(-1);
          else expect(table.values[slot * 2 + 1]).toBe(model.get(`k${key}`)!);
        }
      }),
    );
  });

  test('a full table prunes what may go, and refuses an insert only when nothing may', () => {
    const table = new SharedTable(createSharedTable(16, 1));
    // Up to seven eighths full (14 of 16) when nothing may go.
    for (let i = 0; i < 14; i++) {
      const key = table.keyOf(`live-${i}`);
      const slot = table.insert(key, () => false);
      expectStoredAt(table, key, slot);
      table.values[slot] = i;
    }
    expect(table.insert(table.keyOf('one more'), () => false)).toBe(-1);
    // Entries with an even value may go: room again, and the others are all still found.
    const oneMore = table.keyOf('one more');
    expectStoredAt(table, oneMore, table.insert(oneMore, (slot) => table.values[slot]! % 2 === 0));
    for (let i = 0; i < 14; i++) expect(table.find(table.keyOf(`live-${i}`)) >= 0).toBe(i % 2 === 1);
  });

  test('given how recent each entry is, a table full of live entries forgets the least recent (sampled in a big table)', () => {
    for (const capacity of [16, 1 << 14]) {
      const table = new SharedTable(createSharedTable(capacity, 1));
      const full = (capacity * 7) / 8;
      const lastUsed = (slot: number) => table.values[slot]!;
      // Used at times 0, 1, 2, … in a shuffled order of insertion.
      const times = fc.sample(fc.shuffledSubarray(Array.from({ length: full }, (_, i) => i), { minLength: full }), { numRuns: 1, seed: 7 })[0]!;
      for (const time of times) table.values[table.insertEvicting(table.keyOf(`k${time}`), () => false, lastUsed)] = time;
      const slot = table.insertEvicting(table.keyOf('new'), () => false, lastUsed);
      expectStoredAt(table, table.keyOf('new'), slot);
      table.values[slot] = full;
      const kept = times.filter((time) => table.find(table.keyOf(`k${time}`)) >= 0).sort((a, b) => a - b);
      // Down to about three quarters (exactly in a small table): the most recent stay, the oldest went.
      if (capacity === 16) expect(kept.length).toBe(12);
      expect(kept.length).toBeLessThan(full - capacity / 64);
      expect(kept.length).toBeGreaterThan((capacity * 5) / 8);
      expect(kept.at(-1)).toBe(full - 1);
      expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => full - kept.length + i));
    }
  });

  test('an eviction whose times say nothing (every time NaN) still makes room: an insert with lastUsed never fails', () => {
    const table = new SharedTable(createSharedTable(16, 1));
    const unknown = () => Number.NaN;
    const keys = Array.from({ length: 15 }, (_, i) => table.keyOf(`k${i}`));
    for (const key of keys) expectStoredAt(table, key, table.insertEvicting(key, () => false, unknown));
    const kept = keys.filter((key) => table.find(key) >= 0);
    expect(kept.length).toBeLessThanOrEqual(13);
    expect(kept.at(-1)).toBe(keys.at(-1)!);
  });

  test('a big table starts small and doubles as it fills: every entry and its values are still found, up to its capacity', () => {
    const capacity = 1 << 14;
    const memory = createSharedTable(capacity, 2);
    // Reserved as entries come: the collector counts a buffer's length as live heap.
    expect([memory.keys.byteLength, memory.values.byteLength]).toEqual([4096 * 8, 4096 * 2 * 8]);
    const table = new SharedTable(memory);
    const full = (capacity * 7) / 8;
    for (let i = 0; i < full; i++) {
      const key = table.keyOf(`k${i}`);
      const slot = table.insert(key, () => false);
      expectStoredAt(table, key, slot);
      table.values[slot * 2] = i;
      table.values[slot * 2 + 1] = -i;
    }
    expect([memory.keys.byteLength, memory.values.byteLength]).toEqual([capacity * 8, capacity * 2 * 8]);
    const wrong = Array.from({ length: full }, (_, i) => i).filter((i) => {
      const slot = table.find(table.keyOf(`k${i}`));
      return slot < 0 || table.values[slot * 2] !== i || table.values[slot * 2 + 1] !== -i;
    });
    expect(wrong).toEqual([]);
    // At its capacity and seven eighths full of live entries: refused, as a table made whole.
    expect(table.insert(table.keyOf('one more'), () => false)).toBe(-1);
  });

  test('a table pruned back below half full does not grow', () => {
    const table = new SharedTable(createSharedTable(1 << 14, 1));
    // Three entries in four may go: pruned at three quarters full, a quarter of them are left.
    for (let i = 0; i < 4096; i++) table.values[table.insert(table.keyOf(`k${i}`), (slot) => table.values[slot] === 0)] = i % 4 === 0 ? 1 : 0;
    expect(table.memory.keys.byteLength).toBe(4096 * 8);
  });

  test('threads counting on the same entries while this one grows the table: no count is lost', async () => {
    const memory = createSharedTable(1 << 14, 1);
    const keys = Array.from({ length: 20 }, (_, i) => `client-${i}`);
    const rounds = 500;
    const workers = [0, 1].map(() => new Worker(new URL('./shared-table-worker.ts', import.meta.url), { workerData: { memory, keys, rounds } }));
    const done = workers.map((w) => new Promise((resolve) => w.once('message', resolve)));
    const table = new SharedTable(memory);
    // New keys between the rounds: the table doubles twice while the Workers count.
    const others = Array.from({ length: 16 * rounds }, (_, i) => `other-${i}`);
    for (let r = 0; r < rounds; r++) {
      count(table, keys, 1);
      count(table, others.slice(r * 16, (r + 1) * 16), 1);
    }
    await Promise.all(done);
    await Promise.all(workers.map((w) => w.terminate()));
    expect(memory.keys.byteLength).toBe((1 << 14) * 8);
    for (const key of keys) expect(table.values[table.find(table.keyOf(key))]).toBe(3 * rounds);
    expect(others.filter((key) => table.values[table.find(table.keyOf(key))] !== 1)).toEqual([]);
  });

  test('two threads and this one counting on the same entries at once: no count is lost', async () => {
    const memory = createSharedTable(1024, 1);
    const keys = Array.from({ length: 20 }, (_, i) => `client-${i}`);
    const rounds = 2000;
    const workers = [0, 1].map(() => new Worker(new URL('./shared-table-worker.ts', import.meta.url), { workerData: { memory, keys, rounds } }));
    const done = workers.map((w) => new Promise((resolve) => w.once('message', resolve)));
    const table = new SharedTable(memory);
    count(table, keys, rounds);
    await Promise.all(done);
    await Promise.all(workers.map((w) => w.terminate()));
    for (const key of keys) expect(table.values[table.find(table.keyOf(key))]).toBe(3 * rounds);
  });
});
