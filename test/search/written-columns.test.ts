import { beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import type { Client } from '../support/client';
import { useServer } from '../support/server';
import { bulk, search } from './helpers';

/**
 * A kept search answer stays through updates of rows it does not show in columns its test does
 * not read, without testing those rows again (server/search/answers.ts); an update of a column
 * it reads, of a row it shows, or an insert, is looked at. On one serving thread, where a write's
 * columns are known: every answer, asked again after each write, is what a plain scan answers.
 */

const ctx = useServer();
let glpi: Client;

beforeAll(() => {
  glpi = ctx.api;
});

const ROWS = 8;
const WORDS = ['red', 'green', 'reed', 'blue'] as const;

type Row = {
  name: string;
  comment: string;
};

type Write = { kind: 'name' | 'comment'; row: number; word: string } | { kind: 'add'; word: string };

/** The ids whose `field` contains `fragment`, as a plain scan finds them. */
const scan = (ids: number[], rows: Row[], field: keyof Row, fragment: string) => ids.filter((_, i) => rows[i]![field].includes(fragment)).sort((a, b) => a - b);

async function found(tag: string, field: 1 | 16, fragment: string): Promise<number[]> {
  const res = await search(glpi, 'Computer', {
    criteria: [
      { field: 1, searchtype: 'contains', value: tag },
      { link: 'AND', field, searchtype: 'contains', value: fragment },
    ],
    forcedisplay: [2],
    range: '0-999',
  });
  expect(res.status).toBeLessThan(300);
  return ((res.body.data ?? []) as Record<string, unknown>[]).map((r) => Number(r['2'])).sort((a, b) => a - b);
}

describe('kept search answers under updates of some columns', () => {
  test('each answer, asked again after every write, is what a plain scan answers', async () => {
    let round = 0;
    const write = fc.oneof(
      fc.record({ kind: fc.constantFrom('name' as const, 'comment' as const), row: fc.nat(ROWS - 1), word: fc.constantFrom(...WORDS) }),
      fc.record({ kind: fc.constant('add' as const), word: fc.constantFrom(...WORDS) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...WORDS), { minLength: ROWS, maxLength: ROWS }), fc.array(write, { minLength: 6, maxLength: 14 }), async (initial, writes: Write[]) => {
        const tag = `wc${++round}x${Date.now().toString(36)}`;
        const rows: Row[] = initial.map((word, i) => ({ name: `${tag}-${i}-${word}`, comment: word }));
        const ids = await bulk(glpi, 'Computer', rows);
        // By name (the test reads the name) and by comment (it reads the comment), each kept from the start.
        const check = async (step: number) => {
          for (const fragment of ['re', 'ee']) {
            expect({ step, fragment, byName: await found(tag, 1, fragment) }).toEqual({ step, fragment, byName: scan(ids, rows, 'name', fragment) });
            expect({ step, fragment, byComment: await found(tag, 16, fragment) }).toEqual({ step, fragment, byComment: scan(ids, rows, 'comment', fragment) });
          }
        };
        await check(0);
        for (const [step, w] of writes.entries()) {
          if (w.kind === 'add') {
            const row = { name: `${tag}-${ids.length}-${w.word}`, comment: w.word };
            ids.push(...(await bulk(glpi, 'Computer', [row])));
            rows.push(row);
          } else {
            const value = w.kind === 'name' ? `${tag}-${w.row}-${w.word}` : w.word;
            const res = await glpi.put(`Computer/${ids[w.row]}`, { input: { [w.kind]: value } });
            expect(res.status).toBe(200);
            rows[w.row] = { ...rows[w.row]!, [w.kind]: value };
          }
          await check(step + 1);
        }
        await glpi.del('Computer/', { body: { input: ids.map((id) => ({ id })), force_purge: true } });
      }),
      { numRuns: 12 },
    );
  });
});
