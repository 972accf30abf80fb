/**
 * Groups from the directory (issue 32, GLPI's group_search_type "both") against a private slapd:
 * at sign-in, import and sync a user's dynamic Group_User rows become the linked groups holding
 * it, by a group entry naming its DN (`ldap_group_dn`) or a value of its `group_field` attribute
 * (`ldap_field`/`ldap_value`, any case); a group given by hand stays. The group entries not yet
 * linked are listed and imported as groups over the API (GLPI's import of new groups).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Attribute, Change } from 'ldapts';
import { runCli } from '../support/cli';
import { scenario } from '../support/scenario';
import { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { readRows } from '../support/database-file';
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
  const groupsOf = (login: string) => readRows(server.dataDir, 'SELECT g.name, gu.is_dynamic FROM glpi_groups_users gu JOIN glpi_groups g ON g.id = gu.groups_id JOIN glpi_users u ON u.id = gu.users_id WHERE u.name = ? ORDER BY g.name', login);

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

  test('lists the group entries no group is linked to and imports them, all or none', async () => {
    const SUPPORT = `cn=support,ou=groups,${SUFFIX}`;
    await onDirectory(slapd, (ldap) => ldap.add(SUPPORT, { objectClass: 'groupOfNames', cn: 'support', member: `uid=carol,ou=lyon,ou=people,${SUFFIX}` }));
    const selfService = await new Client(server.api).login('carol', 'carol-pass');
    await scenario(admin, [
      { note: 'accounting and technicians are linked', request: `GET AuthLDAP/${directoryId}/groups`, status: 200, equals: { total: 1, groups: [{ name: 'support', dn: SUPPORT }] } },
      { request: `GET AuthLDAP/${directoryId}/groups`, query: 'name=ACC', status: 200, equals: { total: 0, groups: [] } },
      { request: `GET AuthLDAP/${directoryId}/groups`, as: selfService, status: 403, error: 'ERROR_RIGHT_MISSING' },
      { request: `POST AuthLDAP/${directoryId}/importgroups`, body: { input: { dns: [] } }, status: 400, error: 'ERROR', message: /^dns: input\.dns must name at least one group/ },
      { request: `POST AuthLDAP/${directoryId}/importgroups`, body: { input: { dns: [SUPPORT], entities_id: 999 } }, status: 400, error: 'ERROR' },
      { request: `GET AuthLDAP/${directoryId}/groups`, note: 'nothing was made by the refused import', status: 200, equals: { total: 1, groups: [{ name: 'support', dn: SUPPORT }] } },
    ]);
    const res = await admin.post(`AuthLDAP/${directoryId}/importgroups`, { input: { dns: [SUPPORT, `cn=accounting,ou=groups,${SUFFIX}`, `cn=nope,ou=groups,${SUFFIX}`, `uid=carol,ou=lyon,ou=people,${SUFFIX}`] } });
    expect(res.status).toBe(201);
    const made = await admin.get(`Group/${res.body.imported[0]?.id}`);
    expect(made.body).toMatchObject({ name: 'support', completename: 'support', ldap_group_dn: SUPPORT, entities_id: 0, is_recursive: 0 });
    expect(res.body).toEqual({ imported: [{ dn: SUPPORT, id: made.body.id }], existing: [`cn=accounting,ou=groups,${SUFFIX}`], not_found: [`cn=nope,ou=groups,${SUFFIX}`, `uid=carol,ou=lyon,ou=people,${SUFFIX}`] });
    expect((await signIn('carol', 'carol-pass')).status).toBe(200);
    expect(groupsOf('carol')).toEqual([{ name: 'support', is_dynamic: 1 }]);
  });
});
