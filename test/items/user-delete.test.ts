/**
 * Deleting a user, as GLPI 10 does it. A session reaching only some of the user's entities
 * removes the authorizations it reaches and keeps the user (the delete fails); one reaching all
 * of them trashes the user, and a restore finds everything as it was. A purge removes the user's
 * own rows (authorizations, groups, e-mails, private saved searches, reminders and their targets,
 * translations, column preferences, actor rows) and resets every other reference to the user to 0;
 * a ticket left without an assignee is new again. GLPI unassigns, it never reassigns.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import type { Client } from '../support/client';
import { itemtypeOrThrow } from '../../server/registry';
import { useServer } from '../support/server';
import { createUser, expectError, loginAs, RIGHT_MISSING } from '../rights/fixture';
import { uniq } from './fixtures';

const ctx = useServer();
const SELF_SERVICE = 1;
const ADMIN = 3;
const HOTLINER = 5;
const TECHNICIAN = 6;
const DEL_RELATION = 16;
const IN_PART = /authorizations in entities you cannot reach: it is kept, and only its authorizations in your entities were removed \(1\)/;

let A: number;
let B: number;
let adminA: Client;
let adminAId = 0;
let hotliner: Client;

/** The server's database, for rows no API session may read or write (others' private rows, column preferences). */
let db: Database;
const database = () => (db ??= new Database(join(ctx.server.dataDir, 'deskbase.sqlite')));
afterAll(() => db?.close());
const read = async (itemtype: string, id: number) => (await ctx.api.get(`${itemtype}/${id}`)).body;
const grantsOf = async (userId: number) => ((await ctx.api.get(`User/${userId}/Profile_User`)).body as { entities_id: number }[]).map((g) => g.entities_id).sort();

/** A Self-Service user with authorizations on A (from its creation) and on each other entity given. */
async function userIn(...others: number[]): Promise<number> {
  const id = await createUser(ctx.api, uniq('member'), SELF_SERVICE, A, true);
  for (const entity of others) await ctx.api.create('Profile_User', { users_id: id, profiles_id: SELF_SERVICE, entities_id: entity, is_recursive: 0 });
  return id;
}

beforeAll(async () => {
  A = await ctx.api.create('Entity', { name: 'A', entities_id: 0 });
  await ctx.api.create('Entity', { name: 'A1', entities_id: A });
  B = await ctx.api.create('Entity', { name: 'B', entities_id: 0 });
  adminAId = await createUser(ctx.api, 'admin_a', ADMIN, A, true);
  await createUser(ctx.api, 'hotliner_a', HOTLINER, A, true);
  adminA = await loginAs(ctx.server.api, 'admin_a');
  hotliner = await loginAs(ctx.server.api, 'hotliner_a');
});

describe('a user reached in only some of its entities', () => {
  test('trash: its authorizations in reach go, with their history; the user stays; the delete fails', async () => {
    const user = await userIn(B);
    expectError(await adminA.del(`User/${user}`), 400, 'ERROR_GLPI_DELETE', IN_PART);
    expect(await read('User', user)).toMatchObject({ id: user, is_deleted: 0 });
    expect(await grantsOf(user)).toEqual([B]);
    const log = (await ctx.api.get(`User/${user}/Log`, { query: 'range=0-100' })).body as Record<string, unknown>[];
    expect(log.filter((row) => row.linked_action === DEL_RELATION && row.itemtype_link === 'Profile')).toHaveLength(1);
  });

  test('purge: the same, the user is kept', async () => {
    const user = await userIn(B);
    expectError(await adminA.del(`User/${user}`, { query: 'force_purge=true' }), 400, 'ERROR_GLPI_DELETE', IN_PART);
    expect(await read('User', user)).toMatchObject({ id: user, is_deleted: 0 });
    expect(await grantsOf(user)).toEqual([B]);
  });

  test('trashing it by update is refused and changes nothing', async () => {
    const user = await userIn(B);
    expectError(await adminA.put(`User/${user}`, { input: { is_deleted: 1 } }), 400, 'ERROR_GLPI_UPDATE', /authorizations in entities you cannot reach: it cannot be put in the trash/);
    expect(await read('User', user)).toMatchObject({ is_deleted: 0 });
    expect(await grantsOf(user)).toEqual([A, B]);
  });

  test('an account the session does not outrank keeps every authorization', async () => {
    const SUPER_ADMIN = 4;
    const boss = await createUser(ctx.api, uniq('boss'), SUPER_ADMIN, A, true);
    await ctx.api.create('Profile_User', { users_id: boss, profiles_id: SELF_SERVICE, entities_id: B, is_recursive: 0 });
    for (const query of ['', 'force_purge=true']) {
      expectError(await adminA.del(`User/${boss}`, { query }), 403, 'ERROR_RIGHT_MISSING', RIGHT_MISSING);
    }
    const bulk = await adminA.del('User/', { body: { input: [{ id: boss }] } });
    expectError(bulk, 400, 'ERROR_GLPI_DELETE');
    expect(bulk.body[1]).toEqual([{ [boss]: false, message: expect.stringMatching(RIGHT_MISSING) }]);
    expect(await read('User', boss)).toMatchObject({ id: boss, is_deleted: 0 });
    expect(await grantsOf(boss)).toEqual([A, B]);
  });

  test('the session then no longer reaches the user', async () => {
    const user = await userIn(B);
    await adminA.del(`User/${user}`);
    expect((await adminA.get(`User/${user}`)).status).toBe(404);
  });
});

