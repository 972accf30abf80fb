/**
 * ITIL templates as GLPI's default install has them and checks them: "Default" (id 1) for
 * tickets, problems and changes with the description mandatory, enforced only when the input
 * names the template; a template's mandatory actors may come as `_users_id_*` or `_actors`.
 */
import { describe, expect, test } from 'bun:test';
import { creates, holds, scenario, scenarioTests, type Step } from '../support/scenario';
import { useServer } from '../support/server';

const ctx = useServer();
const adds = (itemtype: string, input: Record<string, unknown>): Step => ({ request: `POST ${itemtype}/`, body: { input }, status: 201 });
const refused = (itemtype: string, input: Record<string, unknown>, message: string): Step => ({ request: `POST ${itemtype}/`, body: { input }, status: 400, error: 'ERROR_GLPI_ADD', message });

describe('ITIL templates', () => {
  describe('the default install has a Default template (1) per ITIL type, its description mandatory', () => {
    scenarioTests(
      () => ctx.api,
      ['Ticket', 'Problem', 'Change'].flatMap((kind): Step[] => [
        holds(`${kind}Template/1`, { id: 1, name: 'Default', entities_id: 0, is_recursive: 1 }),
        {
          request: `GET ${kind}TemplateMandatoryField/`,
          query: `searchText[${kind.toLowerCase()}templates_id]=^1$`,
          status: 200,
          check: (res) => expect(res.body.map((m: { num: number }) => m.num)).toEqual([21]),
        },
      ]),
    );
  });

  describe('the mandatory fields hold only when the input names the template', () => {
    scenarioTests(() => ctx.api, [
      adds('Ticket', { name: 'no description' }),
      refused('Ticket', { name: 'no description', _tickettemplates_id: 1 }, 'Mandatory fields are not filled. Please correct: Description'),
      refused('Change', { name: 'no description', _changetemplates_id: 1 }, 'Mandatory fields are not filled. Please correct: Description'),
      adds('Ticket', { name: 'described', content: 'the printer jams', _tickettemplates_id: 1 }),
      refused('Ticket', { content: 'x', _tickettemplates_id: 99 }, 'Field _tickettemplates_id: TicketTemplate 99 does not exist'),
    ]);
  });

  test("a template's mandatory category and technician, given directly or through _actors", () =>
    scenario(ctx.api, [
      creates('template', 'TicketTemplate', { name: 'Hardware' }),
      ...[7, 5, 21].map((num) => adds('TicketTemplateMandatoryField', { tickettemplates_id: '${template}', num })),
      creates('category', 'ITILCategory', { name: 'Hardware' }),
      refused('Ticket', { content: 'x', _tickettemplates_id: '${template}' }, 'Mandatory fields are not filled. Please correct: Technician, Category'),
      adds('Ticket', { content: 'x', itilcategories_id: '${category}', _users_id_assign: 2, _tickettemplates_id: '${template}' }),
      adds('Ticket', { content: 'x', itilcategories_id: '${category}', _actors: { assign: [{ itemtype: 'User', items_id: 2 }] }, _tickettemplates_id: '${template}' }),
    ]));
});
