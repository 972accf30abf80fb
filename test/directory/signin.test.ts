/**
 * Sign-in with a directory account (issue 32): a real slapd (test/support/slapd.ts) loaded with
 * fixture.ldif, a Deskbase server on a test clock, a directory row written over the API with its
 * root DN password (stored sealed, never returned). Users are made from the directory at their
 * first sign-in and updated at each one; logins are escaped in search filters; a directory that
 * does not answer gives a clear 401 and a log line, its replicates are tried in order.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { Attribute, Change } from 'ldapts';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { expectError } from '../support/errors';
import { scenario } from '../support/scenario';
import { startServer, type TestServer } from '../support/server';
import { freePort } from '../support/private-process';
import { basic, FIXTURE, FIXTURE_SCHEMAS, officeDirectory, onDirectory } from './helpers';
import { ROOT, Slapd, slapdMissing, SUFFIX } from '../support/slapd';
import { until } from '../support/until';


if (slapdMissing) test.skip(`directory sign-in: ${slapdMissing}`, () => {});

describe.skipIf(slapdMissing !== null)('directory sign-in', () => {
  const slapd = new Slapd();
  const clock = new TestClock();
  let server: TestServer;
  let admin: Client;
  let directoryId = 0;

  const signIn = (login: string, password: string) => new Client(server.api).get('initSession', { anonymous: true, headers: { Authorization: basic(login, password) } });
  const userNamed = async (name: string) => {
    const res = await admin.get('User/', { query: `searchText[name]=^${encodeURIComponent(name)}$&expand_dropdowns=true` });
    return res.body as Record<string, unknown>[];
  };
  const database = () => new Database(join(server.dataDir, 'deskbase.sqlite'), { readonly: true });

  beforeAll(async () => {
    await slapd.start(FIXTURE, { schemas: FIXTURE_SCHEMAS });
    server = await startServer({}, clock.args);
    admin = await new Client(server.api).login();
  });
  afterAll(async () => {
    await server?.dispose();
    await slapd.stop();
  });

  test('a directory row is written with the config right; its root DN password is sealed and never returned', async () => {
    const res = await admin.post('AuthLDAP/', {
      input: officeDirectory(slapd, {
        realname_field: 'sn',
        firstname_field: 'givenname',
        email1_field: 'mail',
        phone_field: 'telephoneNumber',
        mobile_field: 'mobile',
        title_field: 'title',
        registration_number_field: 'employeenumber',
        language_field: 'preferredlanguage',
        is_default: 1,
      }),
    });
    expect(res.status).toBe(201);
    directoryId = res.body.id;
    const read = await admin.get(`AuthLDAP/${directoryId}`);
    expect(read.status).toBe(200);
    expect(read.body.rootdn).toBe(ROOT.dn);
    // Attribute names are kept lower-cased, as GLPI keeps them.
    expect(read.body.phone_field).toBe('telephonenumber');
    expect('rootdn_passwd' in read.body).toBe(false);
    expect(read.text).not.toContain(ROOT.password);
    const db = database();
    const stored = String((db.query('SELECT rootdn_passwd FROM glpi_authldaps WHERE id = ?').get(directoryId) as { rootdn_passwd: string }).rootdn_passwd);
    db.close();
    expect(stored).toStartWith('v1:');
    expect(stored).not.toContain(ROOT.password);
    expect(stored).not.toContain(Buffer.from(ROOT.password).toString('base64'));
  });

  test('a first sign-in makes the user from the directory, with the default profile', async () => {
    const res = await signIn('alice', 'alice-pass');
    expect(res.status).toBe(200);
    expect(res.body.session_token).toMatch(/^[0-9a-f]{40}$/);
    const [alice] = await userNamed('alice');
    expect(alice).toMatchObject({
      name: 'alice',
      realname: 'Martin',
      firstname: 'Alice',
      phone: '+33 1 23 45 67 89',
      mobile: '+33 6 11 22 33 44',
      registration_number: 'E-1001',
      language: 'fr_FR',
      usertitles_id: 'Accountant',
      authtype: 2,
      is_active: 1,
      user_dn: `uid=alice,ou=paris,ou=people,${SUFFIX}`,
    });
    // expand_dropdowns names a directory user's auths_id by its AuthLDAP, as GLPI.
    expect(alice!.auths_id).toBe((await admin.get(`AuthLDAP/${directoryId}`)).body.name);
    expect(String(alice!.sync_field)).toMatch(/^[0-9a-f-]{36}$/);
    const emails = await admin.get('UserEmail/', { query: `searchText[users_id]=^${(await admin.get('User/', { query: 'searchText[name]=^alice$' })).body[0].id}$` });
    expect(emails.body.map((e: Record<string, unknown>) => [e.email, e.is_default, e.is_dynamic])).toEqual([['alice@example.org', 1, 1]]);
    const session = await new Client(server.api).get('getFullSession', { headers: { 'Session-Token': res.body.session_token } });
    expect(session.body.session.glpiactiveprofile.name).toBe('Self-Service');
    // The directory's password is never kept.
    const db = database();
    const row = db.query("SELECT password FROM glpi_users WHERE name = 'alice'").get() as { password: string | null };
    db.close();
    expect(row.password).toBeNull();
  });

  test('each sign-in brings the user up to date from the directory; the same user is kept', async () => {
    expect((await signIn('bob', 'bob-pass')).status).toBe(200);
    const [before] = await userNamed('bob');
    expect(before).toMatchObject({ phone: '+33 4 00 00 00 01', usertitles_id: 'Technician' });
    await onDirectory(slapd, (ldap) =>
      ldap.modify(`uid=bob,ou=lyon,ou=people,${SUFFIX}`, [
        new Change({ operation: 'replace', modification: new Attribute({ type: 'telephoneNumber', values: ['+33 4 99 99 99 99'] }) }),
        new Change({ operation: 'replace', modification: new Attribute({ type: 'title', values: ['Team leader'] }) }),
      ]),
    );
    expect((await signIn('bob', 'bob-pass')).status).toBe(200);
    const after = await userNamed('bob');
    expect(after.length).toBe(1);
    expect(after[0]).toMatchObject({ id: before!.id, phone: '+33 4 99 99 99 99', usertitles_id: 'Team leader' });
  });

  test('an account renamed in the directory stays the same user (its sync field, entryUUID)', async () => {
    const [before] = await userNamed('alice');
    await onDirectory(slapd, (ldap) => ldap.modifyDN(`uid=alice,ou=paris,ou=people,${SUFFIX}`, 'uid=alicia'));
    try {
      expect((await signIn('alicia', 'alice-pass')).status).toBe(200);
      expect(await userNamed('alice')).toEqual([]);
      expect(await userNamed('alicia')).toMatchObject([{ id: before!.id, realname: 'Martin', user_dn: `uid=alicia,ou=paris,ou=people,${SUFFIX}` }]);
    } finally {
      // Back as it was for the tests that follow.
      await onDirectory(slapd, (ldap) => ldap.modifyDN(`uid=alicia,ou=paris,ou=people,${SUFFIX}`, 'uid=alice'));
    }
    expect((await signIn('alice', 'alice-pass')).status).toBe(200);
    expect((await userNamed('alice')).map((u) => u.id)).toEqual([before!.id]);
  });

  test('a wrong directory password is refused and made no user', async () => {
    expectError(await signIn('carol', 'not-carol-pass'), 401, 'ERROR_GLPI_LOGIN');
    expect(await userNamed('carol')).toEqual([]);
    expectError(await signIn('nobody', 'whatever'), 401, 'ERROR_GLPI_LOGIN');
  });

  test('logins are escaped in the search filter (RFC 4515): no wildcard or injected clause matches', async () => {
    const attempts = ['*', '*)(uid=*', 'alice)(uid=*', 'ali*', 'alice\u0000', '*)(|(uid=*'];
    for (const login of attempts) {
      const res = await signIn(login, 'alice-pass');
      expect({ login, status: res.status }).toEqual({ login, status: 401 });
    }
    // slapd logs the filter it received: the injected clause arrived escaped, as a value.
    await until('the escaped filter in slapd log', () => slapd.log, (log) => /filter="\(&\(uid=\\2a\\29\\28uid=\\2a\)\(objectClass=inetOrgPerson\)\)"/i.test(log));
    // A login with parentheses of its own is found as it is.
    expect((await signIn('paren(thesis)', 'paren-pass')).status).toBe(200);
    expect((await userNamed('paren(thesis)')).map((u) => u.realname)).toEqual(['Thesis']);
  });

  test('an empty password is refused before the directory is asked', async () => {
    const aliceBinds = () => (slapd.log.match(/BIND dn="uid=alice,[^"]*" mech=SIMPLE/g) ?? []).length;
    const binds = aliceBinds();
    const res = await new Client(server.api).get('initSession', { anonymous: true, headers: { Authorization: `Basic ${Buffer.from('alice:').toString('base64')}` } });
    expectError(res, 400, 'ERROR_LOGIN_PARAMETERS_MISSING');
    expect((await signIn('alice', 'alice-pass')).status).toBe(200);
    // Only the last sign-in bound as alice.
    await until('alice bound again', aliceBinds, (n) => n === binds + 1);
    expect(aliceBinds()).toBe(binds + 1);
  });

  test('RuleRight rules on directory attributes decide the authorizations at each sign-in', async () => {
    const entity = await admin.create('Entity', { name: 'Lyon', entities_id: 0 });
    expect(await admin.create('RuleRightParameter', { name: 'Employee type', value: 'employeeType' })).toBeGreaterThan(0);
    const rule = await admin.create('Rule', { sub_type: 'RuleRight', name: 'Contractors', match: 'AND', is_active: 1, ranking: 2 });
    await admin.create('RuleCriteria', { rules_id: rule, criteria: 'employeetype', condition: 0, pattern: 'contractor' });
    await admin.create('RuleAction', { rules_id: rule, action_type: 'assign', field: 'profiles_id', value: '6' });
    await admin.create('RuleAction', { rules_id: rule, action_type: 'assign', field: 'entities_id', value: String(entity) });
    await admin.create('RuleAction', { rules_id: rule, action_type: 'assign', field: 'is_recursive', value: '1' });
    const grants = () => {
      const db = database();
      const rows = db
        .query("SELECT pu.profiles_id, pu.entities_id, pu.is_recursive, pu.is_dynamic FROM glpi_profiles_users pu JOIN glpi_users u ON u.id = pu.users_id WHERE u.name = 'dave' ORDER BY pu.profiles_id")
        .all();
      db.close();
      return rows;
    };
    const first = await signIn('dave', 'dave-pass');
    expect(first.status).toBe(200);
    // GLPI's default rule "Root" gives the root entity (with the default profile), the new rule Technician in Lyon.
    expect(grants()).toEqual([
      { profiles_id: 1, entities_id: 0, is_recursive: 0, is_dynamic: 1 },
      { profiles_id: 6, entities_id: entity, is_recursive: 1, is_dynamic: 1 },
    ]);
    const profiles = await new Client(server.api).get('getMyProfiles', { headers: { 'Session-Token': first.body.session_token } });
    expect(profiles.body.myprofiles.map((p: { name: string }) => p.name)).toEqual(['Self-Service', 'Technician']);
    await onDirectory(slapd, (ldap) =>
      ldap.modify(`uid=dave,ou=lyon,ou=people,${SUFFIX}`, [new Change({ operation: 'replace', modification: new Attribute({ type: 'employeeType', values: ['staff'] }) })]),
    );
    expect((await signIn('dave', 'dave-pass')).status).toBe(200);
    expect(grants()).toEqual([{ profiles_id: 1, entities_id: 0, is_recursive: 0, is_dynamic: 1 }]);
  });

  test("RuleRight rules on the user's directory groups (read in its entry and searched in the group entries) give entities by the captured DN and mail domain", async () => {
    const paris = await admin.create('Entity', { name: 'Paris office', entities_id: 0, ldap_dn: `ou=paris,ou=people,${SUFFIX}` });
    const example = await admin.create('Entity', { name: 'Example', entities_id: 0, mail_domain: 'example.org' });
    // GLPI reads the DNs above the user's as its "ou" values: everyone under ou=paris is in this group.
    const staff = await admin.create('Group', { name: 'Paris staff', ldap_field: 'ou', ldap_value: 'ou=paris,%' });
    expect(await admin.create('RuleRightParameter', { name: 'DN', value: 'dn' })).toBeGreaterThan(0);
    const byDn = await admin.create('Rule', { sub_type: 'RuleRight', name: 'Paris staff by DN', match: 'AND', is_active: 1, ranking: 3 });
    await admin.create('RuleCriteria', { rules_id: byDn, criteria: 'GROUPS', condition: 0, pattern: String(staff) });
    await admin.create('RuleCriteria', { rules_id: byDn, criteria: 'dn', condition: 6, pattern: '/^uid=[^,]+,(ou=.+)$/' });
    await admin.create('RuleAction', { rules_id: byDn, action_type: 'regex_result', field: '_affect_entity_by_dn', value: '#0' });
    await admin.create('RuleAction', { rules_id: byDn, action_type: 'assign', field: 'profiles_id', value: '6' });
    const byDomain = await admin.create('Rule', { sub_type: 'RuleRight', name: 'Staff by mail domain', match: 'AND', is_active: 1, ranking: 4 });
    await admin.create('RuleCriteria', { rules_id: byDomain, criteria: 'GROUPS', condition: 2, pattern: 'paris staff' });
    await admin.create('RuleCriteria', { rules_id: byDomain, criteria: 'MAIL_EMAIL', condition: 6, pattern: '/@(.+)$/' });
    await admin.create('RuleAction', { rules_id: byDomain, action_type: 'regex_result', field: '_affect_entity_by_domain', value: '#0' });
    // The groups are also searched in the group entries under the base DN (groupOfNames member=<user DN>): alice is in accounting.
    expect((await admin.put(`AuthLDAP/${directoryId}`, { input: { basedn: SUFFIX, group_search_type: 2, group_member_field: 'member', group_condition: '(objectClass=groupOfNames)', use_dn: 1 } })).status).toBe(200);
    const accounting = await admin.create('Group', { name: 'Accounting', ldap_group_dn: `cn=accounting,ou=groups,${SUFFIX}` });
    const byGroup = await admin.create('Rule', { sub_type: 'RuleRight', name: 'Accounting', match: 'AND', is_active: 1, ranking: 5 });
    await admin.create('RuleCriteria', { rules_id: byGroup, criteria: 'GROUPS', condition: 0, pattern: String(accounting) });
    await admin.create('RuleAction', { rules_id: byGroup, action_type: 'assign', field: 'entities_id', value: String(paris) });
    await admin.create('RuleAction', { rules_id: byGroup, action_type: 'assign', field: 'profiles_id', value: '2' });
    const grants = (login: string) => {
      const db = database();
      const rows = db
        .query('SELECT pu.profiles_id, pu.entities_id FROM glpi_profiles_users pu JOIN glpi_users u ON u.id = pu.users_id WHERE u.name = ? ORDER BY pu.profiles_id, pu.entities_id')
        .all(login);
      db.close();
      return rows;
    };
    expect((await signIn('alice', 'alice-pass')).status).toBe(200);
    // "Root" gives the root entity; the DN rule Paris office as Technician; the domain rule Example
    // with the default profile; the accounting group Paris office as Observer.
    expect(grants('alice')).toEqual([
      { profiles_id: 1, entities_id: 0 },
      { profiles_id: 1, entities_id: example },
      { profiles_id: 2, entities_id: paris },
      { profiles_id: 6, entities_id: paris },
    ]);
    // Bob is under ou=lyon and in technicians: in neither group, only "Root" holds.
    expect((await signIn('bob', 'bob-pass')).status).toBe(200);
    expect(grants('bob')).toEqual([{ profiles_id: 1, entities_id: 0 }]);
    expect((await admin.put(`AuthLDAP/${directoryId}`, { input: { basedn: `ou=people,${SUFFIX}`, group_search_type: 0 } })).status).toBe(200);
  });

  test('an Active-Directory-like directory: the login is sAMAccountName, the entry named by its cn, objectGUID kept as GLPI writes it, the picture from jpegPhoto', async () => {
    const ad = await admin.create(
      'AuthLDAP',
      officeDirectory(slapd, { name: 'AD-like', login_field: 'sAMAccountName', condition: '(objectClass=adLikeUser)', email1_field: 'mail', sync_field: 'objectGUID', picture_field: 'jpegPhoto' }),
    );
    try {
      expect((await signIn('erin.weber', 'erin-pass')).status).toBe(200);
      const [erin] = await userNamed('erin.weber');
      expect(erin).toMatchObject({ authtype: 2, auths_id: 'AD-like', user_dn: `cn=Erin Weber,ou=paris,ou=people,${SUFFIX}` });
      // The GUID's 16 bytes 01…10, its first three groups little-endian as AD stores them.
      const db = database();
      expect(db.query('SELECT sync_field FROM glpi_users WHERE id = ?').get(Number(erin!.id))).toEqual({ sync_field: '04030201-0605-0807-090a-0b0c0d0e0f10' });
      db.close();
      const picture = await fetch(`${server.api}/User/${erin!.id}/Picture`, { headers: { 'Session-Token': admin.token } });
      expect([picture.status, picture.headers.get('content-type'), Buffer.from(await picture.arrayBuffer()).toString('latin1')]).toEqual([200, 'image/jpeg', '\xff\xd8\xff\xe0deskbase-photo\xff\xd9']);
      // The same picture at the next sign-in: nothing changes, no history row.
      const logged = () => (database().query("SELECT COUNT(*) AS n FROM glpi_logs WHERE itemtype = 'User' AND items_id = ?").get(Number(erin!.id)) as { n: number }).n;
      const before = logged();
      expect((await signIn('erin.weber', 'erin-pass')).status).toBe(200);
      expect(logged()).toBe(before);
      // Its cn is no login: neither directory finds an account by it.
      expectError(await signIn('Erin Weber', 'erin-pass'), 401, 'ERROR_GLPI_LOGIN');
    } finally {
      expect((await admin.put(`AuthLDAP/${ad}`, { input: { is_active: 0 } })).status).toBe(200);
    }
  });

  test('a local account keeps its own password: the directory password of the same login does not open it', async () => {
    expect((await admin.post('User/', { input: { name: 'carol', password: 'local-pw', password2: 'local-pw' } })).status).toBe(201);
    expectError(await signIn('carol', 'carol-pass'), 401, 'ERROR_GLPI_LOGIN');
    expect((await signIn('carol', 'local-pw')).status).toBe(200);
  });

  test('wrong directory passwords count in the login throttle as local ones do', async () => {
    for (let i = 0; i < 5; i++) expectError(await signIn('bob', `wrong-${i}`), 401, 'ERROR_GLPI_LOGIN');
    const res = await signIn('bob', 'bob-pass');
    expectError(res, 429, 'ERROR_GLPI_LOGIN');
    expect(res.headers.get('retry-after')).toBe('1');
    clock.advance(60_000);
    expect((await signIn('bob', 'bob-pass')).status).toBe(200);
  });

  test('a directory that does not answer: a clear 401 and a log line; its replicates are tried in order', async () => {
    const closed = await freePort();
    // A server that accepts connections and never answers: the directory's timeout bounds the wait.
    const silent = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
    try {
      await scenario(admin, [
        { request: `PUT AuthLDAP/${directoryId}`, body: { input: { port: closed, timeout: 1 } }, status: 200 },
      ]);
      const down = await signIn('bob', 'bob-pass');
      expectError(down, 401, 'ERROR_GLPI_LOGIN');
      expect(down.body[1]).toBe('The directory "Office" cannot be reached; try again later');
      await until('the log line', () => server.output, (out) => out.includes(`directory "Office" (AuthLDAP ${directoryId}) cannot be used: ldap://127.0.0.1:${closed}`));
      await scenario(admin, [
        { request: 'POST AuthLdapReplicate/', body: { input: { authldaps_id: directoryId, name: 'silent', host: '127.0.0.1', port: silent.port, timeout: 1 } }, status: 201 },
        { request: 'POST AuthLdapReplicate/', body: { input: { authldaps_id: directoryId, name: 'replica', host: '127.0.0.1', port: slapd.port, timeout: 5 } }, status: 201 },
      ]);
      expect((await signIn('bob', 'bob-pass')).status).toBe(200);
    } finally {
      silent.stop(true);
    }
  });

  test('a root DN without a usable password is never bound anonymously: a clear 401 and a log line', async () => {
    expect((await admin.put(`AuthLDAP/${directoryId}`, { input: { _blank_passwd: 1 } })).status).toBe(200);
    const refused = await signIn('bob', 'bob-pass');
    expectError(refused, 401, 'ERROR_GLPI_LOGIN');
    expect(refused.body[1]).toBe('The directory "Office" cannot be reached; try again later');
    await until('the log line', () => server.output, (out) => out.includes(`directory "Office" (AuthLDAP ${directoryId}) cannot be used: its root DN has no usable password (set rootdn_passwd again)`));
  });
});
