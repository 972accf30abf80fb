/**
 * A data folder from an older version upgrades itself at start-up: missing tables, columns and
 * indexes are added, pending migrations run once and are recorded, and the data is kept.
 */
import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { join } from 'node:path';
import { Client } from '../support/client';
import { setRightInDatabase } from '../support/database-file';
import { startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.dispose());

/** Edits the database while the server is stopped, as an older version would have left it. */
function withDatabase<T>(fn: (db: Database) => T): T {
  const db = new Database(join(server.dataDir, 'deskbase.sqlite'));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

test('the first start records its migrations and the database settings', async () => {
  await server.stop();
  withDatabase((db) => {
    expect(db.query('SELECT id, name FROM deskbase_migrations').all()).toEqual([
      { id: 1, name: 'default install data' },
      { id: 2, name: 'document types' },
      { id: 3, name: 'default rights of the further itemtype families' },
      { id: 4, name: "GLPI 10's default values for the further rights" },
      { id: 5, name: "GLPI 10.0's unmanaged devices (domains as links), LDAP criteria right, SSO variables and LDAP criteria" },
      { id: 8, name: 'agent type Core' },
      { id: 10, name: "GLPI 10.0's SNMP credential right and default credential" },
      { id: 13, name: "GLPI 10.0's agent right" },
      { id: 14, name: "GLPI 10.0's default ticket, problem and change templates" },
      { id: 15, name: 'the automatic actions Deskbase runs, as GLPI lists them' },
      { id: 16, name: "GLPI 10.0's recurrent change right" },
      { id: 17, name: "the time zone of the stored dates (the zone they were written in: this machine's)" },
      { id: 18, name: 'the events waiting for the mail sender to find their recipients' },
      { id: 20, name: "smtp_mode with GLPI 10.0's values" },
      { id: 21, name: "GLPI's mail queue automatic actions" },
      { id: 22, name: "GLPI 10.0's default notifications of tickets, problems and changes" },
      { id: 25, name: 'a counter of the writes to the rules, for the rules engine' },
      { id: 26, name: "GLPI 10.0's rights on the rule collections" },
      { id: 27, name: "GLPI 10.0's default rules" },
      { id: 28, name: 'dictionary replays, run by the automatic action replaydictionary' },
      { id: 29, name: "GLPI 10.0's default RuleImportAsset rules of printers, network equipment, peripherals, monitors and phones" },
      { id: 31, name: 'directory synchronisations and their automatic action ldapsync' },
      { id: 32, name: "GLPI 10.0.19's other rights (backup, dashboard, planning, statistic, …) for the default profiles; a row of every right for each other profile" },
      { id: 33, name: "GLPI 10.0's default notifications of users, reservations, contracts and infocoms, and their automatic actions" },
      { id: 34, name: "the mail queue's right (queuednotification) for the profiles that update the configuration" },
      { id: 35, name: "GLPI 10.0's default RuleImportAsset rules" },
      { id: 36, name: "GLPI 10.0's refusedequipment right (devices the import rules refused)" },
      { id: 37, name: "GLPI 10.0's inventory configuration (kept on where agents already report), its inventory right, each agent's last inventory, and the stale agents' automatic action" },
      { id: 38, name: "GLPI 10.0.19's install values of the budget, cable_management, domain, internet, inventory, queuednotification, reminder_public, reservation, rssfeed_public, rule_asset, typedoc and unmanaged rights, where a default profile still holds Deskbase's earlier value" },
      { id: 40, name: "mail collectors: GLPI's mailgate automatic action, the outcome of each mail, refused mails' sources, the collectors' runs" },
      { id: 48, name: "users' authtype numbered as the specification (2 LDAP, 3 mail server), where GLPI has 3 LDAP and 2 mail" },
      { id: 50, name: "GLPI 10.0's locked_field right (locked fields of inventoried items)" },
      { id: 55, name: "GLPI 11's webhooks: their right and the automatic action that delivers them" },
    ]);
    expect(db.query('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    // The dates it writes are in the zone it runs in, recorded so that a move to another machine changes nothing.
    expect(db.query("SELECT value FROM glpi_configs WHERE name = 'data_timezone'").all()).toEqual([{ value: Intl.DateTimeFormat().resolvedOptions().timeZone }]);
  });
  await server.start();
});

test('an older database (a table, a column and rights missing) is brought up to date, data kept', async () => {
  const api = await new Client(server.api).login();
  const computer = await api.create('Computer', { name: 'kept', serial: 'S-1' });
  const custom = await api.create('Profile', { name: 'made before every right had a row' });
  await server.stop();
  withDatabase((db) => {
    // From before GLPI 10.0.19's other rights: no planning right, a profile made without rows.
    db.exec("DELETE FROM glpi_profilerights WHERE name = 'planning'");
    db.query('DELETE FROM glpi_profilerights WHERE profiles_id = ?').run(custom);
    db.exec('DELETE FROM deskbase_migrations WHERE id = 32');
    db.exec('DROP TABLE glpi_userpreferences');
    db.exec('ALTER TABLE glpi_computers DROP COLUMN last_boot');
    // A database from before the further families: no certificate right, step 3 not applied.
    db.exec("DELETE FROM glpi_profilerights WHERE name = 'certificate'");
    db.exec('DELETE FROM deskbase_migrations WHERE id = 3');
    // From before the default templates: none for tickets; an admin's own problem template 1 stays.
    db.exec('DELETE FROM glpi_tickettemplates; DELETE FROM glpi_tickettemplatemandatoryfields');
    db.exec("UPDATE glpi_problemtemplates SET name = 'Our problems' WHERE id = 1");
    db.exec('DELETE FROM deskbase_migrations WHERE id = 14');
    // From before locked fields: no locked_field right.
    db.exec("DELETE FROM glpi_profilerights WHERE name = 'locked_field'");
    db.exec('DELETE FROM deskbase_migrations WHERE id = 50');
  });
  await server.start();
  const again = await new Client(server.api).login();
  const read = await again.get(`Computer/${computer}`);
  expect(read.status).toBe(200);
  expect(read.body).toMatchObject({ name: 'kept', serial: 'S-1', last_boot: null });
  expect((await again.get('User/2/UserPreference')).status).toBe(200);
  withDatabase((db) => {
    const migrations = db.query('SELECT COUNT(*) AS n FROM deskbase_migrations').get() as { n: number };
    expect(migrations.n).toBe(33); // nothing ran twice
    expect(db.query('SELECT t.id, t.name, m.num FROM glpi_tickettemplates t JOIN glpi_tickettemplatemandatoryfields m ON m.tickettemplates_id = t.id').all()).toEqual([{ id: 1, name: 'Default', num: 21 }]);
    expect(db.query('SELECT name FROM glpi_problemtemplates').all()).toEqual([{ name: 'Our problems' }]);
    const certificate = db.query("SELECT profiles_id, rights FROM glpi_profilerights WHERE name = 'certificate' AND profiles_id <= 8 ORDER BY profiles_id").all();
    expect(certificate).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((p, i) => ({ profiles_id: p, rights: [0, 33, 127, 255, 0, 127, 127, 33][i] })));
    const planning = db.query("SELECT profiles_id, rights FROM glpi_profilerights WHERE name = 'planning' AND profiles_id <= 8 ORDER BY profiles_id").all();
    expect(planning).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((p, i) => ({ profiles_id: p, rights: [0, 1, 3073, 3073, 1, 1, 3073, 3073][i] })));
    const customRows = db.query('SELECT COUNT(*) AS n, SUM(rights) AS bits FROM glpi_profilerights WHERE profiles_id = ?').get(custom);
    const known = db.query('SELECT COUNT(DISTINCT name) AS n FROM glpi_profilerights').get() as { n: number };
    expect(customRows).toEqual({ n: known.n, bits: 0 });
    const lockedField = db.query("SELECT profiles_id, rights FROM glpi_profilerights WHERE name = 'locked_field' AND profiles_id <= 8 ORDER BY profiles_id").all();
    expect(lockedField).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((p) => ({ profiles_id: p, rights: p === 4 ? 6 : 0 })));
  });
  expect((await again.get('Certificate/')).status).toBe(200);
});