describe('a bulk delete mixing users in reach, users reached in part and missing ids', () => {
  test('207: each element answers for itself; the partial one keeps its removals', async () => {
    const inReach = await userIn();
    const inPart = await userIn(B);
    const res = await adminA.del('User/', { body: { input: [{ id: inReach }, { id: inPart }, { id: 999_999 }] } });
    expectError(res, 207, 'ERROR_GLPI_PARTIAL_DELETE');
    expect(res.body[1]).toEqual([
      { [inReach]: true, message: '' },
      { [inPart]: false, message: expect.stringMatching(IN_PART) },
      { 999999: false, message: 'Item not found' },
    ]);
    expect(await read('User', inReach)).toMatchObject({ is_deleted: 1 });
    expect(await grantsOf(inReach)).toEqual([A]);
    expect(await read('User', inPart)).toMatchObject({ is_deleted: 0 });
    expect(await grantsOf(inPart)).toEqual([B]);
  });

  test('400 when every element fails, with the results', async () => {
    const inPart = await userIn(B);
    const res = await adminA.del('User/', { body: { input: [{ id: inPart }] } });
    expectError(res, 400, 'ERROR_GLPI_DELETE');
    expect(res.body[1]).toEqual([{ [inPart]: false, message: expect.stringMatching(IN_PART) }]);
  });
});

describe('rights', () => {
  test('a profile without the user DELETE and PURGE bits is refused and nothing changes', async () => {
    const user = await userIn(B);
    const group = await ctx.api.create('Group', { name: uniq('group') });
    await ctx.api.create('Group_User', { groups_id: group, users_id: user });
    for (const query of ['', 'force_purge=true']) {
      expectError(await hotliner.del(`User/${user}`, { query }), 403, 'ERROR_RIGHT_MISSING', RIGHT_MISSING);
      const bulk = await hotliner.del('User/', { body: { input: [{ id: user }] }, query });
      expectError(bulk, 403, 'ERROR_RIGHT_MISSING');
    }
    expect(await read('User', user)).toMatchObject({ is_deleted: 0 });
    expect(await grantsOf(user)).toEqual([A, B]);
    expect((await ctx.api.get(`User/${user}/Group_User`)).body).toHaveLength(1);
  });
});

/** Everything a user has or is named in, for the trash/restore and purge tests. */
interface Footprint {
  user: number;
  grant: number;
  membership: number;
  email: number;
  privateSearch: number;
  publicSearch: number;
  reminder: number;
  reminderTarget: number;
  translation: number;
  displayPreference: number;
  soloTicket: number;
  sharedTicket: number;
  requesterRow: number;
  soloAssignRow: number;
  sharedAssignRow: number;
  task: number;
  validation: number;
  computer: number;
  article: number;
  documentLink: number;
  simcard: number;
  consumable: number;
  supervised: number;
}

