import type { Services } from '../auth/services';
import { BodyWithoutSession, MAX_BODY_WITHOUT_SESSION, MAX_MULTIPART_BODY, readBody, type ParsedBody } from './body';
import { sessionTokenOf, type Reply, type RequestContext } from '../api/context';
import { corsHeaders } from './cors';
import { ApiError, errors } from '../core/errors';
import { translate } from '../core/messages';
import { queryParams, withBody } from '../core/params';
import { logError } from './log';
import { refuseUnreadBody, route } from './router';
import { inReadSnapshot } from '../db/connection';
import type { RequestUrl } from './url';

/** On every API answer: the declared type only (no sniffing), and never inside another site's frame. */
export const API_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
};

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=UTF-8',
  'Cache-Control': 'no-store, no-cache, must-revalidate',
  Expires: 'Mon, 26 Jul 1997 05:00:00 GMT',
};

/** The status logged for a request whose client closed the connection first (nginx's 499). */
export const CLIENT_CLOSED = 499;

/** Where the API answers (GLPI's address), the site route of the pipeline. */
export const API_PATH = '/apirest.php';

/**
 * The segments of the paths asked lately: clients read the same items again and again (a busy
 * desk, a polling script), so most requests find theirs here instead of splitting the path anew.
 * Bounded: emptied when full (a scan that never comes back only refills it), and only short paths
 * are kept, as this runs before the session is known (long made-up paths cannot fill memory).
 */
const segmentsByPath = new Map<string, readonly string[]>();
const MAX_PATHS = 4096;
const MAX_KEPT_PATH = 256;

/** Path segments after /apirest.php: trailing slashes and `api` segments dropped, as GLPI does. */
export function splitPath(pathname: string): readonly string[] {
  if (pathname.length > MAX_KEPT_PATH) return segmentsOf(pathname);
  let segments = segmentsByPath.get(pathname);
  if (segments === undefined) {
    if (segmentsByPath.size >= MAX_PATHS) segmentsByPath.clear();
    segmentsByPath.set(pathname, (segments = segmentsOf(pathname)));
  }
  return segments;
}

