import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { scenario, type Step } from '../support/scenario';
import { startServer, type TestServer } from '../support/server';
import { buildBase, bulkCreate, PROFILES, RIGHT_MISSING, unique, type Base } from './fixture';

/**
 * The rights matrix: every default profile × a representative set of itemtypes × every
 * operation, on an item inside the session's entities (A1, below the granted entity A) and on
 * one outside them (B). Expectations are derived here, independently of the server's code, from
 * the default profile bitmasks (glpi-model §4.4) and the rules of §4.2–4.5.
 */

// ---------------------------------------------------------------------------------------------
// Rights of the default profiles (glpi-model §4.4), in profile order 1..8:
// Self-Service, Observer, Admin, Super-Admin, Hotliner, Technician, Supervisor, Read-Only.
type Row8 = [number, number, number, number, number, number, number, number];
const ASSETS: Row8 = [0, 33, 127, 255, 0, 127, 127, 33];
const RIGHTS: Record<string, Row8> = {
  computer: ASSETS,
  monitor: ASSETS,
  networking: ASSETS,
  peripheral: ASSETS,
  phone: ASSETS,
  printer: ASSETS,
  software: ASSETS,
  license: ASSETS,
  cartridge: ASSETS,
  consumable: ASSETS,
  document: ASSETS,
  ticket: [5, 168989, 261151, 261151, 140295, 166919, 261151, 138241],
  problem: [0, 1057, 1151, 1151, 1024, 1121, 1151, 1057],
  change: [0, 1057, 1151, 1151, 1054, 1151, 1151, 1057],
  followup: [5, 5, 31767, 31767, 12295, 13319, 31767, 8193],
  user: [0, 2049, 7199, 7327, 1025, 1055, 1055, 1],
  group: [0, 33, 119, 119, 0, 1, 1, 33],
  entity: [0, 0, 33, 3327, 0, 33, 33, 33],
  profile: [0, 0, 1, 23, 0, 0, 0, 1],
  infocom: [0, 1, 23, 23, 0, 0, 0, 1],
  dropdown: [0, 0, 23, 23, 0, 0, 0, 1],
  location: [0, 0, 23, 23, 0, 0, 23, 1],
  itilcategory: [0, 0, 23, 23, 0, 0, 23, 1],
  logs: [0, 0, 1, 1, 0, 0, 1, 1],
};
const READ = 1, UPDATE = 2, CREATE = 4, DELETE = 8, PURGE = 16;
const T = { READMY: 1, READALL: 1024, READGROUP: 2048, READASSIGN: 4096, ASSIGN: 8192, STEAL: 16384, OWN: 32768, CHANGEPRIORITY: 65536 };
const F = { SEEPUBLIC: 1, SEEPRIVATE: 8192 };
const HELPDESK = new Set([1]); // Self-Service is the only helpdesk-interface profile

const has = (right: string, profileId: number, bits: number) => (RIGHTS[right]![profileId - 1]! & bits) !== 0;

// ---------------------------------------------------------------------------------------------
// Itemtypes under test.
type Rules = 'standard' | 'ticket' | 'itil' | 'user-relation' | 'log' | 'infocom';
type Place = 'entity' | 'global' | 'entity-self' | 'users' | 'infocom' | 'log' | 'profile_user' | 'group_user';
type Scope = 'in' | 'out';

interface Case {
  type: string;
  right: string;
  rules: Rules;
  place: Place;
  trash: boolean;
  /** Sub-item listed under the item, and the check that reading it needs besides the parent. */
  sub?: { type: string; canRead: (p: number) => boolean };
  update: Record<string, unknown>;
  extra?: Record<string, unknown>;
  /**
   * Users may change parts of their own account without the class right, so a missing
   * CREATE/UPDATE right cannot be refused up front: the element fails with RIGHT_MISSING.
   */
  selfService?: boolean;
}

const logSub = { type: 'Log', canRead: (p: number) => has('logs', p, READ) };
const asset = (type: string, right: string): Case => ({ type, right, rules: 'standard', place: 'entity', trash: true, sub: logSub, update: { comment: 'updated' } });
const followupSub = { type: 'ITILFollowup', canRead: (p: number) => has('followup', p, F.SEEPUBLIC | F.SEEPRIVATE) };
const userRead = (p: number) => has('user', p, READ);

