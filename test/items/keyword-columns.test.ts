/** GLPI's columns named like SQL keywords (Reservation's `group`) are stored, read, changed, filtered and sorted. */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { uniq } from './fixtures';

const ctx = useServer();

describe('Reservation.group', () => {
  test('create, read, update, list by searchText and sort on it', async () => {
    const computer = await ctx.api.create('Computer', { name: uniq('c') });
    const bookable = await ctx.api.create('ReservationItem', { itemtype: 'Computer', items_id: computer, is_active: 1 });
    const first = await ctx.api.create('Reservation', { reservationitems_id: bookable, begin: '2026-12-01 08:00:00', end: '2026-12-01 10:00:00', users_id: 2, group: 41 });
    const second = await ctx.api.create('Reservation', { reservationitems_id: bookable, begin: '2026-12-08 08:00:00', end: '2026-12-08 10:00:00', users_id: 2, group: 41 });
    expect((await ctx.api.get(`Reservation/${first}`)).body).toMatchObject({ id: first, group: 41 });

    expect((await ctx.api.put(`Reservation/${second}`, { input: { group: 7 } })).status).toBe(200);
    expect((await ctx.api.get(`Reservation/${second}`)).body.group).toBe(7);

    const byGroup = await ctx.api.get('Reservation/', { query: 'searchText[group]=41&range=0-999' });
    expect(byGroup.status).toBe(200);
    expect(byGroup.body.map((r: { id: number }) => r.id)).toEqual([first]);

    const sorted = await ctx.api.get('Reservation/', { query: 'sort=group&order=DESC&range=0-999' });
    expect(sorted.status).toBe(200);
    const ids = sorted.body.map((r: { id: number }) => r.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
  });
});
