/**
 * Sessions: initSession in all its forms, killSession, the Session-Token checks, getFullSession,
 * getGlpiConfig, and secrets that never leave the server.
 *
 * Failed logins count against 127.0.0.1 (the login throttle lets 5 through, and a success resets
 * the address): this file keeps fewer than 5 failures between successful logins.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../support/server';
import { basic, expectError, JSON_TYPE, TOKEN_SHAPE } from './helpers';
import { itemtypeOrThrow } from '../../server/registry';

let server: TestServer;
let admin: Client;
let anon: Client;
/** glpi's remote access key (user_token), drawn through the API. */
let userToken: string;

beforeAll(async () => {
  server = await startServer();
  admin = await new Client(server.api).login();
  anon = new Client(server.api);
  const reset = await admin.put('User/2', { input: { _reset_api_token: true } });
  expect(reset.status).toBe(200);
  expect(reset.body[0]['2']).toBe(true);
  userToken = reset.body[0].api_token;
  expect(userToken).toMatch(TOKEN_SHAPE);
});
afterAll(() => server.dispose());

const q = encodeURIComponent;

describe('initSession', () => {
  interface LoginCase {
    name: string;
    method?: string;
    path?: string;
    query?: () => string;
    headers?: () => Record<string, string>;
    body?: () => unknown;
  }

  const succeeding: LoginCase[] = [
    { name: 'Basic credentials', headers: () => ({ Authorization: basic('glpi', ADMIN_PASSWORD) }) },
    { name: 'Basic credentials, trailing slash', path: 'initSession/', headers: () => ({ Authorization: basic('glpi', ADMIN_PASSWORD) }) },
    { name: 'Authorization: user_token', headers: () => ({ Authorization: `user_token ${userToken}` }) },
    { name: 'user_token query parameter', query: () => `user_token=${userToken}` },
    { name: 'login and password query parameters', query: () => `login=glpi&password=${q(ADMIN_PASSWORD)}` },
    { name: 'POST with a JSON body (GLPI ignores the verb)', method: 'POST', body: () => ({ login: 'glpi', password: ADMIN_PASSWORD }) },
    {
      name: 'user_token wins over wrong login/password parameters',
      query: () => `login=glpi&password=wrong`,
      headers: () => ({ Authorization: `user_token ${userToken}` }),
    },
    { name: 'Basic credentials win over the query parameters', query: () => 'login=glpi&password=wrong', headers: () => ({ Authorization: basic('glpi', ADMIN_PASSWORD) }) },
  ];

  for (const c of succeeding) {
    test(`200 with ${c.name}`, async () => {
      const res = await anon.call(c.method ?? 'GET', c.path ?? 'initSession', { query: c.query?.(), headers: c.headers?.(), body: c.body?.(), anonymous: true });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(JSON_TYPE);
      expect(Object.keys(res.body)).toEqual(['session_token']);
      expect(res.body.session_token).toMatch(TOKEN_SHAPE);
      // The new session is usable at once.
      const me = await anon.get('getFullSession', { headers: { 'Session-Token': res.body.session_token } });
      expect(me.status).toBe(200);
      expect(me.body.session.glpiID).toBe(2);
    });
  }

  const failing: (LoginCase & { status: number; code: string })[] = [
    { name: 'no credentials at all', status: 400, code: 'ERROR_LOGIN_PARAMETERS_MISSING' },
    { name: 'a login without password', query: () => 'login=glpi', status: 400, code: 'ERROR_LOGIN_PARAMETERS_MISSING' },
    { name: 'an empty password', query: () => 'login=glpi&password=', status: 400, code: 'ERROR_LOGIN_PARAMETERS_MISSING' },
    { name: 'Basic with an empty password', headers: () => ({ Authorization: basic('glpi', '') }), status: 400, code: 'ERROR_LOGIN_PARAMETERS_MISSING' },
    { name: 'an empty user_token', query: () => 'user_token=', status: 400, code: 'ERROR_LOGIN_PARAMETERS_MISSING' },
    { name: 'a wrong password', headers: () => ({ Authorization: basic('glpi', 'wrong') }), status: 401, code: 'ERROR_GLPI_LOGIN' },
    { name: 'an unknown login', headers: () => ({ Authorization: basic('nobody-here', 'whatever') }), status: 401, code: 'ERROR_GLPI_LOGIN' },
    { name: 'a wrong user_token header', headers: () => ({ Authorization: 'user_token 0123456789abcdef' }), status: 401, code: 'ERROR_GLPI_LOGIN_USER_TOKEN' },
    { name: 'get_full_session=yes (not a boolean)', query: () => 'get_full_session=yes', headers: () => ({ Authorization: basic('glpi', ADMIN_PASSWORD) }), status: 400, code: 'ERROR' },
  ];

  for (const c of failing) {
    test(`${c.status} ${c.code} with ${c.name}`, async () => {
      const res = await anon.call(c.method ?? 'GET', 'initSession', { query: c.query?.(), headers: c.headers?.(), body: c.body?.(), anonymous: true });
      expectError(res, c.status, c.code);
    });
  }

  test('messages follow GLPI, with the documentation suffix where GLPI adds it', async () => {
    await new Client(server.api).login(); // a success clears the address' failures
    const missing = await anon.get('initSession');
    expect(missing.body[1]).toBe(
      `parameter(s) login, password or user_token are missing; view documentation in your browser at ${server.api}/#ERROR_LOGIN_PARAMETERS_MISSING`,
    );
    const wrong = await anon.get('initSession', { headers: { Authorization: basic('glpi', 'wrong') } });
    expect(wrong.body).toEqual(['ERROR_GLPI_LOGIN', 'Incorrect username or password']);
    const badToken = await anon.get('initSession', { query: 'user_token=nope' });
    expect(badToken.body).toEqual(['ERROR_GLPI_LOGIN_USER_TOKEN', 'parameter user_token seems invalid']);
    await new Client(server.api).login();
  });

  test('get_full_session=true adds the session; false or absent does not', async () => {
    const full = await anon.get('initSession', { query: 'get_full_session=true', headers: { Authorization: `user_token ${userToken}` } });
    expect(full.status).toBe(200);
    expect(full.body.session_token).toMatch(TOKEN_SHAPE);
    expect(full.body.session.glpiID).toBe(2);
    expect(full.body.session.glpiname).toBe('glpi');
    expect(full.body.session.valid_id).toBe(full.body.session_token);
    for (const query of ['get_full_session=false', 'get_full_session=0', undefined]) {
      const res = await anon.get('initSession', { query, headers: { Authorization: basic('glpi', ADMIN_PASSWORD) } });
      expect(res.status).toBe(200);
      expect(res.body.session).toBeUndefined();
    }
  });

  test('tokens are random: 40 hex characters (160 bits), never repeated', async () => {
    const tokens = await Promise.all(
      Array.from({ length: 12 }, () => anon.get('initSession', { headers: { Authorization: `user_token ${userToken}` } })),
    );
    const values = tokens.map((t) => t.body.session_token as string);
    for (const v of values) expect(v).toMatch(TOKEN_SHAPE);
    expect(new Set(values).size).toBe(values.length);
    // No shared prefix or suffix worth mentioning (a counter or a timestamp would show).
    const prefixes = new Set(values.map((v) => v.slice(0, 6)));
    expect(prefixes.size).toBe(values.length);
    // The user token is not a session token.
    expect(values).not.toContain(userToken);
  });

  test('a reset user_token replaces the old one', async () => {
    const reset = await admin.put('User/2', { input: { _reset_api_token: true } });
    const fresh = reset.body[0].api_token as string;
    expect(fresh).toMatch(TOKEN_SHAPE);
    expect(fresh).not.toBe(userToken);
    expectError(await anon.get('initSession', { headers: { Authorization: `user_token ${userToken}` } }), 401, 'ERROR_GLPI_LOGIN_USER_TOKEN');
    const ok = await anon.get('initSession', { headers: { Authorization: `user_token ${fresh}` } });
    expect(ok.status).toBe(200);
    userToken = fresh;
  });
});

