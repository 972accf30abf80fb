/** Trash, restore, purge (with the purge_requires_trash setting), cascades, entity deletion and history rows. */
import { describe, expect, test } from 'bun:test';
import { ADMIN_PASSWORD } from '../support/server';
import { Client } from '../support/client';
import { useServer } from '../support/server';
import { scenario, type Step } from '../support/scenario';
import { DATETIME, expectError, logsOf, uniq } from './fixtures';

const ctx = useServer();

async function setting(name: string, value: string): Promise<void> {
  const found = await ctx.api.get('Config/', { query: `searchText[name]=^${name}$&searchText[context]=^core$` });
  expect(found.body).toHaveLength(1);
  expect((await ctx.api.put(`Config/${found.body[0].id}`, { input: { value } })).status).toBe(200);
}

async function status(path: string): Promise<number> {
  return (await ctx.api.get(path)).status;
}

/** Rows of `itemtype` whose `field` equals `value` (exact match through searchText). */
async function rowsWhere(itemtype: string, field: string, value: string | number): Promise<any[]> {
  const res = await ctx.api.get(`${itemtype}/`, { query: `searchText[${field}]=^${value}$&range=0-999` });
  expect(res.status).toBe(200);
  return res.body;
}

/** Log rows of an item, straight from the Log collection (works after the item is gone). */
async function rawLogs(itemtype: string, id: number): Promise<any[]> {
  const res = await ctx.api.get('Log/', { query: `searchText[itemtype]=^${itemtype}$&searchText[items_id]=^${id}$&range=0-999` });
  expect(res.status).toBe(200);
  return res.body;
}

const NOT_DELETED = 'You must mark the item for deletion before actually deleting it';