async function footprint(): Promise<Footprint> {
  const login = uniq('leaver');
  const user = await createUser(ctx.api, login, ADMIN, A, true);
  const other = await createUser(ctx.api, uniq('colleague'), TECHNICIAN, A, true);
  const self = await loginAs(ctx.server.api, login);
  const [grant] = (await ctx.api.get(`User/${user}/Profile_User`)).body;
  const group = await ctx.api.create('Group', { name: uniq('group') });
  const membership = await ctx.api.create('Group_User', { groups_id: group, users_id: user });
  const email = await ctx.api.create('UserEmail', { users_id: user, email: `${login}@example.org` });
  const privateSearch = await self.create('SavedSearch', { name: 'mine', itemtype: 'Computer', is_private: 1, entities_id: A, query: 'is_deleted=0' });
  const publicSearch = await self.create('SavedSearch', { name: 'shared', itemtype: 'Computer', is_private: 0, entities_id: A, query: 'is_deleted=0' });
  const reminder = await self.create('Reminder', { name: 'call back' });
  const reminderTarget = await self.create('Reminder_User', { reminders_id: reminder, users_id: other });
  const othersReminder = await ctx.api.create('Reminder', { name: 'glpi note' });
  const translation = await ctx.api.create('ReminderTranslation', { reminders_id: othersReminder, language: 'fr_FR', name: 'note', users_id: user });
  // No default profile may write column preferences through the API: the user's own goes in directly.
  const inserted = database().query("INSERT INTO glpi_displaypreferences (itemtype, num, rank, users_id) VALUES ('Computer', 1, 1, ?) RETURNING id").get(user);
  const displayPreference = Number((inserted as { id: number }).id);
  // Opened by the user (recipient, last updater); the user is the only assignee of one.
  const soloTicket = await self.create('Ticket', { name: 'solo', content: 'x', entities_id: A });
  const sharedTicket = await self.create('Ticket', { name: 'shared', content: 'x', entities_id: A });
  const soloAssignRow = await ctx.api.create('Ticket_User', { tickets_id: soloTicket, users_id: user, type: 2 });
  const sharedAssignRow = await ctx.api.create('Ticket_User', { tickets_id: sharedTicket, users_id: user, type: 2 });
  await ctx.api.create('Ticket_User', { tickets_id: sharedTicket, users_id: other, type: 2 });
  const requesterRow = await ctx.api.create('Ticket_User', { tickets_id: soloTicket, users_id: user, type: 1 });
  const task = await ctx.api.create('TicketTask', { tickets_id: sharedTicket, content: 'do it', users_id_tech: user });
  const validation = await ctx.api.create('TicketValidation', { tickets_id: sharedTicket, users_id_validate: user });
  const computer = await ctx.api.create('Computer', { name: uniq('pc'), entities_id: A, users_id: user, users_id_tech: user });
  const article = await ctx.api.create('KnowbaseItem', { name: uniq('howto'), answer: 'x', users_id: user });
  const document = await ctx.api.create('Document', { name: uniq('doc'), entities_id: A });
  const documentLink = await self.create('Document_Item', { documents_id: document, itemtype: 'Computer', items_id: computer });
  const card = await ctx.api.create('DeviceSimcard', { designation: uniq('sim') });
  const simcard = await ctx.api.create('Item_DeviceSimcard', { devicesimcards_id: card, itemtype: 'Computer', items_id: computer, users_id: user, entities_id: A });
  const stock = await ctx.api.create('ConsumableItem', { name: uniq('toner'), entities_id: A });
  const consumable = await ctx.api.create('Consumable', { consumableitems_id: stock, itemtype: 'User', items_id: user, date_in: '2026-01-05', date_out: '2026-02-01', entities_id: A });
  const supervised = await ctx.api.create('User', { name: uniq('junior'), users_id_supervisor: user });
  return {
    user, grant: grant.id, membership, email, privateSearch, publicSearch, reminder, reminderTarget, translation, displayPreference,
    soloTicket, sharedTicket, requesterRow, soloAssignRow, sharedAssignRow, task, validation, computer, article, documentLink, simcard, consumable, supervised,
  };
}

