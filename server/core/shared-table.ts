/**
 * A fixed-size hash table of numbers in shared memory: every request-serving thread (Worker)
 * reads and changes the same entries, so a limit kept in it (rate limits, login throttling,
 * session idle clocks) holds for the whole server, not per thread. Keys are strings hashed to 64
 * bits with a seed drawn once per server start (a client cannot aim two keys at one entry); each
 * entry holds `fields` float64 values. One lock guards the table: what runs under it is a few
 * arithmetic operations.
 *
 * Linear probing with backward-shift deletion (no tombstones). When three quarters full, the
 * caller's `expired` test prunes. A table still half full of live entries then doubles, up to its
 * capacity; one at its capacity and still seven eighths full forgets its least recently used ones
 * when the caller says how recent each is (a limit then degrades like a short memory, never by
 * letting new keys pass unseen); without that, the insert fails (returns -1) and the caller
 * decides what that means.
 *
 * The memory grows with the entries (growable SharedArrayBuffers) rather than being reserved
 * whole: untouched pages cost no RSS, but the garbage collector counts every buffer's length as
 * live heap and lets that much more garbage pile up before it collects (the three tables' 68 MiB
 * at their capacities: 600 requests of each text search shape, in process, ended at 408 MiB RSS
 * instead of 215 MiB).
 */

/** What a thread needs to open the table (it crosses to Workers as is; growing buffers are shared with their growth). */
export interface SharedTableMemory {
  header: SharedArrayBuffer;
  /** Growable, both: each slot's key, and its `fields` values, for the current number of slots. */
  keys: SharedArrayBuffer;
  values: SharedArrayBuffer;
  fields: number;
  seed: bigint;
}

/** Int32 lock, entry count, count at which to prune next, current number of slots. */
const HEADER_BYTES = 16;
/** Slots a table starts with (or its capacity, if smaller). */
const FIRST_SLOTS = 1 << 12;

type Growable = SharedArrayBuffer & { grow(bytes: number): void; readonly maxByteLength: number };
const growable = (bytes: number, maxBytes: number) => new (SharedArrayBuffer as new (bytes: number, options: { maxByteLength: number }) => SharedArrayBuffer)(bytes, { maxByteLength: maxBytes });

/** A table of at most `capacity` entries (a power of two), each of `fields` float64 values. */
export function createSharedTable(capacity: number, fields: number): SharedTableMemory {
  if (capacity & (capacity - 1)) throw new Error('capacity must be a power of two');
  const slots = Math.min(capacity, FIRST_SLOTS);
  const header = new SharedArrayBuffer(HEADER_BYTES);
  new Int32Array(header)[3] = slots;
  const seed = BigInt.asUintN(64, BigInt(Math.floor(Math.random() * 2 ** 52)) * 4099n + BigInt(Date.now()));
  return { header, keys: growable(slots * 8, capacity * 8), values: growable(slots * fields * 8, capacity * fields * 8), fields, seed };
}

export class SharedTable {
  /** [0]: the lock (0 free, 1 held); [1]: entries in use; [2]: the count at which to prune next (0: three quarters); [3]: slots. */
  private readonly header: Int32Array;
  /** Views that follow their buffer's growth (every thread's, whichever grew it). */
  private readonly keys: BigUint64Array;
  /** Entry `slot`'s field `i` is `values[slot * fields + i]`. */
  readonly values: Float64Array;
  readonly fields: number;
  private readonly seed: bigint;

  constructor(readonly memory: SharedTableMemory) {
    this.header = new Int32Array(memory.header);
    this.keys = new BigUint64Array(memory.keys);
    this.values = new Float64Array(memory.values);
    this.fields = memory.fields;
    this.seed = memory.seed;
  }

  /** The current number of slots less one (under the lock: another thread may grow the table). */
  private get mask(): number {
    return this.header[3]! - 1;
  }

  /** The 64-bit key of a string (0 marks an empty entry, so it is never one). */
  keyOf(text: string): bigint {
    return Bun.hash.wyhash(text, this.seed) || 1n;
  }

  /** Runs `fn` holding the table's lock; `fn` must be short and must not throw half-way. */
  locked<T>(fn: () => T): T {
    const { header } = this;
    while (Atomics.compareExchange(header, 0, 0, 1) !== 0) Atomics.wait(header, 0, 1, 1);
    try {
      return fn();
    } finally {
      Atomics.store(header, 0, 0);
      Atomics.notify(header, 0, 1);
    }
  }

  /** The entry's slot, or -1 (under the lock). */
  find(key: bigint): number {
    const { keys, mask } = this;
    for (let slot = Number(key & BigInt(mask)); ; slot = (slot + 1) & mask) {
      const at = keys[slot]!;
      if (at === key) return slot;
      if (at === 0n) return -1;
    }
  }

  /**
   * A new entry's slot (its values zeroed), or -1 when the table stays full after dropping the
   * entries `expired` says may go (under the lock; the key must not be in the table).
   */
  insert(key: bigint, expired: (slot: number) => boolean): number {
    return this.place(key, expired);
  }

