/**
 * GLPI's "import from LDAP" over the API (issue 32) against a private slapd: the accounts not yet
 * users, narrowed by an LDAP filter and a login fragment, paged; their import in bulk by login or
 * DN, made as a first sign-in makes them; GLPI's `user` IMPORTEXTAUTHUSERS right guards both.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { Client } from '../support/client';
import { scenario } from '../support/scenario';
import { startServer, type TestServer } from '../support/server';
import { Slapd, slapdMissing, SUFFIX } from '../support/slapd';
import { basic, FIXTURE, FIXTURE_SCHEMAS, officeDirectory } from './helpers';

const DN = {
  alice: `uid=alice,ou=paris,ou=people,${SUFFIX}`,
  carol: `uid=carol,ou=lyon,ou=people,${SUFFIX}`,
  dave: `uid=dave,ou=lyon,ou=people,${SUFFIX}`,
  paren: `uid=paren(thesis),ou=paris,ou=people,${SUFFIX}`,
};

if (slapdMissing) test.skip(`directory import: ${slapdMissing}`, () => {});

describe.skipIf(slapdMissing !== null)('directory import', () => {
  const slapd = new Slapd();
  let server: TestServer;
  let admin: Client;
  let id = 0;

  const signIn = (login: string, password: string) => new Client(server.api).get('initSession', { anonymous: true, headers: { Authorization: basic(login, password) } });

  beforeAll(async () => {
    await slapd.start(FIXTURE, { schemas: FIXTURE_SCHEMAS });
    server = await startServer();
    admin = await new Client(server.api).login();
    id = await admin.create('AuthLDAP', officeDirectory(slapd, { realname_field: 'sn', firstname_field: 'givenname', email1_field: 'mail', can_support_pagesize: 1, pagesize: 2 }));
    expect((await signIn('bob', 'bob-pass')).status).toBe(200);
  });
  afterAll(async () => {
    await server?.dispose();
    await slapd.stop();
  });

  test('lists the accounts not yet users, narrowed and paged', async () => {
    await scenario(admin, [
      {
        note: 'bob signed in already; erin has no uid',
        request: `GET AuthLDAP/${id}/users`,
        status: 200,
        equals: { total: 4, accounts: [{ login: 'alice', dn: DN.alice }, { login: 'carol', dn: DN.carol }, { login: 'dave', dn: DN.dave }, { login: 'paren(thesis)', dn: DN.paren }] },
      },
      { note: 'a login fragment, any case', request: `GET AuthLDAP/${id}/users`, query: 'name=AR', status: 200, equals: { total: 2, accounts: [{ login: 'carol', dn: DN.carol }, { login: 'paren(thesis)', dn: DN.paren }] } },
      { note: 'a fragment is escaped', request: `GET AuthLDAP/${id}/users`, query: `name=${encodeURIComponent('(')}`, status: 200, equals: { total: 1, accounts: [{ login: 'paren(thesis)', dn: DN.paren }] } },
      { note: 'a filter, then its second page', request: `GET AuthLDAP/${id}/users`, query: `filter=${encodeURIComponent('(employeeType=contractor)')}&start=1&limit=1`, status: 200, equals: { total: 2, accounts: [{ login: 'dave', dn: DN.dave }] } },
      { request: `GET AuthLDAP/${id}/users`, query: `filter=${encodeURIComponent('(employeeType=contractor')}`, status: 400, error: 'ERROR', message: /^filter is not an LDAP filter/ },
      { request: `GET AuthLDAP/${id}/users`, query: 'limit=0', status: 400, error: 'ERROR', message: /^limit: / },
      { request: `GET AuthLDAP/${id}/users`, query: 'start=-1', status: 400, error: 'ERROR', message: /^start: / },
      { request: 'GET AuthLDAP/999/users', status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
    ]);
  });

  test('imports by login and by DN as a first sign-in would; reports the ones already users and the unknown ones', async () => {
    await scenario(admin, [
      { request: `POST AuthLDAP/${id}/import`, body: { input: {} }, status: 400, error: 'ERROR', message: /^input\.logins or input\.dns must name at least one account; view documentation/ },
      { request: `POST AuthLDAP/${id}/import`, body: { input: { logins: [12] } }, status: 400, error: 'ERROR', message: /^logins\.0: / },
      { note: 'a DN outside the base DN', request: `POST AuthLDAP/${id}/import`, body: { input: { dns: [`cn=admin,${SUFFIX}`] } }, status: 200, equals: { imported: [], existing: [], not_found: [`cn=admin,${SUFFIX}`] } },
    ]);
    const res = await admin.post(`AuthLDAP/${id}/import`, { input: { logins: ['alice', 'bob', 'nobody', '*'], dns: [DN.dave, `uid=zoe,ou=paris,ou=people,${SUFFIX}`] } });
    expect(res.status).toBe(201);
    const db = new Database(join(server.dataDir, 'deskbase.sqlite'), { readonly: true });
    const user = (name: string) => db.query('SELECT id, realname, firstname, authtype, auths_id, user_dn, is_active FROM glpi_users WHERE name = ?').get(name) as Record<string, unknown>;
    const alice = user('alice');
    const dave = user('dave');
    expect(res.body).toEqual({ imported: [{ login: 'alice', id: alice.id }, { login: 'dave', id: dave.id }], existing: ['bob'], not_found: ['nobody', '*', `uid=zoe,ou=paris,ou=people,${SUFFIX}`] });
    expect(alice).toMatchObject({ realname: 'Martin', firstname: 'Alice', authtype: 2, auths_id: id, user_dn: DN.alice, is_active: 1 });
    expect(db.query('SELECT email, is_default, is_dynamic FROM glpi_useremails WHERE users_id = ?').all(Number(alice.id))).toEqual([{ email: 'alice@example.org', is_default: 1, is_dynamic: 1 }]);
    // The default profile (Self-Service) on the root entity, as at a first sign-in.
    expect(db.query('SELECT profiles_id, entities_id, is_dynamic FROM glpi_profiles_users WHERE users_id = ?').all(Number(alice.id))).toEqual([{ profiles_id: 1, entities_id: 0, is_dynamic: 1 }]);
    db.close();
    await scenario(admin, [
      { request: `GET AuthLDAP/${id}/users`, status: 200, equals: { total: 2, accounts: [{ login: 'carol', dn: DN.carol }, { login: 'paren(thesis)', dn: DN.paren }] } },
    ]);
  });

  test("needs the user right's import bit (IMPORTEXTAUTHUSERS), as GLPI's import screens", async () => {
    const selfService = await new Client(server.api).login('alice', 'alice-pass');
    await scenario(admin, [
      { request: `GET AuthLDAP/${id}/users`, as: selfService, status: 403, error: 'ERROR_RIGHT_MISSING' },
      { request: `POST AuthLDAP/${id}/import`, as: selfService, body: { input: { logins: ['carol'] } }, status: 403, error: 'ERROR_RIGHT_MISSING' },
    ]);
  });
});
