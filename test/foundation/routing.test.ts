/**
 * The request pipeline: routing of /apirest.php paths, CORS, bodies and their Content-Type,
 * query strings in PHP's bracket notation, boolean parameters, the profile endpoints, and the
 * error model `["CODE", "message"]`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client, type ApiResponse } from '../support/client';
import { expectError, JSON_TYPE } from '../support/errors';
import { scenario, scenarioTests, type Step } from '../support/scenario';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
let admin: Client;
let anon: Client;

beforeAll(async () => {
  server = await startServer();
  admin = await new Client(server.api).login();
  anon = new Client(server.api);
});
afterAll(() => server.dispose());

describe('paths', () => {
  test('GET /apirest.php/ without a session is the documentation page (text/html)', async () => {
    for (const url of [`${server.api}/`, server.api, `${server.api}/api`, `${server.api}/api/`]) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expect(await res.text()).toContain('initSession');
    }
  });

  const ok = (path: string): Step => ({ request: `GET ${path}`, status: 200, responseHeaders: { 'content-type': JSON_TYPE } });
  const notFound = (path: string): Step => ({ request: `GET ${path}`, status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' });
  const badId = (path: string): Step => ({ request: `GET ${path}`, status: 400, error: 'ERROR' });

  scenarioTests(() => admin, [
    // The trailing slash is optional everywhere.
    ...['getMyProfiles', 'getMyProfiles/', 'Computer', 'Computer/', 'User/2', 'User/2/', 'User/2/Log', 'User/2/Log/', 'Entity/0'].map(ok),
    ok('listSearchOptions/Computer/'),
    // GLPI drops the `api/` prefix.
    ok('api/Computer/'),
    // Unknown endpoints and itemtypes; names are case-sensitive.
    ...['badEndpoint', 'badEndpoint/', 'computer', 'computer/1', 'COMPUTER/', 'getmyprofiles', 'initsession', 'CommonDBTM'].map(notFound),
    ...['Entity/0/badEndpoint', 'Entity/0/badEndpoint/', 'User/2/log', 'listSearchOptions/badType'].map(notFound),
    { request: 'GET listSearchOptions', status: 400, error: 'ERROR_RESOURCE_MISSING' },
    // Ids in the path must be non-negative integers (better than GLPI, which lists instead).
    ...['Computer/abc', 'Computer/-1', 'Computer/1.5', 'Computer/1e3', 'Computer/0x10', 'Computer/%201', 'User/abc/Log', 'User/2/Log/abc'].map(badId),
    badId('Computer/99999999999999999999999'),
    // Numeric ids that do not exist.
    { request: 'GET Computer/999999', status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
    { request: 'GET User/999999/Log', status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
    // Without a session, the unknown endpoint is only seen after the token check (as GLPI).
    ...['badEndpoint', 'computer', 'Computer/abc'].map((path): Step => ({ request: `GET ${path}`, as: 'anonymous', status: 401, error: 'ERROR_SESSION_TOKEN_MISSING' })),
    // initSession is matched exactly, with or without a slash.
    { request: 'GET initSession', as: 'anonymous', status: 400, error: 'ERROR_LOGIN_PARAMETERS_MISSING' },
    { request: 'GET initSession/', as: 'anonymous', status: 400, error: 'ERROR_LOGIN_PARAMETERS_MISSING' },
  ]);

  test('the documentation suffix points to the API root of this server', () =>
    scenario(admin, [
      {
        request: 'GET badEndpoint',
        status: 400,
        error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM',
        message: `'badEndpoint' is neither an endpoint nor an itemtype; view documentation in your browser at ${server.api}/#ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM`,
      },
    ]));

  // Other verbs act as GET on itemtypes, as in GLPI (Bun itself drops connections with verbs it
  // does not know, such as FOO).
  scenarioTests(() => admin, ['PROPFIND', 'REPORT', 'SEARCH', 'LINK'].map((method): Step => ({ request: `${method} User/2`, raw: true, status: 200, answer: { id: 2 } })));

  // Paths sent byte for byte.
  const user2: Pick<Step, 'status' | 'answer'> = { status: 200, answer: { id: 2 } };
  scenarioTests(() => admin, [
    // Dot segments are resolved by URL rules before routing, like any HTTP server does.
    { request: 'GET Computer/%2e%2e/User/2', raw: true, ...user2 },
    { request: 'GET Computer/../User/2', raw: true, ...user2 },
    { request: 'GET /User/2', raw: true, ...user2 },
    { request: 'GET User//2', raw: true, status: 400, error: 'ERROR' },
    { request: 'GET Computer%00/', raw: true, status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { request: 'GET %00', raw: true, status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { request: 'GET Computer/1%00', raw: true, status: 400, error: 'ERROR' },
    { request: 'GET User%2F2', raw: true, status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { request: 'GET Us%65r/2', raw: true, ...user2 },
    { request: 'GET %E2%98%83', raw: true, status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { request: 'GET %FF%FE', raw: true, status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { request: 'GET %', raw: true, status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { request: 'GET Computer/%39%39%39%39%39%39', raw: true, status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
  ]);
});

describe('CORS and OPTIONS', () => {
  const preflight = { Origin: 'http://example.org', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'X-Requested-With' };
  const EXPOSED = 'content-type, content-range, accept-range';
  const listed = (header: string, names: string[]) => (res: ApiResponse) => expect((res.headers.get(header) ?? '').split(/,\s*/)).toEqual(expect.arrayContaining(names));

  // A preflight needs no session.
  scenarioTests(() => anon, ['', 'Computer/', 'Computer/1', 'badEndpoint', 'initSession'].map((path): Step => ({
    note: 'preflight',
    request: `OPTIONS ${path}`,
    headers: preflight,
    status: 200,
    text: '',
    responseHeaders: { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED, 'access-control-allow-credentials': null, 'access-control-max-age': null },
    check: (res) => {
      listed('access-control-allow-methods', ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS'])(res);
      listed('access-control-allow-headers', ['origin', 'content-type', 'accept', 'session-token', 'authorization', 'app-token'])(res);
    },
  })));

  const origin = { Origin: 'http://example.org' };
  scenarioTests(() => admin, [
    // Without the request headers, no Allow-* headers.
    { request: 'OPTIONS Computer/', as: 'anonymous', status: 200, responseHeaders: { 'access-control-allow-origin': null, 'access-control-allow-methods': null, 'access-control-allow-headers': null } },
    // Simple requests: Allow-Origin when there is an Origin, Expose-Headers on GET.
    { note: 'with Origin', request: 'GET getMyProfiles', headers: origin, status: 200, responseHeaders: { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED } },
    { note: 'without Origin', request: 'GET getMyProfiles', status: 200, responseHeaders: { 'access-control-allow-origin': null, 'access-control-expose-headers': EXPOSED } },
    { note: 'with Origin', request: 'POST getMyProfiles', headers: origin, status: 200, responseHeaders: { 'access-control-allow-origin': '*', 'access-control-expose-headers': null } },
    { note: 'with Origin', request: 'PUT getMyProfiles', headers: origin, status: 200, responseHeaders: { 'access-control-allow-origin': '*', 'access-control-expose-headers': null } },
    // Errors carry the CORS headers too.
    { request: 'GET getFullSession', as: 'anonymous', headers: origin, status: 401, error: 'ERROR_SESSION_TOKEN_MISSING', responseHeaders: { 'access-control-allow-origin': '*' } },
  ]);
});

