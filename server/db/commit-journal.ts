import { threadId } from 'node:worker_threads';
import type { Written } from './table-versions';

/**
 * The write commits of the server's request-serving threads, in memory they share: each names the
 * tables it changed and their rowids, so that another thread drops only its cached reads of those
 * tables (table-versions.ts) instead of every cached read. A ring of fixed slots, written under a
 * lock and read without one (each slot carries the number it was published as, checked before and
 * after it is read): a reader that fell a whole ring behind, or an entry that does not fit its
 * slot even without its rowids, gets "unknown", on which it drops everything.
 */
const SLOTS = 1024;
const SLOT_BYTES = 8192;
/**
 * Int32 fields before a slot's bytes: the number it was published as (the next number while it is
 * written, which no reader expects yet), the thread, the length (-1: unknown). Numbers wrap as
 * int32s; a slot's place is its number's low bits, so the wrap is seamless.
 */
const SLOT_HEADER = 3;
/** The ring's own fields: the lock, the count published. */
const LOCK = 0;
const PUBLISHED = 1;
const RING_HEADER_BYTES = 8;
/** Turns a publisher waits for the lock (far longer than any copy takes) before taking it over. */
const MAX_SPINS = 10_000_000;

export const createCommitJournal = (): SharedArrayBuffer => new SharedArrayBuffer(RING_HEADER_BYTES + SLOTS * SLOT_BYTES);

/** One thread's view of the journal. */
export class CommitJournal {
  private readonly head: Int32Array;
  private readonly bytes: Uint8Array;
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();

  constructor(memory: SharedArrayBuffer) {
    this.head = new Int32Array(memory, 0, 2);
    this.bytes = new Uint8Array(memory, RING_HEADER_BYTES);
  }

  /** How many entries have been published so far. */
  published(): number {
    return Atomics.load(this.head, PUBLISHED);
  }

  /** Publishes a commit of this thread: what it wrote, or null when that is not known table by table. */
  publish(written: Written | null): void {
    const payload = written === null ? null : this.encode(written);
    // Held for a copy of a few KiB at most; a holder that never lets go (a thread killed inside) is outwaited.
    for (let spins = 0; Atomics.compareExchange(this.head, LOCK, 0, 1) !== 0 && spins < MAX_SPINS; spins++);
    try {
      const number = (Atomics.load(this.head, PUBLISHED) + 1) | 0;
      const fields = this.slotFields(number);
      Atomics.store(fields, 0, (number + 1) | 0);
      fields[1] = threadId;
      fields[2] = payload === null ? -1 : payload.length;
      if (payload !== null) this.bytes.set(payload, this.slotStart(number) + SLOT_HEADER * 4);
      Atomics.store(fields, 0, number);
      Atomics.store(this.head, PUBLISHED, number);
    } finally {
      Atomics.store(this.head, LOCK, 0);
    }
  }

  /**
   * The entries published after the first `seen` by other threads, in order, up to `upTo`
   * (published() read by the caller); null when one of them is not known (overwritten, or
   * published as unknown).
   */
  othersSince(seen: number, upTo: number): Written[] | null {
    const entries: Written[] = [];
    for (let number = seen; number !== upTo; ) {
      number = (number + 1) | 0;
      const fields = this.slotFields(number);
      if (Atomics.load(fields, 0) !== number) return null;
      const thread = fields[1];
      const length = fields[2]!;
      const text = length < 0 ? null : this.decoder.decode(this.bytes.slice(this.slotStart(number) + SLOT_HEADER * 4, this.slotStart(number) + SLOT_HEADER * 4 + length));
      if (Atomics.load(fields, 0) !== number || text === null) return null;
      if (thread !== threadId) entries.push(decode(text));
    }
    return entries;
  }

  private slotStart(number: number): number {
    return (number & (SLOTS - 1)) * SLOT_BYTES;
  }

  private slotFields(number: number): Int32Array {
    return new Int32Array(this.bytes.buffer, RING_HEADER_BYTES + this.slotStart(number), SLOT_HEADER);
  }

  /** The entry as bytes that fit a slot: without the rowids of the tables that wrote the most rows when too long; null if even that is. */
  private encode({ tables, rows }: Written): Uint8Array | null {
    const kept = new Map(rows);
    const byRows = [...tables].sort((a, b) => (rows.get(b)?.length ?? 0) - (rows.get(a)?.length ?? 0));
    for (let dropped = 0; dropped <= byRows.length; dropped++) {
      if (dropped > 0) kept.set(byRows[dropped - 1]!, null);
      const bytes = this.encoder.encode(JSON.stringify(tables.map((table) => [table, kept.get(table) ?? null])));
      if (bytes.length <= SLOT_BYTES - SLOT_HEADER * 4) return bytes;
    }
    return null;
  }
}

function decode(text: string): Written {
  const pairs = JSON.parse(text) as [string, number[] | null][];
  return { tables: pairs.map(([table]) => table), rows: new Map(pairs) };
}
