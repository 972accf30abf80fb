/**
 * GLPI's own search option ids for the types beyond its option dump: listed with GLPI's names, and
 * a search on each of them (dates, flags, text, item types, links through a named foreign key)
 * finds the right rows.
 */
import { describe, expect, test } from 'bun:test';
import { TYPE_OPTIONS } from '../../server/registry/data/type-options';
import { useServer } from '../support/server';
import { uniq } from './fixtures';

const ctx = useServer();

async function found(itemtype: string, field: number, searchtype: string, value: string | number): Promise<number[]> {
  const query = `criteria[0][field]=${field}&criteria[0][searchtype]=${searchtype}&criteria[0][value]=${encodeURIComponent(String(value))}&forcedisplay[0]=${itemtype === 'Domain' ? 1400 : 2}&range=0-999`;
  const res = await ctx.api.get(`search/${itemtype}`, { query });
  expect({ field, refused: res.status >= 300 ? res.text : '' }).toEqual({ field, refused: '' });
  return ((res.body.data ?? []) as Record<string, unknown>[]).map((row) => Number(row[itemtype === 'Domain' ? '1400' : '2']));
}

describe('type-specific search option ids', () => {
  test('listSearchOptions names every id of the table, and each is searchable', async () => {
    for (const [itemtype, options] of Object.entries(TYPE_OPTIONS)) {
      const res = await ctx.api.get(`listSearchOptions/${itemtype}`);
      expect(res.status).toBe(200);
      for (const [id, , name] of options) {
        expect({ itemtype, id, name: res.body[id]?.name }).toEqual({ itemtype, id, name });
        const searchtype = res.body[id].available_searchtypes[0];
        const search = await ctx.api.get(`search/${itemtype}`, { query: `criteria[0][field]=${id}&criteria[0][searchtype]=${searchtype}&criteria[0][value]=1&forcedisplay[0]=${id}` });
        expect({ itemtype, id, refused: search.status >= 300 ? search.text : '' }).toEqual({ itemtype, id, refused: '' });
      }
    }
  });

  test('Certificate: expiry date, self-signed flag, DNS name; comment is 15 and contact 16 as in GLPI', async () => {
    const soon = await ctx.api.create('Certificate', { name: uniq('c'), date_expiration: '2026-01-10', is_autosign: 1, dns_name: 'soon.example', comment: 'note-15', contact: 'alt-16' });
    const late = await ctx.api.create('Certificate', { name: uniq('c'), date_expiration: '2031-05-01', is_autosign: 0 });
    expect(await found('Certificate', 10, 'lessthan', '2027-01-01')).toContain(soon);
    expect(await found('Certificate', 10, 'lessthan', '2027-01-01')).not.toContain(late);
    expect(await found('Certificate', 9, 'equals', 1)).toContain(soon);
    expect(await found('Certificate', 9, 'equals', 1)).not.toContain(late);
    expect(await found('Certificate', 18, 'contains', 'soon.example')).toEqual([soon]);
    expect(await found('Certificate', 15, 'contains', 'note-15')).toEqual([soon]);
    expect(await found('Certificate', 16, 'contains', 'alt-16')).toEqual([soon]);
  });

  test('Domain: expiration date (6) and ID under 1400', async () => {
    const domain = await ctx.api.create('Domain', { name: `${uniq('d')}.example`, date_expiration: '2026-02-01' });
    expect(await found('Domain', 6, 'lessthan', '2026-03-01')).toContain(domain);
    expect(await found('Domain', 6, 'morethan', '2026-03-01')).not.toContain(domain);
    const options = (await ctx.api.get('listSearchOptions/Domain')).body;
    expect(options['1400']).toMatchObject({ field: 'id', name: 'ID' });
    expect(options['2']).toMatchObject({ table: 'glpi_domaintypes', name: 'Type' });
  });

  test('Line: caller number (185) and operator (184)', async () => {
    const operator = uniq('op');
    const operatorId = await ctx.api.create('LineOperator', { name: operator });
    const line = await ctx.api.create('Line', { name: uniq('l'), caller_num: '+33 1 23 45', lineoperators_id: operatorId });
    expect(await found('Line', 185, 'contains', '23 45')).toEqual([line]);
    expect(await found('Line', 184, 'contains', operator)).toEqual([line]);
  });

  test('Cable: endpoint item types (7, 9) and socket models of each end (11, 12)', async () => {
    const modelA = await ctx.api.create('SocketModel', { name: uniq('sa') });
    const modelB = await ctx.api.create('SocketModel', { name: uniq('sb') });
    const cable = await ctx.api.create('Cable', { name: uniq('cb'), itemtype_endpoint_a: 'Computer', itemtype_endpoint_b: 'NetworkEquipment', socketmodels_id_endpoint_a: modelA, socketmodels_id_endpoint_b: modelB });
    expect(await found('Cable', 7, 'equals', 'Computer')).toContain(cable);
    expect(await found('Cable', 9, 'equals', 'Computer')).not.toContain(cable);
    expect(await found('Cable', 11, 'equals', modelA)).toEqual([cable]);
    expect(await found('Cable', 12, 'equals', modelA)).toEqual([]);
    expect(await found('Cable', 12, 'equals', modelB)).toEqual([cable]);
  });
});
