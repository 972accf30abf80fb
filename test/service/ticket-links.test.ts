/**
 * Links between tickets as GLPI keeps them: one per pair, "parent of" stored as the other's
 * "child of", a duplicate replacing a plain link, `_link` on a ticket's add or update, and a
 * solution shared with the duplicates still open.
 */
import { describe, expect, test } from 'bun:test';
import { expectError } from '../items/fixtures';
import { createUser, loginAs } from '../rights/fixture';
import { useServer } from '../support/server';

const ctx = useServer();
const open = (name: string) => ctx.api.create('Ticket', { name, content: 'x' });
/** The links naming the ticket, on either side. */
const linksOf = async (ticket: number) =>
  ((await ctx.api.get('Ticket_Ticket/', { query: 'range=0-999' })).body as { tickets_id_1: number; tickets_id_2: number; link: number }[])
    .filter((l) => l.tickets_id_1 === ticket || l.tickets_id_2 === ticket)
    .map((l) => [l.tickets_id_1, l.tickets_id_2, l.link]);

describe('linked tickets', () => {
  test('"parent of" is stored as "child of" the other way round; a ticket is not linked to itself; no kind means linked to', async () => {
    const [parent, child, other] = [await open('parent'), await open('child'), await open('other')];
    await ctx.api.create('Ticket_Ticket', { tickets_id_1: parent, tickets_id_2: child, link: 4 });
    expect(await linksOf(parent)).toEqual([[child, parent, 3]]);
    expect((await ctx.api.get('search/Ticket', { query: `criteria[0][field]=2&criteria[0][searchtype]=equals&criteria[0][value]=${child}&forcedisplay[0]=50` })).body.data[0]['50']).toBe(String(parent));
    await ctx.api.create('Ticket_Ticket', { tickets_id_1: parent, tickets_id_2: other });
    expect(await linksOf(other)).toEqual([[parent, other, 1]]);
    expectError(await ctx.api.post('Ticket_Ticket/', { input: { tickets_id_1: other, tickets_id_2: other } }), 400, 'ERROR_GLPI_ADD', 'A ticket cannot be linked to itself');
    expectError(await ctx.api.post('Ticket_Ticket/', { input: { tickets_id_1: other, tickets_id_2: parent, link: 9 } }), 400, 'ERROR_GLPI_ADD', 'Field link: 1 (linked to), 2 (duplicates), 3 (child of) or 4 (parent of)');
  });

  test('one link per pair, either way round; a duplicate replaces a plain link', async () => {
    const [a, b] = [await open('a'), await open('b')];
    await ctx.api.create('Ticket_Ticket', { tickets_id_1: a, tickets_id_2: b, link: 1 });
    expectError(await ctx.api.post('Ticket_Ticket/', { input: { tickets_id_1: b, tickets_id_2: a, link: 3 } }), 400, 'ERROR_GLPI_ADD', `Tickets ${b} and ${a} are already linked`);
    await ctx.api.create('Ticket_Ticket', { tickets_id_1: b, tickets_id_2: a, link: 2 });
    expect(await linksOf(a)).toEqual([[b, a, 2]]);
  });

  test('_link links a ticket when it is opened or updated', async () => {
    const first = await open('first');
    const second = await ctx.api.create('Ticket', { name: 'second', content: 'x', _link: { link: 2, tickets_id_1: 0, tickets_id_2: first } });
    expect(await linksOf(second)).toEqual([[second, first, 2]]);
    const third = await open('third');
    expect((await ctx.api.put(`Ticket/${third}`, { input: { _link: { link: 3, tickets_id_2: first } } })).status).toBe(200);
    expect(await linksOf(third)).toEqual([[third, first, 3]]);
    // An empty link, as GLPI's form sends when none is chosen, does nothing.
    expect((await ctx.api.put(`Ticket/${third}`, { input: { _link: { link: 1, tickets_id_2: 0 } } })).status).toBe(200);
    expect(await linksOf(third)).toEqual([[third, first, 3]]);
  });

  test("a requester cannot link their ticket to one they do not see, so another's ticket is never solved with theirs", async () => {
    const others = await open("someone else's");
    await createUser(ctx.api, 'linking-requester', 1, 0, true);
    const requester = await loginAs(ctx.server.api, 'linking-requester');
    const mine = await requester.create('Ticket', { name: 'mine', content: 'x' });
    expectError(await requester.post('Ticket_Ticket/', { input: { tickets_id_1: mine, tickets_id_2: others, link: 2 } }), 403, 'ERROR_RIGHT_MISSING', "You don't have permission to perform this action.");
    expectError(await requester.post('Ticket/', { input: { name: 'x', content: 'x', _link: { link: 2, tickets_id_2: others } } }), 403, 'ERROR_RIGHT_MISSING', "You don't have permission to perform this action.");
    expect(await linksOf(others)).toEqual([]);
    // Their own two tickets they may link.
    const second = await requester.create('Ticket', { name: 'mine too', content: 'x' });
    expect((await requester.post('Ticket_Ticket/', { input: { tickets_id_1: second, tickets_id_2: mine, link: 2 } })).status).toBe(201);
  });

  test('a solution solves the duplicates still open, and theirs; a closed duplicate keeps its state', async () => {
    const [main, copy, copyOfCopy, closed, related] = [await open('main'), await open('copy'), await open('copy of copy'), await open('closed'), await open('related')];
    await ctx.api.create('Ticket_Ticket', { tickets_id_1: copy, tickets_id_2: main, link: 2 });
    await ctx.api.create('Ticket_Ticket', { tickets_id_1: copyOfCopy, tickets_id_2: copy, link: 2 });
    await ctx.api.create('Ticket_Ticket', { tickets_id_1: closed, tickets_id_2: main, link: 2 });
    await ctx.api.create('Ticket_Ticket', { tickets_id_1: related, tickets_id_2: main, link: 1 });
    await ctx.api.put(`Ticket/${closed}`, { input: { status: 6 } });
    await ctx.api.create('ITILSolution', { itemtype: 'Ticket', items_id: main, content: 'Replaced the switch.' });
    const state = async (id: number) => {
      const solutions = (await ctx.api.get(`Ticket/${id}/ITILSolution`)).body as { content: string }[];
      return [(await ctx.api.get(`Ticket/${id}`)).body.status, solutions.map((s) => s.content)];
    };
    expect(await state(copy)).toEqual([5, ['Replaced the switch.']]);
    expect(await state(copyOfCopy)).toEqual([5, ['Replaced the switch.']]);
    expect(await state(closed)).toEqual([6, []]);
    expect(await state(related)).toEqual([1, []]);
  });
});
