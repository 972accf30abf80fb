/**
 * ITIL templates as GLPI's default install has them and checks them: "Default" (id 1) for
 * tickets, problems and changes with the description mandatory, enforced only when the input
 * names the template; a template's mandatory actors may come as `_users_id_*` or `_actors`.
 */
import { describe, expect, test } from 'bun:test';
import { expectError } from '../items/fixtures';
import { useServer } from '../support/server';

const ctx = useServer();

describe('ITIL templates', () => {
  test('the default install has a Default template (1) per ITIL type, its description mandatory', async () => {
    for (const kind of ['Ticket', 'Problem', 'Change']) {
      expect((await ctx.api.get(`${kind}Template/1`)).body).toMatchObject({ id: 1, name: 'Default', entities_id: 0, is_recursive: 1 });
      const mandatory = await ctx.api.get(`${kind}TemplateMandatoryField/`, { query: `searchText[${kind.toLowerCase()}templates_id]=^1$` });
      expect(mandatory.body.map((m: { num: number }) => m.num)).toEqual([21]);
    }
  });

  test('the mandatory fields hold only when the input names the template', async () => {
    expect((await ctx.api.post('Ticket/', { input: { name: 'no description' } })).status).toBe(201);
    expectError(await ctx.api.post('Ticket/', { input: { name: 'no description', _tickettemplates_id: 1 } }), 400, 'ERROR_GLPI_ADD', 'Mandatory fields are not filled. Please correct: Description');
    expectError(await ctx.api.post('Change/', { input: { name: 'no description', _changetemplates_id: 1 } }), 400, 'ERROR_GLPI_ADD', 'Mandatory fields are not filled. Please correct: Description');
    expect((await ctx.api.post('Ticket/', { input: { name: 'described', content: 'the printer jams', _tickettemplates_id: 1 } })).status).toBe(201);
    expectError(await ctx.api.post('Ticket/', { input: { content: 'x', _tickettemplates_id: 99 } }), 400, 'ERROR_GLPI_ADD', 'Field _tickettemplates_id: TicketTemplate 99 does not exist');
  });

  test("a template's mandatory category and technician, given directly or through _actors", async () => {
    const template = await ctx.api.create('TicketTemplate', { name: 'Hardware' });
    for (const num of [7, 5, 21]) await ctx.api.create('TicketTemplateMandatoryField', { tickettemplates_id: template, num });
    const category = await ctx.api.create('ITILCategory', { name: 'Hardware' });
    expectError(
      await ctx.api.post('Ticket/', { input: { content: 'x', _tickettemplates_id: template } }),
      400,
      'ERROR_GLPI_ADD',
      'Mandatory fields are not filled. Please correct: Technician, Category',
    );
    expect((await ctx.api.post('Ticket/', { input: { content: 'x', itilcategories_id: category, _users_id_assign: 2, _tickettemplates_id: template } })).status).toBe(201);
    const viaActors = { content: 'x', itilcategories_id: category, _actors: { assign: [{ itemtype: 'User', items_id: 2 }] }, _tickettemplates_id: template };
    expect((await ctx.api.post('Ticket/', { input: viaActors })).status).toBe(201);
  });
});
