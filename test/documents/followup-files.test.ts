/**
 * A requester replies with files: a follow-up uploaded with files on a ticket they may add
 * follow-ups to becomes Documents linked to the follow-up, without the Document right, as GLPI's
 * addFiles on an ITILFollowup; the follow-up read `with_documents` lists them to the requester.
 * Elsewhere the follow-up, and its files, are refused.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { dbRows, type DocumentLink, unique, uniqueText, upload, userWith } from './helpers';

const ctx = useServer();
const SELF_SERVICE = 1;
let A: number;

beforeAll(async () => {
  A = await ctx.api.create('Entity', { name: unique('Replies'), entities_id: 0 });
});

describe('files on a requester follow-up', () => {
  test('the requester of the ticket replies with two files (no Document right needed)', async () => {
    const me = await userWith(ctx.api, SELF_SERVICE, A);
    const ticket = (await me.client.post('Ticket/', { input: { name: 'printer jams', content: 'x' } })).body.id as number;
    const [one, two] = [uniqueText('log one'), uniqueText('log two')];
    const res = await upload(me.client, 'ITILFollowup/', { input: { itemtype: 'Ticket', items_id: ticket, content: '<p>logs</p>', _filename: ['one.txt', 'two.txt'] } }, [
      { name: 'one.txt', content: one, type: 'text/plain' },
      { name: 'two.txt', content: two, type: 'text/plain' },
    ]);
    expect(res.status, res.text).toBe(201);
    const followup = res.body.id as number;
    const links = (await ctx.api.get(`ITILFollowup/${followup}/Document_Item`, { query: 'range=0-99' })).body as DocumentLink[];
    expect(links.map((l) => l.itemtype)).toEqual(['ITILFollowup', 'ITILFollowup']);
    const docs = dbRows<{ filename: string; users_id: number; entities_id: number }>(
      ctx.server.dataDir,
      `SELECT filename, users_id, entities_id FROM glpi_documents WHERE id IN (${links.map((l) => l.documents_id).join(',')}) ORDER BY filename`,
    );
    expect(docs).toEqual([
      { filename: 'one.txt', users_id: me.id, entities_id: A },
      { filename: 'two.txt', users_id: me.id, entities_id: A },
    ]);
    // The requester downloads what they sent, and sees the files on the follow-up (with_documents), without the document right.
    const file = await me.client.get(`Document/${links[0]!.documents_id}`, { headers: { Accept: 'application/octet-stream' } });
    expect(file.status).toBe(200);
    const read = (await me.client.get(`ITILFollowup/${followup}`, { query: 'with_documents=true' })).body as { _documents: { filename: string }[] };
    expect(read._documents.map((d) => d.filename)).toEqual(['one.txt', 'two.txt']);
  });

  test("someone else's ticket: the follow-up and its files are refused, nothing stored", async () => {
    const owner = await userWith(ctx.api, SELF_SERVICE, A);
    const other = await userWith(ctx.api, SELF_SERVICE, A);
    const ticket = (await owner.client.post('Ticket/', { input: { name: 'mine', content: 'x' } })).body.id as number;
    const before = dbRows<{ n: number }>(ctx.server.dataDir, 'SELECT COUNT(*) AS n FROM glpi_documents')[0]!.n;
    const res = await upload(other.client, 'ITILFollowup/', { input: { itemtype: 'Ticket', items_id: ticket, content: 'intrude' } }, [{ name: 'x.txt', content: uniqueText('x') }]);
    expect([res.status, res.body]).toEqual([400, ['ERROR_GLPI_ADD', "You don't have permission to perform this action."]]);
    expect(dbRows<{ n: number }>(ctx.server.dataDir, 'SELECT COUNT(*) AS n FROM glpi_documents')[0]!.n).toBe(before);
    expect(dbRows(ctx.server.dataDir, 'SELECT id FROM glpi_itilfollowups WHERE items_id = ?', ticket)).toEqual([]);
  });
});
