import { Elysia } from 'elysia';
import type { Services } from '../auth/services';
import { serveConsole } from './console';
import { accessLogged, logAccess, requestIdOf } from './log';
import { siteRoute, type BackupSchedule } from './site-routes';
import { boundOrigin, type BoundServer } from './origin';
import { parseRequestUrl } from './url';
import { bodyReadableWhole, CLIENT_CLOSED } from './pipeline';

type Server = (BoundServer & { requestIP(r: Request): { address: string } | null }) | null;

/**
 * Hands a write request to the thread that runs the writes (threads/write-forwarding.ts). Its body
 * is read whole first: any other (bodyReadableWhole) is answered on the thread it came to.
 */
export type ForwardWrite = (request: Request, ip: string, base: string) => Promise<Response>;

const isWrite = (method: string): boolean => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/**
 * The HTTP server: a request on a site route (site-routes.ts: the API, the operations endpoints,
 * the inventory) goes to its handler; everything else is the console. With `forwardWrite` (more
 * than one thread), a write on a site route is answered by the writing thread.
 */
export function createApp(services: Services, backups?: BackupSchedule, forwardWrite?: ForwardWrite) {
  // The listener's address, known once it listens (every request comes through the same one).
  let bound: string | undefined;
  // The `url_base` setting as read last, and as links name it: worked out again only when it changes.
  let setting: string | undefined;
  let settingBase = '';
  /** What links and messages name: the `url_base` setting (GLPI's), else the bound address. */
  const publicBase = (server: Server) => {
    const value = services.store.settings.get('url_base');
    if (value !== setting) settingBase = (setting = value).trim().replace(/\/+$/, '');
    return settingBase || (bound ??= boundOrigin(server));
  };
  const base = (server: Server) => () => publicBase(server);
  // Synchronous when the answer is (most API reads): a promise per request costs more than the read.
  const handle = ({ request, server }: { request: Request; server: Server }): Response | Promise<Response> => {
    // Asked only when needed (rate limits, an API client bound to addresses, logs): it is not free.
    let address: string | undefined;
    return answer(request, () => (address ??= server?.requestIP(request)?.address ?? '127.0.0.1'), base(server), true, forwardWrite);
  };
  const answer = (request: Request, ip: () => string, base: () => string, log: boolean, forward?: ForwardWrite): Response | Promise<Response> => {
    const started = accessLogged() ? performance.now() : 0;
    const url = parseRequestUrl(request.url);
    const requestId = requestIdOf(request);
    backups?.tick();
    const site = siteRoute(request, url.pathname);
    if (forward && site && isWrite(request.method) && bodyReadableWhole(services, request, url)) {
      // The writing thread answers with the same request id, and logs nothing: this thread does.
      if (!request.headers.has('x-request-id')) request.headers.set('X-Request-Id', requestId);
      // A body that cannot be read whole: the client went away mid-body, nobody to answer.
      const gone = () => new Response(null, { status: CLIENT_CLOSED, headers: { 'X-Request-Id': requestId } });
      return forward(request, ip(), base()).then((response) => logged(request, url.pathname, response, started, ip, requestId), gone);
    }
    const response = site ? site.handler({ services, request, url, base, ip, requestId, backups }) : serveConsole(request);
    const ownHeaders = site?.ownHeaders === true;
    if (ownHeaders && (!log || !accessLogged())) return response;
    const finish = (response: Response): Response => {
      // The API's answers carry it from the start (cheaper than changing a Response's headers).
      if (!ownHeaders) response.headers.set('X-Request-Id', requestId);
      return log ? logged(request, url.pathname, response, started, ip, requestId) : response;
    };
    return response instanceof Promise ? response.then(finish) : finish(response);
  };
  const app = new Elysia().all('/', handle, { parse: 'none' }).all('/*', handle, { parse: 'none' });
  /** Answers a write another thread received (its client's address, its public URL), unlogged. */
  const answerForwarded = (request: Request, ip: string, base: string) => answer(request, () => ip, () => base, false);
  return Object.assign(app, { answerForwarded });
}

/** Writes the access log line of an answer, when the log is on. */
function logged(request: Request, path: string, response: Response, started: number, ip: () => string, requestId: string): Response {
  if (!accessLogged()) return response;
  logAccess({
    request_id: requestId,
    method: request.method,
    path,
    status: response.status,
    duration_ms: Math.round((performance.now() - started) * 10) / 10,
    ip: ip(),
    bytes_in: Number(request.headers.get('content-length') ?? 0),
  });
  return response;
}
