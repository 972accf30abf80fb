/**
 * One JSON value in shared memory, written by one thread and read by the others at any time (a
 * sequence lock: the writer makes the sequence odd while it writes; a reader that saw it odd or
 * changed reads again). What a reader gets is the last value written before it read.
 */
const SEQUENCE = 0;
const LENGTH = 1;
const HEADER_BYTES = 8;

export class SharedJson<T> {
  private readonly header: Int32Array;
  private readonly bytes: Uint8Array;

  /** `buffer`: from SharedJson.create in the writing thread, handed to the readers. */
  constructor(readonly buffer: SharedArrayBuffer) {
    this.header = new Int32Array(buffer, 0, 2);
    this.bytes = new Uint8Array(buffer, HEADER_BYTES);
  }

  static create<T>(maxBytes: number): SharedJson<T> {
    return new SharedJson<T>(new SharedArrayBuffer(HEADER_BYTES + maxBytes));
  }

  /** Only ever called by one thread; a value longer than the room is refused. */
  write(value: T): void {
    const encoded = new TextEncoder().encode(JSON.stringify(value));
    if (encoded.length > this.bytes.length) throw new Error(`shared value too long (${encoded.length} bytes)`);
    Atomics.add(this.header, SEQUENCE, 1);
    this.bytes.set(encoded);
    Atomics.store(this.header, LENGTH, encoded.length);
    Atomics.add(this.header, SEQUENCE, 1);
  }

  /** The last value written, or null before the first. */
  read(): T | null {
    for (;;) {
      const before = Atomics.load(this.header, SEQUENCE);
      if (before === 0) return null;
      if (before % 2 === 1) continue;
      const length = Atomics.load(this.header, LENGTH);
      const text = new TextDecoder().decode(this.bytes.slice(0, length));
      if (Atomics.load(this.header, SEQUENCE) === before) return JSON.parse(text) as T;
    }
  }
}
