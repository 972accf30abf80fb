/**
 * Property-based tests of the request pipeline: random verbs, paths, query strings, headers and
 * bodies never make the server answer 5xx (or die), and every error on /apirest.php is the JSON
 * array `["CODE", message]` without internal details.
 *
 * Set FUZZ_SEED to replay a failing run; FUZZ_RUNS to run longer.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { Client } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { basic, expectNoLeak, JSON_TYPE, rawRequest, type RawRequest, type RawResponse } from './helpers';

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer();
  admin = await new Client(server.api).login();
  await admin.create('Computer', { name: 'fuzz target' });
  await admin.create('Ticket', { name: 'fuzz ticket', content: 'x' });
});
afterAll(() => server.dispose());

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const settings = { numRuns: RUNS, seed: SEED, endOnFailure: false };

const ENDPOINTS = ['initSession', 'getFullSession', 'getGlpiConfig', 'getMyProfiles', 'getActiveProfile', 'changeActiveProfile', 'getMyEntities', 'getActiveEntities', 'changeActiveEntities', 'getMultipleItems', 'listSearchOptions', 'search', 'lostPassword', 'getMassiveActions', 'Picture'];
/** Itemtypes whose writes cannot lock the fuzzing session out. */
const SAFE_TYPES = ['Computer', 'Monitor', 'Printer', 'Ticket', 'Problem', 'Change', 'ITILFollowup', 'Document', 'Document_Item', 'Log', 'Group', 'Group_User', 'Location', 'Manufacturer', 'Infocom', 'Software', 'UserPreference', 'AllAssets', 'TicketFollowup', 'Notepad', 'NetworkPort'];
/** Writes on these could end the session (kill it, remove the user's rights or API access). */
const DANGEROUS = ['killSession', 'User', 'Profile', 'ProfileRight', 'Profile_User', 'APIClient', 'Config', 'Entity'];
/** Names that a plain-object lookup would find on Object.prototype. */
const PROTO = ['constructor', '__proto__', 'valueOf', 'toString', 'hasOwnProperty', 'prototype'];
const PARAMS = ['range', 'sort', 'order', 'searchText', 'expand_dropdowns', 'get_hateoas', 'only_id', 'is_deleted', 'items', 'criteria', 'forcedisplay', 'session_token', 'app_token', 'get_full_session', 'login', 'password', 'user_token', 'profiles_id', 'entities_id', 'is_recursive', 'with_logs', 'with_infocoms', 'add_keys_names', 'force_purge', 'history', 'input', 'alt', 'raw', 'withindexes', 'uid_cols'];

const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '';
  }
};

function segment(names: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names) },
    { weight: 3, arbitrary: fc.constantFrom('0', '1', '2', '3', '-1', '999999', '99999999999999999999', '1e3', '0x1', '01', '1.5') },
    { weight: 1, arbitrary: fc.constantFrom('..', '.', '%00', '%2F', '%2e%2e', '%', '%zz', '%C0%AE', 'api', '', '%FF', 'apirest.php', '%E2%80%AE') },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map(enc) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }).map(enc) },
  );
}

const path = (names: string[]) =>
  fc
    .tuple(fc.array(segment(names), { maxLength: 5 }), fc.boolean())
    .map(([segs, slash]) => `/apirest.php${segs.length ? '/' : ''}${segs.join('/')}${slash ? '/' : ''}`);

const bracket = fc.constantFrom('[]', '[0]', '[1]', '[x]', '[', ']', '[[', ']]', '%5B', '%5D', '%5B0%5D', '[itemtype]', '[items_id]', '[field]', '[name]', '[value]', '[searchtype]');
const key = fc
  .tuple(
    fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...PARAMS) }, { weight: 1, arbitrary: fc.constantFrom(...PROTO) }, { weight: 2, arbitrary: fc.string({ maxLength: 6 }).map(enc) }),
    fc.array(fc.oneof({ weight: 6, arbitrary: bracket }, { weight: 1, arbitrary: fc.constantFrom(...PROTO).map((k) => `[${k}]`) }), { maxLength: 4 }),
  )
  .map(([base, brackets]) => base + brackets.join(''));
