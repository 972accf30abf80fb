/**
 * Where a webhook may send (no server-side request forgery into the host): its URL is http or
 * https, and every address its host name resolves to is checked. Link-local addresses (where cloud
 * metadata services answer: 169.254.0.0/16, fe80::/10) and the other metadata addresses are
 * refused unless the host is listed in `webhook_allowed_hosts`; loopback, private and unspecified
 * addresses are refused unless `webhook_allow_private` is 1 or the host is listed.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Settings } from '../db/settings';

/** Metadata services outside the link-local ranges (Alibaba Cloud, AWS over IPv6). */
const METADATA = new Set(['100.100.100.200', 'fd00:ec2::254']);

function ipv4Octets(address: string): number[] | null {
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return isIP(mapped) === 4 ? mapped.split('.').map(Number) : null;
}

/** What kind of address this is, as far as the guard cares. */
export function addressKind(address: string): 'metadata' | 'link-local' | 'private' | 'public' {
  const lower = address.toLowerCase();
  if (METADATA.has(lower)) return 'metadata';
  const v4 = ipv4Octets(lower);
  if (v4) {
    const [a, b] = v4 as [number, number];
    if (a === 169 && b === 254) return 'link-local';
    if (a === 0 || a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127)) return 'private';
    return 'public';
  }
  if (/^fe[89ab]/.test(lower)) return 'link-local';
  if (lower === '::1' || lower === '::' || /^f[cd]/.test(lower)) return 'private';
  return 'public';
}

function allowedHosts(settings: Settings): Set<string> {
  return new Set(
    settings
      .get('webhook_allowed_hosts')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * Where a request to `url` may go: `refused` says why not; else `address` is the checked address
 * to connect to (null for a listed host, reached as resolved at connection time).
 */
export async function checkDestination(settings: Settings, url: string): Promise<{ refused: string } | { address: string | null }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { refused: `not a URL: ${url}` };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { refused: `only http and https URLs are allowed, not ${parsed.protocol}` };
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowedHosts(settings).has(host)) return { address: null };
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch (error) {
    return { refused: `${host} does not resolve: ${error instanceof Error ? error.message : String(error)}` };
  }
  const allowPrivate = settings.flag('webhook_allow_private');
  for (const address of addresses) {
    const kind = addressKind(address);
    if (kind === 'metadata' || kind === 'link-local') return { refused: `${host} resolves to ${address}, a ${kind} address: refused (see webhook_allowed_hosts)` };
    if (kind === 'private' && !allowPrivate) return { refused: `${host} resolves to ${address}, a loopback or private address: refused (see webhook_allow_private)` };
  }
  return { address: addresses[0] ?? null };
}

/** Why a webhook may not send to `url`, or null when it may. */
export async function refusedDestination(settings: Settings, url: string): Promise<string | null> {
  const checked = await checkDestination(settings, url);
  return 'refused' in checked ? checked.refused : null;
}

/**
 * The URL to request and its Host header: a plain http request goes to the checked address itself,
 * so a name that resolves elsewhere a moment later (DNS rebinding) cannot lead it past the check.
 * An https request keeps its name, which the server's certificate must match.
 */
export function pinned(url: string, address: string | null): { url: string; host: string | null } {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' || address === null || isIP(parsed.hostname.replace(/^\[|\]$/g, ''))) return { url, host: null };
  const host = parsed.host;
  parsed.hostname = isIP(address) === 6 ? `[${address}]` : address;
  return { url: parsed.toString(), host };
}
