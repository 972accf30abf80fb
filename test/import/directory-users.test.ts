/**
 * Authentication kinds from GLPI: GLPI numbers LDAP 3 and mail servers 2, Deskbase (as the
 * specification) LDAP 2 and mail 3, so the import renumbers users' `authtype` and RuleRight's
 * `TYPE` criteria. An LDAP user of the fixture (ldap.user, renamed to an account of the test
 * directory) is then found by the directory sign-in as the same user, and GLPI's authorization
 * rule for directory users applies; a real MariaDB and a real slapd.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { runCli, type CliResult } from '../support/cli';
import { Client } from '../support/client';
import { withDataFolderDatabase } from '../support/database-file';
import { TestServer } from '../support/server';
import { ROOT, Slapd, slapdMissing, SUFFIX } from '../support/slapd';
import { basic, FIXTURE, FIXTURE_SCHEMAS } from '../directory/helpers';
import { FIXTURE_SQL, GLPI_RULE_TABLES, mariadbMissing, useMariaDb } from './helpers';

const maria = useMariaDb();

/** GLPI's directory and mail server (GLPI's root DN password is sealed with its key: set again after the import). */
function glpiAuthentication(slapdPort: number): string {
  return `
CREATE TABLE glpi_authldaps (
  id int unsigned NOT NULL AUTO_INCREMENT, name varchar(255) DEFAULT NULL, host varchar(255) DEFAULT NULL, basedn varchar(255) DEFAULT NULL,
  rootdn varchar(255) DEFAULT NULL, port int NOT NULL DEFAULT '389', \`condition\` text, login_field varchar(255) DEFAULT 'uid',
  rootdn_passwd varchar(255) DEFAULT NULL, is_default tinyint NOT NULL DEFAULT '0', is_active tinyint NOT NULL DEFAULT '0', PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
INSERT INTO glpi_authldaps (id, name, host, basedn, rootdn, port, \`condition\`, login_field, rootdn_passwd, is_default, is_active) VALUES
  (1, 'Office', '127.0.0.1', 'ou=people,${SUFFIX}', '${ROOT.dn}', ${slapdPort}, '(objectClass=inetOrgPerson)', 'uid', 'c2VhbGVkIGJ5IEdMUEk=', 1, 1);
CREATE TABLE glpi_authmails (
  id int unsigned NOT NULL AUTO_INCREMENT, name varchar(255) DEFAULT NULL, connect_string varchar(255) DEFAULT NULL, host varchar(255) DEFAULT NULL,
  is_active tinyint NOT NULL DEFAULT '0', PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
INSERT INTO glpi_authmails (id, name, connect_string, host, is_active) VALUES (2, 'Staff IMAP', '{imap.example.org:993/imap/ssl}', 'imap.example.org', 1);
UPDATE glpi_users SET name = 'bob' WHERE id = 8;
INSERT INTO glpi_users (id, name, authtype, auths_id, is_active) VALUES (9, 'mail.user', 2, 2, 1), (10, 'cas.user', 5, 0, 1);
${GLPI_RULE_TABLES}
INSERT INTO glpi_rules (id, entities_id, sub_type, ranking, name, description, \`match\`, is_active, is_recursive, uuid, \`condition\`) VALUES
  (50, 0, 'RuleRight', 1, 'Directory users are self-service in entity 3', '', 'AND', 1, 0, 'uuid-50', 0),
  (51, 0, 'RuleRight', 2, 'Mail users are technicians', '', 'AND', 1, 0, 'uuid-51', 0);
INSERT INTO glpi_rulecriterias (id, rules_id, criteria, \`condition\`, pattern) VALUES (60, 50, 'TYPE', 0, '3'), (61, 51, 'TYPE', 0, '2');
INSERT INTO glpi_ruleactions (id, rules_id, action_type, field, value) VALUES
  (70, 50, 'assign', 'entities_id', '3'), (71, 50, 'assign', 'profiles_id', '1'),
  (72, 51, 'assign', 'entities_id', '1'), (73, 51, 'assign', 'profiles_id', '6');
`;
}

