import { Elysia } from 'elysia';
import { healthResponse, mayConfigure, type LastBackup } from '../api/health';
import { openApiResponse } from '../api/openapi';
import { ROUTES } from '../api/routes';
import type { Services } from '../auth/services';
import { serveConsole } from './console';
import { accessLogged, logAccess, requestIdOf } from './log';
import { inventoryResponse, isInventoryRequest } from './inventory';
import { handleApiRequest } from './pipeline';
import { boundOrigin, type BoundServer } from './origin';
import { parseRequestUrl, type RequestUrl } from './url';

type Server = (BoundServer & { requestIP(r: Request): { address: string } | null }) | null;

const isApiPath = (pathname: string) => pathname === '/apirest.php' || pathname.startsWith('/apirest.php/');

/** The scheduled backups, as the server sees them (main.ts wires the scheduler). */
export interface BackupSchedule {
  /** Starts a backup when one is due by the server clock; called at each request, and by a timer. */
  tick(): void;
  last(): LastBackup | null;
}

/**
 * The HTTP server: /apirest.php goes through the API pipeline; /health and /openapi.json are
 * the operations endpoints (no session); /front/inventory.php (and a POST on /) is where
 * inventory agents post; everything else is the console.
 */
export function createApp(services: Services, backups?: BackupSchedule) {
  // The listener's address, known once it listens (every request comes through the same one).
  let bound: string | undefined;
  /** What links and messages name: the `url_base` setting (GLPI's), else the bound address. */
  const publicBase = (server: Server) => services.store.settings.get('url_base').trim().replace(/\/+$/, '') || (bound ??= boundOrigin(server));
  const answer = (request: Request, url: RequestUrl, api: boolean, ip: () => string, requestId: string, server: Server) => {
    backups?.tick();
    const { pathname } = url;
    if (api) return handleApiRequest(services, request, url, publicBase(server), ip, requestId);
    if (pathname === '/health') {
      services.noticeExternalWrites(); // the session asking may have ended on another connection
      const configure = mayConfigure(services, request, url.search);
      const shown = backups && configure ? backups.last() : undefined;
      return healthResponse(services.store, request.method, shown, configure);
    }
    if (pathname === '/openapi.json') return openApiResponse(request, ROUTES);
    if (isInventoryRequest(request, pathname)) return inventoryResponse(services, request, ip, requestId);
    return serveConsole(request);
  };
  // Synchronous when the answer is (most API reads): a promise per request costs more than the read.
  const handle = ({ request, server }: { request: Request; server: Server }): Response | Promise<Response> => {
    const started = accessLogged() ? performance.now() : 0;
    const url = parseRequestUrl(request.url);
    // Asked only when needed (rate limits, an API client bound to addresses, logs): it is not free.
    let address: string | undefined;
    const ip = () => (address ??= server?.requestIP(request)?.address ?? '127.0.0.1');
    const requestId = requestIdOf(request);
    const api = isApiPath(url.pathname);
    const response = answer(request, url, api, ip, requestId, server);
    if (api && !accessLogged()) return response;
    const finish = (response: Response): Response => {
      // The API's answers carry it from the start (cheaper than changing a Response's headers).
      if (!api) response.headers.set('X-Request-Id', requestId);
      if (!accessLogged()) return response;
      logAccess({
        request_id: requestId,
        method: request.method,
        path: url.pathname,
        status: response.status,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
        ip: ip(),
        bytes_in: Number(request.headers.get('content-length') ?? 0),
      });
      return response;
    };
    return response instanceof Promise ? response.then(finish) : finish(response);
  };
  return new Elysia().all('/', handle, { parse: 'none' }).all('/*', handle, { parse: 'none' });
}
