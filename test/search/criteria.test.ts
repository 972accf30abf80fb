import { beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '../support/client';
import { useServer } from '../support/server';
import { bulk, column, names, search, type Criterion } from './helpers';

/**
 * Criteria semantics: searchtypes on text, dropdowns, trees, numbers, booleans and dates; links,
 * NOT and groups; ITIL specials (status keywords, "at least" levels, actors); meta criteria.
 */

const ctx = useServer();
let glpi: Client;
const id: Record<string, number> = {};

const c = (field: number, searchtype: string, value: string | number, link?: string): Criterion => ({ link, field, searchtype, value });

beforeAll(async () => {
  glpi = ctx.api;
  id.paris = await glpi.create('Location', { name: 'Paris' });
  id.floor = await glpi.create('Location', { name: 'Floor 1', locations_id: id.paris });
  id.lyon = await glpi.create('Location', { name: 'Lyon' });
  id.acme = await glpi.create('Manufacturer', { name: 'Acme' });
  id.tech = await glpi.create('User', { name: 'tech1', realname: 'Tech' });
  id.helpdesk = await glpi.create('Group', { name: 'Helpdesk' });
  id.level2 = await glpi.create('Group', { name: 'Level 2', groups_id: id.helpdesk });
  await bulk(glpi, 'Group_User', [{ groups_id: id.helpdesk, users_id: id.tech }]);
  const [alpha, beta, gamma, alpha2] = await bulk(glpi, 'Computer', [
    { name: 'alpha', serial: 'AB-100', contact: 'John_Doe', locations_id: id.paris, manufacturers_id: id.acme, users_id: 2 },
    { name: 'beta', serial: 'ab-200', contact: '50%', locations_id: id.floor, users_id_tech: 2, comment: 'spare' },
    { name: 'gamma', comment: '' },
    { name: 'Alpha two', serial: 'X-AB', contact: 'JohnxDoe', is_recursive: 1, locations_id: id.lyon },
  ]);
  Object.assign(id, { alpha, beta, gamma, alpha2 });
  const [t1, t2, t3] = await bulk(glpi, 'Ticket', [
    { name: 'printer broken', content: 'paper jam', date: '2024-01-15 10:00:00', time_to_resolve: '2024-01-16 10:00:00', urgency: 5, impact: 5, _users_id_requester: 2, _users_id_assign: id.tech },
    {
      name: 'network down',
      content: 'no link',
      date: '2024-05-01 08:30:00',
      urgency: 2,
      impact: 2,
      _users_id_requester: id.tech,
      _users_id_observer: 2,
      _groups_id_requester: id.helpdesk,
      _groups_id_assign: id.level2,
    },
    { name: 'mail issue', content: 'bounces', urgency: 3, impact: 3 },
  ]);
  Object.assign(id, { t1, t2, t3 });
  for (const [ticket, status] of [
    [t2, 5],
    [t3, 6],
  ] as const) {
    const res = await glpi.put(`Ticket/${ticket}`, { input: { status } });
    if (res.status !== 200) throw new Error(`status update failed: ${res.text}`);
  }
  await bulk(glpi, 'ITILFollowup', [
    { itemtype: 'Ticket', items_id: t1, content: 'please restart the spooler' },
    { itemtype: 'Ticket', items_id: t1, content: 'done' },
  ]);
  await bulk(glpi, 'Item_Ticket', [{ tickets_id: t1, itemtype: 'Computer', items_id: alpha }]);
}, 60_000);

const computers = (...criteria: Criterion[]) => names(glpi, 'Computer', criteria);
const tickets = (...criteria: Criterion[]) => names(glpi, 'Ticket', criteria);

describe('contains on text', () => {
  test('anywhere, case-insensitively', async () => {
    expect(await computers(c(5, 'contains', 'ab'))).toEqual(['Alpha two', 'alpha', 'beta']);
  });

  test('^ and $ anchor the start, the end, or both', async () => {
    expect(await computers(c(5, 'contains', '^ab'))).toEqual(['alpha', 'beta']);
    expect(await computers(c(5, 'contains', 'ab$'))).toEqual(['Alpha two']);
    expect(await computers(c(5, 'contains', '^ab-100$'))).toEqual(['alpha']);
    expect(await computers(c(5, 'contains', '^'))).toEqual(['Alpha two', 'alpha', 'beta']);
  });

  test('_ and % are literal characters', async () => {
    expect(await computers(c(7, 'contains', 'n_d'))).toEqual(['alpha']);
    expect(await computers(c(7, 'contains', '0%'))).toEqual(['beta']);
  });

  test('NULL and ^$', async () => {
    expect(await computers(c(5, 'contains', 'NULL'))).toEqual(['gamma']);
    expect(await computers(c(16, 'contains', 'null'))).toEqual(['Alpha two', 'alpha', 'gamma']);
    expect(await computers(c(16, 'notcontains', 'NULL'))).toEqual(['beta']);
    expect(await computers(c(5, 'contains', '^$'))).toEqual(['gamma']);
  });

  test('notcontains also matches empty values', async () => {
    expect(await computers(c(5, 'notcontains', 'ab'))).toEqual(['gamma']);
  });

  test('equals on an own field compares the whole value', async () => {
    expect(await computers(c(5, 'equals', 'ab-100'))).toEqual(['alpha']);
    expect(await computers(c(5, 'notequals', 'ab-100'))).toEqual(['Alpha two', 'beta', 'gamma']);
  });

  test('equals on the item link (option 1) compares ids', async () => {
    expect(await computers(c(1, 'equals', id.beta!))).toEqual(['beta']);
    expect(await computers(c(1, 'notequals', id.beta!))).toEqual(['Alpha two', 'alpha', 'gamma']);
  });
});

describe('dropdowns and trees', () => {
  test('contains matches the complete name', async () => {
    expect(await computers(c(3, 'contains', 'floor'))).toEqual(['beta']);
    expect(await computers(c(3, 'contains', 'paris'))).toEqual(['alpha', 'beta']);
    expect(await computers(c(3, 'notcontains', 'paris'))).toEqual(['Alpha two', 'gamma']);
  });

  test('equals compares the linked id; 0 means no link', async () => {
    expect(await computers(c(3, 'equals', id.paris!))).toEqual(['alpha']);
    expect(await computers(c(3, 'notequals', id.paris!))).toEqual(['Alpha two', 'beta', 'gamma']);
    expect(await computers(c(3, 'equals', 0))).toEqual(['gamma']);
    expect(await computers(c(3, 'notequals', 0))).toEqual(['Alpha two', 'alpha', 'beta']);
  });

  test('under and notunder take the whole subtree', async () => {
    expect(await computers(c(3, 'under', id.paris!))).toEqual(['alpha', 'beta']);
    expect(await computers(c(3, 'notunder', id.paris!))).toEqual(['Alpha two', 'gamma']);
  });

  test('user options: login names, linkfields, myself', async () => {
    expect(await computers(c(70, 'contains', 'glp'))).toEqual(['alpha']);
    expect(await computers(c(24, 'contains', 'glpi'))).toEqual(['beta']);
    expect(await computers(c(70, 'equals', 'myself'))).toEqual(['alpha']);
    expect(await column(glpi, 'Computer', 24, { forcedisplay: [24], sort: 24, order: 'DESC' })).toEqual(['glpi', null, null, null]);
  });

  test('entity: equals, under, contains', async () => {
    expect(await computers(c(80, 'equals', 0))).toHaveLength(4);
    expect(await computers(c(80, 'under', 0))).toHaveLength(4);
    expect(await computers(c(80, 'contains', 'root'))).toHaveLength(4);
    expect(await computers(c(80, 'notcontains', 'root'))).toEqual([]);
  });

  test('tree dropdowns: own complete name, father, groups of a user', async () => {
    expect(await names(glpi, 'Location', [c(1, 'under', id.paris!)])).toEqual(['Paris', 'Paris > Floor 1']);
    expect(await column(glpi, 'Location', 13, { forcedisplay: [13], sort: 1 })).toEqual([null, null, 'Paris']);
    expect(await names(glpi, 'Group', [c(1, 'under', id.helpdesk!)])).toEqual(['Helpdesk', 'Helpdesk > Level 2']);
    expect(await names(glpi, 'User', [c(13, 'contains', 'helpdesk')])).toEqual(['tech1']);
    expect(await names(glpi, 'User', [c(13, 'under', id.helpdesk!)])).toEqual(['tech1']);
  });
});

describe('numbers and booleans', () => {
  test('contains with a number is an exact match; < > <= >= compare', async () => {
    expect(await computers(c(2, 'contains', id.beta!))).toEqual(['beta']);
    expect(await computers(c(2, 'contains', `>${id.beta}`))).toEqual(['Alpha two', 'gamma']);
    expect(await computers(c(2, 'contains', `<= ${id.beta}`))).toEqual(['alpha', 'beta']);
    expect(await computers(c(2, 'notcontains', id.beta!))).toEqual(['Alpha two', 'alpha', 'gamma']);
  });

  test('notcontains with a comparison inverts it, as GLPI does', async () => {
    expect(await computers(c(2, 'notcontains', `<${id.gamma}`))).toEqual(['Alpha two']);
  });

  test('booleans take 1/0 and Yes/No', async () => {
    expect(await computers(c(86, 'equals', 1))).toEqual(['Alpha two']);
    expect(await computers(c(86, 'equals', 'No'))).toEqual(['alpha', 'beta', 'gamma']);
  });

  test('a yes/no option outside GLPI\'s dump offers equals, notequals, contains and notcontains, with Yes/No read as 1/0', async () => {
    await bulk(glpi, 'Certificate', [
      { name: 'self-signed', is_autosign: 1 },
      { name: 'issued', is_autosign: 0 },
    ]);
    const listed = await glpi.get('listSearchOptions/Certificate');
    expect(listed.body['9']).toMatchObject({ field: 'is_autosign', datatype: 'bool', available_searchtypes: ['equals', 'notequals', 'contains', 'notcontains'] });
    const certificates = (...criteria: Criterion[]) => names(glpi, 'Certificate', criteria);
    expect(await certificates(c(9, 'notequals', 1))).toEqual(['issued']);
    expect(await certificates(c(9, 'contains', 'Yes'))).toEqual(['self-signed']);
    expect(await certificates(c(9, 'notcontains', 'no'))).toEqual(['self-signed']);
    expect(await certificates(c(9, 'contains', '>0'))).toEqual(['self-signed']);
    // Computer's own 86 keeps the single search type GLPI's definition forces.
    expect((await glpi.get('listSearchOptions/Computer')).body['86'].available_searchtypes).toEqual(['equals']);
  });

  test('counts', async () => {
    expect(await tickets(c(27, 'contains', '>0'))).toEqual(['printer broken']);
    expect(await tickets(c(27, 'contains', 0))).toEqual(['mail issue', 'network down']);
    expect(await column(glpi, 'Ticket', 27, { forcedisplay: [27], sort: 2 })).toEqual([2, 0, 0]);
  });
});

describe('dates', () => {
  test('equals matches the day, lessthan/morethan compare', async () => {
    expect(await tickets(c(15, 'equals', '2024-05-01'))).toEqual(['network down']);
    expect(await tickets(c(15, 'equals', '15-01-2024'))).toEqual(['printer broken']);
    expect(await tickets(c(15, 'lessthan', '2024-03-01'))).toEqual(['printer broken']);
    expect(await tickets(c(15, 'morethan', '2024-03-01'))).toEqual(['mail issue', 'network down']);
    expect(await tickets(c(15, 'contains', '2024-0'))).toEqual(['network down', 'printer broken']);
  });

  test('relative values', async () => {
    expect(await tickets(c(15, 'morethan', '-7DAY'))).toEqual(['mail issue']);
    expect(await tickets(c(15, 'lessthan', 'BEGINMONTH'))).toEqual(['network down', 'printer broken']);
    expect(await tickets(c(15, 'lessthan', '1DAY'))).toHaveLength(3);
    expect(await tickets(c(15, 'equals', 'TODAY'))).toEqual(['mail issue']);
    expect(await tickets(c(15, 'morethan', '-1'))).toEqual(['mail issue']);
  });

  test('NULL dates', async () => {
    expect(await tickets(c(17, 'contains', 'NULL'))).toEqual(['printer broken']);
    expect(await tickets(c(16, 'notcontains', 'NULL'))).toEqual(['mail issue']);
  });
});

describe('ITIL', () => {
  test('status keywords', async () => {
    expect(await tickets(c(12, 'equals', 'notold'))).toEqual(['printer broken']);
    expect(await tickets(c(12, 'equals', 'old'))).toEqual(['mail issue', 'network down']);
    expect(await tickets(c(12, 'equals', 'notclosed'))).toEqual(['network down', 'printer broken']);
    expect(await tickets(c(12, 'equals', 'process'))).toEqual(['printer broken']);
    expect(await tickets(c(12, 'equals', 'all'))).toHaveLength(3);
    expect(await tickets(c(12, 'equals', 5))).toEqual(['network down']);
    expect(await tickets(c(12, 'notequals', 'old'))).toEqual(['printer broken']);
  });

  test('urgency, impact and priority: negative means at least', async () => {
    expect(await tickets(c(10, 'equals', 2))).toEqual(['network down']);
    expect(await tickets(c(10, 'equals', -3))).toEqual(['mail issue', 'printer broken']);
    expect(await tickets(c(3, 'equals', -5))).toEqual(['printer broken']);
    expect(await tickets(c(11, 'equals', 0))).toHaveLength(3);
  });

  test('actors: requester, technician, observer, groups', async () => {
    expect(await tickets(c(4, 'equals', 2))).toEqual(['printer broken']);
    expect(await tickets(c(4, 'equals', 'myself'))).toEqual(['printer broken']);
    expect(await tickets(c(4, 'contains', 'tech'))).toEqual(['network down']);
    expect(await tickets(c(5, 'contains', 'tech'))).toEqual(['printer broken']);
    expect(await tickets(c(66, 'equals', 2))).toEqual(['network down']);
    expect(await tickets(c(4, 'equals', 0))).toEqual(['mail issue']);
    expect(await tickets(c(4, 'notequals', 2))).toEqual(['mail issue', 'network down']);
    expect(await tickets(c(4, 'notcontains', 'glpi'))).toEqual(['mail issue', 'network down']);
    expect(await tickets(c(71, 'equals', id.helpdesk!))).toEqual(['network down']);
    expect(await tickets(c(8, 'contains', 'level'))).toEqual(['network down']);
    expect(await tickets(c(8, 'under', id.helpdesk!))).toEqual(['network down']);
    expect(await tickets(c(71, 'contains', 'level'))).toEqual([]);
  });

  test('user actor columns hold the users ids as text, group ones the names; none is null (GLPI 10.0.19)', async () => {
    const res = await search(glpi, 'Ticket', { forcedisplay: [4, 5, 66, 71, 8], sort: 2 });
    const tech = String(id.tech);
    expect(res.body.data.map((r: Record<string, unknown>) => [r['4'], r['5'], r['66'], r['71'], r['8']])).toEqual([
      ['2', tech, null, null, null],
      [tech, null, '2', 'Helpdesk', 'Helpdesk > Level 2'],
      [null, null, null, null, null],
    ]);
  });

  test('several users of one role are listed by id, in id order', async () => {
    const ticket = await glpi.create('Ticket', { name: 'two requesters', content: 'x', _users_id_requester: [id.tech, 2] });
    const res = await search(glpi, 'Ticket', { forcedisplay: [4], criteria: [c(2, 'equals', ticket)] });
    expect(res.body.data[0]['4']).toEqual(['2', String(id.tech)]);
    // Matching still goes by the names.
    expect(await tickets(c(4, 'contains', 'tech1'))).toContain('two requesters');
    await glpi.call('DELETE', `Ticket/${ticket}`, { query: 'force_purge=1' });
  });

  test('late tickets are computed', async () => {
    expect(await tickets(c(82, 'equals', 1))).toEqual(['printer broken']);
    expect(await tickets(c(82, 'equals', 0))).toEqual(['mail issue', 'network down']);
    expect(await column(glpi, 'Ticket', 82, { forcedisplay: [82], sort: 2 })).toEqual([1, 0, 0]);
  });

  test('followups', async () => {
    expect(await tickets(c(25, 'contains', 'restart'))).toEqual(['printer broken']);
    expect(await column(glpi, 'Ticket', 25, { forcedisplay: [25], criteria: [c(2, 'contains', id.t1!)] })).toEqual([['please restart the spooler', 'done']]);
  });
});

describe('links and groups', () => {
  test('OR, AND NOT, NOT, OR NOT', async () => {
    expect(await computers(c(1, 'contains', 'alpha'), c(5, 'contains', 'ab-200', 'OR'))).toEqual(['Alpha two', 'alpha', 'beta']);
    expect(await computers(c(1, 'contains', 'alpha'), c(5, 'contains', 'x', 'AND NOT'))).toEqual(['alpha']);
    expect(await computers(c(1, 'contains', 'alpha'), c(5, 'contains', 'x', 'NOT'))).toEqual(['alpha']);
    expect(await computers(c(1, 'contains', 'gamma'), c(5, 'contains', 'ab', 'OR NOT'))).toEqual(['gamma']);
  });

  test('NOT keeps rows whose value is empty', async () => {
    expect(await computers(c(5, 'contains', 'ab', 'AND NOT'))).toEqual(['gamma']);
    expect(await computers(c(3, 'contains', 'paris', 'AND NOT'))).toEqual(['Alpha two', 'gamma']);
  });

  test('the first link only keeps its NOT', async () => {
    expect(await computers(c(1, 'contains', 'alpha', 'AND NOT'))).toEqual(['beta', 'gamma']);
    expect(await computers(c(1, 'contains', 'alpha', 'OR'))).toEqual(['Alpha two', 'alpha']);
  });

  test('AND binds tighter than OR, as in SQL', async () => {
    expect(await computers(c(1, 'contains', 'alpha'), c(5, 'contains', 'x', 'AND'), c(1, 'contains', 'beta', 'OR'))).toEqual(['Alpha two', 'beta']);
  });

  test('groups nest, with their own link and NOT', async () => {
    const either = { criteria: [c(5, 'contains', '100'), c(5, 'contains', '200', 'OR')] };
    expect(await computers(c(1, 'contains', 'a'), { link: 'AND', ...either })).toEqual(['alpha', 'beta']);
    expect(await computers(c(1, 'contains', 'a'), { link: 'AND NOT', ...either })).toEqual(['Alpha two', 'gamma']);
    expect(await computers(c(1, 'contains', 'zzz'), { link: 'OR', criteria: [{ criteria: [c(1, 'equals', id.gamma!)] }] })).toEqual(['gamma']);
  });

  test('empty values and empty groups are ignored', async () => {
    expect(await computers(c(1, 'contains', ''))).toHaveLength(4);
    expect(await computers(c(1, 'contains', 'beta'), { link: 'OR', criteria: [c(1, 'contains', '')] })).toEqual(['beta']);
  });
});

describe('meta criteria', () => {
  test('computers by their tickets, tickets by their computers', async () => {
    const meta = { meta: true, itemtype: 'Ticket', field: 1, searchtype: 'contains', value: 'printer' };
    expect(await computers(meta)).toEqual(['alpha']);
    expect(await computers({ ...meta, link: 'AND NOT' })).toEqual(['Alpha two', 'beta', 'gamma']);
    expect(await tickets({ meta: true, itemtype: 'Computer', field: 5, searchtype: 'contains', value: 'ab-1' })).toEqual(['printer broken']);
  });

  test('meta columns are added, by uid when the id is taken', async () => {
    const res = await search(glpi, 'Computer', { criteria: [{ meta: 'true', itemtype: 'User', field: 1, searchtype: 'contains', value: 'glpi' }], forcedisplay: [5] });
    expect(res.body.data).toEqual([{ 1: 'alpha', 5: 'AB-100', 'User.name': 'glpi' }]);
  });

  test('deprecated metacriteria', async () => {
    const res = await search(glpi, 'Computer', { metacriteria: [{ link: 'AND', itemtype: 'Ticket', field: 12, searchtype: 'equals', value: 'notold' }], forcedisplay: [5] });
    expect(res.body.data.map((r: Record<string, unknown>) => r['1'])).toEqual(['alpha']);
  });

  test('an unknown meta itemtype is refused', async () => {
    const res = await search(glpi, 'Computer', { criteria: [{ meta: 1, itemtype: 'Nope', field: 1, searchtype: 'contains', value: 'x' }] });
    expect(res.status).toBe(400);
  });
});
