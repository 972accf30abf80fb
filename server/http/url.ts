/** The parts of a request URL the server reads: never its origin, which comes from the client's Host header. */
export interface RequestUrl {
  pathname: string;
  /** `?…` or '' */
  search: string;
}

/**
 * Characters a path or query may hold for `new URL()` to keep it as it is: anything else (a
 * space, a quote, a backslash, a non-ASCII letter…) goes through `new URL()`, which would encode it.
 */
const PLAIN = /^[A-Za-z0-9\-._~!$&()*+,;=:@/%?[\]]*$/;
/** Dot segments (`/./`, `/../`, a trailing `/.`, also written `%2e`) are resolved by `new URL()`. */
const DOT_SEGMENT = /\/(?:\.|%2e)(?:\.|%2e)?(?:\/|$)/i;

/**
 * `request.url` cut into path and query, as `new URL()` would give them, without building a URL
 * object per request (it showed in the profile): plain URLs are sliced, others parsed. Bun gives
 * an absolute URL built on the Host header, or the bare target (`/health`) when the request has no
 * usable Host (HTTP/1.0, empty or malformed): both are read the same way.
 */
export function parseRequestUrl(url: string): RequestUrl {
  const scheme = url.indexOf('://');
  const pathStart = scheme < 0 ? (url.startsWith('/') ? 0 : -1) : url.indexOf('/', scheme + 3);
  const rest = pathStart < 0 ? '' : url.slice(pathStart);
  if (!PLAIN.test(rest)) return parsed(rest);
  const queryStart = rest.indexOf('?');
  const pathname = queryStart < 0 ? rest : rest.slice(0, queryStart);
  if (pathname === '' || DOT_SEGMENT.test(pathname)) return parsed(rest);
  const search = queryStart < 0 || queryStart === rest.length - 1 ? '' : rest.slice(queryStart);
  return { pathname, search };
}

/** The path and query as `new URL()` normalises them (on a fixed origin: the path stays a path). */
function parsed(rest: string): RequestUrl {
  const url = new URL(`http://localhost${rest}`);
  return { pathname: url.pathname, search: url.search };
}
