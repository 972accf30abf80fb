/**
 * A client's file name is only ever shown: `../`, absolute paths, NUL and control characters,
 * Unicode and very long names are stored under the content's hash inside files/, and come back
 * cleaned in `filename` and in a well-formed Content-Disposition.
 */
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { scenario, updates } from '../support/scenario';
import { useServer } from '../support/server';
import { allDataFiles, diskPath, rawUpload, sha1, storedFiles, uniqueText } from './helpers';

const ctx = useServer();
const HASH_PATH = /^[A-Z0-9]+\/[0-9a-f]{2}\/[0-9a-f]{38}\.[A-Z0-9]+$/;

/** Uploads a file named `name` (byte for byte in the part header when `raw`); its id comes back. */
async function uploadNamed(name: string, content: string, raw: boolean): Promise<number> {
  if (raw) {
    const res = await rawUpload(ctx.api, 'Document/', { input: {} }, name, content);
    expect(res.status, res.text).toBe(201);
    return res.body.id;
  }
  const { id } = await scenario(ctx.api, [{ request: 'POST Document/', body: { input: {} }, files: [{ name, content }], status: 201, capture: { id: (body) => body.id } }]);
  return Number(id);
}

async function expectStoredSafely(name: string, expected: string, raw = false) {
  const outside = allDataFiles(ctx.server.dataDir).filter((p) => !p.startsWith('files/'));
  const content = uniqueText('named');
  const id = await uploadNamed(name, content, raw);
  const { doc, disposition } = await scenario(ctx.api, [
    {
      request: `GET Document/${id}`,
      status: 200,
      answer: { filename: expected },
      check: (res) => {
        expect(res.body.filepath).toMatch(HASH_PATH);
        expect(res.body.filepath).toContain(sha1(content).slice(2));
      },
      capture: { doc: (body) => body },
    },
    { request: `GET Document/${id}`, query: 'alt=media', status: 200, text: content, capture: { disposition: (_, res) => res.headers.get('content-disposition') } },
  ]);
  const stored = doc as { id: number; name: string; filename: string; filepath: string };
  expect(readFileSync(diskPath(ctx.server.dataDir, stored.filepath), 'utf8')).toBe(content);
  // Nothing appeared outside files/, and nothing under files/ carries the client's name.
  expect(allDataFiles(ctx.server.dataDir).filter((p) => !p.startsWith('files/'))).toEqual(outside);
  expect(storedFiles(ctx.server.dataDir).filter((p) => !HASH_PATH.test(p))).toEqual([]);
  return { doc: stored, disposition: String(disposition) };
}

describe('file names are harmless', () => {
  test('path traversal: only the last segment is kept', async () => {
    await expectStoredSafely('../../../../etc/passwd.txt', 'passwd.txt');
    await expectStoredSafely('..\\..\\windows\\system32\\boot.txt', 'boot.txt');
    await expectStoredSafely('/absolute/path/abs.txt', 'abs.txt');
    await expectStoredSafely('../deskbase.sqlite.txt', 'deskbase.sqlite.txt');
  });

  test('raw ../ in the part header cannot escape either', async () => {
    await expectStoredSafely('../../escape.txt', 'escape.txt', true);
  });

  test('NUL and control characters are dropped', async () => {
    await expectStoredSafely('nul\u0000byte.txt', 'nulbyte.txt', true);
    await expectStoredSafely('tab\tand\u0007bell.txt', 'tabandbell.txt', true);
    // NUL before the extension cannot hide a script: "evil.php\0.txt" is a .txt named evil.php.txt.
    await expectStoredSafely('evil.php\u0000.txt', 'evil.php.txt', true);
  });

  test('bidi overrides cannot disguise an extension', async () => {
    // "invoice‮txt.exe" shows as "invoiceexe.txt" in some viewers; the mark is removed.
    await scenario(ctx.api, [{ request: 'POST Document/', body: { input: {} }, files: [{ name: 'invoice\u202etxt.exe', content: 'x' }], status: 400, error: 'ERROR_GLPI_ADD', message: /\.exe/ }]);
  });

  test('Unicode names are kept (NFC), and sent back exactly in filename*', async () => {
    const name = 'Résumé – 履歴書 📄.txt';
    const { doc, disposition } = await expectStoredSafely(name, name);
    expect(doc.name).toBe(name);
    expect(disposition).toBe(`attachment; filename="R_sum_ _ ___ _.txt"; filename*=utf-8''${encodeURIComponent(name)}`);
    const decomposed = 'Cafe\u0301.txt';
    await expectStoredSafely(decomposed, 'Café.txt');
  });

  test('quotes, backslashes and line breaks cannot break the Content-Disposition header', async () => {
    const { doc } = await expectStoredSafely('quoted.txt', 'quoted.txt');
    // A raw quote ends the name in the part header: what is left has no extension, refused.
    expect((await rawUpload(ctx.api, 'Document/', { input: {} }, 'say "hi".exe', 'x')).status).toBe(400);
    // `filename` is editable: whatever it holds, the header stays one well-formed line.
    await scenario(ctx.api, [
      updates(`Document/${doc.id}`, { filename: 'say "hi" \\ there\r\nX-Injected: 1.txt' }),
      {
        request: `GET Document/${doc.id}`,
        headers: { Accept: 'application/octet-stream' },
        status: 200,
        responseHeaders: {
          'x-injected': null,
          'content-disposition': `attachment; filename="say \\"hi\\" \\\\ thereX-Injected: 1.txt"; filename*=utf-8''say%20%22hi%22%20%5C%20thereX-Injected%3A%201.txt`,
        },
      },
    ]);
  });

  test('very long names are cut to 255 characters, the extension kept', async () => {
    const long = `${'a'.repeat(2000)}.txt`;
    const { doc } = await expectStoredSafely(long, `${'a'.repeat(251)}.txt`);
    expect(doc.filename).toHaveLength(255);
    const emoji = `${'😀'.repeat(400)}.pdf`;
    await scenario(ctx.api, [
      { request: 'POST Document/', body: { input: {} }, files: [{ name: emoji, content: `%PDF-1.4 ${uniqueText()}` }], status: 201, capture: { id: (body) => body.id } },
      // 251 emoji (one character each, two UTF-16 units) and the extension.
      { request: 'GET Document/${id}', status: 200, answer: { filename: `${'😀'.repeat(251)}.pdf` } },
    ]);
  });

  test('hidden-file names lose their leading dots', async () => {
    await expectStoredSafely('...notes.txt', 'notes.txt');
  });
});
