/** GLPI's deprecated itemtype names still answer, with their old field names (facts §1.4, tests G11/L12/C8/U6/D5). */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { uniq } from './fixtures';

const ctx = useServer();

describe('TicketFollowup (ITILFollowup on tickets)', () => {
  test('create, read, list, update and delete with tickets_id', async () => {
    const ticket = await ctx.api.create('Ticket', { name: uniq('t'), content: 'c' });
    const created = await ctx.api.post('TicketFollowup/', { input: { tickets_id: ticket, content: 'old style' } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    const read = await ctx.api.get(`TicketFollowup/${id}`, { query: 'get_hateoas=false' });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, tickets_id: ticket, content: 'old style' });
    expect(read.body).not.toHaveProperty('itemtype');
    expect(read.body).not.toHaveProperty('items_id');
    // The same row under its current name.
    expect((await ctx.api.get(`ITILFollowup/${id}`)).body).toMatchObject({ itemtype: 'Ticket', items_id: ticket });

    const list = await ctx.api.get('TicketFollowup/', { query: 'get_hateoas=false' });
    expect(list.status).toBe(200);
    expect(list.body.every((row: any) => 'tickets_id' in row && !('items_id' in row))).toBe(true);

    expect((await ctx.api.put(`TicketFollowup/${id}`, { input: { content: 'edited' } })).body).toEqual([{ [id]: true, message: '' }]);
    expect((await ctx.api.get(`ITILFollowup/${id}`)).body.content).toBe('edited');
    expect((await ctx.api.del(`TicketFollowup/${id}`)).status).toBe(204);
    expect((await ctx.api.get(`ITILFollowup/${id}`)).status).toBe(404);
  });

  test('a followup of a Problem is not a TicketFollowup', async () => {
    const problem = await ctx.api.create('Problem', { name: uniq('p'), content: 'c' });
    const id = await ctx.api.create('ITILFollowup', { itemtype: 'Problem', items_id: problem, content: 'x' });
    expect((await ctx.api.get(`TicketFollowup/${id}`)).status).toBe(404);
    const list = await ctx.api.get('TicketFollowup/', { query: 'range=0-999' });
    expect(list.body.some((row: any) => row.id === id)).toBe(false);
  });
});

describe('Computer_SoftwareVersion (Item_SoftwareVersion on computers)', () => {
  test('computers_id and the *_computer flags map to the current fields', async () => {
    const computer = await ctx.api.create('Computer', { name: uniq('pc') });
    const software = await ctx.api.create('Software', { name: uniq('sw') });
    const version = await ctx.api.create('SoftwareVersion', { name: '1.0', softwares_id: software });
    const id = await ctx.api.create('Computer_SoftwareVersion', { computers_id: computer, softwareversions_id: version, is_deleted_computer: 0 });
    const old = await ctx.api.get(`Computer_SoftwareVersion/${id}`, { query: 'get_hateoas=false' });
    expect(old.body).toMatchObject({ id, computers_id: computer, softwareversions_id: version, is_deleted_computer: 0, is_template_computer: 0 });
    expect(Object.keys(old.body)).not.toContain('is_deleted_item');
    expect((await ctx.api.get(`Item_SoftwareVersion/${id}`)).body).toMatchObject({ itemtype: 'Computer', items_id: computer });
    expect((await ctx.api.del(`Computer_SoftwareVersion/${id}`, { query: 'force_purge=1' })).status).toBe(204);
  });
});

describe('Netpoint (Socket under its GLPI 9 name)', () => {
  test('the same rows and fields, read, listed and written under the old name', async () => {
    const computer = await ctx.api.create('Computer', { name: uniq('pc') });
    const socket = await ctx.api.create('Socket', { name: uniq('wall-'), itemtype: 'Computer', items_id: computer });
    const old = await ctx.api.get(`Netpoint/${socket}`, { query: 'get_hateoas=false' });
    expect(old.status).toBe(200);
    expect(old.body).toEqual((await ctx.api.get(`Socket/${socket}`, { query: 'get_hateoas=false' })).body);
    expect(old.body).toMatchObject({ itemtype: 'Computer', items_id: computer });

    const created = await ctx.api.post('Netpoint/', { input: { name: 'B-12' } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await ctx.api.get(`Socket/${id}`)).body.name).toBe('B-12');
    const listed = await ctx.api.get('Netpoint/', { query: 'range=0-999' });
    expect(listed.body.map((row: any) => row.id)).toEqual(expect.arrayContaining([socket, id]));
    expect((await ctx.api.put(`Netpoint/${id}`, { input: { name: 'B-13' } })).body).toEqual([{ [id]: true, message: '' }]);
    expect((await ctx.api.get(`Socket/${id}`)).body.name).toBe('B-13');
    expect((await ctx.api.del(`Netpoint/${id}`, { query: 'force_purge=1' })).status).toBe(204);
    expect((await ctx.api.get(`Socket/${id}`)).status).toBe(404);
  });
});
