/**
 * Authority over accounts (issues 7 and 25): every profile as editor (granted on A1 with its
 * sub-entities) × every profile as target × every change to an account, on a target granted in
 * the editor's entity (A1), outside it (B), on its parent entity A and on the root entity (each
 * with and without sub-entities). A change is allowed exactly when the editor has the right for
 * it, the target holds an authorization given in the editor's entities themselves (one on a parent
 * entity, even recursive, lets the editor see the account, not change it: GLPI's
 * User::canUpdateItem), and the editor's active profile holds every right of every profile the
 * target has. Expectations are computed here from the profiles' rights as the API shows them,
 * independently of the server's code.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client, type ApiResponse } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { createUser, loginAs, PASSWORD, PROFILES, RIGHT_MISSING, unique } from '../rights/fixture';
import { passwordWorks, tokenWorks } from './helpers';

const UPDATE = 2, DELETE = 8, PURGE = 16;
const SELF_SERVICE = 1;
const NEW_PASSWORD = 'Taken-over-pw-9';
/** Where the target's two authorizations are given, seen from an editor granted on A1 with its sub-entities. */
const SCOPES = ['in', 'out', 'parent', 'parent-recursive', 'root', 'root-recursive'] as const;
type Scope = (typeof SCOPES)[number];
const placeOf = (scope: Scope) => ({
  entity: { in: entities.A1, out: entities.B, parent: entities.A, 'parent-recursive': entities.A, root: 0, 'root-recursive': 0 }[scope],
  recursive: scope.endsWith('-recursive') ? 1 : 0,
});
/** The fields of a user row the cells change (besides identity and access), and their values as built. */
const PLAIN_FIELDS = ['phone', 'realname', 'firstname', 'language', 'timezone', 'list_limit', 'entities_id', 'profiles_id', 'groups_id', 'users_id_supervisor', 'picture'];

interface Editor {
  profile: number;
  id: number;
  name: string;
  client: Client;
}

interface Target {
  profile: number;
  scope: Scope;
  id: number;
  login: string;
  token: string;
  emails: string[];
  secondEmail: number;
  secondGrant: number;
  membership: number;
}

let server: TestServer;
let glpi: Client;
let entities: { A: number; A1: number; B: number };
let groups: { member: number; joined: number };
/** A document of A1 every editor with the document right may attach. */
let documentId: number;
/** profile id -> right name -> bits, as GET Profile/:id/ProfileRight shows them */
const rights = new Map<number, Map<string, number>>();
const editors: Editor[] = [];
/** `${editor profile}/${target profile}/${scope}` -> target */
const targets = new Map<string, Target>();

// ---------------------------------------------------------------------------------------------
// The rule, written independently of the server.

const bits = (profile: number, right: string) => rights.get(profile)!.get(right) ?? 0;

/** GLPI's rule: a profile that may create profiles (CREATE, 4) outranks every one; else right by right. */
function holdsAll(editor: number, target: number): boolean {
  if ((bits(editor, 'profile') & 4) !== 0) return true;
  for (const [name, value] of rights.get(target)!) if ((value & ~bits(editor, name)) !== 0) return false;
  return true;
}

/** Every target holds its profile and, as a second authorization, Self-Service. */
const outranks = (editor: number, target: Target) => holdsAll(editor, target.profile) && holdsAll(editor, SELF_SERVICE);

type Refusal = 'none' | 'rule' | 'other';

/**
 * 'rule' is the refusal of an editor who reaches the target but does not outrank it (403);
 * 'other' the others: no right, or no authorization of the target given in the editor's entities.
 */
function refusal(editor: number, target: Target, need: number, right = 'user'): Refusal {
  if ((bits(editor, right) & need) === 0 || target.scope !== 'in') return 'other';
  return outranks(editor, target) ? 'none' : 'rule';
}

function outcome(res: ApiResponse): string {
  if (res.status >= 200 && res.status < 300) return String(res.status);
  const [code, message] = Array.isArray(res.body) ? res.body : ['?', res.text];
  return `${res.status} ${code} ${message === RIGHT_MISSING ? 'RIGHT' : JSON.stringify(message)}`;
}

