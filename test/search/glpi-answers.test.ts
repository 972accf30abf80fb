/**
 * Search semantics as a live GLPI 10.0.19 answers them (issue 34): its 'specific' options through
 * a link, the processors count (Computer 35) and the latest follow-up, task and solution dates
 * of ITIL objects (72–74).
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { useServer } from '../support/server';
import { uniq } from '../items/fixtures';
import { search } from './helpers';

const ctx = useServer();
let api: Client;

beforeAll(() => {
  api = ctx.api;
});

/** Ids among `among` of the `itemtype` rows matching one criterion. */
async function ids(itemtype: string, field: number, searchtype: string, value: string | number, among: number[]): Promise<number[]> {
  const res = await search(api, itemtype, { criteria: [{ field, searchtype, value }], forcedisplay: [2], range: '0-9999' });
  expect({ status: res.status, text: res.status >= 300 ? res.text : '' }).toEqual({ status: 200, text: '' });
  return ((res.body.data ?? []) as Record<string, unknown>[]).map((row) => Number(row['2'])).filter((id) => among.includes(id)).sort((a, b) => a - b);
}

/** One row's values of `options`. */
async function shown(itemtype: string, id: number, options: number[]): Promise<Record<string, unknown>> {
  const res = await search(api, itemtype, { criteria: [{ field: 2, searchtype: 'equals', value: id }], forcedisplay: options });
  expect({ status: res.status, rows: res.body.data?.length }).toEqual({ status: 200, rows: 1 });
  return res.body.data[0];
}

describe("'specific' options through a link (Computer 57, 174, 1312)", () => {
  test('equals 0 finds every item without a linked row, and those whose row holds 0', async () => {
    const computer = () => api.create('Computer', { name: uniq('pc') });
    const [bare, linear, none, disked, socketed] = [await computer(), await computer(), await computer(), await computer(), await computer()];
    const all = [bare, linear, none, disked, socketed];
    await api.create('Infocom', { itemtype: 'Computer', items_id: linear, sink_type: 2 });
    await api.create('Infocom', { itemtype: 'Computer', items_id: none, sink_type: 0 });
    await api.create('Item_Disk', { itemtype: 'Computer', items_id: disked, name: '/', encryption_status: 1 });
    await api.create('Socket', { name: uniq('socket'), itemtype: 'Computer', items_id: socketed, wiring_side: 2 });
    // Amortization type: no financial data, or a type 0.
    expect(await ids('Computer', 57, 'equals', 0, all)).toEqual([bare, none, disked, socketed]);
    expect(await ids('Computer', 57, 'equals', 2, all)).toEqual([linear]);
    // Encryption status: every computer without a disk.
    expect(await ids('Computer', 174, 'equals', 0, all)).toEqual([bare, linear, none, socketed]);
    expect(await ids('Computer', 174, 'equals', 1, all)).toEqual([disked]);
    // Wiring side: every computer without a socket.
    expect(await ids('Computer', 1312, 'equals', 0, all)).toEqual([bare, linear, none, disked]);
  });
});

describe('processors number (Computer 35)', () => {
  test('shows the count of processor links and is searched as that number', async () => {
    const device = await api.create('DeviceProcessor', { designation: uniq('cpu') });
    const [two, one, zero] = [await api.create('Computer', { name: uniq('pc') }), await api.create('Computer', { name: uniq('pc') }), await api.create('Computer', { name: uniq('pc') })];
    for (const id of [two, two, one]) await api.create('Item_DeviceProcessor', { itemtype: 'Computer', items_id: id, deviceprocessors_id: device });
    expect([(await shown('Computer', two, [35]))['35'], (await shown('Computer', one, [35]))['35'], (await shown('Computer', zero, [35]))['35']]).toEqual([2, 1, 0]);
    expect(await ids('Computer', 35, 'contains', 2, [two, one, zero])).toEqual([two]);
    expect(await ids('Computer', 35, 'contains', 1, [two, one, zero])).toEqual([one]);
    expect(await ids('Computer', 35, 'contains', '>0', [two, one, zero])).toEqual([two, one].sort((a, b) => a - b));
  });
});

describe('latest follow-up (72), task (73) and solution (74) dates of ITIL objects', () => {
  test('listed with GLPI uids, names and datatypes', async () => {
    for (const [type, task] of [['Ticket', 'TicketTask'], ['Problem', 'ProblemTask'], ['Change', 'ChangeTask']] as const) {
      const options = (await api.get(`listSearchOptions/${type}`)).body as Record<string, { uid: string; name: string; datatype: string }>;
      expect(options['72']).toMatchObject({ uid: `${type}.ITILFollowup.date`, name: 'Latest date', datatype: 'datetime' });
      expect(options['73']).toMatchObject({ uid: `${type}.${task}.date`, name: 'Latest date', datatype: 'datetime' });
      expect(options['74']).toMatchObject({ uid: `${type}.ITILSolution.date_creation`, name: 'Latest date', datatype: 'datetime' });
    }
  });

  test('each is the newest date of those rows, shown, sorted and searched as one date', async () => {
    const busy = await api.create('Ticket', { name: uniq('busy'), content: 'x' });
    const quiet = await api.create('Ticket', { name: uniq('quiet'), content: 'x' });
    await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: busy, content: 'a', date: '2031-01-05 10:00:00' });
    await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: busy, content: 'b', date: '2031-03-05 10:00:00' });
    await api.create('TicketTask', { tickets_id: busy, content: 'c', date: '2031-02-01 08:30:00' });
    await api.create('TicketTask', { tickets_id: busy, content: 'd', date: '2030-12-01 08:30:00' });
    const row = await shown('Ticket', busy, [72, 73, 74]);
    expect([row['72'], row['73'], row['74']]).toEqual(['2031-03-05 10:00:00', '2031-02-01 08:30:00', null]);
    const empty = await shown('Ticket', quiet, [72, 73, 74]);
    expect([empty['72'], empty['73'], empty['74']]).toEqual([null, null, null]);
    // Only the newest follow-up counts: an older one's month matches no more.
    expect(await ids('Ticket', 72, 'contains', '2031-03', [busy, quiet])).toEqual([busy]);
    expect(await ids('Ticket', 72, 'contains', '2031-01', [busy, quiet])).toEqual([]);
    expect(await ids('Ticket', 73, 'morethan', '2031-01-15 00:00:00', [busy, quiet])).toEqual([busy]);
    const solved = await api.create('Ticket', { name: uniq('solved'), content: 'x' });
    await api.create('ITILSolution', { itemtype: 'Ticket', items_id: solved, content: 'fixed' });
    expect(typeof (await shown('Ticket', solved, [74]))['74']).toBe('string');
    const sorted = await search(api, 'Ticket', { criteria: [{ field: 2, searchtype: 'contains', value: '' }], forcedisplay: [2, 72], sort: 72, order: 'DESC', range: '0-0' });
    expect(sorted.body.data[0]['2']).toBe(busy);
  });
});
