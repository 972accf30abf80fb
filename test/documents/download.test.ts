/**
 * GET /Document/:id with `Accept: application/octet-stream` (exactly) or `?alt=media` (GLPI facts
 * §3.18): the bytes with Last-Modified, Etag, Cache-Control, Content-Disposition and the stored
 * Content-Type; 304 for a current copy; the read right and the entity checked first (README
 * decision); a clear JSON 404 when the file is missing.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { statSync, unlinkSync } from 'node:fs';
import type { Client } from '../support/client';
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

  test('?alt=media does the same', async () => {
    const { res, bytes } = await raw(ctx.api, `Document/${text}`, {}, 'alt=media');
    expect(res.status).toBe(200);
    expect(new TextDecoder().decode(bytes)).toBe(textContent);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="notes.txt"; filename*=utf-8''notes.txt`);
  });

  test('without either (or with another Accept) the metadata comes back as JSON', async () => {
    const variants: Record<string, string>[] = [{}, { Accept: 'application/json' }, { Accept: 'application/octet-stream, */*' }, { Accept: '*/*' }];
    for (const headers of variants) {
      const res = await ctx.api.get(`Document/${text}`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body).toMatchObject({ id: text, filename: 'notes.txt' });
    }
    expect((await ctx.api.get(`Document/${text}`, { query: 'alt=json' })).body.id).toBe(text);
  });

  test('SVG and HTML are always attachments; a PDF is not', async () => {
    const svg = await uploadIn(A, 'drawing.svg', `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><!-- ${uniqueText()} --></svg>`);
    const html = await uploadIn(A, 'page.html', `<script>alert(document.cookie)</script>${uniqueText()}`);
    const pdf = await uploadIn(A, 'doc.pdf', `%PDF-1.4 ${uniqueText()}`);
    const disposition = async (id: number) => (await raw(ctx.api, `Document/${id}`, OCTET)).res.headers;
    expect((await disposition(svg)).get('content-disposition')).toStartWith('attachment;');
    expect((await disposition(svg)).get('content-type')).toBe('image/svg+xml');
    expect((await disposition(html)).get('content-disposition')).toStartWith('attachment;');
    expect((await disposition(html)).get('content-type')).toBe('text/html');
    expect((await disposition(pdf)).get('content-disposition')).toBe(`filename="doc.pdf"; filename*=utf-8''doc.pdf`);
  });

  test('304 when the client’s copy is current (If-None-Match, If-Modified-Since)', async () => {
    const first = await raw(ctx.api, `Document/${text}`, OCTET);
    const etag = first.res.headers.get('etag')!;
    const modified = first.res.headers.get('last-modified')!;
    for (const tag of [etag, `"${etag}"`, `W/"${etag}"`, `"other", "${etag}"`, '*']) {
      const { res, bytes } = await raw(ctx.api, `Document/${text}`, { ...OCTET, 'If-None-Match': tag });
      expect(res.status, tag).toBe(304);
      expect(bytes.length).toBe(0);
      expect(res.headers.get('etag')).toBe(etag);
    }
    expect((await raw(ctx.api, `Document/${text}`, { ...OCTET, 'If-None-Match': '"stale"' })).res.status).toBe(200);
    expect((await raw(ctx.api, `Document/${text}`, { ...OCTET, 'If-Modified-Since': modified })).res.status).toBe(304);
    const later = new Date(Date.parse(modified) + 3600_000).toUTCString();
    const earlier = new Date(Date.parse(modified) - 3600_000).toUTCString();
    expect((await raw(ctx.api, `Document/${text}`, { ...OCTET, 'If-Modified-Since': later })).res.status).toBe(304);
    expect((await raw(ctx.api, `Document/${text}`, { ...OCTET, 'If-Modified-Since': earlier })).res.status).toBe(200);
    expect((await raw(ctx.api, `Document/${text}`, { ...OCTET, 'If-Modified-Since': 'not a date' })).res.status).toBe(200);
    // If-None-Match wins over If-Modified-Since (RFC 9110).
    expect((await raw(ctx.api, `Document/${text}`, { ...OCTET, 'If-None-Match': '"stale"', 'If-Modified-Since': later })).res.status).toBe(200);
  });

  test('a document without a file, or whose file is gone, is a JSON 404', async () => {
    const nofile = await ctx.api.create('Document', { name: 'link only', link: 'https://example.com', entities_id: A });
    const none = await ctx.api.get(`Document/${nofile}`, { headers: OCTET });
    expect(none.status).toBe(404);
    expect(none.body).toEqual(['ERROR_ITEM_NOT_FOUND', `Document ${nofile}: this document has no file`]);

    const doomed = await uploadIn(A, 'doomed.txt', uniqueText('doomed'));
    unlinkSync(diskPath(ctx.server.dataDir, (await ctx.api.get(`Document/${doomed}`)).body.filepath));
    const gone = await ctx.api.get(`Document/${doomed}`, { query: 'alt=media' });
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toContain('application/json');
    expect(gone.body).toEqual(['ERROR_ITEM_NOT_FOUND', `Document ${doomed}: its file is missing on the server`]);

    const unknown = await ctx.api.get('Document/987654', { headers: OCTET });
    expect(unknown.status).toBe(404);
    expect(unknown.body[0]).toBe('ERROR_ITEM_NOT_FOUND');
  });

  test('no session → 401, never the file', async () => {
    const res = await fetch(`${ctx.server.api}/Document/${text}?alt=media`);
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain(textContent.trim());
  });
});

describe('download rights: the document READ right and its entity', () => {
  let techA: Client, techB: Client, observerA: Client, selfServiceA: Client;

  beforeAll(async () => {
    techA = (await userWith(ctx.api, 6, A)).client;
    techB = (await userWith(ctx.api, 6, B)).client;
    observerA = (await userWith(ctx.api, 2, A)).client;
    selfServiceA = (await userWith(ctx.api, 1, A)).client;
  });

  test('a user of the document’s entity with the read right downloads it', async () => {
    for (const client of [techA, observerA]) {
      const { res, bytes } = await raw(client, `Document/${text}`, OCTET);
      expect(res.status).toBe(200);
      expect(new TextDecoder().decode(bytes)).toBe(textContent);
    }
  });

  test('a user of another entity gets 404, not the bytes', async () => {
    const res = await techB.get(`Document/${text}`, { headers: OCTET });
    expect(res.status).toBe(404);
    expect(res.body[0]).toBe('ERROR_ITEM_NOT_FOUND');
    expect(res.text).not.toContain(textContent.trim());
    expect((await techA.get(`Document/${inB}`, { query: 'alt=media' })).status).toBe(404);
    expect((await techB.get(`Document/${inB}`, { query: 'alt=media' })).status).toBe(200);
  });

  test('a recursive document of a parent entity is readable below it', async () => {
    const shared = await upload(ctx.api, 'Document/', { input: { entities_id: 0, is_recursive: 1 } }, [{ name: 'policy.txt', content: uniqueText('policy') }]);
    expect((await techA.get(`Document/${shared.body.id}`, { query: 'alt=media' })).status).toBe(200);
    const local = await upload(ctx.api, 'Document/', { input: { entities_id: 0, is_recursive: 0 } }, [{ name: 'root.txt', content: uniqueText('root') }]);
    expect((await techA.get(`Document/${local.body.id}`, { query: 'alt=media' })).status).toBe(404);
  });

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
