/**
 * Reservations as GLPI's `reservation` right has them: whoever may book (RESERVEANITEM) books an
 * active item for themselves and changes or cancels their own bookings; everyone who books sees
 * the planning; only managers (UPDATE, DELETE/PURGE) book for someone else or change others'.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '../support/client';
import { useServer } from '../support/server';
import { createUser, loginAs, RIGHT_MISSING } from '../rights/fixture';

const ctx = useServer();
const SELF_SERVICE = 1;
const ADMIN = 3;

let alice: Client;
let bob: Client;
let manager: Client;
let aliceId: number;
let bobId: number;
let bookable: number;
let resting: number;

const slot = (day: number) => ({ begin: `2026-12-${String(day).padStart(2, '0')} 08:00:00`, end: `2026-12-${String(day).padStart(2, '0')} 10:00:00` });
const refusal = { status: 400, body: ['ERROR_GLPI_ADD', RIGHT_MISSING] };

beforeAll(async () => {
  aliceId = await createUser(ctx.api, 'alice', SELF_SERVICE, 0, true);
  bobId = await createUser(ctx.api, 'bob', SELF_SERVICE, 0, true);
  await createUser(ctx.api, 'keeper', ADMIN, 0, true);
  alice = await loginAs(ctx.server.api, 'alice');
  bob = await loginAs(ctx.server.api, 'bob');
  manager = await loginAs(ctx.server.api, 'keeper');
  const computer = await ctx.api.create('Computer', { name: 'loan laptop' });
  const spare = await ctx.api.create('Computer', { name: 'spare laptop' });
  bookable = await ctx.api.create('ReservationItem', { itemtype: 'Computer', items_id: computer, is_active: 1 });
  resting = await ctx.api.create('ReservationItem', { itemtype: 'Computer', items_id: spare, is_active: 0 });
});

describe('own reservations', () => {
  test('a booker books for themselves: users_id defaults to them and cannot name someone else', async () => {
    const own = await alice.create('Reservation', { reservationitems_id: bookable, ...slot(1) });
    expect((await alice.get(`Reservation/${own}`)).body.users_id).toBe(aliceId);
    const forBob = await alice.post('Reservation/', { input: { reservationitems_id: bookable, users_id: bobId, ...slot(2) } });
    expect({ status: forBob.status, body: forBob.body }).toEqual(refusal);
    // An item out of service is not bookable; managing the bookable items is not theirs.
    const inactive = await alice.post('Reservation/', { input: { reservationitems_id: resting, ...slot(3) } });
    expect({ status: inactive.status, body: inactive.body }).toEqual(refusal);
    expect((await alice.post('ReservationItem/', { input: { itemtype: 'Computer', items_id: 1 } })).status).toBe(403);
  });

  test("another booker sees the planning but neither changes nor cancels someone else's booking", async () => {
    const own = await alice.create('Reservation', { reservationitems_id: bookable, ...slot(4), comment: 'mine' });
    const listed = (await bob.get('Reservation/', { query: 'range=0-100' })).body as { id: number }[];
    expect(listed.map((r) => r.id)).toContain(own);
    const update = await bob.put(`Reservation/${own}`, { input: { comment: 'taken over', users_id: bobId } });
    expect({ status: update.status, body: update.body }).toEqual({ status: 400, body: ['ERROR_GLPI_UPDATE', RIGHT_MISSING] });
    const cancel = await bob.del(`Reservation/${own}`);
    expect({ status: cancel.status, body: cancel.body }).toEqual({ status: 400, body: ['ERROR_GLPI_DELETE', RIGHT_MISSING] });
    const bulk = await bob.del('Reservation/', { body: { input: [{ id: own }] } });
    expect({ status: bulk.status, body: bulk.body }).toEqual({ status: 400, body: ['ERROR_GLPI_DELETE', [{ [own]: false, message: RIGHT_MISSING }]] });
    expect((await alice.get(`Reservation/${own}`)).body).toMatchObject({ users_id: aliceId, comment: 'mine' });
    // Its owner changes and cancels it.
    expect((await alice.put(`Reservation/${own}`, { input: { comment: 'moved' } })).status).toBe(200);
    const handOver = await alice.put(`Reservation/${own}`, { input: { users_id: bobId } });
    expect({ status: handOver.status, body: handOver.body }).toEqual({ status: 400, body: ['ERROR_GLPI_UPDATE', RIGHT_MISSING] });
    expect((await alice.del(`Reservation/${own}`)).status).toBe(204);
  });

  test("a manager (update and purge on reservations) books for others and changes or cancels anyone's", async () => {
    const forBob = await manager.create('Reservation', { reservationitems_id: bookable, users_id: bobId, ...slot(5) });
    expect((await bob.get(`Reservation/${forBob}`)).body.users_id).toBe(bobId);
    const alices = await alice.create('Reservation', { reservationitems_id: bookable, ...slot(6) });
    expect((await manager.put(`Reservation/${alices}`, { input: { comment: 'checked' } })).status).toBe(200);
    expect((await manager.del(`Reservation/${alices}`)).status).toBe(204);
    expect((await alice.get(`Reservation/${alices}`)).status).toBe(404);
  });
});

describe('time spans', () => {
  const at = (day: number, from: string, to: string) => ({ begin: `2026-12-${day} ${from}:00`, end: `2026-12-${day} ${to}:00` });
  const refused = (res: { status: number; body: unknown }, code: string, message: RegExp) => {
    expect(res.status).toBe(400);
    const [got, text] = res.body as [string, string];
    expect(got).toBe(code);
    expect(text).toMatch(message);
  };

  test('a reservation ends after it begins', async () => {
    refused(await alice.post('Reservation/', { input: { reservationitems_id: bookable, ...at(20, '10:00', '10:00') } }), 'ERROR_GLPI_ADD', /begin date before its end/);
    refused(await alice.post('Reservation/', { input: { reservationitems_id: bookable, ...at(20, '11:00', '09:00') } }), 'ERROR_GLPI_ADD', /begin date before its end/);
    const own = await alice.create('Reservation', { reservationitems_id: bookable, ...at(20, '09:00', '10:00') });
    refused(await alice.put(`Reservation/${own}`, { input: { end: '2026-12-20 08:00:00' } }), 'ERROR_GLPI_UPDATE', /begin date before its end/);
    expect((await alice.get(`Reservation/${own}`)).body.end).toBe('2026-12-20 10:00:00');
  });

  test('an item is not booked twice for the same time; touching spans and other items are fine', async () => {
    const first = await alice.create('Reservation', { reservationitems_id: bookable, ...at(21, '09:00', '11:00') });
    refused(await bob.post('Reservation/', { input: { reservationitems_id: bookable, ...at(21, '10:00', '12:00') } }), 'ERROR_GLPI_ADD', new RegExp(`already reserved.*${first}`));
    refused(await bob.post('Reservation/', { input: { reservationitems_id: bookable, ...at(21, '08:00', '12:00') } }), 'ERROR_GLPI_ADD', /already reserved/);
    const after = await bob.create('Reservation', { reservationitems_id: bookable, ...at(21, '11:00', '12:00') });
    // Moving a booking onto another one is refused; moving it within its own span is not a clash.
    refused(await bob.put(`Reservation/${after}`, { input: { begin: '2026-12-21 10:30:00' } }), 'ERROR_GLPI_UPDATE', /already reserved/);
    expect((await alice.put(`Reservation/${first}`, { input: { end: '2026-12-21 10:30:00' } })).status).toBe(200);
    const other = await ctx.api.create('ReservationItem', { itemtype: 'Computer', items_id: await ctx.api.create('Computer', { name: 'second loan laptop' }), is_active: 1 });
    const elsewhere = await bob.create('Reservation', { reservationitems_id: other, ...at(21, '09:00', '11:00') });
    expect((await bob.get(`Reservation/${elsewhere}`)).body).toMatchObject({ reservationitems_id: other, ...at(21, '09:00', '11:00') });
  });
});
