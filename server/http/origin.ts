import { hostname } from 'node:os';

/** What the server knows of its own listener (Bun's Server). */
export interface BoundServer {
  hostname?: string;
  port?: number;
}

const WILDCARDS = new Set(['', '0.0.0.0', '::', '[::]']);

/**
 * The origin of the address the server listens on: what links and messages name (never the
 * request's Host header, which the client chooses). Bound to every interface, it names the machine.
 */
export function boundOrigin(server: BoundServer | null): string {
  const host = server?.hostname ?? 'localhost';
  const name = WILDCARDS.has(host) ? hostname() : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return server?.port ? `http://${name}:${server.port}` : `http://${name}`;
}