describe('Session-Token', () => {
  test('killSession answers 200 with an empty body; the token is then invalid', async () => {
    const c = await new Client(server.api).login();
    const kill = await c.get('killSession');
    expect(kill.status).toBe(200);
    expect(kill.text).toBe('');
    expectError(await c.get('getFullSession'), 401, 'ERROR_SESSION_TOKEN_INVALID');
    expectError(await c.get('killSession'), 401, 'ERROR_SESSION_TOKEN_INVALID');
    expectError(await c.get('Computer/'), 401, 'ERROR_SESSION_TOKEN_INVALID');
  });

  test('killing one session leaves the others of the same user alone', async () => {
    const a = await new Client(server.api).login();
    const b = await new Client(server.api).login();
    expect((await a.get('killSession')).status).toBe(200);
    expect((await b.get('getFullSession')).status).toBe(200);
  });

  const cases: { name: string; headers?: () => Record<string, string>; query?: () => string; status: number; code?: string }[] = [
    { name: 'no token', status: 401, code: 'ERROR_SESSION_TOKEN_MISSING' },
    { name: 'an empty header', headers: () => ({ 'Session-Token': '' }), status: 401, code: 'ERROR_SESSION_TOKEN_MISSING' },
    { name: 'a blank header', headers: () => ({ 'Session-Token': '   ' }), status: 401, code: 'ERROR_SESSION_TOKEN_MISSING' },
    { name: 'an empty query parameter', query: () => 'session_token=', status: 401, code: 'ERROR_SESSION_TOKEN_MISSING' },
    { name: 'a garbage token', headers: () => ({ 'Session-Token': 'garbage' }), status: 401, code: 'ERROR_SESSION_TOKEN_INVALID' },
    { name: 'a well-formed unknown token', headers: () => ({ 'Session-Token': 'a'.repeat(40) }), status: 401, code: 'ERROR_SESSION_TOKEN_INVALID' },
    { name: 'a very long token', headers: () => ({ 'Session-Token': 'f'.repeat(4000) }), status: 401, code: 'ERROR_SESSION_TOKEN_INVALID' },
    { name: 'the user token instead of a session token', headers: () => ({ 'Session-Token': userToken }), status: 401, code: 'ERROR_SESSION_TOKEN_INVALID' },
    { name: 'a garbage query parameter', query: () => 'session_token=garbage', status: 401, code: 'ERROR_SESSION_TOKEN_INVALID' },
    { name: 'the token as a query parameter', query: () => `session_token=${admin.token}`, status: 200 },
    { name: 'the header, in any case', headers: () => ({ 'session-token': admin.token }), status: 200 },
    { name: 'a token with spaces around it', headers: () => ({ 'Session-Token': ` ${admin.token} ` }), status: 200 },
    {
      name: 'a garbage header over a good query parameter (the header wins)',
      headers: () => ({ 'Session-Token': 'garbage' }),
      query: () => `session_token=${admin.token}`,
      status: 401,
      code: 'ERROR_SESSION_TOKEN_INVALID',
    },
    {
      name: 'a good header over a garbage query parameter',
      headers: () => ({ 'Session-Token': admin.token }),
      query: () => 'session_token=garbage',
      status: 200,
    },
  ];

  for (const c of cases) {
    test(`getFullSession with ${c.name} → ${c.status}${c.code ? ` ${c.code}` : ''}`, async () => {
      const res = await anon.get('getFullSession', { headers: c.headers?.(), query: c.query?.(), anonymous: true });
      if (c.code) expectError(res, c.status, c.code);
      else {
        expect(res.status).toBe(c.status);
        expect(res.body.session.glpiID).toBe(2);
      }
    });
  }

  test('every session endpoint needs the token', async () => {
    const endpoints = ['killSession', 'getFullSession', 'getGlpiConfig', 'getMyProfiles', 'getActiveProfile', 'changeActiveProfile', 'getMyEntities', 'getActiveEntities', 'changeActiveEntities', 'getMultipleItems', 'listSearchOptions/Computer', 'Computer/', 'Computer/1', 'User/2/Picture', 'badEndpoint'];
    for (const path of endpoints) {
      expectError(await anon.get(path), 401, 'ERROR_SESSION_TOKEN_MISSING');
      expectError(await anon.get(path, { headers: { 'Session-Token': 'nope' } }), 401, 'ERROR_SESSION_TOKEN_INVALID');
    }
  });

  test('killSession works with the token in the query string', async () => {
    const c = await new Client(server.api).login();
    const res = await anon.get('killSession', { query: `session_token=${c.token}` });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expectError(await c.get('getFullSession'), 401, 'ERROR_SESSION_TOKEN_INVALID');
  });
});

