/**
 * Issue 25, point 7: a user write checks rights, authority over the account and its input before
 * hashing its password (argon2, about a tenth of a CPU-second each), and hashes only the elements
 * that will be written. The server's services run in this process, with the real hasher wrapped
 * to count its calls, and requests go through the real HTTP pipeline (Elysia's handler).
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { createServices, type Services } from '../../server/auth/services';
import { createApp } from '../../server/http/app';
import { installRules } from '../../server/items/hooks';
import { RULES } from '../../server/hook-table';
import { useStore } from '../support/store';

const fresh = useStore('bulk-hashing');
const ADMIN_PASSWORD = 'bulk-hashing-test-pass'; // useStore's password for glpi
const PASSWORD = 'Hashed-pw-1';
const SELF_SERVICE = 1, ADMIN = 3, SUPER_ADMIN = 4, TECHNICIAN = 6;
const RIGHT_MISSING = "You don't have permission to perform this action.";

let services: Services;
let app: ReturnType<typeof createApp>;
let hashed: string[] = [];
let entities: { A: number; B: number };

interface Answer {
  status: number;
  body: any;
}

async function call(method: string, path: string, token: string | null, body?: unknown, basic?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers['Session-Token'] = token;
  if (basic) headers.Authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
  const text = body === undefined ? undefined : JSON.stringify(body);
  if (text !== undefined) headers['Content-Length'] = String(Buffer.byteLength(text)); // as a client sends it
  const res = await app.handle(new Request(`http://127.0.0.1/apirest.php/${path}`, { method, headers, body: text }));
  const answer = await res.text();
  return { status: res.status, body: answer ? JSON.parse(answer) : null };
}

async function login(name: string, password = PASSWORD): Promise<string> {
  const res = await call('GET', 'initSession', null, undefined, `${name}:${password}`);
  expect(res.status).toBe(200);
  return res.body.session_token;
}

let glpi: string;

async function create(itemtype: string, input: Record<string, unknown>): Promise<number> {
  const res = await call('POST', `${itemtype}/`, glpi, { input });
  if (res.status !== 201) throw new Error(`create ${itemtype}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

const account = (name: string, profile: number, entity: number) => ({
  name,
  password: PASSWORD,
  password2: PASSWORD,
  _profiles_id: profile,
  _entities_id: entity,
  _is_recursive: 1,
});

/** Runs a request and answers how many passwords it hashed. */
async function hashesOf(request: () => Promise<Answer>): Promise<{ answer: Answer; hashes: number }> {
  hashed = [];
  const answer = await request();
  return { answer, hashes: hashed.length };
}

const refusedAll = (answer: Answer, verb: 'ADD' | 'UPDATE', count: number, message: string) => {
  expect(answer.status).toBe(400);
  expect(answer.body[0]).toBe(`ERROR_GLPI_${verb}`);
  expect(answer.body[1]).toHaveLength(count);
  expect(new Set(answer.body[1].map((element: { message: string }) => element.message))).toEqual(new Set([message]));
};

let technician: string;
let selfService: string;
let admins: number[];

beforeAll(async () => {
  installRules(RULES);
  services = createServices(fresh.store);
  const real = services.hashPassword;
  services.hashPassword = (password) => {
    hashed.push(password);
    return real(password);
  };
  app = createApp(services);
  glpi = await login('glpi', ADMIN_PASSWORD);
  entities = { A: await create('Entity', { name: 'A', entities_id: 0 }), B: await create('Entity', { name: 'B', entities_id: 0 }) };
  await create('User', account('tech_a', TECHNICIAN, entities.A));
  await create('User', account('self_a', SELF_SERVICE, entities.A));
  const made = await call('POST', 'User/', glpi, { input: [1, 2, 3].map((i) => account(`admin_a_${i}`, ADMIN, entities.A)) });
  admins = made.body.map((r: { id: number }) => r.id);
  technician = await login('tech_a');
  selfService = await login('self_a');
}, 60_000);

