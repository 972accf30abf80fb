/**
 * What keeps an import safe: bad input refused before anything is written, a non-empty data
 * folder refused unless replaced, a dry run that writes nothing, and an interrupted import
 * (Ctrl-C between batches, or a kill) that `--resume` brings to the same result as an
 * uninterrupted one.
 */
import { Database } from 'bun:sqlite';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQL } from 'bun';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { importOrder } from '../../server/import/plan';
import { Interrupted } from '../../server/import/copy';
import { runImport } from '../../server/import/run';
import { redact } from '../../server/import/source';
import { writeMarker } from '../../server/import/state';
import { openStore } from '../../server/db';
import { allItemtypes } from '../../server/registry';
import { runCli } from '../support/cli';
import { ADMIN, READER } from '../support/mariadb';
import { dumpDataFolder, FIXTURE_FILES, FIXTURE_SQL, MANY_LOGS, mariadbMissing, useMariaDb } from './helpers';

const maria = useMariaDb();

/** Tables and columns as GLPI 9.5 has them where its 10.0 update changes data (see server/import/glpi95.ts). */
const GLPI95_SHAPES = `
  CREATE TABLE glpi_knowbaseitemcategories (id int unsigned NOT NULL AUTO_INCREMENT, entities_id int NOT NULL DEFAULT 0, is_recursive tinyint NOT NULL DEFAULT 0,
    knowbaseitemcategories_id int NOT NULL DEFAULT 0, name varchar(255), completename text, level int NOT NULL DEFAULT 0, PRIMARY KEY (id));
  INSERT INTO glpi_knowbaseitemcategories (id, is_recursive, name, completename, level) VALUES (1, 1, 'Network', 'Network', 1), (2, 1, 'Printers', 'Printers', 1);
  CREATE TABLE glpi_knowbaseitems (id int unsigned NOT NULL AUTO_INCREMENT, knowbaseitemcategories_id int NOT NULL DEFAULT 0, name text, answer longtext,
    is_faq tinyint NOT NULL DEFAULT 0, users_id int NOT NULL DEFAULT 0, view int NOT NULL DEFAULT 0, date datetime DEFAULT NULL, date_mod datetime DEFAULT NULL, PRIMARY KEY (id));
  INSERT INTO glpi_knowbaseitems (id, knowbaseitemcategories_id, name, answer, is_faq, users_id, date, date_mod) VALUES
    (1, 2, 'Printer offline', 'Power-cycle it', 1, 2, '2021-02-03 10:00:00', '2021-02-04 11:00:00'), (2, 0, 'Uncategorised', 'Text', 0, 2, '2021-03-01 09:00:00', '2021-03-01 09:00:00');
  CREATE TABLE glpi_notepads (id int unsigned NOT NULL AUTO_INCREMENT, itemtype varchar(100), items_id int NOT NULL DEFAULT 0, date datetime DEFAULT NULL,
    date_mod datetime DEFAULT NULL, users_id int NOT NULL DEFAULT 0, users_id_lastupdater int NOT NULL DEFAULT 0, content longtext, PRIMARY KEY (id));
  INSERT INTO glpi_notepads VALUES (1, 'Computer', 1, '2021-05-06 07:08:09', '2021-06-01 08:00:00', 2, 2, 'Spare key in the drawer');
  CREATE TABLE glpi_groups_knowbaseitems (id int unsigned NOT NULL AUTO_INCREMENT, knowbaseitems_id int NOT NULL DEFAULT 0, groups_id int NOT NULL DEFAULT 0,
    entities_id int NOT NULL DEFAULT -1, is_recursive tinyint NOT NULL DEFAULT 0, PRIMARY KEY (id));
  INSERT INTO glpi_groups_knowbaseitems VALUES (1, 1, 1, -1, 0), (2, 1, 2, 1, 1);
  ALTER TABLE glpi_entities ADD calendars_id int NOT NULL DEFAULT -2, ADD tickettemplates_id int NOT NULL DEFAULT -2, ADD entities_id_software int NOT NULL DEFAULT -2,
    ADD admin_reply varchar(255) DEFAULT NULL;
  UPDATE glpi_entities SET calendars_id = 0, tickettemplates_id = 0, entities_id_software = -10, admin_reply = 'reply@example.org' WHERE id = 0;
  UPDATE glpi_entities SET calendars_id = 3 WHERE id = 1;
  CREATE TABLE glpi_contracts (id int unsigned NOT NULL AUTO_INCREMENT, entities_id int NOT NULL DEFAULT 0, name varchar(255), use_monday tinyint NOT NULL DEFAULT 0,
    monday_begin_hour time NOT NULL DEFAULT '00:00:00', monday_end_hour time NOT NULL DEFAULT '00:00:00', PRIMARY KEY (id));
  INSERT INTO glpi_contracts VALUES (1, 0, 'Weekend support', 1, '09:00:00', '12:00:00');`;
