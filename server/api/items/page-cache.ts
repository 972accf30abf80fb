import { dataVersion } from '../../db/connection';
import type { Reply, SessionContext } from '../../auth/context';

/**
 * Serialised collection pages, reused until the next write. Exact, because this process is the
 * database's only writer and every write bumps dataVersion; the key holds everything else a
 * page depends on (who asks, in which scope, through which URL, with which parameters).
 * Clients that poll the same list (dashboards, sync scripts) get it without recomputing.
 */
const MAX_ENTRIES = 256;
const MAX_BYTES = 32 * 1024 * 1024;

const entries = new Map<string, { version: number; reply: Reply; size: number }>();
let bytes = 0;

function pageKey(ctx: SessionContext): string {
  const { scope } = ctx;
  return [
    ctx.apiBase,
    ctx.segments.join('/'),
    JSON.stringify(ctx.params, (key, value) => (key === 'session_token' || key === 'app_token' ? undefined : value)),
    scope.user.id,
    scope.profile.id,
    scope.version,
    scope.activeEntities.join(','),
  ].join('\u0000');
}

function evict(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  bytes -= entry.size;
  entries.delete(key);
}

export function cachedPage(ctx: SessionContext, build: () => Reply): Reply {
  const key = pageKey(ctx);
  const hit = entries.get(key);
  if (hit && hit.version === dataVersion) {
    // Refresh its place: the oldest entries go first.
    entries.delete(key);
    entries.set(key, hit);
    return hit.reply;
  }
  evict(key);
  const version = dataVersion;
  const built = build();
  const reply: Reply = { status: built.status, headers: built.headers, jsonText: JSON.stringify(built.body) };
  const size = reply.jsonText!.length + key.length;
  if (size > MAX_BYTES / 8) return reply;
  entries.set(key, { version, reply, size });
  bytes += size;
  for (const oldest of entries.keys()) {
    if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
    evict(oldest);
  }
  return reply;
}