describe('trash and purge', () => {
  test('purge without the trash first is allowed by default', async () => {
    const id = await ctx.api.create('Computer', { name: uniq('direct') });
    expect((await ctx.api.del(`Computer/${id}`, { query: 'force_purge=true' })).status).toBe(204);
    expect(await status(`Computer/${id}`)).toBe(404);
  });

  test('purge_requires_trash: purging an active item fails per item with ERROR_NOT_DELETED', async () => {
    await setting('purge_requires_trash', '1');
    try {
      const active = await ctx.api.create('Computer', { name: uniq('active') });
      const trashed = await ctx.api.create('Computer', { name: uniq('trashed') });
      expect((await ctx.api.del(`Computer/${trashed}`)).status).toBe(204);

      expectError(await ctx.api.del(`Computer/${active}`, { query: 'force_purge=true' }), 400, 'ERROR_NOT_DELETED', NOT_DELETED);
      expect((await ctx.api.get(`Computer/${active}`)).body.is_deleted).toBe(0);

      const bulk = await ctx.api.del('Computer/', { body: { input: [{ id: trashed }, { id: active }], force_purge: true } });
      expect({ status: bulk.status, body: bulk.body }).toEqual({
        status: 207,
        body: ['ERROR_GLPI_PARTIAL_DELETE', [{ [trashed]: true, message: '' }, { [active]: false, message: NOT_DELETED, error: 'ERROR_NOT_DELETED' }]],
      });
      expect(await status(`Computer/${trashed}`)).toBe(404);
      expect(await status(`Computer/${active}`)).toBe(200);

      // Trash first, then purge works; types without a trash are not concerned.
      expect((await ctx.api.del(`Computer/${active}`)).status).toBe(204);
      expect((await ctx.api.del(`Computer/${active}`, { query: 'force_purge=true' })).status).toBe(204);
      const location = await ctx.api.create('Location', { name: uniq('loc') });
      expect((await ctx.api.del(`Location/${location}`, { query: 'force_purge=true' })).status).toBe(204);
    } finally {
      await setting('purge_requires_trash', '0');
    }
  });

  test('force_purge is ignored for types without a trash; trash-only DELETE keeps the row', async () => {
    const group = await ctx.api.create('Group', { name: uniq('grp') });
    expect((await ctx.api.del(`Group/${group}`, { query: 'force_purge=false' })).status).toBe(204);
    expect(await status(`Group/${group}`)).toBe(404);
    const user = await ctx.api.create('User', { name: uniq('trashme') });
    expect((await ctx.api.del(`User/${user}`)).status).toBe(204);
    expect((await ctx.api.get(`User/${user}`)).body.is_deleted).toBe(1);
    expect((await ctx.api.get('User/', { query: `searchText[id]=^${user}$` })).body).toEqual([]);
    expect((await ctx.api.get('User/', { query: `searchText[id]=^${user}$&is_deleted=1` })).body.map((u: any) => u.id)).toEqual([user]);
  });

  test('history=false records nothing for the deletion, on either side', async () => {
    const pc = await ctx.api.create('Computer', { name: uniq('quiet') });
    expect((await ctx.api.del(`Computer/${pc}`, { query: 'history=false' })).status).toBe(204);
    expect((await logsOf(ctx.api, 'Computer', pc)).map((l) => l.linked_action)).toEqual([20]);
    // As GLPI's API, a restore through an update leaves no row.
    expect((await ctx.api.put(`Computer/${pc}`, { input: { is_deleted: 0 } })).status).toBe(200);
    expect((await logsOf(ctx.api, 'Computer', pc)).map((l) => l.linked_action)).toEqual([20]);

    const doc = await ctx.api.create('Document', { name: uniq('quietdoc') });
    const link = await ctx.api.create('Document_Item', { documents_id: doc, itemtype: 'Computer', items_id: pc });
    expect((await ctx.api.del(`Document_Item/${link}`, { body: { history: false } })).status).toBe(204);
    expect((await logsOf(ctx.api, 'Computer', pc)).map((l) => l.linked_action)).toEqual([20, 15]);
    expect((await logsOf(ctx.api, 'Document', doc)).map((l) => l.linked_action)).toEqual([20, 15]);
  });

  test('purging a Computer removes everything that belongs to it, and nothing else', async () => {
    const pcName = uniq('doomed');
    const pc = await ctx.api.create('Computer', { name: pcName });
    const pcLabel = `${pcName} (${pc})`;
    const monitor = await ctx.api.create('Monitor', { name: uniq('survivor') });
    const port = await ctx.api.create('NetworkPort', { itemtype: 'Computer', items_id: pc, name: 'eth0', instantiation_type: 'NetworkPortEthernet' });
    // An Ethernet port gets its instantiation row with it.
    const ethernet = (await ctx.api.get(`NetworkPort/${port}/NetworkPortEthernet`)).body[0].id as number;
    const netname = await ctx.api.create('NetworkName', { itemtype: 'NetworkPort', items_id: port, name: 'host' });
    const ip = await ctx.api.create('IPAddress', { itemtype: 'NetworkName', items_id: netname, name: '10.0.0.1' });
    const disk = await ctx.api.create('Item_Disk', { itemtype: 'Computer', items_id: pc, name: 'C:' });
    const software = await ctx.api.create('Software', { name: uniq('app') });
    const version = await ctx.api.create('SoftwareVersion', { softwares_id: software, name: '1.0' });
    const install = await ctx.api.create('Item_SoftwareVersion', { itemtype: 'Computer', items_id: pc, softwareversions_id: version });
    const connection = await ctx.api.create('Computer_Item', { computers_id: pc, itemtype: 'Monitor', items_id: monitor });
    const document = await ctx.api.create('Document', { name: uniq('doc') });
    const docLink = await ctx.api.create('Document_Item', { documents_id: document, itemtype: 'Computer', items_id: pc });
    const infocom = await ctx.api.create('Infocom', { itemtype: 'Computer', items_id: pc, value: 10 });
    const contract = await ctx.api.create('Contract', { name: uniq('contract') });
    const contractLink = await ctx.api.create('Contract_Item', { contracts_id: contract, itemtype: 'Computer', items_id: pc });
    const ticket = await ctx.api.create('Ticket', { name: 'about the pc', content: 'x' });
    const ticketLink = await ctx.api.create('Item_Ticket', { tickets_id: ticket, itemtype: 'Computer', items_id: pc });
    const note = await ctx.api.create('Notepad', { itemtype: 'Computer', items_id: pc, content: 'n' });
    const cpu = await ctx.api.create('DeviceProcessor', { designation: uniq('cpu') });
    const cpuLink = await ctx.api.create('Item_DeviceProcessor', { itemtype: 'Computer', items_id: pc, deviceprocessors_id: cpu });
    expect((await rawLogs('Computer', pc)).length).toBeGreaterThan(5);

    expect((await ctx.api.del(`Computer/${pc}`, { query: 'force_purge=true' })).status).toBe(204);

    const gone: [string, number][] = [
      ['Computer', pc],
      ['NetworkPort', port],
      ['NetworkPortEthernet', ethernet],
      ['NetworkName', netname],
      ['IPAddress', ip],
      ['Item_Disk', disk],
      ['Item_SoftwareVersion', install],
      ['Computer_Item', connection],
      ['Document_Item', docLink],
      ['Infocom', infocom],
      ['Contract_Item', contractLink],
      ['Item_Ticket', ticketLink],
      ['Notepad', note],
      ['Item_DeviceProcessor', cpuLink],
    ];
    for (const [itemtype, id] of gone) expect({ itemtype, status: await status(`${itemtype}/${id}`) }).toEqual({ itemtype, status: 404 });
    const kept: [string, number][] = [
      ['Monitor', monitor],
      ['Software', software],
      ['SoftwareVersion', version],
      ['Document', document],
      ['Contract', contract],
      ['Ticket', ticket],
      ['DeviceProcessor', cpu],
    ];
    for (const [itemtype, id] of kept) expect({ itemtype, status: await status(`${itemtype}/${id}`) }).toEqual({ itemtype, status: 200 });
    expect(await rawLogs('Computer', pc)).toEqual([]);
    // The surviving side of each link records its removal (16), as for a link purged on its own.
    // Connections (7/6), installations (4/5) and components (1/3) use GLPI's own actions.
    const survivors: [string, number, number, number][] = [
      ['Monitor', monitor, 7, 6],
      ['Document', document, 15, 16],
      ['Contract', contract, 15, 16],
      ['Ticket', ticket, 15, 16],
      ['SoftwareVersion', version, 4, 5],
      ['DeviceProcessor', cpu, 1, 3],
    ];
    for (const [itemtype, id, added, removed] of survivors) {
      const rel = (await rawLogs(itemtype, id)).filter((l) => l.itemtype_link === 'Computer').map((l) => [l.linked_action, l.old_value, l.new_value]);
      expect({ itemtype, rel }).toEqual({ itemtype, rel: [[added, '', pcLabel], [removed, pcLabel, '']] });
    }
  });

  test('purging a User removes its authorizations, memberships and actor rows, and clears links to it', async () => {
    const user = await ctx.api.create('User', { name: uniq('leaver'), _profiles_id: 6, _entities_id: 0 });
    const group = await ctx.api.create('Group', { name: uniq('team') });
    const membership = await ctx.api.create('Group_User', { users_id: user, groups_id: group });
    const grants = await rowsWhere('Profile_User', 'users_id', user);
    expect(grants.map((g) => g.profiles_id)).toEqual([6]);
    const ticket = await ctx.api.create('Ticket', { name: 'assigned', content: 'x', _users_id_assign: user, _users_id_requester: user });
    expect((await ctx.api.get(`Ticket/${ticket}/Ticket_User`)).body.map((a: any) => [a.users_id, a.type]).sort()).toEqual([[user, 1], [user, 2]]);
    const pc = await ctx.api.create('Computer', { name: uniq('owned'), users_id: user, users_id_tech: user });
    const pref = await ctx.api.create('UserPreference', { users_id: user, language: 'en_GB' });

    expect((await ctx.api.del(`User/${user}`, { query: 'force_purge=true' })).status).toBe(204);

    expect(await status(`User/${user}`)).toBe(404);
    expect(await status(`Profile_User/${grants[0].id}`)).toBe(404);
    expect(await status(`Group_User/${membership}`)).toBe(404);
    expect(await status(`UserPreference/${pref}`)).toBe(404);
    expect((await ctx.api.get(`Ticket/${ticket}/Ticket_User`)).body).toEqual([]);
    expect(await status(`Ticket/${ticket}`)).toBe(200);
    expect(await status(`Group/${group}`)).toBe(200);
    expect((await ctx.api.get(`Computer/${pc}`)).body).toMatchObject({ users_id: 0, users_id_tech: 0 });
  });

  test('purging a Ticket removes its followups, actors and item links', async () => {
    const pc = await ctx.api.create('Computer', { name: uniq('pc') });
    const ticket = await ctx.api.create('Ticket', { name: 'short lived', content: 'x', _users_id_requester: 2 });
    const followup = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'reply' });
    const link = await ctx.api.create('Item_Ticket', { tickets_id: ticket, itemtype: 'Computer', items_id: pc });
    const actors = await rowsWhere('Ticket_User', 'tickets_id', ticket);
    expect(actors).toHaveLength(1);
    expect((await ctx.api.del(`Ticket/${ticket}`, { query: 'force_purge=true' })).status).toBe(204);
    for (const path of [`Ticket/${ticket}`, `ITILFollowup/${followup}`, `Item_Ticket/${link}`, `Ticket_User/${actors[0].id}`]) expect({ path, status: await status(path) }).toEqual({ path, status: 404 });
    expect(await status(`Computer/${pc}`)).toBe(200);
  });
});