const OLDER_REFUSAL = /^(400 ERROR_GLPI_(ADD|UPDATE|DELETE)|403 ERROR_RIGHT_MISSING) RIGHT$/;

// ---------------------------------------------------------------------------------------------
// Fixture: built once, in bulk.

async function post(client: Client, path: string, input: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const res = await client.post(path, { input });
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${res.text.slice(0, 500)}`);
  return res.body;
}

async function customProfile(name: string, extra: Record<string, number>): Promise<number> {
  const id = await glpi.create('Profile', { name: unique(name), interface: 'central' });
  // Self-Service's rights plus full rights on users, and one asset right the other lacks.
  const all = { ticket: 5, followup: 5, task: 1, password_update: 1, personalization: 3, user: 1055, ...extra };
  await glpi.setRights(id, all);
  return id;
}

async function loadRights(profile: number): Promise<void> {
  const res = await glpi.get(`Profile/${profile}/ProfileRight`, { query: 'range=0-999' });
  expect(res.status).toBe(200);
  rights.set(profile, new Map((res.body as { name: string; rights: number }[]).map((r) => [r.name, r.rights])));
}

beforeAll(async () => {
  server = await startServer();
  glpi = await new Client(server.api).login();
  const A = await glpi.create('Entity', { name: 'A', entities_id: 0 });
  entities = { A, A1: await glpi.create('Entity', { name: 'A1', entities_id: A }), B: await glpi.create('Entity', { name: 'B', entities_id: 0 }) };
  documentId = await glpi.create('Document', { name: 'attached by editors', entities_id: entities.A1 });
  const crossing = [
    { id: await customProfile('Computers-and-users', { computer: 255 }), slug: 'custom_computers' },
    { id: await customProfile('Monitors-and-users', { monitor: 255 }), slug: 'custom_monitors' },
  ];
  const profiles = [...PROFILES.map((p) => ({ id: p.id, slug: p.slug })), ...crossing];
  await Promise.all(profiles.map((p) => loadRights(p.id)));
  expect(holdsAll(crossing[0]!.id, crossing[1]!.id) || holdsAll(crossing[1]!.id, crossing[0]!.id)).toBe(false);

  for (const p of profiles) {
    const name = `editor_${p.slug}`;
    const id = await createUser(glpi, name, p.id, entities.A1, true);
    editors.push({ profile: p.id, id, name, client: await loginAs(server.api, name) });
  }
  const [member, joined] = await post(glpi, 'Group/', [
    { name: 'members', entities_id: 0, is_recursive: 1 },
    { name: 'joined', entities_id: 0, is_recursive: 1 },
  ]);
  groups = { member: Number(member!.id), joined: Number(joined!.id) };

  const cells = editors.flatMap((e) => profiles.flatMap((p) => SCOPES.map((scope) => ({ editor: e.profile, profile: p.id, scope }))));
  const created = await post(
    glpi,
    'User/',
    cells.map((c) => ({
      name: `target_${c.editor}_${c.profile}_${c.scope}`,
      password: PASSWORD,
      password2: PASSWORD,
      email: `target_${c.editor}_${c.profile}_${c.scope}@example.org`,
      _reset_api_token: true,
      _profiles_id: c.profile,
      _entities_id: placeOf(c.scope).entity,
      _is_recursive: placeOf(c.scope).recursive,
    })),
  );
  const ids = created.map((r) => Number(r.id));
  const emails = await post(glpi, 'UserEmail/', cells.map((c, i) => ({ users_id: ids[i], email: `second_${ids[i]}@example.org` })));
  const grants = await post(
    glpi,
    'Profile_User/',
    cells.map((c, i) => ({ users_id: ids[i], profiles_id: SELF_SERVICE, entities_id: placeOf(c.scope).entity, is_recursive: placeOf(c.scope).recursive })),
  );
  const memberships = await post(glpi, 'Group_User/', ids.map((id) => ({ users_id: id, groups_id: groups.member })));
  cells.forEach((c, i) => {
    targets.set(`${c.editor}/${c.profile}/${c.scope}`, {
      profile: c.profile,
      scope: c.scope,
      id: ids[i]!,
      login: `target_${c.editor}_${c.profile}_${c.scope}`,
      token: String(created[i]!.api_token),
      emails: [`target_${c.editor}_${c.profile}_${c.scope}@example.org`, `second_${ids[i]}@example.org`],
      secondEmail: Number(emails[i]!.id),
      secondGrant: Number(grants[i]!.id),
      membership: Number(memberships[i]!.id),
    });
  });
}, 600_000);
afterAll(() => server.dispose());

// ---------------------------------------------------------------------------------------------
// One cell: every operation in turn, then the target's state.

/** glpi puts back what an allowed operation changed, so the next operation starts from a usable account. */
async function restore(t: Target, input: Record<string, unknown>): Promise<void> {
  const res = await glpi.put(`User/${t.id}`, { input });
  if (res.status !== 200) throw new Error(`restore ${JSON.stringify(input)}: ${res.status} ${res.text}`);
}

async function runCell(e: Editor, t: Target): Promise<string[]> {
  const problems: string[] = [];
  const as = e.client;
  const user = `User/${t.id}`;
  const label = `${e.name} → profile ${t.profile} ${t.scope}`;

  /** Compares the answer with the rule; after a refusal the target must still log in with its token. */
  async function attempt(op: string, res: ApiResponse, ok: number, need = UPDATE, right = 'user'): Promise<boolean> {
    const want = refusal(e.profile, t, need, right);
    const got = outcome(res);
    if (want === 'none') {
      if (got !== String(ok)) problems.push(`${label} ${op}: expected ${ok}, got ${got}`);
      return true;
    }
    if (want === 'rule' ? got !== '403 ERROR_RIGHT_MISSING RIGHT' : !OLDER_REFUSAL.test(got)) problems.push(`${label} ${op}: expected a ${want} refusal, got ${got}`);
    if (/api_token|personal_token/.test(res.text)) problems.push(`${label} ${op}: a refusal shows a token: ${res.text}`);
    if (!(await tokenWorks(server.api, t.token))) problems.push(`${label} ${op}: the target's user_token stopped working`);
    return false;
  }

  const tag = `${e.profile}-${t.id}`;
  const built = (await glpi.get(user)).body as Record<string, unknown>;
  const plain: [string, Record<string, unknown>][] = [
    ['phone', { phone: '555-0199' }],
    ['names', { realname: 'Taken', firstname: 'Over' }],
    ['language', { language: 'fr_FR' }],
    ['time zone', { timezone: 'Europe/Paris' }],
    ['list limit', { list_limit: 7 }],
    ['default entity', { entities_id: entities.A1 }],
    ['default profile', { profiles_id: SELF_SERVICE }],
    ['default group', { groups_id: groups.member }],
    ['supervisor', { users_id_supervisor: e.id }],
    ['picture', { picture: 'taken.png' }],
  ];
  for (const [op, input] of plain) await attempt(op, await as.put(user, { input }), 200);
  await attempt('preference add', await as.post(`${user}/UserPreference/`, { input: { language: 'fr_FR', list_limit: 5 } }), 201);
  const attached = await as.post('Document_Item/', { input: { documents_id: documentId, itemtype: 'User', items_id: t.id } });
  const attachAllowed = await attempt('document attach', attached, 201, UPDATE, 'document');
  await attempt('e-mail', await as.put(user, { input: { email: `attacker-${tag}@evil.example` } }), 200);
  await attempt('UserEmail add', await as.post(`${user}/UserEmail/`, { input: { email: `added-${tag}@evil.example` } }), 201);
  await attempt('UserEmail update', await as.put(`UserEmail/${t.secondEmail}`, { input: { email: `changed-${tag}@evil.example` } }), 200);
  await attempt('UserEmail delete', await as.del(`${user}/UserEmail/${t.secondEmail}`), 204);
  if (await attempt('password', await as.put(user, { input: { password: NEW_PASSWORD, password2: NEW_PASSWORD } }), 200)) {
    if (!(await passwordWorks(server.api, t.login, NEW_PASSWORD))) problems.push(`${label} password: the new password does not work`);
  }
  const apiReset = await as.put(user, { input: { _reset_api_token: true } });
  if (await attempt('api token', apiReset, 200)) {
    const token = String(apiReset.body?.[0]?.api_token ?? '');
    if (!(await tokenWorks(server.api, token))) problems.push(`${label} api token: the returned token does not open a session`);
  }
  await attempt('personal token', await as.put(user, { input: { _reset_personal_token: true } }), 200);
  const login = `${t.login}_renamed`;
  if (await attempt('login', await as.put(user, { input: { name: login } }), 200)) await restore(t, { name: t.login });
  if (await attempt('authtype', await as.call('PATCH', user, { body: { input: { authtype: 3, auths_id: 1 } } }), 200)) await restore(t, { authtype: 1, auths_id: 0 });
  if (await attempt('deactivate', await as.put(user, { input: { is_active: 0 } }), 200)) await restore(t, { is_active: 1 });
  if (await attempt('end date', await as.put(user, { input: { end_date: '2001-01-01 00:00:00' } }), 200)) await restore(t, { end_date: null });
  if (await attempt('begin date', await as.put(user, { input: { begin_date: '2099-01-01 00:00:00' } }), 200)) await restore(t, { begin_date: null });
  await attempt('group add', await as.post(`${user}/Group_User/`, { input: { groups_id: groups.joined } }), 201);
  await attempt('group update', await as.put(`Group_User/${t.membership}`, { input: { is_manager: 1 } }), 200);
  await attempt('group delete', await as.del(`Group_User/${t.membership}`), 204);
  const entity = entities.A1;
  await attempt('grant add', await as.post(`${user}/Profile_User/`, { input: { profiles_id: SELF_SERVICE, entities_id: entity, is_recursive: 0 } }), 201);
  await attempt('grant update', await as.put(`Profile_User/${t.secondGrant}`, { input: { is_recursive: 1 } }), 200);
  await attempt('grant delete', await as.del(`${user}/Profile_User/${t.secondGrant}`), 204);
  if (await attempt('trash', await as.del(user), 204, DELETE)) await restore(t, { is_deleted: 0 });
  const purged = await attempt('purge', await as.del(user, { query: 'force_purge=true' }), 204, PURGE);

  if (purged) {
    if ((await glpi.get(user)).status !== 404) problems.push(`${label}: purge answered 204 but the user is still there`);
    return problems;
  }
  // Nothing was allowed in this cell: the account is exactly as built.
  if (!(await passwordWorks(server.api, t.login, PASSWORD))) problems.push(`${label}: the target no longer logs in with its password`);
  const row = (await glpi.get(user)).body;
  const expectedRow = {
    name: t.login,
    authtype: 1,
    auths_id: 0,
    is_active: 1,
    is_deleted: 0,
    begin_date: null,
    end_date: null,
    ...Object.fromEntries(PLAIN_FIELDS.map((k) => [k, built[k]])),
  };
  const actualRow = Object.fromEntries(Object.keys(expectedRow).map((k) => [k, row[k]]));
  if (JSON.stringify(actualRow) !== JSON.stringify(expectedRow)) problems.push(`${label}: account changed: ${JSON.stringify(actualRow)}`);
  const emails = ((await glpi.get(`${user}/UserEmail`)).body as { email: string }[]).map((r) => r.email).sort();
  if (JSON.stringify(emails) !== JSON.stringify([...t.emails].sort())) problems.push(`${label}: e-mails changed: ${emails.join(', ')}`);
  const { entity: place, recursive } = placeOf(t.scope);
  const grants = ((await glpi.get(`${user}/Profile_User`)).body as Record<string, number>[]).map((g) => `${g.profiles_id}@${g.entities_id}/${g.is_recursive}`).sort();
  const wantGrants = [`${t.profile}@${place}/${recursive}`, `${SELF_SERVICE}@${place}/${recursive}`].sort();
  if (JSON.stringify(grants) !== JSON.stringify(wantGrants)) problems.push(`${label}: authorizations changed: ${grants.join(', ')}`);
  const memberships = ((await glpi.get(`${user}/Group_User`)).body as Record<string, number>[]).map((g) => `${g.groups_id}/${g.is_manager}`);
  if (JSON.stringify(memberships) !== JSON.stringify([`${groups.member}/0`])) problems.push(`${label}: groups changed: ${memberships.join(', ')}`);
  const preferences = (await glpi.get(`${user}/UserPreference`)).body;
  if (JSON.stringify(preferences) !== '[]') problems.push(`${label}: preferences changed: ${JSON.stringify(preferences)}`);
  const links = (await glpi.get(`Document/${documentId}/Document_Item`, { query: 'range=0-999' })).body as Record<string, unknown>[];
  const attachedHere = links.filter((l) => l.itemtype === 'User' && l.items_id === t.id).length;
  if (attachedHere !== (attachAllowed ? 1 : 0)) problems.push(`${label}: ${attachedHere} documents attached`);
  return problems;
}

