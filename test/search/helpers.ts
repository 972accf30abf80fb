import { expect } from 'bun:test';
import type { ApiResponse, Client } from '../support/client';

/** PHP-style query string: `{criteria: [{field: 1}]}` → `criteria[0][field]=1`. */
export function toQuery(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  const walk = (prefix: string, value: unknown) => {
    if (value === undefined) return;
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(`${prefix}[${k}]`, v);
      return;
    }
    pairs.push(`${prefix}=${encodeURIComponent(String(value ?? ''))}`);
  };
  for (const [k, v] of Object.entries(params)) walk(k, v);
  return pairs.join('&');
}

export interface Criterion {
  link?: string;
  field?: number | string;
  searchtype?: string;
  value?: string | number;
  meta?: boolean | string;
  itemtype?: string;
  criteria?: Criterion[];
}

export async function search(client: Client, itemtype: string, params: Record<string, unknown> = {}): Promise<ApiResponse> {
  return client.get(`search/${itemtype}`, { query: toQuery(params) });
}

/** The values of one column of a successful search, in row order. */
export async function column(client: Client, itemtype: string, field: number | string, params: Record<string, unknown> = {}): Promise<unknown[]> {
  const res = await search(client, itemtype, { range: '0-999', ...params });
  expect(res.status).toBeLessThan(300);
  return (res.body.data as Record<string, unknown>[]).map((row) => row[String(field)]);
}

/** Names (option 1) of the rows matching some criteria, sorted for comparison. */
export async function names(client: Client, itemtype: string, criteria: Criterion[], extra: Record<string, unknown> = {}): Promise<string[]> {
  const res = await search(client, itemtype, { criteria, range: '0-999', forcedisplay: [1], ...extra });
  if (res.status >= 300) throw new Error(`search ${itemtype} failed: ${res.status} ${res.text}`);
  return (res.body.data as Record<string, unknown>[]).map((row) => String(row['1'])).sort();
}

export function expectError(res: ApiResponse, status: number, code: string, message?: string | RegExp): void {
  expect({ status: res.status, code: Array.isArray(res.body) ? res.body[0] : res.text }).toEqual({ status, code });
  if (message === undefined) return;
  if (typeof message === 'string') expect(String(res.body[1])).toStartWith(message);
  else expect(String(res.body[1])).toMatch(message);
}

/** Creates several items in one request and returns their ids in order. */
export async function bulk(client: Client, itemtype: string, inputs: Record<string, unknown>[]): Promise<number[]> {
  const res = await client.post(`${itemtype}/`, { input: inputs });
  if (res.status !== 201) throw new Error(`bulk create ${itemtype} failed: ${res.status} ${res.text}`);
  return (res.body as { id: number }[]).map((r) => r.id);
}

export const USER_PASSWORD = 'Search-test-pw-1';

/** A user with one profile on one entity (recursive by default). */
export async function createUser(glpi: Client, name: string, profileId: number, entityId: number, recursive = true): Promise<number> {
  return glpi.create('User', {
    name,
    password: USER_PASSWORD,
    password2: USER_PASSWORD,
    _profiles_id: profileId,
    _entities_id: entityId,
    _is_recursive: recursive ? 1 : 0,
  });
}

/** Keys of the first data row, in the order they were written (JSON.parse reorders numeric keys). */
export function firstRowKeys(text: string): string[] {
  const start = text.indexOf('"data":[{');
  const row = text.slice(start + 9, text.indexOf('}', start));
  return [...row.matchAll(/"([^"]+)":/g)].map((m) => m[1]!);
}
