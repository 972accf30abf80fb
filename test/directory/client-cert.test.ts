/**
 * Client certificates (issue 32, GLPI's AuthLDAP `tls_certfile` and `tls_keyfile`): a private
 * slapd that demands a certificate signed by its client CA (`TLSVerifyClient demand`) refuses a
 * directory without one, over LDAPS and StartTLS, and signs users in once the directory names its
 * certificate and key; a file that cannot be read is said in the log and the test connection.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { expectError } from '../support/errors';
import { scenario } from '../support/scenario';
import { startServer, type TestServer } from '../support/server';
import { makeClientCertificate, ROOT, Slapd, slapdMissing, SUFFIX } from '../support/slapd';
import { until } from '../support/until';
import { basic, FIXTURE, FIXTURE_SCHEMAS } from './helpers';

if (slapdMissing) test.skip(`directory client certificates: ${slapdMissing}`, () => {});

describe.skipIf(slapdMissing !== null)('directory client certificates', () => {
  const slapd = new Slapd();
  const client = makeClientCertificate(mkdtempSync(join(tmpdir(), 'deskbase-client-cert-')));
  let server: TestServer;
  let admin: Client;
  let id = 0;

  const signIn = (login: string, password: string) => new Client(server.api).get('initSession', { anonymous: true, headers: { Authorization: basic(login, password) } });

  beforeAll(async () => {
    await slapd.start(FIXTURE, { tls: true, schemas: FIXTURE_SCHEMAS, clientCa: client.ca });
    server = await startServer({ NODE_EXTRA_CA_CERTS: slapd.certFile });
    admin = await new Client(server.api).login();
    id = await admin.create('AuthLDAP', { name: 'Demanding', host: 'ldaps://127.0.0.1', port: slapd.tlsPort, basedn: `ou=people,${SUFFIX}`, rootdn: ROOT.dn, rootdn_passwd: ROOT.password, login_field: 'uid', is_active: 1, timeout: 5 });
  });
  afterAll(async () => {
    await server?.dispose();
    await slapd.stop();
  });

  test('without a client certificate the directory refuses the connection', async () => {
    expectError(await signIn('alice', 'alice-pass'), 401, 'ERROR_GLPI_LOGIN');
    await until('the log line', () => server.output, (out) => out.includes(`directory "Demanding" (AuthLDAP ${id}) cannot be used: ldaps://127.0.0.1:${slapd.tlsPort}:`));
    await until('the refusal in slapd log', () => slapd.log, (log) => log.includes("TLS: can't accept: Certificate is required"));
  });

  test('with tls_certfile and tls_keyfile it signs in, over LDAPS and StartTLS', async () => {
    expect((await admin.put(`AuthLDAP/${id}`, { input: { tls_certfile: client.cert, tls_keyfile: client.key } })).status).toBe(200);
    expect((await signIn('alice', 'alice-pass')).status).toBe(200);
    expect((await admin.put(`AuthLDAP/${id}`, { input: { host: '127.0.0.1', port: slapd.port, use_tls: 1 } })).status).toBe(200);
    expect((await signIn('bob', 'bob-pass')).status).toBe(200);
    // slapd demands a certificate its client CA signed (the first test): these connections presented one.
  });

  test('a relative path is refused; a key file that cannot be read, or a certificate without its key, is said', async () => {
    await scenario(admin, [
      { request: `PUT AuthLDAP/${id}`, body: { input: { tls_keyfile: 'client.key' } }, status: 400, error: 'ERROR_GLPI_UPDATE', message: /^tls_keyfile must be the absolute path of a PEM file on the server/ },
      { request: `PUT AuthLDAP/${id}`, body: { input: { tls_keyfile: join(tmpdir(), 'no-such-key.pem') } }, status: 200 },
      {
        request: `POST AuthLDAP/${id}/test`,
        status: 200,
        equals: { connected: false, basedn_found: false, accounts: null, sample: [], error: `cannot read the client key ${join(tmpdir(), 'no-such-key.pem')}: ENOENT` },
      },
      { request: `PUT AuthLDAP/${id}`, body: { input: { tls_keyfile: '' } }, status: 200 },
      {
        request: `POST AuthLDAP/${id}/test`,
        status: 200,
        equals: { connected: false, basedn_found: false, accounts: null, sample: [], error: 'tls_certfile and tls_keyfile must both be set to present a client certificate' },
      },
    ]);
  });
});
