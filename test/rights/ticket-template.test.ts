/**
 * `GET /getTicketTemplate` (a Deskbase addition): the template a ticket the session opens would
 * use — the category's (incident or request), else the profile's, else the entity's, inherited —
 * with its mandatory (named as the API's refusal names them), hidden and predefined fields; a
 * ticket naming it is refused by the API with that message when a mandatory field is empty.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { useServer } from '../support/server';
import { unique, userWith } from '../documents/helpers';

const ctx = useServer();
const SELF_SERVICE = 1;
const READ_ONLY = 8;
/** Ticket search options: 7 category, 10 urgency, 12 status. */
const CATEGORY = 7;
const URGENCY = 10;

let entity: number;
let child: number;
let entityTemplate: number;
let requestTemplate: number;
let category: number;

beforeAll(async () => {
  entityTemplate = await ctx.api.create('TicketTemplate', { name: unique('Desk form') });
  await ctx.api.create('TicketTemplateMandatoryField', { tickettemplates_id: entityTemplate, num: CATEGORY });
  await ctx.api.create('TicketTemplateHiddenField', { tickettemplates_id: entityTemplate, num: URGENCY });
  await ctx.api.create('TicketTemplatePredefinedField', { tickettemplates_id: entityTemplate, num: URGENCY, value: '4' });
  requestTemplate = await ctx.api.create('TicketTemplate', { name: unique('Requests') });
  entity = await ctx.api.create('Entity', { name: unique('Templated'), entities_id: 0, tickettemplates_strategy: 0, tickettemplates_id: entityTemplate });
  child = await ctx.api.create('Entity', { name: unique('Inherits'), entities_id: entity, tickettemplates_strategy: -2 });
  category = await ctx.api.create('ITILCategory', { name: unique('Access'), tickettemplates_id_demand: requestTemplate });
});

describe('getTicketTemplate', () => {
  test("the entity's template (inherited by a child entity) with its mandatory, hidden and predefined fields", async () => {
    const user = await userWith(ctx.api, SELF_SERVICE, child);
    const res = await user.client.get('getTicketTemplate');
    expect(res.status).toBe(200);
    expect(res.body.tickettemplate).toEqual({
      id: entityTemplate,
      name: expect.stringContaining('Desk form'),
      mandatory: [{ field: 'itilcategories_id', name: 'Category' }],
      hidden: ['urgency'],
      predefined: { urgency: '4' },
    });
    // The API refuses a ticket naming the template without its mandatory field, with the message shown to the user.
    const refused = await user.client.post('Ticket/', { input: { name: 'no category', content: 'x', _tickettemplates_id: entityTemplate } });
    expect([refused.status, refused.body]).toEqual([400, ['ERROR_GLPI_ADD', 'Mandatory fields are not filled. Please correct: Category']]);
  });

  test("a category's request template wins for a request; an incident keeps the entity's", async () => {
    const user = await userWith(ctx.api, SELF_SERVICE, entity);
    expect((await user.client.get('getTicketTemplate', { query: `itilcategories_id=${category}&type=2` })).body.tickettemplate.id).toBe(requestTemplate);
    expect((await user.client.get('getTicketTemplate', { query: `itilcategories_id=${category}&type=1` })).body.tickettemplate.id).toBe(entityTemplate);
  });

  test('a profile that may not open tickets is refused', async () => {
    const user = await userWith(ctx.api, READ_ONLY, entity);
    const res = await user.client.get('getTicketTemplate');
    expect([res.status, res.body[0]]).toEqual([403, 'ERROR_RIGHT_MISSING']);
  });
});