/** Bulk writes decide element by element: refused elements are false with the right's message. */
async function runBulk(e: Editor, cells: Target[]): Promise<string[]> {
  const problems: string[] = [];
  const check = (op: string, res: ApiResponse, key: (t: Target, element: Record<string, unknown>) => unknown) => {
    const results = (Array.isArray(res.body) && typeof res.body[0] === 'string' ? res.body[1] : res.body) as Record<string, unknown>[];
    cells.forEach((t, i) => {
      const element = results?.[i] ?? {};
      const allowed = refusal(e.profile, t, UPDATE) === 'none';
      const value = key(t, element);
      const ok = value !== false && value !== undefined;
      if (ok !== allowed || (!allowed && element.message !== RIGHT_MISSING)) {
        problems.push(`${e.name} bulk ${op} → profile ${t.profile} ${t.scope}: ${JSON.stringify(element)}`);
      }
    });
  };
  const dates = await e.client.put('User/', { input: cells.map((t) => ({ id: t.id, begin_date: '2000-01-01 00:00:00' })) });
  check('begin date', dates, (t, el) => el[t.id]);
  const names = await e.client.put('User/', { input: cells.map((t) => ({ id: t.id, realname: `bulk-${e.profile}` })) });
  check('names', names, (t, el) => el[t.id]);
  const emails = await e.client.post('UserEmail/', { input: cells.map((t) => ({ users_id: t.id, email: `bulk-${e.profile}-${t.id}@evil.example` })) });
  check('UserEmail add', emails, (_t, el) => el.id);
  // What the bulk writes were allowed to change is put back, so the single writes start the same.
  const allowed = cells.filter((t) => refusal(e.profile, t, UPDATE) === 'none');
  if (allowed.length) {
    const res = await glpi.put('User/', { input: allowed.map((t) => ({ id: t.id, begin_date: null, realname: null })) });
    expect(res.status).toBe(200);
  }
  return problems;
}

