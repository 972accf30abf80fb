import { stillValid, tracked, type Dependencies } from '../../db/table-versions';
import type { Reply, SessionContext } from '../context';
import type { Scope } from '../../auth/scope';
import { paramsKey } from '../../core/params';

interface Entry {
  reply: Reply;
  /** What it was built from: a write to one of its tables (or a commit elsewhere) ends it. */
  deps: Dependencies;
  size: number;
  /** The insertion count when it was (re)inserted. */
  at: number;
}

/**
 * Serialised answers to reads, reused until a write to a table they read. Exact, because every
 * write of this process moves the counters of the tables it wrote, and another process's commit
 * moves them all (db/table-versions.ts, db/external-writes.ts); the key holds everything else an answer depends on (who asks, in which scope, through which URL,
 * with which parameters). Bounded in entries and bytes, about the least recently used going first.
 *
 * An answer is kept the second time it is built within about a cache's worth of reads: keeping
 * every answer of a scan that never comes back (a sync script reading each item once) costs more
 * in garbage collection than building it.
 */
export class ReplyCache {
  private readonly entries = new Map<string, Entry>();
  /** Insertions so far: an entry's `at` tells how far from the newest end it is. */
  private inserted = 0;
  /** Keys built once since this set was last emptied. */
  private readonly seen = new Set<string>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  reply(ctx: SessionContext, build: () => Reply): Reply {
    const key = replyKey(ctx);
    const hit = this.entries.get(key);
    if (hit && !stillValid(hit.deps)) {
      this.entries.delete(key);
      this.bytes -= hit.size;
    } else if (hit) {
      // Refresh its place (the oldest entries go first) once it is in the older half: moving it
      // on every read cost a map deletion and insertion per answer.
      if (this.inserted - hit.at > this.maxEntries / 2) {
        this.entries.delete(key);
        this.insert(key, hit);
      }
      return hit.reply;
    }
    const { value: built, deps } = tracked(build);
    const reply: Reply = { status: built.status, headers: built.headers, jsonText: built.jsonText ?? JSON.stringify(built.body) };
    // Built by a write (none do today), too big, or not asked for before: answered, not kept.
    const size = reply.jsonText!.length + key.length;
    if (!stillValid(deps) || size > this.maxBytes / 8 || !this.seenBefore(key)) return reply;
    this.insert(key, { reply, deps, size, at: 0 });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.bytes -= entry.size;
      this.entries.delete(oldest);
    }
    return reply;
  }

  private insert(key: string, entry: Entry): void {
    entry.at = ++this.inserted;
    this.entries.set(key, entry);
  }

  private seenBefore(key: string): boolean {
    if (this.seen.delete(key)) return true;
    if (this.seen.size >= this.maxEntries) this.seen.clear();
    this.seen.add(key);
    return false;
  }
}

/** The part of a key that says who asks: by scope, which is replaced (never changed) when it changes. */
const scopeKeys = new WeakMap<Scope, string>();

function scopeKey(scope: Scope): string {
  let key = scopeKeys.get(scope);
  if (key === undefined) scopeKeys.set(scope, (key = [scope.user.id, scope.profile.id, scope.version, scope.activeEntities.join(',')].join('\u0000')));
  return key;
}

function replyKey(ctx: SessionContext): string {
  return `${ctx.apiBase}\u0000${ctx.segments.join('/')}\u0000${paramsKey(ctx.params)}\u0000${scopeKey(ctx.scope)}`;
}

/** Collection pages: clients that poll the same list (dashboards, sync scripts) get it without recomputing. */
export const pageCache = new ReplyCache(256, 32 * 1024 * 1024);

/**
 * Single items: integrations and the console read the same items again and again. About 4 KiB
 * each (a computer with its links): at most 16 MiB.
 */
export const itemCache = new ReplyCache(4096, 16 * 1024 * 1024);
