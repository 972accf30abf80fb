/**
 * An inventory's software, looked up and written together: packages another computer reported
 * (named in another case, as GLPI's varchar compares) share its software and version rows, and
 * each install leaves the history lines a single add leaves, on the computer and on the version.
 */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { enableInventory, inventory, post } from './fixture';

const ctx = useServer();
enableInventory(ctx);
const list = async (path: string, query = 'range=0-9999') => (await ctx.api.get(path, { query })).body as Record<string, unknown>[];
const computerNamed = async (name: string) => Number((await list('Computer')).find((c) => c.name === name)!.id);
const installs = async (id: number) => (await list(`Computer/${id}/Item_SoftwareVersion`)).map((i) => Number(i.softwareversions_id)).sort((a, b) => a - b);
const historyOf = async (itemtype: string, id: number) =>
  (await list('Log/', `searchText[itemtype]=^${itemtype}$&searchText[items_id]=^${id}$&range=0-9999&sort=id&order=ASC`))
    .filter((l) => l.user_name === 'Inventory')
    .map((l) => [l.linked_action, l.itemtype_link, l.old_value, l.new_value]);

describe('inventoried software', () => {
  test('known software and versions are shared, whatever the case; every install is in both histories', async () => {
    expect((await post(ctx.server.origin, inventory({ deviceid: 'sw-a-2026-01-01-00-00-00', name: 'sw-a', serial: 'SW-A', software: [['vim', '9.0'], ['bash', '5.2']], disks: [] }))).status).toBe(200);
    expect((await post(ctx.server.origin, inventory({ deviceid: 'sw-b-2026-01-01-00-00-00', name: 'sw-b', serial: 'SW-B', software: [['VIM', '9.0'], ['bash', '5.2'], ['zsh', '5.9']], disks: [] }))).status).toBe(200);
    const [a, b] = [await computerNamed('sw-a'), await computerNamed('sw-b')];

    expect((await list('Software')).map((s) => s.name).sort()).toEqual(['bash', 'vim', 'zsh']);
    const versions = new Map((await list('SoftwareVersion')).map((v) => [Number(v.id), [String(v.name), Number(v.softwares_id)]]));
    expect(versions.size).toBe(3);
    const shared = await installs(a);
    const own = await installs(b);
    expect(own.filter((v) => shared.includes(v))).toEqual(shared);
    expect(own.length).toBe(3);

    const installLines = own.map((v) => [4, 'SoftwareVersion', '', `${versions.get(v)![0]} (${v})`]);
    expect((await historyOf('Computer', b)).filter((l) => l[1] === 'SoftwareVersion')).toEqual(installLines);
    for (const v of own) expect(await historyOf('SoftwareVersion', v)).toContainEqual([4, 'Computer', '', `sw-b (${b})`]);
  });
});
