/**
 * The setup dropdowns of authentication and unicity GLPI 10.0's API serves — SSO variables, LDAP
 * criteria, ignored unicity values — with GLPI's tables, install rows, rights, options and
 * history; and agent types, which GLPI gives no right at all.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { useServer } from '../support/server';
import { createUser, loginAs, unique } from '../rights/fixture';
import { expectError, logsOf, plantAgent, uniq } from './fixtures';

const ctx = useServer();

/** A user whose only profile holds `rights` on the right `name` (and nothing else). */
async function userWith(name: string, rights: number): Promise<Client> {
  const profile = await ctx.api.create('Profile', { name: unique(`only-${name}`), interface: 'central' });
  await ctx.api.setRights(profile, { [name]: rights });
  const login = unique(`holder-${name}`);
  await createUser(ctx.api, login, profile, 0);
  return loginAs(ctx.server.api, login);
}

const READ = 1;
const UPDATE = 2;
const CREATE = 4;
const PURGE = 16;

describe('install rows', () => {
  test("a fresh install has GLPI's SSO variables and LDAP criteria", async () => {
    const sso = (await ctx.api.get('SsoVariable/', { query: 'range=0-99' })).body as { id: number; name: string }[];
    expect(sso.slice(0, 6).map((row) => [row.id, row.name])).toEqual([
      [1, 'HTTP_AUTH_USER'],
      [2, 'REMOTE_USER'],
      [3, 'PHP_AUTH_USER'],
      [4, 'USERNAME'],
      [5, 'REDIRECT_REMOTE_USER'],
      [6, 'HTTP_REMOTE_USER'],
    ]);
    const ldap = (await ctx.api.get('RuleRightParameter/', { query: 'range=0-99' })).body as { id: number; name: string; value: string }[];
    expect(ldap.filter((row) => row.id <= 14).map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14]);
    expect(ldap.find((row) => row.id === 12)).toMatchObject({ name: '(AD)User ID', value: 'samaccountname' });
  });
});

describe('SSO variables and ignored unicity values: the config right, whose UPDATE bit adds and removes them', () => {
  for (const itemtype of ['SsoVariable', 'Fieldblacklist']) {
    test(`${itemtype}: READ reads only; UPDATE (without CREATE or PURGE) adds, changes and removes`, async () => {
      const reader = await userWith('config', READ);
      const editor = await userWith('config', READ | UPDATE);
      const existing = await ctx.api.create(itemtype, { name: uniq('kept') });
      expect((await reader.get(`${itemtype}/${existing}`)).status).toBe(200);
      expectError(await reader.post(`${itemtype}/`, { input: { name: uniq('no') } }), 403, 'ERROR_RIGHT_MISSING');
      expectError(await reader.put(`${itemtype}/${existing}`, { input: { comment: 'no' } }), 403, 'ERROR_RIGHT_MISSING');
      expectError(await reader.del(`${itemtype}/${existing}`), 403, 'ERROR_RIGHT_MISSING');
      expect((await ctx.api.get(`${itemtype}/${existing}`)).body.comment).toBeNull();

      const res = await editor.post(`${itemtype}/`, { input: { name: uniq('mine') } });
      expect(res.status).toBe(201);
      expect((await editor.put(`${itemtype}/${res.body.id}`, { input: { comment: 'noted' } })).status).toBe(200);
      expect((await editor.del(`${itemtype}/${res.body.id}`)).status).toBe(204);
      expectError(await ctx.api.get(`${itemtype}/${res.body.id}`), 404, 'ERROR_ITEM_NOT_FOUND');
      // Without any config right: nothing, as for every type the profile has no right on.
      const technician = unique('tech');
      await createUser(ctx.api, technician, 6, 0);
      expectError(await (await loginAs(ctx.server.api, technician)).get(`${itemtype}/${existing}`), 403, 'ERROR_RIGHT_MISSING');
    });
  }

  test("Fieldblacklist: an entity's value for a type and field, found by its type (4) and field (6), its changes logged", async () => {
    const entity = await ctx.api.create('Entity', { name: uniq('fb-ent'), entities_id: 0 });
    const id = await ctx.api.create('Fieldblacklist', { name: uniq('serial-x'), itemtype: 'Computer', field: 'serial', value: 'To be filled', entities_id: entity });
    expect((await ctx.api.get(`Fieldblacklist/${id}`)).body).toMatchObject({ itemtype: 'Computer', field: 'serial', value: 'To be filled', entities_id: entity, is_recursive: 0 });
    const found = async (field: number, value: string) => {
      const res = await ctx.api.get('search/Fieldblacklist', { query: `criteria[0][field]=${field}&criteria[0][searchtype]=equals&criteria[0][value]=${encodeURIComponent(value)}&forcedisplay[0]=2&range=0-999` });
      expect(res.status).toBe(200);
      return ((res.body.data ?? []) as Record<string, unknown>[]).map((row) => Number(row['2']));
    };
    expect(await found(4, 'Computer')).toContain(id);
    expect(await found(4, 'Monitor')).not.toContain(id);
    expect(await found(6, 'serial')).toContain(id);
    await ctx.api.put(`Fieldblacklist/${id}`, { input: { value: 'N/A' } });
    expect((await logsOf(ctx.api, 'Fieldblacklist', id)).at(-1)).toMatchObject({ id_search_option: 7, old_value: 'To be filled', new_value: 'N/A' });
  });
});

