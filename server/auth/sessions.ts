import { now as clockNow } from '../core/clock';
import type { Db } from '../db/connection';
import { run, selectOne } from '../db/rows';
import { randomToken, tokenHash } from '../core/secrets';
import { SessionTouches } from './session-touches';

/** What a session remembers; the rest (rights, entity sets) is derived per request. */
export interface SessionRecord {
  hash: string;
  userId: number;
  profileId: number;
  /** Active entity, or null for "all the profile's entities". */
  entityId: number | null;
  recursive: boolean;
  createdAt: number;
  lastActive: number;
}

// Persisting the idle clock on every call would turn each read into a write; a minute of slack is enough.
const TOUCH_INTERVAL_MS = 60_000;
/** Tokens remembered unhashed at most (a client logging in again and again leaves old ones behind). */
const MAX_TOKENS = 100_000;

type CachedSession = SessionRecord & { persistedActive: number };

/**
 * Sessions live in SQLite (a restart logs nobody out) behind an in-memory cache per thread, which
 * another thread's or process's commit empties (db/external-writes.ts); the idle clocks are
 * shared by the threads (session-touches.ts). The database keeps tokens only as hashes. All calls
 * are synchronous, so parallel requests never wait on a lock.
 */
export class SessionManager {
  private readonly cache = new Map<string, CachedSession>();
  /**
   * The same records by the token itself: hashing it cost more than the rest of a cached read.
   * An entry counts only while its record is still the one cached under its hash, so kill,
   * killUser, sweep and forgetCached end it without knowing the token.
   */
  private readonly byToken = new Map<string, CachedSession>();

  constructor(
    private readonly db: Db,
    private readonly idleTimeoutMs: () => number,
    private readonly touches = new SessionTouches(),
  ) {}

  create(userId: number, profileId: number, entityId: number | null, recursive: boolean): { token: string; record: SessionRecord } {
    const token = randomToken();
    const now = clockNow();
    const record = { hash: tokenHash(token), userId, profileId, entityId, recursive, createdAt: now, lastActive: now };
    run(
      this.db,
      'INSERT INTO deskbase_sessions (token_hash, users_id, profiles_id, entities_id, is_recursive, created_at, last_active) VALUES (?, ?, ?, ?, ?, ?, ?)',
      record.hash, userId, profileId, entityId, recursive ? 1 : 0, now, now,
    );
    this.cache.set(record.hash, { ...record, persistedActive: now });
    return { token, record };
  }

  /** The live session for a token, or null when unknown, killed or idle for too long. */
  resolve(token: string): SessionRecord | null {
    const known = this.byToken.get(token);
    const rec = known && this.cache.get(known.hash) === known ? known : this.load(token);
    if (!rec) return null;
    const now = clockNow();
    const touch = this.touches.touch(rec.hash, rec, now, this.idleTimeoutMs(), TOUCH_INTERVAL_MS);
    if (touch === 'idle') {
      this.kill(rec.hash);
      return null;
    }
    if (touch === 'persist') run(this.db, 'UPDATE deskbase_sessions SET last_active = ? WHERE token_hash = ?', now, rec.hash);
    return rec;
  }

  /** The record of a token not (or no longer) known by itself: from the cache by hash, else the database. */
  private load(token: string): CachedSession | null {
    this.byToken.delete(token);
    const hash = tokenHash(token);
    let rec = this.cache.get(hash);
    if (!rec) {
      const row = selectOne(this.db, 'SELECT * FROM deskbase_sessions WHERE token_hash = ?', hash);
      if (!row) return null;
      rec = {
        hash,
        userId: Number(row.users_id),
        profileId: Number(row.profiles_id),
        entityId: row.entities_id === null ? null : Number(row.entities_id),
        recursive: Number(row.is_recursive) === 1,
        createdAt: Number(row.created_at),
        lastActive: Number(row.last_active),
        persistedActive: Number(row.last_active),
      };
      this.cache.set(hash, rec);
    }
    if (this.byToken.size >= MAX_TOKENS) this.byToken.clear();
    this.byToken.set(token, rec);
    return rec;
  }

  update(record: SessionRecord, changes: Partial<Pick<SessionRecord, 'profileId' | 'entityId' | 'recursive'>>): void {
    Object.assign(record, changes);
    run(
      this.db,
      'UPDATE deskbase_sessions SET profiles_id = ?, entities_id = ?, is_recursive = ? WHERE token_hash = ?',
      record.profileId, record.entityId, record.recursive ? 1 : 0, record.hash,
    );
  }

  kill(hash: string): void {
    this.cache.delete(hash);
    this.touches.forget(hash);
    run(this.db, 'DELETE FROM deskbase_sessions WHERE token_hash = ?', hash);
  }

  /** Ends every session of a user (deactivated, deleted or password changed). */
  killUser(userId: number): void {
    for (const [hash, rec] of this.cache) if (rec.userId === userId) this.cache.delete(hash);
    run(this.db, 'DELETE FROM deskbase_sessions WHERE users_id = ?', userId);
  }

  /** Forgets the cache: the next use of each token reads the database (changed by another process). */
  forgetCached(): void {
    this.cache.clear();
    this.byToken.clear();
  }

  /**
   * Removes sessions idle for longer than the timeout. The database's idle clock may lag a use by
   * up to TOUCH_INTERVAL_MS (on any thread): only sessions idle for longer than that too go here;
   * the others end at their next use (resolve), exactly on time.
   */
  sweep(): void {
    const limit = clockNow() - this.idleTimeoutMs() - TOUCH_INTERVAL_MS;
    for (const [hash, rec] of this.cache) if (rec.lastActive < limit) this.cache.delete(hash);
    for (const [token, rec] of this.byToken) if (this.cache.get(rec.hash) !== rec) this.byToken.delete(token);
    run(this.db, 'DELETE FROM deskbase_sessions WHERE last_active < ?', limit);
  }
}
