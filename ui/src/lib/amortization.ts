/**
 * Depreciation of an asset as GLPI's financial information shows it (Infocom `sink_type`,
 * `sink_time` years, `sink_coeff`), written from GLPI's rules:
 * - linear (2): the value over `sink_time` equal annuities; the first year is prorated in days on a
 *   360-day year (30-day months) from the use date (the purchase date when unset) to the end of the
 *   fiscal year, and the remainder is written off in one more year;
 * - decreasing (1): a rate of `coeff / sink_time` on the net value, the first year prorated in
 *   whole months from the purchase month to the end of the fiscal year; the last
 *   ⌊sink_time / coeff⌋ years switch to equal annuities of what is left.
 * Deskbase's fiscal year ends on 31 December (GLPI's default `date_tax`).
 */
export const LINEAR = 2;
export const DECREASING = 1;

export interface DepreciationYear {
  year: number;
  /** Net value at the start of the fiscal year. */
  start: number;
  annuity: number;
  /** Net value at its end. */
  end: number;
}

export interface DepreciationInput {
  type: number;
  value: number;
  years: number;
  coeff: number;
  /** YYYY-MM-DD (or longer) dates; empty or null when unknown. */
  buyDate: string | null;
  useDate: string | null;
}

const FISCAL_END = { month: 12, day: 31 };

function dateParts(date: string | null): { y: number; m: number; d: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date ?? '');
  if (!m || m[1] === '0000') return null;
  return { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
}

/** The year-by-year schedule, or null when GLPI shows none (no value, duration, date, or a decreasing coefficient ≤ 1). */
export function depreciation(input: DepreciationInput): DepreciationYear[] | null {
  const { type, value, years, coeff } = input;
  if (!(value > 0) || !(years > 0)) return null;
  if (type === LINEAR) return linear(value, years, dateParts(input.useDate) ?? dateParts(input.buyDate));
  if (type === DECREASING && coeff > 1) return decreasing(value, years, coeff, dateParts(input.buyDate));
  return null;
}

/** Months from `m` to the fiscal year's end month (the end month of the next year when it is already past). */
const monthsToFiscalEnd = (m: number) => (m > FISCAL_END.month ? FISCAL_END.month + 12 : FISCAL_END.month) - m;

function linear(value: number, years: number, from: { y: number; m: number; d: number } | null): DepreciationYear[] | null {
  if (!from) return null;
  const fiscalDayGap = FISCAL_END.day < 30 ? 30 - FISCAL_END.day : 0;
  const days = 30 - from.d + monthsToFiscalEnd(from.m) * 30 - fiscalDayGap;
  const annuity = value / years;
  const count = days > 0 ? years + 1 : years;
  const out: DepreciationYear[] = [];
  let net = value;
  for (let i = 0; i < count; i++) {
    let paid = i === 0 && days > 0 ? (annuity * days) / 360 : annuity;
    // A prorated first year leaves a remainder, written off in the extra last year.
    if (days > 0 && i === count - 1) paid = net;
    const end = Math.abs(net - paid);
    out.push({ year: from.y + i, start: net, annuity: paid, end });
    net = end;
  }
  return out;
}

function decreasing(value: number, years: number, coeff: number, from: { y: number; m: number; d: number } | null): DepreciationYear[] | null {
  if (!from) return null;
  const rate = coeff / years;
  const linearYears = Math.trunc(years / coeff);
  const decreasingYears = years - linearYears;
  const firstShare = (monthsToFiscalEnd(from.m) + 1) / 12;
  const out: DepreciationYear[] = [];
  let net = value;
  for (let i = 0; i < decreasingYears; i++) {
    const paid = i === 0 ? value * rate * firstShare : net * rate;
    out.push({ year: from.y + i, start: net, annuity: paid, end: net - paid });
    net -= paid;
  }
  const annuity = linearYears > 0 ? net / linearYears : net;
  for (let i = 0; i < linearYears; i++) {
    const end = Math.abs(net - annuity);
    out.push({ year: from.y + decreasingYears + i, start: net, annuity, end });
    net = end;
  }
  return out;
}

/**
 * The net book value on `today` (YYYY-MM-DD), as GLPI shows it: the start-of-year value of the
 * current fiscal year (its end value once the fiscal year is over); 0 when the current year is
 * not in the schedule (fully depreciated).
 */
export function netValue(schedule: DepreciationYear[], today: string): number {
  const now = dateParts(today);
  const row = now && schedule.find((r) => r.year === now.y);
  if (!now || !row) return 0;
  const afterFiscalEnd = now.m > FISCAL_END.month || (now.m === FISCAL_END.month && now.d > FISCAL_END.day);
  return afterFiscalEnd ? row.end : row.start;
}

/** A warranty's (or a contract's) end: its start plus its duration in months (GLPI's date arithmetic: the same day, months later); -1 months is lifelong. */
export function endAfterMonths(start: string | null, months: number): string | null | 'lifelong' {
  if (months === -1) return 'lifelong';
  const from = dateParts(start);
  if (!from || !(months > 0)) return null;
  // Date.UTC rolls days past a month's end over, as PHP's strtotime does (31 Jan + 1 month = 3 Mar or 2 Mar).
  const date = new Date(Date.UTC(from.y, from.m - 1 + months, from.d));
  return date.toISOString().slice(0, 10);
}