describe('response encoding', () => {
  const noCache = { 'content-type': JSON_TYPE, 'cache-control': 'no-store, no-cache, must-revalidate', expires: 'Mon, 26 Jul 1997 05:00:00 GMT' };
  // JSON answers, errors included, carry GLPI's content type and no-cache headers.
  scenarioTests(() => admin, [
    { request: 'GET getMyProfiles', status: 200, responseHeaders: noCache },
    { request: 'GET badEndpoint', status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM', responseHeaders: noCache },
    { request: 'GET initSession', as: 'anonymous', status: 400, error: 'ERROR_LOGIN_PARAMETERS_MISSING', responseHeaders: noCache },
  ]);

  test('JSON is compact, with raw UTF-8 and unescaped slashes', async () => {
    const id = await admin.create('Computer', { name: 'é/ü 漢字 <b>&amp;' });
    await scenario(admin, [
      { request: `GET Computer/${id}`, query: 'get_hateoas=false', status: 200, check: (res) => expect(res.text).toMatch(/^\{[^\n]*"name":"é\/ü 漢字 <b>&amp;"[^\n]*\}$/) },
    ]);
  });
});

describe('bodies', () => {
  const json = { 'Content-Type': 'application/json' };
  const as = (contentType: string) => ({ 'Content-Type': contentType });
  const forbidden = { status: 400, error: 'ERROR_JSON_PAYLOAD_FORBIDDEN' };
  const invalid = { status: 400, error: 'ERROR_JSON_PAYLOAD_INVALID' };
  const noInput = { status: 400, error: 'ERROR_BAD_ARRAY' };

  // Bodies sent byte for byte, with exactly the Content-Type given.
  scenarioTests(() => admin, ([
    { note: 'a JSON body', request: 'GET Computer/', body: '{"a":1}', headers: json, ...forbidden },
    { note: 'a form body', request: 'GET Computer/', body: 'a=1', headers: as('application/x-www-form-urlencoded'), ...forbidden },
    { note: 'a text body', request: 'GET getMyProfiles', body: 'hello', headers: as('text/plain'), ...forbidden },
    { note: 'a body and no Content-Type', request: 'GET getMyProfiles', body: '{}', ...forbidden },
    { note: 'a multipart body', request: 'GET Computer/', body: '--b\r\n\r\n--b--', headers: as('multipart/form-data; boundary=b'), ...forbidden },
    // Checked before the session and App-Token, as GLPI does.
    { note: 'a body and no session', request: 'GET Computer/', body: '{"a":1}', headers: json, as: 'anonymous', ...forbidden },
    { note: 'a body', request: 'GET initSession', body: '{"login":"glpi"}', headers: json, as: 'anonymous', ...forbidden },
    // Broken or falsy JSON.
    { note: '`[]`', request: 'PUT Computer/', body: '[]', headers: json, ...invalid },
    { note: 'truncated JSON', request: 'POST Computer/', body: '{"input":{"name":"x"', headers: json, ...invalid },
    ...['0', 'null', 'false', '""'].map((body): Step => ({ note: `\`${body}\``, request: 'POST Computer/', body, headers: json, ...invalid })),
    { note: 'broken JSON and no Content-Type', request: 'POST Computer/', body: '{nope', ...invalid },
    { note: 'broken JSON, charset in the type', request: 'POST Computer/', body: '{nope', headers: as('application/json; charset=utf-8'), ...invalid },
    { note: 'broken JSON', request: 'POST changeActiveProfile', body: '{"profiles_id":', headers: json, ...invalid },
    { note: 'broken JSON', request: 'POST initSession', body: '{"login":', headers: json, as: 'anonymous', ...invalid },
    // A body GLPI ignores (other types) leaves the request without `input`.
    { note: 'broken JSON sent as text/plain (ignored)', request: 'POST Computer/', body: '{nope', headers: as('text/plain'), ...noInput },
    { note: '`{}`', request: 'POST Computer/', body: '{}', headers: json, ...noInput },
    { note: 'no input', request: 'PUT Computer/', body: '{"x":1}', headers: json, ...noInput },
    {
      note: 'a multipart body without a file',
      request: 'POST Document/',
      body: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n',
      headers: as('multipart/form-data; boundary=b'),
      status: 400,
      error: 'ERROR_UPLOAD_FILE_TOO_BIG_POST_MAX_SIZE',
    },
    // An empty body (Content-Length: 0) is no body.
    { note: 'an empty body', request: 'GET getMyProfiles', body: '', status: 200, answer: { myprofiles: [{ id: 4 }] } },
  ] satisfies Step[]).map((step) => ({ ...step, raw: true })));

  test('the GET-with-body message matches GLPI', () =>
    scenario(admin, [
      {
        request: 'GET Computer/',
        raw: true,
        body: '{"a":1}',
        status: 400,
        error: 'ERROR_JSON_PAYLOAD_FORBIDDEN',
        message: `GET Request should not have json payload (http body); view documentation in your browser at ${server.api}/#ERROR_JSON_PAYLOAD_FORBIDDEN`,
      },
    ]));

  test('a form body is read like a query string (input[name]=…)', async () => {
    const res = await admin.post('Computer/', 'input[name]=from%20a%20form&input[serial]=F-1', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(201);
    await scenario(admin, [{ request: `GET Computer/${res.body.id}`, status: 200, answer: { name: 'from a form', serial: 'F-1' } }]);
  });

  scenarioTests(() => admin, [{ note: 'JSON body keys override query parameters', request: 'POST changeActiveProfile', body: { profiles_id: 4 }, query: 'profiles_id=9999', status: 200 }]);
});

describe('query strings', () => {
  const glpiOnly = { status: 200, answer: [{ id: 2, name: 'glpi' }] };
  scenarioTests(() => admin, [
    { note: 'raw brackets', request: 'GET getMultipleItems', query: 'items[0][itemtype]=User&items[0][items_id]=2', ...glpiOnly },
    { note: 'percent-encoded brackets', request: 'GET getMultipleItems', query: 'items%5B0%5D%5Bitemtype%5D=User&items%5B0%5D%5Bitems_id%5D=2', ...glpiOnly },
    { note: 'mixed encodings', request: 'GET getMultipleItems', query: 'items%5B0%5D[itemtype]=User&items[0]%5Bitems_id%5D=2', ...glpiOnly },
    { note: 'a trailing &', request: 'GET getMultipleItems', query: 'items[0][itemtype]=User&items[0][items_id]=2&', ...glpiOnly },
    { note: 'empty pairs everywhere', request: 'GET getMultipleItems', query: '&&items[0][itemtype]=User&&items[0][items_id]=2&&', ...glpiOnly },
    { note: 'a repeated key (the last wins)', request: 'GET getMultipleItems', query: 'items[0][itemtype]=Computer&items[0][itemtype]=User&items[0][items_id]=2', ...glpiOnly },
    { note: '+ and %20 in values', request: 'GET getMultipleItems', query: 'items[0][itemtype]=User&items[0][items_id]=2&unused=a+b%20c', ...glpiOnly },
    // searchText in both notations.
    ...['searchText[name]=^glpi$', 'searchText%5Bname%5D=%5Eglpi%24', 'searchText[name]=glp&'].map((query): Step => ({ request: 'GET User/', query, status: 200, answer: [{ name: 'glpi' }] })),
  ]);

  test('odd bracket shapes never break the parser', async () => {
    const odd = ['items[=1', 'items]=1', 'items[[0]]=1', '[]=1', '[a]=b', 'a[b]c=d', 'items[0][itemtype]', 'a=%zz', 'a=%', '%zz=1', 'a[' + '[x]'.repeat(30) + ']=1', '=', '==', '&=&'];
    for (const query of odd) {
      const res = await admin.get('getMyProfiles', { query });
      expect(res.status === 200 || res.status === 400).toBe(true);
      if (res.status === 400) expectError(res, 400, 'ERROR');
    }
  });
});

describe('boolean parameters', () => {
  const hateoas = (value: string, links: boolean): Step => ({ request: 'GET User/2', query: `get_hateoas=${value}`, status: 200, check: (res) => expect('links' in res.body).toBe(links) });
  const recursive = (is_recursive: unknown): Step => ({ request: 'POST changeActiveEntities', body: { entities_id: 0, is_recursive }, status: 200 });
  const bad = (step: Omit<Step, 'status'>): Step => ({ ...step, status: 400, error: 'ERROR' });
  scenarioTests(() => admin, [
    ...['true', '1'].map((value) => hateoas(value, true)),
    ...['false', '0'].map((value) => hateoas(value, false)),
    ...['yes', 'no', 'on', '2', '-1', 'truee'].map((value) => bad({ request: 'GET User/2', query: `get_hateoas=${value}`, message: /get_hateoas/ })),
    // Flags in JSON bodies: true/false/1/0 as JSON or strings; others are a 400.
    ...[true, false, 1, 0, 'true', 'false', '1', '0'].map(recursive),
    ...['yes', 2, [], {}, 'TRUEISH'].map((is_recursive) => bad({ request: 'POST changeActiveEntities', body: { entities_id: 0, is_recursive } })),
    { request: 'POST changeActiveEntities', body: { entities_id: 'all', is_recursive: true }, status: 200 },
    // Several flags at once, on a collection.
    { request: 'GET User/', query: 'expand_dropdowns=1&get_hateoas=0&only_id=true', status: 200, check: (res) => expect(Object.keys(res.body[0])).toEqual(['id']) },
    bad({ request: 'GET User/', query: 'only_id=maybe' }),
  ]);
});

describe('named endpoints ignore the verb', () => {
  const only = (key: string) => (res: ApiResponse) => expect(Object.keys(res.body)).toEqual([key]);
  scenarioTests(() => admin, [
    { request: 'POST getMyProfiles', status: 200, check: only('myprofiles') },
    { request: 'PUT getMyEntities', status: 200, check: only('myentities') },
    { request: 'POST getActiveProfile', status: 200, check: only('active_profile') },
    { request: 'PATCH getActiveEntities', status: 200, check: only('active_entity') },
    { request: 'POST getFullSession', status: 200, check: only('session') },
    { request: 'DELETE getGlpiConfig', status: 200, check: only('cfg_glpi') },
    { request: 'GET changeActiveProfile', query: 'profiles_id=4', status: 200, text: '' },
  ]);
});

describe('profiles and entities', () => {
  const change = (body: unknown, status: number, error?: string): Step => ({ request: 'POST changeActiveProfile', body, status, ...(error ? { error } : { text: '' }) });
  scenarioTests(() => admin, [
    change({ profiles_id: 4 }, 200),
    change({ profiles_id: '4' }, 200),
    change({ profiles_id: 9999 }, 404, 'ERROR_ITEM_NOT_FOUND'),
    change({ profiles_id: 1 }, 404, 'ERROR_ITEM_NOT_FOUND'), // exists, but glpi does not have it
    change({ profiles_id: 0 }, 404, 'ERROR_ITEM_NOT_FOUND'),
    change({ something_bad: 4 }, 400, 'ERROR'),
    change({ profiles_id: 'abc' }, 400, 'ERROR'),
    change({ profiles_id: -4 }, 404, 'ERROR_ITEM_NOT_FOUND'),
    change({ profiles_id: null }, 400, 'ERROR'),
    change(undefined, 400, 'ERROR'),
    // An entity the user cannot use.
    { request: 'POST changeActiveEntities', body: { entities_id: 424242 }, status: 400, error: 'ERROR' },
    { request: 'POST changeActiveEntities', body: { entities_id: 'nope' }, status: 400, error: 'ERROR' },
  ]);

  test('getMyProfiles, getActiveProfile, getMyEntities, getActiveEntities', () =>
    scenario(admin, [
      { request: 'GET getMyProfiles', status: 200, equals: { myprofiles: [{ id: 4, name: 'Super-Admin', entities: [{ id: 0, name: 'Root entity', is_recursive: 1 }] }] } },
      { request: 'GET getActiveProfile', status: 200, answer: { active_profile: { id: 4, name: 'Super-Admin', interface: 'central' } } },
      { request: 'GET getMyEntities', status: 200, check: (res) => expect(res.body.myentities[0]).toEqual({ id: 0, name: 'Root entity' }) },
      { request: 'POST changeActiveEntities', body: { entities_id: 'all', is_recursive: true }, status: 200 },
      { request: 'GET getActiveEntities', status: 200, equals: { active_entity: { id: 0, active_entity_recursive: true, active_entities: [{ id: 0 }] } } },
    ]));
});

describe('the error model', () => {
  // Every error of this file was ["CODE", "message"]; a sample of each family, checked raw for
  // its compact text.
  const compact = (res: ApiResponse) => expect(res.text).toMatch(/^\["[A-Z_]+","[^"]*"\]$/);
  scenarioTests(() => admin, ([
    { request: 'GET getFullSession', as: 'anonymous', status: 401, error: 'ERROR_SESSION_TOKEN_MISSING' },
    { request: 'GET nope', status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { request: 'POST Computer/', body: '{', status: 400, error: 'ERROR_JSON_PAYLOAD_INVALID' },
    { request: 'GET Computer/987654', status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
  ] satisfies Step[]).map((step) => ({ ...step, raw: true, check: compact })));
});
