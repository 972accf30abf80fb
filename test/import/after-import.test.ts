/**
 * What an imported folder serves beyond the rows themselves: the history GLPI keeps of sub-items
 * (network ports, components, e-mail addresses, solutions) as those items' own history,
 * preferences left to the global setting, and GLPI's install accounts still on their default
 * passwords flagged to administrators.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { runCli, type CliResult } from '../support/cli';
import { Client } from '../support/client';
import { TestServer } from '../support/server';
import { FIXTURE_SQL, mariadbMissing, useMariaDb } from './helpers';

const maria = useMariaDb();

/** GLPI's own history rows of sub-items (its dohistory), beside the fixture's. */
const SUB_ITEM_HISTORY = `
  INSERT INTO glpi_logs (id, itemtype, items_id, itemtype_link, linked_action, user_name, date_mod, id_search_option, old_value, new_value) VALUES
    (101, 'NetworkPort', 1, '', 0, 'glpi (2)', '2024-03-15 14:00:00', 5, 'a4:bb:6d:01:02:00', 'a4:bb:6d:01:02:03'),
    (102, 'Item_DeviceProcessor', 1, '', 20, 'glpi (2)', '2023-02-01 09:00:00', 0, '', ''),
    (103, 'UserEmail', 2, '', 0, 'glpi (2)', '2023-03-02 08:00:00', 1, 'alice@old.example', 'alice@home.example'),
    (104, 'ITILSolution', 1, '', 0, 'glpi (2)', '2024-04-05 18:00:00', 3, '2', '3'),
    (105, 'NetworkName', 1, '', 0, 'glpi (2)', '2024-03-15 14:00:00', 1, 'pc-old', 'pc-042');`;

/** GLPI 10's preference columns of users: NULL follows the global setting. Bob (7) leaves every one to it. */
const PREFERENCES = `
  ALTER TABLE glpi_users ADD list_limit int DEFAULT NULL, ADD highcontrast_css tinyint DEFAULT '0', ADD default_central_tab tinyint DEFAULT '0',
    ADD timezone varchar(50) DEFAULT NULL, ADD is_ids_visible tinyint DEFAULT NULL;
  UPDATE glpi_users SET highcontrast_css = NULL, default_central_tab = NULL WHERE id = 7;
  UPDATE glpi_users SET list_limit = 20, highcontrast_css = 1, default_central_tab = 2, timezone = 'Europe/Paris', is_ids_visible = 1 WHERE id = 6;
  INSERT INTO glpi_users (id, name, password, authtype, is_active) VALUES (22, 'carol', '${Bun.password.hashSync('carol-pass', { algorithm: 'bcrypt', cost: 4 })}', 1, 1);
  INSERT INTO glpi_profiles_users (id, users_id, profiles_id, entities_id, is_recursive) VALUES (22, 22, 1, 0, 1);`;

/** Two of GLPI's install accounts still on their well-known passwords. */
const DEFAULT_ACCOUNTS = `
  INSERT INTO glpi_users (id, name, password, authtype, is_active) VALUES
    (20, 'tech', '${Bun.password.hashSync('tech', { algorithm: 'bcrypt', cost: 4 })}', 1, 1),
    (21, 'normal', '${Bun.password.hashSync('normal', { algorithm: 'bcrypt', cost: 4 })}', 1, 1);`;

