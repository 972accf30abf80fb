/**
 * Groups from the directory (issue 32, GLPI's group_search_type "both") against a private slapd:
 * at sign-in, import and sync a user's dynamic Group_User rows become the linked groups holding
 * it, by a group entry naming its DN (`ldap_group_dn`) or a value of its `group_field` attribute
 * (`ldap_field`/`ldap_value`, any case); a group given by hand stays.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { Attribute, Change } from 'ldapts';
import { runCli } from '../support/cli';
import { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { Slapd, slapdMissing, SUFFIX } from '../support/slapd';
import { basic, FIXTURE, FIXTURE_SCHEMAS, officeDirectory, onDirectory } from './helpers';

if (slapdMissing) test.skip(`directory groups: ${slapdMissing}`, () => {});

describe.skipIf(slapdMissing !== null)('directory groups', () => {
  const slapd = new Slapd();
  let server: TestServer;
  let admin: Client;
  let directoryId = 0;
  const group: Record<string, number> = {};

  const signIn = (login: string, password: string) => new Client(server.api).get('initSession', { anonymous: true, headers: { Authorization: basic(login, password) } });
  /** The user's groups by name, with their is_dynamic flag. */
  const groupsOf = (login: string) => {
    const db = new Database(join(server.dataDir, 'deskbase.sqlite'), { readonly: true });
    const rows = db
      .query('SELECT g.name, gu.is_dynamic FROM glpi_groups_users gu JOIN glpi_groups g ON g.id = gu.groups_id JOIN glpi_users u ON u.id = gu.users_id WHERE u.name = ? ORDER BY g.name')
      .all(login);
    db.close();
    return rows;
  };

  beforeAll(async () => {
    await slapd.start(FIXTURE, { schemas: FIXTURE_SCHEMAS });
    server = await startServer();
    admin = await new Client(server.api).login();
    directoryId = await admin.create(
      'AuthLDAP',
      officeDirectory(slapd, { basedn: SUFFIX, group_search_type: 2, group_field: 'employeeType', group_member_field: 'member', group_condition: '(objectClass=groupOfNames)', use_dn: 1 }),
    );
    group.accounting = await admin.create('Group', { name: 'Accounting', ldap_group_dn: `cn=accounting,ou=groups,${SUFFIX}` });
    group.technicians = await admin.create('Group', { name: 'Technicians', ldap_group_dn: `CN=Technicians,ou=groups,${SUFFIX}` });
    group.contractors = await admin.create('Group', { name: 'Contractors', ldap_field: 'employeetype', ldap_value: 'Contractor' });
    group.manual = await admin.create('Group', { name: 'Manual' });
  });
  afterAll(async () => {
    await server?.dispose();
    await slapd.stop();
  });

  test('a sign-in puts the user in the groups naming it and those of its attribute values', async () => {
    expect((await signIn('alice', 'alice-pass')).status).toBe(200);
    expect((await signIn('carol', 'carol-pass')).status).toBe(200);
    expect(groupsOf('alice')).toEqual([{ name: 'Accounting', is_dynamic: 1 }]);
    expect(groupsOf('carol')).toEqual([{ name: 'Contractors', is_dynamic: 1 }]);
  });

  test('an import does too', async () => {
    const res = await admin.post(`AuthLDAP/${directoryId}/import`, { input: { logins: ['dave', 'bob'] } });
    expect(res.status).toBe(201);
    expect(groupsOf('dave')).toEqual([{ name: 'Contractors', is_dynamic: 1 }]);
    expect(groupsOf('bob')).toEqual([{ name: 'Technicians', is_dynamic: 1 }]);
  });

  test('a sync follows the directory: dynamic groups withdrawn and given, a group given by hand kept', async () => {
    const aliceId = Number((await admin.get('User/', { query: 'searchText[name]=^alice$' })).body[0].id);
    expect(await admin.create('Group_User', { users_id: aliceId, groups_id: group.manual })).toBeGreaterThan(0);
    await onDirectory(slapd, async (ldap) => {
      await ldap.modify(`cn=accounting,ou=groups,${SUFFIX}`, [new Change({ operation: 'replace', modification: new Attribute({ type: 'member', values: [`uid=bob,ou=lyon,ou=people,${SUFFIX}`] }) })]);
      await ldap.modify(`cn=technicians,ou=groups,${SUFFIX}`, [new Change({ operation: 'add', modification: new Attribute({ type: 'member', values: [`uid=alice,ou=paris,ou=people,${SUFFIX}`] }) })]);
      await ldap.modify(`uid=carol,ou=lyon,ou=people,${SUFFIX}`, [new Change({ operation: 'delete', modification: new Attribute({ type: 'employeeType', values: [] }) })]);
    });
    const run = await runCli(['directory', 'sync', '--data', server.dataDir]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(groupsOf('alice')).toEqual([
      { name: 'Manual', is_dynamic: 0 },
      { name: 'Technicians', is_dynamic: 1 },
    ]);
    expect(groupsOf('bob')).toEqual([
      { name: 'Accounting', is_dynamic: 1 },
      { name: 'Technicians', is_dynamic: 1 },
    ]);
    expect(groupsOf('carol')).toEqual([]);
    expect(groupsOf('dave')).toEqual([{ name: 'Contractors', is_dynamic: 1 }]);
  });
});