const CASES: Case[] = [
  asset('Computer', 'computer'),
  asset('Monitor', 'monitor'),
  asset('NetworkEquipment', 'networking'),
  asset('Peripheral', 'peripheral'),
  asset('Phone', 'phone'),
  asset('Printer', 'printer'),
  asset('Software', 'software'),
  asset('SoftwareLicense', 'license'),
  asset('CartridgeItem', 'cartridge'),
  asset('ConsumableItem', 'consumable'),
  { ...asset('Document', 'document'), sub: { type: 'Document_Item', canRead: (p) => has('document', p, READ) } },
  { type: 'Ticket', right: 'ticket', rules: 'ticket', place: 'entity', trash: true, sub: followupSub, update: { name: 'renamed' }, extra: { content: 'ticket body' } },
  { type: 'Problem', right: 'problem', rules: 'itil', place: 'entity', trash: true, sub: followupSub, update: { name: 'renamed' }, extra: { content: 'problem body' } },
  { type: 'Change', right: 'change', rules: 'itil', place: 'entity', trash: true, sub: followupSub, update: { name: 'renamed' }, extra: { content: 'change body' } },
  { type: 'User', right: 'user', rules: 'standard', place: 'users', trash: true, selfService: true, sub: { type: 'Profile_User', canRead: userRead }, update: { comment: 'updated' } },
  { type: 'Group', right: 'group', rules: 'standard', place: 'entity', trash: false, sub: { type: 'Group_User', canRead: userRead }, update: { comment: 'updated' } },
  { type: 'Entity', right: 'entity', rules: 'standard', place: 'entity-self', trash: false, sub: { type: 'Profile_User', canRead: userRead }, update: { comment: 'updated' } },
  { type: 'Profile', right: 'profile', rules: 'standard', place: 'global', trash: false, sub: { type: 'ProfileRight', canRead: (p) => has('profile', p, READ) }, update: { comment: 'updated' } },
  { type: 'Location', right: 'location', rules: 'standard', place: 'entity', trash: false, sub: logSub, update: { comment: 'updated' } },
  { type: 'ITILCategory', right: 'itilcategory', rules: 'standard', place: 'entity', trash: false, sub: logSub, update: { comment: 'updated' } },
  { type: 'Manufacturer', right: 'dropdown', rules: 'standard', place: 'global', trash: false, sub: logSub, update: { comment: 'updated' } },
  { type: 'Infocom', right: 'infocom', rules: 'infocom', place: 'infocom', trash: false, sub: logSub, update: { comment: 'updated' } },
  { type: 'Profile_User', right: 'user', rules: 'user-relation', place: 'profile_user', trash: false, update: { is_recursive: 1 } },
  { type: 'Group_User', right: 'user', rules: 'user-relation', place: 'group_user', trash: false, update: { is_manager: 1 } },
  { type: 'Log', right: 'logs', rules: 'log', place: 'log', trash: false, update: { old_value: 'forged' } },
];

const scopesOf = (c: Case): Scope[] => (c.place === 'global' ? ['in'] : ['in', 'out']);

// ---------------------------------------------------------------------------------------------
// Expected outcomes.
type Op = 'read' | 'list' | 'sub' | 'create' | 'update' | 'trash' | 'purge';
const OPS: Op[] = ['read', 'list', 'sub', 'create', 'update', 'trash', 'purge'];

/** What a request must answer: a status (with GLPI's error), or whether the victim is listed. */
type Outcome = Pick<Step, 'status' | 'error' | 'message'> | 'listed' | 'unlisted' | 'n/a';

const ok = (status: number): Outcome => ({ status });
const DENIED: Outcome = { status: 403, error: 'ERROR_RIGHT_MISSING', message: RIGHT_MISSING };
const OUT_OF_REACH: Outcome = { status: 404, error: 'ERROR_ITEM_NOT_FOUND', message: 'Item not found' };
/** A 400 refusal of the element: for want of the right, or because the entity is not an active one. */
const refused = (error: string, why: 'RIGHT' | 'ENTITY'): Outcome => ({ status: 400, error, message: why === 'RIGHT' ? RIGHT_MISSING : /not one of your active entities/ });

