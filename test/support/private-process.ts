/** What the tests' private servers (MariaDB, slapd, Dovecot) share: a free loopback port, whether it accepts, and stopping them. */
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

/** Whether a TCP connection to the loopback port opens. */
export async function accepts(port: number): Promise<boolean> {
  try {
    const socket = await Bun.connect({ hostname: '127.0.0.1', port, socket: { data() {} } });
    socket.end();
    return true;
  } catch {
    return false;
  }
}
