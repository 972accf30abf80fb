/**
 * Documents on follow-ups, solutions and tasks, as GLPI 10.0 (document_types lists them): a file
 * uploaded with a follow-up becomes a Document of its ticket's entity linked to the follow-up, and
 * a Document_Item may name a follow-up, a solution or a task. The links are seen as their
 * follow-up is: through its ticket's rules and its privacy.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { creates, scenario, type Step } from '../support/scenario';
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

  test('a Document_Item may name a solution, a ticket task, a change task or a problem task', () =>
    scenario(ctx.api, [
      creates('document', 'Document', { name: unique('spec'), entities_id: A }),
      creates('change', 'Change', { name: 'c', content: 'c', entities_id: A }),
      creates('problem', 'Problem', { name: 'p', content: 'p', entities_id: A }),
      creates('ITILSolution', 'ITILSolution', { itemtype: 'Ticket', items_id: ticket, content: 'fixed' }),
      creates('TicketTask', 'TicketTask', { tickets_id: ticket, content: 'task' }),
      creates('ChangeTask', 'ChangeTask', { changes_id: '${change}', content: 'task' }),
      creates('ProblemTask', 'ProblemTask', { problems_id: '${problem}', content: 'task' }),
      ...['ITILSolution', 'TicketTask', 'ChangeTask', 'ProblemTask'].flatMap((itemtype): Step[] => [
        { request: 'POST Document_Item/', body: { input: { documents_id: '${document}', itemtype, items_id: `\${${itemtype}}` } }, status: 201 },
        {
          request: `GET ${itemtype}/\${${itemtype}}/Document_Item`,
          query: 'range=0-99',
          status: 200,
          check: (res, { document }) => expect((res.body as DocumentLink[]).map((l): unknown => l.documents_id)).toEqual([document]),
        },
      ]),
    ]));

  test("a private follow-up's documents stay private; a reader who cannot see the ticket sees no link", async () => {
    // An observer reads every ticket and the documents, but not private follow-ups.
    const observer = (await userWith(ctx.api, OBSERVER, A)).client;
    // Documents and follow-ups readable, but only the tickets they are involved in.
    const profile = await ctx.api.create('Profile', { name: unique('mine-only'), interface: 'central' });
    await ctx.api.setRights(profile, { document: 1, ticket: 1, followup: 1 });
    const outsider = (await userWith(ctx.api, profile, A)).client;
    /** All the links the reader sees: which of the two captured ones are among them. */
    const sees = (as: Client, expected: { public: boolean; private: boolean }): Step => ({
      request: 'GET Document_Item/',
      query: 'range=0-999',
      as,
      status: 200,
      check: (res, captured) => {
        const seen = (res.body as DocumentLink[]).map((l) => l.id);
        expect({ public: seen.includes(captured.publicLink as number), private: seen.includes(captured.privateLink as number) }).toEqual(expected);
      },
    });
    await scenario(ctx.api, [
      creates('document', 'Document', { name: unique('private'), entities_id: A }),
      creates('public', 'ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'public' }),
      creates('private', 'ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'private', is_private: 1 }),
      creates('publicLink', 'Document_Item', { documents_id: '${document}', itemtype: 'ITILFollowup', items_id: '${public}' }),
      creates('privateLink', 'Document_Item', { documents_id: '${document}', itemtype: 'ITILFollowup', items_id: '${private}' }),
      { request: 'GET ITILFollowup/${public}/Document_Item', query: 'range=0-99', as: observer, status: 200 },
      { request: 'GET ITILFollowup/${private}/Document_Item', query: 'range=0-99', as: observer, status: 403 },
      sees(observer, { public: true, private: false }),
      { request: 'GET ITILFollowup/${public}/Document_Item', query: 'range=0-99', as: outsider, status: 403 },
      sees(outsider, { public: false, private: false }),
    ]);
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
    /** A text file stored as a Document of A (with `input`), its id captured as `name`. */
    const fileOf = (name: string, input: Record<string, unknown>, content: string): Step => ({
      request: 'POST Document/',
      body: { input: { name: unique('file'), entities_id: A, _filename: ['f.txt'], ...input } },
      files: [{ name: 'f.txt', content, type: 'text/plain' }],
      status: 201,
      capture: { [name]: (body) => body.id },
    });
    const downloads = (id: string, content: string): Step => ({ request: `GET Document/${id}`, query: 'alt=media', as: requester.client, status: 200, text: content });
    const refused = (id: string): Step => ({ request: `GET Document/${id}`, query: 'alt=media', as: requester.client, status: 403, error: 'ERROR_RIGHT_MISSING' });
    await scenario(ctx.api, [
      creates('mine', 'Ticket', { name: 'mine', content: 'c', entities_id: A, _users_id_requester: requester.id }),
      creates('other', 'Ticket', { name: 'not mine', content: 'c', entities_id: A }),
      fileOf('onMine', { itemtype: 'Ticket', items_id: '${mine}' }, 'on my ticket'),
      fileOf('onOther', { itemtype: 'Ticket', items_id: '${other}' }, 'on another ticket'),
      creates('publicNote', 'ITILFollowup', { itemtype: 'Ticket', items_id: '${mine}', content: 'public' }),
      creates('privateNote', 'ITILFollowup', { itemtype: 'Ticket', items_id: '${mine}', content: 'private', is_private: 1 }),
      fileOf('onPublic', { itemtype: 'ITILFollowup', items_id: '${publicNote}' }, 'on a public follow-up'),
      fileOf('onPrivate', { itemtype: 'ITILFollowup', items_id: '${privateNote}' }, 'on a private follow-up'),
      fileOf('unlinked', {}, 'linked to nothing'),
      fileOf('uploadedByThem', { users_id: requester.id }, 'their own upload'),
      downloads('${onMine}', 'on my ticket'),
      refused('${onOther}'),
      downloads('${onPublic}', 'on a public follow-up'),
      refused('${onPrivate}'),
      refused('${unlinked}'),
      downloads('${uploadedByThem}', 'their own upload'),
      refused('999999'),
      // The document's record itself still needs the document right.
      { request: 'GET Document/${onMine}', as: requester.client, status: 403 },
    ]);
  });
});