describe('getFullSession', () => {
  test('has GLPI\'s session keys', async () => {
    const res = await admin.get('getFullSession');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(JSON_TYPE);
    const s = res.body.session;
    expect(Object.keys(res.body)).toEqual(['session']);
    const expected: [string, (v: unknown) => void][] = [
      ['valid_id', (v) => expect(v).toBe(admin.token)],
      ['glpiID', (v) => expect(v).toBe(2)],
      ['glpiname', (v) => expect(v).toBe('glpi')],
      ['glpifriendlyname', (v) => expect(v).toBe('glpi')],
      ['glpiroot', (v) => expect(typeof v).toBe('string')],
      ['glpilanguage', (v) => expect(v).toBe('en_GB')],
      ['glpilist_limit', (v) => expect(typeof v).toBe('number')],
      ['glpidefault_entity', (v) => expect(v).toBe(0)],
      ['glpiauthtype', (v) => expect(v).toBe(1)],
      ['glpi_currenttime', (v) => expect(v).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)],
      ['glpiactive_entity', (v) => expect(v).toBe(0)],
      ['glpiactiveentities', (v) => expect(v).toEqual([0])],
      ['glpiactiveentities_string', (v) => expect(v).toBe("'0'")],
      ['glpishowallentities', (v) => expect([0, 1]).toContain(v as number)],
      ['glpigroups', (v) => expect(Array.isArray(v)).toBe(true)],
      ['glpiprofiles', (v) => expect((v as Record<string, { name: string }>)['4']?.name).toBe('Super-Admin')],
      ['MESSAGE_AFTER_REDIRECT', (v) => expect(v).toEqual([])],
    ];
    for (const [key, check] of expected) {
      expect(s).toHaveProperty(key);
      check(s[key]);
    }
    const profile = s.glpiactiveprofile;
    expect(profile).toMatchObject({ id: 4, name: 'Super-Admin', interface: 'central' });
    expect(typeof profile.computer).toBe('number');
    expect(typeof profile.config).toBe('number');
    expect(profile.entities).toEqual([{ id: 0, name: 'Root entity', is_recursive: 1 }]);
  });

  test("the user's own language (their glpi_users column) is the session's", async () => {
    expect((await admin.put('User/2', { input: { language: 'fr_FR' } })).status).toBe(200);
    try {
      expect((await admin.get('getFullSession')).body.session.glpilanguage).toBe('fr_FR');
    } finally {
      expect((await admin.put('User/2', { input: { language: null } })).status).toBe(200);
    }
    expect((await admin.get('getFullSession')).body.session.glpilanguage).toBe('en_GB');
  });

  test('never contains a password or token', async () => {
    const res = await admin.get('getFullSession');
    expect(res.text).not.toContain('$argon2');
    expect(res.text).not.toContain(userToken);
    expect(res.text).not.toContain(ADMIN_PASSWORD);
    for (const key of ['password', 'api_token', 'personal_token', 'cookie_token', 'password_forget_token']) {
      expect(res.body.session).not.toHaveProperty(key);
      expect(res.body.session).not.toHaveProperty(`glpi${key}`);
    }
  });
});