describe('dropdown purge', () => {
  test('purging a tree node lifts its children and resets the links to it', async () => {
    const top = uniq('Campus');
    const a = await ctx.api.create('Location', { name: top });
    const b = await ctx.api.create('Location', { name: 'Building', locations_id: a });
    const c = await ctx.api.create('Location', { name: 'Room', locations_id: b });
    expect((await ctx.api.get(`Location/${c}`)).body).toMatchObject({ completename: `${top} > Building > Room`, level: 3 });
    const pc = await ctx.api.create('Computer', { name: uniq('placed'), locations_id: b });
    const group = await ctx.api.create('Group', { name: uniq('techs') });
    const pc2 = await ctx.api.create('Computer', { name: uniq('teched'), groups_id_tech: group, locations_id: c });

    expect((await ctx.api.del(`Location/${b}`)).status).toBe(204);
    expect((await ctx.api.get(`Location/${c}`)).body).toMatchObject({ locations_id: a, completename: `${top} > Room`, level: 2 });
    expect((await ctx.api.get(`Computer/${pc}`)).body.locations_id).toBe(0);
    expect((await ctx.api.get(`Computer/${pc2}`)).body.locations_id).toBe(c);

    expect((await ctx.api.del(`Group/${group}`)).status).toBe(204);
    expect((await ctx.api.get(`Computer/${pc2}`)).body.groups_id_tech).toBe(0);

    // Renaming the top refreshes every complete name below it; cycles are refused.
    expect((await ctx.api.put(`Location/${a}`, { input: { name: `${top}-2` } })).status).toBe(200);
    expect((await ctx.api.get(`Location/${c}`)).body.completename).toBe(`${top}-2 > Room`);
    expectError(await ctx.api.put(`Location/${a}`, { input: { locations_id: c } }), 400, 'ERROR_GLPI_UPDATE', /cannot be moved under itself/);
  });
});

