/** The server's time, injectable for tests, and dates as the database and the API write them. */
import { readFileSync } from 'node:fs';
import { machineZoneName, zone, type Zone } from './zone';

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

/**
 * The data zone: every date Deskbase stores is wall-clock text in this one zone (GLPI's
 * `timezone` when the folder was imported, else the zone of the machine that created it, kept as
 * the `data_timezone` setting). Writers format the clock in it, clock-driven actions read stored
 * dates in it; the process's own TZ plays no part once the server has read the setting.
 */
let dataZone: Zone = zone(machineZoneName());

/** Sets the data zone (at start, from the data folder's setting); throws RangeError for an unknown name. */
export function setDataZone(name: string): void {
  dataZone = zone(name);
  formatted = { second: NaN, text: '' };
}

export const currentDataZone = (): Zone => dataZone;

/** `YYYY-MM-DD HH:MM:SS` in the data zone, as GLPI writes dates. */
export function formatDate(date: Date): string {
  return dataZone.format(date.getTime());
}

/** The instant (ms) of a stored wall-clock date (data zone), or null when it is not one. */
export function parseDate(text: string): number | null {
  return dataZone.instant(text);
}

/** The last second nowString formatted: a bulk write asks for the same second thousands of times. */
let formatted = { second: NaN, text: '' };

export function nowString(): string {
  const ms = now();
  const second = Math.floor(ms / 1000);
  if (second !== formatted.second) formatted = { second, text: dataZone.format(second * 1000) };
  return formatted.text;
}
