/**
 * The same multipart upload on other itemtypes (GLPI facts §3.17: POST /Ticket/ with name,
 * content and `_filename` in the manifest): each file becomes a Document of the item's entity,
 * linked to the item by a Document_Item; Problem, Change and assets too, on update as well.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import type { Client } from '../support/client';
import { creates, holds, scenario, type Step } from '../support/scenario';
import { useServer } from '../support/server';
import type { FilePart } from '../support/upload';
import { dbRows, type DocumentLink, diskPath, sha1, unique, uniquePng, uniqueText, userWith } from './helpers';

const ctx = useServer();
let A: number;

beforeAll(async () => {
  A = await ctx.api.create('Entity', { name: 'Helpdesk A', entities_id: 0 });
});

/** A multipart add of `path` that must succeed, the new id captured as `name`. */
const attach = (name: string, path: string, input: unknown, files: FilePart[], as?: Client): Step =>
  ({ request: `POST ${path}`, body: { input }, files, status: 201, capture: { [name]: (body) => body.id }, ...(as ? { as } : {}) });
/** The captured item's Document_Item rows: how many, and (as `doc`, or `doc` and `doc2` by id) the documents they link. */
const links = (item: string, count: number, doc = 'doc'): Step => ({
  request: `GET ${item}/Document_Item`,
  status: 200,
  check: (res) => expect(res.body).toHaveLength(count),
  capture: count === 0 ? {} : { [doc]: (body: DocumentLink[]) => Math.min(...body.map((l) => l.documents_id)), [`${doc}2`]: (body: DocumentLink[]) => Math.max(...body.map((l) => l.documents_id)) },
});

describe('files attached to a new ticket', () => {
  test('POST /Ticket/ with two files: the ticket, two Documents and their links', async () => {
    const log = uniqueText('log');
    const got = await scenario(ctx.api, [
      {
        ...attach('ticket', 'Ticket/', { name: 'Printer broken', content: 'see files', entities_id: A, _filename: ['error.log', 'photo.png'] }, [
          { field: 'filename[0]', name: 'error.txt', content: log, type: 'text/plain' },
          { field: 'filename[1]', name: 'photo.png', content: uniquePng(), type: 'image/png' },
        ]),
        check: (res) => {
          expect(res.headers.get('location')).toBe(`${ctx.server.api}/Ticket/${res.body.id}`);
          expect(res.body.upload_result.filename.map((e: { display: string }) => e.display)).toEqual(['error.txt', 'photo.png']);
        },
      },
      holds('Ticket/${ticket}', { name: 'Printer broken', content: 'see files', entities_id: A }),
      {
        ...links('Ticket/${ticket}', 2),
        check: (res, { ticket }) => expect(res.body).toMatchObject([1, 2].map(() => ({ itemtype: 'Ticket', items_id: ticket, entities_id: A }))),
      },
      {
        ...holds('Document/${doc}', { name: 'Document Ticket ${ticket}', filename: 'error.txt', mime: 'text/plain', sha1sum: sha1(log), entities_id: A, tickets_id: '${ticket}', users_id: 2 }),
        capture: { path: (body) => body.filepath },
      },
      { ...holds('Document/${doc2}', { filename: 'photo.png', mime: 'image/png', entities_id: A }), capture: { path2: (body) => body.filepath } },
    ]);
    for (const path of [got.path, got.path2]) expect(existsSync(diskPath(ctx.server.dataDir, String(path)))).toBe(true);

    // GLPI's history: the document's creation, and the link on both sides.
    const history = dbRows<{ itemtype: string; linked_action: number; itemtype_link: string }>(
      ctx.server.dataDir,
      'SELECT itemtype, linked_action, itemtype_link FROM glpi_logs WHERE (itemtype = ? AND items_id = ?) OR (itemtype = ? AND items_id = ?) ORDER BY id',
      'Ticket',
      Number(got.ticket),
      'Document',
      Number(got.doc),
    );
    expect(history).toContainEqual({ itemtype: 'Document', linked_action: 20, itemtype_link: '0' });
    expect(history).toContainEqual({ itemtype: 'Ticket', linked_action: 15, itemtype_link: 'Document' });
    expect(history).toContainEqual({ itemtype: 'Document', linked_action: 15, itemtype_link: 'Ticket' });
  });

  test('with_documents shows the attached documents on the ticket', () =>
    scenario(ctx.api, [
      attach('ticket', 'Ticket/', { name: 'with docs', content: 'x', entities_id: A }, [{ name: 'a.txt', content: uniqueText('wd') }]),
      { ...holds('Ticket/${ticket}', { _documents: [{ filename: 'a.txt' }] }), query: 'with_documents=true' },
    ]));

  test('the same content already stored in the entity is linked again, not duplicated', async () => {
    const content = uniqueText('same');
    await scenario(ctx.api, [
      attach('first', 'Ticket/', { name: 'first', content: 'x', entities_id: A }, [{ name: 'same.txt', content }]),
      attach('second', 'Ticket/', { name: 'second', content: 'x', entities_id: A }, [{ name: 'again.txt', content }]),
      links('Ticket/${first}', 1),
      { ...links('Ticket/${second}', 1, 'again'), answer: [{ documents_id: '${doc}' }] },
    ]);
    expect(dbRows(ctx.server.dataDir, 'SELECT id FROM glpi_documents WHERE sha1sum = ?', sha1(content))).toHaveLength(1);
  });

  test('a Self-Service user attaches files to the ticket it opens (no Document right needed)', async () => {
    const ss = await userWith(ctx.api, 1, A);
    await scenario(ctx.api, [
      attach('ticket', 'Ticket/', { name: 'my laptop', content: 'screen attached' }, [{ name: 'screen.png', content: uniquePng() }], ss.client),
      links('Ticket/${ticket}', 1),
      holds('Document/${doc}', { users_id: ss.id, entities_id: A, filename: 'screen.png' }),
      // …but cannot create a stand-alone Document.
      { request: 'POST Document/', body: { input: {} }, files: [{ name: 'x.txt', content: 'x' }], as: ss.client, status: 403 },
    ]);
  });

  test('a JSON ticket with _filename but no uploaded file gets no document', () =>
    scenario(ctx.api, [creates('ticket', 'Ticket', { name: 'no files', content: 'x', _filename: ['../../deskbase.sqlite'] }), links('Ticket/${ticket}', 0)]));
});