describe('refused elements of a user write are never hashed', () => {
  test('a bulk add the session may not make at all (Self-Service): every element refused, nothing hashed', async () => {
    const { answer, hashes } = await hashesOf(() => call('POST', 'User/', selfService, { input: Array.from({ length: 40 }, (_, i) => account(`ss_${i}`, SELF_SERVICE, entities.A)) }));
    refusedAll(answer, 'ADD', 40, RIGHT_MISSING);
    expect(hashes).toBe(0);
  });

  test('a bulk add into an entity out of reach, or with a profile above the session: refused, nothing hashed', async () => {
    const outside = await hashesOf(() => call('POST', 'User/', technician, { input: Array.from({ length: 30 }, (_, i) => account(`in_b_${i}`, SELF_SERVICE, entities.B)) }));
    refusedAll(outside.answer, 'ADD', 30, `Entity ${entities.B} is not one of your active entities`);
    expect(outside.hashes).toBe(0);
    const above = await hashesOf(() => call('POST', 'User/', technician, { input: Array.from({ length: 30 }, (_, i) => account(`boss_${i}`, SUPER_ADMIN, entities.A)) }));
    refusedAll(above.answer, 'ADD', 30, 'You cannot grant the profile Super-Admin: it has rights (computer) that your profile does not have');
    expect(above.hashes).toBe(0);
  });

  test('bad input (login, mismatched passwords, unknown field): refused, nothing hashed', async () => {
    const input = [
      { ...account('bad login!', SELF_SERVICE, entities.A) },
      { ...account('mismatch', SELF_SERVICE, entities.A), password2: 'other' },
      { ...account('unknown_field', SELF_SERVICE, entities.A), no_such_column: 1 },
    ];
    const { answer, hashes } = await hashesOf(() => call('POST', 'User/', technician, { input }));
    expect(answer.status).toBe(400);
    expect(answer.body[1].map((element: { message: string }) => element.message)).toEqual([
      'The login is not valid. Unable to add the user.',
      'Error: the two passwords do not match',
      'Field no_such_column is not valid for User item.',
    ]);
    expect(hashes).toBe(0);
  });

  test("a bulk password change of accounts the Technician does not outrank, or cannot reach: refused, nothing hashed", async () => {
    const input = [...admins, 2].map((id) => ({ id, password: 'Taken-1', password2: 'Taken-1' }));
    const { answer, hashes } = await hashesOf(() => call('PUT', 'User/', technician, { input }));
    expect(answer.status).toBe(400);
    expect(answer.body[1]).toEqual([...admins, 2].map((id) => ({ [id]: false, message: RIGHT_MISSING })));
    expect(hashes).toBe(0);
  });

  test('a mixed bulk add hashes exactly the elements written, and they sign in', async () => {
    const input = [
      account('written_1', SELF_SERVICE, entities.A),
      account('refused_b', SELF_SERVICE, entities.B),
      account('written_2', SELF_SERVICE, entities.A),
      account('refused_boss', SUPER_ADMIN, entities.A),
    ];
    const { answer, hashes } = await hashesOf(() => call('POST', 'User/', technician, { input }));
    expect(answer.status).toBe(207);
    expect(answer.body[1].map((element: { id: number | false }) => element.id !== false)).toEqual([true, false, true, false]);
    expect(hashes).toBe(2);
    expect(hashed).toEqual([PASSWORD, PASSWORD]);
    await login('written_1');
    await login('written_2');
  });

  test("one's own password, and that of an account the Technician outranks, are hashed once each", async () => {
    const selfId = Number((await call('GET', 'getFullSession', selfService)).body.session.glpiID);
    const own = await hashesOf(() => call('PUT', 'User/', selfService, { input: [{ id: selfId, password: 'Own-new-1', password2: 'Own-new-1' }] }));
    expect(own.answer.status).toBe(200);
    expect(own.hashes).toBe(1);
    await login('self_a', 'Own-new-1');
    const other = await hashesOf(() => call('PUT', `User/${selfId}`, technician, { input: { password: 'Reset-by-tech-1', password2: 'Reset-by-tech-1' } }));
    expect(other.answer.status).toBe(200);
    expect(other.hashes).toBe(1);
    await login('self_a', 'Reset-by-tech-1');
  });
});
