/**
 * Issue 32 against a private slapd, on the server's test clock: GLPI's test connection of a
 * directory (bind, base DN, accounts found, the mapping of a sample), the history a sign-in and
 * an import write on the users they make or change, and the `ldapsync` automatic action running
 * the directory synchronisation daily, its report read through the API.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { Attribute, Change } from 'ldapts';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { scenario } from '../support/scenario';
import { startServer, type TestServer } from '../support/server';
import { Slapd, slapdMissing, SUFFIX } from '../support/slapd';
import { until } from '../support/until';
import { basic, FIXTURE, FIXTURE_SCHEMAS, officeDirectory, onDirectory } from './helpers';

const CAROL = `uid=carol,ou=lyon,ou=people,${SUFFIX}`;
const DAY_MS = 86_400_000;

if (slapdMissing) test.skip(`directory automatic sync: ${slapdMissing}`, () => {});

describe.skipIf(slapdMissing !== null)('directory test connection, history and automatic sync', () => {
  const slapd = new Slapd();
  const clock = new TestClock(); // 2026-01-15 09:00
  let server: TestServer;
  let admin: Client;
  let id = 0;

  const signIn = (login: string, password: string) => new Client(server.api).get('initSession', { anonymous: true, headers: { Authorization: basic(login, password) } });
  /** The history rows of a user, oldest first. */
  const history = (name: string) => {
    const db = new Database(join(server.dataDir, 'deskbase.sqlite'), { readonly: true });
    const rows = db
      .query("SELECT linked_action, itemtype_link, id_search_option, old_value, new_value, user_name FROM glpi_logs WHERE itemtype = 'User' AND items_id = (SELECT id FROM glpi_users WHERE name = ?) ORDER BY id")
      .all(name) as Record<string, unknown>[];
    db.close();
    return rows;
  };

  beforeAll(async () => {
    await slapd.start(FIXTURE, { schemas: FIXTURE_SCHEMAS });
    server = await startServer({ TZ: 'UTC' }, clock.args);
    admin = await new Client(server.api).login();
    id = await admin.create(
      'AuthLDAP',
      officeDirectory(slapd, { realname_field: 'sn', firstname_field: 'givenName', phone_field: 'telephoneNumber', title_field: 'title', email1_field: 'mail', language_field: 'preferredLanguage' }),
    );
    await admin.setConfig('user_deleted_ldap', '3');
  });
  afterAll(async () => {
    await server?.dispose();
    await slapd.stop();
  });

  test('test connection: the bind, the base DN, the accounts the filter finds and what the mapping makes of the first five', async () => {
    await scenario(admin, [
      {
        request: `POST AuthLDAP/${id}/test`,
        status: 200,
        equals: {
          connected: true,
          basedn_found: true,
          accounts: 5,
          sample: [
            { login: 'alice', dn: `uid=alice,ou=paris,ou=people,${SUFFIX}`, fields: { realname: 'Martin', firstname: 'Alice', phone: '+33 1 23 45 67 89', language: 'fr_FR', usertitles_id: 'Accountant', email: ['alice@example.org'] } },
            { login: 'bob', dn: `uid=bob,ou=lyon,ou=people,${SUFFIX}`, fields: { realname: 'Durand', firstname: 'Bob', phone: '+33 4 00 00 00 01', usertitles_id: 'Technician', email: ['bob@example.org'] } },
            { login: 'carol', dn: CAROL, fields: { realname: 'Petit', firstname: 'Carol', phone: null, usertitles_id: null, email: ['carol@example.org'] } },
            { login: 'dave', dn: `uid=dave,ou=lyon,ou=people,${SUFFIX}`, fields: { realname: 'Moreau', firstname: 'Dave', phone: null, usertitles_id: null } },
            { login: 'paren(thesis)', dn: `uid=paren(thesis),ou=paris,ou=people,${SUFFIX}`, fields: { realname: 'Thesis', firstname: null, phone: null, usertitles_id: null } },
          ],
          error: null,
        },
      },
      { note: 'never synchronised yet', request: `GET AuthLDAP/${id}/sync`, status: 200, equals: null },
      { request: 'POST AuthLDAP/999/test', status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
    ]);
    // An inactive directory can be tested: a base DN that does not exist, then a wrong root DN password.
    const broken = await admin.create('AuthLDAP', officeDirectory(slapd, { name: 'Broken', basedn: `ou=nowhere,${SUFFIX}`, is_active: 0 }));
    await scenario(admin, [
      {
        request: `POST AuthLDAP/${broken}/test`,
        status: 200,
        equals: { connected: true, basedn_found: false, accounts: null, sample: [], error: `The base DN "ou=nowhere,${SUFFIX}" does not exist` },
      },
      { request: `PUT AuthLDAP/${broken}`, body: { input: { rootdn_passwd: 'wrong' } }, status: 200 },
      {
        request: `POST AuthLDAP/${broken}/test`,
        status: 200,
        equals: { connected: false, basedn_found: false, accounts: null, sample: [], error: `ldap://127.0.0.1:${slapd.port}: invalid credentials (LDAP result 49)` },
      },
    ]);
  });

  test('the test, the report and a sync asked for need the config right', async () => {
    expect((await signIn('dave', 'dave-pass')).status).toBe(200);
    const selfService = await new Client(server.api).login('dave', 'dave-pass');
    await scenario(admin, [
      { request: `POST AuthLDAP/${id}/test`, as: selfService, status: 403, error: 'ERROR_RIGHT_MISSING' },
      { request: `GET AuthLDAP/${id}/sync`, as: selfService, status: 403, error: 'ERROR_RIGHT_MISSING' },
      { request: `POST AuthLDAP/${id}/sync`, as: selfService, body: {}, status: 403, error: 'ERROR_RIGHT_MISSING' },
    ]);
  });

  test('a sign-in and an import write history on the users they make and change, as a manual edit would', async () => {
    expect((await signIn('bob', 'bob-pass')).status).toBe(200);
    await onDirectory(slapd, (ldap) => ldap.modify(`uid=bob,ou=lyon,ou=people,${SUFFIX}`, [new Change({ operation: 'replace', modification: new Attribute({ type: 'title', values: ['Team lead'] }) })]));
    expect((await signIn('bob', 'bob-pass')).status).toBe(200);
    // No one is signed in while a sign-in writes: history names no one.
    expect(history('bob')).toEqual([
      { linked_action: 20, itemtype_link: '0', id_search_option: 0, old_value: '', new_value: '', user_name: '' },
      { linked_action: 15, itemtype_link: 'Profile', id_search_option: 0, old_value: '', new_value: 'Self-Service (1)', user_name: '' },
      { linked_action: 0, itemtype_link: '', id_search_option: 81, old_value: 'Technician (1)', new_value: 'Team lead (2)', user_name: '' },
    ]);
    expect((await admin.post(`AuthLDAP/${id}/import`, { input: { logins: ['carol'] } })).status).toBe(201);
    expect(history('carol').map((h) => [h.linked_action, h.user_name])).toEqual([
      [20, 'glpi (2)'],
      [15, 'glpi (2)'],
    ]);
  });

  test('ldapsync runs the synchronisation daily in the background; its report is read through the API', async () => {
    expect((await signIn('alice', 'alice-pass')).status).toBe(200);
    const tasks = await admin.get('CronTask/', { query: 'range=0-99' });
    expect((tasks.body as Record<string, unknown>[]).filter((t) => t.name === 'ldapsync').map((t) => [t.id, t.itemtype, t.frequency, t.state, t.lastrun])).toEqual([[1004, 'AuthLDAP', 86400, 1, '2026-01-15 09:00:00']]);
    await onDirectory(slapd, async (ldap) => {
      await ldap.modify(`uid=bob,ou=lyon,ou=people,${SUFFIX}`, [new Change({ operation: 'replace', modification: new Attribute({ type: 'telephoneNumber', values: ['+33 4 99 99 99 99'] }) })]);
      await ldap.del(CAROL);
    });
    // Read twice (an answer is kept the second time it is built): the run's mark below must not come from a stale copy.
    for (let i = 0; i < 2; i++) expect(((await admin.get('CronTask/1004')).body as Record<string, unknown>).lastrun).toBe('2026-01-15 09:00:00');
    // Within the day nothing runs.
    clock.advance(DAY_MS - 60_000);
    await scenario(admin, [{ request: `GET AuthLDAP/${id}/sync`, status: 200, equals: null }]);
    clock.advance(60_000);
    const report = await until(
      'the automatic sync to finish',
      async () => (await admin.get(`AuthLDAP/${id}/sync`)).body as Record<string, unknown> | null,
      (r) => r !== null && r.status !== 'running',
    );
    // Accounts: alice, bob, dave, paren(thesis); users updated: alice, bob, dave; carol gone (disabled, user_deleted_ldap 3).
    expect(report).toEqual({ status: 'done', started_by: 'cron_ldapsync', accounts: 4, done: 4, updated: 3, restored: 0, gone: 1, groups: 0, error: null, date_creation: '2026-01-16 09:00:00', date_done: '2026-01-16 09:00:00' });
    expect(history('bob').at(-1)).toEqual({ linked_action: 0, itemtype_link: '', id_search_option: 6, old_value: '+33 4 00 00 00 01', new_value: '+33 4 99 99 99 99', user_name: 'cron_ldapsync' });
    expect(history('carol').slice(2).map((h) => [h.id_search_option, h.old_value, h.new_value, h.user_name])).toEqual([
      [24, '0', '1', 'cron_ldapsync'],
      [8, '1', '0', 'cron_ldapsync'],
    ]);
    const lastrun = ((await admin.get('CronTask/1004')).body as Record<string, unknown>).lastrun;
    expect(lastrun).toBe('2026-01-16 09:00:00');
  });

  test("a login several directories know: a new user signs in through the default one first, then only through its own (GLPI's order)", async () => {
    const preferred = await admin.create('AuthLDAP', officeDirectory(slapd, { name: 'Preferred', is_default: 1 }));
    expect((await signIn('paren(thesis)', 'paren-pass')).status).toBe(200);
    const made = (await admin.get('User/', { query: 'searchText[name]=^paren' })).body as { auths_id: number }[];
    expect(made.map((u) => u.auths_id)).toEqual([preferred]);
    // Its own directory switched off, the other one that knows the login does not sign it in.
    expect((await admin.put(`AuthLDAP/${preferred}`, { input: { is_active: 0 } })).status).toBe(200);
    expect((await signIn('paren(thesis)', 'paren-pass')).status).toBe(401);
  });

  test('synchronise now: one directory, in the background, its report answered as it starts', async () => {
    const started = await admin.post(`AuthLDAP/${id}/sync`, {});
    expect([started.status, started.body.status, started.body.started_by]).toEqual([202, 'running', 'glpi (2)']);
    const report = await until(
      'the sync asked for to finish',
      async () => (await admin.get(`AuthLDAP/${id}/sync`)).body as Record<string, unknown>,
      (r) => r.status !== 'running',
    );
    expect(report).toMatchObject({ status: 'done', started_by: 'glpi (2)', accounts: 4, done: 4, updated: 3, restored: 0, gone: 0, error: null });
    const preferred = ((await admin.get('AuthLDAP/', { query: 'range=0-99' })).body as { id: number; name: string }[]).find((d) => d.name === 'Preferred')!.id;
    await scenario(admin, [{ note: 'an inactive directory', request: `POST AuthLDAP/${preferred}/sync`, body: {}, status: 404, error: 'ERROR_ITEM_NOT_FOUND' }]);
  });

  test('a run the server stopped during is reported failed at the next start, not running for ever', async () => {
    await server.stop();
    const db = new Database(join(server.dataDir, 'deskbase.sqlite'));
    db.run("INSERT INTO deskbase_directory_syncs (authldaps_id, started_by, status, accounts, done, date_creation, date_mod) VALUES (?, 'cron_ldapsync', 'running', 4, 2, '2026-01-16 08:55:00', '2026-01-16 08:55:00')", [id]);
    db.close();
    await server.start();
    admin = await new Client(server.api).login();
    await scenario(admin, [
      {
        request: `GET AuthLDAP/${id}/sync`,
        status: 200,
        equals: { status: 'failed', started_by: 'cron_ldapsync', accounts: 4, done: 2, updated: 0, restored: 0, gone: 0, groups: 0, error: 'Interrupted: the server stopped during the synchronisation', date_creation: '2026-01-16 08:55:00', date_done: '2026-01-16 09:00:00' },
      },
    ]);
  });
});