const root = mkdtempSync(join(tmpdir(), 'deskbase-import-safety-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const folder = () => join(root, `data-${++folders}`);

describe.skipIf(mariadbMissing !== null)('import safety', () => {
  beforeAll(async () => {
    await maria.db.createDatabase('glpibig', FIXTURE_SQL + MANY_LOGS);
    await maria.db.createDatabase('notglpi', 'CREATE TABLE glpi_configs (id int); CREATE TABLE invoices (id int);');
    await maria.db.createDatabase('glpi94', `${FIXTURE_SQL}\nUPDATE glpi_configs SET value = '9.4.6' WHERE name = 'version';`);
    // GLPI 9.5's differences that matter here: the root entity's parent is -1, dates are DATETIME,
    // and only < and > were encoded, as named entities.
    await maria.db.createDatabase(
      'glpi95',
      `${FIXTURE_SQL}
      UPDATE glpi_configs SET value = '9.5.13' WHERE name = 'version';
      ALTER TABLE glpi_entities MODIFY entities_id int DEFAULT '0';
      UPDATE glpi_entities SET entities_id = -1 WHERE id = 0;
      ALTER TABLE glpi_computers MODIFY date_mod datetime DEFAULT NULL, ENGINE = MyISAM;
      UPDATE glpi_computers SET comment = 'Swapped &lt;SSD&gt; & RAM' WHERE id = 1;
      ${GLPI95_SHAPES}`,
    );
  });

  const refused = async (args: string[], message: RegExp, code = 1) => {
    const data = folder();
    const res = await runCli(['import', ...args, '--data', data]);
    expect(res.stderr).toMatch(message);
    expect(res.code).toBe(code);
    expect(existsSync(data)).toBe(false); // nothing written
  };

  test('wrong credentials', () => refused([maria.db.url('glpi', { user: READER.user, password: 'wrong' })], /access denied \(wrong user name or password; characters such as @ : \/ # \? % & in the password must be percent-encoded/));
  test('unreachable host', async () => {
    const closed = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
    const port = closed.port;
    closed.stop(true);
    await refused([`mysql://u:p@127.0.0.1:${port}/glpi`], /cannot reach the server/);
  });
  test('unknown database', () => refused([maria.db.url('nosuchdb')], /no such database/));
  test('an account that may not read a table Deskbase imports: refused, naming the table and the GRANT', async () => {
    // Table-level rights on every table but glpi_logs (MySQL cannot take one table out of a database-wide grant).
    const tables = [...FIXTURE_SQL.matchAll(/CREATE TABLE (\w+)/g)].map((m) => m[1]!).filter((t) => t !== 'glpi_logs');
    await maria.db.exec(["CREATE USER 'nolog'@'%' IDENTIFIED BY 'p';", ...tables.map((t) => `GRANT SELECT ON glpi.${t} TO 'nolog'@'%';`)].join('\n'));
    const data = folder();
    const res = await runCli(['import', maria.db.url('glpi', { user: 'nolog', password: 'p' }), '--data', data]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("deskbase: the account 'nolog'@'%' may not read");
    expect(res.stderr).toMatch(/[:,] glpi_logs[,.]/);
    expect(res.stderr).not.toMatch(/[:,] glpi_tickets[,.]/);
    expect(res.stderr).toContain("Nothing was imported: grant it SELECT on the whole database (GRANT SELECT ON `glpi`.* TO 'nolog'@'%';)");
    expect(existsSync(data)).toBe(false);
  });
  test('an account with column-level grants on a table: refused, naming the table, the columns it cannot read and the GRANT', async () => {
    // Every table Deskbase serves exists (table grants need the table), readable whole but
    // glpi_logs, readable by id and itemtype only; glpi_users also has a column grant (harmless).
    const fixture = new Set([...FIXTURE_SQL.matchAll(/CREATE TABLE (\w+)/g)].map((m) => m[1]!));
    const served = [...new Set(allItemtypes().map((t) => t.table))];
    const extra = served.filter((t) => !fixture.has(t)).map((t) => `CREATE TABLE ${t} (id int unsigned NOT NULL PRIMARY KEY);`);
    await maria.db.createDatabase('glpicols', `${FIXTURE_SQL}\n${extra.join('\n')}`);
    await maria.db.exec(
      [
        "CREATE USER 'somecols'@'%' IDENTIFIED BY 'p';",
        ...[...fixture, ...served.filter((t) => !fixture.has(t))].filter((t) => t !== 'glpi_logs').map((t) => `GRANT SELECT ON glpicols.${t} TO 'somecols'@'%';`),
        "GRANT SELECT (id, itemtype) ON glpicols.glpi_logs TO 'somecols'@'%';",
        "GRANT SELECT (id, name) ON glpicols.glpi_users TO 'somecols'@'%';",
      ].join('\n'),
    );
    const data = folder();
    const res = await runCli(['import', maria.db.url('glpicols', { user: 'somecols', password: 'p' }), '--data', data]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      "deskbase: the account 'somecols'@'%' may read only some columns of 1 GLPI table(s) that Deskbase imports: glpi_logs (not items_id, itemtype_link, linked_action, user_name, date_mod, id_search_option, old_value, new_value).",
    );
    expect(res.stderr).toContain("Nothing was imported: grant it SELECT on the whole database (GRANT SELECT ON `glpicols`.* TO 'somecols'@'%';)");
    expect(existsSync(data)).toBe(false);
    // Whole-table rights on glpi_logs too: the same account imports.
    await maria.db.exec("GRANT SELECT ON glpicols.glpi_logs TO 'somecols'@'%';");
    const granted = await runCli(['import', maria.db.url('glpicols', { user: 'somecols', password: 'p' }), '--dry-run']);
    expect(granted.code).toBe(0);
    expect(granted.stdout).toContain('would import GLPI 10.0.16');
  });
  test('a database that is not GLPI', () => refused([maria.db.url('notglpi')], /is not a GLPI database/));
  test('an unsupported GLPI version', () => refused([maria.db.url('glpi94')], /GLPI 9\.4\.6 is not supported: Deskbase imports GLPI 9\.5 and 10\.0/));
  test('an address that is not MySQL', () => refused(['postgres://u:p@127.0.0.1:5432/glpi'], /not a MySQL\/MariaDB address/, 2));
  test('a --files folder that is not there', () => refused([maria.db.url('glpi'), '--files', join(root, 'no-such-files')], /--files .* is not a folder/));
  test('--resume without an interrupted import', () => refused([maria.db.url('glpi'), '--resume'], /nothing to resume/));

  test('a GLPI 9.5 database imports too', async () => {
    const data = folder();
    const res = await runCli(['import', maria.db.url('glpi95'), '--data', data]);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('imported GLPI 9.5.13');
    expect(res.stdout).toContain('1 table(s) are not InnoDB (glpi_computers): they were not read in one snapshot with the rest; if GLPI was in use, stop it and import again');
    const db = new Database(join(data, 'deskbase.sqlite'), { readonly: true });
    expect(db.query('SELECT entities_id FROM glpi_entities WHERE id = 0').get()).toEqual({ entities_id: null });
    expect(db.query('SELECT comment, date_mod FROM glpi_computers WHERE id = 1').get()).toEqual({ comment: 'Swapped <SSD> & RAM', date_mod: '2024-03-15 14:22:10' });
    // GLPI's own 9.5 → 10.0 data changes.
    expect(db.query('SELECT id, knowbaseitems_id, knowbaseitemcategories_id FROM glpi_knowbaseitems_knowbaseitemcategories').all()).toEqual([{ id: 1, knowbaseitems_id: 1, knowbaseitemcategories_id: 2 }]);
    expect(db.query('SELECT id, date_creation, date_mod FROM glpi_knowbaseitems ORDER BY id').all()).toEqual([
      { id: 1, date_creation: '2021-02-03 10:00:00', date_mod: '2021-02-04 11:00:00' },
      { id: 2, date_creation: '2021-03-01 09:00:00', date_mod: '2021-03-01 09:00:00' },
    ]);
    expect(db.query('SELECT date_creation, date_mod FROM glpi_notepads').all()).toEqual([{ date_creation: '2021-05-06 07:08:09', date_mod: '2021-06-01 08:00:00' }]);
    expect(db.query('SELECT id, entities_id, no_entity_restriction FROM glpi_groups_knowbaseitems ORDER BY id').all()).toEqual([
      { id: 1, entities_id: null, no_entity_restriction: 1 },
      { id: 2, entities_id: 1, no_entity_restriction: 0 },
    ]);
    expect(db.query('SELECT use_sunday, sunday_begin_hour, sunday_end_hour FROM glpi_contracts').all()).toEqual([{ use_sunday: 1, sunday_begin_hour: '09:00:00', sunday_end_hour: '12:00:00' }]);
    const entity = (id: number) =>
      db.query(`SELECT calendars_id, calendars_strategy, tickettemplates_id, tickettemplates_strategy, entities_id_software, entities_strategy_software,
        transfers_strategy, display_users_initials, certificates_alert_repeat_interval, replyto_email, from_email FROM glpi_entities WHERE id = ?`).get(id);
    expect(entity(0)).toEqual({
      calendars_id: 0, calendars_strategy: 0, tickettemplates_id: 0, tickettemplates_strategy: 0, entities_id_software: 0, entities_strategy_software: -10,
      transfers_strategy: 0, display_users_initials: 1, certificates_alert_repeat_interval: 0, replyto_email: 'reply@example.org', from_email: '',
    });
    expect(entity(1)).toEqual({
      calendars_id: 3, calendars_strategy: 0, tickettemplates_id: 0, tickettemplates_strategy: -2, entities_id_software: 0, entities_strategy_software: -2,
      transfers_strategy: -2, display_users_initials: -2, certificates_alert_repeat_interval: -2, replyto_email: null, from_email: null,
    });
    db.close();
  });

  test('a password with special characters: percent-encoded in the address, or given in DESKBASE_IMPORT_PASSWORD', async () => {
    const password = 'p@ss:w/rd#1%&?';
    await maria.db.exec(`CREATE USER 'special'@'%' IDENTIFIED BY '${password}'; GRANT SELECT ON *.* TO 'special'@'%';`);
    const port = new URL(maria.db.url('glpi')).port;
    const raw = await runCli(['import', `mysql://special:${password}@127.0.0.1:${port}/glpi`, '--dry-run']);
    expect(raw.code).toBe(2);
    expect(raw.stderr).toContain('characters such as @ : / # ? % & in the password must be percent-encoded in the address (@ as %40), or give the password in DESKBASE_IMPORT_PASSWORD');
    const encoded = await runCli(['import', maria.db.url('glpi', { user: 'special', password }), '--dry-run']);
    expect(encoded.code).toBe(0);
    const fromEnv = await runCli(['import', `mysql://special@127.0.0.1:${port}/glpi`, '--dry-run'], { DESKBASE_IMPORT_PASSWORD: password });
    expect(fromEnv.code).toBe(0);
    expect(fromEnv.stdout).toContain(`would import GLPI 10.0.16 from mysql://special:***@127.0.0.1:${port}/glpi`);
    const both = await runCli(['import', maria.db.url('glpi', { user: 'special', password }), '--dry-run'], { DESKBASE_IMPORT_PASSWORD: password });
    expect(both.stderr).toContain('the password is both in the address and in DESKBASE_IMPORT_PASSWORD');
  });

  test('no password anywhere and no terminal to type it on: a clear refusal, nothing written', async () => {
    const port = new URL(maria.db.url('glpi')).port;
    const data = folder();
    const none = await runCli(['import', `mysql://${READER.user}@127.0.0.1:${port}/glpi`, '--data', data]);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'deskbase: the address gives no password: set DESKBASE_IMPORT_PASSWORD, put it in the address (mysql://USER:PASSWORD@HOST:PORT/DATABASE, percent-encoded), ' +
        'or run the import on a terminal to type it (an account without a password: mysql://USER:@HOST:PORT/DATABASE)\n',
    );
    expect(existsSync(data)).toBe(false);
    // An empty password given on purpose is tried as it is: this account has one.
    const empty = await runCli(['import', `mysql://${READER.user}:@127.0.0.1:${port}/glpi`, '--data', data]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('access denied (wrong user name or password');
    expect(existsSync(data)).toBe(false);
  });

  test('the password never shows in messages', async () => {
    const res = await runCli(['import', maria.db.url('glpi', { user: READER.user, password: 's3cret-word' }), '--data', folder()]);
    expect(res.stderr).toContain(`${READER.user}:***@`);
    expect(res.stderr + res.stdout).not.toContain('s3cret-word');
  });

  test('--dry-run reports and writes nothing', async () => {
    const data = folder();
    const res = await runCli(['import', maria.db.url('glpi'), '--files', FIXTURE_FILES, '--data', data, '--dry-run']);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/would import GLPI 10\.0\.16 from .*: \d+ rows/);
    expect(res.stdout).toMatch(/\n {2}Computer +4 *\n/);
    expect(res.stdout).toContain('ITILFollowup: 1 × items_id points to no Ticket (GLPI ids 3)');
    expect(res.stdout).toContain('document 4: TXT/ee/0000000000000000000000000000000000000e.TXT does not match its sha1');
    expect(existsSync(data)).toBe(false);
  });

  test('a non-empty data folder is refused; --replace moves its content aside', async () => {
    const data = folder();
    mkdirSync(data);
    writeFileSync(join(data, 'deskbase.sqlite'), 'precious');
    const res = await runCli(['import', maria.db.url('glpi'), '--data', data]);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/is not empty \(deskbase\.sqlite\): add --replace/);
    expect(readdirSync(data)).toEqual(['deskbase.sqlite']);

    const replaced = await runCli(['import', maria.db.url('glpi'), '--data', data, '--replace']);
    expect(replaced.code).toBe(0);
    const aside = readdirSync(data).find((n) => n.startsWith('replaced-'))!;
    expect(await Bun.file(join(data, aside, 'deskbase.sqlite')).text()).toBe('precious');
    expect((await runCli(['import', maria.db.url('glpi'), '--data', data, '--resume'])).stderr).toMatch(/already complete/);
  });

  describe('interrupted imports', () => {
    const reference = folder();
    beforeAll(async () => {
      const res = await runCli(['import', maria.db.url('glpibig'), '--files', FIXTURE_FILES, '--data', reference]);
      expect(res.code).toBe(0);
    });

    const logCount = (data: string) => {
      const db = new Database(join(data, 'deskbase.sqlite'), { readonly: true });
      try {
        return (db.query('SELECT COUNT(*) AS n FROM glpi_logs').get() as { n: number }).n;
      } finally {
        db.close();
      }
    };

    test('Ctrl-C between batches keeps whole batches; --resume ends like an uninterrupted import', async () => {
      const data = folder();
      const abort = new AbortController();
      let tick = 0;
      const options = {
        url: maria.db.url('glpibig'),
        filesDir: FIXTURE_FILES,
        dataDir: data,
        dryRun: false,
        replace: false,
        clock: () => (tick += 1000),
        // Ctrl-C right after the first batch of history rows is written.
        progress: { isTTY: true, write: (text: string) => text.includes('glpi_logs  5,000 rows /') && abort.abort() },
      };
      await expect(runImport({ ...options, resume: false, signal: abort.signal })).rejects.toBeInstanceOf(Interrupted);
      expect(logCount(data)).toBe(4999); // the first batch of 5 000, less the plugin's history row
      await expect(runImport({ ...options, resume: false, signal: new AbortController().signal })).rejects.toThrow(/is not empty/);
      await runImport({ ...options, resume: true, signal: new AbortController().signal });
      expect(dumpDataFolder(data)).toEqual(dumpDataFolder(reference));
    });

    test('a kill in the first moments (before or while the database is created) leaves a folder --resume completes and no server serves', async () => {
      const url = maria.db.url('glpibig');
      const began = { source: redact(url), glpiVersion: '10.0.16', dataZone: Intl.DateTimeFormat().resolvedOptions().timeZone };
      // The two states such a kill can leave: the import's marker alone; the marker and a new database without its run recorded.
      const markerOnly = folder();
      mkdirSync(markerOnly);
      writeMarker(markerOnly, began);
      const databaseToo = folder();
      mkdirSync(databaseToo);
      writeMarker(databaseToo, began);
      (await openStore(databaseToo, 'unused')).store.db.close();
      for (const data of [markerOnly, databaseToo]) {
        const serve = await runCli(['--data', data, '--port', '0']);
        expect(serve.code).toBe(1);
        expect(serve.stderr).toContain(`deskbase: this data folder holds an import from ${began.source} that did not finish: run "deskbase import <same address> --resume"`);
        expect(existsSync(join(data, 'deskbase.sqlite'))).toBe(data === databaseToo); // refused before opening anything
        expect((await runCli(['import', url, '--files', FIXTURE_FILES, '--data', data])).stderr).toContain('is not empty');
        const resumed = await runCli(['import', url, '--files', FIXTURE_FILES, '--data', data, '--resume']);
        expect(resumed.code).toBe(0);
        expect(existsSync(join(data, 'deskbase-import.json'))).toBe(false);
        expect(dumpDataFolder(data)).toEqual(dumpDataFolder(reference));
      }
      // Killed while the marker itself was being written: nothing began, a plain import goes ahead.
      const halfMarker = folder();
      mkdirSync(halfMarker);
      writeFileSync(join(halfMarker, 'deskbase-import.json.tmp'), '{"sour');
      expect((await runCli(['import', url, '--files', FIXTURE_FILES, '--data', halfMarker])).code).toBe(0);
      expect(dumpDataFolder(halfMarker)).toEqual(dumpDataFolder(reference));
    });

    /**
     * Starts `deskbase import` with the history table locked, so it is stopped, for sure, once it
     * gets there; resolves when every table before it is done. `unlock` lets it go on.
     */
    async function startBlockedImport(data: string, database = 'glpibig') {
      const admin = new SQL(maria.db.url(database, ADMIN));
      const locker = await admin.reserve();
      await locker.unsafe('LOCK TABLES glpi_logs WRITE');
      const tables = importOrder(allItemtypes()).map((t) => t.table);
      const before = tables.slice(0, tables.indexOf('glpi_logs')).filter((t) => FIXTURE_SQL.includes(`CREATE TABLE ${t} (`)).at(-1)!;
      const proc = Bun.spawn([process.execPath, 'server/main.ts', 'import', maria.db.url(database), '--files', FIXTURE_FILES, '--data', data], {
        cwd: join(import.meta.dir, '../..'),
        stdout: 'ignore',
        stderr: 'pipe',
      });
      const reader = proc.stderr.getReader();
      let seen = '';
      while (!seen.includes(`\n${before}:`) && !seen.startsWith(`${before}:`)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`import ended early:\n${seen}`);
        seen += new TextDecoder().decode(value);
      }
      const unlock = async () => {
        await locker.unsafe('UNLOCK TABLES');
        locker.release();
        await admin.close();
      };
      const rest = async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return seen;
          seen += new TextDecoder().decode(value);
        }
      };
      return { proc, unlock, rest, locker };
    }

    test('Ctrl-C on the command stops it after the batch in progress; exit status 130', async () => {
      const data = folder();
      const { proc, unlock, rest } = await startBlockedImport(data);
      const serve = await runCli(['--data', data, '--port', '0']);
      expect(serve.code).toBe(1);
      expect(serve.stderr).toContain(`) is already importing into ${data}; let the import finish or stop it first`);
      proc.kill('SIGINT');
      await unlock();
      const [stderr, code] = await Promise.all([rest(), proc.exited]);
      expect(code).toBe(130);
      expect(stderr).toContain('import interrupted; every copied batch is kept: run the same command with --resume to continue');
      const resumed = await runCli(['import', maria.db.url('glpibig'), '--files', FIXTURE_FILES, '--data', data, '--resume']);
      expect(resumed.code).toBe(0);
      expect(dumpDataFolder(data)).toEqual(dumpDataFolder(reference));
    });

    test('a GLPI in use: what it writes after the import began is not seen, not even in part', async () => {
      await maria.db.createDatabase('glpibusy', FIXTURE_SQL + MANY_LOGS);
      const data = folder();
      const { proc, unlock, rest, locker } = await startBlockedImport(data, 'glpibusy');
      // While the import waits for the history, GLPI goes on: a new ticket with a followup, a
      // followup and a solution on ticket 1, which is solved, and their history rows.
      await maria.db.exec(
        `INSERT INTO glpi_tickets (id, entities_id, name, date, status, content) VALUES (3, 0, 'Late ticket', NOW(), 1, 'Opened mid-import');
         INSERT INTO glpi_itilfollowups (itemtype, items_id, date, users_id, content) VALUES ('Ticket', 3, NOW(), 2, 'Late'), ('Ticket', 1, NOW(), 2, 'Late too');
         INSERT INTO glpi_itilsolutions (itemtype, items_id, content, status) VALUES ('Ticket', 1, 'Replaced the fuser', 2);
         UPDATE glpi_tickets SET status = 5, solvedate = NOW() WHERE id = 1;`,
        'glpibusy',
      );
      // The history through the session that holds it locked.
      await locker.unsafe(`INSERT INTO glpi_logs (itemtype, items_id, itemtype_link, linked_action, user_name, date_mod, id_search_option, old_value, new_value)
        VALUES ('Ticket', 1, '', 0, 'glpi (2)', NOW(), 12, '2', '5'), ('Ticket', 3, '', 20, 'glpi (2)', NOW(), 0, '', '')`);
      await unlock();
      const [stderr, code] = await Promise.all([rest(), proc.exited]);
      expect(stderr).not.toContain('import failed');
      expect(code).toBe(0);
      expect(dumpDataFolder(data)).toEqual(dumpDataFolder(reference));
    });

    test('a kill mid-import, then --resume, ends like an uninterrupted import', async () => {
      const data = folder();
      const { proc, unlock } = await startBlockedImport(data);
      proc.kill('SIGKILL');
      await proc.exited;
      await unlock();
      expect(logCount(data)).toBe(0);

      const serve = await runCli(['--data', data, '--port', '0']);
      expect(serve.code).toBe(1); // a half-imported folder is not served
      expect(serve.stderr).toMatch(/holds an import from mysql:\/\/glpi_reader:\*\*\*@.* that did not finish: run "deskbase import <same address> --resume"/);
      const again = await runCli(['import', maria.db.url('glpibig'), '--files', FIXTURE_FILES, '--data', data]);
      expect(again.code).toBe(1); // not empty: the admin must say --resume (or --replace)
      const resumed = await runCli(['import', maria.db.url('glpibig'), '--files', FIXTURE_FILES, '--data', data, '--resume']);
      expect(resumed.code).toBe(0);
      expect(resumed.stdout).toMatch(/\n {2}Computer +4 *\n/);
      expect(resumed.stdout).toMatch(/\n {2}Log +12006 +1\n/);
      expect(dumpDataFolder(data)).toEqual(dumpDataFolder(reference));
    });
  });
});

describe.skipIf(mariadbMissing !== null)("the tests' MariaDB", () => {
  test('keeps its temporary files and socket in its own folder, so parallel test runs never share them', async () => {
    const admin = new SQL(maria.db.url('mysql', ADMIN));
    try {
      const [row] = await admin`SELECT @@tmpdir AS tmpdir, @@socket AS socket`;
      expect(row.tmpdir).toBe(join(maria.db.dir, 'tmp'));
      expect(row.socket).toBe(maria.db.socket);
      expect(maria.db.socket.startsWith(`${maria.db.dir}/`)).toBe(true);
    } finally {
      await admin.close();
    }
  });
});