/** Which of the user's own rows exist, straight from the database (private ones are out of glpi's sight). */
function ownRows(f: Footprint): Record<string, boolean> {
  const rows: [string, number][] = [
    ['Profile_User', f.grant], ['Group_User', f.membership], ['UserEmail', f.email], ['SavedSearch', f.privateSearch],
    ['Reminder', f.reminder], ['Reminder_User', f.reminderTarget], ['ReminderTranslation', f.translation], ['DisplayPreference', f.displayPreference],
    ['Ticket_User', f.requesterRow], ['Ticket_User', f.soloAssignRow], ['Ticket_User', f.sharedAssignRow],
  ];
  return Object.fromEntries(rows.map(([type, id]) => [`${type}/${id}`, database().query(`SELECT id FROM ${itemtypeOrThrow(type).table} WHERE id = ?`).get(id) !== null]));
}

const every = (rows: Record<string, boolean>, value: boolean) => Object.fromEntries(Object.keys(rows).map((row) => [row, value]));

describe('a user in reach of all its entities', () => {
  let f: Footprint;
  beforeAll(async () => {
    f = await footprint();
  });

  test('trash then restore: nothing is lost', async () => {
    const before = ownRows(f);
    expect(before).toEqual(every(before, true));
    const ticket = await read('Ticket', f.soloTicket);
    expect((await adminA.del(`User/${f.user}`)).status).toBe(204);
    expect(await read('User', f.user)).toMatchObject({ is_deleted: 1 });
    expect(ownRows(f)).toEqual(before);
    expect((await adminA.put(`User/${f.user}`, { input: { is_deleted: 0 } })).status).toBe(200);
    expect(await read('User', f.user)).toMatchObject({ is_deleted: 0 });
    expect(ownRows(f)).toEqual(before);
    expect(await read('Ticket', f.soloTicket)).toEqual(ticket);
    expect(await read('Computer', f.computer)).toMatchObject({ users_id: f.user, users_id_tech: f.user });
  });

  test('purge: the user rows go, every reference falls back to 0, a ticket left unassigned is new again', async () => {
    expect((await read('Ticket', f.soloTicket)).status).toBe(2);
    const purged = await adminA.del(`User/${f.user}`, { query: 'force_purge=true' });
    expect({ status: purged.status, text: purged.text }).toEqual({ status: 204, text: '' });
    expect((await ctx.api.get(`User/${f.user}`)).status).toBe(404);
    const gone = ownRows(f);
    expect(gone).toEqual(every(gone, false));

    expect(await read('SavedSearch', f.publicSearch)).toMatchObject({ users_id: 0, name: 'shared' });
    // The actor rows removed with the user touch the ticket, as GLPI's: its last updater is who purged.
    expect(await read('Ticket', f.soloTicket)).toMatchObject({ status: 1, users_id_recipient: 0, users_id_lastupdater: adminAId });
    expect(await read('Ticket', f.sharedTicket)).toMatchObject({ status: 2, users_id_recipient: 0 });
    expect((await ctx.api.get(`Ticket/${f.sharedTicket}/Ticket_User`)).body).toHaveLength(1);
    expect(await read('TicketTask', f.task)).toMatchObject({ users_id_tech: 0 });
    expect(await read('TicketValidation', f.validation)).toMatchObject({ users_id_validate: 0 });
    expect(await read('Computer', f.computer)).toMatchObject({ users_id: 0, users_id_tech: 0 });
    expect(await read('KnowbaseItem', f.article)).toMatchObject({ users_id: 0 });
    // Rows that merely noted the user stay: who attached a document, a SIM card's user.
    expect(await read('Document_Item', f.documentLink)).toMatchObject({ items_id: f.computer, users_id: 0 });
    expect(await read('Item_DeviceSimcard', f.simcard)).toMatchObject({ items_id: f.computer, users_id: 0 });
    // As GLPI, a consumable given to the user goes back to stock.
    expect(await read('Consumable', f.consumable)).toMatchObject({ itemtype: null, items_id: 0, date_out: null });
    expect(await read('User', f.supervised)).toMatchObject({ users_id_supervisor: 0 });

    // The tickets' history tells who left them and why the status changed.
    const log = (await ctx.api.get(`Ticket/${f.soloTicket}/Log`, { query: 'range=0-100' })).body as Record<string, unknown>[];
    expect(log.filter((row) => row.linked_action === DEL_RELATION && row.itemtype_link === 'User')).toHaveLength(2);
    expect(log.some((row) => row.id_search_option === 12 && String(row.new_value).includes('1'))).toBe(true);
  });
});
