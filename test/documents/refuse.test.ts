/**
 * Refused uploads leave nothing behind: a blacklisted or non-whitelisted type, executable
 * content, a file above `document_max_size` → 400 ERROR_GLPI_ADD, no Document row, no file on
 * disk (README decision). Also when the database part fails after the file was written.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { scenario, updates, type Step } from '../support/scenario';
import { useServer } from '../support/server';
import type { FilePart } from '../support/upload';
import { allDataFiles, allowExtension, dbRows, diskPath, documentCount, setSetting, sha1, uniqueText, userWith } from './helpers';

const ctx = useServer();

/** An upload to `path` that must be refused with ERROR_GLPI_ADD (and `message`, if given). */
const refusedUpload = (path: string, input: unknown, files: FilePart[], message?: RegExp): Step =>
  ({ request: `POST ${path}`, body: { input }, files, status: 400, error: 'ERROR_GLPI_ADD', ...(message ? { message } : {}) });
/** An upload of one file as a new Document, that must succeed. */
const stored = (name: string, content: string): Step => ({ request: 'POST Document/', body: { input: {} }, files: [{ name, content }], status: 201 });

/** Runs a refused upload and checks that the data folder and the tables did not change. */
async function expectNothingStored(step: Step): Promise<void> {
  const files = allDataFiles(ctx.server.dataDir);
  const documents = documentCount(ctx.server.dataDir);
  const links = dbRows<{ n: number }>(ctx.server.dataDir, 'SELECT COUNT(*) AS n FROM glpi_documents_items')[0]!.n;
  await scenario(ctx.api, [step]);
  expect(allDataFiles(ctx.server.dataDir)).toEqual(files);
  expect(documentCount(ctx.server.dataDir)).toBe(documents);
  expect(dbRows<{ n: number }>(ctx.server.dataDir, 'SELECT COUNT(*) AS n FROM glpi_documents_items')[0]!.n).toBe(links);
}

