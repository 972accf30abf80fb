/** The console's depreciation rules (GLPI's Infocom amortization), on hand-computed schedules. */
import { describe, expect, test } from 'bun:test';
import { DECREASING, depreciation, LINEAR, netValue, endAfterMonths } from '../../ui/src/lib/amortization';

const rounded = (rows: ReturnType<typeof depreciation>) => rows?.map((r) => [r.year, +r.start.toFixed(2), +r.annuity.toFixed(2), +r.end.toFixed(2)]);

describe('depreciation', () => {
  test('linear from the use date: the first year prorated on 360 days, the rest in one more year', () => {
    // 15 July: 15 days left in the month + 5 months × 30 = 165 days of a 400 annuity.
    const rows = depreciation({ type: LINEAR, value: 1200, years: 3, coeff: 0, buyDate: '2024-06-01', useDate: '2024-07-15' });
    expect(rounded(rows)).toEqual([
      [2024, 1200, 183.33, 1016.67],
      [2025, 1016.67, 400, 616.67],
      [2026, 616.67, 400, 216.67],
      [2027, 216.67, 216.67, 0],
    ]);
    expect(+netValue(rows!, '2026-03-01').toFixed(2)).toBe(616.67);
    expect(netValue(rows!, '2028-01-01')).toBe(0);
  });

  test('linear from the purchase date when there is no use date; a 30th needs no extra year', () => {
    const rows = depreciation({ type: LINEAR, value: 900, years: 3, coeff: 0, buyDate: '2023-12-30', useDate: null });
    expect(rounded(rows)).toEqual([
      [2023, 900, 300, 600],
      [2024, 600, 300, 300],
      [2025, 300, 300, 0],
    ]);
  });

  test('decreasing: coeff / years on the net value, first year by whole months, linear at the end', () => {
    // 5 years × 2: rate 40 %, ⌊5 / 2⌋ = 2 linear years; bought in October: 3 months of the first year.
    const rows = depreciation({ type: DECREASING, value: 10000, years: 5, coeff: 2, buyDate: '2024-10-20', useDate: '2025-01-01' });
    expect(rounded(rows)).toEqual([
      [2024, 10000, 1000, 9000],
      [2025, 9000, 3600, 5400],
      [2026, 5400, 2160, 3240],
      [2027, 3240, 1620, 1620],
      [2028, 1620, 1620, 0],
    ]);
  });

  test('no schedule without a value, a duration, a date, or with a decreasing coefficient of 1 or less', () => {
    const base = { type: LINEAR, value: 100, years: 2, coeff: 0, buyDate: '2024-01-01', useDate: null };
    expect(depreciation({ ...base, value: 0 })).toBeNull();
    expect(depreciation({ ...base, years: 0 })).toBeNull();
    expect(depreciation({ ...base, buyDate: null })).toBeNull();
    expect(depreciation({ ...base, type: DECREASING, coeff: 1 })).toBeNull();
    expect(depreciation({ ...base, type: 0 })).toBeNull();
  });

  test('warranty end: start plus months; -1 is lifelong', () => {
    expect(endAfterMonths('2024-03-15', 36)).toBe('2027-03-15');
    expect(endAfterMonths('2024-03-15', -1)).toBe('lifelong');
    expect(endAfterMonths(null, 12)).toBeNull();
    expect(endAfterMonths('2024-03-15', 0)).toBeNull();
  });
});