test("rights an earlier version approximated get GLPI 10's values, unless someone changed them", async () => {
  await server.stop();
  const rightOf = (db: Database, profile: number, name: string) => (db.query('SELECT rights FROM glpi_profilerights WHERE profiles_id = ? AND name = ?').get(profile, name) as { rights: number }).rights;
  withDatabase((db) => {
    // As step 3 left them: Observer knowbase 1, Technician domain 127; an admin gave Hotliner reservation 3.
    db.exec("UPDATE glpi_profilerights SET rights = 1 WHERE profiles_id = 2 AND name = 'knowbase'");
    db.exec("UPDATE glpi_profilerights SET rights = 127 WHERE profiles_id = 6 AND name = 'domain'");
    db.exec("UPDATE glpi_profilerights SET rights = 3 WHERE profiles_id = 5 AND name = 'reservation'");
    db.exec("DELETE FROM glpi_profilerights WHERE name = 'devicesimcard_pinpuk'");
    db.exec('DELETE FROM deskbase_migrations WHERE id = 4');
  });
  await server.start();
  await server.stop();
  withDatabase((db) => {
    expect(rightOf(db, 2, 'knowbase')).toBe(1 | 2048 | 8192); // READ, READFAQ, COMMENTS
    expect(rightOf(db, 6, 'domain')).toBe(0);
    expect(rightOf(db, 5, 'reservation')).toBe(3);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((p) => rightOf(db, p, 'devicesimcard_pinpuk'))).toEqual([0, 1, 3, 3, 0, 3, 3, 1]);
  });
  await server.start();
});