if (slapdMissing) test.skip(`GLPI directory users: ${slapdMissing}`, () => {});

describe.skipIf(mariadbMissing !== null || slapdMissing !== null)("GLPI's authentication kinds, imported", () => {
  const root = mkdtempSync(join(tmpdir(), 'deskbase-import-authtype-'));
  const dataDir = join(root, 'data');
  const slapd = new Slapd();
  let imported: CliResult;
  let server: TestServer;
  let admin: Client;

  const stored = <T>(sql: string): T[] => withDataFolderDatabase(dataDir, (db) => db.query(sql).all() as T[]);

  beforeAll(async () => {
    await slapd.start(FIXTURE, { schemas: FIXTURE_SCHEMAS });
    await maria.db.createDatabase('glpi_authtype', FIXTURE_SQL + glpiAuthentication(slapd.port));
    imported = await runCli(['import', maria.db.url('glpi_authtype'), '--data', dataDir]);
    server = new TestServer(dataDir, {});
    await server.start();
    admin = await new Client(server.api).login('glpi', 'glpi-fixture-pass');
  });
  afterAll(async () => {
    await server?.stop();
    await slapd.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test("users' authtype and RuleRight's TYPE patterns are renumbered: GLPI's LDAP 3 is 2, its mail 2 is 3, the others kept", async () => {
    expect(imported.code).toBe(0);
    expect(stored('SELECT id, name, authtype, auths_id FROM glpi_users WHERE id IN (2, 8, 9, 10) ORDER BY id')).toEqual([
      { id: 2, name: 'glpi', authtype: 1, auths_id: 0 },
      { id: 8, name: 'bob', authtype: 2, auths_id: 1 },
      { id: 9, name: 'mail.user', authtype: 3, auths_id: 2 },
      { id: 10, name: 'cas.user', authtype: 5, auths_id: 0 },
    ]);
    expect(stored('SELECT id, criteria, pattern FROM glpi_rulecriterias ORDER BY id')).toEqual([
      { id: 60, criteria: 'TYPE', pattern: '2' },
      { id: 61, criteria: 'TYPE', pattern: '3' },
    ]);
    // The API shows the specification's numbers, and links the LDAP user's auths_id to its directory.
    const bob = await admin.get('User/8', { query: 'expand_dropdowns=true' });
    expect([bob.body.authtype, bob.body.auths_id]).toEqual([2, 'Office']);
    const mail = await admin.get('User/9', { query: 'expand_dropdowns=true' });
    expect([mail.body.authtype, mail.body.auths_id]).toEqual([3, 2]);
  });

  test('the LDAP user signs in through the imported directory as the same user, given the rights its rule gives directory users', async () => {
    expect((await admin.put('AuthLDAP/1', { input: { rootdn_passwd: ROOT.password } })).status).toBe(200);
    const res = await new Client(server.api).get('initSession', { anonymous: true, headers: { Authorization: basic('bob', 'bob-pass') } });
    expect(res.status).toBe(200);
    expect(stored("SELECT id, authtype, auths_id, user_dn FROM glpi_users WHERE name = 'bob'")).toEqual([
      { id: 8, authtype: 2, auths_id: 1, user_dn: `uid=bob,ou=lyon,ou=people,${SUFFIX}` },
    ]);
    // Rule 50 (TYPE is LDAP) replaced the dynamic authorization GLPI had given; rule 51 (mail) did not match.
    expect(stored('SELECT profiles_id, entities_id, is_recursive, is_dynamic FROM glpi_profiles_users WHERE users_id = 8')).toEqual([
      { profiles_id: 1, entities_id: 3, is_recursive: 0, is_dynamic: 1 },
    ]);
  });
});
