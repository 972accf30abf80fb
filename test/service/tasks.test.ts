/**
 * ITIL tasks as GLPI keeps them: the parent's `actiontime` is the sum of its tasks' durations
 * (recounted on add, update, move and purge, with no history line), and a task's author is the
 * session's user whatever the input says.
 */
import { describe, expect, test } from 'bun:test';
import { createUser, loginAs } from '../rights/fixture';
import { creates, holds, scenario, updates, type Step } from '../support/scenario';
import { useServer } from '../support/server';

const ctx = useServer();

/** The `content` of each task the path lists. */
const taskContents = (path: string, contents: string[]): Step => ({ request: `GET ${path}`, status: 200, check: (res) => expect((res.body as { content: string }[]).map((t) => t.content)).toEqual(contents) });
const refusedTemplate = (id: number | string) => ({ status: 400, error: 'ERROR_GLPI_ADD', message: `Field _tasktemplates_id: TaskTemplate ${id} does not exist` }) satisfies Partial<Step>;

describe.each([
  ['Ticket', 'TicketTask', 'tickets_id'],
  ['Problem', 'ProblemTask', 'problems_id'],
  ['Change', 'ChangeTask', 'changes_id'],
])('%s tasks', (parent, task, fk) => {
  const actiontime = (item: string, value: number) => holds(`${parent}/\${${item}}`, { actiontime: value });

  test("the parent's actiontime follows its tasks: added, changed, moved and purged", () =>
    scenario(ctx.api, [
      creates('first', parent, { name: 'slow disk', content: 'x' }),
      creates('second', parent, { name: 'other', content: 'x' }),
      creates('hour', task, { [fk]: '${first}', content: 'checked', actiontime: 3600 }),
      creates('quarter', task, { [fk]: '${first}', content: 'replaced', actiontime: 900 }),
      creates('note', task, { [fk]: '${first}', content: 'note without duration' }),
      actiontime('first', 4500),
      updates(`${task}/\${hour}`, { actiontime: 1800 }),
      actiontime('first', 2700),
      updates(`${task}/\${hour}`, { [fk]: '${second}' }),
      actiontime('first', 900),
      actiontime('second', 1800),
      { request: `DELETE ${task}/\${hour}`, query: 'force_purge=true', status: 204 },
      actiontime('second', 0),
      { request: `GET ${parent}/\${first}/Log`, status: 200, check: (res) => expect((res.body as { id_search_option: number }[]).filter((l) => l.id_search_option === 45)).toEqual([]) },
    ]));

  test('a task is written by the session user, whatever users_id the input names', () =>
    scenario(ctx.api, [
      creates('item', parent, { name: 'author', content: 'x' }),
      creates('task', task, { [fk]: '${item}', content: 'mine', users_id: 5 }),
      holds(`${task}/\${task}`, { users_id: 2 }),
    ]));
});

describe('tasks from templates (_tasktemplates_id)', () => {
  test('an item opened with task templates gets a task from each, dated as the item; its duration counts', () =>
    scenario(ctx.api, [
      creates('category', 'TaskCategory', { name: 'Onboarding' }),
      creates('laptop', 'TaskTemplate', { name: 'Prepare laptop', content: 'Image the laptop', taskcategories_id: '${category}', actiontime: 3600, state: 1 }),
      creates('badge', 'TaskTemplate', { name: 'Badge', content: 'Order the badge', actiontime: 600, is_private: 1 }),
      creates('ticket', 'Ticket', { name: 'new hire', content: 'x', date: '2026-01-05 08:00:00', _tasktemplates_id: ['${laptop}', '${badge}', '${laptop}'] }),
      {
        request: 'GET Ticket/${ticket}/TicketTask',
        status: 200,
        check: (res, { category, laptop, badge }) =>
          expect((res.body as Record<string, unknown>[]).map((t) => [t.content, t.taskcategories_id, t.actiontime, t.state, t.is_private, t.tasktemplates_id, t.date])).toEqual([
            ['Image the laptop', category, 3600, 1, 0, laptop, '2026-01-05 08:00:00'],
            ['Order the badge', 0, 600, 0, 1, badge, '2026-01-05 08:00:00'],
          ]),
      },
      holds('Ticket/${ticket}', { actiontime: 4200 }),
      creates('change', 'Change', { name: 'rollout', content: 'x', _tasktemplates_id: '${badge}' }),
      taskContents('Change/${change}/ChangeTask', ['Order the badge']),
    ]));

  test("a template that does not exist, or lies outside the session's entities, refuses the whole add", async () => {
    const mine = await ctx.api.create('Entity', { name: 'Task owners', entities_id: 0 });
    await createUser(ctx.api, 'template-tech', 6, mine, true);
    const tech = await loginAs(ctx.server.api, 'template-tech');
    await scenario(ctx.api, [
      { request: 'POST Ticket/', body: { input: { name: 'x', content: 'x', _tasktemplates_id: [987654] } }, ...refusedTemplate(987654) },
      creates('elsewhere', 'Entity', { name: 'Task others', entities_id: 0 }),
      creates('hidden', 'TaskTemplate', { name: 'Other team', content: 'Their procedure', entities_id: '${elsewhere}' }),
      { request: 'POST Ticket/', body: { input: { name: 'x', content: 'x', _tasktemplates_id: '${hidden}' } }, as: tech, ...refusedTemplate('${hidden}') },
      creates('shared', 'TaskTemplate', { name: 'Everyone', content: 'Shared procedure', entities_id: 0, is_recursive: 1 }),
      creates('ticket', 'Ticket', { name: 'y', content: 'x', _tasktemplates_id: '${shared}' }, tech),
      taskContents('Ticket/${ticket}/TicketTask', ['Shared procedure']),
    ]);
  });
});
