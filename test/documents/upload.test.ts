/**
 * POST /Document/ with a multipart body (GLPI facts §3.17): the manifest, file parts under any
 * field name, the 201 answer with upload_result and Location, and what lands on disk (GLPI's
 * `<EXT>/<2 hex>/<38 hex>.<EXT>` path from the content's SHA-1).
 */
import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { creates, holds, scenario, type Step } from '../support/scenario';
import { useServer } from '../support/server';
import type { FilePart } from '../support/upload';
import { allowExtension, dbRows, diskPath, PNG_1X1, sha1, storedFiles, unique, uniqueText, upload } from './helpers';

const ctx = useServer();
/** A multipart add of a Document that must succeed, its id captured as `name`. */
const stores = (name: string, input: Record<string, unknown>, files: FilePart[]): Step =>
  ({ request: 'POST Document/', body: { input }, files, status: 201, capture: { [name]: (body) => body.id } });

describe('upload a document file', () => {
  test('README.md: 201, upload_result, Location, stored as MD/xx/….MD with text/plain', async () => {
    const content = `# Deskbase\n\n${uniqueText('readme')}`;
    const res = await upload(ctx.api, 'Document/', { input: { name: 'My doc', _filename: ['README.md'] } }, [{ name: 'README.md', content, type: 'text/markdown' }]);
    expect(res.status).toBe(201);
    // The id is the one the Location names and the read below finds.
    expect(Object.keys(res.body).sort()).toEqual(['id', 'message', 'upload_result']);
    expect(res.body.message).toBe('Item successfully added: My doc');
    expect(res.headers.get('location')).toBe(`${ctx.server.api}/Document/${res.body.id}`);
    const entries = res.body.upload_result.filename;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ display: 'README.md', size: content.length, type: 'text/markdown', filename: 'README.md', mime: 'text/plain' });
    expect(entries[0].prefix).toHaveLength(23);
    expect(entries[0].name).toBe(`${entries[0].prefix}README.md`);

    const doc = (await ctx.api.get(`Document/${res.body.id}`)).body;
    const hash = sha1(content);
    expect(doc).toMatchObject({ name: 'My doc', filename: 'README.md', mime: 'text/plain', sha1sum: hash, users_id: 2, is_deleted: 0 });
    expect(doc.filepath).toContain('MD/');
    expect(doc.filepath).toBe(`MD/${hash.slice(0, 2)}/${hash.slice(2)}.MD`);
    expect(doc.tag).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(readFileSync(diskPath(ctx.server.dataDir, doc.filepath), 'utf8')).toBe(content);
  });

  test('a fresh install whitelists GLPI’s 72 document types (plus md), each with a MIME type', async () => {
    const rows = dbRows<{ ext: string; mime: string; is_uploadable: number }>(ctx.server.dataDir, 'SELECT ext, mime, is_uploadable FROM glpi_documenttypes WHERE id <= 72 ORDER BY id');
    expect(rows).toHaveLength(72);
    expect(rows.every((r) => r.is_uploadable === 1 && typeof r.mime === 'string' && r.mime.includes('/'))).toBe(true);
    const exts = rows.map((r) => r.ext);
    for (const ext of ['jpg', 'png', 'pdf', 'txt', 'csv', 'docx', 'xlsx', 'odt', 'svg', 'zip', 'html']) expect(exts).toContain(ext);
    for (const ext of ['php', 'exe', 'sh', 'js']) expect(exts).not.toContain(ext);
    const dt = await ctx.api.get('DocumentType/21');
    expect(dt.body).toMatchObject({ name: 'PDF', ext: 'pdf', mime: 'application/pdf', is_uploadable: 1 });
  });

  test('any field name works; the name defaults to the file name; users_id is the uploader', () =>
    scenario(ctx.api, [
      {
        ...stores('doc', {}, [{ field: 'attachment', name: 'notes.txt', content: uniqueText('any field'), type: 'text/plain' }]),
        check: (res) => expect(Object.keys(res.body.upload_result)).toEqual(['attachment']),
      },
      holds('Document/${doc}', { name: 'notes.txt', filename: 'notes.txt', mime: 'text/plain', users_id: 2 }),
    ]));

  test('a manifest naming its files in `filename` (a list, as one Python client sends) is accepted', () => {
    const content = uniqueText('listed');
    return scenario(ctx.api, [
      { ...stores('doc', { name: 'Listed', filename: ['notes.txt'] }, [{ name: 'notes.txt', content }]), answer: { message: 'Item successfully added: Listed' } },
      holds('Document/${doc}', { name: 'Listed', filename: 'notes.txt', sha1sum: sha1(content) }),
    ]);
  });

  test('the client cannot set filepath, sha1sum or mime; the manifest’s _filename is ignored', () => {
    const content = uniqueText('computed');
    return scenario(ctx.api, [
      stores('doc', { name: 'c', _filename: ['../../deskbase.sqlite'], mime: 'text/html' }, [{ name: 'c.txt', content }]),
      { ...holds('Document/${doc}', { filename: 'c.txt', mime: 'text/plain', sha1sum: sha1(content) }), capture: { filepath: (body) => body.filepath } },
      stores('forged', { name: 'c', filepath: '../../x' }, [{ name: 'c.txt', content }]),
      holds('Document/${forged}', { filepath: '${filepath}' }),
    ]);
  });

  test('the MIME type comes from the content and the extension, not from the client', () => {
    const pdf = `%PDF-1.4\n${uniqueText('pdf')}%%EOF\n`;
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode(uniqueText('zip'))]);
    const cases: [string, string | Uint8Array, string, string][] = [
      ['report.pdf', pdf, 'text/html', 'application/pdf'],
      ['pixel.png', PNG_1X1, 'text/html', 'image/png'],
      ['photo.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode(uniqueText('jpg'))]), 'text/plain', 'image/jpeg'],
      ['anim.gif', `GIF89a${uniqueText('gif')}`, 'text/plain', 'image/gif'],
      ['letter.docx', zip, 'application/zip', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['archive.txt', zip, 'text/plain', 'application/zip'],
      ['image-really.txt', PNG_1X1, 'text/plain', 'image/png'],
      ['data.csv', `a;b\n${uniqueText('csv')}`, 'application/octet-stream', 'text/csv'],
    ];
    return scenario(
      ctx.api,
      cases.flatMap(([name, content, clientType, mime]): Step[] => [stores('doc', { name }, [{ name, content, type: clientType }]), { ...holds('Document/${doc}', { mime }), note: name }]),
    );
  });

  test('a type an administrator whitelists without a MIME type is sniffed or guessed', async () => {
    await allowExtension(ctx.api, 'log');
    await allowExtension(ctx.api, 'dat');
    await scenario(ctx.api, [
      stores('text', {}, [{ name: 'server.log', content: uniqueText('log') }]),
      holds('Document/${text}', { mime: 'text/plain' }),
      stores('binary', {}, [{ name: 'blob.dat', content: new Uint8Array([0, 1, 2, 255, 0, 7]) }]),
      holds('Document/${binary}', { mime: 'application/octet-stream' }),
    ]);
  });

  test('duplicate uploads are two Documents sharing one file', async () => {
    const content = uniqueText('duplicate');
    const before = storedFiles(ctx.server.dataDir).length;
    const a = await upload(ctx.api, 'Document/', { input: { name: 'first' } }, [{ name: 'dup.txt', content }]);
    const b = await upload(ctx.api, 'Document/', { input: { name: 'second' } }, [{ name: 'copy.txt', content }]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).not.toBe(a.body.id);
    const [da, db] = [(await ctx.api.get(`Document/${a.body.id}`)).body, (await ctx.api.get(`Document/${b.body.id}`)).body];
    expect(da.filepath).toBe(db.filepath);
    expect(da.sha1sum).toBe(db.sha1sum);
    expect(db.filename).toBe('copy.txt');
    expect(storedFiles(ctx.server.dataDir).length).toBe(before + 1);
  });

  test('a Document holds one file: the first is stored, the others reported and not stored', async () => {
    const first = uniqueText('first');
    const second = uniqueText('second');
    const res = await upload(ctx.api, 'Document/', { input: { name: 'two' } }, [
      { name: 'one.txt', content: first },
      { name: 'two.txt', content: second },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.upload_result.filename).toHaveLength(2);
    expect(res.body.upload_result.filename[1].error).toContain('one file');
    const doc = (await ctx.api.get(`Document/${res.body.id}`)).body;
    expect(doc.sha1sum).toBe(sha1(first));
    expect(storedFiles(ctx.server.dataDir).some((p) => p.includes(sha1(second).slice(2)))).toBe(false);
  });

  test('itemtype + items_id in the input link the new document to the item', () => {
    const pcName = unique('pc');
    return scenario(ctx.api, [
      creates('pc', 'Computer', { name: pcName }),
      stores('doc', { itemtype: 'Computer', items_id: '${pc}' }, [{ name: 'manual.txt', content: uniqueText('manual') }]),
      holds('Document/${doc}', { name: `Document: Computer - ${pcName}` }),
      { request: 'GET Computer/${pc}/Document_Item', status: 200, check: (res, { doc }) => expect(res.body.map((l: { documents_id: number }) => l.documents_id)).toContain(doc) },
    ]);
  });

  test('a JSON Document without a file still works (no file, no path)', () =>
    scenario(ctx.api, [
      creates('doc', 'Document', { name: unique('nofile'), link: 'https://example.com/x' }),
      holds('Document/${doc}', { filepath: null, users_id: 2 }, (res) => expect(typeof res.body.tag).toBe('string')),
    ]));

  test('PUT with a file replaces the document’s file; the old one goes when nothing else uses it', async () => {
    const oldContent = uniqueText('old');
    const created = await upload(ctx.api, 'Document/', { input: { name: 'replace me' } }, [{ name: 'v1.txt', content: oldContent }]);
    const before = (await ctx.api.get(`Document/${created.body.id}`)).body;
    const newContent = uniqueText('new');
    const res = await upload(ctx.api, `Document/${created.body.id}`, { input: { comment: 'v2' } }, [{ name: 'v2.txt', content: newContent }], 'PUT');
    expect(res.status).toBe(200);
    const after = (await ctx.api.get(`Document/${created.body.id}`)).body;
    expect(after).toMatchObject({ filename: 'v2.txt', sha1sum: sha1(newContent), comment: 'v2', name: 'replace me' });
    expect(existsSync(diskPath(ctx.server.dataDir, after.filepath))).toBe(true);
    expect(existsSync(diskPath(ctx.server.dataDir, before.filepath))).toBe(false);
  });

  test('multipart without a file, or with a broken manifest, is refused as GLPI does', async () => {
    const form = new FormData();
    form.append('uploadManifest', JSON.stringify({ input: { name: 'x' } }));
    const none = await fetch(`${ctx.server.api}/Document/`, { method: 'POST', headers: { 'Session-Token': ctx.api.token }, body: form });
    expect(none.status).toBe(400);
    expect((await none.json())[0]).toBe('ERROR_UPLOAD_FILE_TOO_BIG_POST_MAX_SIZE');
    const bad = new FormData();
    bad.append('uploadManifest', '{broken');
    bad.append('filename[0]', new File(['x'], 'a.txt'));
    const broken = await fetch(`${ctx.server.api}/Document/`, { method: 'POST', headers: { 'Session-Token': ctx.api.token }, body: bad });
    expect(broken.status).toBe(400);
    expect((await broken.json())[0]).toBe('ERROR_JSON_PAYLOAD_INVALID');
  });

  test('a multipart body above the request cap is refused before it is read', async () => {
    const { hostname, port } = new URL(ctx.server.origin);
    const head = [
      'POST /apirest.php/Document/ HTTP/1.1',
      `Host: ${hostname}:${port}`,
      `Session-Token: ${ctx.api.token}`,
      'Content-Type: multipart/form-data; boundary=x',
      `Content-Length: ${200 * 1024 * 1024}`,
      '',
      '--x\r\n',
    ].join('\r\n');
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      const socket = connect(Number(port), hostname, () => socket.write(head));
      socket.on('data', (d) => {
        text += d.toString();
        if (text.includes('ERROR_')) socket.destroy();
      });
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
      setTimeout(() => socket.destroy(), 5000);
    });
    expect(answer).toStartWith('HTTP/1.1 400');
    expect(answer).toContain('ERROR_UPLOAD_FILE_TOO_BIG_POST_MAX_SIZE');
  });
});
