/** The server's time, injectable for tests, and dates as the database and the API write them. */
import { readFileSync } from 'node:fs';

/** Where the server reads the time: everything time-dependent asks the current clock. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

let current: Clock = systemClock;

/** The time now, from the current clock. */
export const now = (): number => current.now();

/** Replaces the clock (tests); returns the previous one. */
export function setClock(clock: Clock): Clock {
  const previous = current;
  current = clock;
  return previous;
}

/**
 * A clock frozen at the epoch milliseconds written in a file, re-read at each use: a test
 * process moves the server's time by rewriting the file (started with `--test-clock <file>`).
 */
export function fileClock(path: string): Clock {
  const read = () => {
    const text = readFileSync(path, 'utf8').trim();
    if (!/^\d+$/.test(text)) throw new Error(`test clock file ${path} must hold epoch milliseconds, not "${text}"`);
    return Number(text);
  };
  read(); // fail at start, not on the first request
  return { now: read };
}

/** `YYYY-MM-DD HH:MM:SS` in the server's local time, as GLPI writes dates. */
export function formatDate(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`;
}

/** The last second nowString formatted: a bulk write asks for the same second thousands of times. */
let formatted = { second: NaN, text: '' };

export function nowString(): string {
  const ms = now();
  const second = Math.floor(ms / 1000);
  if (second !== formatted.second) formatted = { second, text: formatDate(new Date(ms)) };
  return formatted.text;
}
