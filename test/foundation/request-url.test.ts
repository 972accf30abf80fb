/** The request URL sliced without `new URL()` (server/http/url.ts) gives the path and query `new URL()` gives. */
import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { parseRequestUrl } from '../../server/http/url';

const expected = (raw: string) => {
  const url = new URL(raw);
  return { pathname: url.pathname, search: url.search };
};

test('plain and unusual URLs: the same path and query as new URL()', () => {
  const cases = [
    'http://127.0.0.1:8080/apirest.php/Computer/12',
    'http://127.0.0.1:8080/apirest.php/Computer/?range=0-49&sort=1&order=DESC',
    'http://LOCALHOST:80/apirest.php/',
    'https://example.org:443/apirest.php?',
    'http://[::1]:8080/apirest.php/search/Computer?criteria[0][field]=1&criteria[0][value]=a%20b',
    'http://h/apirest.php/a/../Computer/1',
    'http://h/apirest.php/./Computer/1/.',
    'http://h/apirest.php/Computer/1?x=1#frag',
    "http://h/apirest.php/Computer/?searchText[name]=it's",
    'http://h/apirest.php/Computer/?searchText[name]=a b"c<d>',
    'http://h/apirest.php/Comp\\uter/1',
    'http://h/apirest.php/Ordinateur/é?q=ü',
    'http://h',
    'http://h/%2e%2e/x',
    'http://h/a/.%2E/x',
    'http://h/a/%2e',
    'http://h/apirest.php/..',
  ];
  for (const raw of cases) expect(parseRequestUrl(raw), raw).toEqual(expected(raw));
});

test('the bare target Bun gives when the Host header is missing or unusable: the same path and query', () => {
  for (const target of ['/health', '/apirest.php/Computer/?range=0-1', '/apirest.php/a/../Computer', '//evil.example/x', '/a b?q=é']) {
    expect(parseRequestUrl(target), target).toEqual(expected(`http://h${target}`));
  }
});

test('random paths and queries: the same as new URL()', () => {
  const piece = fc.oneof(fc.stringMatching(/^[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#[\]\\ "<>^`{|}é]{0,12}$/), fc.constantFrom('.', '..', '%2e', '%2E.', 'apirest.php'));
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 6 }), fc.constantFrom('http://127.0.0.1:8080', 'http://Example.COM:80', 'https://h:8443'), (parts, origin) => {
      const raw = `${origin}/${parts.join('/')}`;
      expect(parseRequestUrl(raw)).toEqual(expected(raw));
    }),
    { numRuns: 3000 },
  );
});

test('a URL asked again gets the same frozen answer; a long one is cut each time, to the same parts', () => {
  const url = 'http://127.0.0.1:8080/apirest.php/search/Computer?criteria[0][field]=1&range=0-49';
  const first = parseRequestUrl(url);
  expect(parseRequestUrl(url)).toBe(first);
  expect(Object.isFrozen(first)).toBe(true);
  expect(first).toEqual(expected(url));
  const long = `http://h/apirest.php/Computer/?searchText[name]=${'x'.repeat(600)}`;
  expect(parseRequestUrl(long)).not.toBe(parseRequestUrl(long));
  expect(parseRequestUrl(long)).toEqual(expected(long));
});
