/**
 * The endpoints outside the API's own table (api/routes.ts): the API itself under /apirest.php,
 * the operations endpoints (/health, /openapi.json), and where inventory agents post. The HTTP
 * server (app.ts) dispatches from this table and serves the console for anything else; a test
 * (test/ops/route-table.test.ts) checks that every entry is reached.
 */
import { healthResponse, mayConfigure, type LastBackup } from '../api/health';
import { openApiResponse } from '../api/openapi';
import { ROUTES } from '../api/routes';
import type { Services } from '../auth/services';
import { inventoryResponse } from './inventory';
import { API_PATH, handleApiRequest } from './pipeline';
import type { RequestUrl } from './url';

/** The scheduled backups, as the server sees them (serve.ts wires the scheduler). */
export interface BackupSchedule {
  /** Starts a backup when one is due by the server clock; called at each request, and by a timer. */
  tick(): void;
  last(): LastBackup | null;
}

/** What a site route answers from: the request and what the server knows of it. */
export interface SiteRequest {
  services: Services;
  request: Request;
  url: RequestUrl;
  /** What links and messages name: the `url_base` setting, else the bound address. */
  base: () => string;
  ip: () => string;
  requestId: string;
  backups: BackupSchedule | undefined;
}

export interface SiteRoute {
  /** The path answered; with `prefix`, every path under it too. */
  path: string;
  prefix?: true;
  /** Whether the route takes this request (all requests on its path when absent). */
  accepts?: (request: Request) => boolean;
  summary: string;
  /** The route's answers carry X-Request-Id (and its access logging) themselves: the API's do. */
  ownHeaders?: true;
  handler: (site: SiteRequest) => Response | Promise<Response>;
}

const inventory = ({ services, request, ip, requestId }: SiteRequest) => inventoryResponse(services, request, ip, requestId);

export const SITE_ROUTES: readonly SiteRoute[] = [
  {
    path: API_PATH,
    prefix: true,
    summary: "GLPI's REST API: its endpoints are api/routes.ts",
    ownHeaders: true,
    handler: ({ services, request, url, base, ip, requestId }) => handleApiRequest(services, request, url, base(), ip, requestId),
  },
  {
    path: '/health',
    summary: 'Whether this process still reads its database (no session); a Super-Admin also sees the last backup',
    handler: ({ services, request, url, backups }) => {
      services.noticeExternalWrites(); // the session asking may have ended on another connection
      const configure = mayConfigure(services, request, url.search);
      const shown = backups && configure ? backups.last() : undefined;
      return healthResponse(services.store, request.method, shown, configure);
    },
  },
  { path: '/openapi.json', summary: "The API's OpenAPI document, a fold over its route table", handler: ({ request }) => openApiResponse(request, ROUTES) },
  { path: '/front/inventory.php', summary: "Where inventory agents post (GLPI's address)", handler: inventory },
  {
    path: '/',
    // GLPI's root page hands any non-empty POST to the inventory; the rest of / is the console's.
    accepts: (request) => request.method === 'POST' && request.headers.get('content-length') !== '0',
    summary: 'An inventory agent posting to the root, as GLPI takes it',
    handler: inventory,
  },
];

/** The site route that answers a request, or null: the console's then. */
export function siteRoute(request: Request, pathname: string): SiteRoute | null {
  return (
    SITE_ROUTES.find(
      (route) => (pathname === route.path || (route.prefix !== undefined && pathname.startsWith(`${route.path}/`))) && (route.accepts?.(request) ?? true),
    ) ?? null
  );
}