  /**
   * A new entry's slot (its values zeroed), never -1: a table full of live entries drops its least
   * recently used ones (`lastUsed`: an entry's time of last use) down to three quarters full
   * (under the lock; the key must not be in the table).
   */
  insertEvicting(key: bigint, expired: (slot: number) => boolean, lastUsed: (slot: number) => number): number {
    const slot = this.place(key, expired, lastUsed);
    if (slot < 0) throw new Error('shared table: no room after eviction'); // evictLeastRecent always leaves room
    return slot;
  }

  private place(key: bigint, expired: (slot: number) => boolean, lastUsed?: (slot: number) => number): number {
    const { header } = this;
    if (header[1]! >= (header[2]! || (header[3]! * 3) / 4)) {
      this.prune(expired);
      while (header[1]! >= header[3]! / 2 && this.grow());
      const capacity = header[3]!;
      if (lastUsed && header[1]! >= (capacity * 7) / 8) this.evictLeastRecent(lastUsed);
      // A scan of the whole table is not repeated at each insert: only once it grew again.
      header[2] = Math.min(Math.max((capacity * 3) / 4, header[1]! + capacity / 16), (capacity * 7) / 8);
    }
    if (header[1]! >= (header[3]! * 7) / 8) return -1;
    const slot = this.emptySlot(key);
    this.keys[slot] = key;
    this.values.fill(0, slot * this.fields, (slot + 1) * this.fields);
    this.header[1]!++;
    return slot;
  }

  /** The first free slot of `key`'s probe run (the table has one). */
  private emptySlot(key: bigint): number {
    const { keys, mask } = this;
    let slot = Number(key & BigInt(mask));
    while (keys[slot] !== 0n) slot = (slot + 1) & mask;
    return slot;
  }

  /** Doubles the slots, each entry moving to its place among them; false at the table's capacity (under the lock). */
  private grow(): boolean {
    const { keys, values, fields, header } = this;
    const slots = header[3]!;
    const memory = this.memory.keys as Growable;
    if (slots * 2 * 8 > memory.maxByteLength) return false;
    const oldKeys = keys.slice(0, slots);
    const oldValues = values.slice(0, slots * fields);
    memory.grow(slots * 2 * 8);
    (this.memory.values as Growable).grow(slots * 2 * fields * 8);
    keys.fill(0n, 0, slots);
    header[3] = slots * 2;
    for (let old = 0; old < slots; old++) {
      const key = oldKeys[old]!;
      if (key === 0n) continue;
      const slot = this.emptySlot(key);
      keys[slot] = key;
      values.set(oldValues.subarray(old * fields, (old + 1) * fields), slot * fields);
    }
    return true;
  }

  /** Removes the entry in `slot`, moving later entries of its probe run back (under the lock). */
  remove(slot: number): void {
    const { keys, values, mask, fields } = this;
    let hole = slot;
    keys[hole] = 0n;
    this.header[1]!--;
    for (let next = (hole + 1) & mask; keys[next] !== 0n; next = (next + 1) & mask) {
      const home = Number(keys[next]! & BigInt(mask));
      // The entry may stay when its home lies cyclically in (hole, next].
      const stays = hole <= next ? hole < home && home <= next : hole < home || home <= next;
      if (stays) continue;
      keys[hole] = keys[next]!;
      values.copyWithin(hole * fields, next * fields, (next + 1) * fields);
      keys[next] = 0n;
      hole = next;
    }
  }

  /**
   * Drops the least recently used entries down to three quarters full (under the lock). The time
   * that separates them is read from an evenly spread sample of at most 1024 entries (exact in a
   * small table), so the whole table is scanned twice, not sorted.
   */
  private evictLeastRecent(lastUsed: (slot: number) => number): void {
    const { keys, header } = this;
    const capacity = this.mask + 1;
    const target = (capacity * 3) / 4;
    const stride = Math.max(1, capacity / 1024);
    const sample: number[] = [];
    for (let slot = 0; slot < capacity; slot += stride) if (keys[slot] !== 0n) sample.push(lastUsed(slot));
    const times = Float64Array.from(sample).sort();
    const cutoff = times[Math.min(times.length - 1, Math.floor((times.length * (header[1]! - target)) / header[1]!))]!;
    this.prune((slot) => lastUsed(slot) < cutoff);
    // Entries used at the cutoff itself go only while needed (a test clock that stands still).
    this.prune((slot) => header[1]! > target && lastUsed(slot) <= cutoff);
    // Should the sample have put the cutoff too early to make room at all, any entries go, so an insert never fails.
    if (header[1]! >= (capacity * 7) / 8) this.prune(() => header[1]! > target);
  }

  /** Drops every entry `expired` says may go (under the lock). */
  private prune(expired: (slot: number) => boolean): void {
    const { keys } = this;
    for (let slot = 0; slot <= this.mask; slot++) {
      // A removal may move a later entry into this slot: look at it again.
      while (keys[slot] !== 0n && expired(slot)) this.remove(slot);
    }
  }
}