describe('authority over accounts', () => {
  test('the two custom profiles cross: neither holds all rights of the other', () => {
    const [x, y] = editors.slice(-2).map((e) => e.profile);
    expect([holdsAll(x!, y!), holdsAll(y!, x!)]).toEqual([false, false]);
  });

  for (const [index, label] of [...PROFILES.map((p) => p.name), 'custom (computers)', 'custom (monitors)'].entries()) {
    test(`${label} as editor: every target profile × every account change × in its entity, outside, on its parent and the root`, async () => {
      const e = editors[index]!;
      const cells = [...targets.entries()].filter(([key]) => key.startsWith(`${e.profile}/`)).map(([, t]) => t);
      expect(cells).toHaveLength(SCOPES.length * editors.length);
      const problems = await runBulk(e, cells);
      for (const found of await Promise.all(cells.map((t) => runCell(e, t)))) problems.push(...found);
      expect(problems.sort()).toEqual([]);
    });
  }

  test('the rule allows and refuses in both directions (the matrix is not one-sided)', () => {
    const outcomes = new Set<Refusal>();
    for (const e of editors) for (const t of targets.values()) outcomes.add(refusal(e.profile, t, UPDATE));
    expect([...outcomes].sort()).toEqual(['none', 'other', 'rule']);
  });
});
