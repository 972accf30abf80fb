/**
 * Hardening of what the server answers: every API answer forbids type sniffing and framing; the
 * console and the API reference allow no inline or foreign script; links and messages name the
 * configured public URL (`url_base`, as GLPI's) or the bound address, never the request's Host.
 */
import { describe, expect, test } from 'bun:test';
import { CONSOLE_CSP } from '../../server/http/console';
import { rawRequest } from '../support/raw';
import { scenario, scenarioTests, type Step } from '../support/scenario';
import { useServer } from '../support/server';

const ctx = useServer();

describe("every API answer says nosniff, DENY and frame-ancestors 'none'", () => {
  const hardened = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'none'" };
  const steps: Step[] = [
    { note: 'a read', request: 'GET Computer/', status: 200 },
    { note: 'an error', request: 'GET Computer/999999', status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
    { note: 'no session', request: 'GET getFullSession', as: 'anonymous', status: 401, error: 'ERROR_SESSION_TOKEN_MISSING' },
    { note: 'a 404 of a type', request: 'GET NoSuchType/', status: 400, error: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' },
    { note: 'a preflight', request: 'OPTIONS Computer/', headers: { Origin: 'https://elsewhere.example' }, status: 200 },
    { note: 'the markdown reference', request: 'GET ', headers: { 'Content-Type': 'application/json' }, status: 200 },
  ];
  scenarioTests(
    () => ctx.api,
    steps.map((step) => ({ ...step, responseHeaders: hardened })),
  );
});

describe('Content-Security-Policy of the pages', () => {
  test('the API reference: scripts from the server only, its one style by hash, never framed', async () => {
    const res = await ctx.api.get('', { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    const policy = res.headers.get('content-security-policy')!;
    expect(policy).toMatch(/^default-src 'none'; script-src 'self'; style-src 'sha256-[A-Za-z0-9+/]{43}='; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/);
    // The page has no inline script, and its one inline style is the one the hash allows.
    expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(res.text).not.toMatch(/\son[a-z]+=/i);
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.text)![1]!;
    const hash = new Bun.CryptoHasher('sha256').update(style).digest('base64');
    expect(policy).toContain(`style-src 'sha256-${hash}'`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  test('the console: script-src \'self\', and its page holds no inline script', async () => {
    const res = await fetch(`${ctx.server.origin}/`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(CONSOLE_CSP);
    expect(CONSOLE_CSP).toBe("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('url_base: the public URL links and messages name', () => {
  const setUrlBase = (value: string) => ctx.api.setConfig('url_base', value);

  test('set, it replaces the bound address in links, errors and url_base_api; a trailing slash is dropped', async () => {
    const id = await ctx.api.create('Computer', { name: 'behind a proxy' });
    await setUrlBase('https://desk.example.org/help/');
    try {
      const base = 'https://desk.example.org/help/apirest.php';
      const item = await rawRequest(ctx.server.origin, { method: 'GET', target: `/apirest.php/Computer/${id}`, host: 'evil.example', headers: { 'Session-Token': ctx.api.token } });
      expect(item.body.links.every((link: { href: string }) => link.href.startsWith(`${base}/`))).toBe(true);
      const error = await rawRequest(ctx.server.origin, { method: 'GET', target: '/apirest.php/Computer/', host: 'evil.example' });
      expect(error.body).toEqual(['ERROR_SESSION_TOKEN_MISSING', `parameter session_token is missing or empty; view documentation in your browser at ${base}/#ERROR_SESSION_TOKEN_MISSING`]);
      const config = await ctx.api.get('getGlpiConfig');
      expect([config.body.cfg_glpi.url_base, config.body.cfg_glpi.url_base_api]).toEqual(['https://desk.example.org/help/', base]);
    } finally {
      await setUrlBase('');
    }
    const error = await ctx.api.get('Computer/', { anonymous: true });
    expect(error.body[1]).toBe(`parameter session_token is missing or empty; view documentation in your browser at ${ctx.server.api}/#ERROR_SESSION_TOKEN_MISSING`);
  });

  test('a value that is not an http(s) URL is refused, and nothing changes', async () => {
    const found = await ctx.api.get('Config/', { query: 'searchText[name]=^url_base$&searchText[context]=^core$' });
    const setting = `Config/${found.body[0].id}`;
    await scenario(ctx.api, [
      ...['desk.example.org', 'javascript:alert(1)', 'https://desk.example.org/?x=1', 'https://user@desk.example.org'].map(
        (value): Step => ({
          request: `PUT ${setting}`,
          body: { input: { value } },
          status: 400,
          error: 'ERROR_GLPI_UPDATE',
          message: 'Setting url_base must be an http:// or https:// URL without query or fragment (such as https://desk.example.org), or empty for the address the server is bound to',
        }),
      ),
      { request: `GET ${setting}`, status: 200, answer: { value: '' } },
    ]);
  });
});
