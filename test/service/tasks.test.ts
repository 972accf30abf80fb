/**
 * ITIL tasks as GLPI keeps them: the parent's `actiontime` is the sum of its tasks' durations
 * (recounted on add, update, move and purge, with no history line), and a task's author is the
 * session's user whatever the input says.
 */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';

const ctx = useServer();

const actiontime = async (itemtype: string, id: number) => (await ctx.api.get(`${itemtype}/${id}`)).body.actiontime;

describe.each([
  ['Ticket', 'TicketTask', 'tickets_id'],
  ['Problem', 'ProblemTask', 'problems_id'],
  ['Change', 'ChangeTask', 'changes_id'],
])('%s tasks', (parent, task, fk) => {
  test("the parent's actiontime follows its tasks: added, changed, moved and purged", async () => {
    const first = await ctx.api.create(parent, { name: 'slow disk', content: 'x' });
    const second = await ctx.api.create(parent, { name: 'other', content: 'x' });
    const hour = await ctx.api.create(task, { [fk]: first, content: 'checked', actiontime: 3600 });
    await ctx.api.create(task, { [fk]: first, content: 'replaced', actiontime: 900 });
    await ctx.api.create(task, { [fk]: first, content: 'note without duration' });
    expect(await actiontime(parent, first)).toBe(4500);

    expect((await ctx.api.put(`${task}/${hour}`, { input: { actiontime: 1800 } })).status).toBe(200);
    expect(await actiontime(parent, first)).toBe(2700);

    expect((await ctx.api.put(`${task}/${hour}`, { input: { [fk]: second } })).status).toBe(200);
    expect([await actiontime(parent, first), await actiontime(parent, second)]).toEqual([900, 1800]);

    expect((await ctx.api.del(`${task}/${hour}`, { query: 'force_purge=true' })).status).toBe(204);
    expect(await actiontime(parent, second)).toBe(0);

    const logs = (await ctx.api.get(`${parent}/${first}/Log`)).body as { id_search_option: number }[];
    expect(logs.filter((l) => l.id_search_option === 45)).toEqual([]);
  });

  test('a task is written by the session user, whatever users_id the input names', async () => {
    const item = await ctx.api.create(parent, { name: 'author', content: 'x' });
    const id = await ctx.api.create(task, { [fk]: item, content: 'mine', users_id: 5 });
    expect((await ctx.api.get(`${task}/${id}`)).body.users_id).toBe(2);
  });
});
