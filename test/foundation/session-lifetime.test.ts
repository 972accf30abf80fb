/**
 * Sessions outlive the process (they are kept in the database) and end after the idle timeout;
 * the login settings (Config items changed through the API) decide how sessions may be opened.
 * The idle test shortens the timeout for the whole server, so it runs last in this file.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { TestClock } from '../support/clock';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../support/server';
import { basic, expectError } from './helpers';

// The server runs on a test clock: idle time passes only when a test moves it.
const clock = new TestClock();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({}, clock.args);
});
afterAll(() => server.dispose());

async function restart(kill = false): Promise<void> {
  await server.stop(kill);
  await server.start();
}

/** The server gets a new port on every start: clients follow it. */
const follow = (c: Client) => Object.assign(new Client(server.api), { token: c.token });

test('a session and its active entities survive a restart; a killed one stays dead', async () => {
  const kept = await new Client(server.api).login();
  const killed = await new Client(server.api).login();
  const computer = await kept.create('Computer', { name: 'before restart' });
  const change = await kept.post('changeActiveEntities', { entities_id: 0, is_recursive: false });
  expect(change.status).toBe(200);
  expect((await killed.get('killSession')).status).toBe(200);

  await restart();

  const again = follow(kept);
  const session = await again.get('getFullSession');
  expect(session.status).toBe(200);
  expect(session.body.session.glpiID).toBe(2);
  const active = await again.get('getActiveEntities');
  expect(active.body).toEqual({ active_entity: { id: 0, active_entity_recursive: false, active_entities: [{ id: 0 }] } });
  expect((await again.get(`Computer/${computer}`)).body.name).toBe('before restart');
  expectError(await follow(killed).get('getFullSession'), 401, 'ERROR_SESSION_TOKEN_INVALID');
});

test('a session survives a crash (SIGKILL) too', async () => {
  const c = await new Client(server.api).login();
  await restart(true);
  const res = await follow(c).get('getMyProfiles');
  expect(res.status).toBe(200);
  expect(res.body.myprofiles[0].id).toBe(4);
});

/** Changes a core setting through the API (Config items) and checks the answer. */
async function setSetting(admin: Client, name: string, value: string): Promise<void> {
  const found = await admin.get('Config/', { query: `searchText[name]=^${name}$` });
  expect(found.status).toBe(200);
  expect(found.body).toHaveLength(1);
  const id = found.body[0].id as number;
  const update = await admin.put(`Config/${id}`, { input: { value } });
  expect(update.body).toEqual([{ [id]: true, message: '' }]);
}

test('the login settings switch credentials, user tokens and new sessions off', async () => {
  const admin = await new Client(server.api).login();
  const reset = await admin.put('User/2', { input: { _reset_api_token: true } });
  const userToken = reset.body[0].api_token as string;
  const withPassword = () => new Client(server.api).get('initSession', { headers: { Authorization: basic('glpi', ADMIN_PASSWORD) } });
  const withToken = () => new Client(server.api).get('initSession', { headers: { Authorization: `user_token ${userToken}` } });

  await setSetting(admin, 'enable_api_login_credentials', '0');
  expectError(await withPassword(), 400, 'ERROR_LOGIN_WITH_CREDENTIALS_DISABLED');
  expect((await withToken()).status).toBe(200);
  await setSetting(admin, 'enable_api_login_credentials', '1');
  expect((await withPassword()).status).toBe(200);

  await setSetting(admin, 'enable_api_login_external_token', '0');
  expectError(await withToken(), 401, 'ERROR_GLPI_LOGIN_USER_TOKEN');
  expect((await withPassword()).status).toBe(200);
  await setSetting(admin, 'enable_api_login_external_token', '1');
  expect((await withToken()).status).toBe(200);

  await setSetting(admin, 'enable_api', '0');
  const disabled = await withPassword();
  expectError(disabled, 400, 'ERROR');
  expect(disabled.body[1]).toBe('API disabled');
  await setSetting(admin, 'enable_api', '1');
  expect((await withPassword()).status).toBe(200);
});

test('idle sessions expire after session_idle_timeout (set through the API)', async () => {
  const admin = await new Client(server.api).login();
  const other = await new Client(server.api).login();
  const found = await admin.get('Config/', { query: 'searchText[name]=^session_idle_timeout$' });
  expect(found.status).toBe(200);
  expect(found.body).toHaveLength(1);
  const setting = found.body[0];
  expect(setting).toMatchObject({ context: 'core', name: 'session_idle_timeout', value: '86400' });

  const update = await admin.put(`Config/${setting.id}`, { input: { value: '1' } });
  expect(update.status).toBe(200);
  expect(update.body).toEqual([{ [setting.id]: true, message: '' }]);
  expect((await admin.get(`Config/${setting.id}`)).body.value).toBe('1');

  // Used within the second: still alive.
  clock.advance(1000);
  expect((await other.get('getFullSession')).status).toBe(200);
  clock.advance(1001);
  expectError(await admin.get('getFullSession'), 401, 'ERROR_SESSION_TOKEN_INVALID');
  expectError(await other.get('Computer/'), 401, 'ERROR_SESSION_TOKEN_INVALID');

  // A new session works at once, and stays dead after a restart once expired.
  const fresh = await new Client(server.api).login();
  expect((await fresh.get('getFullSession')).status).toBe(200);
  clock.advance(1001);
  await restart();
  expectError(await follow(fresh).get('getFullSession'), 401, 'ERROR_SESSION_TOKEN_INVALID');
});
