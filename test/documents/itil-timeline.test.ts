/**
 * Documents on follow-ups, solutions and tasks, as GLPI 10.0 (document_types lists them): a file
 * uploaded with a follow-up becomes a Document of its ticket's entity linked to the follow-up, and
 * a Document_Item may name a follow-up, a solution or a task. The links are seen as their
 * follow-up is: through its ticket's rules and its privacy.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { useServer } from '../support/server';
import { dbRows, type DocumentLink, sha1, unique, uniqueText, upload, userWith } from './helpers';

const ctx = useServer();
const OBSERVER = 2;
let A: number;
let ticket: number;


const linksOf = async (client: Client, itemtype: string, id: number) => client.get(`${itemtype}/${id}/Document_Item`, { query: 'range=0-99' });
const linkedIds = async (client: Client) => ((await client.get('Document_Item/', { query: 'range=0-999' })).body as DocumentLink[]).map((l) => l.id);

beforeAll(async () => {
  A = await ctx.api.create('Entity', { name: unique('Timeline'), entities_id: 0 });
  ticket = await ctx.api.create('Ticket', { name: 'with a timeline', content: 'c', entities_id: A });
});

describe('documents on follow-ups, solutions and tasks', () => {
  test("a file uploaded with a follow-up: a Document of the ticket's entity, linked to the follow-up, with GLPI's history", async () => {
    const log = uniqueText('followup log');
    const res = await upload(ctx.api, 'ITILFollowup/', { input: { itemtype: 'Ticket', items_id: ticket, content: 'see file', _filename: ['trace.txt'] } }, [
      { field: 'filename[0]', name: 'trace.txt', content: log, type: 'text/plain' },
    ]);
    expect(res.status).toBe(201);
    const followup = res.body.id as number;
    const links = (await linksOf(ctx.api, 'ITILFollowup', followup)).body as DocumentLink[];
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ itemtype: 'ITILFollowup', items_id: followup, entities_id: A });
    const doc = (await ctx.api.get(`Document/${links[0]!.documents_id}`)).body;
    expect(doc).toMatchObject({ filename: 'trace.txt', sha1sum: sha1(log), entities_id: A });
    const history = dbRows<{ linked_action: number; itemtype_link: string }>(ctx.server.dataDir, "SELECT linked_action, itemtype_link FROM glpi_logs WHERE itemtype = 'Document' AND items_id = ? ORDER BY id", doc.id);
    expect(history).toEqual([
      { linked_action: 20, itemtype_link: '0' },
      { linked_action: 15, itemtype_link: 'ITILFollowup' },
    ]);
    // The old name lists the same links.
    expect(((await linksOf(ctx.api, 'TicketFollowup', followup)).body as DocumentLink[]).map((l) => l.id)).toEqual([links[0]!.id]);
    const file = await ctx.api.get(`Document/${doc.id}`, { headers: { Accept: 'application/octet-stream' } });
    expect({ status: file.status, body: file.text }).toEqual({ status: 200, body: log });
  });

  test('a Document_Item may name a solution, a ticket task, a change task or a problem task', async () => {
    const document = await ctx.api.create('Document', { name: unique('spec'), entities_id: A });
    const change = await ctx.api.create('Change', { name: 'c', content: 'c', entities_id: A });
    const problem = await ctx.api.create('Problem', { name: 'p', content: 'p', entities_id: A });
    const items: [string, number][] = [
      ['ITILSolution', await ctx.api.create('ITILSolution', { itemtype: 'Ticket', items_id: ticket, content: 'fixed' })],
      ['TicketTask', await ctx.api.create('TicketTask', { tickets_id: ticket, content: 'task' })],
      ['ChangeTask', await ctx.api.create('ChangeTask', { changes_id: change, content: 'task' })],
      ['ProblemTask', await ctx.api.create('ProblemTask', { problems_id: problem, content: 'task' })],
    ];
    for (const [itemtype, id] of items) {
      const res = await ctx.api.post('Document_Item/', { input: { documents_id: document, itemtype, items_id: id } });
      expect({ itemtype, status: res.status }).toEqual({ itemtype, status: 201 });
      const listed = (await linksOf(ctx.api, itemtype, id)).body as DocumentLink[];
      expect({ itemtype, listed: listed.map((l) => l.documents_id) }).toEqual({ itemtype, listed: [document] });
    }
  });

  test("a private follow-up's documents stay private; a reader who cannot see the ticket sees no link", async () => {
    const document = await ctx.api.create('Document', { name: unique('private'), entities_id: A });
    const publicFollowup = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'public' });
    const privateFollowup = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'private', is_private: 1 });
    const linkIds: number[] = [];
    for (const items_id of [publicFollowup, privateFollowup]) {
      const res = await ctx.api.post('Document_Item/', { input: { documents_id: document, itemtype: 'ITILFollowup', items_id } });
      expect(res.status).toBe(201);
      linkIds.push(res.body.id);
    }

    // An observer reads every ticket and the documents, but not private follow-ups.
    const observer = (await userWith(ctx.api, OBSERVER, A)).client;
    expect((await linksOf(observer, 'ITILFollowup', publicFollowup)).status).toBe(200);
    expect((await linksOf(observer, 'ITILFollowup', privateFollowup)).status).toBe(403);
    const seen = await linkedIds(observer);
    expect({ public: seen.includes(linkIds[0]!), private: seen.includes(linkIds[1]!) }).toEqual({ public: true, private: false });

    // Documents and follow-ups readable, but only the tickets they are involved in.
    const profile = await ctx.api.create('Profile', { name: unique('mine-only'), interface: 'central' });
    await ctx.api.setRights(profile, { document: 1, ticket: 1, followup: 1 });
    const outsider = (await userWith(ctx.api, profile, A)).client;
    expect((await linksOf(outsider, 'ITILFollowup', publicFollowup)).status).toBe(403);
    const outsiderSeen = await linkedIds(outsider);
    expect(outsiderSeen.filter((id) => linkIds.includes(id))).toEqual([]);
  });

  test("a user who may link documents cannot link one to a follow-up they cannot read; nothing is written", async () => {
    const privateFollowup = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'private', is_private: 1 });
    const profile = await ctx.api.create('Profile', { name: unique('linker'), interface: 'central' });
    await ctx.api.setRights(profile, { document: 31, ticket: 1, followup: 1 });
    const linker = (await userWith(ctx.api, profile, A)).client;
    const own = await linker.post('Document/', { input: { name: unique('own'), entities_id: A } });
    expect(own.status).toBe(201);
    const before = (dbRows<{ n: number }>(ctx.server.dataDir, 'SELECT COUNT(*) AS n FROM glpi_documents_items'))[0]!.n;
    const res = await linker.post('Document_Item/', { input: { documents_id: own.body.id, itemtype: 'ITILFollowup', items_id: privateFollowup } });
    // As GLPI: an add refused for the item it names is 400 ERROR_GLPI_ADD.
    expect(res.status).toBe(400);
    expect(res.body).toEqual(['ERROR_GLPI_ADD', "You don't have permission to perform this action."]);
    expect((dbRows<{ n: number }>(ctx.server.dataDir, 'SELECT COUNT(*) AS n FROM glpi_documents_items'))[0]!.n).toBe(before);
  });

  test("who reads a ticket downloads its documents without the document right, as GLPI; other documents stay refused", async () => {
    // Tickets (their own only) and follow-ups, but no document right at all.
    const profile = await ctx.api.create('Profile', { name: unique('requester'), interface: 'central' });
    await ctx.api.setRights(profile, { ticket: 1, followup: 1 });
    const requester = await userWith(ctx.api, profile, A);
    const mine = await ctx.api.create('Ticket', { name: 'mine', content: 'c', entities_id: A, _users_id_requester: requester.id });
    const other = await ctx.api.create('Ticket', { name: 'not mine', content: 'c', entities_id: A });
    const fileOf = async (input: Record<string, unknown>, content: string) => {
      const res = await upload(ctx.api, 'Document/', { input: { name: unique('file'), entities_id: A, _filename: ['f.txt'], ...input } }, [{ name: 'f.txt', content, type: 'text/plain' }]);
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const onMine = await fileOf({ itemtype: 'Ticket', items_id: mine }, 'on my ticket');
    const onOther = await fileOf({ itemtype: 'Ticket', items_id: other }, 'on another ticket');
    const publicNote = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: mine, content: 'public' });
    const privateNote = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: mine, content: 'private', is_private: 1 });
    const onPublic = await fileOf({ itemtype: 'ITILFollowup', items_id: publicNote }, 'on a public follow-up');
    const onPrivate = await fileOf({ itemtype: 'ITILFollowup', items_id: privateNote }, 'on a private follow-up');
    const unlinked = await fileOf({}, 'linked to nothing');
    const uploadedByThem = await fileOf({ users_id: requester.id }, 'their own upload');

    const download = (id: number) => requester.client.get(`Document/${id}`, { query: 'alt=media' });
    const answers: Record<string, unknown> = {};
    for (const [name, id] of Object.entries({ onMine, onOther, onPublic, onPrivate, unlinked, uploadedByThem, missing: 999_999 })) {
      const res = await download(id);
      answers[name] = res.status === 200 ? res.text : res.body;
    }
    expect(answers).toEqual({
      onMine: 'on my ticket',
      onOther: ['ERROR_RIGHT_MISSING', expect.any(String)],
      onPublic: 'on a public follow-up',
      onPrivate: ['ERROR_RIGHT_MISSING', expect.any(String)],
      unlinked: ['ERROR_RIGHT_MISSING', expect.any(String)],
      uploadedByThem: 'their own upload',
      missing: ['ERROR_RIGHT_MISSING', expect.any(String)],
    });
    // The document's record itself still needs the document right.
    expect((await requester.client.get(`Document/${onMine}`)).status).toBe(403);
  });
});
