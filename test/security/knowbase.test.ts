/**
 * Knowledge base articles as GLPI 10 shows them: to their writer; to the users, groups, profiles
 * and entities they are published to (KnowbaseItem_User, Group_KnowbaseItem, KnowbaseItem_Profile,
 * Entity_KnowbaseItem); FAQ articles only to profiles with READFAQ but not READ (Self-Service);
 * every article to KNOWBASEADMIN. The same in lists, single reads, search, getMultipleItems,
 * sub-items and attached documents; changes follow the same visibility.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { useServer } from '../support/server';
import { createUser, loginAs, RIGHT_MISSING } from '../rights/fixture';

const ctx = useServer();
const SELF_SERVICE = 1;
const OBSERVER = 2;
const TECHNICIAN = 6;

let writer: Client;
let reader: Client;
let helpdesk: Client;
let peer: Client;
let readerId: number;
const a: Record<string, number> = {};
let branch: number;

const ALL = ['draft', 'for reader', 'for group', 'for observers', 'for everyone', 'faq for everyone', 'faq draft', 'for branch'];
const names = async (client: Client) => ((await client.get('KnowbaseItem/', { query: 'range=0-100' })).body as { name: string }[]).map((r) => r.name).sort();
const searched = async (client: Client) => {
  // GLPI 10.0 lists an article's subject under 6 (it has no option 1).
  const res = await client.get('search/KnowbaseItem', { query: 'forcedisplay[0]=6&range=0-100' });
  expect(res.status).toBeLessThan(300);
  return ((res.body.data ?? []) as Record<string, string>[]).map((row) => row['6']).sort();
};

beforeAll(async () => {
  // Everyone works in `home`; `branch` is a sibling none of them is in.
  const home = await ctx.api.create('Entity', { name: 'home', entities_id: 0 });
  branch = await ctx.api.create('Entity', { name: 'branch', entities_id: 0 });
  await createUser(ctx.api, 'writer', TECHNICIAN, home, true);
  readerId = await createUser(ctx.api, 'reader', OBSERVER, home, true);
  const helpdeskId = await createUser(ctx.api, 'helpdesk', SELF_SERVICE, home, true);
  await createUser(ctx.api, 'peer', TECHNICIAN, home, true);
  const group = await ctx.api.create('Group', { name: 'readers', is_recursive: 1 });
  await ctx.api.create('Group_User', { groups_id: group, users_id: readerId });
  await ctx.api.create('Group_User', { groups_id: group, users_id: helpdeskId });
  writer = await loginAs(ctx.server.api, 'writer');
  reader = await loginAs(ctx.server.api, 'reader');
  helpdesk = await loginAs(ctx.server.api, 'helpdesk');
  peer = await loginAs(ctx.server.api, 'peer');
  for (const name of ALL) a[name] = await writer.create('KnowbaseItem', { name, answer: `${name} text`, is_faq: name.startsWith('faq') ? 1 : 0 });
  await writer.create('KnowbaseItem_User', { knowbaseitems_id: a['for reader'], users_id: readerId });
  await writer.create('Group_KnowbaseItem', { knowbaseitems_id: a['for group'], groups_id: group, no_entity_restriction: 1 });
  await writer.create('KnowbaseItem_Profile', { knowbaseitems_id: a['for observers'], profiles_id: OBSERVER, entities_id: home, is_recursive: 1 });
  await writer.create('Entity_KnowbaseItem', { knowbaseitems_id: a['for everyone'], entities_id: home, is_recursive: 1 });
  // Published from the root entity to all below it.
  await ctx.api.create('Entity_KnowbaseItem', { knowbaseitems_id: a['faq for everyone'], entities_id: 0, is_recursive: 1 });
  await ctx.api.create('Entity_KnowbaseItem', { knowbaseitems_id: a['for branch'], entities_id: branch, is_recursive: 1 });
  await writer.create('KnowbaseItem_Revision', { knowbaseitems_id: a.draft, revision: 1, name: 'draft r1', answer: 'old draft' });
  const document = await ctx.api.create('Document', { name: 'draft attachment', entities_id: home });
  a.attachment = await writer.create('Document_Item', { documents_id: document, itemtype: 'KnowbaseItem', items_id: a.draft });
});

describe('who reads an article', () => {
  test('the writer and KNOWBASEADMIN (Super-Admin) read every article', async () => {
    expect(await names(writer)).toEqual([...ALL].sort());
    expect(await names(ctx.api)).toEqual([...ALL].sort());
  });

  test('a reader (READ): what is published to them, their group, their profile or their entities', async () => {
    const expected = ['faq for everyone', 'for everyone', 'for group', 'for observers', 'for reader'];
    expect(await names(reader)).toEqual(expected);
    expect(await searched(reader)).toEqual(expected);
    expect((await reader.get(`KnowbaseItem/${a['for reader']}`)).status).toBe(200);
    for (const hidden of ['draft', 'faq draft', 'for branch']) expect([403, 404]).toContain((await reader.get(`KnowbaseItem/${a[hidden]}`)).status);
  });

  test('another technician reads only what is published to everyone, not what names someone else', async () => {
    expect(await names(peer)).toEqual(['faq for everyone', 'for everyone']);
  });

  test('Self-Service (READFAQ only): the FAQ articles published to them, nothing else', async () => {
    expect(await names(helpdesk)).toEqual(['faq for everyone']);
    expect(await searched(helpdesk)).toEqual(['faq for everyone']);
    expect([403, 404]).toContain((await helpdesk.get(`KnowbaseItem/${a['for group']}`)).status);
  });

  test('getMultipleItems, sub-items and attached documents follow the article', async () => {
    const many = await reader.get('getMultipleItems', { query: `items[0][itemtype]=KnowbaseItem&items[0][items_id]=${a.draft}` });
    expect(many.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(many.body)).not.toContain('draft text');
    expect([403, 404]).toContain((await reader.get(`KnowbaseItem/${a.draft}/KnowbaseItem_Revision/`)).status);
    expect(JSON.stringify((await reader.get('KnowbaseItem_Revision/', { query: 'range=0-100' })).body)).not.toContain('old draft');
    expect(JSON.stringify((await reader.get('search/KnowbaseItem_Revision', { query: 'range=0-100' })).body)).not.toContain('old draft');
    const links = (await reader.get('Document_Item/', { query: 'range=0-100' })).body as { id: number }[];
    expect(Array.isArray(links) ? links.map((l) => l.id) : []).not.toContain(a.attachment);
    expect([403, 404]).toContain((await reader.get(`KnowbaseItem/${a.draft}/Document_Item/`)).status);
    // The writer sees them all.
    expect(((await writer.get(`KnowbaseItem/${a.draft}/KnowbaseItem_Revision/`)).body as unknown[]).length).toBe(1);
    expect(((await writer.get(`KnowbaseItem/${a.draft}/Document_Item/`)).body as { id: number }[]).map((l) => l.id)).toEqual([a.attachment!]);
  });
});

describe('who changes an article', () => {
  test('a reader with the update right changes what is published to them; nobody touches what they cannot read', async () => {
    expect((await peer.put(`KnowbaseItem/${a['for everyone']}`, { input: { answer: 'edited by peer' } })).status).toBe(200);
    const draft = await peer.put(`KnowbaseItem/${a.draft}`, { input: { answer: 'stolen' } });
    expect({ status: draft.status, body: draft.body }).toEqual({ status: 400, body: ['ERROR_GLPI_UPDATE', RIGHT_MISSING] });
    expect((await peer.del(`KnowbaseItem/${a.draft}`)).status).toBe(400);
    expect((await peer.post('KnowbaseItem_User/', { input: { knowbaseitems_id: a.draft, users_id: readerId } })).status).toBe(400);
    expect((await writer.get(`KnowbaseItem/${a.draft}`)).body.answer).toBe('draft text');
    expect(await names(reader)).not.toContain('draft');
  });

  test('a share lets one edit an article, never take it over; the writer and KNOWBASEADMIN hand it on', async () => {
    const peerId = Number((await peer.get('getFullSession')).body.session.glpiID);
    const writerId = Number((await writer.get(`KnowbaseItem/${a['for everyone']}`)).body.users_id);
    const takeOver = await peer.put(`KnowbaseItem/${a['for everyone']}`, { input: { users_id: peerId, answer: 'mine now' } });
    expect({ status: takeOver.status, body: takeOver.body }).toEqual({ status: 400, body: ['ERROR_GLPI_UPDATE', RIGHT_MISSING] });
    const bulk = await peer.put('KnowbaseItem/', { input: [{ id: a['for everyone'], users_id: peerId }] });
    expect(bulk.status).toBe(400);
    expect((await writer.get(`KnowbaseItem/${a['for everyone']}`)).body).toMatchObject({ users_id: writerId, answer: 'edited by peer' });
    // The Super-Admin (KNOWBASEADMIN) hands it to the peer, who then hands it back as its writer.
    expect((await ctx.api.put(`KnowbaseItem/${a['for everyone']}`, { input: { users_id: peerId } })).status).toBe(200);
    expect((await peer.put(`KnowbaseItem/${a['for everyone']}`, { input: { users_id: writerId } })).status).toBe(200);
    expect((await writer.get(`KnowbaseItem/${a['for everyone']}`)).body.users_id).toBe(writerId);
  });

  test('readers without the update right (Observer, Self-Service) change nothing', async () => {
    expect((await reader.put(`KnowbaseItem/${a['for reader']}`, { input: { answer: 'x' } })).status).toBe(403);
    expect((await helpdesk.put(`KnowbaseItem/${a['faq for everyone']}`, { input: { answer: 'x' } })).status).toBe(403);
    expect((await writer.get(`KnowbaseItem/${a['for reader']}`)).body.answer).toBe('for reader text');
  });

  test('the writer changes their draft; a new article is its creator\'s', async () => {
    expect((await writer.put(`KnowbaseItem/${a.draft}`, { input: { answer: 'draft text' } })).status).toBe(200);
    const mine = await peer.create('KnowbaseItem', { name: 'peer note', answer: 'x' });
    expect(await names(peer)).toContain('peer note');
    expect(await names(writer)).not.toContain('peer note');
    expect((await writer.get(`KnowbaseItem/${mine}`)).status).not.toBe(200);
  });
});
