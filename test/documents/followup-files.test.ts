/**
 * A requester replies with files: a follow-up uploaded with files on a ticket they may add
 * follow-ups to becomes Documents linked to the follow-up, without the Document right, as GLPI's
 * addFiles on an ITILFollowup; the follow-up read `with_documents` lists them to the requester.
 * Elsewhere the follow-up, and its files, are refused.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { creates, scenario } from '../support/scenario';
import { useServer } from '../support/server';
import { dbRows, type DocumentLink, unique, uniqueText, userWith } from './helpers';

const ctx = useServer();
const SELF_SERVICE = 1;
let A: number;

beforeAll(async () => {
  A = await ctx.api.create('Entity', { name: unique('Replies'), entities_id: 0 });
});

describe('files on a requester follow-up', () => {
  test('the requester of the ticket replies with two files (no Document right needed)', async () => {
    const me = await userWith(ctx.api, SELF_SERVICE, A);
    const [one, two] = [uniqueText('log one'), uniqueText('log two')];
    const { documents } = await scenario(ctx.api, [
      creates('ticket', 'Ticket', { name: 'printer jams', content: 'x' }, me.client),
      {
        request: 'POST ITILFollowup/',
        body: { input: { itemtype: 'Ticket', items_id: '${ticket}', content: '<p>logs</p>', _filename: ['one.txt', 'two.txt'] } },
        files: [
          { name: 'one.txt', content: one, type: 'text/plain' },
          { name: 'two.txt', content: two, type: 'text/plain' },
        ],
        as: me.client,
        status: 201,
        capture: { followup: (body) => body.id },
      },
      {
        request: 'GET ITILFollowup/${followup}/Document_Item',
        query: 'range=0-99',
        status: 200,
        check: (res) => expect((res.body as DocumentLink[]).map((l) => l.itemtype)).toEqual(['ITILFollowup', 'ITILFollowup']),
        capture: { documents: (body: DocumentLink[]) => body.map((l) => l.documents_id), first: (body: DocumentLink[]) => body[0]!.documents_id },
      },
      // The requester downloads what they sent, and sees the files on the follow-up (with_documents), without the document right.
      { request: 'GET Document/${first}', headers: { Accept: 'application/octet-stream' }, as: me.client, status: 200 },
      {
        request: 'GET ITILFollowup/${followup}',
        query: 'with_documents=true',
        as: me.client,
        status: 200,
        check: (res) => expect((res.body._documents as { filename: string }[]).map((d) => d.filename)).toEqual(['one.txt', 'two.txt']),
      },
    ]);
    const ids = documents as number[];
    const docs = dbRows<{ filename: string; users_id: number; entities_id: number }>(
      ctx.server.dataDir,
      `SELECT filename, users_id, entities_id FROM glpi_documents WHERE id IN (${ids.map(() => '?').join(',')}) ORDER BY filename`,
      ...ids,
    );
    expect(docs).toEqual([
      { filename: 'one.txt', users_id: me.id, entities_id: A },
      { filename: 'two.txt', users_id: me.id, entities_id: A },
    ]);
  });

  test("someone else's ticket: the follow-up and its files are refused, nothing stored", async () => {
    const owner = await userWith(ctx.api, SELF_SERVICE, A);
    const other = await userWith(ctx.api, SELF_SERVICE, A);
    const before = dbRows<{ n: number }>(ctx.server.dataDir, 'SELECT COUNT(*) AS n FROM glpi_documents')[0]!.n;
    const { ticket } = await scenario(ctx.api, [
      creates('ticket', 'Ticket', { name: 'mine', content: 'x' }, owner.client),
      {
        request: 'POST ITILFollowup/',
        body: { input: { itemtype: 'Ticket', items_id: '${ticket}', content: 'intrude' } },
        files: [{ name: 'x.txt', content: uniqueText('x') }],
        as: other.client,
        status: 400,
        error: 'ERROR_GLPI_ADD',
        equals: ['ERROR_GLPI_ADD', "You don't have permission to perform this action."],
      },
    ]);
    expect(dbRows<{ n: number }>(ctx.server.dataDir, 'SELECT COUNT(*) AS n FROM glpi_documents')[0]!.n).toBe(before);
    expect(dbRows(ctx.server.dataDir, 'SELECT id FROM glpi_itilfollowups WHERE items_id = ?', Number(ticket))).toEqual([]);
  });
});
