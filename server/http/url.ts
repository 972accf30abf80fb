/** The parts of a request URL the server reads. */
export interface RequestUrl {
  origin: string;
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

/** Origins as `new URL()` normalises them (host lower-cased, default port dropped), by raw text. */
const origins = new Map<string, string>();
const MAX_ORIGINS = 64;

function originOf(raw: string): string {
  let origin = origins.get(raw);
  if (origin === undefined) {
    // The Host header is the client's: keep the map small whatever it sends.
    if (origins.size >= MAX_ORIGINS) origins.clear();
    origin = new URL(raw).origin;
    origins.set(raw, origin);
  }
  return origin;
}

/**
 * `request.url` cut into origin, path and query, as `new URL()` would give them, without building
 * a URL object per request (it showed in the profile): plain URLs are sliced, others parsed.
 */
export function parseRequestUrl(url: string): RequestUrl {
  const scheme = url.indexOf('://');
  const pathStart = scheme < 0 ? -1 : url.indexOf('/', scheme + 3);
  const rest = pathStart < 0 ? '' : url.slice(pathStart);
  if (pathStart < 0 || !PLAIN.test(rest)) return fromUrl(new URL(url));
  const queryStart = rest.indexOf('?');
  const pathname = queryStart < 0 ? rest : rest.slice(0, queryStart);
  if (DOT_SEGMENT.test(pathname)) return fromUrl(new URL(url));
  const search = queryStart < 0 || queryStart === rest.length - 1 ? '' : rest.slice(queryStart);
  return { origin: originOf(url.slice(0, pathStart)), pathname, search };
}

function fromUrl(url: URL): RequestUrl {
  return { origin: url.origin, pathname: url.pathname, search: url.search };
}