test("rights Deskbase's install once set otherwise get GLPI 10.0.19's install values, unless someone changed them", async () => {
  await server.stop();
  const valuesOf = (db: Database, name: string) => (db.query('SELECT rights FROM glpi_profilerights WHERE name = ? AND profiles_id <= 8 ORDER BY profiles_id').all(name) as { rights: number }[]).map((r) => r.rights);
  const setTo = (db: Database, name: string, values: number[]) => values.forEach((rights, i) => db.query('UPDATE glpi_profilerights SET rights = ? WHERE profiles_id = ? AND name = ?').run(rights, i + 1, name));
  withDatabase((db) => {
    // As the earlier install wrote them; an admin then gave the Technician unmanaged devices in part (3).
    setTo(db, 'unmanaged', [0, 33, 127, 255, 0, 3, 127, 33]);
    setTo(db, 'rule_asset', [0, 0, 0, 255, 0, 0, 0, 0]);
    setTo(db, 'internet', [0, 0, 23, 23, 0, 0, 0, 1]);
    setTo(db, 'inventory', [0, 0, 0, 3, 0, 0, 0, 0]);
    setTo(db, 'queuednotification', [0, 0, 0, 17, 0, 0, 0, 0]);
    setTo(db, 'typedoc', [0, 0, 23, 23, 0, 0, 0, 1]);
    db.exec('DELETE FROM deskbase_migrations WHERE id = 38');
  });
  await server.start();
  await server.stop();
  withDatabase((db) => {
    expect(valuesOf(db, 'unmanaged')).toEqual([0, 0, 0, 27, 0, 3, 0, 0]);
    expect(valuesOf(db, 'rule_asset')).toEqual([0, 0, 0, 1047, 0, 0, 0, 0]);
    expect(valuesOf(db, 'internet')).toEqual([0, 1, 31, 159, 0, 31, 31, 1]);
    expect(valuesOf(db, 'inventory')).toEqual([0, 0, 3073, 3073, 0, 0, 0, 0]);
    expect(valuesOf(db, 'queuednotification')).toEqual([0, 0, 0, 31, 0, 0, 0, 1]);
    expect(valuesOf(db, 'typedoc')).toEqual([0, 1, 23, 23, 0, 0, 0, 1]);
  });
  await server.start();
});

test("a database from before GLPI 10.0's agent and SNMP credential rights gets them where the profile updates the configuration", async () => {
  const api = await new Client(server.api).login();
  const profile = await api.create('Profile', { name: 'Inventory keepers', interface: 'central' });
  await api.setRights(profile, { config: 3 });
  await server.stop();
  // The default profiles and this one (an earlier test's profile has rows too).
  const rightsOf = (db: Database, name: string) => db.query('SELECT profiles_id, rights FROM glpi_profilerights WHERE name = ? AND (profiles_id <= 8 OR profiles_id = ?) ORDER BY profiles_id').all(name, profile);
  withDatabase((db) => {
    db.exec("DELETE FROM glpi_profilerights WHERE name IN ('agent', 'snmpcredential')");
    // Step 5 (default rights of the newer types) pending too, as on a folder older than both;
    // the Admin profile (3) was given config UPDATE there: the rule, not the default table, decides.
    db.exec('DELETE FROM deskbase_migrations WHERE id IN (5, 10, 13)');
    db.exec("UPDATE glpi_profilerights SET rights = 3 WHERE profiles_id = 3 AND name = 'config'");
  });
  await server.start();
  await server.stop();
  withDatabase((db) => {
    // Super-Admin (4), Admin (3 here) and the new profile hold config UPDATE; Read-Only (8) only reads it.
    const expected = (granted: number) => [...[1, 2, 3, 4, 5, 6, 7, 8].map((p) => ({ profiles_id: p, rights: p === 4 || p === 3 ? granted : 0 })), { profiles_id: profile, rights: granted }];
    expect(rightsOf(db, 'agent')).toEqual(expected(19));
    expect(rightsOf(db, 'snmpcredential')).toEqual(expected(31));
  });
  await server.start();
});

