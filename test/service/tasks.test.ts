/**
 * ITIL tasks as GLPI keeps them: the parent's `actiontime` is the sum of its tasks' durations
 * (recounted on add, update, move and purge, with no history line), and a task's author is the
 * session's user whatever the input says.
 */
import { describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { createUser, loginAs } from '../rights/fixture';

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

describe('tasks from templates (_tasktemplates_id)', () => {
  test('an item opened with task templates gets a task from each, dated as the item; its duration counts', async () => {
    const category = await ctx.api.create('TaskCategory', { name: 'Onboarding' });
    const laptop = await ctx.api.create('TaskTemplate', { name: 'Prepare laptop', content: 'Image the laptop', taskcategories_id: category, actiontime: 3600, state: 1 });
    const badge = await ctx.api.create('TaskTemplate', { name: 'Badge', content: 'Order the badge', actiontime: 600, is_private: 1 });
    const ticket = await ctx.api.create('Ticket', { name: 'new hire', content: 'x', date: '2026-01-05 08:00:00', _tasktemplates_id: [laptop, badge, laptop] });
    const tasks = (await ctx.api.get(`Ticket/${ticket}/TicketTask`)).body as Record<string, unknown>[];
    expect(tasks.map((t) => [t.content, t.taskcategories_id, t.actiontime, t.state, t.is_private, t.tasktemplates_id, t.date])).toEqual([
      ['Image the laptop', category, 3600, 1, 0, laptop, '2026-01-05 08:00:00'],
      ['Order the badge', 0, 600, 0, 1, badge, '2026-01-05 08:00:00'],
    ]);
    expect(await actiontime('Ticket', ticket)).toBe(4200);
    const change = await ctx.api.create('Change', { name: 'rollout', content: 'x', _tasktemplates_id: badge });
    expect(((await ctx.api.get(`Change/${change}/ChangeTask`)).body as { content: string }[]).map((t) => t.content)).toEqual(['Order the badge']);
  });

  test("a template that does not exist, or lies outside the session's entities, refuses the whole add", async () => {
    const res = await ctx.api.post('Ticket/', { input: { name: 'x', content: 'x', _tasktemplates_id: [987654] } });
    expect([res.status, res.body[1]]).toEqual([400, 'Field _tasktemplates_id: TaskTemplate 987654 does not exist']);
    const [mine, elsewhere] = [await ctx.api.create('Entity', { name: 'Task owners', entities_id: 0 }), await ctx.api.create('Entity', { name: 'Task others', entities_id: 0 })];
    const hidden = await ctx.api.create('TaskTemplate', { name: 'Other team', content: 'Their procedure', entities_id: elsewhere });
    await createUser(ctx.api, 'template-tech', 6, mine, true);
    const tech = await loginAs(ctx.server.api, 'template-tech');
    const refused = await tech.post('Ticket/', { input: { name: 'x', content: 'x', _tasktemplates_id: hidden } });
    expect([refused.status, refused.body[1]]).toEqual([400, `Field _tasktemplates_id: TaskTemplate ${hidden} does not exist`]);
    const shared = await ctx.api.create('TaskTemplate', { name: 'Everyone', content: 'Shared procedure', entities_id: 0, is_recursive: 1 });
    const ticket = await tech.create('Ticket', { name: 'y', content: 'x', _tasktemplates_id: shared });
    expect(((await ctx.api.get(`Ticket/${ticket}/TicketTask`)).body as { content: string }[]).map((t) => t.content)).toEqual(['Shared procedure']);
  });
});
