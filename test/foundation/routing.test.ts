/**
 * The request pipeline: routing of /apirest.php paths, CORS, bodies and their Content-Type,
 * query strings in PHP's bracket notation, boolean parameters, the profile endpoints, and the
 * error model `["CODE", "message"]`.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { expectError, expectNoLeak, JSON_TYPE, rawRequest } from './helpers';

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

  interface RouteCase {
    path: string;
    session?: boolean;
    status: number;
    code?: string;
  }

  const routes: RouteCase[] = [
    // The trailing slash is optional everywhere.
    { path: 'getMyProfiles', status: 200 },
    { path: 'getMyProfiles/', status: 200 },
    { path: 'Computer', status: 200 },
    { path: 'Computer/', status: 200 },
    { path: 'User/2', status: 200 },
    { path: 'User/2/', status: 200 },
    { path: 'User/2/Log', status: 200 },
    { path: 'User/2/Log/', status: 200 },
    { path: 'Entity/0', status: 200 },
    { path: 'listSearchOptions/Computer/', status: 200 },
    // GLPI drops the `api/` prefix.
    { path: 'api/Computer/', status: 200 },
    // Unknown endpoints and itemtypes; names are case-sensitive.
    { path: 'badEndpoint', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { path: 'badEndpoint/', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { path: 'computer', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { path: 'computer/1', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { path: 'COMPUTER/', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { path: 'getmyprofiles', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { path: 'initsession', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { path: 'CommonDBTM', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { path: 'Entity/0/badEndpoint', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { path: 'Entity/0/badEndpoint/', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { path: 'User/2/log', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { path: 'listSearchOptions/badType', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { path: 'listSearchOptions', status: 400, code: 'ERROR_RESOURCE_MISSING' },
    // Ids in the path must be non-negative integers (better than GLPI, which lists instead).
    { path: 'Computer/abc', status: 400, code: 'ERROR' },
    { path: 'Computer/-1', status: 400, code: 'ERROR' },
    { path: 'Computer/1.5', status: 400, code: 'ERROR' },
    { path: 'Computer/1e3', status: 400, code: 'ERROR' },
    { path: 'Computer/0x10', status: 400, code: 'ERROR' },
    { path: 'Computer/%201', status: 400, code: 'ERROR' },
    { path: 'User/abc/Log', status: 400, code: 'ERROR' },
    { path: 'User/2/Log/abc', status: 400, code: 'ERROR' },
    { path: 'Computer/99999999999999999999999', status: 400, code: 'ERROR' },
    // Numeric ids that do not exist.
    { path: 'Computer/999999', status: 404, code: 'ERROR_ITEM_NOT_FOUND' },
    { path: 'User/999999/Log', status: 404, code: 'ERROR_ITEM_NOT_FOUND' },
    // Without a session, the unknown endpoint is only seen after the token check (as GLPI).
    { path: 'badEndpoint', session: false, status: 401, code: 'ERROR_SESSION_TOKEN_MISSING' },
    { path: 'computer', session: false, status: 401, code: 'ERROR_SESSION_TOKEN_MISSING' },
    { path: 'Computer/abc', session: false, status: 401, code: 'ERROR_SESSION_TOKEN_MISSING' },
    // initSession is matched exactly, with or without a slash.
    { path: 'initSession', session: false, status: 400, code: 'ERROR_LOGIN_PARAMETERS_MISSING' },
    { path: 'initSession/', session: false, status: 400, code: 'ERROR_LOGIN_PARAMETERS_MISSING' },
  ];

  for (const r of routes) {
    test(`GET ${r.path}${r.session === false ? ' (no session)' : ''} → ${r.status}${r.code ? ` ${r.code}` : ''}`, async () => {
      const res = await (r.session === false ? anon : admin).get(r.path);
      if (r.code) expectError(res, r.status, r.code);
      else {
        expect(res.status).toBe(r.status);
        expect(res.headers.get('content-type')).toBe(JSON_TYPE);
      }
    });
  }

  test('the documentation suffix points to the API root of this server', async () => {
    const res = await admin.get('badEndpoint');
    expect(res.body).toEqual([
      'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM',
      `'badEndpoint' is neither an endpoint nor an itemtype; view documentation in your browser at ${server.api}/#ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM`,
    ]);
  });

  test('other verbs act as GET on itemtypes, as in GLPI', async () => {
    // (Bun itself drops connections with verbs it does not know, such as FOO.)
    for (const method of ['PROPFIND', 'REPORT', 'SEARCH', 'LINK']) {
      const res = await rawRequest(server.origin, { method, target: '/apirest.php/User/2', headers: { 'Session-Token': admin.token } });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(2);
    }
  });

  const rawTargets: { target: string; status: number; code?: string }[] = [
    // Dot segments are resolved by URL rules before routing, like any HTTP server does.
    { target: '/apirest.php/Computer/%2e%2e/User/2', status: 200 },
    { target: '/apirest.php/Computer/../User/2', status: 200 },
    { target: '/apirest.php//User/2', status: 200 },
    { target: '/apirest.php/User//2', status: 400, code: 'ERROR' },
    { target: '/apirest.php/Computer%00/', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { target: '/apirest.php/%00', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { target: '/apirest.php/Computer/1%00', status: 400, code: 'ERROR' },
    { target: '/apirest.php/User%2F2', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { target: '/apirest.php/Us%65r/2', status: 200 },
    { target: '/apirest.php/%E2%98%83', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { target: '/apirest.php/%FF%FE', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { target: '/apirest.php/%', status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { target: '/apirest.php/Computer/%39%39%39%39%39%39', status: 404, code: 'ERROR_ITEM_NOT_FOUND' },
  ];
  for (const r of rawTargets) {
    test(`raw path ${r.target} → ${r.status}${r.code ? ` ${r.code}` : ''}`, async () => {
      const res = await rawRequest(server.origin, { method: 'GET', target: r.target, headers: { 'Session-Token': admin.token } });
      if (r.code) expectError(res, r.status, r.code);
      else {
        expect(res.status).toBe(r.status);
        expect(res.body.id).toBe(2);
      }
    });
  }
});

describe('CORS and OPTIONS', () => {
  const preflight = { Origin: 'http://example.org', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'X-Requested-With' };

  for (const path of ['', 'Computer/', 'Computer/1', 'badEndpoint', 'initSession']) {
    test(`OPTIONS /apirest.php/${path} with Origin and Access-Control-Request-* → 200, no session needed`, async () => {
      const res = await anon.call('OPTIONS', path, { headers: preflight });
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const methods = (res.headers.get('access-control-allow-methods') ?? '').split(/,\s*/);
      for (const m of ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS']) expect(methods).toContain(m);
      const allowed = (res.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
      for (const h of ['origin', 'content-type', 'accept', 'session-token', 'authorization', 'app-token']) expect(allowed).toContain(h);
      expect(res.headers.get('access-control-expose-headers')).toBe('content-type, content-range, accept-range');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('access-control-max-age')).toBeNull();
    });
  }

  test('OPTIONS without the request headers gets no Allow-* headers', async () => {
    const res = await anon.call('OPTIONS', 'Computer/');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-methods')).toBeNull();
    expect(res.headers.get('access-control-allow-headers')).toBeNull();
  });

  const simple: { method: string; origin: boolean; allowOrigin: boolean; expose: boolean }[] = [
    { method: 'GET', origin: true, allowOrigin: true, expose: true },
    { method: 'GET', origin: false, allowOrigin: false, expose: true },
    { method: 'POST', origin: true, allowOrigin: true, expose: false },
    { method: 'PUT', origin: true, allowOrigin: true, expose: false },
  ];
  for (const s of simple) {
    test(`${s.method} ${s.origin ? 'with' : 'without'} Origin: Allow-Origin ${s.allowOrigin}, Expose-Headers ${s.expose}`, async () => {
      const res = await admin.call(s.method, 'getMyProfiles', { headers: s.origin ? { Origin: 'http://example.org' } : {} });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(s.allowOrigin ? '*' : null);
      expect(res.headers.get('access-control-expose-headers')).toBe(s.expose ? 'content-type, content-range, accept-range' : null);
    });
  }

  test('errors carry the CORS headers too', async () => {
    const res = await anon.get('getFullSession', { headers: { Origin: 'http://example.org' } });
    expectError(res, 401, 'ERROR_SESSION_TOKEN_MISSING');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('response encoding', () => {
  test('JSON answers carry GLPI\'s content type and no-cache headers', async () => {
    for (const res of [await admin.get('getMyProfiles'), await admin.get('badEndpoint'), await anon.get('initSession')]) {
      expect(res.headers.get('content-type')).toBe(JSON_TYPE);
      expect(res.headers.get('cache-control')).toBe('no-store, no-cache, must-revalidate');
      expect(res.headers.get('expires')).toBe('Mon, 26 Jul 1997 05:00:00 GMT');
    }
  });

  test('JSON is compact, with raw UTF-8 and unescaped slashes', async () => {
    const id = await admin.create('Computer', { name: 'é/ü 漢字 <b>&amp;' });
    const res = await admin.get(`Computer/${id}`, { query: 'get_hateoas=false' });
    expect(res.text).toContain('"name":"é/ü 漢字 <b>&amp;"');
    expect(res.text).not.toContain('\n');
  });
});

describe('bodies', () => {
  interface BodyCase {
    name: string;
    method: string;
    path: string;
    body?: string;
    contentType?: string;
    session?: boolean;
    status: number;
    code: string;
  }

  const cases: BodyCase[] = [
    { name: 'GET with a JSON body', method: 'GET', path: 'Computer/', body: '{"a":1}', contentType: 'application/json', status: 400, code: 'ERROR_JSON_PAYLOAD_FORBIDDEN' },
    { name: 'GET with a form body', method: 'GET', path: 'Computer/', body: 'a=1', contentType: 'application/x-www-form-urlencoded', status: 400, code: 'ERROR_JSON_PAYLOAD_FORBIDDEN' },
    { name: 'GET with a text body', method: 'GET', path: 'getMyProfiles', body: 'hello', contentType: 'text/plain', status: 400, code: 'ERROR_JSON_PAYLOAD_FORBIDDEN' },
    { name: 'GET with a body and no Content-Type', method: 'GET', path: 'getMyProfiles', body: '{}', status: 400, code: 'ERROR_JSON_PAYLOAD_FORBIDDEN' },
    { name: 'GET with a multipart body', method: 'GET', path: 'Computer/', body: '--b\r\n\r\n--b--', contentType: 'multipart/form-data; boundary=b', status: 400, code: 'ERROR_JSON_PAYLOAD_FORBIDDEN' },
    // Checked before the session and App-Token, as GLPI does.
    { name: 'GET with a body and no session', method: 'GET', path: 'Computer/', body: '{"a":1}', contentType: 'application/json', session: false, status: 400, code: 'ERROR_JSON_PAYLOAD_FORBIDDEN' },
    { name: 'GET initSession with a body', method: 'GET', path: 'initSession', body: '{"login":"glpi"}', contentType: 'application/json', session: false, status: 400, code: 'ERROR_JSON_PAYLOAD_FORBIDDEN' },
    // Broken or falsy JSON.
    { name: 'PUT with `[]`', method: 'PUT', path: 'Computer/', body: '[]', contentType: 'application/json', status: 400, code: 'ERROR_JSON_PAYLOAD_INVALID' },
    { name: 'POST with truncated JSON', method: 'POST', path: 'Computer/', body: '{"input":{"name":"x"', contentType: 'application/json', status: 400, code: 'ERROR_JSON_PAYLOAD_INVALID' },
    { name: 'POST with `0`', method: 'POST', path: 'Computer/', body: '0', contentType: 'application/json', status: 400, code: 'ERROR_JSON_PAYLOAD_INVALID' },
    { name: 'POST with `null`', method: 'POST', path: 'Computer/', body: 'null', contentType: 'application/json', status: 400, code: 'ERROR_JSON_PAYLOAD_INVALID' },
    { name: 'POST with `false`', method: 'POST', path: 'Computer/', body: 'false', contentType: 'application/json', status: 400, code: 'ERROR_JSON_PAYLOAD_INVALID' },
    { name: 'POST with `""`', method: 'POST', path: 'Computer/', body: '""', contentType: 'application/json', status: 400, code: 'ERROR_JSON_PAYLOAD_INVALID' },
    { name: 'POST with broken JSON and no Content-Type', method: 'POST', path: 'Computer/', body: '{nope', status: 400, code: 'ERROR_JSON_PAYLOAD_INVALID' },
    { name: 'POST with broken JSON, charset in the type', method: 'POST', path: 'Computer/', body: '{nope', contentType: 'application/json; charset=utf-8', status: 400, code: 'ERROR_JSON_PAYLOAD_INVALID' },
    { name: 'changeActiveProfile with broken JSON', method: 'POST', path: 'changeActiveProfile', body: '{"profiles_id":', contentType: 'application/json', status: 400, code: 'ERROR_JSON_PAYLOAD_INVALID' },
    { name: 'initSession with broken JSON', method: 'POST', path: 'initSession', body: '{"login":', contentType: 'application/json', session: false, status: 400, code: 'ERROR_JSON_PAYLOAD_INVALID' },
    // A body GLPI ignores (other types) leaves the request without `input`.
    { name: 'POST with broken JSON sent as text/plain (ignored)', method: 'POST', path: 'Computer/', body: '{nope', contentType: 'text/plain', status: 400, code: 'ERROR_BAD_ARRAY' },
    { name: 'POST with `{}`', method: 'POST', path: 'Computer/', body: '{}', contentType: 'application/json', status: 400, code: 'ERROR_BAD_ARRAY' },
    { name: 'PUT without input', method: 'PUT', path: 'Computer/', body: '{"x":1}', contentType: 'application/json', status: 400, code: 'ERROR_BAD_ARRAY' },
    { name: 'POST with a multipart body without a file', method: 'POST', path: 'Document/', body: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b', status: 400, code: 'ERROR_UPLOAD_FILE_TOO_BIG_POST_MAX_SIZE' },
  ];

  for (const c of cases) {
    test(`${c.name} → ${c.status} ${c.code}`, async () => {
      const headers: Record<string, string> = {};
      if (c.contentType) headers['Content-Type'] = c.contentType;
      if (c.session !== false) headers['Session-Token'] = admin.token;
      const res = await rawRequest(server.origin, { method: c.method, target: `/apirest.php/${c.path}`, headers, body: c.body });
      expectError(res, c.status, c.code);
    });
  }

  test('the GET-with-body message matches GLPI', async () => {
    const res = await rawRequest(server.origin, { method: 'GET', target: '/apirest.php/Computer/', headers: { 'Session-Token': admin.token }, body: '{"a":1}' });
    expect(res.body[1]).toBe(`GET Request should not have json payload (http body); view documentation in your browser at ${server.api}/#ERROR_JSON_PAYLOAD_FORBIDDEN`);
  });

  test('a GET with an empty body (Content-Length: 0) is fine', async () => {
    const res = await rawRequest(server.origin, { method: 'GET', target: '/apirest.php/getMyProfiles', headers: { 'Session-Token': admin.token }, body: '' });
    expect(res.status).toBe(200);
    expect(res.body.myprofiles[0].id).toBe(4);
  });

  test('a form body is read like a query string (input[name]=…)', async () => {
    const res = await admin.post('Computer/', 'input[name]=from%20a%20form&input[serial]=F-1', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(201);
    const read = await admin.get(`Computer/${res.body.id}`);
    expect(read.body).toMatchObject({ name: 'from a form', serial: 'F-1' });
  });

  test('JSON body keys override query parameters', async () => {
    const res = await admin.post('changeActiveProfile', { profiles_id: 4 }, { query: 'profiles_id=9999' });
    expect(res.status).toBe(200);
  });
});

describe('query strings', () => {
  const multiple: { name: string; query: string }[] = [
    { name: 'raw brackets', query: 'items[0][itemtype]=User&items[0][items_id]=2' },
    { name: 'percent-encoded brackets', query: 'items%5B0%5D%5Bitemtype%5D=User&items%5B0%5D%5Bitems_id%5D=2' },
    { name: 'mixed encodings', query: 'items%5B0%5D[itemtype]=User&items[0]%5Bitems_id%5D=2' },
    { name: 'a trailing &', query: 'items[0][itemtype]=User&items[0][items_id]=2&' },
    { name: 'empty pairs everywhere', query: '&&items[0][itemtype]=User&&items[0][items_id]=2&&' },
    { name: 'a repeated key (the last wins)', query: 'items[0][itemtype]=Computer&items[0][itemtype]=User&items[0][items_id]=2' },
    { name: '+ and %20 in values', query: 'items[0][itemtype]=User&items[0][items_id]=2&unused=a+b%20c' },
  ];
  for (const m of multiple) {
    test(`getMultipleItems with ${m.name}`, async () => {
      const res = await admin.get('getMultipleItems', { query: m.query });
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(res.body[0]).toMatchObject({ id: 2, name: 'glpi' });
    });
  }

  test('searchText in both notations', async () => {
    for (const query of ['searchText[name]=^glpi$', 'searchText%5Bname%5D=%5Eglpi%24', 'searchText[name]=glp&']) {
      const res = await admin.get('User/', { query });
      expect(res.status).toBe(200);
      expect(res.body.map((u: { name: string }) => u.name)).toEqual(['glpi']);
    }
  });

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
  const values: { value: string; links: boolean | null }[] = [
    { value: 'true', links: true },
    { value: '1', links: true },
    { value: 'false', links: false },
    { value: '0', links: false },
    { value: 'yes', links: null },
    { value: 'no', links: null },
    { value: 'on', links: null },
    { value: '2', links: null },
    { value: '-1', links: null },
    { value: 'truee', links: null },
  ];
  for (const v of values) {
    test(`get_hateoas=${v.value} → ${v.links === null ? '400 ERROR' : `links ${v.links ? 'shown' : 'hidden'}`}`, async () => {
      const res = await admin.get('User/2', { query: `get_hateoas=${v.value}` });
      if (v.links === null) {
        expectError(res, 400, 'ERROR');
        expect(res.body[1]).toContain('get_hateoas');
      } else {
        expect(res.status).toBe(200);
        expect('links' in res.body).toBe(v.links);
      }
    });
  }

  test('flags in JSON bodies: true/false/1/0 as JSON or strings; others are a 400', async () => {
    for (const is_recursive of [true, false, 1, 0, 'true', 'false', '1', '0']) {
      const res = await admin.post('changeActiveEntities', { entities_id: 0, is_recursive });
      expect(res.status).toBe(200);
    }
    for (const is_recursive of ['yes', 2, [], {}, 'TRUEISH']) {
      expectError(await admin.post('changeActiveEntities', { entities_id: 0, is_recursive }), 400, 'ERROR');
    }
    expect((await admin.post('changeActiveEntities', { entities_id: 'all', is_recursive: true })).status).toBe(200);
  });

  test('several flags at once, on a collection', async () => {
    const res = await admin.get('User/', { query: 'expand_dropdowns=1&get_hateoas=0&only_id=true' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body[0])).toEqual(['id']);
    expectError(await admin.get('User/', { query: 'only_id=maybe' }), 400, 'ERROR');
  });
});

describe('named endpoints ignore the verb', () => {
  for (const [method, path, key] of [
    ['POST', 'getMyProfiles', 'myprofiles'],
    ['PUT', 'getMyEntities', 'myentities'],
    ['POST', 'getActiveProfile', 'active_profile'],
    ['PATCH', 'getActiveEntities', 'active_entity'],
    ['POST', 'getFullSession', 'session'],
    ['DELETE', 'getGlpiConfig', 'cfg_glpi'],
  ] as const) {
    test(`${method} ${path}`, async () => {
      const res = await admin.call(method, path);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual([key]);
    });
  }

  test('GET changeActiveProfile?profiles_id=4', async () => {
    const res = await admin.get('changeActiveProfile', { query: 'profiles_id=4' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });
});

describe('profiles and entities', () => {
  const changes: { body: unknown; status: number; code?: string }[] = [
    { body: { profiles_id: 4 }, status: 200 },
    { body: { profiles_id: '4' }, status: 200 },
    { body: { profiles_id: 9999 }, status: 404, code: 'ERROR_ITEM_NOT_FOUND' },
    { body: { profiles_id: 1 }, status: 404, code: 'ERROR_ITEM_NOT_FOUND' }, // exists, but glpi does not have it
    { body: { profiles_id: 0 }, status: 404, code: 'ERROR_ITEM_NOT_FOUND' },
    { body: { something_bad: 4 }, status: 400, code: 'ERROR' },
    { body: { profiles_id: 'abc' }, status: 400, code: 'ERROR' },
    { body: { profiles_id: -4 }, status: 404, code: 'ERROR_ITEM_NOT_FOUND' },
    { body: { profiles_id: null }, status: 400, code: 'ERROR' },
  ];
  for (const c of changes) {
    test(`changeActiveProfile ${JSON.stringify(c.body)} → ${c.status}${c.code ? ` ${c.code}` : ''}`, async () => {
      const res = await admin.post('changeActiveProfile', c.body);
      if (c.code) expectError(res, c.status, c.code);
      else {
        expect(res.status).toBe(c.status);
        expect(res.text).toBe('');
      }
    });
  }

  test('changeActiveProfile without any body → 400 ERROR', async () => {
    expectError(await admin.call('POST', 'changeActiveProfile'), 400, 'ERROR');
  });

  test('getMyProfiles, getActiveProfile, getMyEntities, getActiveEntities', async () => {
    const profiles = await admin.get('getMyProfiles');
    expect(profiles.body).toEqual({ myprofiles: [{ id: 4, name: 'Super-Admin', entities: [{ id: 0, name: 'Root entity', is_recursive: 1 }] }] });
    const active = await admin.get('getActiveProfile');
    expect(active.body.active_profile).toMatchObject({ id: 4, name: 'Super-Admin', interface: 'central' });
    const entities = await admin.get('getMyEntities');
    expect(entities.body.myentities[0]).toEqual({ id: 0, name: 'Root entity' });
    expect((await admin.post('changeActiveEntities', { entities_id: 'all', is_recursive: true })).status).toBe(200);
    const current = await admin.get('getActiveEntities');
    expect(current.body).toEqual({ active_entity: { id: 0, active_entity_recursive: true, active_entities: [{ id: 0 }] } });
  });

  test('changeActiveEntities with an entity the user cannot use → 400 ERROR', async () => {
    expectError(await admin.post('changeActiveEntities', { entities_id: 424242 }), 400, 'ERROR');
    expectError(await admin.post('changeActiveEntities', { entities_id: 'nope' }), 400, 'ERROR');
  });
});

describe('the error model', () => {
  test('every error of this file was ["CODE", "message"]; a sample of each family, checked raw', async () => {
    const samples = [
      await rawRequest(server.origin, { method: 'GET', target: '/apirest.php/getFullSession' }),
      await rawRequest(server.origin, { method: 'GET', target: '/apirest.php/nope', headers: { 'Session-Token': admin.token } }),
      await rawRequest(server.origin, { method: 'POST', target: '/apirest.php/Computer/', headers: { 'Session-Token': admin.token }, body: '{' }),
      await rawRequest(server.origin, { method: 'GET', target: '/apirest.php/Computer/987654', headers: { 'Session-Token': admin.token } }),
    ];
    for (const res of samples) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.text).toMatch(/^\["[A-Z_]+","[^"]*"\]$/);
      expectNoLeak(res.text);
    }
  });
});