test("a folder whose unmanaged devices had a domain column (GLPI 10.0 has none) keeps their domains as links, and gets GLPI's LDAP criteria right and install rows", async () => {
  const api = await new Client(server.api).login();
  const domain = await api.create('Domain', { name: 'old.example' });
  await setRightInDatabase(server.dataDir, api, 4, 'unmanaged', 31); // GLPI's install gives no one CREATE on them
  const linked = await api.create('Unmanaged', { name: 'switch-with-domain' });
  const already = await api.create('Unmanaged', { name: 'already-linked' });
  const bare = await api.create('Unmanaged', { name: 'no-domain' });
  const stale = await api.create('Unmanaged', { name: 'gone-domain' });
  await api.create('Domain_Item', { domains_id: domain, itemtype: 'Unmanaged', items_id: already });
  await server.stop();
  withDatabase((db) => {
    // As the earlier version left it: the column, its index, values; step 5 not applied, its rows not there.
    db.exec("ALTER TABLE glpi_unmanageds ADD COLUMN domains_id INTEGER NOT NULL DEFAULT 0");
    db.exec('CREATE INDEX glpi_unmanageds__i_domains_id ON glpi_unmanageds (domains_id)');
    db.query('UPDATE glpi_unmanageds SET domains_id = ? WHERE id IN (?, ?)').run(domain, linked, already);
    db.query('UPDATE glpi_unmanageds SET domains_id = 987654 WHERE id = ?').run(stale);
    db.exec("DELETE FROM glpi_profilerights WHERE name = 'rule_ldap'");
    db.exec('DELETE FROM glpi_ssovariables');
    db.exec('DELETE FROM glpi_rulerightparameters');
    db.exec('DELETE FROM deskbase_migrations WHERE id = 5');
  });
  await server.start();
  await server.stop();
  withDatabase((db) => {
    expect(db.query("SELECT name FROM pragma_table_info('glpi_unmanageds') WHERE name = 'domains_id'").all()).toEqual([]);
    expect(db.query("SELECT name FROM sqlite_master WHERE name = 'glpi_unmanageds__i_domains_id'").all()).toEqual([]);
    const links = db.query("SELECT domains_id, items_id FROM glpi_domains_items WHERE itemtype = 'Unmanaged' ORDER BY items_id").all();
    expect(links).toEqual([linked, already].sort((a, b) => a - b).map((items_id) => ({ domains_id: domain, items_id })));
    expect(db.query("SELECT profiles_id, rights FROM glpi_profilerights WHERE name = 'rule_ldap' AND profiles_id <= 8 ORDER BY profiles_id").all()).toEqual(
      [0, 0, 0, 23, 0, 0, 0, 1].map((rights, i) => ({ profiles_id: i + 1, rights })),
    );
    expect((db.query('SELECT COUNT(*) AS n FROM glpi_ssovariables').get() as { n: number }).n).toBe(6);
    expect((db.query('SELECT COUNT(*) AS n FROM glpi_rulerightparameters').get() as { n: number }).n).toBe(13);
  });
  await server.start();
  const again = await new Client(server.api).login();
  expect((await again.get(`Unmanaged/${bare}`)).body).not.toHaveProperty('domains_id');
  expect((await again.get(`Unmanaged/${linked}/Domain_Item`)).body).toEqual([expect.objectContaining({ domains_id: domain, items_id: linked })]);
  expectFieldRefused(await again.put(`Unmanaged/${bare}`, { input: { domains_id: domain } }));
});

/** GLPI's answer to a field the type does not have. */
function expectFieldRefused(res: { status: number; body: unknown }): void {
  expect(res).toMatchObject({ status: 400, body: ['ERROR_GLPI_UPDATE', 'Field domains_id is not valid for Unmanaged item.'] });
}