describe('getGlpiConfig', () => {
  const UNDISCLOSED = [
    'proxy_passwd',
    'smtp_passwd',
    'smtp_oauth_client_id',
    'smtp_oauth_client_secret',
    'smtp_oauth_options',
    'smtp_oauth_refresh_token',
    'glpinetwork_registration_key',
    'ldap_pass',
  ];

  test('cfg_glpi with infocom_types and without the undisclosed keys', async () => {
    const res = await admin.get('getGlpiConfig');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['cfg_glpi']);
    const cfg = res.body.cfg_glpi;
    expect(Array.isArray(cfg.infocom_types)).toBe(true);
    expect(cfg.infocom_types).toContain('Computer');
    for (const key of UNDISCLOSED) expect(cfg).not.toHaveProperty(key);
    expect(cfg.url_base_api).toBe(server.api);
  });

  test("GLPI 10.0's software, operating system and reservation type lists", async () => {
    const cfg = (await admin.get('getGlpiConfig')).body.cfg_glpi;
    const withOs = ['Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer'];
    expect({ software: cfg.software_types, os: cfg.operatingsystem_types, reservation: cfg.reservation_types }).toEqual({ software: withOs, os: withOs, reservation: [...withOs, 'Software'] });
  });

  test("GLPI 10.0's state, user, group, location, unicity, device and project asset type lists, each naming served types only", async () => {
    const cfg = (await admin.get('getGlpiConfig')).body.cfg_glpi;
    expect(cfg.state_types).toEqual([
      'Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'SoftwareLicense', 'Certificate', 'Enclosure', 'PDU',
      'Line', 'Rack', 'SoftwareVersion', 'Cluster', 'Contract', 'Appliance', 'DatabaseInstance', 'Cable', 'Unmanaged', 'PassiveDCEquipment',
    ]);
    expect(cfg.device_types).toHaveLength(18);
    expect(cfg.device_types[0]).toBe('DeviceMotherboard');
    expect(cfg.unicity_types).toContain('Item_DeviceSimcard');
    expect(cfg.project_asset_types).toContain('DeviceFirmware');
    expect(cfg.location_types).toEqual(expect.arrayContaining(['Item_DeviceCamera', 'Glpi\\Socket']));
    for (const list of ['linkuser_types', 'linkgroup_types']) expect(cfg[list]).toContain('Computer');
    // A type in a list has the list's field, and its list answers.
    const fields: Record<string, string> = { state_types: 'states_id', linkuser_types: 'users_id', linkgroup_types: 'groups_id', location_types: 'locations_id' };
    for (const [list, field] of Object.entries(fields)) {
      for (const type of cfg[list] as string[]) {
        // GLPI 10 names sockets by their class, which the API answers as well.
        const current = itemtypeOrThrow(type === 'Glpi\\Socket' ? 'Socket' : type);
        expect({ list, type, has: current.columns.some((c) => c.name === field) }).toEqual({ list, type, has: true });
        const res = await admin.get(`${encodeURIComponent(type)}/`, { query: 'range=0-0' });
        expect({ type, status: [200, 206].includes(res.status) }).toEqual({ type, status: true });
      }
    }
  });

  test('Config items never show secret values either', async () => {
    const res = await admin.get('Config/', { query: 'range=0-999' });
    expect([200, 206]).toContain(res.status);
    for (const row of res.body as { name: string; value?: unknown }[]) {
      if (UNDISCLOSED.includes(row.name)) expect(row.value ?? '').toBe('');
    }
  });
});