function classCan(c: Case, p: number, action: 'read' | 'create' | 'update' | 'trash' | 'purge'): boolean {
  const helpdesk = HELPDESK.has(p);
  switch (c.rules) {
    case 'log':
      return action === 'read' && has('logs', p, READ);
    case 'user-relation': // rights follow the user: reading it, or updating it for any change
      return action === 'read' ? has('user', p, READ) : has('user', p, UPDATE);
    case 'ticket':
      if (action === 'read') return has('ticket', p, T.READMY | T.READALL | UPDATE | T.READGROUP | T.READASSIGN | T.OWN);
      if (action === 'create') return has('ticket', p, CREATE);
      if (action === 'update') return helpdesk ? has('ticket', p, CREATE) : has('ticket', p, UPDATE | T.ASSIGN | T.STEAL | T.OWN | T.CHANGEPRIORITY);
      if (action === 'trash') return helpdesk ? has('ticket', p, CREATE) : has('ticket', p, DELETE);
      return has('ticket', p, PURGE);
    case 'itil':
      if (action === 'read') return has(c.right, p, T.READMY | T.READALL);
      break;
  }
  const bit = { read: READ, create: CREATE, update: UPDATE, trash: DELETE, purge: PURGE }[action];
  return has(c.right, p, bit);
}

/** May the profile see the victim (its class right granted)? */
function visible(c: Case, p: number, scope: Scope): boolean {
  if (scope === 'out') return false; // B is neither active nor an ancestor of an active entity
  switch (c.rules) {
    case 'ticket':
    case 'itil':
      return has(c.right, p, T.READALL); // victims were opened by glpi, the user is not involved
    case 'infocom':
    case 'log':
      return has('computer', p, READ); // they hang on a computer, visible with it
    default:
      return true;
  }
}

/** May the profile write the victim (its class right for the action granted)? */
function writable(c: Case, p: number, scope: Scope, action: 'create' | 'update' | 'trash' | 'purge'): boolean {
  if (scope === 'out') return false;
  const helpdesk = HELPDESK.has(p);
  switch (c.rules) {
    case 'ticket':
      if (action === 'create') return true;
      if (helpdesk) return false; // helpdesk users only touch tickets they opened or watch
      // central: updating needs UPDATE (or being assigned with OWN); trash and purge only the entity
      return action === 'update' ? has('ticket', p, UPDATE) : true;
    case 'infocom':
      return has('computer', p, UPDATE); // financial data follows UPDATE on its asset
    default:
      return true;
  }
}

function expected(c: Case, p: number, scope: Scope, op: Op): Outcome {
  switch (op) {
    case 'read':
      if (!classCan(c, p, 'read')) return DENIED;
      if (scope === 'out') return OUT_OF_REACH; // outside the active entities: as if it did not exist
      return visible(c, p, scope) ? ok(200) : DENIED;
    case 'list':
      if (!classCan(c, p, 'read')) return DENIED;
      return visible(c, p, scope) ? 'listed' : 'unlisted';
    case 'sub':
      if (!c.sub) return 'n/a';
      if (classCan(c, p, 'read') && scope === 'out') return OUT_OF_REACH;
      return classCan(c, p, 'read') && visible(c, p, scope) && c.sub.canRead(p) ? ok(200) : DENIED;
    case 'create':
      if (!classCan(c, p, 'create')) return c.selfService ? refused('ERROR_GLPI_ADD', 'RIGHT') : DENIED;
      if (!writable(c, p, scope, 'create')) {
        // New users name their entity; it must be an active one. An authorization for a user out
        // of reach is refused as any change to that user is.
        return refused('ERROR_GLPI_ADD', c.place === 'users' ? 'ENTITY' : 'RIGHT');
      }
      return ok(201);
    case 'update':
      if (!classCan(c, p, 'update')) return c.selfService ? refused('ERROR_GLPI_UPDATE', 'RIGHT') : DENIED;
      return writable(c, p, scope, 'update') ? ok(200) : refused('ERROR_GLPI_UPDATE', 'RIGHT');
    case 'trash':
      if (!c.trash) return 'n/a';
      if (!classCan(c, p, 'trash')) return DENIED;
      return writable(c, p, scope, 'trash') ? ok(204) : refused('ERROR_GLPI_DELETE', 'RIGHT');
    case 'purge':
      if (!classCan(c, p, 'purge')) return DENIED;
      return writable(c, p, scope, 'purge') ? ok(204) : refused('ERROR_GLPI_DELETE', 'RIGHT');
  }
}

