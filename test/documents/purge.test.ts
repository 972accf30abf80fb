/**
 * The file of a Document lives as long as a Document uses it (glpi-model §7): the trash keeps
 * it, a purge removes it only when no other Document has the same content, and purging the
 * item a document is attached to leaves the document and its file alone.
 */
import { describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { useServer } from '../support/server';
import { diskPath, uniqueText, upload, userWith } from './helpers';

const ctx = useServer();

async function uploadDoc(name: string, content: string): Promise<{ id: number; filepath: string }> {
  const res = await upload(ctx.api, 'Document/', { input: { name } }, [{ name: `${name}.txt`, content }]);
  if (res.status !== 201) throw new Error(res.text);
  return { id: res.body.id, filepath: (await ctx.api.get(`Document/${res.body.id}`)).body.filepath };
}

const onDisk = (filepath: string) => existsSync(diskPath(ctx.server.dataDir, filepath));

describe('purge and the stored file', () => {
  test('the trash keeps the file; restoring finds it; purge removes it', async () => {
    const doc = await uploadDoc('trashed', uniqueText('trash'));
    expect((await ctx.api.del(`Document/${doc.id}`)).status).toBe(204);
    expect((await ctx.api.get(`Document/${doc.id}`)).body.is_deleted).toBe(1);
    expect(onDisk(doc.filepath)).toBe(true);
    expect((await ctx.api.put(`Document/${doc.id}`, { input: { is_deleted: 0 } })).status).toBe(200);
    expect((await ctx.api.get(`Document/${doc.id}`, { query: 'alt=media' })).status).toBe(200);
    expect((await ctx.api.del(`Document/${doc.id}`, { query: 'force_purge=true' })).status).toBe(204);
    expect((await ctx.api.get(`Document/${doc.id}`)).status).toBe(404);
    expect(onDisk(doc.filepath)).toBe(false);
  });

  test('a file two Documents share stays until the last one is purged', async () => {
    const content = uniqueText('shared');
    const a = await uploadDoc('shared-a', content);
    const b = await uploadDoc('shared-b', content);
    expect(a.filepath).toBe(b.filepath);
    expect((await ctx.api.del(`Document/${a.id}`, { query: 'force_purge=true' })).status).toBe(204);
    expect(onDisk(b.filepath)).toBe(true);
    expect((await ctx.api.get(`Document/${b.id}`, { query: 'alt=media' })).text).toBe(content);
    // A trashed sharer still counts.
    expect((await ctx.api.del(`Document/${b.id}`)).status).toBe(204);
    expect(onDisk(b.filepath)).toBe(true);
    expect((await ctx.api.del(`Document/${b.id}`, { query: 'force_purge=true' })).status).toBe(204);
    expect(onDisk(b.filepath)).toBe(false);
  });

  test('a bulk purge of every sharer removes the file once', async () => {
    const content = uniqueText('bulk');
    const docs = [await uploadDoc('bulk-1', content), await uploadDoc('bulk-2', content), await uploadDoc('bulk-3', content)];
    const res = await ctx.api.del('Document/', { body: { input: docs.map((d) => ({ id: d.id })), force_purge: true } });
    expect(res.status).toBe(200);
    expect(onDisk(docs[0]!.filepath)).toBe(false);
  });

  test('purging the item a document is attached to keeps the document and its file', async () => {
    const res = await upload(ctx.api, 'Ticket/', { input: { name: 'to purge', content: 'x' } }, [{ name: 'keep.txt', content: uniqueText('keep') }]);
    const [link] = (await ctx.api.get(`Ticket/${res.body.id}/Document_Item`)).body;
    const doc = (await ctx.api.get(`Document/${link.documents_id}`)).body;
    expect((await ctx.api.del(`Ticket/${res.body.id}`, { query: 'force_purge=true' })).status).toBe(204);
    expect((await ctx.api.get(`Document/${doc.id}`)).status).toBe(200);
    expect(onDisk(doc.filepath)).toBe(true);
  });

  test('a refused purge keeps the file', async () => {
    const doc = await uploadDoc('protected', uniqueText('protected'));
    const observer = (await userWith(ctx.api, 2, 0)).client;
    expect((await observer.del(`Document/${doc.id}`, { query: 'force_purge=true' })).status).toBe(403);
    expect(onDisk(doc.filepath)).toBe(true);
  });
});
