/**
 * The same multipart upload on other itemtypes (GLPI facts §3.17: POST /Ticket/ with name,
 * content and `_filename` in the manifest): each file becomes a Document of the item's entity,
 * linked to the item by a Document_Item; Problem, Change and assets too, on update as well.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { useServer } from '../support/server';
import { dbRows, type DocumentLink, diskPath, sha1, unique, uniquePng, uniqueText, upload, userWith } from './helpers';

const ctx = useServer();
let A: number;

beforeAll(async () => {
  A = await ctx.api.create('Entity', { name: 'Helpdesk A', entities_id: 0 });
});


const linksOf = async (itemtype: string, id: number): Promise<DocumentLink[]> => (await ctx.api.get(`${itemtype}/${id}/Document_Item`)).body;

describe('files attached to a new ticket', () => {
  test('POST /Ticket/ with two files: the ticket, two Documents and their links', async () => {
    const log = uniqueText('log');
    const res = await upload(ctx.api, 'Ticket/', { input: { name: 'Printer broken', content: 'see files', entities_id: A, _filename: ['error.log', 'photo.png'] } }, [
      { field: 'filename[0]', name: 'error.txt', content: log, type: 'text/plain' },
      { field: 'filename[1]', name: 'photo.png', content: uniquePng(), type: 'image/png' },
    ]);
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${ctx.server.api}/Ticket/${res.body.id}`);
    expect(res.body.upload_result.filename.map((e: { display: string }) => e.display)).toEqual(['error.txt', 'photo.png']);

    const ticket = (await ctx.api.get(`Ticket/${res.body.id}`)).body;
    expect(ticket).toMatchObject({ name: 'Printer broken', content: 'see files', entities_id: A });
    const links = await linksOf('Ticket', res.body.id);
    expect(links).toHaveLength(2);
    const docs = await Promise.all(links.map(async (l) => (await ctx.api.get(`Document/${l.documents_id}`)).body));
    docs.sort((a, b) => a.id - b.id);
    expect(docs[0]).toMatchObject({ name: `Document Ticket ${res.body.id}`, filename: 'error.txt', mime: 'text/plain', sha1sum: sha1(log), entities_id: A, tickets_id: res.body.id, users_id: 2 });
    expect(docs[1]).toMatchObject({ filename: 'photo.png', mime: 'image/png', entities_id: A });
    for (const doc of docs) expect(existsSync(diskPath(ctx.server.dataDir, doc.filepath))).toBe(true);
    for (const link of links) expect(link).toMatchObject({ itemtype: 'Ticket', items_id: res.body.id, entities_id: A });

    // GLPI's history: the document's creation, and the link on both sides.
    const history = dbRows<{ itemtype: string; linked_action: number; itemtype_link: string }>(
      ctx.server.dataDir,
      'SELECT itemtype, linked_action, itemtype_link FROM glpi_logs WHERE (itemtype = ? AND items_id = ?) OR (itemtype = ? AND items_id = ?) ORDER BY id',
      'Ticket',
      res.body.id,
      'Document',
      docs[0]!.id,
    );
    expect(history).toContainEqual({ itemtype: 'Document', linked_action: 20, itemtype_link: '0' });
    expect(history).toContainEqual({ itemtype: 'Ticket', linked_action: 15, itemtype_link: 'Document' });
    expect(history).toContainEqual({ itemtype: 'Document', linked_action: 15, itemtype_link: 'Ticket' });
  });

  test('with_documents shows the attached documents on the ticket', async () => {
    const res = await upload(ctx.api, 'Ticket/', { input: { name: 'with docs', content: 'x', entities_id: A } }, [{ name: 'a.txt', content: uniqueText('wd') }]);
    const ticket = (await ctx.api.get(`Ticket/${res.body.id}`, { query: 'with_documents=true' })).body;
    expect(ticket._documents).toHaveLength(1);
    expect(ticket._documents[0]).toMatchObject({ filename: 'a.txt' });
  });

  test('the same content already stored in the entity is linked again, not duplicated', async () => {
    const content = uniqueText('same');
    const first = await upload(ctx.api, 'Ticket/', { input: { name: 'first', content: 'x', entities_id: A } }, [{ name: 'same.txt', content }]);
    const second = await upload(ctx.api, 'Ticket/', { input: { name: 'second', content: 'x', entities_id: A } }, [{ name: 'again.txt', content }]);
    const [l1, l2] = [await linksOf('Ticket', first.body.id), await linksOf('Ticket', second.body.id)];
    expect(l2[0]!.documents_id).toBe(l1[0]!.documents_id);
    expect(dbRows(ctx.server.dataDir, 'SELECT id FROM glpi_documents WHERE sha1sum = ?', sha1(content))).toHaveLength(1);
  });

  test('a Self-Service user attaches files to the ticket it opens (no Document right needed)', async () => {
    const ss = await userWith(ctx.api, 1, A);
    const res = await upload(ss.client, 'Ticket/', { input: { name: 'my laptop', content: 'screen attached' } }, [{ name: 'screen.png', content: uniquePng() }]);
    expect(res.status).toBe(201);
    const links = await linksOf('Ticket', res.body.id);
    expect(links).toHaveLength(1);
    const doc = (await ctx.api.get(`Document/${links[0]!.documents_id}`)).body;
    expect(doc).toMatchObject({ users_id: ss.id, entities_id: A, filename: 'screen.png' });
    // …but cannot create a stand-alone Document.
    expect((await upload(ss.client, 'Document/', { input: {} }, [{ name: 'x.txt', content: 'x' }])).status).toBe(403);
  });

  test('a JSON ticket with _filename but no uploaded file gets no document', async () => {
    const id = await ctx.api.create('Ticket', { name: 'no files', content: 'x', _filename: ['../../deskbase.sqlite'] });
    expect(await linksOf('Ticket', id)).toHaveLength(0);
  });
});

describe('other itemtypes and updates', () => {
  test('Problem and Change take files on creation', async () => {
    for (const itemtype of ['Problem', 'Change']) {
      const res = await upload(ctx.api, `${itemtype}/`, { input: { name: `${itemtype} with file`, content: 'x', entities_id: A } }, [{ name: 'analysis.txt', content: uniqueText(itemtype) }]);
      expect(res.status, res.text).toBe(201);
      const links = await linksOf(itemtype, res.body.id);
      expect(links).toHaveLength(1);
      expect((await ctx.api.get(`Document/${links[0]!.documents_id}`)).body.name).toBe(`Document ${itemtype} ${res.body.id}`);
    }
  });

  test('PUT with files on a ticket attaches more documents', async () => {
    const created = await upload(ctx.api, 'Ticket/', { input: { name: 'grows', content: 'x', entities_id: A } }, [{ name: 'one.txt', content: uniqueText('one') }]);
    const res = await upload(ctx.api, `Ticket/${created.body.id}`, { input: { urgency: 4 } }, [{ name: 'two.txt', content: uniqueText('two') }], 'PUT');
    expect(res.status).toBe(200);
    expect(res.body[0].upload_result.filename[0].display).toBe('two.txt');
    expect(await linksOf('Ticket', created.body.id)).toHaveLength(2);
    expect((await ctx.api.get(`Ticket/${created.body.id}`)).body.urgency).toBe(4);
  });

  test('an asset takes files too; its documents are in its entity', async () => {
    const res = await upload(ctx.api, 'Computer/', { input: { name: unique('pc'), entities_id: A } }, [{ name: 'invoice.pdf', content: `%PDF-1.4 ${uniqueText()}` }]);
    expect(res.status).toBe(201);
    const links = await linksOf('Computer', res.body.id);
    expect(links).toHaveLength(1);
    expect((await ctx.api.get(`Document/${links[0]!.documents_id}`)).body).toMatchObject({ mime: 'application/pdf', entities_id: A, tickets_id: 0 });
  });

  test('a list input does not take the files (they go with a single object, as _filename)', async () => {
    const res = await upload(ctx.api, 'Ticket/', { input: [{ name: 'l1', content: 'x' }, { name: 'l2', content: 'y' }] }, [{ name: 'lost.txt', content: uniqueText('list') }]);
    expect(res.status).toBe(201);
    for (const { id } of res.body) expect(await linksOf('Ticket', id)).toHaveLength(0);
  });
});
