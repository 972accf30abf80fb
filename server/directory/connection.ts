/**
 * Connections to a directory: the main server, then its replicates in order when one does not
 * answer, each within its own timeout; StartTLS when the directory asks for it (`use_tls`); the
 * client certificate and key of GLPI's `tls_certfile` and `tls_keyfile` (files on this machine)
 * presented over LDAPS and StartTLS.
 */
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { Client, ResultCodeError } from 'ldapts';
import type { DirectoryServer, Endpoint } from './servers';

/** No server of a directory could be used: sign-in answers a clear 401 and the log says why (`reasons`). */
export class DirectoryUnavailable extends Error {
  constructor(
    message: string,
    readonly reasons: string[],
  ) {
    super(message);
  }
}

/** Where a line goes when a directory cannot be used (the server's log; set at start-up). */
let report: (line: string) => void = () => {};

export function reportDirectoryTo(log: (line: string) => void): void {
  report = log;
}

/** A line in the server's log about a directory. */
export const logDirectory = (line: string) => report(line);

/** ldaps:// when the host names it, else plain LDAP (with StartTLS on top when asked). */
function urlOf(endpoint: Endpoint): string {
  const host = endpoint.host.trim();
  const secure = /^ldaps:\/\//i.test(host);
  const bare = host.replace(/^ldaps?:\/\//i, '').replace(/\/+$/, '');
  const name = bare.includes(':') && !bare.startsWith('[') ? `[${bare}]` : bare;
  return `${secure ? 'ldaps' : 'ldap'}://${name}:${endpoint.port}`;
}

/**
 * Why a server refused, in words: ldapts gives an LDAP result only as its class and a code
 * ("InvalidCredentialsError", " Code: 0x31"), which becomes "invalid credentials (LDAP result 49)".
 */
export function reasonOf(e: unknown): string {
  if (e instanceof ResultCodeError) {
    const words = e.constructor.name.replace(/Error$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    return `${words} (LDAP result ${e.code})`;
  }
  return e instanceof Error ? e.message : String(e);
}

/** The client certificate and key to present, read at each connection (a renewed file is used at once); throws when one is set without the other or cannot be read. */
function clientCertificate(server: DirectoryServer): ConnectionOptions | undefined {
  const certFile = String(server.row.tls_certfile ?? '').trim();
  const keyFile = String(server.row.tls_keyfile ?? '').trim();
  if (certFile === '' && keyFile === '') return undefined;
  if (certFile === '' || keyFile === '') throw new Error('tls_certfile and tls_keyfile must both be set to present a client certificate');
  const read = (file: string, what: string) => {
    try {
      return readFileSync(file);
    } catch (e) {
      throw new Error(`cannot read the client ${what} ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
  };
  return { cert: read(certFile, 'certificate'), key: read(keyFile, 'key') };
}

/** A client bound as the directory's root DN (anonymous when it has none) on the first server that answers. */
export async function connectAsRoot(server: DirectoryServer): Promise<Client> {
  // A root DN with an empty password would be an anonymous bind that "succeeds".
  if (server.rootDn !== '' && !server.rootPassword) throw unavailable(server, ['its root DN has no usable password (set rootdn_passwd again)']);
  let tlsOptions: ConnectionOptions | undefined;
  try {
    tlsOptions = clientCertificate(server);
  } catch (e) {
    throw unavailable(server, [reasonOf(e)]);
  }
  const failures: string[] = [];
  for (const endpoint of server.endpoints) {
    const ms = endpoint.timeout * 1000;
    const url = urlOf(endpoint);
    // ldapts reads tlsOptions on a plain connection too, and StartTLS then fails: only for LDAPS.
    const client = new Client({ url, timeout: ms, connectTimeout: ms, ...(tlsOptions && url.startsWith('ldaps:') ? { tlsOptions: { ...tlsOptions } } : {}) });
    try {
      if (Number(server.row.use_tls) === 1) await client.startTLS(tlsOptions ? { ...tlsOptions } : {});
      if (server.rootDn !== '') await client.bind(server.rootDn, server.rootPassword!);
      return client;
    } catch (e) {
      await client.unbind().catch(() => {});
      failures.push(`${url}: ${reasonOf(e)}`);
      // The server answered and refused the root DN: its replicates hold the same accounts.
      if (e instanceof ResultCodeError) break;
    }
  }
  throw unavailable(server, failures.length ? failures : ['no host is set']);
}

/** The error for a directory that cannot be used, after a line in the log saying why. */
export function unavailable(server: DirectoryServer, failures: string[]): DirectoryUnavailable {
  report(`directory "${server.name}" (AuthLDAP ${server.id}) cannot be used: ${failures.join('; ')}`);
  return new DirectoryUnavailable(`The directory "${server.name}" cannot be reached`, failures);
}
