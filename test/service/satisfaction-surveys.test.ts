/**
 * Satisfaction surveys created by the server's clock, as GLPI's createinquest: closed tickets of
 * an entity whose survey settings say so get a TicketSatisfaction once the delay has passed; an
 * entity inheriting (-2) follows its parent; a ticket is drawn once.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { TestClock } from '../support/clock';
import { useServer } from '../support/server';
import { PASSWORD, userWith } from '../documents/helpers';

const clock = new TestClock(); // 2026-01-15 09:00
const ctx = useServer({ TZ: 'UTC' }, clock.args);
const HOUR = 3600_000;
const entities = { surveyed: 0, inherits: 0, none: 0 };

const surveysOf = async (ticket: number) =>
  ((await ctx.api.get(`Ticket/${ticket}/TicketSatisfaction`)).body as { type: number; date_begin: string }[]).map((s) => [s.type, s.date_begin]);

async function closedTicket(entity: number): Promise<number> {
  const id = await ctx.api.create('Ticket', { name: 'survey me', content: 'x', entities_id: entity });
  expect((await ctx.api.put(`Ticket/${id}`, { input: { status: 6 } })).status).toBe(200);
  return id;
}

beforeAll(async () => {
  // External surveys for every closed ticket, two days after closing.
  entities.surveyed = await ctx.api.create('Entity', { name: 'Surveyed', entities_id: 0, inquest_config: 2, inquest_rate: 100, inquest_delay: 2 });
  entities.inherits = await ctx.api.create('Entity', { name: 'Inherits', entities_id: entities.surveyed, inquest_config: -2 });
  entities.none = await ctx.api.create('Entity', { name: 'No surveys', entities_id: 0, inquest_config: 1, inquest_rate: 0 });
});

describe('satisfaction surveys', () => {
  test('created once the delay has passed, for the entity and those inheriting from it; never where the rate is 0', async () => {
    const surveyed = await closedTicket(entities.surveyed);
    const inherits = await closedTicket(entities.inherits);
    const none = await closedTicket(entities.none);
    const open = await ctx.api.create('Ticket', { name: 'still open', content: 'x', entities_id: entities.surveyed });
    clock.advance(47 * HOUR);
    await ctx.api.login(); // the session has expired meanwhile
    expect(await surveysOf(surveyed)).toEqual([]);
    clock.advance(HOUR + 60_000);
    await ctx.api.login();
    expect([await surveysOf(surveyed), await surveysOf(inherits)]).toEqual([[[2, '2026-01-17 09:01:00']], [[2, '2026-01-17 09:01:00']]]);
    expect([await surveysOf(none), await surveysOf(open)]).toEqual([[], []]);
    expect((await ctx.api.get(`Entity/${entities.surveyed}`)).body.max_closedate).toBe('2026-01-15 09:00:00');
  });

  test('a survey answered or removed is not made again: a ticket is drawn once', async () => {
    const ticket = await closedTicket(entities.surveyed);
    clock.advance(48 * HOUR + 60_000);
    await ctx.api.login();
    const [survey] = (await ctx.api.get(`Ticket/${ticket}/TicketSatisfaction`)).body as { id: number }[];
    expect((await ctx.api.del(`TicketSatisfaction/${survey!.id}`)).status).toBe(204);
    clock.advance(2 * 60_000);
    expect(await surveysOf(ticket)).toEqual([]);
  });

  test("the ticket's requester answers the survey (0 to 5 and a comment) without the ticket's update right, for 12 hours", async () => {
    const requester = await userWith(ctx.api, 1, entities.surveyed);
    const stranger = await userWith(ctx.api, 1, entities.surveyed);
    const ticket = (await requester.client.post('Ticket/', { input: { name: 'answer me', content: 'x', _users_id_requester: requester.id } })).body.id as number;
    expect((await ctx.api.put(`Ticket/${ticket}`, { input: { status: 6 } })).status).toBe(200);
    clock.advance(48 * HOUR + 60_000);
    await ctx.api.login();
    const [survey] = (await ctx.api.get(`Ticket/${ticket}/TicketSatisfaction`)).body as { id: number }[];
    const nameOf = async (id: number) => String((await ctx.api.get(`User/${id}`)).body.name);
    const [myName, otherName] = [await nameOf(requester.id), await nameOf(stranger.id)];
    const mine = await requester.client.login(myName, PASSWORD); // the sessions expired meanwhile
    const other = await stranger.client.login(otherName, PASSWORD);
    const refused = ['ERROR_GLPI_UPDATE', "You don't have permission to perform this action."];
    expect((await other.put(`TicketSatisfaction/${survey!.id}`, { input: { satisfaction: 1 } })).body).toEqual(refused);
    expect((await mine.put(`TicketSatisfaction/${survey!.id}`, { input: { satisfaction: 7 } })).body).toEqual(['ERROR_GLPI_UPDATE', 'The satisfaction is a number from 0 to 5']);
    expect((await mine.put(`TicketSatisfaction/${survey!.id}`, { input: { satisfaction: 4, comment: 'quick and kind' } })).status).toBe(200);
    const answered = (await mine.get(`TicketSatisfaction/${survey!.id}`)).body;
    expect([answered.satisfaction, answered.comment, answered.date_answered]).toEqual([4, 'quick and kind', '2026-01-21 09:05:00']);
    clock.advance(13 * HOUR);
    const later = await requester.client.login(myName, PASSWORD);
    expect((await later.put(`TicketSatisfaction/${survey!.id}`, { input: { satisfaction: 5 } })).body).toEqual(refused);
  });
});