describe('entity deletion', () => {
  test('the root entity cannot be deleted', async () => {
    expectError(await ctx.api.del('Entity/0'), 400, 'ERROR_GLPI_DELETE', 'The root entity cannot be deleted');
    expectError(await ctx.api.del('Entity/0', { query: 'force_purge=true&recursive=true' }), 400, 'ERROR_GLPI_DELETE');
    expect(await status('Entity/0')).toBe(200);
  });

  test('an entity with sub-entities needs recursive=true; its items go to the trash, types without trash are removed', async () => {
    const parent = await ctx.api.create('Entity', { name: uniq('Region'), entities_id: 0 });
    const child = await ctx.api.create('Entity', { name: 'Office', entities_id: parent });
    expect((await ctx.api.get(`Entity/${child}`)).body).toMatchObject({ entities_id: parent, level: 3 });
    const pcParent = await ctx.api.create('Computer', { name: uniq('pc-parent'), entities_id: parent, is_recursive: 1 });
    const pcChild = await ctx.api.create('Computer', { name: uniq('pc-child'), entities_id: child });
    const ticket = await ctx.api.create('Ticket', { name: 'in office', content: 'x', entities_id: child });
    const location = await ctx.api.create('Location', { name: uniq('room'), entities_id: child });
    const group = await ctx.api.create('Group', { name: uniq('office-team'), entities_id: child });

    const refused = await ctx.api.del(`Entity/${parent}`);
    expectError(refused, 400, 'ERROR_GLPI_DELETE', /has sub-entities/);
    expect(await status(`Entity/${parent}`)).toBe(200);
    expect(await status(`Entity/${child}`)).toBe(200);

    expect((await ctx.api.del(`Entity/${parent}`, { query: 'recursive=true' })).status).toBe(204);
    expect(await status(`Entity/${parent}`)).toBe(404);
    expect(await status(`Entity/${child}`)).toBe(404);
    for (const [itemtype, id] of [['Computer', pcParent], ['Computer', pcChild], ['Ticket', ticket]] as const) {
      const row = (await ctx.api.get(`${itemtype}/${id}`)).body;
      expect({ itemtype, is_deleted: row.is_deleted, entities_id: row.entities_id }).toEqual({ itemtype, is_deleted: 1, entities_id: 0 });
    }
    expect((await ctx.api.get(`Computer/${pcParent}`)).body.is_recursive).toBe(0);
    expect(await status(`Location/${location}`)).toBe(404);
    expect(await status(`Group/${group}`)).toBe(404);
  });

  test('a leaf entity is deleted with a plain DELETE', async () => {
    const leaf = await ctx.api.create('Entity', { name: uniq('Leaf'), entities_id: 0 });
    // recursive is read by the API with the other delete parameters: a value that is no boolean deletes nothing.
    expectError(await ctx.api.del(`Entity/${leaf}`, { query: 'recursive=maybe' }), 400, 'ERROR', /^parameter recursive must be a boolean \(true, false, 1 or 0\); view documentation/);
    expect(await status(`Entity/${leaf}`)).toBe(200);
    expect((await ctx.api.del(`Entity/${leaf}`)).status).toBe(204);
    expect(await status(`Entity/${leaf}`)).toBe(404);
  });
});

