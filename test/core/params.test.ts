import { describe, expect, test } from 'bun:test';
import { paramsKey, parseQueryString, queryParams, withBody } from '../../server/core/params';
import { ApiError } from '../../server/core/errors';

const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

function refusal(query: string): [number, string, string] {
  try {
    parseQueryString(query);
  } catch (error) {
    if (error instanceof ApiError) return [error.status, error.code, String(error.detail)];
    throw error;
  }
  throw new Error('not refused');
}

describe('form and query parsing', () => {
  test('`[]` takes one past the largest integer key of its container, as PHP does', () => {
    expect(plain(parseQueryString('a[5]=x&a[]=y&a[k]=z&a[]=w&b[c][]=1&b[c][]=2&b[]=3'))).toEqual({
      a: { 5: 'x', 6: 'y', k: 'z', 7: 'w' },
      b: { c: { 0: '1', 1: '2' }, 0: '3' },
    });
  });

  test('a container replaced by a value and built again counts from 0', () => {
    expect(plain(parseQueryString('a[]=1&a[]=2&a=s&a[]=3'))).toEqual({ a: { 0: '3' } });
  });

  test('20 000 appended values keep their order and indexes', () => {
    const parsed = parseQueryString(Array.from({ length: 20_000 }, (_, i) => `a[]=${i}`).join('&'));
    const list = parsed.a as Record<string, string>;
    expect(Object.keys(list).length).toBe(20_000);
    expect([list['0'], list['12345'], list['19999']]).toEqual(['0', '12345', '19999']);
  });

  test('more than 20 000 pairs or 12 levels are refused with a 400', () => {
    expect(refusal(Array<string>(20_001).fill('a=1').join('&'))).toEqual([400, 'ERROR', 'too many parameters (at most 20000)']);
    expect(refusal(`a${'[]'.repeat(12)}=1`)).toEqual([400, 'ERROR', 'parameter nesting deeper than 12 levels']);
    expect(plain(parseQueryString(`a${'[x]'.repeat(11)}=1`)).a.x.x.x.x.x.x.x.x.x.x.x).toBe('1');
  });
});

describe('query parameters shared between requests', () => {
  test('the same query string gives the same frozen parameters, nested objects included', () => {
    const first = queryParams('?criteria[0][field]=1&criteria[0][value]=PC&range=0-49');
    expect(queryParams('?criteria[0][field]=1&criteria[0][value]=PC&range=0-49')).toBe(first);
    expect(plain(first)).toEqual({ criteria: { 0: { field: '1', value: 'PC' } }, range: '0-49' });
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen((first.criteria as Record<string, unknown>)['0'])).toBe(true);
    expect(() => {
      (first as Record<string, unknown>).range = '0-9';
    }).toThrow(TypeError);
  });

  test("a body's keys go over a copy: the shared parameters stay as the query string says", () => {
    const query = queryParams('?range=0-49&expand_dropdowns=true');
    const merged = withBody(query, { range: '50-99', input: { name: 'x' } });
    expect(plain(merged)).toEqual({ range: '50-99', expand_dropdowns: 'true', input: { name: 'x' } });
    expect(plain(query)).toEqual({ range: '0-49', expand_dropdowns: 'true' });
    expect(withBody(query, {})).toBe(query);
  });

  test('the key text leaves the tokens out, and is the same for equal parameters', () => {
    const withToken = queryParams('?session_token=abc&range=0-9&x[app_token]=d');
    expect(paramsKey(withToken)).toBe('{"range":"0-9","x":{}}');
    expect(paramsKey(withBody(queryParams('?range=0-9'), { session_token: 'other' }))).toBe('{"range":"0-9"}');
  });

  test('a query string too long to keep is parsed each time, frozen as well', () => {
    const long = `?a=${'x'.repeat(2000)}`;
    const first = queryParams(long);
    expect(queryParams(long)).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => queryParams(`?a${'[b]'.repeat(13)}=1`)).toThrow(ApiError);
  });
});
