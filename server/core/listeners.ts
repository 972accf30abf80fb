/**
 * Who listens on a TCP port, from Linux's /proc: with SO_REUSEPORT any program of the same user
 * may bind the same address and port and take a share of the connections, and nothing in the
 * socket API tells a listener that it happened.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';

const LISTEN = '0A';

/** The socket inodes this process holds (every thread shares the file descriptor table). */
function ownSocketInodes(): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed since the listing
    }
  }
  return inodes;
}

/** Listening sockets on `port`: their local address (as /proc writes it) and inode. */
function listenersOn(port: number): { address: string; inode: string }[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const found: { address: string; inode: string }[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue; // no IPv6
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [address, localPort] = (fields[1] ?? '').split(':');
      if (localPort === hexPort && fields[3] === LISTEN) found.push({ address: address!, inode: fields[9]! });
    }
  }
  return found;
}

/**
 * How many sockets of other processes listen on the same address and port as this process's own
 * listeners on `port` (0 when this process has none there, and where there is no /proc to read).
 */
export function foreignListeners(port: number): number {
  if (!existsSync('/proc/self/fd')) return 0;
  const own = ownSocketInodes();
  const listeners = listenersOn(port);
  const ownAddresses = new Set(listeners.filter((l) => own.has(l.inode)).map((l) => l.address));
  return listeners.filter((l) => !own.has(l.inode) && ownAddresses.has(l.address)).length;
}
