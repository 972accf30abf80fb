/**
 * The account takeovers of issues 7 and 25, played by attackers whose only authorization is the
 * Technician or Admin profile on a sub-entity: every path to glpi's account (password, tokens,
 * e-mail then lost password, login, authentication, active flag, trash and purge, authorizations
 * and groups, default entity and profile, supervisor, names, preferences, attached documents,
 * single and bulk) is refused, as is every path to lesser accounts granted on the root entity
 * (which the attackers see but do not outrank there), and glpi's owner stays in control.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client, type ApiResponse } from '../support/client';
import { ADMIN_PASSWORD, useServer } from '../support/server';
import { MailCatcher } from '../support/smtp';
import { createUser, expectError, loginAs, PASSWORD, RIGHT_MISSING } from '../rights/fixture';
import { passwordWorks, tokenWorks } from './helpers';

const ctx = useServer();
const mail = new MailCatcher();
const GLPI = 2;
const OWNER_MAIL = 'owner@example.org';
const ATTACKER_MAIL = 'mallory@evil.example';
const TECHNICIAN = 6;
const ADMIN = 3;
const SELF_SERVICE = 1;
const SUPERVISOR = 7;

let attacker: Client;
let attackerId: number;
let victimAdmin: number;
let ownerToken: string;
let ownerEmailRow: number;
let sub: number;
let subAdmin: Client;
let subAdminId: number;
let rootSelfService: number;
let rootSupervisor: number;

const anon = () => new Client(ctx.server.api);
const tokenIn = (raw: string) => /Reset token: ([0-9a-f]{40})/.exec(raw)?.[1] ?? '';

async function setting(name: string, value: string): Promise<void> {
  const found = await ctx.api.get('Config/', { query: `searchText[name]=^${name}$` });
  expect((await ctx.api.put(`Config/${found.body[0].id}`, { input: { value } })).status).toBe(200);
}

/** The refusal of an account change: 403 ERROR_RIGHT_MISSING, and no token in the answer. */
function refused(res: ApiResponse): void {
  expectError(res, 403, 'ERROR_RIGHT_MISSING', RIGHT_MISSING);
  expect(res.text).not.toMatch(/api_token|personal_token/);
}

/**
 * The refusal of a change to an account out of the editor's reach for changes (granted on a
 * parent entity only): GLPI's 400 for the verb with the missing-right message, as for any row out
 * of the session's entities, and no token in the answer.
 */
function outOfReach(res: ApiResponse, verb: 'ADD' | 'UPDATE' | 'DELETE'): void {
  expectError(res, 400, `ERROR_GLPI_${verb}`, RIGHT_MISSING);
  expect(res.text).not.toMatch(/api_token|personal_token/);
}

beforeAll(async () => {
  await mail.start();
  for (const [name, value] of [['use_notifications', '1'], ['notifications_mailing', '1'], ['smtp_host', '127.0.0.1'], ['smtp_port', String(mail.port)]]) {
    await setting(name!, value!);
  }
  // glpi's owner sets their own address and remote access key.
  expect((await ctx.api.put(`User/${GLPI}`, { input: { email: OWNER_MAIL } })).status).toBe(200);
  const reset = await ctx.api.put(`User/${GLPI}`, { input: { _reset_api_token: true } });
  ownerToken = reset.body[0].api_token;
  ownerEmailRow = (await ctx.api.get(`User/${GLPI}/UserEmail`)).body[0].id;

  sub = await ctx.api.create('Entity', { name: 'Branch office', entities_id: 0 });
  attackerId = await createUser(ctx.api, 'mallory', TECHNICIAN, sub, true);
  victimAdmin = await createUser(ctx.api, 'branch_admin', ADMIN, sub, true);
  attacker = await loginAs(ctx.server.api, 'mallory');
  subAdminId = await createUser(ctx.api, 'eve', ADMIN, sub, true);
  subAdmin = await loginAs(ctx.server.api, 'eve');
  // Lesser accounts whose only authorization is on the root entity, with its sub-entities.
  rootSelfService = await createUser(ctx.api, 'root_requester', SELF_SERVICE, 0, true);
  rootSupervisor = await createUser(ctx.api, 'root_supervisor', SUPERVISOR, 0, true);
});
afterAll(() => mail.stop());