describe.skipIf(mariadbMissing !== null)('an imported folder, served', () => {
  const root = mkdtempSync(join(tmpdir(), 'deskbase-after-import-'));
  const dataDir = join(root, 'data');
  let imported: CliResult;
  let server: TestServer;
  let api: Client;

  beforeAll(async () => {
    await maria.db.createDatabase('glpi_served', FIXTURE_SQL + SUB_ITEM_HISTORY + PREFERENCES + DEFAULT_ACCOUNTS);
    imported = await runCli(['import', maria.db.url('glpi_served'), '--data', dataDir]);
    server = new TestServer(dataDir, {});
    await server.start();
    api = await new Client(server.api).login('glpi', 'glpi-fixture-pass');
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test("sub-items' own history is kept and read as theirs", async () => {
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/\n {2}Log +11 +1\n/); // only the plugin's row is left out
    for (const [path, id, change] of [
      ['NetworkPort/1/Log', 101, { old_value: 'a4:bb:6d:01:02:00', new_value: 'a4:bb:6d:01:02:03' }],
      ['Item_DeviceProcessor/1/Log', 102, { linked_action: 20 }],
      ['UserEmail/2/Log', 103, { old_value: 'alice@old.example', new_value: 'alice@home.example' }],
      ['ITILSolution/1/Log', 104, { id_search_option: 3, old_value: '2', new_value: '3' }],
      ['NetworkName/1/Log', 105, { old_value: 'pc-old', new_value: 'pc-042' }],
    ] as const) {
      const res = await api.get(path);
      expect(res.status).toBe(200);
      expect(res.body.map((r: { id: number }) => r.id)).toEqual([id]);
      expect(res.body[0]).toMatchObject(change);
    }
    const port = await api.get('NetworkPort/1', { query: 'with_logs=1' });
    expect(port.status).toBe(200);
    expect(Object.keys(port.body._logs)).toEqual(['101']);
  });

  test('preferences GLPI leaves to the global setting stay unset; chosen ones are kept', async () => {
    const pick = (user: Record<string, unknown>) =>
      Object.fromEntries(['language', 'list_limit', 'highcontrast_css', 'default_central_tab', 'timezone', 'is_ids_visible'].map((k) => [k, user[k]]));
    expect(pick((await api.get('User/7')).body)).toEqual({ language: null, list_limit: null, highcontrast_css: null, default_central_tab: null, timezone: null, is_ids_visible: null });
    expect(pick((await api.get('User/6')).body)).toEqual({ language: 'fr_FR', list_limit: 20, highcontrast_css: 1, default_central_tab: 2, timezone: 'Europe/Paris', is_ids_visible: 1 });
    // A user who left them unset follows the global settings, including a change of them.
    expect(pick((await api.get('User/22')).body)).toEqual({ language: null, list_limit: null, highcontrast_css: 0, default_central_tab: 0, timezone: null, is_ids_visible: null });
    const session = async () => (await (await new Client(server.api).login('carol', 'carol-pass')).get('getFullSession')).body.session;
    expect([(await session()).glpilanguage, (await session()).glpilist_limit]).toEqual(['en_GB', 20]);
    await api.setConfig('language', 'fr_FR');
    await api.setConfig('list_limit', '30');
    expect([(await session()).glpilanguage, (await session()).glpilist_limit]).toEqual(['fr_FR', 30]);
    await api.setConfig('language', 'en_GB');
    await api.setConfig('list_limit', '20');
  });

  test("GLPI's install accounts still on their default password are flagged in the report and to administrators until changed", async () => {
    expect(imported.stdout).toContain("GLPI's install accounts tech/tech, normal/normal still have their well-known password: change them");
    const warning = async () => (await (await new Client(server.api).login('glpi', 'glpi-fixture-pass')).get('getFullSession')).body.session.MESSAGE_AFTER_REDIRECT;
    expect(await warning()).toEqual({ 2: ['For security reasons, please change the password for the default users: tech, normal'] });
    // In the session's language, as GLPI says it.
    expect((await api.put('User/2', { input: { language: 'fr_FR' } })).status).toBe(200);
    expect(await warning()).toEqual({ 2: ['Pour des raisons de sécurité, veuillez changer le mot de passe des utilisateurs par défaut : tech, normal'] });
    expect((await api.put('User/2', { input: { language: 'en_GB' } })).status).toBe(200);
    // Nobody else learns which accounts they are.
    const carol = await new Client(server.api).login('carol', 'carol-pass');
    expect((await carol.get('getFullSession')).body.session.MESSAGE_AFTER_REDIRECT).toEqual([]);
    const config = (await carol.get('getGlpiConfig')).body.cfg_glpi;
    expect([Object.hasOwn(config, 'default_passwords'), Object.hasOwn(config, 'smtp_passwd'), config.admin_email]).toEqual([false, false, 'helpdesk@example.org']);
    const changed = await api.put('User/20', { input: { password: 'a-new-one-2026', password2: 'a-new-one-2026' } });
    expect(changed.status).toBe(200);
    expect(await warning()).toEqual({ 2: ['For security reasons, please change the password for the default users: normal'] });
    expect((await api.put('User/21', { input: { is_active: 0 } })).status).toBe(200);
    expect(await warning()).toEqual([]);
  });
});
