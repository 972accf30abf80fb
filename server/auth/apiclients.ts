import { timingSafeEqual } from 'node:crypto';
import { errors } from '../core/errors';
import type { Services } from './services';
import { selectAll } from '../db/rows';

interface Client {
  rangeStart: number | null;
  rangeEnd: number | null;
  ipv6: string | null;
  appToken: string;
}

/** The active clients, and which of them each address matches (asked on every request). */
let cached: {
  version: number;
  clients: Client[];
  byAddress: Map<string, Client[]>;
  /** A client matches every address and wants no App-Token (the default one). */
  openToAll: boolean;
} | null = null;
const MAX_ADDRESSES = 10_000;

function activeClients(services: Services): NonNullable<typeof cached> {
  if (cached?.version !== services.directory.version) {
    const rows = selectAll(services.store.db, 'SELECT ipv4_range_start, ipv4_range_end, ipv6, app_token FROM glpi_apiclients WHERE is_active = 1');
    const clients = rows.map((r) => ({
      rangeStart: r.ipv4_range_start === null ? null : Number(r.ipv4_range_start),
      rangeEnd: r.ipv4_range_end === null ? null : Number(r.ipv4_range_end),
      ipv6: r.ipv6 ? String(r.ipv6).toLowerCase() : null,
      appToken: String(r.app_token ?? ''),
    }));
    const openToAll = clients.some((c) => c.rangeStart === null && c.ipv6 === null && c.appToken === '');
    cached = { version: services.directory.version, clients, byAddress: new Map(), openToAll };
  }
  return cached;
}

function clientsFor(services: Services, ip: string): Client[] {
  const { clients, byAddress } = activeClients(services);
  let matched = byAddress.get(ip);
  if (!matched) {
    if (byAddress.size >= MAX_ADDRESSES) byAddress.clear();
    matched = clients.filter((c) => matches(c, ip));
    byAddress.set(ip, matched);
  }
  return matched;
}

function ipv4ToNumber(ip: string): number | null {
  const m = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/i.exec(ip);
  if (!m) return null;
  return m.slice(1).reduce((acc, part) => acc * 256 + Number(part), 0);
}

function matches(client: Client, ip: string): boolean {
  const v4 = ipv4ToNumber(ip);
  if (v4 !== null) {
    if (client.rangeStart === null) return true;
    return v4 >= client.rangeStart && v4 <= (client.rangeEnd ?? client.rangeStart);
  }
  return client.ipv6 === null || client.ipv6 === ip.toLowerCase();
}

function sameToken(a: string, b: string): boolean {
  // An empty token is no secret: the usual case (no App-Token, a client without one) needs no buffers.
  if (a === '' || b === '') return a === b;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * GLPI's API client check: the address must match an active client, and the App-Token one of them.
 * The address is asked for only when it matters: a client for any address without a token (the
 * default one) lets every request without an App-Token through.
 */
export function checkAppToken(services: Services, ip: () => string, token: string): void {
  if (token === '' && activeClients(services).openToAll) return;
  const address = ip();
  const clients = clientsFor(services, address);
  if (clients.length === 0) throw errors.notAllowedIp(address);
  if (clients.some((c) => sameToken(c.appToken, token))) return;
  throw token === '' ? errors.appTokenMissing() : errors.appTokenWrong();
}