function segmentsOf(pathname: string): string[] {
  const rest = pathname.startsWith(API_PATH) ? pathname.slice(API_PATH.length) : pathname;
  const split = rest.split('/');
  const segments = !rest.includes('%') ? split : split.map((s) => {
    if (!s.includes('%')) return s;
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  let start = 0;
  let end = segments.length;
  while (start < end && segments[start] === '') start++;
  while (end > start && segments[end - 1] === '') end--;
  if (start < end && segments[start] === 'api') start++;
  return start === 0 && end === segments.length ? segments : segments.slice(start, end);
}

/**
 * The headers an answer starts with, by the request's CORS case (an Origin or not, a GET or not)
 * and whether it is JSON: kept as Headers to copy, which costs less than building them per answer.
 */
const headerTemplates = new Map<number, Headers>();

function startingHeaders(request: Request, method: string, json: boolean): Headers {
  const variant = (request.headers.has('origin') ? 1 : 0) + (method === 'GET' ? 2 : 0) + (json ? 4 : 0);
  let template = headerTemplates.get(variant);
  if (!template) headerTemplates.set(variant, (template = new Headers({ ...corsHeaders(request), ...API_SECURITY_HEADERS, ...(json ? JSON_HEADERS : {}) })));
  return new Headers(template);
}

/** Headers of every answer: CORS (computed first), the request id, then the reply's own. */
function toResponse(reply: Reply, request: Request, method: string, requestId: string): Response {
  const headers = startingHeaders(request, method, reply.raw === undefined);
  if (reply.headers) for (const name in reply.headers) headers.set(name, reply.headers[name]!);
  headers.set('X-Request-Id', requestId);
  if (reply.raw !== undefined) return new Response(reply.raw, { status: reply.status, headers });
  const body = reply.jsonText ?? (reply.body === undefined ? null : JSON.stringify(reply.body));
  return new Response(body, { status: reply.status, headers });
}

/** An error's message (or each element's, for a bulk write) in the session's language. */
function localDetail(detail: unknown, language: string): unknown {
  if (typeof detail === 'string') return translate(language, detail);
  if (!Array.isArray(detail)) return detail;
  return detail.map((element: unknown) =>
    element !== null && typeof element === 'object' && typeof (element as { message?: unknown }).message === 'string'
      ? { ...element, message: translate(language, (element as { message: string }).message) }
      : element,
  );
}

export function errorReply(error: ApiError, apiBase: string): Reply {
  const { language } = error;
  const said = language === '' ? error.detail : localDetail(error.detail, language);
  const detail = error.withDoc && typeof said === 'string'
    ? `${said}; ${translate(language, 'view documentation in your browser at')} ${apiBase}/#${error.code}`
    : said;
  return { status: error.status, body: [error.code, detail], headers: error.headers };
}

/** The API root under the public URL, as the last request had it: one string, not one per request. */
let lastBase = '';
let lastApiBase = API_PATH;
const apiBaseOf = (base: string): string => (base === lastBase ? lastApiBase : (lastApiBase = `${(lastBase = base)}${API_PATH}`));

/**
 * Every /apirest.php request goes through here; nothing escapes as a 500 with details. A request
 * without a body whose handler answers at once is answered synchronously (no promise to settle).
 * `base` is the server's public URL (app.ts), which links and messages name.
 */
export function handleApiRequest(services: Services, request: Request, url: RequestUrl, base: string, ip: () => string, requestId: string): Response | Promise<Response> {
  const method = request.method.toUpperCase();
  if (method === 'OPTIONS') return new Response(null, { status: 200, headers: { ...corsHeaders(request), ...API_SECURITY_HEADERS, 'X-Request-Id': requestId } });
  const apiBase = apiBaseOf(base);
  const fail = (error: unknown): Response => {
    // The client went away (mid-body, typically): no server error, and nobody to answer.
    if (request.signal.aborted) return new Response(null, { status: CLIENT_CLOSED, headers: { 'X-Request-Id': requestId } });
    if (error instanceof ApiError) return toResponse(errorReply(error, apiBase), request, method, requestId);
    logError(`${method} ${url.pathname}`, error, requestId);
    return toResponse(errorReply(errors.internal(), apiBase), request, method, requestId);
  };
  // With several threads: one read snapshot for the request's synchronous part, opened at its first read, caches checked against it (connection.ts).
  const answer = (read: { body?: ParsedBody; failure?: unknown }): Response | Promise<Response> =>
    services.snapshotPerRequest ? inReadSnapshot(services.store.db, services.noticeExternalWrites, () => answerIn(read)) : answerIn(read);
  const answerIn = (read: { body?: ParsedBody; failure?: unknown }): Response | Promise<Response> => {
    try {
      services.noticeExternalWrites();
      const query = queryParams(url.search);
      const params = read.body ? withBody(query, read.body.params) : query;
      const wait = services.rateLimiter.take(services.rateLimiter.byAddress ? ip() : '', sessionTokenOf({ headers: request.headers, params }));
      if (wait > 0) throw errors.rateLimited(wait);
      if (!read.body && !(read.failure instanceof BodyWithoutSession)) throw read.failure;
      const body = read.body ?? { params, uploads: [], ignoredType: null };
      const ctx: RequestContext = {
        services,
        method,
        segments: splitPath(url.pathname),
        params,
        headers: request.headers,
        apiBase,
        get ip() {
          return ip();
        },
        uploads: body.uploads,
        ignoredBodyType: body.ignoredType,
      };
      if (read.failure instanceof BodyWithoutSession) refuseUnreadBody(ctx, read.failure);
      const reply = route(ctx);
      return reply instanceof Promise ? reply.then((r) => toResponse(r, request, method, requestId), fail) : toResponse(reply, request, method, requestId);
    } catch (error) {
      return fail(error);
    }
  };
  // The body is read first: the session token may be in it (as GLPI accepts), and it counts. A
  // large one is read only for a live session given outside it (header or query).
  const body = readBody(request, method, () => namesLiveSession(services, request, url));
  if (!(body instanceof Promise)) return answer({ body });
  return body.then(
    (read) => answer({ body: read }),
    (failure: unknown) => answer({ failure }),
  );
}

/** Does the request name a live session outside its body (header or query)? */
function namesLiveSession(services: Services, request: Request, url: RequestUrl): boolean {
  const token = sessionTokenOf({ headers: request.headers, params: queryParams(url.search) });
  return token !== '' && services.sessions.resolve(token) !== null;
}

/**
 * May this request's body be read whole before it is answered (to hand it to the writing thread)?
 * As readBody would read it: a length is announced, and it is small or a live session is named
 * outside it. Any other (chunked, or one refused unread) is answered on the thread it came to.
 */
export function bodyReadableWhole(services: Services, request: Request, url: RequestUrl): boolean {
  const announced = request.headers.get('content-length');
  if (announced === null) return !request.headers.has('transfer-encoding');
  const length = Number(announced);
  return length <= MAX_BODY_WITHOUT_SESSION || (length <= MAX_MULTIPART_BODY && namesLiveSession(services, request, url));
}
