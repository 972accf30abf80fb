/**
 * The admin console at `/`: ui/dist when built (placeholder otherwise), content types, caching of
 * hashed assets, the SPA fallback, and no way out of the console's files.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE_DIST_DIR, serveConsole, useConsoleDirectory, useEmbeddedConsole } from '../../server/http/console';
import { consoleFiles } from '../../scripts/build';
import { rawRequest } from '../foundation/helpers';
import { useServer } from '../support/server';

const ctx = useServer();
const HTML = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('served by the server', () => {
  test('/ is an HTML page: the built console, or the placeholder when ui/dist is not built', async () => {
    const res = await fetch(`${ctx.server.origin}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html; ?charset=utf-8$/i);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const text = await res.text();
    expect(text).toStartWith('<!doctype html>');
    expect(text).toContain('Deskbase');
    const built = consoleFiles(CONSOLE_DIST_DIR).includes('/index.html');
    if (!built) expect(text).toContain('npm run build:ui');
    expect((await fetch(`${ctx.server.origin}/index.html`)).status).toBe(200);
  });

  test('the built assets have their content type and an immutable cache; a missing one is a 404', async () => {
    const assets = consoleFiles(CONSOLE_DIST_DIR).filter((f) => f.startsWith('/assets/'));
    for (const asset of assets) {
      const res = await fetch(`${ctx.server.origin}${asset}`);
      expect(res.status).toBe(200);
      if (asset.endsWith('.js')) expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      if (asset.endsWith('.css')) expect(res.headers.get('content-type')).toMatch(/^text\/css/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const again = await fetch(`${ctx.server.origin}${asset}`, { headers: { 'If-None-Match': res.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
    const missing = await fetch(`${ctx.server.origin}/assets/index-00000000.js`, { headers: HTML });
    expect(missing.status).toBe(404);
  });

  test('SPA fallback: a browser navigation to an unknown route gets the console page', async () => {
    const index = await (await fetch(`${ctx.server.origin}/`)).text();
    for (const path of ['/tickets', '/Computer/12', '/settings/']) {
      const res = await fetch(`${ctx.server.origin}${path}`, { headers: HTML });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/i);
      expect(await res.text()).toBe(index);
    }
  });

  test('no fallback for files, assets or non-browser requests; other methods are 405', async () => {
    expect((await fetch(`${ctx.server.origin}/favicon.ico`, { headers: HTML })).status).toBe(404);
    expect((await fetch(`${ctx.server.origin}/robots.txt`)).status).toBe(404);
    expect((await fetch(`${ctx.server.origin}/tickets`)).status).toBe(404);
    // A non-empty POST on / is an inventory agent's, as in GLPI (test/inventory): another path shows the console's 405.
    const post = await fetch(`${ctx.server.origin}/settings/`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`${ctx.server.origin}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  test('the API keeps its own answers: /apirest.php/openapi.json is an unknown itemtype, as in GLPI', async () => {
    const res = await fetch(`${ctx.server.api}/openapi.json`, { headers: { 'Session-Token': ctx.api.token } });
    expect(res.status).toBe(400);
    expect((await res.json())[0]).toBe('ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM');
  });

  const escapes = [
    '/../../etc/passwd',
    '/assets/../../../etc/passwd',
    '/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/assets/..%2f..%2f..%2fetc%2fpasswd',
    '/assets/..%5c..%5c..%5cetc%5cpasswd',
    '/..%2f..%2f..%2fetc/passwd',
    '/assets/%252e%252e/etc/passwd',
    '/assets/index.js%00.png',
    '/.git/config',
    '/.env',
    '/assets//etc/passwd',
  ];
  for (const target of escapes) {
    test(`no way out: GET ${target} → 404`, async () => {
      const res = await rawRequest(ctx.server.origin, { method: 'GET', target });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('root:');
      expect(res.text).not.toContain('[core]');
    });
  }
});

describe('the file server itself (in-process)', () => {
  let dir: string;
  let outside: string;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => serveConsole(new Request(`http://localhost${path}`, { method, headers }));
  const js = 'export const answer = 42;\n'.repeat(100);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'deskbase-console-'));
    outside = mkdtempSync(join(tmpdir(), 'deskbase-outside-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title><script type="module" src="./assets/index-AbCd_123.js"></script>');
    writeFileSync(join(dir, 'assets/index-AbCd_123.js'), js);
    writeFileSync(join(dir, 'assets/index-Zz9-Yy8x.css'), 'body{}');
    writeFileSync(join(dir, 'assets/logo-Qq1Ww2Ee.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dir, 'favicon.ico'), new Uint8Array([0, 0, 1, 0]));
    writeFileSync(join(dir, '.secret'), 'hidden');
    writeFileSync(join(outside, 'passwd'), 'root:x:0:0');
    symlinkSync(join(outside, 'passwd'), join(dir, 'assets/link-AAAAAAAA.js'));
    symlinkSync(outside, join(dir, 'escape'));
  });
  afterAll(() => {
    useConsoleDirectory();
    rmSync(dir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  const modes = [
    ['from a folder', () => useConsoleDirectory(dir)],
    [
      'embedded',
      () =>
        useEmbeddedConsole({
          '/index.html': join(dir, 'index.html'),
          '/assets/index-AbCd_123.js': join(dir, 'assets/index-AbCd_123.js'),
          '/assets/index-Zz9-Yy8x.css': join(dir, 'assets/index-Zz9-Yy8x.css'),
          '/assets/logo-Qq1Ww2Ee.svg': join(dir, 'assets/logo-Qq1Ww2Ee.svg'),
          '/favicon.ico': join(dir, 'favicon.ico'),
        }),
    ],
  ] as const;

  for (const [mode, use] of modes) {
    test(`${mode}: content types and caching`, async () => {
      use();
      const cases: [string, RegExp, string][] = [
        ['/', /^text\/html/, 'no-cache'],
        ['/index.html', /^text\/html/, 'no-cache'],
        ['/assets/index-AbCd_123.js', /^text\/javascript/, 'public, max-age=31536000, immutable'],
        ['/assets/index-Zz9-Yy8x.css', /^text\/css/, 'public, max-age=31536000, immutable'],
        ['/assets/logo-Qq1Ww2Ee.svg', /^image\/svg\+xml/, 'public, max-age=31536000, immutable'],
        ['/favicon.ico', /^image\/(x-icon|vnd\.microsoft\.icon)/, 'no-cache'],
      ];
      for (const [path, type, cache] of cases) {
        const res = await get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type')!, path).toMatch(type);
        expect(res.headers.get('cache-control'), path).toBe(cache);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
      expect(await (await get('/assets/index-AbCd_123.js')).text()).toBe(js);
    });

    test(`${mode}: ETag revalidation, gzip for text, HEAD without a body`, async () => {
      use();
      const first = await get('/assets/index-AbCd_123.js');
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(mode === 'embedded' ? /^"[0-9a-z]+"$/ : /^W\/"[0-9a-z]+-[0-9a-z]+"$/);
      expect((await get('/assets/index-AbCd_123.js', { 'If-None-Match': etag })).status).toBe(304);
      const zipped = await get('/assets/index-AbCd_123.js', { 'Accept-Encoding': 'gzip, br' });
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
      expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer())))).toBe(js);
      const head = await get('/assets/index-AbCd_123.js', {}, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(js.length));
      expect(await head.text()).toBe('');
    });

    test(`${mode}: SPA fallback only for browser navigations to route-like paths`, async () => {
      use();
      const index = await (await get('/')).text();
      expect(index).toContain('<title>console</title>');
      expect(await (await get('/tickets/5', { Accept: 'text/html' })).text()).toBe(index);
      expect((await get('/tickets/5')).status).toBe(404);
      expect((await get('/assets/nope', { Accept: 'text/html' })).status).toBe(404);
      expect((await get('/nope.js', { Accept: 'text/html' })).status).toBe(404);
    });

    test(`${mode}: hidden files, traversal and links out of the folder are 404`, async () => {
      use();
      for (const path of ['/.secret', '/assets/link-AAAAAAAA.js', '/escape/passwd', '/assets/..%2f..%2f.secret', '/assets/%2e%2e/.secret', '/a%00b', '/%ZZ']) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(await res.text()).not.toContain('root:');
        // A browser navigation may get the console page instead, never the file.
        const html = await (await get(path, { Accept: 'text/html' })).text();
        expect(html).not.toContain('root:');
        expect(html).not.toContain('hidden');
      }
    });
  }

  test('without a built console, / is the placeholder page', async () => {
    useConsoleDirectory(join(dir, 'missing'));
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('npm run build:ui');
    useEmbeddedConsole({});
    expect(await (await get('/', { Accept: 'text/html' })).text()).toContain('npm run build:ui');
    expect(await (await get('/route', { Accept: 'text/html' })).text()).toContain('npm run build:ui');
  });
});