// ---------------------------------------------------------------------------------------------
// Fixture: one victim per (profile, itemtype, scope), plus what the create attempts need.

let server: TestServer;
let base: Base;
/** `${type}/${scope}` -> victim id per profile id */
const victims = new Map<string, Record<number, number>>();
/** `${type}/${scope}` -> create input per profile id */
const createInputs = new Map<string, Record<number, Record<string, unknown>>>();

async function usersIn(entity: number, n: number, prefix: string): Promise<number[]> {
  return bulkCreate(
    base.glpi,
    'User',
    Array.from({ length: n }, () => ({ name: unique(prefix), _profiles_id: 1, _entities_id: entity, _is_recursive: 0 })),
  );
}

async function firstId(path: string): Promise<number> {
  const res = await base.glpi.get(path, { query: 'range=0-0' });
  if (res.status !== 200 && res.status !== 206) throw new Error(`${path}: ${res.status} ${res.text}`);
  return Number(res.body[0].id);
}

async function buildVictims(c: Case, scope: Scope): Promise<void> {
  const entity = scope === 'in' ? base.entities.A1 : base.entities.B;
  const n = PROFILES.length;
  const glpi = base.glpi;
  const named = (i: number) => ({ name: unique(`${c.type}-${scope}-v${i}`), ...(c.extra ?? {}) });
  let ids: number[];
  const inputs: Record<string, unknown>[] = [];
  switch (c.place) {
    case 'entity':
    case 'entity-self':
      ids = await bulkCreate(glpi, c.type, Array.from({ length: n }, (_, i) => ({ ...named(i), entities_id: entity })));
      for (let i = 0; i < n; i++) inputs.push({ ...named(i), entities_id: entity });
      break;
    case 'global':
      ids = await bulkCreate(glpi, c.type, Array.from({ length: n }, (_, i) => named(i)));
      for (let i = 0; i < n; i++) inputs.push(named(i));
      break;
    case 'users':
      ids = await usersIn(entity, n, `victim-${scope}`);
      for (let i = 0; i < n; i++) inputs.push({ name: unique(`newuser-${scope}`), _profiles_id: 1, _entities_id: entity, _is_recursive: 0 });
      break;
    case 'infocom': {
      const computers = await bulkCreate(glpi, 'Computer', Array.from({ length: 2 * n }, (_, i) => ({ name: unique(`infocom-host-${i}`), entities_id: entity })));
      ids = await bulkCreate(glpi, 'Infocom', computers.slice(0, n).map((id) => ({ itemtype: 'Computer', items_id: id, comment: 'financial' })));
      for (const id of computers.slice(n)) inputs.push({ itemtype: 'Computer', items_id: id, order_number: 'PO-1' });
      break;
    }
    case 'log': {
      const computers = await bulkCreate(glpi, 'Computer', Array.from({ length: n }, (_, i) => ({ name: unique(`logged-${i}`), entities_id: entity })));
      ids = await Promise.all(computers.map((id) => firstId(`Computer/${id}/Log`)));
      for (const id of computers) inputs.push({ itemtype: 'Computer', items_id: id, old_value: 'forged' });
      break;
    }
    case 'profile_user': {
      const users = await usersIn(entity, 2 * n, `granted-${scope}`);
      ids = await Promise.all(users.slice(0, n).map((id) => firstId(`User/${id}/Profile_User`)));
      for (const id of users.slice(n)) inputs.push({ users_id: id, profiles_id: 1, entities_id: entity, is_recursive: 0 });
      break;
    }
    case 'group_user': {
      const [group] = await bulkCreate(glpi, 'Group', [{ name: unique(`members-${scope}`), entities_id: entity }]);
      const users = await usersIn(entity, 2 * n, `member-${scope}`);
      ids = await bulkCreate(glpi, 'Group_User', users.slice(0, n).map((id) => ({ users_id: id, groups_id: group })));
      for (const id of users.slice(n)) inputs.push({ users_id: id, groups_id: group });
      break;
    }
  }
  const byProfile: Record<number, number> = {};
  const inputByProfile: Record<number, Record<string, unknown>> = {};
  PROFILES.forEach((p, i) => {
    byProfile[p.id] = ids[i]!;
    inputByProfile[p.id] = inputs[i]!;
  });
  victims.set(`${c.type}/${scope}`, byProfile);
  createInputs.set(`${c.type}/${scope}`, inputByProfile);
}

