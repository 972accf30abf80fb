/**
 * A private OpenLDAP server for the directory tests: Debian's slapd with its own slapd.conf and a
 * throwaway mdb database in a temporary folder, on a free loopback port, run as the current user
 * (no system service). `scripts/ensure-slapd.sh` installs it; without it the tests skip.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { accepts, freePort, stopAndRemove } from './private-process';
import { until } from './until';

const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';
const MODULES = '/usr/lib/ldap';
const SCHEMAS = '/etc/ldap/schema';

export const slapdMissing: string | null =
  existsSync(SLAPD) && existsSync(SLAPADD) && existsSync(join(MODULES, 'back_mdb.la')) && existsSync(join(SCHEMAS, 'inetorgperson.schema'))
    ? null
    : "OpenLDAP's slapd is not installed (scripts/ensure-slapd.sh installs Debian's slapd and ldap-utils as root)";

/** The directory's suffix and its administrator (slapd's rootdn), as the fixture LDIF uses them. */
export const SUFFIX = 'dc=example,dc=org';
export const ROOT = { dn: `cn=admin,${SUFFIX}`, password: 'root-secret' };

export /** A self-signed certificate and its key, valid for the address 127.0.0.1 only (not for "localhost"). */
function makeCertificate(cert: string, key: string): void {
  const made = Bun.spawnSync(
    ['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    { stdout: 'ignore', stderr: 'pipe' },
  );
  if (made.exitCode !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr.toString()}`);
}

/** A certificate authority and a client certificate it signed (with its key), in `dir`, for a slapd with `clientCa`. */
export function makeClientCertificate(dir: string): { ca: string; cert: string; key: string } {
  const file = (name: string) => join(dir, name);
  const steps = [
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('client-ca.key'), '-out', file('client-ca.pem'), '-days', '2', '-subj', '/CN=Deskbase test client CA'],
    ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('client.key'), '-out', file('client.csr'), '-subj', '/CN=deskbase'],
    ['x509', '-req', '-in', file('client.csr'), '-CA', file('client-ca.pem'), '-CAkey', file('client-ca.key'), '-CAcreateserial', '-out', file('client.pem'), '-days', '2'],
  ];
  for (const args of steps) {
    const made = Bun.spawnSync(['openssl', ...args], { stdout: 'ignore', stderr: 'pipe' });
    if (made.exitCode !== 0) throw new Error(`openssl ${args[0]} failed: ${made.stderr.toString()}`);
  }
  return { ca: file('client-ca.pem'), cert: file('client.pem'), key: file('client.key') };
}

export class Slapd {
  private proc: Subprocess<'ignore', 'ignore', 'pipe'> | null = null;
  readonly dir = mkdtempSync(join(tmpdir(), 'deskbase-slapd-'));
  port = 0;
  /** The LDAPS port, when started with TLS. */
  tlsPort = 0;
  /** Its certificate (self-signed, for 127.0.0.1 only), which a client must trust. */
  readonly certFile = join(this.dir, 'cert.pem');
  /** What slapd logged (`-d stats`: each bind and search filter it received). */
  log = '';

  get url(): string {
    return `ldap://127.0.0.1:${this.port}`;
  }

  /**
   * Writes slapd.conf, loads the LDIF offline with slapadd, then starts slapd in the foreground.
   * With `tls`, a certificate made now by openssl serves LDAPS on a second port and StartTLS;
   * `schemas` are more schema files to include after Debian's; `database` more lines of the
   * database's section (such as `limits`); with `clientCa` (a CA certificate file), TLS clients
   * must present a certificate it signed (`TLSVerifyClient demand`).
   */
  async start(ldif: string, { tls = false, schemas = [] as string[], database = [] as string[], clientCa = '' } = {}): Promise<void> {
    const data = join(this.dir, 'data');
    mkdirSync(data);
    const key = join(this.dir, 'key.pem');
    if (tls) makeCertificate(this.certFile, key);
    const conf = join(this.dir, 'slapd.conf');
    writeFileSync(
      conf,
      [
        ...['core', 'cosine', 'inetorgperson', 'nis'].map((s) => `include ${SCHEMAS}/${s}.schema`),
        ...schemas.map((file) => `include ${file}`),
        `pidfile ${join(this.dir, 'slapd.pid')}`,
        ...(tls ? [`TLSCertificateFile ${this.certFile}`, `TLSCertificateKeyFile ${key}`] : []),
        ...(clientCa ? [`TLSCACertificateFile ${clientCa}`, 'TLSVerifyClient demand'] : []),
        `modulepath ${MODULES}`,
        'moduleload back_mdb',
        'database mdb',
        'maxsize 10485760',
        `suffix "${SUFFIX}"`,
        `rootdn "${ROOT.dn}"`,
        `rootpw ${ROOT.password}`,
        `directory ${data}`,
        ...database,
        // Passwords are only compared by binds; everything else is readable by whoever is bound.
        'access to attrs=userPassword by anonymous auth by self read by * none',
        'access to * by users read by * none',
        '',
      ].join('\n'),
    );
    const fixture = join(this.dir, 'fixture.ldif');
    writeFileSync(fixture, ldif);
    const load = Bun.spawnSync([SLAPADD, '-q', '-f', conf, '-l', fixture], { stdout: 'ignore', stderr: 'pipe' });
    if (load.exitCode !== 0) throw new Error(`slapadd failed: ${load.stderr.toString()}`);
    this.port = await freePort();
    if (tls) this.tlsPort = await freePort();
    const urls = [`${this.url}/`, ...(tls ? [`ldaps://127.0.0.1:${this.tlsPort}/`] : [])].join(' ');
    // -d stats keeps slapd in the foreground and logs each bind and search filter on stderr.
    const proc = Bun.spawn([SLAPD, '-f', conf, '-h', urls, '-d', 'stats'], { stdout: 'ignore', stderr: 'pipe' });
    this.proc = proc;
    const reader = proc.stderr.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`slapd stopped:\n${this.log}`);
      this.log += decoder.decode(value);
      if (this.log.includes('slapd starting')) break;
    }
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        this.log += decoder.decode(value);
      }
    })();
    // "slapd starting" is logged while its listener thread may still be about to listen().
    await until('slapd to accept connections', async () => (await accepts(this.port)) && (!tls || (await accepts(this.tlsPort))));
  }

  async stop(): Promise<void> {
    await stopAndRemove(this.proc, this.dir);
    this.proc = null;
  }
}
