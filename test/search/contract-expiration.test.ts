/**
 * A contract's expiration (12) as GLPI shows it: its start plus its duration, and for a tacitly
 * renewed contract, pushed by whole durations until it ends after today. The server runs on a
 * frozen clock, so "today" is the test's.
 */
import { describe, expect, test } from 'bun:test';
import { TestClock } from '../support/clock';
import { useServer } from '../support/server';
import { uniq } from '../items/fixtures';
import { search } from './helpers';

// 15 January 2026, 10:00 in the server's zone.
const clock = new TestClock(new Date(2026, 0, 15, 10, 0, 0).getTime());
const ctx = useServer({}, clock.args);

const TACIT = 1;
const EXPRESS = 2;

async function expiration(input: Record<string, unknown>): Promise<unknown> {
  const id = await ctx.api.create('Contract', { name: uniq('contract'), ...input });
  const res = await search(ctx.api, 'Contract', { criteria: [{ field: 2, searchtype: 'equals', value: id }], forcedisplay: [12] });
  expect(res.status).toBe(200);
  return res.body.data[0]['12'];
}

describe('contract expiration (12)', () => {
  test('without tacit renewal: the start plus the duration, even when past', async () => {
    expect(await expiration({ begin_date: '2020-03-10', duration: 12 })).toBe('2021-03-10');
    expect(await expiration({ begin_date: '2020-03-10', duration: 12, renewal: EXPRESS })).toBe('2021-03-10');
    expect(await expiration({ begin_date: '2025-06-01', duration: 12, renewal: TACIT })).toBe('2026-06-01');
  });

  test('a tacitly renewed contract ends at the first period end after today', async () => {
    expect(await expiration({ begin_date: '2020-03-10', duration: 12, renewal: TACIT })).toBe('2026-03-10');
    expect(await expiration({ begin_date: '2025-06-01', duration: 6, renewal: TACIT })).toBe('2026-06-01');
    expect(await expiration({ begin_date: '2019-11-20', duration: 2, renewal: TACIT })).toBe('2026-01-20');
    // A period ending today is over (GLPI renews while now is past the end date).
    expect(await expiration({ begin_date: '2025-01-15', duration: 12, renewal: TACIT })).toBe('2027-01-15');
    // Month ends as MariaDB counts months (31 August + 6 months is the end of February).
    expect(await expiration({ begin_date: '2024-08-31', duration: 6, renewal: TACIT })).toBe('2026-02-28');
  });

  test('no start or no duration: as without renewal', async () => {
    expect(await expiration({ duration: 12, renewal: TACIT })).toBeNull();
    expect(await expiration({ begin_date: '2020-03-10', duration: 0, renewal: TACIT })).toBe('2020-03-10');
  });

  test('follows the clock', async () => {
    const id = await ctx.api.create('Contract', { name: uniq('contract'), begin_date: '2025-12-16', duration: 1, renewal: TACIT });
    const shown = async () => (await search(ctx.api, 'Contract', { criteria: [{ field: 2, searchtype: 'equals', value: id }], forcedisplay: [12] })).body.data[0]['12'];
    expect(await shown()).toBe('2026-01-16');
    // The next morning (within the session's idle time), that period is over.
    clock.advance(20 * 3600 * 1000);
    expect(await shown()).toBe('2026-02-16');
  });
});
