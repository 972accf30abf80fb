/**
 * Links between tickets as GLPI keeps them: one per pair, "parent of" stored as the other's
 * "child of", a duplicate replacing a plain link, `_link` on a ticket's add or update, and a
 * solution shared with the duplicates still open.
 */
import { describe, expect, test } from 'bun:test';
import { createUser, loginAs, RIGHT_MISSING } from '../rights/fixture';
import type { Client } from '../support/client';
import { creates, fill, scenario, type Step } from '../support/scenario';
import { useServer } from '../support/server';

const ctx = useServer();
/** Opens a ticket named `name`, its id captured under the same name. */
const opens = (name: string, as?: Client): Step => creates(name, 'Ticket', { name, content: 'x' }, as);
const link = (tickets_id_1: string, tickets_id_2: string, kind?: number): Step =>
  ({ request: 'POST Ticket_Ticket/', body: { input: { tickets_id_1, tickets_id_2, ...(kind ? { link: kind } : {}) } }, status: 201 });
/** The links naming the captured ticket, on either side, as `[tickets_id_1, tickets_id_2, link]` (placeholders allowed). */
const linksOf = (ticket: string, expected: unknown[][]): Step => ({
  request: 'GET Ticket_Ticket/',
  query: 'range=0-999',
  note: `links of ${ticket}`,
  status: 200,
  check: (res, captured) => {
    const id = captured[ticket];
    const rows = (res.body as { tickets_id_1: number; tickets_id_2: number; link: number }[]).filter((l) => l.tickets_id_1 === id || l.tickets_id_2 === id);
    expect(rows.map((l): unknown[] => [l.tickets_id_1, l.tickets_id_2, l.link])).toEqual(fill(expected, captured) as unknown[][]);
  },
});
const addRefused = (input: Record<string, unknown>, message: string): Step => ({ request: 'POST Ticket_Ticket/', body: { input }, status: 400, error: 'ERROR_GLPI_ADD', message });

describe('linked tickets', () => {
  test('"parent of" is stored as "child of" the other way round; a ticket is not linked to itself; no kind means linked to', () =>
    scenario(ctx.api, [
      opens('parent'),
      opens('child'),
      opens('other'),
      link('${parent}', '${child}', 4),
      linksOf('parent', [['${child}', '${parent}', 3]]),
      {
        request: 'GET search/Ticket',
        query: 'criteria[0][field]=2&criteria[0][searchtype]=equals&criteria[0][value]=${child}&forcedisplay[0]=50',
        status: 200,
        check: (res, { parent }) => expect(res.body.data[0]['50']).toBe(String(parent)),
      },
      link('${parent}', '${other}'),
      linksOf('other', [['${parent}', '${other}', 1]]),
      addRefused({ tickets_id_1: '${other}', tickets_id_2: '${other}' }, 'A ticket cannot be linked to itself'),
      addRefused({ tickets_id_1: '${other}', tickets_id_2: '${parent}', link: 9 }, 'Field link: 1 (linked to), 2 (duplicates), 3 (child of) or 4 (parent of)'),
    ]));

  test('one link per pair, either way round; a duplicate replaces a plain link', () =>
    scenario(ctx.api, [
      opens('a'),
      opens('b'),
      link('${a}', '${b}', 1),
      addRefused({ tickets_id_1: '${b}', tickets_id_2: '${a}', link: 3 }, 'Tickets ${b} and ${a} are already linked'),
      link('${b}', '${a}', 2),
      linksOf('a', [['${b}', '${a}', 2]]),
    ]));

  test('_link links a ticket when it is opened or updated', () =>
    scenario(ctx.api, [
      opens('first'),
      creates('second', 'Ticket', { name: 'second', content: 'x', _link: { link: 2, tickets_id_1: 0, tickets_id_2: '${first}' } }),
      linksOf('second', [['${second}', '${first}', 2]]),
      opens('third'),
      { request: 'PUT Ticket/${third}', body: { input: { _link: { link: 3, tickets_id_2: '${first}' } } }, status: 200 },
      linksOf('third', [['${third}', '${first}', 3]]),
      // An empty link, as GLPI's form sends when none is chosen, does nothing.
      { request: 'PUT Ticket/${third}', body: { input: { _link: { link: 1, tickets_id_2: 0 } } }, status: 200 },
      linksOf('third', [['${third}', '${first}', 3]]),
    ]));

  test("a requester cannot link their ticket to one they do not see, so another's ticket is never solved with theirs", async () => {
    await createUser(ctx.api, 'linking-requester', 1, 0, true);
    const requester = await loginAs(ctx.server.api, 'linking-requester');
    const denied = { status: 403, error: 'ERROR_RIGHT_MISSING', message: RIGHT_MISSING, as: requester } as const;
    await scenario(ctx.api, [
      opens('others'),
      opens('mine', requester),
      { request: 'POST Ticket_Ticket/', body: { input: { tickets_id_1: '${mine}', tickets_id_2: '${others}', link: 2 } }, ...denied },
      { request: 'POST Ticket/', body: { input: { name: 'x', content: 'x', _link: { link: 2, tickets_id_2: '${others}' } } }, ...denied },
      linksOf('others', []),
      // Their own two tickets they may link.
      opens('second', requester),
      { ...link('${second}', '${mine}', 2), as: requester },
    ]);
  });

  test('a solution solves the duplicates still open, and theirs; a closed duplicate keeps its state', () => {
    /** The ticket's status, then its solutions' contents. */
    const state = (ticket: string, status: number, solutions: string[]): Step[] => [
      { request: `GET Ticket/\${${ticket}}`, status: 200, answer: { status } },
      { request: `GET Ticket/\${${ticket}}/ITILSolution`, status: 200, check: (res) => expect((res.body as { content: string }[]).map((s) => s.content)).toEqual(solutions) },
    ];
    return scenario(ctx.api, [
      opens('main'),
      opens('copy'),
      creates('copyOfCopy', 'Ticket', { name: 'copy of copy', content: 'x' }),
      opens('closed'),
      opens('related'),
      link('${copy}', '${main}', 2),
      link('${copyOfCopy}', '${copy}', 2),
      link('${closed}', '${main}', 2),
      link('${related}', '${main}', 1),
      { request: 'PUT Ticket/${closed}', body: { input: { status: 6 } }, status: 200 },
      { request: 'POST ITILSolution/', body: { input: { itemtype: 'Ticket', items_id: '${main}', content: 'Replaced the switch.' } }, status: 201 },
      ...state('copy', 5, ['Replaced the switch.']),
      ...state('copyOfCopy', 5, ['Replaced the switch.']),
      ...state('closed', 6, []),
      ...state('related', 1, []),
    ]);
  });
});