test("a folder from before the rules engine gets GLPI 10.0's rule rights, its default rules where their ids are free, and the counter of rule writes, which every write to the rules moves", async () => {
  await server.stop();
  withDatabase((db) => {
    db.exec("DELETE FROM glpi_profilerights WHERE name IN ('rule_ticket', 'rule_dictionnary_software')");
    for (const name of db.query("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'deskbase_glpi_rule%'").all() as { name: string }[]) db.exec(`DROP TRIGGER ${name.name}`);
    db.exec('DROP TABLE deskbase_rules_state');
    // From before the default rules: none of GLPI's, and a rule of the folder's own at id 8.
    db.exec('DELETE FROM glpi_rulecriterias; DELETE FROM glpi_ruleactions; DELETE FROM glpi_rules');
    db.exec("INSERT INTO glpi_rules (id, sub_type, name, uuid) VALUES (8, 'RuleTicket', 'ours', 'our-uuid')");
    db.exec('DELETE FROM deskbase_migrations WHERE id IN (25, 26, 27)');
  });
  await server.start();
  await server.stop();
  withDatabase((db) => {
    expect(db.query("SELECT profiles_id, rights FROM glpi_profilerights WHERE name = 'rule_ticket' AND profiles_id <= 8 ORDER BY profiles_id").all()).toEqual(
      [0, 0, 1047, 1047, 0, 0, 1047, 1].map((rights, i) => ({ profiles_id: i + 1, rights })),
    );
    // GLPI's import rules follow, ids 12–33 (test/inventory/import-rules.test.ts).
    expect((db.query("SELECT COUNT(*) AS n FROM glpi_rules WHERE sub_type = 'RuleImportAsset' AND id BETWEEN 12 AND 33").get() as { n: number }).n).toBe(22);
    expect(db.query("SELECT id, name FROM glpi_rules WHERE sub_type <> 'RuleImportAsset' ORDER BY id").all()).toEqual(
      [[2, 'Root'], [3, 'Root'], [4, 'X-Auto-Response-Suppress'], [5, 'Auto-Reply Auto-Submitted'], [6, 'Ticket location from item'], [7, 'Ticket location from user'], [8, 'ours'], [9, 'Domain user assignation'], [10, 'Multiple users: assign to the first'], [11, 'One user assignation']].map(([id, name]) => ({ id, name })),
    );
    expect((db.query('SELECT COUNT(*) AS n FROM glpi_rulecriterias WHERE rules_id = 8').get() as { n: number }).n).toBe(0);
    const generation = () => (db.query('SELECT generation FROM deskbase_rules_state').get() as { generation: number }).generation;
    const before = generation();
    const rule = db.query("INSERT INTO glpi_rules (sub_type, name) VALUES ('RuleTicket', 'counted') RETURNING id").get() as { id: number };
    db.query("INSERT INTO glpi_rulecriterias (rules_id, criteria, condition, pattern) VALUES (?, 'name', 0, 'x')").run(rule.id);
    db.query("UPDATE glpi_ruleactions SET value = 'y' WHERE rules_id = ?").run(rule.id);
    db.query('DELETE FROM glpi_rules WHERE id = ?').run(rule.id);
    expect(generation()).toBe(before + 3);
  });
  await server.start();
});

test("a folder whose import rules stop at the computers' gets GLPI's rules of the other inventoried types at their ranking, its own rules after them", async () => {
  await server.stop();
  withDatabase((db) => {
    db.exec("DELETE FROM glpi_rules WHERE sub_type = 'RuleImportAsset' AND ranking >= 22");
    db.exec("INSERT INTO glpi_rules (id, sub_type, name, ranking, uuid) VALUES (300, 'RuleImportAsset', 'ours', 22, 'our-import-uuid')");
    db.exec('DELETE FROM deskbase_migrations WHERE id = 29');
  });
  await server.start();
  await server.stop();
  withDatabase((db) => {
    const rules = db.query("SELECT name, ranking FROM glpi_rules WHERE sub_type = 'RuleImportAsset' AND ranking >= 21 ORDER BY ranking").all() as { name: string; ranking: number }[];
    expect(rules.length).toBe(24);
    expect(rules.slice(0, 3)).toEqual([
      { name: 'Computer import denied', ranking: 21 },
      { name: 'Printer constraint (name)', ranking: 22 },
      { name: 'Printer update (by serial)', ranking: 23 },
    ]);
    expect(rules.slice(-2)).toEqual([
      { name: 'Phone import denied', ranking: 43 },
      { name: 'ours', ranking: 44 },
    ]);
  });
  await server.start();
});

test('a second start on the same folder applies nothing again and keeps the one admin', async () => {
  await server.restart();
  expect(server.output).not.toContain('applied');
  const api = await new Client(server.api).login();
  expect((await api.get('User/', { query: 'searchText[name]=^glpi$' })).body).toHaveLength(1);
});