describe('a sub-entity Technician against the Super-Admin', () => {
  test('glpi is seen (its authorization on the root entity reaches the sub-entity), not changed', async () => {
    expect((await attacker.get(`User/${GLPI}`)).status).toBe(200);
    expect((await attacker.get(`User/${GLPI}`)).body).not.toHaveProperty('api_token');
  });

  test('password change: refused, glpi still logs in with its password', async () => {
    outOfReach(await attacker.put(`User/${GLPI}`, { input: { password: 'Mine-now-1', password2: 'Mine-now-1' } }), 'UPDATE');
    outOfReach(await attacker.call('PATCH', `User/${GLPI}`, { body: { input: { password: 'Mine-now-1', password2: 'Mine-now-1' } } }), 'UPDATE');
    await new Client(ctx.server.api).login('glpi', ADMIN_PASSWORD);
  });

  test('token resets: refused, no token handed out, the owner token still opens a session', async () => {
    const api = await attacker.put(`User/${GLPI}`, { input: { _reset_api_token: true } });
    outOfReach(api, 'UPDATE');
    outOfReach(await attacker.put(`User/${GLPI}`, { input: { _reset_personal_token: true } }), 'UPDATE');
    // Nothing to use: the answer carries no token, and guessing one does not open a session.
    expect(api.body[0]).toBe('ERROR_GLPI_UPDATE');
    expect(await tokenWorks(ctx.server.api, '0'.repeat(40))).toBe(false);
    expect(await tokenWorks(ctx.server.api, ownerToken)).toBe(true);
  });

  test('adding an address of their own to glpi: refused on every path', async () => {
    outOfReach(await attacker.put(`User/${GLPI}`, { input: { email: ATTACKER_MAIL } }), 'UPDATE');
    outOfReach(await attacker.post('UserEmail/', { input: { users_id: GLPI, email: ATTACKER_MAIL, is_default: 1 } }), 'ADD');
    outOfReach(await attacker.post(`User/${GLPI}/UserEmail/`, { input: { email: ATTACKER_MAIL } }), 'ADD');
    outOfReach(await attacker.put(`UserEmail/${ownerEmailRow}`, { input: { email: ATTACKER_MAIL } }), 'UPDATE');
    outOfReach(await attacker.del(`UserEmail/${ownerEmailRow}`), 'DELETE');
    const bulk = await attacker.post('UserEmail/', { input: [{ users_id: GLPI, email: ATTACKER_MAIL }, { users_id: GLPI, email: 'x@evil.example' }] });
    expect(bulk.status).toBe(400);
    expect(bulk.body).toEqual(['ERROR_GLPI_ADD', [{ id: false, message: RIGHT_MISSING }, { id: false, message: RIGHT_MISSING }]]);
    // An address on their own account is theirs to add, but it cannot be moved onto glpi.
    const own = await attacker.post(`User/${attackerId}/UserEmail/`, { input: { email: ATTACKER_MAIL } });
    expect(own.status).toBe(201);
    outOfReach(await attacker.put(`UserEmail/${own.body.id}`, { input: { users_id: GLPI } }), 'UPDATE');
    expect((await attacker.del(`UserEmail/${own.body.id}`)).status).toBe(204);
    const emails = (await ctx.api.get(`User/${GLPI}/UserEmail`)).body.map((e: { email: string }) => e.email);
    expect(emails).toEqual([OWNER_MAIL]);
  });

  test('lost password with the attacker address mails nothing to the attacker; the owner still gets theirs', async () => {
    expect((await anon().put('lostPassword', { email: ATTACKER_MAIL })).status).toBe(200);
    // The owner's own request afterwards: its mail is the only one.
    expect((await anon().put('lostPassword', { email: OWNER_MAIL })).status).toBe(200);
    const sent = await mail.waitFor(1);
    expect(sent.to).toEqual([OWNER_MAIL]);
    expect(mail.messages.flatMap((m) => m.to)).not.toContain(ATTACKER_MAIL);
    expect(tokenIn(sent.raw)).toMatch(/^[0-9a-f]{40}$/);
  });

  test('login, authentication, active flag, validity dates: refused', async () => {
    for (const input of [{ name: 'glpi-old' }, { authtype: 3, auths_id: 1 }, { is_active: 0 }, { end_date: '2001-01-01 00:00:00' }, { is_deleted: 1 }]) {
      outOfReach(await attacker.put(`User/${GLPI}`, { input }), 'UPDATE');
    }
    // Nor any other field: the account is not the attacker's to change at all.
    outOfReach(await attacker.put(`User/${GLPI}`, { input: { phone: '555-0100' } }), 'UPDATE');
  });

  test('trash and purge: refused', async () => {
    outOfReach(await attacker.del(`User/${GLPI}`), 'DELETE');
    outOfReach(await attacker.del(`User/${GLPI}`, { query: 'force_purge=true' }), 'DELETE');
    const bulk = await attacker.call('DELETE', 'User/', { body: { input: [{ id: GLPI }] } });
    expect(bulk.body).toEqual(['ERROR_GLPI_DELETE', [{ [GLPI]: false, message: RIGHT_MISSING }]]);
  });

  test('authorizations and groups of glpi: refused', async () => {
    const group = await ctx.api.create('Group', { name: 'helpdesk', entities_id: 0, is_recursive: 1 });
    outOfReach(await attacker.post(`User/${GLPI}/Group_User/`, { input: { groups_id: group } }), 'ADD');
    const [grant] = (await ctx.api.get(`User/${GLPI}/Profile_User`)).body;
    // glpi's root authorization is out of the attacker's entities; a new one on the attacker's entity is refused.
    expectError(await attacker.del(`Profile_User/${grant.id}`), 400, 'ERROR_GLPI_DELETE', RIGHT_MISSING);
    outOfReach(await attacker.post(`User/${GLPI}/Profile_User/`, { input: { profiles_id: 1, entities_id: sub } }), 'ADD');
    // Nor may the attacker raise themselves.
    const raise = await attacker.post(`User/${attackerId}/Profile_User/`, { input: { profiles_id: 4 } });
    expectError(raise, 400, 'ERROR_GLPI_ADD', /Super-Admin/);
  });
});

