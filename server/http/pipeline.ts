import type { Services } from '../auth/services';
import { readBody, type ParsedBody } from './body';
import { sessionTokenOf, type Reply, type RequestContext } from '../auth/context';
import { corsHeaders } from './cors';
import { ApiError, errors } from '../core/errors';
import { mergeInto, parseQueryString } from '../core/params';
import { logError } from './log';
import { route } from './router';

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=UTF-8',
  'Cache-Control': 'no-store, no-cache, must-revalidate',
  Expires: 'Mon, 26 Jul 1997 05:00:00 GMT',
};

/** The status logged for a request whose client closed the connection first (nginx's 499). */
export const CLIENT_CLOSED = 499;

/** Path segments after /apirest.php: trailing slashes and `api` segments dropped, as GLPI does. */
export function splitPath(pathname: string): string[] {
  const rest = pathname.replace(/^\/apirest\.php/, '');
  const segments = rest.split('/').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  while (segments.length && segments[0] === '') segments.shift();
  while (segments.length && segments[segments.length - 1] === '') segments.pop();
  return segments.filter((s, i) => !(s === 'api' && i === 0));
}

function toResponse(reply: Reply, cors: Record<string, string>): Response {
  const headers: Record<string, string> = { ...cors, ...reply.headers };
  if (reply.raw !== undefined) return new Response(reply.raw, { status: reply.status, headers });
  Object.assign(headers, JSON_HEADERS, reply.headers);
  const body = reply.jsonText ?? (reply.body === undefined ? null : JSON.stringify(reply.body));
  return new Response(body, { status: reply.status, headers });
}

export function errorReply(error: ApiError, apiBase: string): Reply {
  const detail = error.withDoc && typeof error.detail === 'string'
    ? `${error.detail}; view documentation in your browser at ${apiBase}/#${error.code}`
    : error.detail;
  return { status: error.status, body: [error.code, detail], headers: error.headers };
}

/** Every /apirest.php request goes through here; nothing escapes as a 500 with details. */
export async function handleApiRequest(services: Services, request: Request, ip: string, requestId = ''): Promise<Response> {
  const url = new URL(request.url);
  const cors = corsHeaders(request);
  const method = request.method.toUpperCase();
  if (method === 'OPTIONS') return new Response(null, { status: 200, headers: cors });
  services.noticeExternalWrites();
  const apiBase = `${url.origin}/apirest.php`;
  try {
    // The body is read first: the session token may be in it (as GLPI accepts), and it counts.
    const read: { body?: ParsedBody; failure?: unknown } = await readBody(request, method).then(
      (body) => ({ body }),
      (failure: unknown) => ({ failure }),
    );
    const params = parseQueryString(url.search);
    if (read.body) mergeInto(params, read.body.params);
    const wait = services.rateLimiter.take(ip, sessionTokenOf({ headers: request.headers, params }));
    if (wait > 0) throw errors.rateLimited(wait);
    if (!read.body) throw read.failure;
    const body = read.body;
    const ctx: RequestContext = {
      services,
      method,
      segments: splitPath(url.pathname),
      params,
      headers: request.headers,
      apiBase,
      ip,
      uploads: body.uploads,
      jsonBody: body.json,
      ignoredBodyType: body.ignoredType,
    };
    return toResponse(await route(ctx), cors);
  } catch (error) {
    // The client went away (mid-body, typically): no server error, and nobody to answer.
    if (request.signal.aborted) return new Response(null, { status: CLIENT_CLOSED });
    if (error instanceof ApiError) return toResponse(errorReply(error, apiBase), cors);
    logError(`${method} ${url.pathname}`, error, requestId);
    return toResponse(errorReply(errors.internal(), apiBase), cors);
  }
}
