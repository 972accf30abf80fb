import { dlopen, FFIType, suffix } from 'bun:ffi';
import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export class InstanceLockError extends Error {}

/** The lock file's name in the data folder (kept when the lock is released). */
export const LOCK_FILE = 'deskbase.lock';

/** False where the platform has no flock (Windows): the lock is then not enforced. */
export const LOCK_ENFORCED = process.platform !== 'win32';

const LOCK_EX = 2;
const LOCK_NB = 4;

/** libc's flock(2), or null where there is none (Windows). */
function loadFlock(): ((fd: number, operation: number) => number) | null {
  if (!LOCK_ENFORCED) return null;
  const libc = process.platform === 'linux' ? 'libc.so.6' : `libc.${suffix}`;
  const { symbols } = dlopen(libc, { flock: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 } });
  return (fd, operation) => symbols.flock(fd, operation);
}

/**
 * One server per data folder: its caches (sessions, pages, counts) rely on being the only
 * writer. The kernel holds an exclusive flock on `deskbase.lock` for the life of the process, so
 * a crash frees it at once, a reused pid or a file left by another machine blocks nothing, and
 * of two simultaneous starts exactly one wins. The file's text (pid, host, what the holder does)
 * is only for the message. Returns the release function for a clean shutdown (a no-op where the platform has
 * no flock: see LOCK_ENFORCED).
 */
export function acquireInstanceLock(dataDir: string, activity: 'serving' | 'importing into' = 'serving'): () => void {
  const flock = loadFlock();
  if (!flock) return () => {};
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
  if (flock(fd, LOCK_EX | LOCK_NB) !== 0) {
    closeSync(fd);
    let holder = '';
    try {
      holder = readFileSync(file, 'utf8').trim();
    } catch {
      // gone meanwhile: the message stays general
    }
    // "pid 12 on host: importing into"; a file of an earlier version has no activity: serving.
    const [who, doing] = holder.split(': ');
    throw new InstanceLockError(
      `another Deskbase${who ? ` (${who})` : ''} is already ${doing ?? 'serving'} ${dataDir}; ${doing === 'importing into' ? 'let the import finish or stop it' : 'stop it'} first, or use another --data folder`,
    );
  }
  ftruncateSync(fd, 0);
  writeSync(fd, `pid ${process.pid} on ${hostname()}: ${activity}\n`, 0);
  rmSync(join(dataDir, 'deskbase.pid'), { force: true }); // left by versions that used a pid file
  return () => closeSync(fd); // closing the descriptor drops the lock; the file stays
}
