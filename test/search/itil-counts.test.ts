/**
 * GLPI 10.0's counts of the tickets (60), problems (140) and changes (141) naming an item, on the
 * types of its ticket_types: listed in an "Assistance" section, shown as numbers, searched as
 * numbers ("contains" 2, "> 0").
 *
 * Rights: GLPI counts through its joins with the session's entities only. Deskbase counts only the
 * tickets, problems and changes the session may see: the same entities, and also the service desk's
 * rules (a profile that reads only its own tickets counts only those). For a profile that reads every
 * ticket of its entities, both give the same number.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { useServer } from '../support/server';
import { bulk, createUser, search, USER_PASSWORD } from './helpers';

const ctx = useServer();
let glpi: Client;
let tech: Client;
let observer: Client;
let pc: number;
let bare: number;
let simcard: number;

/** Option → value for one computer, as `client` sees it. */
async function counts(client: Client, itemtype: string, id: number): Promise<Record<string, unknown>> {
  const res = await search(client, itemtype, { criteria: [{ field: 2, searchtype: 'equals', value: id }], forcedisplay: [60, 140, 141], range: '0-9' });
  expect(res.status).toBe(200);
  const row = res.body.data[0] as Record<string, unknown>;
  return { 60: row['60'], 140: row['140'], 141: row['141'] };
}

async function ids(client: Client, itemtype: string, field: number, searchtype: string, value: string | number, shown = 2): Promise<number[]> {
  const res = await search(client, itemtype, { criteria: [{ field, searchtype, value }], forcedisplay: [shown], range: '0-999' });
  expect({ field, status: res.status, text: res.status >= 300 ? res.text : '' }).toEqual({ field, status: 200, text: '' });
  return (res.body.data as Record<string, unknown>[]).map((row) => Number(row[String(shown)]));
}

beforeAll(async () => {
  glpi = ctx.api;
  const A = await glpi.create('Entity', { name: 'counts-A', entities_id: 0 });
  const B = await glpi.create('Entity', { name: 'counts-B', entities_id: 0 });
  await createUser(glpi, 'counts-tech', 6, A);
  const observerId = await createUser(glpi, 'counts-observer', 2, A);
  // The observer profile reads only the tickets it takes part in (READMY), none of the others.
  const rights = (await glpi.get('Profile/2/ProfileRight', { query: 'range=0-999' })).body as { id: number; name: string }[];
  const ticketRight = rights.find((r) => r.name === 'ticket')!;
  expect((await glpi.put(`ProfileRight/${ticketRight.id}`, { input: { rights: 1 } })).status).toBe(200);
  tech = await new Client(ctx.server.api).login('counts-tech', USER_PASSWORD);
  observer = await new Client(ctx.server.api).login('counts-observer', USER_PASSWORD);

  [pc, bare] = await bulk(glpi, 'Computer', [
    { name: 'counted-pc', entities_id: A },
    { name: 'bare-pc', entities_id: A },
  ]) as [number, number];
  const [mine, other, inB] = await bulk(glpi, 'Ticket', [
    { name: 'observer asks', content: 'x', entities_id: A, _users_id_requester: observerId },
    { name: 'someone else asks', content: 'x', entities_id: A },
    { name: 'other entity', content: 'x', entities_id: B },
  ]);
  await bulk(glpi, 'Item_Ticket', [mine, other, inB].map((tickets_id) => ({ tickets_id, itemtype: 'Computer', items_id: pc })));
  const [problem] = await bulk(glpi, 'Problem', [{ name: 'p', content: 'x', entities_id: A }]);
  await glpi.create('Item_Problem', { problems_id: problem, itemtype: 'Computer', items_id: pc });
  const changes = await bulk(glpi, 'Change', [
    { name: 'c-a', content: 'x', entities_id: A },
    { name: 'c-b', content: 'x', entities_id: B },
  ]);
  await bulk(glpi, 'Change_Item', changes.map((changes_id) => ({ changes_id, itemtype: 'Computer', items_id: pc })));

  // A SIM card in a phone, named by a ticket: GLPI's ticket_types include SIM cards.
  const phone = await glpi.create('Phone', { name: 'sim-phone', entities_id: A });
  simcard = await glpi.create('Item_DeviceSimcard', { itemtype: 'Phone', items_id: phone, devicesimcards_id: await glpi.create('DeviceSimcard', { designation: 'sim' }), entities_id: A });
  await glpi.create('Item_Ticket', { tickets_id: other, itemtype: 'Item_DeviceSimcard', items_id: simcard });
}, 60_000);