describe('LDAP criteria: the rule_ldap right', () => {
  test('the Super-Admin adds, changes and purges them; the attribute is lowered on add, as GLPI; history under 11 and 16', async () => {
    const id = await ctx.api.create('RuleRightParameter', { name: uniq('(LDAP)Groups'), value: 'MemberOf' });
    expect((await ctx.api.get(`RuleRightParameter/${id}`)).body.value).toBe('memberof');
    // GLPI lowers it only when the criterion is added.
    expect((await ctx.api.put(`RuleRightParameter/${id}`, { input: { value: 'extensionAttribute7', comment: 'dept' } })).status).toBe(200);
    expect((await ctx.api.get(`RuleRightParameter/${id}`)).body.value).toBe('extensionAttribute7');
    const logs = await logsOf(ctx.api, 'RuleRightParameter', id);
    expect(logs[0]).toMatchObject({ linked_action: 20 });
    expect(logs.filter((l) => l.linked_action === 0).map((l) => [l.id_search_option, l.new_value]).sort()).toEqual([
      [11, 'extensionAttribute7'],
      [16, 'dept'],
    ]);
    const search = await ctx.api.get('search/RuleRightParameter', { query: 'criteria[0][field]=11&criteria[0][searchtype]=contains&criteria[0][value]=extensionAttribute7&forcedisplay[0]=2' });
    expect((search.body.data as Record<string, unknown>[]).map((row) => row['2'])).toEqual([id]);
    expect((await ctx.api.del(`RuleRightParameter/${id}`)).status).toBe(204);
  });

  test('profiles: the Super-Admin holds READ | UPDATE | CREATE | PURGE, Read-Only reads, the others have nothing', async () => {
    const rights = (await ctx.api.get('Profile/4/ProfileRight', { query: 'range=0-999' })).body as { name: string; rights: number }[];
    expect(rights.find((r) => r.name === 'rule_ldap')?.rights).toBe(READ | UPDATE | CREATE | PURGE);
    const readOnly = unique('ro');
    await createUser(ctx.api, readOnly, 8, 0);
    const reader = await loginAs(ctx.server.api, readOnly);
    expect((await reader.get('RuleRightParameter/1')).body).toMatchObject({ value: 'o' });
    expectError(await reader.post('RuleRightParameter/', { input: { name: 'x', value: 'x' } }), 403, 'ERROR_RIGHT_MISSING');
    const creator = await userWith('rule_ldap', READ | CREATE);
    expect((await creator.post('RuleRightParameter/', { input: { name: uniq('c'), value: 'c' } })).status).toBe(201);
  });
});

describe('agent types', () => {
  let agent: number;
  beforeAll(() => {
    agent = plantAgent(ctx.server, { name: uniq('agent') });
  });

  test('GLPI 10.0 gives them no right: even the Super-Admin neither reads nor writes them (403)', async () => {
    expectError(await ctx.api.get('AgentType/1'), 403, 'ERROR_RIGHT_MISSING');
    expectError(await ctx.api.get('AgentType/'), 403, 'ERROR_RIGHT_MISSING');
    expectError(await ctx.api.post('AgentType/', { input: { name: 'Other' } }), 403, 'ERROR_RIGHT_MISSING');
    expect((await ctx.api.get('search/AgentType')).status).toBe(403);
    // Their option list is still served, as GLPI's listSearchOptions checks no right.
    expect(Object.keys((await ctx.api.get('listSearchOptions/AgentType')).body).filter((k) => /^\d+$/.test(k))).toEqual(['1']);
  });

  test("an agent still names its type when dropdowns are expanded", async () => {
    expect((await ctx.api.get(`Agent/${agent}`, { query: 'expand_dropdowns=true' })).body.agenttypes_id).toBe('Core');
  });
});
