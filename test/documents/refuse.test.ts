/**
 * Refused uploads leave nothing behind: a blacklisted or non-whitelisted type, executable
 * content, a file above `document_max_size` → 400 ERROR_GLPI_ADD, no Document row, no file on
 * disk (README decision). Also when the database part fails after the file was written.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { useServer } from '../support/server';
import { allDataFiles, allowExtension, dbRows, diskPath, documentCount, setSetting, sha1, uniqueText, upload, userWith } from './helpers';

const ctx = useServer();

/** Runs an upload that must be refused and checks that the data folder and the tables did not change. */
async function expectNothingStored(run: () => Promise<{ status: number; body: unknown }>, message?: string | RegExp): Promise<void> {
  const files = allDataFiles(ctx.server.dataDir);
  const documents = documentCount(ctx.server.dataDir);
  const links = dbRows<{ n: number }>(ctx.server.dataDir, 'SELECT COUNT(*) AS n FROM glpi_documents_items')[0]!.n;
  const res = await run();
  expect(res.status).toBe(400);
  const body = res.body as [string, string];
  expect(body[0]).toBe('ERROR_GLPI_ADD');
  if (message) expect(body[1]).toMatch(message);
  expect(allDataFiles(ctx.server.dataDir)).toEqual(files);
  expect(documentCount(ctx.server.dataDir)).toBe(documents);
  expect(dbRows<{ n: number }>(ctx.server.dataDir, 'SELECT COUNT(*) AS n FROM glpi_documents_items')[0]!.n).toBe(links);
}