describe('ITIL counts (60, 140, 141)', () => {
  test("listed as GLPI 10.0 lists them, on its ticket_types only", async () => {
    for (const itemtype of ['Computer', 'Software', 'Certificate', 'Line', 'DCRoom', 'Database', 'Cable', 'Item_DeviceSimcard', 'DomainRecord']) {
      const options = (await glpi.get(`listSearchOptions/${itemtype}`)).body;
      expect({ itemtype, section: options.tracking }).toEqual({ itemtype, section: { name: 'Assistance' } });
      expect(options['60']).toEqual({ name: 'Number of tickets', table: 'glpi_tickets', field: 'id', datatype: 'count', nosearch: false, nodisplay: false, available_searchtypes: ['contains', 'notcontains'], uid: `${itemtype}.Item_Ticket.Ticket.id` });
      expect(options['140']).toMatchObject({ name: 'Number of problems', table: 'glpi_problems', datatype: 'count', uid: `${itemtype}.Item_Problem.Problem.id` });
      expect(options['141']).toMatchObject({ name: 'Number of changes', table: 'glpi_changes', datatype: 'count', uid: `${itemtype}.Change_Item.Change.id` });
    }
    // Not among GLPI's ticket_types.
    for (const itemtype of ['Unmanaged', 'Contract', 'Item_DeviceProcessor', 'Project']) {
      const options = (await glpi.get(`listSearchOptions/${itemtype}`)).body;
      expect({ itemtype, listed: options['60']?.name ?? null, section: options.tracking ?? null }).toEqual({ itemtype, listed: null, section: null });
    }
  });

  test('shown as numbers, 0 for an item nothing names', async () => {
    expect(await counts(glpi, 'Computer', pc)).toEqual({ 60: 3, 140: 1, 141: 2 });
    expect(await counts(glpi, 'Computer', bare)).toEqual({ 60: 0, 140: 0, 141: 0 });
    const sim = await search(glpi, 'Item_DeviceSimcard', { criteria: [{ field: 60, searchtype: 'contains', value: 1 }], forcedisplay: [1, 60] });
    expect((sim.body.data as Record<string, unknown>[]).map((row) => [Number(row['1']), row['60']])).toEqual([[simcard, 1]]);
  });

  test('searched by count: exactly, and with < and >', async () => {
    expect(await ids(glpi, 'Computer', 60, 'contains', 3)).toEqual([pc]);
    expect(await ids(glpi, 'Computer', 60, 'contains', '>0')).toEqual([pc]);
    expect(await ids(glpi, 'Computer', 141, 'contains', 2)).toEqual([pc]);
    const none = await ids(glpi, 'Computer', 140, 'contains', 0);
    expect(none).toContain(bare);
    expect(none).not.toContain(pc);
    expect(await ids(glpi, 'Computer', 60, 'notcontains', 3)).not.toContain(pc);
    const sorted = await search(glpi, 'Computer', { forcedisplay: [2, 60], sort: 60, order: 'DESC', range: '0-0' });
    expect(Number(sorted.body.data[0]['2'])).toBe(pc);
  });

  test('a technician of entity A counts the tickets and changes of A only', async () => {
    expect(await counts(tech, 'Computer', pc)).toEqual({ 60: 2, 140: 1, 141: 1 });
    expect(await ids(tech, 'Computer', 60, 'contains', 2)).toEqual([pc]);
    expect(await ids(tech, 'Computer', 60, 'contains', 3)).toEqual([]);
  });

  test('a profile reading only its own tickets counts only those (stricter than GLPI, see above)', async () => {
    expect((await counts(observer, 'Computer', pc))['60']).toBe(1);
    expect(await ids(observer, 'Computer', 60, 'contains', 1)).toEqual([pc]);
    expect(await ids(observer, 'Computer', 60, 'contains', 3)).toEqual([]);
  });
});
