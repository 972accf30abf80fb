/**
 * GET /Document/:id with `Accept: application/octet-stream` (exactly) or `?alt=media` (GLPI facts
 * §3.18): the bytes with Last-Modified, Etag, Cache-Control, Content-Disposition and the stored
 * Content-Type; 304 for a current copy; the read right and the entity checked first (README
 * decision); a clear JSON 404 when the file is missing.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { statSync, unlinkSync } from 'node:fs';
import type { ApiResponse, Client } from '../support/client';
import { JSON_TYPE } from '../support/errors';
import { creates, scenario, type Step } from '../support/scenario';
import { useServer } from '../support/server';
import { diskPath, md5, PNG_1X1, uniqueText, upload, userWith } from './helpers';

const ctx = useServer();
const OCTET = { Accept: 'application/octet-stream' };

let A: number, B: number;
let png: number, pngPath: string;
let text: number, textContent: string;
let inB: number;

async function raw(client: Client, path: string, headers: Record<string, string> = {}, query = '') {
  const res = await fetch(`${client.api}/${path}${query ? `?${query}` : ''}`, { headers: { 'Session-Token': client.token, ...headers } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function uploadIn(entity: number, name: string, content: string | Uint8Array): Promise<number> {
  const res = await upload(ctx.api, 'Document/', { input: { entities_id: entity } }, [{ name, content }]);
  if (res.status !== 201) throw new Error(res.text);
  return res.body.id;
}

beforeAll(async () => {
  A = await ctx.api.create('Entity', { name: 'Docs A', entities_id: 0 });
  B = await ctx.api.create('Entity', { name: 'Docs B', entities_id: 0 });
  png = await uploadIn(A, 'pixel.png', PNG_1X1);
  pngPath = (await ctx.api.get(`Document/${png}`)).body.filepath;
  textContent = uniqueText('download me');
  text = await uploadIn(A, 'notes.txt', textContent);
  inB = await uploadIn(B, 'secret.txt', uniqueText('secret of B'));
});

describe('download', () => {
  test('Accept: application/octet-stream → the bytes with GLPI’s headers', async () => {
    const { res, bytes } = await raw(ctx.api, `Document/${png}`, OCTET);
    expect(res.status).toBe(200);
    expect(bytes).toEqual(PNG_1X1);
    const stat = statSync(diskPath(ctx.server.dataDir, pngPath));
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('etag')).toBe(md5(PNG_1X1));
    expect(res.headers.get('last-modified')).toBe(new Date(stat.mtimeMs).toUTCString());
    expect(res.headers.get('cache-control')).toBe('private');
    expect(res.headers.get('pragma')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(PNG_1X1.length));
    // Images (but SVG) and PDFs go without `attachment;` (as GLPI), the rest is an attachment.
    expect(res.headers.get('content-disposition')).toBe(`filename="pixel.png"; filename*=utf-8''pixel.png`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('?alt=media does the same', () =>
    scenario(ctx.api, [
      {
        request: `GET Document/${text}`,
        query: 'alt=media',
        status: 200,
        text: textContent,
        responseHeaders: { 'content-type': 'text/plain', 'content-disposition': `attachment; filename="notes.txt"; filename*=utf-8''notes.txt` },
      },
    ]));

  test('without either (or with another Accept) the metadata comes back as JSON', () => {
    const variants: Record<string, string>[] = [{}, { Accept: 'application/json' }, { Accept: 'application/octet-stream, */*' }, { Accept: '*/*' }];
    return scenario(ctx.api, [
      ...variants.map((headers): Step => ({ request: `GET Document/${text}`, headers, status: 200, answer: { id: text, filename: 'notes.txt' }, responseHeaders: { 'content-type': JSON_TYPE } })),
      { request: `GET Document/${text}`, query: 'alt=json', status: 200, answer: { id: text } },
    ]);
  });

  test('SVG and HTML are always attachments; a PDF is not', () => {
    const stored = (name: string, content: string): Step => ({ request: 'POST Document/', body: { input: { entities_id: A } }, files: [{ name, content }], status: 201, capture: { [name.split('.')[1]!]: (body) => body.id } });
    const served = (kind: string, type: string, disposition: string): Step => ({ request: `GET Document/\${${kind}}`, headers: OCTET, status: 200, responseHeaders: { 'content-type': type, 'content-disposition': disposition } });
    return scenario(ctx.api, [
      stored('drawing.svg', `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><!-- ${uniqueText()} --></svg>`),
      stored('page.html', `<script>alert(document.cookie)</script>${uniqueText()}`),
      stored('doc.pdf', `%PDF-1.4 ${uniqueText()}`),
      served('svg', 'image/svg+xml', `attachment; filename="drawing.svg"; filename*=utf-8''drawing.svg`),
      served('html', 'text/html', `attachment; filename="page.html"; filename*=utf-8''page.html`),
      served('pdf', 'application/pdf', `filename="doc.pdf"; filename*=utf-8''doc.pdf`),
    ]);
  });

  test('304 when the client’s copy is current (If-None-Match, If-Modified-Since)', () => {
    const hour = 3600_000;
    const modifiedBy = (res: ApiResponse, shift: number) => new Date(Date.parse(res.headers.get('last-modified')!) + shift).toUTCString();
    const ask = (headers: Record<string, string>, status: 200 | 304): Step => ({
      request: `GET Document/${text}`,
      headers: { ...OCTET, ...headers },
      status,
      ...(status === 304 ? { text: '', responseHeaders: { etag: '${etag}' } } : {}),
    });
    return scenario(ctx.api, [
      {
        request: `GET Document/${text}`,
        headers: OCTET,
        status: 200,
        capture: { etag: (_, res) => res.headers.get('etag'), modified: (_, res) => res.headers.get('last-modified'), later: (_, res) => modifiedBy(res, hour), earlier: (_, res) => modifiedBy(res, -hour) },
      },
      ...['${etag}', '"${etag}"', 'W/"${etag}"', '"other", "${etag}"', '*'].map((tag) => ask({ 'If-None-Match': tag }, 304)),
      ask({ 'If-None-Match': '"stale"' }, 200),
      ask({ 'If-Modified-Since': '${modified}' }, 304),
      ask({ 'If-Modified-Since': '${later}' }, 304),
      ask({ 'If-Modified-Since': '${earlier}' }, 200),
      ask({ 'If-Modified-Since': 'not a date' }, 200),
      // If-None-Match wins over If-Modified-Since (RFC 9110).
      ask({ 'If-None-Match': '"stale"', 'If-Modified-Since': '${later}' }, 200),
    ]);
  });

  test('a document without a file, or whose file is gone, is a JSON 404', async () => {
    const got = await scenario(ctx.api, [
      creates('nofile', 'Document', { name: 'link only', link: 'https://example.com', entities_id: A }),
      { request: 'GET Document/${nofile}', headers: OCTET, status: 404, error: 'ERROR_ITEM_NOT_FOUND', equals: ['ERROR_ITEM_NOT_FOUND', 'Document ${nofile}: this document has no file'] },
      { request: 'POST Document/', body: { input: { entities_id: A } }, files: [{ name: 'doomed.txt', content: uniqueText('doomed') }], status: 201, capture: { doomed: (body) => body.id } },
      { request: 'GET Document/${doomed}', status: 200, capture: { filepath: (body) => body.filepath } },
    ]);
    unlinkSync(diskPath(ctx.server.dataDir, String(got.filepath)));
    await scenario(
      ctx.api,
      [
        { request: 'GET Document/${doomed}', query: 'alt=media', status: 404, error: 'ERROR_ITEM_NOT_FOUND', equals: ['ERROR_ITEM_NOT_FOUND', 'Document ${doomed}: its file is missing on the server'] },
        { request: 'GET Document/987654', headers: OCTET, status: 404, error: 'ERROR_ITEM_NOT_FOUND' },
      ],
      got,
    );
  });

  test('no session → 401, never the file', () =>
    scenario(ctx.api, [{ request: `GET Document/${text}`, query: 'alt=media', as: 'anonymous', status: 401, check: (res) => expect(res.text).not.toContain(textContent.trim()) }]));
});

describe('download rights: the document READ right and its entity', () => {
  let techA: Client, techB: Client, observerA: Client, selfServiceA: Client;

  beforeAll(async () => {
    techA = (await userWith(ctx.api, 6, A)).client;
    techB = (await userWith(ctx.api, 6, B)).client;
    observerA = (await userWith(ctx.api, 2, A)).client;
    selfServiceA = (await userWith(ctx.api, 1, A)).client;
  });

  test('a user of the document’s entity with the read right downloads it', () =>
    scenario(ctx.api, [techA, observerA].map((as): Step => ({ request: `GET Document/${text}`, headers: OCTET, as, status: 200, text: textContent }))));

  test('a user of another entity gets 404, not the bytes', () =>
    scenario(ctx.api, [
      { request: `GET Document/${text}`, headers: OCTET, as: techB, status: 404, error: 'ERROR_ITEM_NOT_FOUND', check: (res) => expect(res.text).not.toContain(textContent.trim()) },
      { request: `GET Document/${inB}`, query: 'alt=media', as: techA, status: 404 },
      { request: `GET Document/${inB}`, query: 'alt=media', as: techB, status: 200 },
    ]));

  test('a recursive document of a parent entity is readable below it', () =>
    scenario(ctx.api, [
      { request: 'POST Document/', body: { input: { entities_id: 0, is_recursive: 1 } }, files: [{ name: 'policy.txt', content: uniqueText('policy') }], status: 201, capture: { shared: (body) => body.id } },
      { request: 'GET Document/${shared}', query: 'alt=media', as: techA, status: 200 },
      { request: 'POST Document/', body: { input: { entities_id: 0, is_recursive: 0 } }, files: [{ name: 'root.txt', content: uniqueText('root') }], status: 201, capture: { local: (body) => body.id } },
      { request: 'GET Document/${local}', query: 'alt=media', as: techA, status: 404 },
    ]));

  test("Self-Service (no document right) downloads the file of its own ticket, as GLPI, but not the document's record", async () => {
    const ticket = await upload(selfServiceA, 'Ticket/', { input: { name: 'printer jam', content: 'photo attached' } }, [{ name: 'jam.png', content: PNG_1X1 }]);
    expect(ticket.status).toBe(201);
    const links = (await ctx.api.get(`Ticket/${ticket.body.id}/Document_Item`)).body;
    expect(links).toHaveLength(1);
    expect((await raw(selfServiceA, `Document/${links[0].documents_id}`, OCTET)).bytes).toEqual(PNG_1X1);
    const record = await selfServiceA.get(`Document/${links[0].documents_id}`);
    expect(record.status).toBe(403);
    expect(record.body[0]).toBe('ERROR_RIGHT_MISSING');
    // The technicians of the entity do see it.
    expect((await raw(techA, `Document/${links[0].documents_id}`, OCTET)).bytes).toEqual(PNG_1X1);
  });
});