describe('refused uploads store nothing', () => {
  const dangerous = ['evil.php', 'shell.phtml', 'run.sh', 'setup.exe', 'tool.bat', 'tool.cmd', 'app.js', 'x.PHP', 'trailing.php.', 'spaced.php   ', 'script.ps1', 'macro.vbs', 'lib.jar', 'page.phar'];
  for (const name of dangerous) {
    test(`blacklisted type: ${JSON.stringify(name)}`, async () => {
      await expectNothingStored(() => upload(ctx.api, 'Document/', { input: { name: 'bad' } }, [{ name, content: '<?php system($_GET["c"]); ?>' }]), /refused: file type not allowed/);
    });
  }

  test('types outside the whitelist, and names without an extension', async () => {
    for (const name of ['notes.md5', 'archive.7z', 'README', '.htaccess', 'image.webp', 'x.']) {
      await expectNothingStored(() => upload(ctx.api, 'Document/', { input: {} }, [{ name, content: uniqueText(name) }]), /file type not allowed/);
    }
  });

  test('scripts stay refused even when an administrator whitelists them', async () => {
    await allowExtension(ctx.api, 'php', 'text/plain');
    await allowExtension(ctx.api, 'sh');
    await expectNothingStored(() => upload(ctx.api, 'Document/', { input: {} }, [{ name: 'index.php', content: '<?php echo 1;' }]), /never accepted/);
    await expectNothingStored(() => upload(ctx.api, 'Document/', { input: {} }, [{ name: 'run.sh', content: '#!/bin/sh\nid\n' }]), /never accepted/);
  });

  test('a whitelisted type can be switched off (is_uploadable = 0)', async () => {
    const id = await allowExtension(ctx.api, 'ini');
    expect((await upload(ctx.api, 'Document/', { input: {} }, [{ name: 'a.ini', content: uniqueText('ini') }])).status).toBe(201);
    expect((await ctx.api.put(`DocumentType/${id}`, { input: { is_uploadable: 0 } })).status).toBe(200);
    await expectNothingStored(() => upload(ctx.api, 'Document/', { input: {} }, [{ name: 'b.ini', content: uniqueText('ini') }]), /not an uploadable document type/);
  });

  test('executable content is refused whatever its name says', async () => {
    const pe = new Uint8Array(256);
    pe.set([0x4d, 0x5a]);
    pe.set([0x80, 0, 0, 0], 0x3c);
    pe.set([0x50, 0x45, 0, 0], 0x80);
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(56).fill(0)]);
    await expectNothingStored(() => upload(ctx.api, 'Document/', { input: {} }, [{ name: 'invoice.pdf', content: pe }]), /executable content/);
    await expectNothingStored(() => upload(ctx.api, 'Document/', { input: {} }, [{ name: 'notes.txt', content: elf }]), /executable content/);
    // Text that merely starts with "MZ" is fine.
    expect((await upload(ctx.api, 'Document/', { input: {} }, [{ name: 'mz.txt', content: `MZ is a postcode area ${uniqueText()}` }])).status).toBe(201);
  });

  describe('document_max_size', () => {
    afterAll(() => setSetting(ctx.api, 'document_max_size', '20'));

    test('a file above the limit is refused; one at the limit is accepted', async () => {
      await setSetting(ctx.api, 'document_max_size', '1');
      const mib = 1024 * 1024;
      const big = new Uint8Array(mib + 1).fill(0x61);
      await expectNothingStored(() => upload(ctx.api, 'Document/', { input: {} }, [{ name: 'big.txt', content: big }]), /File is too big/);
      const exact = new Uint8Array(mib).fill(0x62);
      const ok = await upload(ctx.api, 'Document/', { input: {} }, [{ name: 'exact.txt', content: exact }]);
      expect(ok.status).toBe(201);
    });

    test('one refused file refuses the whole element (nothing of the others stored)', async () => {
      await setSetting(ctx.api, 'document_max_size', '1');
      const small = uniqueText('small');
      await expectNothingStored(() =>
        upload(ctx.api, 'Ticket/', { input: { name: 'with files', content: 'x' } }, [
          { name: 'small.txt', content: small },
          { name: 'huge.txt', content: new Uint8Array(2 * 1024 * 1024) },
        ]),
      );
      expect(existsSync(diskPath(ctx.server.dataDir, `TXT/${sha1(small).slice(0, 2)}/${sha1(small).slice(2)}.TXT`))).toBe(false);
    });
  });

  test('a ticket with a blacklisted attachment is not created', async () => {
    const name = `ticket ${uniqueText('blacklisted')}`.trim();
    await expectNothingStored(() => upload(ctx.api, 'Ticket/', { input: { name, content: 'see attachment' } }, [{ name: 'payload.exe', content: 'MZ' }]));
    const found = dbRows(ctx.server.dataDir, 'SELECT id FROM glpi_tickets WHERE name = ?', name);
    expect(found).toHaveLength(0);
  });

  test('when the database part fails after the file was written, the file goes too', async () => {
    // The link to a missing computer fails after the document row and its file were written.
    const content = uniqueText('rolled back');
    await expectNothingStored(() => upload(ctx.api, 'Document/', { input: { name: 'orphan', itemtype: 'Computer', items_id: 999999 } }, [{ name: 'orphan.txt', content }]), /Computer 999999/);
  });

  test('…but a file another document uses stays when the failing upload had the same content', async () => {
    const content = uniqueText('shared');
    const kept = await upload(ctx.api, 'Document/', { input: { name: 'kept' } }, [{ name: 'kept.txt', content }]);
    expect(kept.status).toBe(201);
    const filepath = (await ctx.api.get(`Document/${kept.body.id}`)).body.filepath;
    await expectNothingStored(() => upload(ctx.api, 'Document/', { input: { itemtype: 'Computer', items_id: 999999 } }, [{ name: 'again.txt', content }]));
    expect(existsSync(diskPath(ctx.server.dataDir, filepath))).toBe(true);
  });

  test('a refused element of a session without the Document right stores nothing', async () => {
    const observer = await userWith(ctx.api, 2, 0);
    const files = allDataFiles(ctx.server.dataDir);
    const res = await upload(observer.client, 'Document/', { input: { name: 'nope' } }, [{ name: 'nope.txt', content: uniqueText('nope') }]);
    expect(res.status).toBe(403);
    expect(allDataFiles(ctx.server.dataDir)).toEqual(files);
  });
});
