/**
 * `deskbase directory sync` (issue 32, GLPI's ldapsync) against a private slapd while the server
 * runs: users made from the directory are updated, paged through (`pagesize`); one removed from
 * the directory goes to the trash (user_deleted_ldap 1) and comes back out of it when the account
 * returns (user_restored_ldap 1); a directory that cannot be read leaves its users alone.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { Attribute, Change } from 'ldapts';
import { runCli } from '../support/cli';
import { scenario } from '../support/scenario';
import { Client } from '../support/client';
import { freePort } from '../support/private-process';
import { startServer, type TestServer } from '../support/server';
import { readRows } from '../support/database-file';
import { Slapd, slapdMissing, SUFFIX } from '../support/slapd';
import { basic, FIXTURE, FIXTURE_SCHEMAS, officeDirectory, onDirectory } from './helpers';

const CAROL = `uid=carol,ou=lyon,ou=people,${SUFFIX}`;

if (slapdMissing) test.skip(`directory sync: ${slapdMissing}`, () => {});

describe.skipIf(slapdMissing !== null)('directory sync', () => {
  const slapd = new Slapd();
  let server: TestServer;
  let admin: Client;
  let directoryId = 0;

  const sync = () => runCli(['directory', 'sync', '--data', server.dataDir]);
  const user = (name: string) => {
    const db = new Database(join(server.dataDir, 'deskbase.sqlite'), { readonly: true });
    const row = db.query('SELECT id, phone, is_active, is_deleted, is_deleted_ldap FROM glpi_users WHERE name = ?').get(name);
    db.close();
    return row as Record<string, unknown> | null;
  };

  /** The user's history rows written since sign-in made it (after its creation). */
  const history = (name: string) => readRows(server.dataDir, "SELECT linked_action, id_search_option, old_value, new_value, user_name FROM glpi_logs WHERE itemtype = 'User' AND items_id = (SELECT id FROM glpi_users WHERE name = ?) AND user_name <> '' ORDER BY id", name);

  beforeAll(async () => {
    await slapd.start(FIXTURE, { schemas: FIXTURE_SCHEMAS });
    server = await startServer();
    admin = await new Client(server.api).login();
    directoryId = await admin.create('AuthLDAP', officeDirectory(slapd, { phone_field: 'telephonenumber', can_support_pagesize: 1, pagesize: 2 }));
    for (const [login, password] of [['alice', 'alice-pass'], ['bob', 'bob-pass'], ['carol', 'carol-pass']]) {
      const res = await new Client(server.api).get('initSession', { anonymous: true, headers: { Authorization: basic(login!, password!) } });
      expect(res.status).toBe(200);
    }
    await admin.setConfig('user_deleted_ldap', '1');
    await admin.setConfig('user_restored_ldap', '1');
  });
  afterAll(async () => {
    await server?.dispose();
    await slapd.stop();
  });

  test('updates the users from the directory, page by page; one no longer listed goes to the trash', async () => {
    await onDirectory(slapd, async (ldap) => {
      await ldap.modify(`uid=bob,ou=lyon,ou=people,${SUFFIX}`, [new Change({ operation: 'replace', modification: new Attribute({ type: 'telephoneNumber', values: ['+33 4 12 12 12 12'] }) })]);
      await ldap.del(CAROL);
    });
    const searchesBefore = (slapd.log.match(/SRCH base="ou=people,dc=example,dc=org" scope=2 deref=0 filter="\(&\(uid=\*\)/g) ?? []).length;
    const run = await sync();
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    // Four accounts left (alice, bob, dave, paren(thesis)); the three users made from it, carol gone.
    expect(run.stdout).toBe(`deskbase: directory "Office" (AuthLDAP ${directoryId}): 4 accounts, 2 users updated, 0 back, 1 gone, 0 with other groups\n`);
    expect(user('bob')).toMatchObject({ phone: '+33 4 12 12 12 12', is_deleted: 0, is_deleted_ldap: 0 });
    expect(user('carol')).toMatchObject({ is_active: 1, is_deleted: 1, is_deleted_ldap: 1 });
    // History names the command, as a manual edit would log the fields (User's search options 6, phone, and 24, deleted from the directory) and the trash.
    expect(history('bob')).toEqual([{ linked_action: 0, id_search_option: 6, old_value: '+33 4 00 00 00 01', new_value: '+33 4 12 12 12 12', user_name: 'deskbase directory sync' }]);
    expect(history('carol')).toEqual([
      { linked_action: 0, id_search_option: 24, old_value: '0', new_value: '1', user_name: 'deskbase directory sync' },
      { linked_action: 13, id_search_option: 0, old_value: '', new_value: '', user_name: 'deskbase directory sync' },
    ]);
    // The report kept for the API.
    await scenario(admin, [
      {
        request: `GET AuthLDAP/${directoryId}/sync`,
        status: 200,
        equals: { status: 'done', started_by: 'deskbase directory sync', accounts: 4, done: 4, updated: 2, restored: 0, gone: 1, groups: 0, error: null, date_creation: expect.any(String), date_done: expect.any(String) },
      },
    ]);
    // Pages of two: slapd received two searches for the four accounts (one without paging would be one).
    const searches = (slapd.log.match(/SRCH base="ou=people,dc=example,dc=org" scope=2 deref=0 filter="\(&\(uid=\*\)/g) ?? []).length - searchesBefore;
    expect(searches).toBe(2);
  });

  test('a user back in the directory comes out of the trash', async () => {
    await onDirectory(slapd, (ldap) =>
      ldap.add(CAROL, { objectClass: 'inetOrgPerson', uid: 'carol', cn: 'Carol Petit', sn: 'Petit', userPassword: 'carol-pass' }),
    );
    const run = await sync();
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`deskbase: directory "Office" (AuthLDAP ${directoryId}): 5 accounts, 3 users updated, 1 back, 0 gone, 0 with other groups\n`);
    expect(user('carol')).toMatchObject({ is_active: 1, is_deleted: 0, is_deleted_ldap: 0 });
    expect(history('carol').at(-1)).toEqual({ linked_action: 14, id_search_option: 0, old_value: '', new_value: '', user_name: 'deskbase directory sync' });
  });

  test('an account renamed in the directory stays the same user: the sync renames it (entryUUID), with history', async () => {
    const before = user('bob');
    await onDirectory(slapd, (ldap) => ldap.modifyDN(`uid=bob,ou=lyon,ou=people,${SUFFIX}`, 'uid=robert'));
    const run = await sync();
    expect(run.stdout).toBe(`deskbase: directory "Office" (AuthLDAP ${directoryId}): 5 accounts, 3 users updated, 0 back, 0 gone, 0 with other groups\n`);
    expect(user('bob')).toBeNull();
    expect(user('robert')).toMatchObject({ id: before!.id, is_deleted_ldap: 0 });
    // Its login (search option 1) and its DN (21) changed.
    expect(history('robert').slice(-2)).toEqual([
      { linked_action: 0, id_search_option: 1, old_value: 'bob', new_value: 'robert', user_name: 'deskbase directory sync' },
      { linked_action: 0, id_search_option: 21, old_value: `uid=bob,ou=lyon,ou=people,${SUFFIX}`, new_value: `uid=robert,ou=lyon,ou=people,${SUFFIX}`, user_name: 'deskbase directory sync' },
    ]);
  });

  test('a directory that cannot be read is reported (exit 1) and its users left alone', async () => {
    expect((await admin.put(`AuthLDAP/${directoryId}`, { input: { port: await freePort(), timeout: 1 } })).status).toBe(200);
    const run = await sync();
    expect(run.code).toBe(1);
    // The log line says why; the report's line that the directory was not synchronised.
    expect(run.stdout.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^\\[deskbase\\] directory "Office" \\(AuthLDAP ${directoryId}\\) cannot be used: ldap://127\\.0\\.0\\.1:\\d+: connect ECONNREFUSED`)),
      `deskbase: directory "Office" (AuthLDAP ${directoryId}) not synchronised: The directory "Office" cannot be reached`,
      '',
    ]);
    expect(user('robert')).toMatchObject({ is_deleted: 0, is_deleted_ldap: 0 });
    expect(user('alice')).toMatchObject({ is_deleted: 0, is_deleted_ldap: 0 });
    await scenario(admin, [
      {
        request: `GET AuthLDAP/${directoryId}/sync`,
        status: 200,
        equals: { status: 'failed', started_by: 'deskbase directory sync', accounts: 0, done: 0, updated: 0, restored: 0, gone: 0, groups: 0, error: 'The directory "Office" cannot be reached', date_creation: expect.any(String), date_done: expect.any(String) },
      },
    ]);
  });
});
