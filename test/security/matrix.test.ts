/**
 * Authority over accounts (issue 7): every profile as editor × every profile as target × every
 * change of identity or access, on a target inside the editor's entities (A1) and outside (B).
 * A change is allowed exactly when the editor has the user right for it, sees the target, and its
 * active profile holds every right of every profile the target has. Expectations are computed
 * here from the profiles' rights as the API shows them, independently of the server's code.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client, type ApiResponse } from '../support/client';
import { startServer, type TestServer } from '../support/server';
import { createUser, loginAs, PASSWORD, PROFILES, RIGHT_MISSING, unique } from '../rights/fixture';
import { passwordWorks, tokenWorks } from './helpers';

const UPDATE = 2, DELETE = 8, PURGE = 16;
const SELF_SERVICE = 1;
const NEW_PASSWORD = 'Taken-over-pw-9';
type Scope = 'in' | 'out';

interface Editor {
  profile: number;
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
/** profile id -> right name -> bits, as GET Profile/:id/ProfileRight shows them */
const rights = new Map<number, Map<string, number>>();
const editors: Editor[] = [];
/** `${editor profile}/${target profile}/${scope}` -> target */
const targets = new Map<string, Target>();

// ---------------------------------------------------------------------------------------------
// The rule, written independently of the server.

const bits = (profile: number, right: string) => rights.get(profile)!.get(right) ?? 0;

function holdsAll(editor: number, target: number): boolean {
  for (const [name, value] of rights.get(target)!) if ((value & ~bits(editor, name)) !== 0) return false;
  return true;
}

/** Every target holds its profile and, as a second authorization, Self-Service. */
const outranks = (editor: number, target: Target) => holdsAll(editor, target.profile) && holdsAll(editor, SELF_SERVICE);

type Refusal = 'none' | 'rule' | 'other';

/** 'rule' is the new refusal (403); 'other' the older ones (no user right, target out of reach). */
function refusal(editor: number, target: Target, need: number): Refusal {
  if ((bits(editor, 'user') & need) === 0 || target.scope === 'out') return 'other';
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
  await post(glpi, 'ProfileRight/', Object.entries(all).map(([right, value]) => ({ profiles_id: id, name: right, rights: value })));
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
  const crossing = [
    { id: await customProfile('Computers-and-users', { computer: 255 }), slug: 'custom_computers' },
    { id: await customProfile('Monitors-and-users', { monitor: 255 }), slug: 'custom_monitors' },
  ];
  const profiles = [...PROFILES.map((p) => ({ id: p.id, slug: p.slug })), ...crossing];
  await Promise.all(profiles.map((p) => loadRights(p.id)));
  expect(holdsAll(crossing[0]!.id, crossing[1]!.id) || holdsAll(crossing[1]!.id, crossing[0]!.id)).toBe(false);

  for (const p of profiles) {
    const name = `editor_${p.slug}`;
    await createUser(glpi, name, p.id, A, true);
    editors.push({ profile: p.id, name, client: await loginAs(server.api, name) });
  }
  const [member, joined] = await post(glpi, 'Group/', [
    { name: 'members', entities_id: 0, is_recursive: 1 },
    { name: 'joined', entities_id: 0, is_recursive: 1 },
  ]);
  groups = { member: Number(member!.id), joined: Number(joined!.id) };

  const cells = editors.flatMap((e) => profiles.flatMap((p) => (['in', 'out'] as Scope[]).map((scope) => ({ editor: e.profile, profile: p.id, scope }))));
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
      _entities_id: c.scope === 'in' ? entities.A1 : entities.B,
      _is_recursive: 0,
    })),
  );
  const ids = created.map((r) => Number(r.id));
  const entityOf = (c: (typeof cells)[number]) => (c.scope === 'in' ? entities.A1 : entities.B);
  const emails = await post(glpi, 'UserEmail/', cells.map((c, i) => ({ users_id: ids[i], email: `second_${ids[i]}@example.org` })));
  const grants = await post(glpi, 'Profile_User/', cells.map((c, i) => ({ users_id: ids[i], profiles_id: SELF_SERVICE, entities_id: entityOf(c), is_recursive: 0 })));
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
}, 120_000);
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
  async function attempt(op: string, res: ApiResponse, ok: number, need = UPDATE): Promise<boolean> {
    const want = refusal(e.profile, t, need);
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
  const expectedRow = { name: t.login, authtype: 1, auths_id: 0, is_active: 1, is_deleted: 0, begin_date: null, end_date: null };
  const actualRow = Object.fromEntries(Object.keys(expectedRow).map((k) => [k, row[k]]));
  if (JSON.stringify(actualRow) !== JSON.stringify(expectedRow)) problems.push(`${label}: account changed: ${JSON.stringify(actualRow)}`);
  const emails = ((await glpi.get(`${user}/UserEmail`)).body as { email: string }[]).map((r) => r.email).sort();
  if (JSON.stringify(emails) !== JSON.stringify([...t.emails].sort())) problems.push(`${label}: e-mails changed: ${emails.join(', ')}`);
  const place = t.scope === 'in' ? entities.A1 : entities.B;
  const grants = ((await glpi.get(`${user}/Profile_User`)).body as Record<string, number>[]).map((g) => `${g.profiles_id}@${g.entities_id}/${g.is_recursive}`).sort();
  const wantGrants = [`${t.profile}@${place}/0`, `${SELF_SERVICE}@${place}/0`].sort();
  if (JSON.stringify(grants) !== JSON.stringify(wantGrants)) problems.push(`${label}: authorizations changed: ${grants.join(', ')}`);
  const memberships = ((await glpi.get(`${user}/Group_User`)).body as Record<string, number>[]).map((g) => `${g.groups_id}/${g.is_manager}`);
  if (JSON.stringify(memberships) !== JSON.stringify([`${groups.member}/0`])) problems.push(`${label}: groups changed: ${memberships.join(', ')}`);
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
  const emails = await e.client.post('UserEmail/', { input: cells.map((t) => ({ users_id: t.id, email: `bulk-${e.profile}-${t.id}@evil.example` })) });
  check('UserEmail add', emails, (_t, el) => el.id);
  // What the bulk writes were allowed to change is put back, so the single writes start the same.
  const allowed = cells.filter((t) => refusal(e.profile, t, UPDATE) === 'none');
  if (allowed.length) {
    const res = await glpi.put('User/', { input: allowed.map((t) => ({ id: t.id, begin_date: null })) });
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
    test(`${label} as editor: every target profile × every account change × inside/outside its entities`, async () => {
      const e = editors[index]!;
      const cells = [...targets.entries()].filter(([key]) => key.startsWith(`${e.profile}/`)).map(([, t]) => t);
      expect(cells).toHaveLength(2 * editors.length);
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
