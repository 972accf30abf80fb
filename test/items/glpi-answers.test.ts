/**
 * Item shapes as a live GLPI 10.0.19 answers them (issue 34): a profile's rights in its getItem.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { useServer } from '../support/server';

const ctx = useServer();
let api: Client;

beforeAll(() => {
  api = ctx.api;
});

describe("a profile's rights", () => {
  test('getItem shows each right as a field after the columns, as GLPI loads a profile', async () => {
    const res = await api.get('Profile/4');
    expect(res.status).toBe(200);
    const keys = Object.keys(res.body);
    // The columns first, then the rights in their rows' order.
    expect(keys.slice(0, 3)).toEqual(['id', 'name', 'interface']);
    expect(keys.indexOf('computer')).toBeGreaterThan(keys.indexOf('date_creation'));
    const rights = (await api.get('Profile/4/ProfileRight', { query: 'range=0-999' })).body as { name: string; rights: number }[];
    expect(rights.length).toBeGreaterThan(50);
    for (const right of rights) expect([right.name, res.body[right.name]]).toEqual([right.name, right.rights]);
    expect(res.body.computer).toBe(255);
    expect(res.body.config).toBe(3);
  });

  test('a right written is read back; lists of profiles show the columns only, as GLPI lists them', async () => {
    const id = await api.create('Profile', { name: 'answers-profile' });
    // A right the profile has no row of reads 0, as GLPI, which gives every profile a row of each.
    expect([(await api.get(`Profile/${id}`)).body.computer, (await api.get(`Profile/${id}`)).body.ticket]).toEqual([0, 0]);
    await api.create('ProfileRight', { profiles_id: id, name: 'computer', rights: 1 });
    expect((await api.get(`Profile/${id}`)).body.computer).toBe(1);
    const multiple = await api.get('getMultipleItems', { query: `items[0][itemtype]=Profile&items[0][items_id]=${id}` });
    expect(multiple.body[0].computer).toBe(1);
    const list = (await api.get('Profile/', { query: 'range=0-99' })).body as Record<string, unknown>[];
    expect(list.find((p) => p.id === id)).not.toHaveProperty('computer');
  });
});
