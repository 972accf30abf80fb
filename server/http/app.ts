import { Elysia } from 'elysia';
import { healthResponse } from '../api/health';
import { openApiResponse } from '../api/openapi';
import type { Services } from '../auth/services';
import { serveConsole } from './console';
import { handleApiRequest } from './pipeline';

type Server = { requestIP(r: Request): { address: string } | null } | null;

const isApiPath = (pathname: string) => pathname === '/apirest.php' || pathname.startsWith('/apirest.php/');

/**
 * The HTTP server: /apirest.php goes through the API pipeline; /health and /openapi.json are
 * the operations endpoints (no session); everything else is the console.
 */
export function createApp(services: Services) {
  const handle = ({ request, server }: { request: Request; server: Server }) => {
    const { pathname } = new URL(request.url);
    if (isApiPath(pathname)) return handleApiRequest(services, request, server?.requestIP(request)?.address ?? '127.0.0.1');
    if (pathname === '/health') return healthResponse(services.store, request.method);
    if (pathname === '/openapi.json') return openApiResponse(request);
    return serveConsole(request);
  };
  return new Elysia().all('/', handle, { parse: 'none' }).all('/*', handle, { parse: 'none' });
}
