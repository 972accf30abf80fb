/**
 * API clients and the App-Token: once the default client (no token, any address) is
 * deactivated, every call must carry the token of an active client. Own server: the tests
 * change who may call the API at all.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { scenario, scenarioTests, type Step } from '../support/scenario';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../support/server';
import { basic, expectError, JSON_TYPE, TOKEN_SHAPE } from './helpers';

let server: TestServer;
let admin: Client;
const APP_TOKEN = 'x'.repeat(40);
const credentials = { Authorization: basic('glpi', ADMIN_PASSWORD) };
let clientId = 0;
/** The live token of the new client (reset during the tests). */
let appToken = APP_TOKEN;

beforeAll(async () => {
  server = await startServer();
  admin = await new Client(server.api).login();
});
afterAll(() => server.dispose());

describe('default install: one client, any address, no App-Token', () => {
  test('initSession needs no App-Token', async () => {
    const res = await new Client(server.api).get('initSession', { headers: credentials });
    expect(res.status).toBe(200);
  });

  test('an App-Token that no client has is wrong, even then (as GLPI)', async () => {
    const res = await new Client(server.api).get('initSession', { headers: { ...credentials, 'App-Token': 'unknown' } });
    expectError(res, 400, 'ERROR_WRONG_APP_TOKEN_PARAMETER');
  });
});