test('a folder from before the trigram index gets it on start: existing rows are found by a fragment, stale indexes go', async () => {
  const api = await new Client(server.api).login();
  const older = await api.create('Computer', { name: 'legacy-Workstation-77', comment: 'bought before the upgrade' });
  await server.stop();
  withDatabase((db) => {
    for (const suffix of ['_ai', '_ad', '_au']) db.exec(`DROP TRIGGER glpi_computers__fts${suffix}`);
    db.exec('DROP TABLE glpi_computers__fts');
    db.exec('CREATE INDEX glpi_computers__i_name ON glpi_computers (name)'); // an earlier layout
  });
  // An index this version makes, missing: built on start over the rows already there.
  const added = withDatabase((db) => {
    const { name } = db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'glpi\\_computers\\_\\_i\\_%' ESCAPE '\\' AND name <> 'glpi_computers__i_name' LIMIT 1").get()!;
    db.exec(`DROP INDEX ${name}`);
    return name;
  });
  await server.start();
  // Long steps over existing rows are announced before and timed after; empty tables stay quiet.
  const rows = withDatabase((db) => db.query<{ n: number }, []>('SELECT count(*) AS n FROM glpi_computers').get()!.n);
  expect(server.output).toContain(`rebuilding the search index of glpi_computers (${rows} rows)…`);
  expect(server.output).toMatch(/rebuilding the search index of glpi_computers: done in \d+\.\d s/);
  expect(server.output).toContain(`building the index ${added} of glpi_computers (${rows} rows)…`);
  expect(server.output).not.toContain('of glpi_printers');
  const again = await new Client(server.api).login();
  const found = await again.get('search/Computer', { query: 'criteria[0][field]=16&criteria[0][searchtype]=contains&criteria[0][value]=fore the upg&forcedisplay[0]=2&rawdata=true' });
  expect(found.body.data).toEqual([expect.objectContaining({ 2: older })]);
  // The answer came through the index, which now holds the row: its rare trigrams' rows are
  // the candidates (a JSON list among the parameters).
  expect(found.body.rawdata.sql.search).toContain('t.id IN (SELECT value FROM json_each(?))');
  const candidates = (found.body.rawdata.sql.params as unknown[]).filter((p): p is string => typeof p === 'string' && p.startsWith('['));
  expect(candidates.map((list) => JSON.parse(list))).toEqual([[older]]);
  withDatabase((db) => {
    expect(db.query("SELECT rowid FROM glpi_computers__fts WHERE comment LIKE '%fore the upg%'").all()).toEqual([{ rowid: older }]);
    expect(db.query("SELECT name FROM sqlite_master WHERE name = 'glpi_computers__i_name'").all()).toEqual([]);
  });
});

test('a folder from before the dropdown count tables gets them on start, filled from the rows, and counts from them', async () => {
  const api = await new Client(server.api).login();
  const location = await api.create('Location', { name: 'upgrade-site' });
  const ids = [await api.create('Computer', { name: 'counted-1', locations_id: location }), await api.create('Computer', { name: 'counted-2', locations_id: location })];
  await server.stop();
  withDatabase((db) => {
    for (const suffix of ['_ai', '_ad', '_au']) db.exec(`DROP TRIGGER glpi_computers__counts${suffix}`);
    db.exec('DROP TABLE glpi_computers__counts');
    // Written while no trigger counted it: the rebuild on start must see it.
    db.exec(`UPDATE glpi_computers SET is_deleted = 1 WHERE id = ${ids[1]}`);
  });
  await server.start();
  const again = await new Client(server.api).login();
  const found = await again.get('search/Computer', { query: `criteria[0][field]=3&criteria[0][searchtype]=equals&criteria[0][value]=${location}&forcedisplay[0]=2&rawdata=true` });
  expect(found.body.totalcount).toBe(1);
  expect(found.body.data).toEqual([expect.objectContaining({ 2: ids[0] })]);
  expect(found.body.rawdata.sql.count[0]).toContain('glpi_computers__counts');
  withDatabase((db) => {
    const table = db.query('SELECT locations_id, is_deleted, SUM(n) AS n FROM glpi_computers__counts GROUP BY 1, 2 ORDER BY 1, 2').all();
    const rows = db.query('SELECT locations_id, is_deleted, COUNT(*) AS n FROM glpi_computers GROUP BY 1, 2 ORDER BY 1, 2').all();
    expect(table).toEqual(rows);
  });
});
