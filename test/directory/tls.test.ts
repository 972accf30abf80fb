/**
 * Directories over TLS (issue 32): a private slapd with a certificate made by openssl for
 * 127.0.0.1, serving LDAPS and StartTLS. A Deskbase server trusting it (NODE_EXTRA_CA_CERTS)
 * signs users in over both; a name the certificate does not cover, or a server that does not
 * trust it, is refused: certificates are checked.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { expectError } from '../support/errors';
import { startServer, type TestServer } from '../support/server';
import { ROOT, Slapd, slapdMissing, SUFFIX } from '../support/slapd';
import { until } from '../support/until';
import { basic, FIXTURE, FIXTURE_SCHEMAS } from './helpers';


if (slapdMissing) test.skip(`directories over TLS: ${slapdMissing}`, () => {});

describe.skipIf(slapdMissing !== null)('directories over TLS', () => {
  const slapd = new Slapd();
  let trusting: TestServer;
  let distrusting: TestServer;
  let trustingAdmin: Client;
  let ldapsId = 0;

  const signIn = (server: TestServer, login: string, password: string) =>
    new Client(server.api).get('initSession', { anonymous: true, headers: { Authorization: basic(login, password) } });

  /** A directory on this server (its admin signs in first) and the admin's client. */
  async function directoryOn(server: TestServer, input: Record<string, unknown>): Promise<{ admin: Client; id: number }> {
    const admin = await new Client(server.api).login();
    const id = await admin.create('AuthLDAP', { name: 'Secure', basedn: `ou=people,${SUFFIX}`, rootdn: ROOT.dn, rootdn_passwd: ROOT.password, login_field: 'uid', is_active: 1, timeout: 5, ...input });
    return { admin, id };
  }

  beforeAll(async () => {
    await slapd.start(FIXTURE, { tls: true, schemas: FIXTURE_SCHEMAS });
    trusting = await startServer({ NODE_EXTRA_CA_CERTS: slapd.certFile });
    distrusting = await startServer();
  });
  afterAll(async () => {
    await trusting?.dispose();
    await distrusting?.dispose();
    await slapd.stop();
  });

  test('LDAPS with a trusted certificate signs in; a host name the certificate does not cover is refused', async () => {
    const { admin, id } = await directoryOn(trusting, { host: 'ldaps://127.0.0.1', port: slapd.tlsPort });
    [trustingAdmin, ldapsId] = [admin, id];
    expect((await signIn(trusting, 'alice', 'alice-pass')).status).toBe(200);
    expect((await admin.put(`AuthLDAP/${id}`, { input: { host: 'ldaps://localhost' } })).status).toBe(200);
    const refused = await signIn(trusting, 'alice', 'alice-pass');
    expectError(refused, 401, 'ERROR_GLPI_LOGIN');
    expect(refused.body[1]).toBe('The directory "Secure" cannot be reached; try again later');
    await until('the log line', () => trusting.output, (out) => out.includes(`directory "Secure" (AuthLDAP ${id}) cannot be used: ldaps://localhost:${slapd.tlsPort}: Hostname/IP does not match`));
  });

  test('StartTLS on the plain port (use_tls) signs in', async () => {
    // The LDAPS directory above no longer answers: it is set aside, this one is the only one left.
    expect((await trustingAdmin.put(`AuthLDAP/${ldapsId}`, { input: { is_active: 0 } })).status).toBe(200);
    await directoryOn(trusting, { name: 'StartTLS', host: '127.0.0.1', port: slapd.port, use_tls: 1 });
    expect((await signIn(trusting, 'bob', 'bob-pass')).status).toBe(200);
    // slapd saw the StartTLS request (its OID).
    await until('StartTLS in slapd log', () => slapd.log, (log) => /EXT oid=1\.3\.6\.1\.4\.1\.1466\.20037/.test(log));
  });

  test('a server that does not trust the certificate refuses it, over LDAPS and StartTLS', async () => {
    const { admin, id } = await directoryOn(distrusting, { host: 'ldaps://127.0.0.1', port: slapd.tlsPort });
    expectError(await signIn(distrusting, 'alice', 'alice-pass'), 401, 'ERROR_GLPI_LOGIN');
    await until('the LDAPS log line', () => distrusting.output, (out) => out.includes(`ldaps://127.0.0.1:${slapd.tlsPort}: self signed certificate`));
    expect((await admin.put(`AuthLDAP/${id}`, { input: { host: '127.0.0.1', port: slapd.port, use_tls: 1 } })).status).toBe(200);
    expectError(await signIn(distrusting, 'alice', 'alice-pass'), 401, 'ERROR_GLPI_LOGIN');
    await until('the StartTLS log line', () => distrusting.output, (out) => out.includes(`ldap://127.0.0.1:${slapd.port}: self signed certificate`));
    expect((await admin.get('User/', { query: 'searchText[name]=^alice$' })).body).toEqual([]);
  });
});
