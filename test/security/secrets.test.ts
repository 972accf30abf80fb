/**
 * Secrets never leave the server: every field the registry withholds (`hidden`: passwords, tokens,
 * directory and mailbox passwords; guarded SIM codes without their right) and the undisclosed
 * settings (SMTP password) are planted with recognisable values, then every read path is walked
 * as the Super-Admin: items, lists, getMultipleItems, every with_* section, history, search with
 * every column, listSearchOptions, the OpenAPI document and the API reference. None may show one.
 */
import { Database } from 'bun:sqlite';
import { beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { allItemtypes, itemtypeOrThrow } from '../../server/registry';
import { secretColumns } from '../../server/registry/guarded';
import { UNDISCLOSED_SETTINGS } from '../../server/db/settings';
import { WITH_FLAGS } from '../../server/core/request-params';
import type { Client } from '../support/client';
import { useServer } from '../support/server';
import { createUser, loginAs } from '../rights/fixture';

const ctx = useServer();
const TECHNICIAN = 6;

/** Types holding a secret column, with the columns the registry marks. */
const secretTypes = allItemtypes()
  .map((type) => ({ type, columns: [...secretColumns(type)] }))
  .filter((entry) => entry.columns.length > 0);

/** Every planted value (and the stored form of hashed ones) that must never appear in an answer. */
const planted = new Set<string>();
/** SIM codes: shown to profiles holding devicesimcard_pinpuk, never in history, search or to others. */
const codes = new Set<string>();
const ids: Record<string, number> = {};
/** A Technician whose profile lost devicesimcard_pinpuk. */
let technician: Client;

const withAll = WITH_FLAGS.map((flag) => `${flag}=true`).join('&');

/** A search showing every column (the ones the engine does not support yet left out, as it says). */
async function searchEveryColumn(itemtype: string, optionIds: string[]) {
  let shown = optionIds;
  for (;;) {
    const display = shown.map((id, i) => `forcedisplay[${i}]=${id}`).join('&');
    const res = await ctx.api.get(`search/${itemtype}`, { query: `${display}&range=0-999` });
    const unsupported = res.status === 400 ? /search option (\d+) of \w+ is not supported/.exec(String(res.body?.[1])) : null;
    if (!unsupported) return res;
    shown = shown.filter((id) => id !== unsupported[1]);
  }
}

function leaks(text: string, values: Iterable<string>): string[] {
  return [...values].filter((value) => text.includes(value));
}

beforeAll(async () => {
  // Through the API: a user with a password and both tokens, an SMTP password (twice, so any
  // history would hold old and new), SIM codes set and changed.
  const userId = await createUser(ctx.api, 'keeper', TECHNICIAN, 0, true, 'Pw-SECRET-keeper-1');
  ids.User = userId;
  const reset = await ctx.api.put(`User/${userId}`, { input: { _reset_api_token: true, _reset_personal_token: true } });
  const element = (reset.body as Record<string, unknown>[])[0]!;
  planted.add(String(element.api_token));
  planted.add(String(element.personal_token));
  planted.add('Pw-SECRET-keeper-1');
  for (const value of ['SMTP-SECRET-one', 'SMTP-SECRET-two']) {
    const existing = ((await ctx.api.get('Config/', { query: 'range=0-999' })).body as { id: number; name: string }[]).find((c) => c.name === 'smtp_passwd');
    if (existing) expect((await ctx.api.put(`Config/${existing.id}`, { input: { value } })).status).toBe(200);
    else await ctx.api.create('Config', { context: 'core', name: 'smtp_passwd', value });
    planted.add(value);
  }
  const computer = await ctx.api.create('Computer', { name: 'phone host' });
  ids.Computer = computer;
  const card = await ctx.api.create('DeviceSimcard', { designation: 'sim' });
  ids.Item_DeviceSimcard = await ctx.api.create('Item_DeviceSimcard', { itemtype: 'Computer', items_id: computer, devicesimcards_id: card, pin: 'PIN-SECRET-1', pin2: 'PIN2-SECRET-1', puk: 'PUK-SECRET-1', puk2: 'PUK2-SECRET-1' });
  const changed = { pin: 'PIN-SECRET-2', pin2: 'PIN2-SECRET-2', puk: 'PUK-SECRET-2', puk2: 'PUK2-SECRET-2' };
  expect((await ctx.api.put(`Item_DeviceSimcard/${ids.Item_DeviceSimcard}`, { input: changed })).status).toBe(200);
  for (const value of ['PIN-SECRET-1', 'PIN2-SECRET-1', 'PUK-SECRET-1', 'PUK2-SECRET-1', ...Object.values(changed)]) codes.add(value);
  ids.APIClient = await ctx.api.create('APIClient', { name: 'integration', is_active: 1 });

  // Straight into the database, as an import or GLPI would have left them: the secrets the API
  // never takes as input (cookie and reset tokens, app tokens, directory and mailbox passwords).
  const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'));
  try {
    db.run("UPDATE glpi_users SET cookie_token = 'COOKIE-SECRET', password_forget_token = 'FORGET-SECRET' WHERE id = ?", [userId]);
    db.run("UPDATE glpi_apiclients SET app_token = 'APP-SECRET' WHERE id = ?", [ids.APIClient]);
    ids.AuthLDAP = Number((db.query("INSERT INTO glpi_authldaps (name, host, rootdn, rootdn_passwd) VALUES ('directory', 'ldap.example.org', 'cn=admin', 'LDAP-SECRET') RETURNING id").get() as { id: number }).id);
    ids.SNMPCredential = Number((db.query("INSERT INTO glpi_snmpcredentials (name, snmpversion, username, auth_passphrase, priv_passphrase) VALUES ('v3', '3', 'monitor', 'SNMP-AUTH-SECRET', 'SNMP-PRIV-SECRET') RETURNING id").get() as { id: number }).id);
    ids.MailCollector = Number((db.query("INSERT INTO glpi_mailcollectors (name, host, login, passwd) VALUES ('inbox', '{imap.example.org}', 'helpdesk', 'MAIL-SECRET') RETURNING id").get() as { id: number }).id);
    ids.Webhook = Number((db.query("INSERT INTO glpi_webhooks (name, url, itemtype, event, secret) VALUES ('hook', 'https://example.org/hook', 'Ticket', 'new', 'WEBHOOK-SECRET') RETURNING id").get() as { id: number }).id);
    for (const value of ['WEBHOOK-SECRET', 'COOKIE-SECRET', 'FORGET-SECRET', 'APP-SECRET', 'LDAP-SECRET', 'MAIL-SECRET', 'SNMP-AUTH-SECRET', 'SNMP-PRIV-SECRET']) planted.add(value);
    // The stored forms of what the server keeps hashed.
    const stored = db.query('SELECT password, api_token, personal_token FROM glpi_users WHERE id = ?').get(userId) as Record<string, string>;
    for (const value of Object.values(stored)) if (value) planted.add(value);
  } finally {
    db.close();
  }
  const rights = (await ctx.api.get(`Profile/${TECHNICIAN}/ProfileRight`, { query: 'range=0-999' })).body as { id: number; name: string }[];
  const pinpuk = rights.find((r) => r.name === 'devicesimcard_pinpuk')!;
  expect((await ctx.api.put(`ProfileRight/${pinpuk.id}`, { input: { rights: 0 } })).status).toBe(200);
  technician = await loginAs(ctx.server.api, 'keeper', 'Pw-SECRET-keeper-1');
});

describe('secret fields', () => {
  test('the registry marks them: hidden columns of users, API clients, directories, mail collectors, SNMP credentials, webhooks; guarded SIM codes', () => {
    const marked = Object.fromEntries(secretTypes.map(({ type, columns }) => [type.name, columns]));
    expect(marked.User).toEqual(expect.arrayContaining(['password', 'api_token', 'personal_token', 'cookie_token', 'password_forget_token']));
    expect(marked.APIClient).toContain('app_token');
    expect(marked.AuthLDAP).toContain('rootdn_passwd');
    expect(marked.MailCollector).toContain('passwd');
    expect(marked.SNMPCredential).toEqual(['auth_passphrase', 'priv_passphrase']);
    expect(marked.Webhook).toEqual(['secret']);
    expect(marked.Item_DeviceSimcard).toEqual(['pin', 'pin2', 'puk', 'puk2']);
    expect([...UNDISCLOSED_SETTINGS]).toContain('smtp_passwd');
  });

  test('no read of an item, list, getMultipleItems or with_* section shows one', async () => {
    const everything = [...planted];
    for (const [name, id] of Object.entries(ids)) {
      const type = itemtypeOrThrow(name);
      const answers = [
        await ctx.api.get(`${type.name}/${id}`, { query: `${withAll}&expand_dropdowns=true` }),
        await ctx.api.get(`${type.name}/`, { query: 'range=0-999&expand_dropdowns=true' }),
        await ctx.api.get('getMultipleItems', { query: `items[0][itemtype]=${type.name}&items[0][items_id]=${id}&${withAll}` }),
      ];
      for (const res of answers) {
        expect(res.status, `${type.name}: ${res.text.slice(0, 200)}`).toBeLessThan(300);
        expect(leaks(res.text, everything), type.name).toEqual([]);
      }
    }
    for (const path of [`Computer/${ids.Computer}`, `User/${ids.User}`]) {
      const res = await ctx.api.get(path, { query: withAll });
      expect(leaks(res.text, everything), path).toEqual([]);
    }
    const config = await ctx.api.get('Config/', { query: 'range=0-999' });
    expect(leaks(config.text, everything)).toEqual([]);
    expect(leaks((await ctx.api.get('getGlpiConfig')).text, everything)).toEqual([]);
  });

  test('no history row holds one, SIM codes included', async () => {
    const everything = [...planted, ...codes];
    for (const [name, id] of Object.entries(ids)) {
      const res = await ctx.api.get(`${name}/${id}/Log/`, { query: 'range=0-999' });
      expect(leaks(res.text, everything), name).toEqual([]);
    }
    const all = await ctx.api.get('Log/', { query: 'range=0-999' });
    expect(all.status).toBeLessThan(300);
    expect(leaks(all.text, everything)).toEqual([]);
  });

  test('search shows none in any column, nor as a criterion, and listSearchOptions offers none', async () => {
    const everything = [...planted, ...codes];
    for (const name of [...Object.keys(ids), 'Config']) {
      const type = itemtypeOrThrow(name);
      const columns = secretTypes.find((entry) => entry.type === type)?.columns ?? [];
      const options = await ctx.api.get(`listSearchOptions/${type.name}`);
      expect(options.status, type.name).toBe(200);
      const entries = Object.entries(options.body as Record<string, { table?: string; field?: string; nodisplay?: boolean }>).filter(([, o]) => typeof o === 'object' && o.field);
      const offered = entries.filter(([, o]) => o.table === type.table && columns.includes(String(o.field))).map(([id]) => id);
      expect(offered, type.name).toEqual([]);
      const res = await searchEveryColumn(type.name, entries.filter(([, o]) => !o.nodisplay).map(([id]) => id));
      expect(res.status, `${type.name}: ${res.text.slice(0, 200)}`).toBeLessThan(300);
      expect(leaks(res.text, everything), type.name).toEqual([]);
      // As a criterion: a secret's value matches nothing it could be guessed through.
      for (const [id, option] of entries) {
        if (option.table !== type.table || ![...columns, 'value'].includes(String(option.field))) continue;
        const probe = await ctx.api.get(`search/${type.name}`, { query: `criteria[0][field]=${id}&criteria[0][searchtype]=contains&criteria[0][value]=SECRET` });
        expect(probe.body.totalcount ?? 0, `${type.name} option ${id}`).toBe(0);
      }
    }
  });

  test('a profile without devicesimcard_pinpuk sees no SIM code anywhere', async () => {
    const everything = [...codes];
    for (const path of [`Item_DeviceSimcard/${ids.Item_DeviceSimcard}`, 'Item_DeviceSimcard/', `Computer/${ids.Computer}`]) {
      const res = await technician.get(path, { query: `${withAll}&range=0-999` });
      // A technician may not read components' links at all (GLPI's device right): 403 there.
      expect(res.status, path).toBe(path.startsWith('Computer/') ? 200 : 403);
      expect(leaks(res.text, everything), path).toEqual([]);
    }
    const many = await technician.get('getMultipleItems', { query: `items[0][itemtype]=Item_DeviceSimcard&items[0][items_id]=${ids.Item_DeviceSimcard}` });
    expect(leaks(many.text, everything)).toEqual([]);
    const search = await technician.get('search/Item_DeviceSimcard', { query: 'range=0-999' });
    expect(leaks(search.text, everything)).toEqual([]);
  });

  test('the OpenAPI document and the API reference describe no secret as a readable field, with no planted value', async () => {
    const openapi = await fetch(`${ctx.server.origin}/openapi.json`);
    const doc = (await openapi.json()) as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    for (const name of Object.keys(ids)) {
      const type = itemtypeOrThrow(name);
      const properties = Object.keys(doc.components.schemas[type.name]?.properties ?? {});
      expect(properties.filter((p) => type.hidden.includes(p)), type.name).toEqual([]);
    }
    const reference = await (await fetch(`${ctx.server.api}/`)).text();
    const documented = new Set([...reference.matchAll(/<tr><td>([a-z0-9_]+)<\/td>/g)].map((m) => m[1]));
    for (const name of Object.keys(ids)) {
      // `password` is documented, as initSession's parameter, not as a field.
      for (const column of itemtypeOrThrow(name).hidden.filter((c) => c !== 'password')) expect(documented.has(column), `${name}.${column} in the reference`).toBe(false);
    }
    expect(leaks(JSON.stringify(doc) + reference, [...planted, ...codes])).toEqual([]);
  });
});

describe('read-only administration types', () => {
  const readOnly = allItemtypes().filter((type) => type.readOnly && type.name !== 'Log');

  test('every write path answers 403 ERROR_RIGHT_MISSING, even for the Super-Admin, and changes nothing', async () => {
    expect(readOnly.map((t) => t.name)).toEqual(expect.arrayContaining(['QueuedNotification', 'QueuedWebhook', 'CronTask']));
    const problems: string[] = [];
    const expectRefused = (what: string, res: { status: number; body: unknown; text: string }) => {
      if (res.status !== 403 || !Array.isArray(res.body) || res.body[0] !== 'ERROR_RIGHT_MISSING') problems.push(`${what}: ${res.status} ${res.text.slice(0, 120)}`);
    };
    for (const type of readOnly) {
      const existing = ((await ctx.api.get(`${type.name}/`, { query: 'range=0-0' })).body as { id: number }[])[0];
      const id = existing?.id ?? 1;
      const before = existing ? (await ctx.api.get(`${type.name}/${id}`)).text : '';
      expectRefused(`${type.name} add`, await ctx.api.post(`${type.name}/`, { input: { name: 'x' } }));
      expectRefused(`${type.name} bulk add`, await ctx.api.post(`${type.name}/`, { input: [{ name: 'x' }, { name: 'y' }] }));
      expectRefused(`${type.name} update`, await ctx.api.put(`${type.name}/${id}`, { input: { name: 'changed' } }));
      expectRefused(`${type.name} bulk update`, await ctx.api.put(`${type.name}/`, { input: [{ id, name: 'changed' }] }));
      expectRefused(`${type.name} delete`, await ctx.api.del(`${type.name}/${id}`, { query: 'force_purge=true' }));
      expectRefused(`${type.name} bulk delete`, await ctx.api.del(`${type.name}/`, { body: { input: [{ id }], force_purge: true } }));
      const owner = type.owners[0];
      if (owner && 'fk' in owner) {
        expectRefused(`${type.name} as a sub-item`, await ctx.api.post(`${owner.itemtype}/1/${type.name}/`, { input: { name: 'x' } }));
      }
      if (existing) expect((await ctx.api.get(`${type.name}/${id}`)).text, type.name).toBe(before);
    }
    expect(problems).toEqual([]);
  });
});