describe('secrets of users', () => {
  const SECRET_KEYS = ['password', 'password2', 'api_token', 'personal_token', 'cookie_token', 'password_forget_token', 'password_forget_token_date'];

  const reads: { name: string; path: string; query?: string; rows: (body: any) => Record<string, unknown>[] }[] = [
    { name: 'GET /User/2', path: 'User/2', rows: (b) => [b] },
    { name: 'GET /User/2 with expand_dropdowns', path: 'User/2', query: 'expand_dropdowns=true&with_logs=true', rows: (b) => [b] },
    { name: 'GET /User/', path: 'User/', rows: (b) => b },
    { name: 'GET /User/ with expand_dropdowns', path: 'User/', query: 'expand_dropdowns=true', rows: (b) => b },
    { name: 'GET /User/?searchText[name]=glpi', path: 'User/', query: 'searchText[name]=glpi', rows: (b) => b },
    {
      name: 'getMultipleItems of User 2',
      path: 'getMultipleItems',
      query: 'items[0][itemtype]=User&items[0][items_id]=2',
      rows: (b) => b,
    },
  ];

  for (const r of reads) {
    test(`${r.name} shows no password or token`, async () => {
      const res = await admin.get(r.path, { query: r.query });
      expect([200, 206]).toContain(res.status);
      const rows = r.rows(res.body);
      // Each read shows the glpi account (2): there is something to leak.
      expect(rows.map((row) => row.id)).toContain(2);
      for (const row of rows) for (const key of SECRET_KEYS) expect(row).not.toHaveProperty(key);
      expect(res.text).not.toContain('$argon2');
      expect(res.text).not.toContain(userToken);
    });
  }

  test('the user token is answered once, by the write that draws it', async () => {
    const reset = await admin.put('User/2', { input: { _reset_api_token: true } });
    const token = reset.body[0].api_token as string;
    expect(token).toMatch(TOKEN_SHAPE);
    const read = await admin.get('User/2');
    expect(read.text).not.toContain(token);
    const later = await admin.put('User/2', { input: { comment: 'no token here' } });
    expect(later.body).toEqual([{ '2': true, message: '' }]);
    userToken = token;
  });
});
