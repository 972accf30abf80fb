/** What the tests' private servers (MariaDB, slapd) share: a free loopback port, and stopping them. */
import { rmSync } from 'node:fs';
import type { Subprocess } from 'bun';

/** A loopback port free right now (the OS's pick). */
export async function freePort(): Promise<number> {
  const server = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const port = server.port;
  server.stop(true);
  return port;
}

/** Stops the server's process, if running, and removes its temporary folder. */
export async function stopAndRemove(proc: Subprocess | null, dir: string): Promise<void> {
  if (proc) {
    proc.kill('SIGTERM');
    await proc.exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
