/**
 * A directory of 10 000 accounts (issue 32) on a private slapd that sends at most 500 entries per
 * search and pages of 1000 at most, as Active Directory: paged results (`can_support_pagesize`, `pagesize`) read them all
 * for the import list, the test connection and the sync, whose report counts its progress;
 * without paging the answer says to turn it on.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { runCli } from '../support/cli';
import { Client } from '../support/client';
import { scenario } from '../support/scenario';
import { startServer, type TestServer } from '../support/server';
import { Slapd, slapdMissing, SUFFIX } from '../support/slapd';
import { officeDirectory } from './helpers';

const ACCOUNTS = 10_000;
/** The account the directory binds as: slapd's size limit holds for it (not for slapd's own rootdn). */
const READER = { dn: `cn=reader,${SUFFIX}`, password: 'reader-secret' };
const login = (n: number) => `user${String(n).padStart(5, '0')}`;
const dn = (n: number) => `uid=${login(n)},ou=people,${SUFFIX}`;

function largeDirectory(): string {
  const head = [
    `dn: ${SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\no: Large Office\ndc: example\n`,
    `dn: ${READER.dn}\nobjectClass: organizationalRole\nobjectClass: simpleSecurityObject\ncn: reader\nuserPassword: ${READER.password}\n`,
    `dn: ou=people,${SUFFIX}\nobjectClass: organizationalUnit\nou: people\n`,
  ];
  const people = Array.from({ length: ACCOUNTS }, (_, i) => `dn: ${dn(i + 1)}\nobjectClass: inetOrgPerson\nuid: ${login(i + 1)}\ncn: User ${i + 1}\nsn: Number${i + 1}\n`);
  return [...head, ...people].join('\n');
}

/** The paged searches slapd received for the accounts (one per page). */
const accountSearches = (slapd: Slapd) => (slapd.log.match(/SRCH base="ou=people,dc=example,dc=org" scope=2 deref=0 filter="\(&\(uid=\*\)/g) ?? []).length;

if (slapdMissing) test.skip(`large directory: ${slapdMissing}`, () => {});

describe.skipIf(slapdMissing !== null)('a directory of 10 000 accounts', () => {
  const slapd = new Slapd();
  let server: TestServer;
  let admin: Client;
  let id = 0;

  beforeAll(async () => {
    // As Active Directory: 500 entries per search at most (slapd's default), pages of 1000 at most, no limit on a paged search's total.
    await slapd.start(largeDirectory(), { database: ['limits users size.soft=500 size.hard=500 size.pr=1000 size.prtotal=unlimited'] });
    server = await startServer();
    admin = await new Client(server.api).login();
    id = await admin.create('AuthLDAP', officeDirectory(slapd, { rootdn: READER.dn, rootdn_passwd: READER.password, realname_field: 'sn' }));
  });
  afterAll(async () => {
    await server?.dispose();
    await slapd.stop();
  });

  test('unpaged, the directory sends 500 at most: the answer says to page', async () => {
    const why = `The directory "Office" has more entries than it sends at once: set can_support_pagesize (and pagesize) to read them by pages`;
    await scenario(admin, [
      { request: `GET AuthLDAP/${id}/users`, status: 400, error: 'ERROR', message: new RegExp(`^${why.replace(/[()]/g, '\\$&')}`) },
      { request: `POST AuthLDAP/${id}/test`, status: 200, equals: { connected: true, basedn_found: true, accounts: null, sample: [], error: why } },
    ]);
  });

  test('paged by 1000: the import list, the test connection and the sync read every account', async () => {
    expect((await admin.put(`AuthLDAP/${id}`, { input: { can_support_pagesize: 1, pagesize: 1000 } })).status).toBe(200);
    let before = accountSearches(slapd);
    await scenario(admin, [
      { request: `GET AuthLDAP/${id}/users`, query: 'start=9998&limit=5', status: 200, equals: { total: ACCOUNTS, accounts: [{ login: login(9999), dn: dn(9999) }, { login: login(10_000), dn: dn(10_000) }] } },
    ]);
    expect(accountSearches(slapd) - before).toBe(10);
    const test = await admin.post(`AuthLDAP/${id}/test`, {});
    expect([test.body.accounts, test.body.sample.map((s: { login: string; fields: unknown }) => [s.login, s.fields]), test.body.error]).toEqual([
      ACCOUNTS,
      [1, 2, 3, 4, 5].map((n) => [login(n), { realname: `Number${n}` }]),
      null,
    ]);
    expect((await admin.post(`AuthLDAP/${id}/import`, { input: { logins: [login(1), login(5000), login(10_000)] } })).status).toBe(201);
    before = accountSearches(slapd);
    // While it runs, the report's progress is read as a client would: accounts read by whole pages, then gone through.
    const running = runCli(['directory', 'sync', '--data', server.dataDir]);
    let finished = false;
    void running.finally(() => (finished = true));
    const seen: { accounts: number; done: number }[] = [];
    while (!finished) {
      const now = (await admin.get(`AuthLDAP/${id}/sync`)).body as { status: string; accounts: number; done: number } | null;
      if (now?.status === 'running') seen.push({ accounts: now.accounts, done: now.done });
    }
    expect(seen.filter((p) => p.accounts % 1000 !== 0 || p.accounts > ACCOUNTS || p.done > p.accounts)).toEqual([]);
    const run = await running;
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 0, stdout: `deskbase: directory "Office" (AuthLDAP ${id}): 10000 accounts, 3 users updated, 0 back, 0 gone, 0 with other groups\n` });
    expect(accountSearches(slapd) - before).toBe(10);
    const report = (await admin.get(`AuthLDAP/${id}/sync`)).body;
    expect({ ...report, date_creation: 0, date_done: 0 }).toEqual({ status: 'done', started_by: 'deskbase directory sync', accounts: ACCOUNTS, done: ACCOUNTS, updated: 3, restored: 0, gone: 0, groups: 0, error: null, date_creation: 0, date_done: 0 });
  });
});
