import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class InstanceLockError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One server per data folder: its caches (sessions, pages, counts) rely on being the only
 * writer. A `deskbase.pid` file names the serving process; a stale one (process gone, e.g.
 * after a crash) is taken over. Returns the release function for a clean shutdown.
 */
export function acquireInstanceLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'deskbase.pid');
  let holder = 0;
  try {
    holder = Number(readFileSync(file, 'utf8').trim());
  } catch {
    // no lock yet
  }
  if (holder > 0 && holder !== process.pid && alive(holder)) {
    throw new InstanceLockError(`another Deskbase (pid ${holder}) is already serving ${dataDir}; stop it first, or use another --data folder`);
  }
  writeFileSync(file, `${process.pid}\n`);
  return () => rmSync(file, { force: true });
}
