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

/** GLPI shows the ID under 2, except for the types that give it another id. */
const idOption = (itemtype: string) => ({ Domain: 1400, Appliance: 31 })[itemtype] ?? 2;

async function found(itemtype: string, field: number, searchtype: string, value: string | number): Promise<number[]> {
  const query = `criteria[0][field]=${field}&criteria[0][searchtype]=${searchtype}&criteria[0][value]=${encodeURIComponent(String(value))}&forcedisplay[0]=${idOption(itemtype)}&range=0-999`;
  const res = await ctx.api.get(`search/${itemtype}`, { query });
  expect({ field, refused: res.status >= 300 ? res.text : '' }).toEqual({ field, refused: '' });
  return ((res.body.data ?? []) as Record<string, unknown>[]).map((row) => Number(row[idOption(itemtype)]));
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

describe('more type-specific ids', () => {
  test('Project: percent done (5), planned dates (7, 8), manager (24), state (12)', async () => {
    const state = await ctx.api.create('ProjectState', { name: uniq('st') });
    const half = await ctx.api.create('Project', { name: uniq('p'), percent_done: 50, plan_start_date: '2026-03-01 08:00:00', plan_end_date: '2026-04-01 18:00:00', projectstates_id: state, users_id: 2 });
    const none = await ctx.api.create('Project', { name: uniq('p'), percent_done: 0 });
    expect(await found('Project', 5, 'contains', 50)).toContain(half);
    expect(await found('Project', 5, 'contains', 50)).not.toContain(none);
    expect(await found('Project', 7, 'morethan', '2026-02-01')).toContain(half);
    expect(await found('Project', 8, 'lessthan', '2026-03-15')).not.toContain(half);
    expect(await found('Project', 12, 'equals', state)).toEqual([half]);
    expect(await found('Project', 24, 'equals', 2)).toContain(half);
    expect(await found('Project', 24, 'equals', 2)).not.toContain(none);
  });

  test('Appliance: environment (10), type (11), ID under 31 and status under 32', async () => {
    const environment = await ctx.api.create('ApplianceEnvironment', { name: uniq('env') });
    const appliance = await ctx.api.create('Appliance', { name: uniq('a'), applianceenvironments_id: environment });
    expect(await found('Appliance', 10, 'equals', environment)).toEqual([appliance]);
    const options = (await ctx.api.get('listSearchOptions/Appliance')).body;
    expect(options['31']).toMatchObject({ field: 'id', name: 'ID' });
    expect(options['32']).toMatchObject({ table: 'glpi_states', name: 'Status' });
    expect(options['2']).toBeUndefined();
  });

  test('Rack: server room (7) and number of units (8)', async () => {
    const room = await ctx.api.create('DCRoom', { name: uniq('room') });
    const rack = await ctx.api.create('Rack', { name: uniq('r'), dcrooms_id: room, number_units: 42 });
    expect(await found('Rack', 7, 'equals', room)).toEqual([rack]);
    expect(await found('Rack', 8, 'contains', 42)).toContain(rack);
  });
});