beforeAll(async () => {
  server = await startServer();
  base = await buildBase(server);
  try {
    for (const c of CASES) for (const scope of scopesOf(c)) await buildVictims(c, scope);
  } catch (error) {
    console.error(server.output.slice(-4000));
    throw error;
  }
}, 60_000);
afterAll(() => server.dispose());

// ---------------------------------------------------------------------------------------------
// The requests of one row: every operation, in order (reads first, then the writes that end the
// victim's life), each with the outcome it must have.

function request(c: Case, id: number, input: Record<string, unknown>, op: Op): Omit<Step, 'status'> {
  switch (op) {
    case 'read':
      return { request: `GET ${c.type}/${id}` };
    case 'list':
      return { request: `GET ${c.type}/`, query: `searchText[id]=${encodeURIComponent(`^${id}$`)}&range=0-999` };
    case 'sub':
      // One page holds every row (a profile has a row of each right, more than the default 50).
      return { request: `GET ${c.type}/${id}/${c.sub?.type}`, query: 'range=0-999' };
    case 'create':
      return { request: `POST ${c.type}/`, body: { input }, answer: { id: expect.any(Number) } };
    case 'update':
      return { request: `PUT ${c.type}/${id}`, body: { input: c.update }, answer: [{ [id]: true }] };
    case 'trash':
      return { request: `DELETE ${c.type}/${id}` };
    case 'purge':
      return { request: `DELETE ${c.type}/${id}`, query: 'force_purge=true' };
  }
}

function steps(c: Case, profile: number, scope: Scope): Step[] {
  const key = `${c.type}/${scope}`;
  const id = victims.get(key)![profile]!;
  const input = createInputs.get(key)![profile]!;
  return OPS.flatMap((op): Step[] => {
    const want = expected(c, profile, scope, op);
    if (want === 'n/a') return [];
    const note = `${c.type} ${scope} ${op}`;
    const { answer, ...sent } = request(c, id, input, op);
    if (want === 'listed' || want === 'unlisted') return [{ note, ...sent, status: 200, answer: want === 'listed' ? [{ id }] : [] }];
    return [{ note, ...sent, ...want, ...(want.error ? {} : { answer }) }];
  });
}

describe('rights matrix', () => {
  for (const profile of PROFILES) {
    test(`${profile.name}: every itemtype × operation × inside/outside the active entities`, async () => {
      // One scenario per itemtype and place, all at once; each stops at its first wrong answer.
      const rows = CASES.flatMap((c) => scopesOf(c).map((scope) => scenario(base.as[profile.id]!, steps(c, profile.id, scope))));
      const mismatches = (await Promise.allSettled(rows)).flatMap((row) => (row.status === 'rejected' ? [String(row.reason)] : []));
      expect(mismatches).toEqual([]);
    });
  }

  test('the victims that were meant to survive are untouched, the others are gone', async () => {
    // A refused purge must leave the row in place; an allowed one must remove it.
    const problems: string[] = [];
    for (const c of CASES) {
      for (const scope of scopesOf(c)) {
        for (const profile of PROFILES) {
          const id = victims.get(`${c.type}/${scope}`)![profile.id]!;
          const res = await base.glpi.get(`${c.type}/${id}`);
          const purge = expected(c, profile.id, scope, 'purge');
          const purged = typeof purge === 'object' && purge.status === 204;
          if (purged && res.status !== 404) problems.push(`${c.type} ${scope} ${profile.name}: purged but still answers ${res.status}`);
          if (!purged && res.status !== 200) problems.push(`${c.type} ${scope} ${profile.name}: not purged but answers ${res.status}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
