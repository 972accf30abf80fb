/** The due-date arithmetic of service levels on its own: calendars, holidays, days and hours. */
import { expect, test } from 'bun:test';
import { dueDate, type WorkCalendar } from '../../server/itil/agreement-dates';

const HOUR = 3600;
/** Monday to Friday, 09:00-17:00. */
const weekdays: WorkCalendar = { segments: [1, 2, 3, 4, 5].map((day) => ({ day, begin: 9 * HOUR, end: 17 * HOUR })), holidays: [] };
const hours = (n: number) => ({ seconds: n * HOUR, inDays: false, endOfWorkingDay: false });
const days = (n: number, endOfWorkingDay = false) => ({ seconds: n * 24 * HOUR, inDays: true, endOfWorkingDay });

test('without a calendar, or with one that has no working period, the delay is plain time', () => {
  expect(dueDate('2026-12-31 23:30:00', hours(1), null)).toBe('2027-01-01 00:30:00');
  expect(dueDate('2026-12-31 23:30:00', hours(1), { segments: [], holidays: [] })).toBe('2027-01-01 00:30:00');
  expect(dueDate('not a date', hours(1), null)).toBeNull();
});

test('working hours: a start before opening counts from the opening, a start on Saturday from Monday', () => {
  expect(dueDate('2026-01-14 07:00:00', hours(2), weekdays)).toBe('2026-01-14 11:00:00');
  expect(dueDate('2026-01-17 10:00:00', hours(9), weekdays)).toBe('2026-01-20 10:00:00');
});

test('a perpetual holiday comes back every year, across the year end too', () => {
  const calendar = { ...weekdays, holidays: [{ begin: '2019-12-31', end: '2020-01-01', perpetual: true }] };
  // Wednesday 31 December 2025 and Thursday 1 January 2026 are off.
  expect(dueDate('2025-12-30 16:00:00', hours(2), calendar)).toBe('2026-01-02 10:00:00');
});

test('working days keep the time of day, end at the last working hour at the latest, or at the end of the day when asked', () => {
  expect(dueDate('2026-01-15 10:00:00', days(1), weekdays)).toBe('2026-01-16 10:00:00');
  expect(dueDate('2026-01-15 10:00:00', days(2), weekdays)).toBe('2026-01-19 10:00:00');
  expect(dueDate('2026-01-15 18:30:00', days(1), weekdays)).toBe('2026-01-16 17:00:00');
  expect(dueDate('2026-01-15 10:00:00', days(1, true), weekdays)).toBe('2026-01-16 17:00:00');
  // Saturday: from Monday's opening.
  expect(dueDate('2026-01-17 12:00:00', days(1), weekdays)).toBe('2026-01-20 09:00:00');
});

test('a calendar whose every day is off gives no date', () => {
  const never = { ...weekdays, holidays: [{ begin: '2000-01-01', end: '2000-12-31', perpetual: true }] };
  expect(dueDate('2026-01-15 10:00:00', hours(1), never)).toBeNull();
  expect(dueDate('2026-01-15 10:00:00', days(1), never)).toBeNull();
});
