import { beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { Client } from '../support/client';
import { useServer } from '../support/server';
import { bulk, search, toQuery } from './helpers';

/**
 * Reads answered while writes run are still exact: every answer is what a plain scan of the
 * rows answers in one state between the last write acknowledged before the read was sent and the
 * last write sent before its answer came (the caches, the per-table and per-row write counters that narrow their
 * invalidation, and on two serving threads the read snapshots, may never mix two states nor keep
 * an older one). A writer updates random computers one after another while readers search,
 * list and get them concurrently.
 */

// Two request-serving threads: reads are served beside another thread's write transactions.
const ctx = useServer({}, ['--threads', '2']);
let glpi: Client;
let reader: Client;

const COMMENTS = ['alpha', 'beta', 'alphabet', 'gamma', ''] as const;
const FRAGMENTS = ['alp', 'bet', 'amm', 'pha'] as const;
const ROWS = 12;

beforeAll(async () => {
  glpi = ctx.api;
  reader = await new Client(ctx.server.api).login();
});

type State = readonly string[];

/** The rows' comments after each write: states[k] once k writes are done. */
function statesOf(initial: State, writes: { row: number; comment: string }[]): State[] {
  const states: State[] = [initial];
  for (const w of writes) states.push(states.at(-1)!.map((c, i) => (i === w.row ? w.comment : c)));
  return states;
}

/** The ids a plain scan finds: comment containing the fragment (ASCII case-insensitive). */
const scan = (ids: number[], state: State, fragment: string) => ids.filter((_, i) => state[i]!.toLowerCase().includes(fragment.toLowerCase()));

describe('reads under a steady writer', () => {
  test('searches, lists, counts and getItem each answer one state between the writes around them', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...COMMENTS), { minLength: ROWS, maxLength: ROWS }),
        fc.array(fc.record({ row: fc.nat(ROWS - 1), comment: fc.constantFrom(...COMMENTS) }), { minLength: 8, maxLength: 16 }),
        async (initial, writes) => {
          const tag = `cw${++round}x${Date.now().toString(36)}`;
          const ids = await bulk(glpi, 'Computer', initial.map((comment, i) => ({ name: `${tag}-${i}`, comment })));
          const states = statesOf(initial, writes);
          let sent = 0;
          let acked = 0;
          let writing = true;
          const writer = (async () => {
            for (const w of writes) {
              sent++;
              const res = await glpi.put(`Computer/${ids[w.row]}`, { input: { comment: w.comment } });
              expect(res.status).toBe(200);
              acked++;
            }
            writing = false;
          })();
          /** Runs `read` until the writer is done (and once more after); `check` judges each answer against the states it may show. */
          const readLoop = async (read: (i: number) => Promise<(candidates: State[]) => boolean>) => {
            for (let i = 0; writing || i === 0; i++) {
              const lo = acked;
              const judge = await read(i);
              const hi = sent;
              expect({ i, lo, hi, ok: judge(states.slice(lo, hi + 1)) }).toEqual({ i, lo, hi, ok: true });
            }
          };
          const searches = readLoop(async (i) => {
            const fragment = FRAGMENTS[i % FRAGMENTS.length]!;
            const res = await search(reader, 'Computer', {
              criteria: [
                { field: 1, searchtype: 'contains', value: tag },
                { link: 'AND', field: 16, searchtype: 'contains', value: fragment },
              ],
              forcedisplay: [2],
              range: '0-999',
            });
            expect(res.status).toBeLessThan(300);
            const found = ((res.body.data ?? []) as Record<string, unknown>[]).map((r) => Number(r['2'])).sort((a, b) => a - b);
            const total = Number(res.body.totalcount);
            return (candidates) => candidates.some((s) => JSON.stringify(scan(ids, s, fragment)) === JSON.stringify(found) && total === found.length);
          });
          const lists = readLoop(async (i) => {
            const fragment = FRAGMENTS[(i + 1) % FRAGMENTS.length]!;
            const res = await reader.get('Computer/', { query: `${toQuery({ searchText: { name: tag, comment: fragment } })}&range=0-999&only_id=true` });
            expect(res.status).toBeLessThan(300);
            const found = ((res.body ?? []) as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
            const total = Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1] ?? 0);
            return (candidates) => candidates.some((s) => JSON.stringify(scan(ids, s, fragment)) === JSON.stringify(found) && total === found.length);
          });
          const items = readLoop(async (i) => {
            const row = (i * 5) % ROWS;
            const res = await reader.get(`Computer/${ids[row]}`);
            expect(res.status).toBe(200);
            const comment = String(res.body.comment ?? '');
            return (candidates) => candidates.some((s) => s[row] === comment);
          });
          await Promise.all([writer, searches, lists, items]);
          await glpi.del('Computer/', { body: { input: ids.map((id) => ({ id })), force_purge: true } });
        },
      ),
      { numRuns: 6 },
    );
  });
});
