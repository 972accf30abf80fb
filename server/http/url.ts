/** The parts of a request URL the server reads: never its origin, which comes from the client's Host header. */
export interface RequestUrl {
  readonly pathname: string;
  /** `?…` or '' */
  readonly search: string;
}

/**
 * The URLs asked lately, cut: clients ask the same ones again and again, and the same path and
 * query strings then come back too, whose look-ups downstream (path segments, parsed query) reuse
 * their hash. Bounded: emptied when full, and only short URLs are kept (this runs before the
 * session is known).
 */
const cutUrls = new Map<string, RequestUrl>();
const MAX_URLS = 4096;
const MAX_KEPT_URL = 512;

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
  // Each URL is cut once (see cutUrls) into a frozen answer that requests share.
  if (url.length > MAX_KEPT_URL) return cut(url);
  let found = cutUrls.get(url);
  if (found === undefined) {
    if (cutUrls.size >= MAX_URLS) cutUrls.clear();
    cutUrls.set(url, (found = Object.freeze(cut(url))));
  }
  return found;
}

function cut(url: string): RequestUrl {
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
