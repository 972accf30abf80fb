/**
 * `deskbase import` of the GLPI 10 fixture into a fresh data folder, then a real Deskbase server on
 * it: the API answers match the GLPI rows field by field, GLPI passwords and tokens work, the
 * document file downloads byte-exact, and what could not be imported is in the report.
 */
import { Database } from 'bun:sqlite';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQL } from 'bun';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { decodeHTMLStrict } from 'entities';
import { itemtype } from '../../server/registry';
import { runCli, type CliResult } from '../support/cli';
import { Client } from '../support/client';
import { TestServer } from '../support/server';
import { FIXTURE_FILES, mariadbMissing, useMariaDb } from './helpers';

const maria = useMariaDb();

describe.skipIf(mariadbMissing !== null)('import of a GLPI 10 database', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'deskbase-import-')), 'data');
  let result: CliResult;
  let server: TestServer;
  let api: Client;
  let glpi: SQL;

  beforeAll(async () => {
    result = await runCli(['import', maria.db.url('glpi'), '--files', FIXTURE_FILES, '--data', dataDir]);
    server = new TestServer(dataDir, {});
    await server.start();
    api = await new Client(server.api).login('glpi', 'glpi-fixture-pass');
    glpi = new SQL(maria.db.url('glpi'));
  });
  afterAll(async () => {
    await glpi?.close();
    await server?.dispose();
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  test('the command succeeds and reports rows per itemtype', () => {
    expect(result.stderr).not.toContain('deskbase: import failed');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/imported GLPI 10\.0\.16 from mysql:\/\/glpi_reader:\*\*\*@127\.0\.0\.1:\d+\/glpi into /);
    expect(result.stdout).toMatch(/\n {2}Computer +4 *\n/);
    expect(result.stdout).toMatch(/\n {2}Log +6 +1\n/);
    expect(result.stdout).not.toContain('reader&pw');
  });

  // Every column both sides have, for every row of these tables, read back through the API.
  const TYPES = [
    'Entity', 'User', 'Group', 'Group_User', 'Profile_User', 'UserEmail', 'Location', 'Manufacturer', 'Computer', 'Monitor',
    'NetworkEquipment', 'Printer', 'Phone', 'Peripheral', 'Computer_Item', 'DeviceProcessor', 'Item_DeviceProcessor',
    'Item_DeviceMemory', 'NetworkPort', 'NetworkName', 'IPAddress', 'Software', 'SoftwareVersion', 'Item_SoftwareVersion',
    'Infocom', 'Ticket', 'Ticket_User', 'Group_Ticket', 'Item_Ticket', 'ITILFollowup', 'TicketTask', 'ITILSolution',
    'Document', 'Document_Item',
  ];
  /** Columns this test's own logins change. */
  const CHANGED_BY_TEST = new Set(['User.last_login']);
  /** Values Deskbase numbers otherwise: authtype as the specification (LDAP 2, mail 3; GLPI's 3 and 2). */
  const RENUMBERED: Record<string, Record<number, number>> = { 'User.authtype': { 3: 2, 2: 3 } };
  const SKIPPED: Record<string, number[]> = {
    UserEmail: [4], Computer_Item: [3], Item_DeviceProcessor: [3], NetworkPort: [3], Ticket_User: [4], ITILFollowup: [3], Document_Item: [3],
  };

  function expected(value: unknown, kind: string): unknown {
    if (value instanceof Date) return kind === 'date' ? value.toISOString().slice(0, 10) : value.toISOString().slice(0, 19).replace('T', ' ');
    if (typeof value === 'string' && (kind === 'string' || kind === 'text')) return decodeHTMLStrict(value);
    if (value !== null && (kind === 'decimal' || kind === 'float')) return Number(value);
    return value;
  }

  test.each(TYPES)('%s: the API answers the GLPI rows field by field', async (name) => {
    const type = itemtype(name)!;
    const rows = (await glpi.unsafe(`SELECT * FROM ${type.table} ORDER BY id`)) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const id = Number(row.id);
      const res = await api.get(`${name}/${id}`);
      if (SKIPPED[name]?.includes(id)) {
        expect(res.status).toBe(404);
        continue;
      }
      expect(res.status).toBe(200);
      for (const [column, value] of Object.entries(row)) {
        const col = type.column.get(column);
        if (!col || type.hidden.includes(column) || CHANGED_BY_TEST.has(`${name}.${column}`)) continue;
        const got = col.kind === 'decimal' || col.kind === 'float' ? Number(res.body[column]) : res.body[column];
        const want = RENUMBERED[`${name}.${column}`]?.[Number(value)] ?? expected(value, col.kind);
        expect({ [`${name}/${id}.${column}`]: got }).toEqual({ [`${name}/${id}.${column}`]: want });
      }
    }
  });

  test('text typed with HTML special characters arrives decoded once', async () => {
    expect((await api.get('Computer/1')).body.comment).toBe('Replaced the <SSD> & RAM in 2024 — see ticket');
    expect((await api.get('Ticket/1')).body.name).toBe('Printer & scanner offline');
    expect((await api.get('Ticket/1')).body.content).toBe('<p>The 2nd floor printer shows "offline" & the scanner too.</p><p>Since 9:00 <b>today</b>.</p>');
    expect((await api.get('Manufacturer/3')).body.name).toBe('AT&T');
    expect((await api.get('Document/1')).body.filename).toBe('manual & notes.txt');
  });

  test('history keeps GLPI ids and decoded values', async () => {
    const res = await api.get('Computer/1/Log/');
    expect(res.status).toBe(200);
    const change = (res.body as Record<string, unknown>[]).find((r) => r.id === 2);
    expect(change).toMatchObject({ id: 2, user_name: 'glpi (2)', date_mod: '2024-03-15 14:22:10', old_value: 'Old <HDD>', new_value: 'Replaced the <SSD> & RAM' });
    const ids = (res.body as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
    expect(ids).toEqual([1, 2, 3]);
    const db = new Database(join(dataDir, 'deskbase.sqlite'), { readonly: true });
    const kept = db.query('SELECT id FROM glpi_logs ORDER BY id').all().map((r) => (r as { id: number }).id);
    db.close();
    expect(kept).toEqual([1, 2, 3, 4, 5, 7]); // 6 is a plugin's history
  });

  test('a GLPI bcrypt password logs in, and is rehashed to argon2id by that login', async () => {
    const hashOf = () => {
      const db = new Database(join(dataDir, 'deskbase.sqlite'), { readonly: true });
      try {
        return String((db.query('SELECT password FROM glpi_users WHERE id = 6').get() as { password: string }).password);
      } finally {
        db.close();
      }
    };
    expect(hashOf()).toStartWith('$2y$10$');
    const alice = await new Client(server.api).login('alice', 'alice&<pass>');
    expect((await alice.get('getFullSession')).body.session.glpiID).toBe(6);
    expect(hashOf()).toStartWith('$argon2id$');
    await new Client(server.api).login('alice', 'alice&<pass>'); // the new hash verifies too
    const wrong = await new Client(server.api).call('GET', 'initSession', { headers: { Authorization: `Basic ${btoa('alice:nope')}` } });
    expect(wrong.status).toBe(401);
  });

  test('an MD5-era password is refused at import and reported for a reset', async () => {
    expect(result.stdout).toContain('user oldtimer: the GLPI password hash is an old MD5 one and was not kept: reset this password');
    const res = await new Client(server.api).call('GET', 'initSession', { headers: { Authorization: `Basic ${btoa('oldtimer:oldpass')}` } });
    expect(res.status).toBe(401);
  });

  test('the GLPI API token still opens a session; it is stored hashed', async () => {
    const res = await new Client(server.api).call('GET', 'initSession', { headers: { Authorization: 'user_token apitokenalice00000000000000000000000000' } });
    expect(res.status).toBe(200);
    const db = new Database(join(dataDir, 'deskbase.sqlite'), { readonly: true });
    const stored = db.query('SELECT api_token, personal_token, cookie_token, password_forget_token FROM glpi_users WHERE id = 6').get() as Record<string, unknown>;
    db.close();
    expect(stored.api_token).toBe(new Bun.CryptoHasher('sha256').update('apitokenalice00000000000000000000000000').digest('hex'));
    expect(stored.personal_token).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.cookie_token).toBeNull();
    expect(stored.password_forget_token).toBeNull();
  });

  test('a document downloads byte-exact; missing and altered files are reported', async () => {
    const res = await fetch(`${server.api}/Document/1?alt=media`, { headers: { 'Session-Token': api.token } });
    expect(res.status).toBe(200);
    const original = readFileSync(join(FIXTURE_FILES, 'TXT/27/bdad6349014f29fd51834182ef1ec4eddea239.TXT'));
    expect(Buffer.from(await res.arrayBuffer()).equals(original)).toBe(true);
    expect(result.stdout).toContain('document 2: PDF/aa/0000000000000000000000000000000000000.PDF missing from the files folder');
    expect(result.stdout).toContain('document 4: TXT/ee/0000000000000000000000000000000000000e.TXT does not match its sha1');
    expect((await api.get('Document/4', { query: 'alt=media' })).status).toBe(404);
  });

  test("a user's picture is copied; a missing one is reported", async () => {
    const res = await fetch(`${server.api}/User/6/Picture`, { headers: { 'Session-Token': api.token } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(FIXTURE_FILES, '_pictures/a1/6_alice.png')))).toBe(true);
    expect(result.stdout).toContain('user 7: picture ff/7_missing.jpg missing from the files folder');
  });

  test('rows that cannot be kept are reported with their reason', () => {
    for (const line of [
      'ITILFollowup: 1 × items_id points to no Ticket (GLPI ids 3)',
      'Ticket_User: 1 × tickets_id points to no Ticket (GLPI ids 4)',
      'NetworkPort: 1 × itemtype of a plugin (GLPI ids 3)',
      'Log: 1 × itemtype of a plugin (GLPI ids 6)',
      'ProfileRight: 1 × profiles_id points to no Profile',
    ]) expect(result.stdout).toContain(line);
    expect(result.stdout).toContain('1 user(s) sign in to GLPI through LDAP, CAS, a mail server or another external source');
    expect(result.stdout).toContain('GLPI columns Deskbase does not keep, not imported: glpi_tickets.externalid');
    expect(result.stdout).toMatch(/Not imported \(tables Deskbase does not serve, about \d+ rows\): .*glpi_impactrelations.*glpi_plugin_fields_containers \(plugin\)|glpi_plugin_fields_containers \(plugin\).*glpi_impactrelations/);
  });

  test('settings Deskbase reads are taken; the encrypted SMTP password is not', async () => {
    const config = (await api.get('getGlpiConfig')).body.cfg_glpi;
    expect(String(config.list_limit)).toBe('20');
    expect(config.smtp_host).toBe('mail.example.org');
    expect(config.admin_email).toBe('helpdesk@example.org');
    // GLPI's own values, kept as they are: 0 is its local sendmail (migration 20 leaves them alone).
    expect([config.smtp_mode, config.from_email]).toEqual(['0', 'desk@example.org']);
    expect(config.version).not.toBe('10.0.16');
    expect(result.stdout).toContain('setting smtp_passwd is encrypted');
  });

  test('the entity tree and authorizations work as in GLPI', async () => {
    const alice = await new Client(server.api).login('alice', 'alice&<pass>');
    const entities = (await alice.get('getMyEntities', { query: 'is_recursive=1' })).body.myentities as { id: number }[];
    expect(entities.map((e) => e.id).sort()).toEqual([1, 2]);
    expect((await alice.get('Computer/1')).status).toBe(200);
    expect((await alice.get('Computer/2')).status).toBe(200); // in a sub-entity of hers
    expect((await alice.get('Computer/3')).status).not.toBe(200); // in Lyon, where her active profile does not reach
  });
});
