/**
 * Reminders, RSS feeds and saved searches are their author's: another user with the class right
 * reads one only when it is shared with them, and never changes it.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { useServer } from '../support/server';
import { createUser, expectError, loginAs } from '../rights/fixture';
import { upload } from '../documents/helpers';

const ctx = useServer();
const OBSERVER = 2;
const ADMIN = 3;
const TECHNICIAN = 6;

let observer: Client;
let admin: Client;
let peer: Client;
let observerId: number;
const ids: Record<string, number> = {};

const names = async (client: Client, itemtype: string) =>
  ((await client.get(`${itemtype}/`, { query: 'range=0-100' })).body as { name: string }[]).map((r) => r.name).sort();

beforeAll(async () => {
  observerId = await createUser(ctx.api, 'watcher', OBSERVER, 0, true);
  await createUser(ctx.api, 'boss', ADMIN, 0, true);
  await createUser(ctx.api, 'peer', ADMIN, 0, true);
  observer = await loginAs(ctx.server.api, 'watcher');
  peer = await loginAs(ctx.server.api, 'peer');
  admin = await loginAs(ctx.server.api, 'boss');
  ids.secretNote = await admin.create('Reminder', { name: 'boss private note', text: 'salary review' });
  ids.teamNote = await admin.create('Reminder', { name: 'boss note for watcher', text: 'hello' });
  await admin.create('Reminder_User', { reminders_id: ids.teamNote, users_id: observerId });
  ids.entityNote = await admin.create('Reminder', { name: 'boss note for the root entity', text: 'all' });
  await admin.create('Entity_Reminder', { reminders_id: ids.entityNote, entities_id: 0, is_recursive: 1 });
  ids.feed = await admin.create('RSSFeed', { name: 'boss feed', url: 'http://127.0.0.1/feed' });
  ids.privateSearch = await admin.create('SavedSearch', { name: 'boss private search', itemtype: 'Computer', query: 'criteria=' });
  ids.publicSearch = await admin.create('SavedSearch', { name: 'boss public search', itemtype: 'Computer', query: 'criteria=', is_private: 0 });
});

describe('private rows of another user', () => {
  test('the author is recorded as the creator and reads their own rows', async () => {
    expect((await admin.get(`Reminder/${ids.secretNote}`)).body.users_id).not.toBe(0);
    expect(await names(admin, 'Reminder')).toEqual(['boss note for the root entity', 'boss note for watcher', 'boss private note']);
  });

  test('another reader sees only what is shared with them, in lists, reads and search', async () => {
    expect(await names(observer, 'Reminder')).toEqual(['boss note for the root entity', 'boss note for watcher']);
    expect([403, 404]).toContain((await observer.get(`Reminder/${ids.secretNote}`)).status);
    expect(await names(observer, 'RSSFeed')).toEqual([]);
    // Another Admin holds the saved-search right: the public one only.
    expect(await names(peer, 'SavedSearch')).toEqual(['boss public search']);
    expect([403, 404]).toContain((await peer.get(`SavedSearch/${ids.privateSearch}`)).status);
    const search = await observer.get('search/Reminder', { query: 'forcedisplay[0]=1' });
    expect(JSON.stringify(search.body)).not.toContain('boss private note');
    expect(JSON.stringify((await ctx.api.get('search/Reminder', { query: 'forcedisplay[0]=1' })).body)).not.toContain('boss private note');
  });

  test('nobody but the author changes or deletes them, not even a Super-Admin', async () => {
    expect((await observer.put(`Reminder/${ids.teamNote}`, { input: { name: 'changed' } })).status).toBeGreaterThanOrEqual(400);
    expect((await peer.put(`SavedSearch/${ids.publicSearch}`, { input: { name: 'changed' } })).status).toBeGreaterThanOrEqual(400);
    expect((await ctx.api.put(`SavedSearch/${ids.publicSearch}`, { input: { name: 'changed' } })).status).toBeGreaterThanOrEqual(400);
    expect((await ctx.api.del(`Reminder/${ids.secretNote}`, { query: 'force_purge=true' })).status).toBeGreaterThanOrEqual(400);
    expect((await admin.get(`Reminder/${ids.secretNote}`)).body.name).toBe('boss private note');
    expect((await admin.put(`Reminder/${ids.secretNote}`, { input: { name: 'boss private note' } })).status).toBe(200);
  });
});

describe('saved searches without the saved-search right', () => {
  test("a Technician (no bookmark_public) keeps private searches of their own, as GLPI's search page lets anyone; public ones stay the right's", async () => {
    await createUser(ctx.api, 'techie', TECHNICIAN, 0, true);
    const techie = await loginAs(ctx.server.api, 'techie');
    const own = await techie.create('SavedSearch', { name: 'my open tickets', itemtype: 'Ticket', query: 'criteria=' });
    expect((await techie.get(`SavedSearch/${own}`)).body).toMatchObject({ name: 'my open tickets', is_private: 1 });
    // Only their own private ones: neither the Admin's private nor public searches.
    expect(await names(techie, 'SavedSearch')).toEqual(['my open tickets']);
    expect((await techie.get(`SavedSearch/${ids.publicSearch}`)).status).toBe(403);
    expect((await techie.put(`SavedSearch/${own}`, { input: { name: 'my tickets' } })).status).toBe(200);
    // Sharing needs the right: a public search is refused, and so is making one's own public.
    expectError(await techie.post('SavedSearch/', { input: { name: 'for everyone', itemtype: 'Ticket', query: 'criteria=', is_private: 0 } }), 400, 'ERROR_GLPI_ADD');
    expect((await techie.put(`SavedSearch/${own}`, { input: { is_private: 0 } })).status).toBeGreaterThanOrEqual(400);
    expect((await techie.get(`SavedSearch/${own}`)).body).toMatchObject({ name: 'my tickets', is_private: 1 });
    expect((await techie.del(`SavedSearch/${own}`)).status).toBe(204);
    expect(await names(techie, 'SavedSearch')).toEqual([]);
  });
});

describe("a reminder's files", () => {
  test('whoever a reminder is shared with downloads its files without the document right; a private reminder keeps them', async () => {
    const requesterId = await createUser(ctx.api, 'asker', 1, 0, true);
    const requester = await loginAs(ctx.server.api, 'asker');
    const shared = await admin.create('Reminder', { name: 'boss note for the asker', text: 'see the file' });
    await admin.create('Reminder_User', { reminders_id: shared, users_id: requesterId });
    const attach = async (reminder: number, content: string) => {
      const res = await upload(admin, 'Document/', { input: { name: `file of ${reminder}`, entities_id: 0, itemtype: 'Reminder', items_id: reminder, _filename: ['note.txt'] } }, [
        { name: 'note.txt', content, type: 'text/plain' },
      ]);
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const onShared = await attach(shared, 'the shared file');
    const onPrivate = await attach(ids.secretNote!, 'the private file');
    // Self-Service holds no document right: the shared reminder is what lets the file through.
    expectError(await requester.get(`Document/${onShared}`), 403, 'ERROR_RIGHT_MISSING');
    const download = await requester.get(`Document/${onShared}`, { query: 'alt=media' });
    expect({ status: download.status, body: download.text }).toEqual({ status: 200, body: 'the shared file' });
    expect([403, 404]).toContain((await requester.get(`Document/${onPrivate}`, { query: 'alt=media' })).status);
  });
});
