/** The API's error model, as every test checks it. */
import { expect } from 'bun:test';
import type { ApiResponse } from './client';

export const JSON_TYPE = 'application/json; charset=UTF-8';

/** Marks of a leaked stack trace or internal detail. */
const LEAKS = [/\bat\s+\S+\s+\(/, /\.ts:\d+/, /node_modules/, /\bstack\b/i, /SQLITE/i, /TypeError|ReferenceError|SyntaxError/];

export function expectNoLeak(text: string): void {
  for (const leak of LEAKS) expect(text).not.toMatch(leak);
}

type Answer = Pick<ApiResponse, 'status' | 'headers' | 'body' | 'text'>;

/** GLPI's error shape: status, JSON `["CODE", details]`, nothing internal in it (bulk writes detail each element). */
export function expectErrorShape(res: Answer, status: number, code: string): void {
  expect({ status: res.status, code: Array.isArray(res.body) ? res.body[0] : res.text }).toEqual({ status, code });
  expect(res.headers.get('content-type')).toBe(JSON_TYPE);
  expect(res.body).toHaveLength(2);
  expectNoLeak(res.text);
}

/** The API's error model: status, JSON `["CODE", "message"]`, nothing internal in it. */
export function expectError(res: Answer, status: number, code: string): void {
  expectErrorShape(res, status, code);
  expect(typeof res.body[1]).toBe('string');
}

