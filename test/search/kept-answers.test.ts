import { beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import type { Client } from '../support/client';
import { useServer } from '../support/server';
import { createUser, loginAs, unique } from '../rights/fixture';
import { search } from './helpers';

/**
 * Whole search answers are kept and reused (search/answers.ts), past writes to rows of the
 * searched table that neither match nor are shown: every write that can change an answer shows
 * in the next one at once — a row moving into or out of the matches (shown or only counted), a
 * shown row's own value, a shown value joined from another table — and sessions of other scopes
 * get answers of their own.
 */

const ctx = useServer();
let glpi: Client;

beforeAll(() => {
  glpi = ctx.api;
});

interface Answer {
  total: number;
  rows: Record<string, unknown>[];
}

/** Names containing `fragment`, sorted by name, the first `rows` shown with serial (5) and location (3). */
async function answer(client: Client, fragment: string, rows = 1): Promise<Answer> {
  const res = await search(client, 'Computer', {
    criteria: [{ field: 1, searchtype: 'contains', value: fragment }],
    forcedisplay: [1, 5, 3],
    sort: 1,
    order: 'ASC',
    range: `0-${rows - 1}`,
  });
  expect(res.status).toBeLessThan(300);
  return { total: res.body.totalcount, rows: ((res.body.data ?? []) as Record<string, unknown>[]).map((row) => ({ 1: row['1'], 5: row['5'], 3: row['3'] })) };
}

/** The answer asked twice (kept the first time, reused the second): both the same. */
async function kept(client: Client, fragment: string, rows = 1): Promise<Answer> {
  const first = await answer(client, fragment, rows);
  expect(await answer(client, fragment, rows)).toEqual(first);
  return first;
}

const put = async (itemtype: string, id: number, input: Record<string, unknown>) => expect((await glpi.put(`${itemtype}/${id}`, { input })).status).toBe(200);

describe('kept search answers', () => {
  test('follow writes moving rows into and out of the matches, shown or only counted, and shown values of the row and of joined rows', async () => {
    const tag = unique('kept');
    const location = await glpi.create('Location', { name: `${tag}-room` });
    const a = await glpi.create('Computer', { name: `${tag}-b`, serial: 'S-B', locations_id: location });
    const b = await glpi.create('Computer', { name: `${tag}-c`, serial: 'S-C' });
    const c = await glpi.create('Computer', { name: `${tag}-d`, serial: 'S-D' });
    const other = await glpi.create('Computer', { name: unique('elsewhere'), serial: 'S-X' });
    expect(await kept(glpi, tag)).toEqual({ total: 3, rows: [{ 1: `${tag}-b`, 5: 'S-B', 3: `${tag}-room` }] });

    // A row that matches neither before nor after, not shown: the same answer.
    await put('Computer', other, { comment: 'busy' });
    expect(await kept(glpi, tag)).toEqual({ total: 3, rows: [{ 1: `${tag}-b`, 5: 'S-B', 3: `${tag}-room` }] });

    // Into the matches, and first in the order.
    await put('Computer', other, { name: `${tag}-a` });
    expect(await kept(glpi, tag)).toEqual({ total: 4, rows: [{ 1: `${tag}-a`, 5: 'S-X', 3: null }] });

    // Out of the matches, counted but not shown.
    await put('Computer', c, { name: unique('gone') });
    expect(await kept(glpi, tag)).toEqual({ total: 3, rows: [{ 1: `${tag}-a`, 5: 'S-X', 3: null }] });

    // Still matching, not shown, moved in the order: to the first place.
    await put('Computer', b, { name: `${tag}-0` });
    expect(await kept(glpi, tag)).toEqual({ total: 3, rows: [{ 1: `${tag}-0`, 5: 'S-C', 3: null }] });

    // A shown row's own value, then a value joined from another table.
    await put('Computer', b, { serial: 'S-C2', locations_id: location });
    expect(await kept(glpi, tag)).toEqual({ total: 3, rows: [{ 1: `${tag}-0`, 5: 'S-C2', 3: `${tag}-room` }] });
    await put('Location', location, { name: `${tag}-hall` });
    expect(await kept(glpi, tag)).toEqual({ total: 3, rows: [{ 1: `${tag}-0`, 5: 'S-C2', 3: `${tag}-hall` }] });

    // Into the trash, counted but not shown; then back.
    expect((await glpi.del(`Computer/${a}`)).status).toBeLessThan(300);
    expect(await kept(glpi, tag, 5)).toEqual({
      total: 2,
      rows: [
        { 1: `${tag}-0`, 5: 'S-C2', 3: `${tag}-hall` },
        { 1: `${tag}-a`, 5: 'S-X', 3: null },
      ],
    });
    await put('Computer', a, { is_deleted: 0 });
    expect((await kept(glpi, tag, 5)).total).toBe(3);
  });

  test('sessions of other entities get their own answers, which follow rows moved between entities', async () => {
    const tag = unique('scoped');
    const entity = await glpi.create('Entity', { name: unique('kept-entity'), entities_id: 0 });
    const inside = await glpi.create('Computer', { name: `${tag}-in`, entities_id: entity });
    const outside = await glpi.create('Computer', { name: `${tag}-out`, entities_id: 0 });
    const login = unique('kept-tech');
    await createUser(glpi, login, 6, entity);
    const technician = await loginAs(ctx.server.api, login);

    expect(await kept(glpi, tag, 5)).toEqual({ total: 2, rows: [{ 1: `${tag}-in`, 5: null, 3: null }, { 1: `${tag}-out`, 5: null, 3: null }] });
    expect(await kept(technician, tag, 5)).toEqual({ total: 1, rows: [{ 1: `${tag}-in`, 5: null, 3: null }] });

    // A row moved into the technician's entity: it matched before for the super-admin, never for them.
    await put('Computer', outside, { entities_id: entity });
    expect(await kept(technician, tag, 5)).toEqual({ total: 2, rows: [{ 1: `${tag}-in`, 5: null, 3: null }, { 1: `${tag}-out`, 5: null, 3: null }] });
    await put('Computer', inside, { entities_id: 0 });
    expect(await kept(technician, tag, 5)).toEqual({ total: 1, rows: [{ 1: `${tag}-out`, 5: null, 3: null }] });
    expect((await kept(glpi, tag, 5)).total).toBe(2);
  });

  const COMMENTS = ['alpha', 'beta', 'alphabet', 'gamma', ''] as const;
  const FRAGMENTS = ['alp', 'bet', 'amm', 'pha'] as const;
  const ROWS = 8;

  test('every answer asked again after each write is what a plain scan shows: the page of the first two and the count', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...COMMENTS), { minLength: ROWS, maxLength: ROWS }),
        fc.array(fc.record({ row: fc.nat(ROWS - 1), comment: fc.constantFrom(...COMMENTS), trash: fc.boolean() }), { minLength: 4, maxLength: 10 }),
        async (initial, writes) => {
          const tag = `ka${++round}x${Date.now().toString(36)}`;
          const ids: number[] = [];
          for (const [i, comment] of initial.entries()) ids.push(await glpi.create('Computer', { name: `${tag}-${i}`, comment }));
          const comments = [...initial] as string[];
          const trashed = initial.map(() => false);
          const check = async () => {
            for (const fragment of FRAGMENTS) {
              const matches = ids.flatMap((_, i) => (!trashed[i] && comments[i]!.includes(fragment) ? [`${tag}-${i}`] : []));
              const expected = { total: matches.length, names: matches.slice(0, 2) };
              for (let ask = 0; ask < 2; ask++) {
                const res = await search(glpi, 'Computer', {
                  criteria: [
                    { field: 1, searchtype: 'contains', value: tag },
                    { link: 'AND', field: 16, searchtype: 'contains', value: fragment },
                  ],
                  forcedisplay: [1, 16],
                  sort: 1,
                  range: '0-1',
                });
                expect(res.status).toBeLessThan(300);
                const names = ((res.body.data ?? []) as Record<string, unknown>[]).map((row) => row['1']);
                expect({ fragment, total: Number(res.body.totalcount), names }).toEqual({ fragment, ...expected });
              }
            }
          };
          await check();
          for (const w of writes) {
            const id = ids[w.row]!;
            if (w.trash !== trashed[w.row]) {
              const res = w.trash ? await glpi.del(`Computer/${id}`) : await glpi.put(`Computer/${id}`, { input: { is_deleted: 0 } });
              expect(res.status).toBeLessThan(300);
              trashed[w.row] = w.trash;
            } else {
              await put('Computer', id, { comment: w.comment });
              comments[w.row] = w.comment;
            }
            await check();
          }
        },
      ),
      { numRuns: 8 },
    );
  });
});