describe('the same Technician against an Admin of its own entity', () => {
  test('every account change is refused, single and bulk', async () => {
    refused(await attacker.put(`User/${victimAdmin}`, { input: { password: 'Mine-now-1', password2: 'Mine-now-1' } }));
    refused(await attacker.put(`User/${victimAdmin}`, { input: { _reset_api_token: true } }));
    refused(await attacker.post(`User/${victimAdmin}/UserEmail/`, { input: { email: ATTACKER_MAIL } }));
    refused(await attacker.del(`User/${victimAdmin}`));
    const bulk = await attacker.put('User/', { input: [{ id: victimAdmin, is_active: 0 }, { id: GLPI, is_active: 0 }] });
    expect(bulk.body).toEqual(['ERROR_GLPI_UPDATE', [{ [victimAdmin]: false, message: RIGHT_MISSING }, { [GLPI]: false, message: RIGHT_MISSING }]]);
    await loginAs(ctx.server.api, 'branch_admin', PASSWORD);
  });
});

describe('sub-entity attackers against accounts granted on the root entity only', () => {
  const taken = { password: 'Mine-now-1', password2: 'Mine-now-1' };

  test('the Technician sees a root-level Self-Service account, and neither sets its password nor resets its token', async () => {
    expect((await attacker.get(`User/${rootSelfService}`)).status).toBe(200);
    outOfReach(await attacker.put(`User/${rootSelfService}`, { input: taken }), 'UPDATE');
    outOfReach(await attacker.put(`User/${rootSelfService}`, { input: { _reset_api_token: true } }), 'UPDATE');
    outOfReach(await attacker.post(`User/${rootSelfService}/UserEmail/`, { input: { email: ATTACKER_MAIL } }), 'ADD');
    const bulk = await attacker.put('User/', { input: [{ id: rootSelfService, ...taken }] });
    expect(bulk.body).toEqual(['ERROR_GLPI_UPDATE', [{ [rootSelfService]: false, message: RIGHT_MISSING }]]);
    expect(await passwordWorks(ctx.server.api, 'root_requester', taken.password)).toBe(false);
    expect(await passwordWorks(ctx.server.api, 'root_requester', PASSWORD)).toBe(true);
  });

  test('the Admin neither takes over a root-level Supervisor: password, token, address, authorization, group, trash', async () => {
    const group = await ctx.api.create('Group', { name: 'root helpdesk', entities_id: 0, is_recursive: 1 });
    outOfReach(await subAdmin.put(`User/${rootSupervisor}`, { input: taken }), 'UPDATE');
    outOfReach(await subAdmin.put(`User/${rootSupervisor}`, { input: { _reset_api_token: true } }), 'UPDATE');
    outOfReach(await subAdmin.post(`User/${rootSupervisor}/UserEmail/`, { input: { email: ATTACKER_MAIL } }), 'ADD');
    outOfReach(await subAdmin.post(`User/${rootSupervisor}/Profile_User/`, { input: { profiles_id: SELF_SERVICE, entities_id: sub } }), 'ADD');
    outOfReach(await subAdmin.post(`User/${rootSupervisor}/Group_User/`, { input: { groups_id: group } }), 'ADD');
    outOfReach(await subAdmin.del(`User/${rootSupervisor}`), 'DELETE');
    expect(await passwordWorks(ctx.server.api, 'root_supervisor', PASSWORD)).toBe(true);
    expect((await ctx.api.get(`User/${rootSupervisor}/Profile_User`)).body.map((g: { entities_id: number }) => g.entities_id)).toEqual([0]);
    expect((await ctx.api.get(`User/${rootSupervisor}/Group_User`)).body).toEqual([]);
  });

  test('the Admin changes nothing else of glpi: default entity and profile, supervisor, default group, names, language, time zone, list limit, preferences, documents', async () => {
    const fields = ['entities_id', 'profiles_id', 'users_id_supervisor', 'groups_id', 'realname', 'firstname', 'language', 'timezone', 'list_limit', 'picture'];
    const pick = (row: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, row[f]]));
    const before = pick((await ctx.api.get(`User/${GLPI}`)).body);
    const group = await subAdmin.create('Group', { name: 'branch group', entities_id: sub });
    const changes = [
      { entities_id: sub },
      { profiles_id: SELF_SERVICE },
      { users_id_supervisor: subAdminId },
      { groups_id: group },
      { realname: 'Planted', firstname: 'Name' },
      { language: 'fr_FR' },
      { timezone: 'Europe/Paris' },
      { list_limit: 5 },
      { picture: 'planted.png' },
    ];
    for (const input of changes) outOfReach(await subAdmin.put(`User/${GLPI}`, { input }), 'UPDATE');
    outOfReach(await subAdmin.post(`User/${GLPI}/UserPreference/`, { input: { language: 'fr_FR' } }), 'ADD');
    outOfReach(await subAdmin.post(`User/${GLPI}/Group_User/`, { input: { groups_id: group } }), 'ADD');
    const document = await subAdmin.create('Document', { name: 'planted', entities_id: sub });
    outOfReach(await subAdmin.post('Document_Item/', { input: { documents_id: document, itemtype: 'User', items_id: GLPI } }), 'ADD');
    expect(pick((await ctx.api.get(`User/${GLPI}`)).body)).toEqual(before);
    expect((await ctx.api.get(`User/${GLPI}/UserPreference`)).body).toEqual([]);
    expect((await ctx.api.get(`Document/${document}/Document_Item`)).body).toEqual([]);
    expect((await ctx.api.get(`User/${GLPI}/Group_User`)).body).toEqual([]);
  });

  test('an authorization given in the sub-entity puts an account in reach; then the editor must still outrank it', async () => {
    for (const user of [rootSelfService, rootSupervisor]) {
      await ctx.api.create('Profile_User', { users_id: user, profiles_id: SELF_SERVICE, entities_id: sub, is_recursive: 0 });
    }
    // The Technician holds every right of Self-Service, not those of Supervisor.
    expect((await attacker.put(`User/${rootSelfService}`, { input: { language: 'fr_FR' } })).status).toBe(200);
    refused(await attacker.put(`User/${rootSupervisor}`, { input: { language: 'fr_FR' } }));
    refused(await attacker.put(`User/${rootSupervisor}`, { input: taken }));
    expect((await ctx.api.get(`User/${rootSupervisor}`)).body.language).toBe(null);
  });
});

