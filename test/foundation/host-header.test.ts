/**
 * The Host header is the client's: a request without one (HTTP/1.0), with an empty or malformed
 * one, is answered like any other, and no answer names the host the client gave: links and
 * messages name the server's own address.
 */
import { describe, expect, test } from 'bun:test';
import { rawRequest, type RawRequest } from '../support/raw';
import { useServer } from '../support/server';

const ctx = useServer();

const HOSTS: { note: string; host: string | null; version?: '1.0' }[] = [
  { note: 'HTTP/1.0 without Host', host: null, version: '1.0' },
  { note: 'an empty Host', host: '' },
  { note: 'a malformed Host', host: 'a b%' },
  { note: "another site's Host", host: 'evil.example:8443' },
];

const send = (req: RawRequest) => rawRequest(ctx.server.origin, req);

test('HTTP/1.1 without Host is a bad request (RFC 9112): 400 from the HTTP layer, not a server error', async () => {
  const res = await send({ method: 'GET', target: '/health', host: null });
  expect(res.status).toBe(400);
});

describe.each(HOSTS)('$note', ({ host, version }) => {
  test('/health answers 200', async () => {
    const res = await send({ method: 'GET', target: '/health', host, version });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  test('an API error names the server\'s own address', async () => {
    const res = await send({ method: 'GET', target: '/apirest.php/Computer/', host, version });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(['ERROR_SESSION_TOKEN_MISSING', `parameter session_token is missing or empty; view documentation in your browser at ${ctx.server.api}/#ERROR_SESSION_TOKEN_MISSING`]);
  });

  test('an item\'s links and the session\'s url_base_api name the server\'s own address', async () => {
    const id = await ctx.api.create('Computer', { name: 'linked', locations_id: 0 });
    const headers = { 'Session-Token': ctx.api.token };
    const item = await send({ method: 'GET', target: `/apirest.php/Computer/${id}`, host, version, headers });
    expect(item.status).toBe(200);
    expect(item.body.links[0].href).toStartWith(`${ctx.server.api}/`);
    const config = await send({ method: 'GET', target: '/apirest.php/getGlpiConfig', host, version, headers });
    expect(config.body.cfg_glpi.url_base_api).toBe(ctx.server.api);
  });

  test('the console is served', async () => {
    const res = await send({ method: 'GET', target: '/', host, version, headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('text/html');
  });
});
