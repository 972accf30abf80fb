/** A SIM card's PIN and PUK codes: shown with devicesimcard_pinpuk READ, written with its UPDATE bit (as GLPI). */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { createUser, loginAs, unique } from './fixture';

const ctx = useServer();
const CODES = ['pin', 'pin2', 'puk', 'puk2'];

async function setTechnicianRight(name: string, rights: number): Promise<void> {
  const rows = (await ctx.api.get('Profile/6/ProfileRight', { query: 'range=0-999' })).body as { id: number; name: string }[];
  const row = rows.find((r) => r.name === name)!;
  expect((await ctx.api.put(`ProfileRight/${row.id}`, { input: { rights } })).status).toBe(200);
}
const setTechnicianCodesRight = (rights: number) => setTechnicianRight('devicesimcard_pinpuk', rights);

describe('Item_DeviceSimcard codes', () => {
  test('read and write follow devicesimcard_pinpuk', async () => {
    const computer = await ctx.api.create('Computer', { name: unique('phone-host') });
    const card = await ctx.api.create('DeviceSimcard', { designation: unique('sim') });
    const sim = await ctx.api.create('Item_DeviceSimcard', { itemtype: 'Computer', items_id: computer, devicesimcards_id: card, pin: '1234', pin2: '4321', puk: '11112222', puk2: '33334444' });
    const name = unique('tech');
    await createUser(ctx.api, name, 6, 0);

    // As GLPI, a component's link is read with the right on components, which a technician lacks by default.
    let tech = await loginAs(ctx.server.api, name);
    expect((await tech.get(`Item_DeviceSimcard/${sim}`)).status).toBe(403);
    await setTechnicianRight('device', 1);

    // Technician by default: READ | UPDATE on the codes.
    tech = await loginAs(ctx.server.api, name);
    expect((await tech.get(`Item_DeviceSimcard/${sim}`)).body).toMatchObject({ pin: '1234', puk: '11112222' });
    expect((await tech.put(`Item_DeviceSimcard/${sim}`, { input: { pin: '0000' } })).status).toBe(200);

    // READ only: shown, not written; the other fields still are.
    await setTechnicianCodesRight(1);
    tech = await loginAs(ctx.server.api, name);
    expect((await tech.get(`Item_DeviceSimcard/${sim}`)).body.pin).toBe('0000');
    const refused = await tech.put(`Item_DeviceSimcard/${sim}`, { input: { puk: '9' } });
    expect(refused.status).toBe(403);
    expect(refused.body[0]).toBe('ERROR_RIGHT_MISSING');
    expect((await tech.put(`Item_DeviceSimcard/${sim}`, { input: { serial: 'SIM-1' } })).status).toBe(200);
    expect((await ctx.api.get(`Item_DeviceSimcard/${sim}`)).body).toMatchObject({ puk: '11112222', serial: 'SIM-1' });

    // No right: the codes are not shown, neither alone nor among the computer's devices.
    await setTechnicianCodesRight(0);
    tech = await loginAs(ctx.server.api, name);
    const read = (await tech.get(`Item_DeviceSimcard/${sim}`)).body;
    expect(read.serial).toBe('SIM-1');
    for (const code of CODES) expect(read).not.toHaveProperty(code);
    const listed = (await tech.get('Item_DeviceSimcard/', { query: 'range=0-999' })).body as Record<string, unknown>[];
    expect(listed.some((row) => CODES.some((code) => code in row))).toBe(false);
    const devices = (await tech.get(`Computer/${computer}`, { query: 'with_devices=true' })).body._devices.Item_DeviceSimcard;
    expect(Object.values(devices as Record<string, Record<string, unknown>>).some((row) => CODES.some((code) => code in row))).toBe(false);
    await setTechnicianCodesRight(3);
    await setTechnicianRight('device', 0);
  });
});