describe('requiring an App-Token', () => {
  test('a Super-Admin adds an API client with a token; the token is never shown', async () => {
    const res = await admin.post('APIClient/', { input: { name: 'integration', is_active: 1, app_token: APP_TOKEN } });
    expect(res.status).toBe(201);
    clientId = res.body.id;
    expect(clientId).toBeGreaterThan(1);
    const read = await admin.get(`APIClient/${clientId}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: clientId, name: 'integration', is_active: 1 });
    expect(read.body).not.toHaveProperty('app_token');
    expect(read.text).not.toContain(APP_TOKEN);
    const list = await admin.get('APIClient/');
    expect(list.text).not.toContain(APP_TOKEN);
  });

  test('the default client is deactivated', async () => {
    const res = await admin.put('APIClient/1', { input: { is_active: 0 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ '1': true, message: '' }]);
  });

  const cases: { name: string; query?: string; headers: Record<string, string>; status: number; code?: string }[] = [
    { name: 'without App-Token', headers: credentials, status: 400, code: 'ERROR_APP_TOKEN_PARAMETERS_MISSING' },
    { name: 'with an empty App-Token', headers: { ...credentials, 'App-Token': '' }, status: 400, code: 'ERROR_APP_TOKEN_PARAMETERS_MISSING' },
    { name: 'with a wrong App-Token', headers: { ...credentials, 'App-Token': 'y'.repeat(40) }, status: 400, code: 'ERROR_WRONG_APP_TOKEN_PARAMETER' },
    { name: 'with a prefix of the token', headers: { ...credentials, 'App-Token': 'x'.repeat(39) }, status: 400, code: 'ERROR_WRONG_APP_TOKEN_PARAMETER' },
    { name: 'with a wrong app_token parameter', query: 'app_token=test_invalid_token', headers: credentials, status: 400, code: 'ERROR_WRONG_APP_TOKEN_PARAMETER' },
    { name: 'with the App-Token header', headers: { ...credentials, 'App-Token': APP_TOKEN }, status: 200 },
    { name: 'with the app_token parameter', query: `app_token=${APP_TOKEN}`, headers: credentials, status: 200 },
    {
      name: 'with login, password and app_token all in the query',
      query: `login=glpi&password=${encodeURIComponent(ADMIN_PASSWORD)}&app_token=${APP_TOKEN}`,
      headers: {},
      status: 200,
    },
    {
      name: 'with a wrong header over a right parameter (the header wins)',
      query: `app_token=${APP_TOKEN}`,
      headers: { ...credentials, 'App-Token': 'wrong' },
      status: 400,
      code: 'ERROR_WRONG_APP_TOKEN_PARAMETER',
    },
    // The App-Token is checked before the credentials.
    { name: 'without App-Token and without credentials', headers: {}, status: 400, code: 'ERROR_APP_TOKEN_PARAMETERS_MISSING' },
    { name: 'with the App-Token but without credentials', headers: { 'App-Token': APP_TOKEN }, status: 400, code: 'ERROR_LOGIN_PARAMETERS_MISSING' },
    { name: 'with the App-Token and a wrong password', headers: { Authorization: basic('glpi', 'wrong'), 'App-Token': APP_TOKEN }, status: 401, code: 'ERROR_GLPI_LOGIN' },
  ];

  scenarioTests(
    () => admin,
    cases.map(
      (c): Step => ({
        note: c.name,
        request: 'GET initSession',
        as: 'anonymous',
        query: c.query,
        headers: c.headers,
        status: c.status,
        ...(c.code
          ? { error: c.code }
          : { responseHeaders: { 'content-type': JSON_TYPE }, check: (res) => expect(res.body.session_token).toMatch(TOKEN_SHAPE) }),
      }),
    ),
  );

  test('session endpoints check the App-Token before the session', () =>
    scenario(admin, [
      { request: 'GET getFullSession', status: 400, error: 'ERROR_APP_TOKEN_PARAMETERS_MISSING' },
      { request: 'GET Computer/', headers: { 'App-Token': 'nope' }, status: 400, error: 'ERROR_WRONG_APP_TOKEN_PARAMETER' },
      { request: 'GET getFullSession', as: 'anonymous', status: 400, error: 'ERROR_APP_TOKEN_PARAMETERS_MISSING' },
      { request: 'GET getFullSession', as: 'anonymous', headers: { 'App-Token': APP_TOKEN }, status: 401, error: 'ERROR_SESSION_TOKEN_MISSING' },
      { request: 'GET getFullSession', headers: { 'App-Token': APP_TOKEN }, status: 200, answer: { session: { glpiID: 2 } } },
      { request: 'GET getMyProfiles', query: `app_token=${APP_TOKEN}`, status: 200 },
    ]));

  test('the inline documentation and OPTIONS need no App-Token', async () => {
    const doc = await fetch(`${server.api}/`);
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    const options = await fetch(`${server.api}/Computer/`, { method: 'OPTIONS', headers: { Origin: 'http://example.org' } });
    expect(options.status).toBe(200);
  });

  test('_reset_app_token draws a new token, answered once; the old one stops working', async () => {
    const res = await admin.put(`APIClient/${clientId}`, { input: { _reset_app_token: true } }, { headers: { 'App-Token': appToken } });
    expect(res.status).toBe(200);
    const fresh = res.body[0].app_token as string;
    expect(res.body[0][String(clientId)]).toBe(true);
    expect(fresh).toMatch(TOKEN_SHAPE);
    expect(fresh).not.toBe(APP_TOKEN);
    appToken = fresh;
    expect((await admin.get(`APIClient/${clientId}`, { headers: { 'App-Token': fresh } })).text).not.toContain(fresh);
    expectError(await new Client(server.api).get('initSession', { headers: { ...credentials, 'App-Token': APP_TOKEN } }), 400, 'ERROR_WRONG_APP_TOKEN_PARAMETER');
    expect((await new Client(server.api).get('initSession', { headers: { ...credentials, 'App-Token': fresh } })).status).toBe(200);
  });

  test('with no active client left, every call is refused with ERROR_NOT_ALLOWED_IP', async () => {
    const off = await admin.put(`APIClient/${clientId}`, { input: { is_active: 0 } }, { headers: { 'App-Token': appToken } });
    expect(off.status).toBe(200);
    for (const headers of [{}, { 'App-Token': appToken }] as Record<string, string>[]) {
      expectError(await new Client(server.api).get('initSession', { headers: { ...credentials, ...headers } }), 400, 'ERROR_NOT_ALLOWED_IP');
      expectError(await admin.get('getFullSession', { headers }), 400, 'ERROR_NOT_ALLOWED_IP');
    }
    expect((await admin.get('getFullSession')).body[1]).toBe(
      "There isn't an active API client matching your IP address in the configuration (127.0.0.1)",
    );
  });
});