describe('other itemtypes and updates', () => {
  test.each(['Problem', 'Change'])('%s takes files on creation', (itemtype) =>
    scenario(ctx.api, [
      attach('item', `${itemtype}/`, { name: `${itemtype} with file`, content: 'x', entities_id: A }, [{ name: 'analysis.txt', content: uniqueText(itemtype) }]),
      links(`${itemtype}/\${item}`, 1),
      holds('Document/${doc}', { name: `Document ${itemtype} \${item}` }),
    ]));

  test('PUT with files on a ticket attaches more documents', () =>
    scenario(ctx.api, [
      attach('ticket', 'Ticket/', { name: 'grows', content: 'x', entities_id: A }, [{ name: 'one.txt', content: uniqueText('one') }]),
      {
        request: 'PUT Ticket/${ticket}',
        body: { input: { urgency: 4 } },
        files: [{ name: 'two.txt', content: uniqueText('two') }],
        status: 200,
        check: (res) => expect(res.body[0].upload_result.filename[0].display).toBe('two.txt'),
      },
      links('Ticket/${ticket}', 2),
      holds('Ticket/${ticket}', { urgency: 4 }),
    ]));

  test('an asset takes files too; its documents are in its entity', () =>
    scenario(ctx.api, [
      attach('pc', 'Computer/', { name: unique('pc'), entities_id: A }, [{ name: 'invoice.pdf', content: `%PDF-1.4 ${uniqueText()}` }]),
      links('Computer/${pc}', 1),
      holds('Document/${doc}', { mime: 'application/pdf', entities_id: A, tickets_id: 0 }),
    ]));

  test('a list input does not take the files (they go with a single object, as _filename)', () =>
    scenario(ctx.api, [
      {
        request: 'POST Ticket/',
        body: { input: [{ name: 'l1', content: 'x' }, { name: 'l2', content: 'y' }] },
        files: [{ name: 'lost.txt', content: uniqueText('list') }],
        status: 201,
        check: (res) => expect(res.body).toHaveLength(2),
        capture: { l1: (body) => body[0].id, l2: (body) => body[1].id },
      },
      links('Ticket/${l1}', 0),
      links('Ticket/${l2}', 0),
    ]));
});