describe('history', () => {
  test('creation row: linked_action 20, actor "glpi (2)", GLPI row shape (its link named "0")', async () => {
    const pc = await ctx.api.create('Computer', { name: uniq('hist') });
    const logs = await logsOf(ctx.api, 'Computer', pc);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toEqual({
      id: expect.any(Number),
      itemtype: 'Computer',
      items_id: pc,
      itemtype_link: '0',
      linked_action: 20,
      user_name: 'glpi (2)',
      date_mod: expect.stringMatching(DATETIME),
      id_search_option: 0,
      old_value: '',
      new_value: '',
      links: [{ rel: 'Computer', href: `${ctx.server.api}/Computer/${pc}` }],
    });
  });

  test('field changes carry their search option; links show "Name (id)", none is "&nbsp; (0)"', async () => {
    const paris = uniq('Paris');
    const loc1 = await ctx.api.create('Location', { name: paris });
    const loc2 = await ctx.api.create('Location', { name: 'Lab', locations_id: loc1 });
    const stateName = uniq('In use');
    const state = await ctx.api.create('State', { name: stateName });
    const pc = await ctx.api.create('Computer', { name: 'old name', serial: 'A1' });
    const change = (option: number, old_value: string, new_value: string) =>
      ({ itemtype: 'Computer', items_id: pc, itemtype_link: '', user_name: 'glpi (2)', linked_action: 0, id_search_option: option, old_value, new_value });
    const put = (input: Record<string, unknown>, ...rows: ReturnType<typeof change>[]): Step =>
      ({ request: `PUT Computer/${pc}`, body: { input }, status: 200, history: { itemtype: 'Computer', id: pc, rows } });
    await scenario(ctx.api, [
      put({ serial: 'B2' }, change(5, 'A1', 'B2')),
      put({ locations_id: loc1 }, change(3, '&nbsp; (0)', `${paris} (${loc1})`)),
      put({ locations_id: loc2 }, change(3, `${paris} (${loc1})`, `${paris} > Lab (${loc2})`)),
      put({ locations_id: 0 }, change(3, `${paris} > Lab (${loc2})`, '&nbsp; (0)')),
      put({ name: 'new name', states_id: state }, change(1, 'old name', 'new name'), change(31, '&nbsp; (0)', `${stateName} (${state})`)),
      put({ comment: 'y'.repeat(300) }, change(16, '', 'y'.repeat(180))),
    ]);
  });

  test('trash 13 with its link named "0" and empty values; is_deleted changed by an update leaves no row, as GLPI 10.0.19', async () => {
    const pc = await ctx.api.create('Computer', { name: uniq('bin') });
    const row = (linked_action: number) => ({ history: { itemtype: 'Computer', id: pc, rows: [{ linked_action, itemtype_link: '0', id_search_option: 0, old_value: '', new_value: '' }] } });
    const none = { history: { itemtype: 'Computer', id: pc, rows: [] } };
    await scenario(ctx.api, [
      { request: `DELETE Computer/${pc}`, status: 204, ...row(13) },
      { request: `PUT Computer/${pc}`, body: { input: { is_deleted: false } }, status: 200, ...none },
      { request: `PUT Computer/${pc}`, body: { input: { is_deleted: true } }, status: 200, ...none },
      { request: `PUT Computer/${pc}`, body: { input: { is_deleted: false } }, status: 200, ...none },
      { request: `DELETE Computer/${pc}`, status: 204, ...row(13) },
      { request: `GET Computer/${pc}`, status: 200, answer: { is_deleted: 1 }, history: { itemtype: 'Computer', id: pc, rows: [] } },
    ]);
  });

  test('relations log 15 / 16 on both sides, naming the other item', async () => {
    const login = uniq('member');
    const user = await ctx.api.create('User', { name: login, realname: 'Doe', firstname: 'Jane' });
    const userName = `Doe Jane (${user})`;
    const groupName = uniq('Team');
    const group = await ctx.api.create('Group', { name: groupName });
    const profile = await ctx.api.create('Profile', { name: uniq('Profile') });
    const profileName = (await ctx.api.get(`Profile/${profile}`)).body.name;
    const pc = await ctx.api.create('Computer', { name: 'linked pc' });
    const docName = uniq('Doc');
    const doc = await ctx.api.create('Document', { name: docName });

    const membership = await ctx.api.create('Group_User', { users_id: user, groups_id: group });
    const grant = await ctx.api.create('Profile_User', { users_id: user, profiles_id: profile, entities_id: 0 });
    const link = await ctx.api.create('Document_Item', { documents_id: doc, itemtype: 'Computer', items_id: pc });
    for (const [itemtype, id] of [['Group_User', membership], ['Profile_User', grant], ['Document_Item', link]] as const) {
      expect((await ctx.api.del(`${itemtype}/${id}`)).status).toBe(204);
    }

    const rel = async (itemtype: string, id: number) =>
      (await logsOf(ctx.api, itemtype, id)).filter((l) => l.linked_action === 15 || l.linked_action === 16).map((l) => [l.linked_action, l.itemtype_link, l.old_value, l.new_value]);
    // The user also got its default Self-Service authorization when created.
    expect(await rel('User', user)).toEqual([
      [15, 'Profile', '', `Self-Service (1)`],
      [15, 'Group', '', `${groupName} (${group})`],
      [15, 'Profile', '', `${profileName} (${profile})`],
      [16, 'Group', `${groupName} (${group})`, ''],
      [16, 'Profile', `${profileName} (${profile})`, ''],
    ]);
    expect(await rel('Group', group)).toEqual([
      [15, 'User', '', userName],
      [16, 'User', userName, ''],
    ]);
    expect(await rel('Profile', profile)).toEqual([
      [15, 'User', '', userName],
      [16, 'User', userName, ''],
    ]);
    expect(await rel('Document', doc)).toEqual([
      [15, 'Computer', '', `linked pc (${pc})`],
      [16, 'Computer', `linked pc (${pc})`, ''],
    ]);
    expect(await rel('Computer', pc)).toEqual([
      [15, 'Document', '', `${docName} (${doc})`],
      [16, 'Document', `${docName} (${doc})`, ''],
    ]);
  });

  test('the actor is "Realname Firstname (id)" when the user has a real name', async () => {
    const login = uniq('admin2');
    const admin = await ctx.api.create('User', { name: login, realname: 'Smith', firstname: 'John', password: 'pw-123456', password2: 'pw-123456', _profiles_id: 4, _entities_id: 0, _is_recursive: 1 });
    const other = await new Client(ctx.server.api).login(login, 'pw-123456');
    const pc = await ctx.api.create('Computer', { name: uniq('shared') });
    expect((await other.put(`Computer/${pc}`, { input: { serial: 'by john' } })).status).toBe(200);
    const logs = await logsOf(ctx.api, 'Computer', pc);
    expect(logs.map((l) => [l.linked_action, l.user_name])).toEqual([
      [20, 'glpi (2)'],
      [0, `Smith John (${admin})`],
    ]);
    expect(ADMIN_PASSWORD).not.toBe('pw-123456');
  });

  test('ticket changes and followups: status 12, urgency 10, priority 3, followup 17 with its id', async () => {
    const ticket = await ctx.api.create('Ticket', { name: 'hist ticket', content: 'x', urgency: 3, impact: 3 });
    await ctx.api.put(`Ticket/${ticket}`, { input: { urgency: 5 } });
    await ctx.api.put(`Ticket/${ticket}`, { input: { status: 4 } });
    const followup = await ctx.api.create('ITILFollowup', { itemtype: 'Ticket', items_id: ticket, content: 'hello' });
    const logs = await logsOf(ctx.api, 'Ticket', ticket);
    const find = (option: number) => logs.find((l) => l.linked_action === 0 && l.id_search_option === option);
    expect(find(10)).toMatchObject({ old_value: '3', new_value: '5' });
    expect(find(3)).toMatchObject({ old_value: '3', new_value: '4' });
    expect(find(12)).toMatchObject({ old_value: '1', new_value: '4' });
    expect(logs.filter((l) => l.linked_action === 17)).toEqual([expect.objectContaining({ itemtype_link: 'ITILFollowup', new_value: String(followup) })]);
    expect(logs.some((l) => l.id_search_option === 19)).toBe(false);
  });

  test('Log rows are listed by item, newest last by default, and vanish with a purge', async () => {
    const pc = await ctx.api.create('Computer', { name: uniq('short') });
    await ctx.api.put(`Computer/${pc}`, { input: { serial: '1' } });
    const res = await ctx.api.get(`Computer/${pc}/Log`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('0-1/2');
    expect(res.body.map((l: any) => l.linked_action)).toEqual([20, 0]);
    await ctx.api.del(`Computer/${pc}`, { query: 'force_purge=true' });
    expect(await rawLogs('Computer', pc)).toEqual([]);
  });
});
