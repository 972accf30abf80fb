import { beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import type { Client } from '../support/client';
import { useServer } from '../support/server';
import { bulk } from '../search/helpers';

/**
 * Pages deep in id order (from both ends: 200 rows in, see search/page.ts) come from a kept list of the matching ids that writes patch
 * (db/id-lists.ts): after any run of adds, trashings, restores, purges and plain updates, every
 * deep page, both ways and in and out of the trash, is the slice of the whole list read from the
 * first row.
 */

const ctx = useServer();
let glpi: Client;
let ids: number[];

beforeAll(async () => {
  glpi = ctx.api;
  ids = await bulk(glpi, 'Computer', Array.from({ length: 520 }, (_, i) => ({ name: `deep-${i}` })));
});

const listed = async (query: string): Promise<number[]> => {
  const res = await glpi.get('Computer/', { query: `${query}&only_id=true` });
  expect([200, 206]).toContain(res.status);
  return (res.body as { id: number }[]).map((r) => r.id);
};

const op = fc.oneof(
  fc.record({ kind: fc.constant('trash' as const), at: fc.nat(600) }),
  fc.record({ kind: fc.constant('restore' as const), at: fc.nat(600) }),
  fc.record({ kind: fc.constant('purge' as const), at: fc.nat(600) }),
  fc.record({ kind: fc.constant('comment' as const), at: fc.nat(600) }),
  fc.record({ kind: fc.constant('add' as const), count: fc.integer({ min: 1, max: 3 }) }),
);

describe('deep pages in id order', () => {
  test('are the slice of the whole list after any run of writes', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 6 }), fc.nat(60), async (ops, shift) => {
        round++;
        for (const o of ops) {
          if (o.kind === 'add') {
            ids.push(...(await bulk(glpi, 'Computer', Array.from({ length: o.count }, (_, i) => ({ name: `deep-add-${round}-${i}` })))));
            continue;
          }
          const id = ids[o.at % ids.length]!;
          const res =
            o.kind === 'trash' ? await glpi.del(`Computer/${id}`) :
            o.kind === 'purge' ? await glpi.del(`Computer/${id}`, { query: 'force_purge=1' }) :
            await glpi.put(`Computer/${id}`, { input: o.kind === 'restore' ? { is_deleted: 0 } : { comment: `c${round}` } });
          // A purge, or a deletion of an item already in the trash (which purges it), answers 204.
          expect(o.kind === 'purge' ? [204] : o.kind === 'trash' ? [200, 204] : [200]).toContain(res.status);
          if (res.status === 204) ids = ids.filter((other) => other !== id);
        }
        for (const deleted of [0, 1]) {
          const whole = await listed(`range=0-9999&is_deleted=${deleted}`);
          for (const order of ['ASC', 'DESC'] as const) {
            const all = order === 'ASC' ? whole : [...whole].reverse();
            const start = 200 + shift;
            if (start >= all.length) continue;
            const page = await listed(`range=${start}-${start + 9}&order=${order}&is_deleted=${deleted}`);
            expect({ deleted, order, start, page }).toEqual({ deleted, order, start, page: all.slice(start, start + 10) });
          }
        }
      }),
      { numRuns: 25 },
    );
  });
});