describe('glpi’s owner is still in control', () => {
  test('logs in with the password and the token, holds Super-Admin, and removes the attacker', async () => {
    const owner = await new Client(ctx.server.api).login('glpi', ADMIN_PASSWORD);
    expect(await tokenWorks(ctx.server.api, ownerToken)).toBe(true);
    const me = (await owner.get(`User/${GLPI}`)).body;
    expect({ name: me.name, authtype: me.authtype, is_active: me.is_active, is_deleted: me.is_deleted, end_date: me.end_date, email: me.email }).toEqual({
      name: 'glpi',
      authtype: 1,
      is_active: 1,
      is_deleted: 0,
      end_date: null,
      email: OWNER_MAIL,
    });
    const profiles = (await owner.get('getMyProfiles')).body.myprofiles.map((p: { id: number }) => p.id);
    expect(profiles).toContain(4);
    // The owner's own account stays theirs to change.
    const rotated = await owner.put(`User/${GLPI}`, { input: { _reset_api_token: true } });
    expect(rotated.status).toBe(200);
    expect(await tokenWorks(ctx.server.api, rotated.body[0].api_token)).toBe(true);
    expect((await owner.del(`User/${attackerId}`, { query: 'force_purge=true' })).status).toBe(204);
    expectError(await attacker.get(`User/${GLPI}`), 401, 'ERROR_SESSION_TOKEN_INVALID');
  });
});
