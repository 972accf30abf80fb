/** The API's error model, as every test checks it. */
import { expect } from 'bun:test';
import type { ApiResponse } from './client';

export const JSON_TYPE = 'application/json; charset=UTF-8';

/** Marks of a leaked stack trace or internal detail. */
const LEAKS = [/\bat\s+\S+\s+\(/, /\.ts:\d+/, /node_modules/, /\bstack\b/i, /SQLITE/i, /TypeError|ReferenceError|SyntaxError/];

export function expectNoLeak(text: string): void {
  for (const leak of LEAKS) expect(text).not.toMatch(leak);
}

/** The API's error model: status, JSON `["CODE", "message"]`, nothing internal in it. */
export function expectError(res: Pick<ApiResponse, 'status' | 'headers' | 'body' | 'text'>, status: number, code: string): void {
  expect({ status: res.status, code: Array.isArray(res.body) ? res.body[0] : res.text }).toEqual({ status, code });
  expect(res.headers.get('content-type')).toBe(JSON_TYPE);
  expect(Array.isArray(res.body)).toBe(true);
  expect(res.body).toHaveLength(2);
  expect(typeof res.body[1]).toBe('string');
  expectNoLeak(res.text);
}