const value = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('true', 'false', '1', '0', '', 'yes', '0-10', '5-2', '0-0', 'ASC', 'DESC', 'User', 'Computer', '2', '-1', '^glpi$', '%', '%zz', 'all', 'null', '[]', '{}') },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map(enc) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }).map(enc) },
);
const pair = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}=${v}`) },
  { weight: 1, arbitrary: key },
  { weight: 1, arbitrary: fc.constantFrom('', '=', '&', '==x') },
);
const query = fc.tuple(fc.array(pair, { maxLength: 6 }), fc.boolean()).map(([pairs, amp]) => (pairs.length ? `?${pairs.join('&')}${amp ? '&' : ''}` : ''));

const MULTIPART = [
  '--XyZ\r\nContent-Disposition: form-data; name="uploadManifest"\r\n\r\n{"input":{"name":"f","_filename":["a.txt"]}}\r\n--XyZ--\r\n',
  '--XyZ\r\nContent-Disposition: form-data; name="filename[0]"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--XyZ--\r\n',
  '--XyZ\r\nContent-Disposition: form-data; name="uploadManifest"\r\n\r\n{broken\r\n--XyZ\r\nContent-Disposition: form-data; name="filename[0]"; filename="a.sh"\r\n\r\n#!/bin/sh\r\n--XyZ--\r\n',
  '--XyZ\r\n\r\n--XyZ',
  '--other\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--other--\r\n',
];

const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...PROTO), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 3, depthIdentifier: 'json' }) },
  ),
})).value as fc.Arbitrary<unknown>;
const body: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: json.map((v) => JSON.stringify(v)) },
  {
    weight: 4,
    arbitrary: fc
      .record({ input: fc.oneof(json, fc.array(fc.object({ maxDepth: 2 }), { maxLength: 3 }), fc.object({ maxDepth: 2 })) }, { requiredKeys: [] })
      .chain((base) => fc.record({ profiles_id: json, entities_id: json, is_recursive: json, force_purge: json }, { requiredKeys: [] }).map((extra) => JSON.stringify({ ...base, ...extra }))),
  },
  {
    weight: 2,
    arbitrary: json.chain((v) => {
      const text = JSON.stringify(v) ?? '';
      return fc.nat({ max: text.length }).map((n) => text.slice(0, n));
    }),
  },
  { weight: 2, arbitrary: fc.array(pair, { maxLength: 5 }).map((pairs) => pairs.join('&')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.constantFrom(...MULTIPART) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'x'.repeat(200_000),
      `{"input":{"name":"${'y'.repeat(300_000)}"}}`,
      '['.repeat(20_000),
      '{"a":'.repeat(5_000),
      `{"input":[${Array.from({ length: 2000 }, (_, i) => `{"id":${i}}`).join(',')}]}`,
      '{"__proto__":{"polluted":1},"input":{"constructor":{"prototype":{"x":1}}}}',
      '\u0000\u0001\u0002',
      '\ufeff{"input":{}}',
    ),
  },
);

const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=XyZ', 'multipart/form-data', 'text/plain', 'application/xml', 'garbage'];

const optionalHeaders = (sessionTokens: string[], authorizations: string[]) =>
  fc.record(
    {
      'Session-Token': fc.constantFrom(...sessionTokens),
      'App-Token': fc.constantFrom('', 'x'.repeat(40), 'junk'),
      Authorization: fc.constantFrom(...authorizations),
      'Content-Type': fc.constantFrom(...CONTENT_TYPES),
      Origin: fc.constant('http://fuzz.example'),
      'Access-Control-Request-Method': fc.constant('PUT'),
      'X-GLPI-Sanitized-Content': fc.constantFrom('false', 'true', 'junk'),
      Accept: fc.constantFrom('application/octet-stream', '*/*', 'text/html', 'application/json'),
    },
    { requiredKeys: [] },
  );

const WRITE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND'];
const READ_METHODS = ['GET', 'OPTIONS', 'HEAD', 'PROPFIND', 'REPORT'];

function isApi(target: string): boolean {
  const { pathname } = new URL(target, server.origin);
  return pathname === '/apirest.php' || pathname.startsWith('/apirest.php/');
}

const ERROR_CODE = /^ERROR(_[A-Z0-9_]+)?$/;

/** The property every answer must have. */
function check(req: RawRequest, res: RawResponse): void {
  const where = `${req.method} ${req.target} → ${res.status} ${res.text.slice(0, 300)}`;
  if (res.status < 100 || res.status >= 500) throw new Error(`unexpected status: ${where}`);
  if (!isApi(req.target) || req.method === 'HEAD') return;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json') && res.text !== '' && typeof res.body === 'string') throw new Error(`invalid JSON: ${where}`);
  if (res.status < 400) return;
  if (type !== JSON_TYPE) throw new Error(`error without JSON: ${where}`);
  const body = res.body as unknown;
  if (!Array.isArray(body) || body.length !== 2) throw new Error(`error body is not [code, message]: ${where}`);
  const [code, message] = body;
  if (typeof code !== 'string' || !ERROR_CODE.test(code)) throw new Error(`bad error code: ${where}`);
  const bulk = Array.isArray(message) && /^ERROR_GLPI_(PARTIAL_)?(ADD|UPDATE|DELETE)$/.test(code);
  if (typeof message !== 'string' && !bulk) throw new Error(`bad error message: ${where}`);
  expectNoLeak(res.text);
}

async function send(req: RawRequest): Promise<void> {
  const headers = { ...(req.headers ?? {}) };
  // A multipart body needs its boundary to be read at all.
  if (req.body !== undefined && typeof req.body === 'string' && req.body.startsWith('--XyZ') && Math.random() < 0.5) {
    headers['Content-Type'] = 'multipart/form-data; boundary=XyZ';
  }
  const full = { ...req, headers };
  check(full, await rawRequest(server.origin, full));
}

describe('the pipeline never fails', () => {
  test(
    'with a valid session: any verb on safe itemtypes and endpoints',
    async () => {
      const names = [...ENDPOINTS.filter((e) => e !== 'initSession'), ...SAFE_TYPES];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...WRITE_METHODS), path(names), query, optionalHeaders(['x'], ['x']), body, async (method, p, q, h, b) => {
          const headers: Record<string, string> = { ...h, 'Session-Token': admin.token };
          delete headers.Authorization;
          delete headers['App-Token'];
          await send({ method, target: p + q, headers, body: b });
        }),
        settings,
      );
      // The session survived the run: the properties above really exercised a live session.
      expect((await admin.get('getFullSession')).status).toBe(200);
    },
    60_000,
  );

  test(
    'with a valid session: reading anything, sensitive types included',
    async () => {
      const names = [...ENDPOINTS, ...SAFE_TYPES, ...DANGEROUS.filter((n) => n !== 'killSession')];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...READ_METHODS), path(names), query, optionalHeaders(['x'], ['x']), async (method, p, q, h) => {
          const headers: Record<string, string> = { ...h, 'Session-Token': admin.token };
          delete headers.Authorization;
          delete headers['App-Token'];
          await send({ method, target: p + q, headers });
        }),
        settings,
      );
      expect((await admin.get('getFullSession')).status).toBe(200);
    },
    60_000,
  );

  test(
    'without a valid session: anything, logins included',
    async () => {
      const names = [...ENDPOINTS, ...SAFE_TYPES, ...DANGEROUS];
      const tokens = ['', 'garbage', 'a'.repeat(40), 'ä'];
      const authorizations = [basic('glpi', 'wrong'), basic('nobody', 'x'), 'user_token abc', 'user_token', 'Basic !!!', 'Basic', 'Bearer x', `Basic ${Buffer.from('nocolon').toString('base64')}`, ''];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...WRITE_METHODS),
          fc.oneof(path(names), fc.constantFrom('/apirest.php/initSession', '/apirest.php/initSession/', '/apirest.php/lostPassword')),
          query,
          optionalHeaders(tokens, authorizations),
          body,
          async (method, p, q, h, b) => {
            const headers: Record<string, string> = { ...h };
            if (headers['Session-Token'] === 'ä') headers['Session-Token'] = '\u00e4';
            await send({ method, target: p + q, headers, body: b });
          },
        ),
        settings,
      );
    },
    60_000,
  );

  test('names of Object.prototype members are plain unknown names everywhere', async () => {
    for (const name of PROTO) {
      for (const target of [`/apirest.php/${name}`, `/apirest.php/User/2/${name}`, `/apirest.php/listSearchOptions/${name}`, `/apirest.php/search/${name}`]) {
        const res = await rawRequest(server.origin, { method: 'GET', target, headers: { 'Session-Token': admin.token } });
        check({ method: 'GET', target }, res);
        expect(res.status).toBe(400);
        expect(res.body[0]).toBe('ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM');
      }
      const queries = [`${name}=1`, `searchText[${name}]=x`, `items[0][itemtype]=${name}&items[0][items_id]=1`, `sort=${name}`, `range[${name}]=1`];
      for (const q of queries) {
        for (const path of ['Computer/', 'getMultipleItems', 'search/Computer']) {
          const target = `/apirest.php/${path}?${q}`;
          check({ method: 'GET', target }, await rawRequest(server.origin, { method: 'GET', target, headers: { 'Session-Token': admin.token } }));
        }
      }
      const bodies = [
        { input: { name: 'proto', _actors: { [name]: [{ itemtype: 'User', items_id: 2 }] } } },
        { input: { name: 'proto', [name]: 1 } },
        { input: [{ [name]: { [name]: 1 } }] },
        { [name]: 1, input: { name: 'proto' } },
      ];
      for (const body of bodies) {
        for (const method of ['POST', 'PUT']) {
          const target = method === 'POST' ? '/apirest.php/Ticket/' : '/apirest.php/Ticket/1';
          const req = { method, target, headers: { 'Session-Token': admin.token, 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
          check(req, await rawRequest(server.origin, req));
        }
      }
    }
  });

  test('the server is still healthy and logged no internal error', async () => {
    expect((await admin.get('getMyProfiles')).status).toBe(200);
    // The pipeline logs every internal error as "[deskbase] VERB /path: …".
    const internal = server.output.split('\n').filter((line) => /^\[deskbase\] [A-Z]+ \//.test(line));
    expect(internal).toEqual([]);
  });
});
