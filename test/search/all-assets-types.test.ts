/**
 * AllAssets searches every type GLPI 10.0 counts as an asset ($CFG_GLPI['asset_types']): one item
 * of each is found by name, with its itemtype, and nothing else is.
 */
import { expect, test } from 'bun:test';
import { setRightInDatabase } from '../support/database-file';
import { useServer } from '../support/server';

const ctx = useServer();

/** GLPI 10.0's asset_types, in its order. */
const GLPI_ASSET_TYPES = ['Computer', 'Monitor', 'NetworkEquipment', 'Peripheral', 'Phone', 'Printer', 'SoftwareLicense', 'Certificate', 'Unmanaged', 'Appliance'];

test("AllAssets finds one item of each of GLPI 10.0's asset types, and no other type", async () => {
  // GLPI's install gives no one CREATE on unmanaged devices (the inventory makes them): granted here.
  await setRightInDatabase(ctx.server.dataDir, ctx.api, 4, 'unmanaged', 31);
  const software = await ctx.api.create('Software', { name: 'zz-asset-software' });
  for (const itemtype of GLPI_ASSET_TYPES) {
    await ctx.api.create(itemtype, { name: `zz-asset-${itemtype}`, ...(itemtype === 'SoftwareLicense' ? { softwares_id: software } : {}) });
  }
  // Types that are not assets, with a matching name: not listed.
  await ctx.api.create('Rack', { name: 'zz-asset-Rack' });
  await ctx.api.create('Enclosure', { name: 'zz-asset-Enclosure' });
  const res = await ctx.api.get('search/AllAssets', { query: 'criteria[0][field]=1&criteria[0][searchtype]=contains&criteria[0][value]=^zz-asset-&range=0-99' });
  expect(res.status).toBe(200);
  const rows = res.body.data as Record<string, unknown>[];
  expect(rows.map((row) => String(row.itemtype)).sort()).toEqual([...GLPI_ASSET_TYPES].sort());
  for (const row of rows) expect(row['1']).toBe(`zz-asset-${String(row.itemtype)}`);
});
