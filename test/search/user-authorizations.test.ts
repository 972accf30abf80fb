import { beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { useServer } from '../support/server';
import { createUser, search, USER_PASSWORD } from './helpers';

/**
 * A user's authorizations seen through search (profiles 20, entities 80, as columns and as
 * criteria) give the same answer as its `Profile_User` sub-item list: only the authorizations in
 * the session's entities (or given with their sub-entities on an entity above them); its groups
 * (13) the same as its `Group_User` list. A technician of B learns nothing of A through a user who
 * also works in A (issue 25).
 */

const ctx = useServer();
const SELF_SERVICE = 1;
const TECHNICIAN = 6;
const OBSERVER = 2;
let techB: Client;
let A: number, B: number;
let both: number;
let groupOfA: number;

/** The profiles (20) and entities (80) columns of the rows a search finds for one login. */
async function authorizationColumns(client: Client, login: string, extra: Record<string, unknown>[] = []): Promise<Record<string, unknown>[]> {
  const criteria = [{ field: 1, searchtype: 'contains', value: `^${login}$` }, ...extra];
  const res = await search(client, 'User', { criteria, forcedisplay: [20, 80], range: '0-99' });
  expect(res.status).toBeLessThan(300);
  return (res.body.data ?? []).map((row: Record<string, unknown>) => ({ 20: row['20'], 80: row['80'] }));
}

/** The sub-item list's answer: the names of the profiles and of the entities it shows, sorted. */
async function subItemNames(client: Client, user: number): Promise<{ 20: string[]; 80: string[] }> {
  const res = await client.get(`User/${user}/Profile_User`, { query: 'expand_dropdowns=true&range=0-99' });
  expect(res.status).toBe(200);
  const grants = res.body as { profiles_id: string; entities_id: string }[];
  return { 20: [...new Set(grants.map((g) => g.profiles_id))].sort(), 80: [...new Set(grants.map((g) => g.entities_id))].sort() };
}

/** A search row's multi-valued columns split into their values (the API joins them with commas), sorted. */
const namesOf = (row: Record<string, unknown>) => ({ 20: String(row['20']).split(',').sort(), 80: String(row['80']).split(',').sort() });

beforeAll(async () => {
  A = await ctx.api.create('Entity', { name: 'A', entities_id: 0 });
  B = await ctx.api.create('Entity', { name: 'B', entities_id: 0 });
  await createUser(ctx.api, 'tech_b', TECHNICIAN, B);
  techB = await new Client(ctx.server.api).login('tech_b', USER_PASSWORD);
  // Works in B as Self-Service, and in A as Observer: the second is none of B's business.
  both = await createUser(ctx.api, 'works_in_both', SELF_SERVICE, B, false);
  await ctx.api.create('Profile_User', { users_id: both, profiles_id: OBSERVER, entities_id: A, is_recursive: 0 });
  groupOfA = await ctx.api.create('Group', { name: 'group of A', entities_id: A });
  const groupOfB = await ctx.api.create('Group', { name: 'group of B', entities_id: B });
  for (const group of [groupOfA, groupOfB]) await ctx.api.create('Group_User', { groups_id: group, users_id: both });
});

describe("a user's authorizations through search and through its sub-item list", () => {
  test('the sub-item list shows the technician of B only the authorization in B', async () => {
    expect(await subItemNames(techB, both)).toEqual({ 20: ['Self-Service'], 80: ['Root entity > B'] });
    expect(await subItemNames(ctx.api, both)).toEqual({ 20: ['Observer', 'Self-Service'], 80: ['Root entity > A', 'Root entity > B'] });
  });

  test('the profiles and entities columns give the same names as the sub-item list, for each session', async () => {
    for (const client of [techB, ctx.api]) {
      const rows = await authorizationColumns(client, 'works_in_both');
      expect(rows).toHaveLength(1);
      expect(namesOf(rows[0]!)).toEqual(await subItemNames(client, both));
    }
    expect(await authorizationColumns(techB, 'works_in_both')).toEqual([{ 20: 'Self-Service', 80: 'Root entity > B' }]);
  });

  test('criteria on the entities and profiles of authorizations find only what the sub-item list shows', async () => {
    const byEntity = (id: number) => [{ link: 'AND', field: 80, searchtype: 'equals', value: id }];
    const byProfile = (id: number) => [{ link: 'AND', field: 20, searchtype: 'equals', value: id }];
    expect(await authorizationColumns(techB, 'works_in_both', byEntity(A))).toEqual([]);
    expect(await authorizationColumns(techB, 'works_in_both', byProfile(OBSERVER))).toEqual([]);
    expect(await authorizationColumns(techB, 'works_in_both', [{ link: 'AND', field: 80, searchtype: 'contains', value: 'A' }])).toEqual([]);
    expect(await authorizationColumns(techB, 'works_in_both', byEntity(B))).toHaveLength(1);
    // glpi sees every entity: both criteria find the user.
    expect(await authorizationColumns(ctx.api, 'works_in_both', byEntity(A))).toHaveLength(1);
    expect(await authorizationColumns(ctx.api, 'works_in_both', byProfile(OBSERVER))).toHaveLength(1);
  });

  test("the groups column and criterion give the same groups as the user's Group_User list", async () => {
    const listed = async (client: Client) =>
      ((await client.get(`User/${both}/Group_User`, { query: 'expand_dropdowns=true' })).body as { groups_id: string }[]).map((g) => g.groups_id).sort();
    const column = async (client: Client, extra: Record<string, unknown>[] = []) => {
      const criteria = [{ field: 1, searchtype: 'contains', value: '^works_in_both$' }, ...extra];
      const res = await search(client, 'User', { criteria, forcedisplay: [13], range: '0-99' });
      return (res.body.data ?? []).map((row: Record<string, unknown>) => String(row['13']).split(',').sort());
    };
    expect(await listed(techB)).toEqual(['group of B']);
    expect(await column(techB)).toEqual([await listed(techB)]);
    expect(await column(techB, [{ link: 'AND', field: 13, searchtype: 'equals', value: groupOfA }])).toEqual([]);
    expect(await column(ctx.api)).toEqual([['group of A', 'group of B']]);
  });
});
