/**
 * A real GLPI client library (npm `glpi-client` 2.x, axios underneath) drives a real server
 * through its whole API: every call must give what the library and its users expect of GLPI.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { GlpiClient, GlpiResponseException, type GlpiAPI } from 'glpi-client';
import { MailCatcher } from '../support/smtp';
import { ADMIN_PASSWORD, useServer } from '../support/server';

const ctx = useServer();
const mail = new MailCatcher();
let glpi: GlpiAPI;

const login = (username: string, password: string) => new GlpiClient(ctx.server.api).initSession({ user: { username, password }, appToken: undefined as unknown as string });

/** The library throws GlpiResponseException for every non-2xx answer; this gives its status and code. */
async function failure(call: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(GlpiResponseException);
    const e = error as GlpiResponseException;
    return { status: e.statusCode, code: e.reason };
  }
  throw new Error('the call succeeded');
}

beforeAll(async () => {
  await mail.start();
  glpi = await login('glpi', ADMIN_PASSWORD);
});
afterAll(() => mail.stop());

describe('glpi-client against Deskbase', () => {
  test('session: getFullSession, getGlpiConfig', async () => {
    const session = await glpi.getFullSession<{ session: Record<string, unknown> }>();
    expect(session.status).toBe(200);
    expect(session.data.session).toMatchObject({ glpiID: 2, glpiname: 'glpi' });
    const config = await glpi.getGlpiConfig<{ cfg_glpi: Record<string, unknown> }>();
    expect(config.status).toBe(200);
    expect(typeof config.data.cfg_glpi).toBe('object');
  });

  test('profiles: getMyProfiles, getActiveProfile, changeActiveProfile (unknown id is 404)', async () => {
    const mine = await glpi.getMyProfiles<{ myprofiles: { id: number; name: string }[] }>();
    expect(mine.data.myprofiles.map((p) => p.id)).toContain(4);
    expect((await glpi.getActiveProfile<{ active_profile: { id: number } }>()).data.active_profile.id).toBe(4);
    expect((await glpi.changeActiveProfile(4)).status).toBe(200);
    for (const id of [987654, -1, 0]) expect(await failure(glpi.changeActiveProfile(id))).toEqual({ status: 404, code: 'ERROR_ITEM_NOT_FOUND' });
  });

  test('entities: getMyEntities, getActiveEntities, changeActiveEntities', async () => {
    const entity = (await glpi.addItem<{ id: number }>('Entity', { name: 'client-branch', entities_id: 0 })).data.id;
    const mine = await glpi.getMyEntities<{ myentities: { id: number; name: string }[] }>(true);
    expect(mine.data.myentities.map((e) => e.id)).toEqual(expect.arrayContaining([0, entity]));
    expect((await glpi.changeActiveEntities(entity, false)).status).toBe(200);
    const active = await glpi.getActiveEntities<{ active_entity: { id: number; active_entities: { id: number }[] } }>();
    expect(active.data.active_entity.id).toBe(entity);
    expect(active.data.active_entity.active_entities).toEqual([{ id: entity }]);
    expect((await glpi.changeActiveEntities()).status).toBe(200); // 'all'
    const all = await glpi.getActiveEntities<{ active_entity: { active_entities: { id: number }[] } }>();
    expect(all.data.active_entity.active_entities.map((e) => e.id)).toEqual(expect.arrayContaining([0, entity]));
  });

  test('CRUD: addItem (single and bulk), getItem with options, getItems, updateItem, deleteItem', async () => {
    const added = await glpi.addItem<{ id: number; message: string }>('Computer', { name: 'client-pc', serial: 'CL-1' });
    expect(added.status).toBe(201);
    expect(added.data.message).toBe('Item successfully added: client-pc');
    const id = added.data.id;
    const bulk = await glpi.addItem<{ id: number; message: string }[]>('Computer', [{ name: 'client-pc-2' }, { name: 'client-pc-3' }]);
    expect(bulk.data.map((r) => r.message)).toEqual(['Item successfully added: client-pc-2', 'Item successfully added: client-pc-3']);

    const item = await glpi.getItem<Record<string, any>>('Computer', id, { expand_dropdowns: true, with_logs: true, with_networkports: true, with_infocoms: true });
    expect(item.data).toMatchObject({ id, name: 'client-pc', serial: 'CL-1', entities_id: 'Root entity' });
    expect(Object.values(item.data._logs).map((l: any) => l.linked_action)).toEqual([20]);
    // GLPI's map of every port type, each an empty list.
    expect(item.data._networkports).toEqual(Object.fromEntries(['NetworkPortEthernet', 'NetworkPortWifi', 'NetworkPortAggregate', 'NetworkPortAlias', 'NetworkPortDialup', 'NetworkPortLocal', 'NetworkPortFiberchannel'].map((kind) => [kind, []])));
    expect(item.data._infocoms).toEqual([]);
    expect(item.data.links.map((l: { rel: string }) => l.rel)).toEqual(expect.arrayContaining(['Entity', 'Document_Item', 'Infocom', 'NetworkPort']));

    const list = await glpi.getItems<{ id: number; name: string }[]>('Computer', { searchText: { name: '^client-pc' }, range: '0-1', sort: 2, order: 'ASC' });
    expect(list.status).toBe(206);
    expect(list.data.map((c) => c.name)).toEqual(['client-pc', 'client-pc-2']);
    expect(list.headers['content-range']).toBe('0-1/3');

    const updated = await glpi.updateItem<Record<string, boolean | string>[]>('Computer', id, { comment: 'from the client' });
    expect(updated.data).toEqual([{ [id]: true, message: '' }]);
    expect((await glpi.getItem<{ comment: string }>('Computer', id)).data.comment).toBe('from the client');

    expect((await glpi.deleteItem('Computer', id)).status).toBe(204);
    expect((await glpi.getItem<{ is_deleted: number }>('Computer', id)).data.is_deleted).toBe(1);
    expect((await glpi.deleteItem('Computer', id, { force_purge: true })).status).toBe(204);
    expect(await failure(glpi.getItem('Computer', id))).toEqual({ status: 404, code: 'ERROR_ITEM_NOT_FOUND' });
    const others = bulk.data.map((r) => r.id);
    const many = await glpi.deleteItem<Record<string, boolean | string>[]>('Computer', others, { force_purge: true });
    expect(many.data).toEqual(others.map((o) => ({ [o]: true, message: '' })));
  });

  test('sub-items and getMultipleItems', async () => {
    const pc = (await glpi.addItem<{ id: number }>('Computer', { name: 'client-host' })).data.id;
    const port = (await glpi.addItem<{ id: number }>('NetworkPort', { itemtype: 'Computer', items_id: pc, name: 'eth0', instantiation_type: 'NetworkPortEthernet' })).data.id;
    const ports = await glpi.getSubitems<{ id: number; name: string }[]>('Computer', pc, 'NetworkPort');
    expect(ports.data.map((p) => [p.id, p.name])).toEqual([[port, 'eth0']]);
    const logs = await glpi.getSubitems<{ itemtype: string; items_id: number }[]>('Computer', pc, 'Log');
    expect(logs.data.every((l) => l.itemtype === 'Computer' && l.items_id === pc)).toBe(true);

    const multiple = await glpi.getMultipleItems<{ id: number; name: string }[]>({
      items: [
        { itemtype: 'Computer', items_id: pc },
        { itemtype: 'User', items_id: 2 },
      ],
    });
    expect(multiple.data.map((i) => [i.id, i.name])).toEqual([
      [pc, 'client-host'],
      [2, 'glpi'],
    ]);
  });

  test('listSearchOptions and search with criteria and forcedisplay', async () => {
    const options = await glpi.listSearchOptions<Record<string, any>>('Computer');
    expect(options.data.common).toEqual({ name: 'Characteristics' });
    expect(options.data['1']).toMatchObject({ name: 'Name', table: 'glpi_computers', field: 'name' });
    await glpi.addItem('Computer', [{ name: 'client-search-a', serial: 'S-A' }, { name: 'client-search-b', serial: 'S-B' }]);
    const found = await glpi.search<{ totalcount: number; data: Record<string, unknown>[] }>('Computer', {
      criteria: [{ field: '1', searchtype: 'contains', value: 'client-search' }],
      forcedisplay: [5],
      sort: 1,
      order: 'ASC',
    });
    expect(found.data.totalcount).toBe(2);
    expect(found.data.data.map((r) => [r['1'], r['5']])).toEqual([
      ['client-search-a', 'S-A'],
      ['client-search-b', 'S-B'],
    ]);
  });

  test('errors come back as GlpiResponseException with GLPI codes', async () => {
    expect(await failure(glpi.getItem('NoSuchType', 1))).toMatchObject({ status: 400, code: 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM' });
    // 207 is a success status for axios: the library hands GLPI's wrapped answer back as data.
    const partial = await glpi.addItem<[string, { id: number | false; message: string }[]]>('Computer', [{ name: 'client-ok' }, { name: 'client-bad', locations_id: 999999 }]);
    expect(partial.status).toBe(207);
    expect(partial.data[0]).toBe('ERROR_GLPI_PARTIAL_ADD');
    expect(partial.data[1].map((r) => r.message)).toEqual(['Item successfully added: client-ok', 'Field locations_id: Location 999999 does not exist']);
    expect(await failure(login('glpi', 'wrong password'))).toMatchObject({ status: 401, code: 'ERROR_GLPI_LOGIN' });
  });

  test('lostPassword sends the reset token, which sets the new password', async () => {
    for (const [name, value] of [
      ['use_notifications', '1'],
      ['notifications_mailing', '1'],
      ['smtp_host', '127.0.0.1'],
      ['smtp_port', String(mail.port)],
    ]) {
      const row = (await glpi.getItems<{ id: number }[]>('Config', { searchText: { name: `^${name}$` } })).data[0]!;
      await glpi.updateItem('Config', row.id, { value });
    }
    await glpi.addItem('User', { name: 'client-forgetful', password: 'Old-pass-1', password2: 'Old-pass-1', email: 'client-forgetful@example.org', _profiles_id: 6 });
    // lostPassword is called without a session: a socket of its own, as the library's users do.
    const anonymous = await login('client-forgetful', 'Old-pass-1');
    await anonymous.killSession();
    anonymous.getSocket().setHeader({});
    expect((await anonymous.lostPassword('client-forgetful@example.org')).status).toBe(200);
    const token = /Reset token: ([0-9a-f]{40})/.exec((await mail.waitFor(1)).raw)?.[1] ?? '';
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    expect((await anonymous.lostPassword('client-forgetful@example.org', token, 'New-pass-2')).status).toBe(200);
    const again = await login('client-forgetful', 'New-pass-2');
    expect((await again.getActiveProfile<{ active_profile: { id: number } }>()).data.active_profile.id).toBe(6);
  });

  test('killSession ends the session: the next call is 401', async () => {
    const other = await login('glpi', ADMIN_PASSWORD);
    expect((await other.killSession()).status).toBe(200);
    expect(await failure(other.getFullSession())).toEqual({ status: 401, code: 'ERROR_SESSION_TOKEN_INVALID' });
  });
});
