/**
 * A data folder written by an earlier Deskbase, which stored users' authtype with GLPI's numbers
 * (3 LDAP, 2 mail server), is renumbered at start-up (migration 48) where a user's auths_id says
 * which kind it is; rows it cannot tell are kept. Its directory users then sign in as before, as
 * the same users; RuleRight's TYPE criteria follow. A real slapd; the folder edited while stopped.
 */
import type { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { withDataFolderDatabase } from '../support/database-file';
import { startServer, type TestServer } from '../support/server';
import { Slapd, slapdMissing } from '../support/slapd';
import { basic, FIXTURE, FIXTURE_SCHEMAS, officeDirectory } from './helpers';

if (slapdMissing) test.skip(`authtype upgrade: ${slapdMissing}`, () => {});

describe.skipIf(slapdMissing !== null)('a folder with GLPI-numbered authtypes', () => {
  const slapd = new Slapd();
  let server: TestServer;
  let admin: Client;
  let directory = 0;
  let aliceId = 0;

  const signIn = (login: string, password: string) => new Client(server.api).get('initSession', { anonymous: true, headers: { Authorization: basic(login, password) } });
  const withDatabase = <T>(fn: (db: Database) => T): T => withDataFolderDatabase(server.dataDir, fn);

  beforeAll(async () => {
    await slapd.start(FIXTURE, { schemas: FIXTURE_SCHEMAS });
    server = await startServer();
    admin = await new Client(server.api).login();
    directory = (await admin.post('AuthLDAP/', { input: officeDirectory(slapd, { is_default: 1 }) })).body.id;
    expect((await signIn('alice', 'alice-pass')).status).toBe(200);
    aliceId = (await admin.get('User/', { query: 'searchText[name]=^alice$' })).body[0].id;
  });
  afterAll(async () => {
    await server?.dispose();
    await slapd.stop();
  });

  test('users whose auths_id tells the kind are renumbered, the others kept; RuleRight TYPE patterns follow; the directory user signs in as the same user', async () => {
    await server.stop();
    const mailOnly = directory + 10;
    withDatabase((db) => {
      // One mail server shares the directory's id (the tables number apart), one does not.
      db.query('INSERT INTO glpi_authmails (id, name, host) VALUES (?, ?, ?), (?, ?, ?)').run(directory, 'shared id', 'imap.example.org', mailOnly, 'staff', 'imap.example.org');
      db.query('UPDATE glpi_users SET authtype = 3 WHERE id = ?').run(aliceId); // as the earlier directory sign-in wrote it
      const user = db.query('INSERT INTO glpi_users (name, authtype, auths_id, user_dn) VALUES (?, ?, ?, ?)');
      user.run('old-mail', 2, mailOnly, null); // GLPI's mail, naming a mail server only
      user.run('spec-mail', 3, mailOnly, null); // the specification's mail (written by a client that used it)
      user.run('spec-ldap', 2, directory, 'uid=x,ou=people,dc=example,dc=org'); // the specification's LDAP: a 2 naming a directory
      user.run('shared-2', 2, directory, null); // GLPI's mail or the specification's LDAP: cannot tell
      user.run('shared-3', 3, directory, null); // GLPI's LDAP or the specification's mail: cannot tell
      user.run('gone', 3, 999, null); // names nothing
      user.run('cas', 5, 0, null);
      const rule = (db.query("INSERT INTO glpi_rules (sub_type, name, `match`, is_active) VALUES ('RuleRight', 'LDAP users', 'AND', 0) RETURNING id").get() as { id: number }).id;
      db.query("INSERT INTO glpi_rulecriterias (rules_id, criteria, `condition`, pattern) VALUES (?, 'TYPE', 0, '3'), (?, 'TYPE', 1, '2'), (?, 'TYPE', 0, '5'), (?, 'LOGIN', 0, '3')").run(rule, rule, rule, rule);
      db.exec('DELETE FROM deskbase_migrations WHERE id = 48');
    });
    await server.start();
    await server.stop();
    withDatabase((db) => {
      expect(db.query("SELECT name, authtype FROM glpi_users WHERE name IN ('alice', 'old-mail', 'spec-mail', 'spec-ldap', 'shared-2', 'shared-3', 'gone', 'cas') ORDER BY id").all()).toEqual([
        { name: 'alice', authtype: 2 },
        { name: 'old-mail', authtype: 3 },
        { name: 'spec-mail', authtype: 3 },
        { name: 'spec-ldap', authtype: 2 },
        { name: 'shared-2', authtype: 2 },
        { name: 'shared-3', authtype: 3 },
        { name: 'gone', authtype: 3 },
        { name: 'cas', authtype: 5 },
      ]);
      expect(db.query("SELECT c.criteria, c.pattern FROM glpi_rulecriterias c JOIN glpi_rules r ON r.id = c.rules_id WHERE r.name = 'LDAP users' ORDER BY c.id").all()).toEqual([
        { criteria: 'TYPE', pattern: '2' },
        { criteria: 'TYPE', pattern: '3' },
        { criteria: 'TYPE', pattern: '5' },
        { criteria: 'LOGIN', pattern: '3' },
      ]);
      // GLPI's Root rule names both kinds: it still does.
      expect(db.query("SELECT pattern FROM glpi_rulecriterias WHERE rules_id = 2 AND criteria = 'TYPE' ORDER BY pattern").all()).toEqual([{ pattern: '2' }, { pattern: '3' }]);
    });
    await server.start();
    expect((await signIn('alice', 'alice-pass')).status).toBe(200);
    const again = await new Client(server.api).login();
    const alices = (await again.get('User/', { query: 'searchText[name]=^alice$' })).body as { id: number; authtype: number }[];
    expect(alices.map((u) => [u.id, u.authtype])).toEqual([[aliceId, 2]]);
  });
});
