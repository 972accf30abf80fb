import { createSharedTable, SharedTable, type SharedTableMemory } from '../core/shared-table';

/** An entry's fields in the shared table. */
const LAST_ACTIVE = 0;
const PERSISTED = 1;

/** Room for half a million sessions used since their idle clock was last written. */
export const createTouchEntries = (): SharedTableMemory => createSharedTable(1 << 19, 2);

/** What a session's use means for it. */
export type Touch = 'idle' | 'persist' | 'kept';

/**
 * The idle clock of each session, shared by every request-serving thread. A use is written to
 * the database at most once a minute (a write per read would cost too much), so the uses of the
 * last minute live only in memory: here, in memory shared by the threads, so a session used on
 * one thread a moment ago is not idle on another. An entry may go once the database holds its
 * time or the session is idle anyway; when the table is full of others, the use is written.
 */
export class SessionTouches {
  private readonly table: SharedTable;

  constructor(memory: SharedTableMemory = createTouchEntries()) {
    this.table = new SharedTable(memory);
  }

  /**
   * A use of the session at `now`: 'idle' when it was last used more than `idleMs` ago (it is
   * forgotten here), else 'persist' when its time must be written to the database, else 'kept'.
   * `times` (the thread's copy) is brought up to date with every thread's uses.
   */
  touch(hash: string, times: { lastActive: number; persistedActive: number }, now: number, idleMs: number, persistEveryMs: number): Touch {
    const { table } = this;
    const { values, fields } = table;
    const key = table.keyOf(hash);
    const expired = (slot: number) => {
      const at = slot * fields;
      return values[at + LAST_ACTIVE]! <= values[at + PERSISTED]! || now - values[at + LAST_ACTIVE]! > idleMs;
    };
    return table.locked(() => {
      let slot = table.find(key);
      if (slot >= 0) {
        times.lastActive = Math.max(times.lastActive, values[slot * fields + LAST_ACTIVE]!);
        times.persistedActive = Math.max(times.persistedActive, values[slot * fields + PERSISTED]!);
      }
      if (now - times.lastActive > idleMs) {
        if (slot >= 0) table.remove(slot);
        return 'idle';
      }
      times.lastActive = now;
      const persist = now - times.persistedActive > persistEveryMs;
      if (persist) times.persistedActive = now;
      if (slot < 0) slot = table.insert(key, expired);
      if (slot < 0) {
        times.persistedActive = now; // no room: the database keeps it
        return 'persist';
      }
      values[slot * fields + LAST_ACTIVE] = times.lastActive;
      values[slot * fields + PERSISTED] = times.persistedActive;
      return persist ? 'persist' : 'kept';
    });
  }

  /** The session ended: nothing more to remember. */
  forget(hash: string): void {
    const { table } = this;
    table.locked(() => {
      const slot = table.find(table.keyOf(hash));
      if (slot >= 0) table.remove(slot);
    });
  }
}