describe('refused uploads store nothing', () => {
  const dangerous = ['evil.php', 'shell.phtml', 'run.sh', 'setup.exe', 'tool.bat', 'tool.cmd', 'app.js', 'x.PHP', 'trailing.php.', 'spaced.php   ', 'script.ps1', 'macro.vbs', 'lib.jar', 'page.phar'];
  for (const name of dangerous) {
    test(`blacklisted type: ${JSON.stringify(name)}`, async () => {
      await expectNothingStored(refusedUpload('Document/', { name: 'bad' }, [{ name, content: '<?php system($_GET["c"]); ?>' }], /refused: file type not allowed/));
    });
  }

  test('types outside the whitelist, and names without an extension', async () => {
    for (const name of ['notes.md5', 'archive.7z', 'README', '.htaccess', 'image.webp', 'x.']) {
      await expectNothingStored(refusedUpload('Document/', {}, [{ name, content: uniqueText(name) }], /file type not allowed/));
    }
  });

  test('scripts stay refused even when an administrator whitelists them', async () => {
    await allowExtension(ctx.api, 'php', 'text/plain');
    await allowExtension(ctx.api, 'sh');
    await expectNothingStored(refusedUpload('Document/', {}, [{ name: 'index.php', content: '<?php echo 1;' }], /never accepted/));
    await expectNothingStored(refusedUpload('Document/', {}, [{ name: 'run.sh', content: '#!/bin/sh\nid\n' }], /never accepted/));
  });

  test('a whitelisted type can be switched off (is_uploadable = 0)', async () => {
    const id = await allowExtension(ctx.api, 'ini');
    await scenario(ctx.api, [stored('a.ini', uniqueText('ini')), updates(`DocumentType/${id}`, { is_uploadable: 0 })]);
    await expectNothingStored(refusedUpload('Document/', {}, [{ name: 'b.ini', content: uniqueText('ini') }], /not an uploadable document type/));
  });

  test('executable content is refused whatever its name says', async () => {
    const pe = new Uint8Array(256);
    pe.set([0x4d, 0x5a]);
    pe.set([0x80, 0, 0, 0], 0x3c);
    pe.set([0x50, 0x45, 0, 0], 0x80);
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(56).fill(0)]);
    await expectNothingStored(refusedUpload('Document/', {}, [{ name: 'invoice.pdf', content: pe }], /executable content/));
    await expectNothingStored(refusedUpload('Document/', {}, [{ name: 'notes.txt', content: elf }], /executable content/));
    // Text that merely starts with "MZ" is fine.
    await scenario(ctx.api, [stored('mz.txt', `MZ is a postcode area ${uniqueText()}`)]);
  });

  describe('document_max_size', () => {
    afterAll(() => setSetting(ctx.api, 'document_max_size', '20'));

    test('a file above the limit is refused; one at the limit is accepted', async () => {
      await setSetting(ctx.api, 'document_max_size', '1');
      const mib = 1024 * 1024;
      const big = new Uint8Array(mib + 1).fill(0x61);
      await expectNothingStored(refusedUpload('Document/', {}, [{ name: 'big.txt', content: big }], /File is too big/));
      const exact = new Uint8Array(mib).fill(0x62);
      await scenario(ctx.api, [{ request: 'POST Document/', body: { input: {} }, files: [{ name: 'exact.txt', content: exact }], status: 201 }]);
    });

    test('one refused file refuses the whole element (nothing of the others stored)', async () => {
      await setSetting(ctx.api, 'document_max_size', '1');
      const small = uniqueText('small');
      await expectNothingStored(
        refusedUpload('Ticket/', { name: 'with files', content: 'x' }, [
          { name: 'small.txt', content: small },
          { name: 'huge.txt', content: new Uint8Array(2 * 1024 * 1024) },
        ]),
      );
      expect(existsSync(diskPath(ctx.server.dataDir, `TXT/${sha1(small).slice(0, 2)}/${sha1(small).slice(2)}.TXT`))).toBe(false);
    });
  });

  test('a ticket with a blacklisted attachment is not created', async () => {
    const name = `ticket ${uniqueText('blacklisted')}`.trim();
    await expectNothingStored(refusedUpload('Ticket/', { name, content: 'see attachment' }, [{ name: 'payload.exe', content: 'MZ' }]));
    const found = dbRows(ctx.server.dataDir, 'SELECT id FROM glpi_tickets WHERE name = ?', name);
    expect(found).toHaveLength(0);
  });

  test('when the database part fails after the file was written, the file goes too', async () => {
    // The link to a missing computer fails after the document row and its file were written.
    const content = uniqueText('rolled back');
    await expectNothingStored(refusedUpload('Document/', { name: 'orphan', itemtype: 'Computer', items_id: 999999 }, [{ name: 'orphan.txt', content }], /Computer 999999/));
  });

  test('…but a file another document uses stays when the failing upload had the same content', async () => {
    const content = uniqueText('shared');
    const { filepath } = await scenario(ctx.api, [
      { request: 'POST Document/', body: { input: { name: 'kept' } }, files: [{ name: 'kept.txt', content }], status: 201, capture: { kept: (body) => body.id } },
      { request: 'GET Document/${kept}', status: 200, capture: { filepath: (body) => body.filepath } },
    ]);
    await expectNothingStored(refusedUpload('Document/', { itemtype: 'Computer', items_id: 999999 }, [{ name: 'again.txt', content }]));
    expect(existsSync(diskPath(ctx.server.dataDir, String(filepath)))).toBe(true);
  });

  test('a refused element of a session without the Document right stores nothing', async () => {
    const observer = await userWith(ctx.api, 2, 0);
    const files = allDataFiles(ctx.server.dataDir);
    await scenario(ctx.api, [{ request: 'POST Document/', body: { input: { name: 'nope' } }, files: [{ name: 'nope.txt', content: uniqueText('nope') }], as: observer.client, status: 403 }]);
    expect(allDataFiles(ctx.server.dataDir)).toEqual(files);
  });
});
