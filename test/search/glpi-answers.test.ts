/**
 * Search semantics as a live GLPI 10.0.19 answers them (issue 34): its 'specific' options through
 * a link, the processors count (Computer 35) and the latest follow-up, task and solution dates
 * of ITIL objects (72–74).
 */
import { Database } from 'bun:sqlite';
import { join } from 'node:path';
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

  test("a ticket's survey type (31): equals 0 finds the tickets without a survey", async () => {
    const [internal, external, none] = [await api.create('Ticket', { name: uniq('t'), content: 'x' }), await api.create('Ticket', { name: uniq('t'), content: 'x' }), await api.create('Ticket', { name: uniq('t'), content: 'x' })];
    // Surveys come from an automatic action: written as it leaves them.
    const db = new Database(join(ctx.server.dataDir, 'deskbase.sqlite'));
    db.query("INSERT INTO glpi_ticketsatisfactions (tickets_id, type, date_begin) VALUES (?, 1, '2030-01-01 00:00:00'), (?, 2, '2030-01-01 00:00:00')").run(internal, external);
    db.close();
    expect(await ids('Ticket', 31, 'equals', 0, [internal, external, none])).toEqual([none]);
    expect(await ids('Ticket', 31, 'equals', 2, [internal, external, none])).toEqual([external]);
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

describe('listSearchOptions as GLPI 10.0.19 lists them', () => {
  const listed = async (itemtype: string) => {
    const body = (await api.get(`listSearchOptions/${itemtype}`)).body as Record<string, { uid?: string; name: string; datatype?: string }>;
    return Object.fromEntries(Object.entries(body).map(([key, o]) => [key, o.uid ? `${o.uid} ${o.name} ${o.datatype}` : o.name]));
  };

  test("an ITIL task's own options: 2 is its category, 5 the user it names", async () => {
    for (const type of ['TicketTask', 'ProblemTask', 'ChangeTask']) {
      expect(await listed(type)).toEqual({
        common: 'Characteristics',
        1: `${type}.content Description text`,
        2: `${type}.TaskCategory.name Task category dropdown`,
        3: `${type}.date Date datetime`,
        4: `${type}.is_private Public followup bool`,
        5: `${type}.User.name Technician dropdown`,
        6: `${type}.actiontime Total duration timestamp`,
        7: `${type}.state Status specific`,
        document: 'Documents',
        119: `${type}.Document_Item.id Number of documents count`,
      });
    }
  });

  test('a solution lists none of its own, only its documents', async () => {
    expect(await listed('ITILSolution')).toEqual({ common: 'Characteristics', document: 'Documents', 119: 'ITILSolution.Document_Item.id Number of documents count' });
  });

  test("a group's directory fields (3-5) are listed and searched", async () => {
    const options = await listed('Group');
    expect([options['3'], options['4'], options['5']]).toEqual([
      'Group.ldap_field Attribute of the user containing its groups string',
      'Group.ldap_value Attribute value text',
      'Group.ldap_group_dn Group DN text',
    ]);
    const dn = `cn=${uniq('g')},ou=groups,dc=example`;
    const group = await api.create('Group', { name: uniq('grp'), ldap_group_dn: dn });
    await api.create('Group', { name: uniq('grp') });
    expect(await ids('Group', 5, 'contains', dn, [group])).toEqual([group]);
    expect((await shown('Group', group, [5]))['5']).toBe(dn);
  });

  test('a task is found by its category (2)', async () => {
    const ticket = await api.create('Ticket', { name: uniq('t'), content: 'x' });
    const category = uniq('cat');
    const task = await api.create('TicketTask', { tickets_id: ticket, content: 'y', taskcategories_id: await api.create('TaskCategory', { name: category }) });
    await api.create('TicketTask', { tickets_id: ticket, content: 'z' });
    // GLPI gives a task no ID option: rows keyed by item id (withindexes) say which matched.
    const res = await search(api, 'TicketTask', { criteria: [{ field: 2, searchtype: 'contains', value: category }], forcedisplay: [2], withindexes: 1 });
    expect(res.body.data).toEqual({ [task]: { 1: 'y', 2: category } });
  });
});

describe('negation over several rows (Ticket 25, 34, 35), row by row as GLPI', () => {
  test('an item with no row, or with one row that does not match, is found; the actors are negated over the item', async () => {
    const word = uniq('spooler');
    const [mixed, only, none] = [await api.create('Ticket', { name: uniq('t'), content: 'x' }), await api.create('Ticket', { name: uniq('t'), content: 'x' }), await api.create('Ticket', { name: uniq('t'), content: 'x' })];
    const all = [mixed, only, none];
    await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: mixed, content: `restart the ${word}` });
    await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: mixed, content: 'done' });
    await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: only, content: `the ${word} again` });
    expect(await ids('Ticket', 25, 'contains', word, all)).toEqual([mixed, only]);
    // The follow-up "done" does not contain the word: its ticket is found, as the one without follow-ups.
    expect(await ids('Ticket', 25, 'notcontains', word, all)).toEqual([mixed, none]);
    const linked = async (criteria: Record<string, unknown>[]) => {
      const res = await search(api, 'Ticket', { criteria, forcedisplay: [2], range: '0-9999' });
      return ((res.body.data ?? []) as Record<string, unknown>[]).map((row) => Number(row['2'])).filter((id) => all.includes(id)).sort((a, b) => a - b);
    };
    expect(await linked([{ link: 'AND NOT', field: 25, searchtype: 'contains', value: word }])).toEqual([mixed, none]);
    // Negated twice: some follow-up matches.
    expect(await linked([{ link: 'AND NOT', field: 25, searchtype: 'notcontains', value: word }])).toEqual([mixed, only]);

    // Requesters' notification settings (35) and addresses (34): two requesters, one notified.
    const user = await api.create('User', { name: uniq('u') });
    await api.create('Ticket_User', { tickets_id: mixed, users_id: 2, type: 1, use_notification: 1, alternative_email: `${word}@example.com` });
    await api.create('Ticket_User', { tickets_id: mixed, users_id: user, type: 1, use_notification: 0 });
    await api.create('Ticket_User', { tickets_id: only, users_id: 2, type: 1, use_notification: 1, alternative_email: `${word}@example.com` });
    expect(await ids('Ticket', 35, 'notequals', 1, all)).toEqual([mixed, none]);
    expect(await ids('Ticket', 34, 'notcontains', word, all)).toEqual([mixed, none]);
    // A requester (4) is negated over the whole ticket: glpi requests both, so neither is found.
    expect(await ids('Ticket', 4, 'notequals', 2, all)).toEqual([none]);
  });

  test("a column searched shows the rows the criterion keeps, as GLPI's WHERE filters the joined rows; the actors stay whole", async () => {
    const word = uniq('printer');
    const ticket = await api.create('Ticket', { name: uniq('t'), content: 'x' });
    await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: `the ${word} jams` });
    await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'fixed' });
    const user = await api.create('User', { name: uniq('u') });
    await api.create('Ticket_User', { tickets_id: ticket, users_id: 2, type: 1 });
    await api.create('Ticket_User', { tickets_id: ticket, users_id: user, type: 1 });
    const shown = async (criteria: Record<string, unknown>[], option: number) => {
      const res = await search(api, 'Ticket', { criteria: [...criteria, { link: 'AND', field: 2, searchtype: 'equals', value: ticket }], forcedisplay: [option], range: '0-9' });
      return (res.body.data as Record<string, unknown>[])[0]![String(option)];
    };
    expect(await shown([], 25)).toEqual([`the ${word} jams`, 'fixed']);
    expect(await shown([{ field: 25, searchtype: 'contains', value: word }], 25)).toBe(`the ${word} jams`);
    expect(await shown([{ field: 25, searchtype: 'notcontains', value: word }], 25)).toBe('fixed');
    expect(await shown([{ link: 'AND NOT', field: 25, searchtype: 'contains', value: word }], 25)).toBe('fixed');
    // With an OR, a row passes when the other side holds for the ticket: all of them then, else the matching ones.
    const name = (await api.get(`Ticket/${ticket}`)).body.name as string;
    expect(await shown([{ field: 25, searchtype: 'contains', value: word }, { link: 'OR', field: 1, searchtype: 'contains', value: 'none-such' }], 25)).toBe(`the ${word} jams`);
    expect(await shown([{ field: 25, searchtype: 'contains', value: word }, { link: 'OR', field: 1, searchtype: 'contains', value: name }], 25)).toEqual([`the ${word} jams`, 'fixed']);
    // The requesters (4) are searched over the ticket: all of them shown.
    expect(await shown([{ field: 4, searchtype: 'equals', value: user }], 4)).toEqual(['2', String(user)]);
  });

  test("options without GLPI's forcegroupby (Ticket 34, 35) show one requester row's value, typed, where grouped ones (25) list them", async () => {
    const ticket = await api.create('Ticket', { name: uniq('t'), content: 'x' });
    const user = await api.create('User', { name: uniq('u') });
    const address = `${uniq('first')}@example.com`;
    await api.create('Ticket_User', { tickets_id: ticket, users_id: 2, type: 1, use_notification: 1, alternative_email: address });
    await api.create('Ticket_User', { tickets_id: ticket, users_id: user, type: 1, use_notification: 0, alternative_email: 'second@example.com' });
    await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'one' });
    await api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'two' });
    expect(await shown('Ticket', ticket, [34, 35, 25])).toMatchObject({ 34: address, 35: 1, 25: ['one', 'two'] });
    // The criterion keeps the rows it holds for, and the one shown is among them.
    const res = await search(api, 'Ticket', { criteria: [{ field: 2, searchtype: 'equals', value: ticket }, { link: 'AND', field: 35, searchtype: 'equals', value: 0 }], forcedisplay: [35] });
    expect(res.body.data).toEqual([expect.objectContaining({ 35: 0 })]);
    // A ticket with no requester row shows null.
    const alone = await api.create('Ticket', { name: uniq('t'), content: 'x', _users_id_requester: 0 });
    expect(await shown('Ticket', alone, [34, 35])).toMatchObject({ 34: null, 35: null });
  });

  test('a criterion on 35 keeps the requester row 34 shows too, as GLPI reads both from one join of the ticket-user rows (and 34 for 35, and both for the requesters 4)', async () => {
    const ticket = await api.create('Ticket', { name: uniq('t'), content: 'x' });
    const user = await api.create('User', { name: uniq('u') });
    const first = `${uniq('first')}@example.com`;
    const second = `${uniq('second')}@example.com`;
    await api.create('Ticket_User', { tickets_id: ticket, users_id: 2, type: 1, use_notification: 1, alternative_email: first });
    await api.create('Ticket_User', { tickets_id: ticket, users_id: user, type: 1, use_notification: 0, alternative_email: second });
    const row = async (criterion: Record<string, unknown>) => {
      const res = await search(api, 'Ticket', { criteria: [{ field: 2, searchtype: 'equals', value: ticket }, { link: 'AND', ...criterion }], forcedisplay: [34, 35] });
      const [found] = res.body.data as Record<string, unknown>[];
      return [found!['34'], found!['35']];
    };
    expect(await row({ field: 35, searchtype: 'equals', value: 0 })).toEqual([second, 0]);
    expect(await row({ field: 35, searchtype: 'equals', value: 1 })).toEqual([first, 1]);
    expect(await row({ field: 34, searchtype: 'contains', value: 'second' })).toEqual([second, 0]);
    expect(await row({ field: 34, searchtype: 'notcontains', value: 'first' })).toEqual([second, 0]);
    // The requesters (4) are read through the same requester links: only that row's user is listed,
    // while a criterion on 4 is tested over the ticket and keeps every link.
    const requesters = async (criterion: Record<string, unknown>) => {
      const res = await search(api, 'Ticket', { criteria: [{ field: 2, searchtype: 'equals', value: ticket }, { link: 'AND', ...criterion }], forcedisplay: [4, 34] });
      const [found] = res.body.data as Record<string, unknown>[];
      return [found!['4'], found!['34']];
    };
    expect(await requesters({ field: 35, searchtype: 'equals', value: 0 })).toEqual([String(user), second]);
    expect(await requesters({ field: 34, searchtype: 'contains', value: 'first' })).toEqual(['2', first]);
    expect(await requesters({ field: 4, searchtype: 'equals', value: user })).toEqual([['2', String(user)], first]);
  });
});
