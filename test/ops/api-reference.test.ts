/** GET /apirest.php/ in a browser: the human API reference, from the same sources as /openapi.json. */
import { beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CATALOGUE } from '../../server/core/errors';
import { describeParam } from '../../server/core/request-params';
import { allItemtypes } from '../../server/registry';
import { ROOT } from '../support/cli';
import { rawRequest } from '../support/raw';
import { useServer } from '../support/server';

const ctx = useServer();
let res: Response;
let html: string;

beforeAll(async () => {
  res = await fetch(`${ctx.server.origin}/apirest.php/`);
  html = await res.text();
});

/** The section whose element carries this id, up to its closing tag. */
const section = (id: string) => html.slice(html.indexOf(`id="${id}"`), html.indexOf('</section>', html.indexOf(`id="${id}"`)));

describe('API reference', () => {
  test('is one self-contained HTML page, also at /apirest.php', async () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(html).not.toMatch(/<(script|link)\b|src=/);
    const bare = await fetch(`${ctx.server.origin}/apirest.php`);
    expect(bare.status).toBe(200);
    expect(await bare.text()).toBe(html);
  });

  test('is sent gzip-compressed to clients that accept it, as is to the others', async () => {
    const plain = await rawRequest(ctx.server.origin, { method: 'GET', target: '/apirest.php/' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.text).toBe(html);
    const zipped = await rawRequest(ctx.server.origin, { method: 'GET', target: '/apirest.php/', headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    expect(zipped.headers.get('content-type')).toContain('text/html');
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(zipped.bytes)))).toBe(html);
    expect(zipped.bytes.length * 5).toBeLessThan(plain.bytes.length);
  });

  test('has an anchor for every error code in the catalogue', () => {
    for (const code of Object.keys(ERROR_CATALOGUE)) expect(html).toContain(`<section id="${code}">`);
  });

  test('the catalogue holds every error code the server throws', () => {
    const files = readdirSync(join(ROOT, 'server'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const thrown = new Set(files.flatMap((f) => [...readFileSync(join(ROOT, 'server', f), 'utf8').matchAll(/['"](ERROR(?:_[A-Z_]+)?)['"]/g)].map((m) => m[1]!)));
    thrown.delete('ERROR_CODE');
    for (const code of thrown) expect(Object.keys(ERROR_CATALOGUE)).toContain(code);
  });

  test('lists every itemtype, with Computer search option 1 and its name', () => {
    for (const type of allItemtypes()) expect(html).toContain(`id="itemtype-${type.name}"`);
    expect(section('itemtype-Computer')).toContain('<tr><td>1</td><td>Name</td><td>glpi_computers.name</td>');
  });

  test('documents range with the default of the parameter table', () => {
    expect(describeParam('range').default).toBe('0-50');
    expect(section('listComputer')).toMatch(/<td>range<\/td><td>query<\/td><td>string<\/td><td>&quot;0-50&quot;<\/td>/);
  });

  test('the link in an error message lands on a section of the page', async () => {
    const answer = await fetch(`${ctx.server.origin}/apirest.php/getFullSession`);
    const [code, message] = (await answer.json()) as [string, string];
    const anchor = message.match(/apirest\.php\/#(ERROR\w*)$/)?.[1];
    expect(anchor).toBe(code);
    expect(html).toContain(`<section id="${anchor}">`);
  });
});
