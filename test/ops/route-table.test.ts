/**
 * The route table (server/api/routes.ts) is the only list of endpoints: the router finds each of
 * its routes from a concrete request, /openapi.json lists exactly its endpoints with exactly their
 * parameters, and every parameter is a schema of the one parameter table. The endpoints outside
 * the API (the API's own prefix, /health, /openapi.json, the inventory) are the second table,
 * http/site-routes.ts, the only one the HTTP server dispatches from.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import * as v from 'valibot';
import { actionRoute, ITEM_PATHS, itemRoute, namedRoute, ROUTES, type Route } from '../../server/api/routes';
import { describeParam, REQUEST_PARAMS, type RequestParam, type RequestParamName } from '../../server/core/request-params';
import { SITE_ROUTES, siteRoute } from '../../server/http/site-routes';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useServer } from '../support/server';

const ctx = useServer();
let doc: any;

beforeAll(async () => {
  doc = await (await fetch(`${ctx.server.origin}/openapi.json`)).json();
});

/** A request the route answers: Computer for an itemtype, 7 for an id, NetworkPort for a sub-itemtype. */
function concrete(route: Route): string[] {
  const values: Record<string, string> = { itemtype: 'Computer', id: '7', sub_itemtype: 'NetworkPort', sub_id: '8', sub_type: 'RuleTicket' };
  return route.path
    .split('/')
    .slice(1)
    .filter((part, i, all) => part !== '' || i < all.length - 1)
    .map((part) => part.replace(/^\{(\w+)\}$/, (_, name: string) => values[name]!));
}

/** The route the router picks for a request (http/router.ts: named, then action, then item route). */
function routed(method: string, segments: string[]): Route | null {
  const named = namedRoute(method, segments[0] ?? '');
  if (named) return named;
  const action = actionRoute(method, segments);
  if (action) return action;
  const shape = segments.length === 1 ? ITEM_PATHS.collection : segments.length === 2 ? ITEM_PATHS.item : segments.length === 3 ? ITEM_PATHS.subItems : ITEM_PATHS.subItem;
  return itemRoute(method, shape, segments[0]!);
}

/** The table route an OpenAPI path stands for: itself, or an item route under an itemtype's (or old) name. */
function tableRoute(path: string, method: string): Route | undefined {
  const upper = method.toUpperCase();
  const same = ROUTES.find((r) => r.path === path && r.method === upper);
  if (same) return same;
  const generic = path.replace(/^\/[^/{]+/, '/{itemtype}');
  return ROUTES.find((r) => r.path === generic && r.method === upper && typeof r.doc === 'function');
}

/** A parameter's name as an operation lists it: its name in the table (a $ref's key), or an inline itemtype's. */
const paramName = (p: any): string => (p.$ref ? p.$ref.split('/').pop() : p.name);

describe('the route table', () => {
  test('the router reaches every route of the table from a concrete request', () => {
    const missed = ROUTES.filter((route) => routed(route.method, concrete(route)) !== route).map((r) => `${r.method} ${r.path}`);
    expect(missed).toEqual([]);
    // Named endpoints ignore the verb, as GLPI; actions and items do not.
    expect(routed('DELETE', ['getFullSession'])!.path).toBe('/getFullSession');
    expect(routed('PUT', ['MailCollector', '3', 'collect'])!.path).toBe('/{itemtype}/{id}/{sub_itemtype}');
    expect(routed('HEAD', ['Computer', '3'])).toBe(ROUTES.find((r) => r.method === 'GET' && r.path === '/{itemtype}/{id}')!);
  });

  test('/openapi.json lists exactly the endpoints of the table, each with exactly its parameters', () => {
    const documented = new Set<Route>();
    const unknown: string[] = [];
    const mismatched: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        const route = tableRoute(path, method);
        if (!route) {
          unknown.push(`${method} ${path}`);
          continue;
        }
        documented.add(route);
        const names = (op.parameters ?? []).map(paramName);
        if (JSON.stringify(names) !== JSON.stringify(route.params)) mismatched.push(`${method} ${path}: ${names.join(',')} ≠ ${route.params.join(',')}`);
      }
    }
    expect(unknown).toEqual([]);
    expect(mismatched).toEqual([]);
    expect(ROUTES.filter((r) => !documented.has(r)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  test('every parameter an endpoint names is in the parameter table, described under its name in the request', () => {
    for (const route of ROUTES) for (const name of route.params) expect(Object.keys(REQUEST_PARAMS), `${route.path} ${name}`).toContain(name);
    const search = doc.paths['/search/{itemtype}'].get.parameters.map((p: any) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()].name : p.name));
    expect(search).toEqual(['itemtype', 'criteria', 'metacriteria', 'forcedisplay[]', 'sort', 'order', 'range', 'rawdata', 'withindexes', 'uid_cols', 'giveItems', 'is_deleted']);
    expect(doc.components.parameters.search_sort.schema.default).toEqual([1]);
    expect(doc.components.parameters.sort.schema.default).toBe('id');
  });

  test('no parameter is a placeholder: each schema checks what it accepts', () => {
    const placeholders = (Object.entries(REQUEST_PARAMS) as [RequestParamName, RequestParam][])
      .filter(([, param]) => {
        const schema = param.schema as any;
        return (schema.type === 'optional' ? schema.wrapped : schema).type === 'unknown';
      })
      .map(([name]) => name);
    expect(placeholders).toEqual([]);
    const criteria = REQUEST_PARAMS.criteria.schema;
    expect(v.safeParse(criteria, { 0: { field: '1', searchtype: 'contains', value: 'x' } }).success).toBe(true);
    expect(v.safeParse(criteria, { field: '1', searchtype: 'contains', value: 'x' }).success).toBe(false);
    expect(v.safeParse(criteria, [{ field: '1', searchtype: 'contains' }]).success).toBe(false);
    expect(v.safeParse(REQUEST_PARAMS.get_full_session.schema, 'maybe').success).toBe(false);
    expect(v.safeParse(REQUEST_PARAMS.is_recursive.schema, '1').output).toBe(true);
    expect(describeParam('is_recursive').default).toBe(false);
  });

  test("search's default sort is the table's: option 1, echoed as GLPI does", async () => {
    const res = await ctx.api.get('search/Computer');
    expect(res.status).toBe(200);
    expect(res.body.sort).toEqual(describeParam('search_sort').default);
  });
});

describe('the site routes', () => {
  // Content-Length as a client sends it (a Request built here has none of its own).
  const request = (path: string, method = 'GET', body?: string) =>
    new Request(`http://deskbase.test${path}`, { method, ...(body === undefined ? {} : { body, headers: { 'content-length': String(body.length) } }) });

  test('each request reaches its site route, and anything else the console', () => {
    const reached = (path: string, method?: string, body?: string) => siteRoute(request(path, method, body), path)?.path ?? 'console';
    expect(reached('/apirest.php')).toBe('/apirest.php');
    expect(reached('/apirest.php/Computer/7')).toBe('/apirest.php');
    expect(reached('/apirest.phpx')).toBe('console');
    expect(reached('/health')).toBe('/health');
    expect(reached('/health/')).toBe('console');
    expect(reached('/openapi.json', 'HEAD')).toBe('/openapi.json');
    expect(reached('/front/inventory.php', 'POST', '<xml/>')).toBe('/front/inventory.php');
    expect(reached('/front/inventory.php')).toBe('/front/inventory.php');
    expect(reached('/', 'POST', '<xml/>')).toBe('/');
    expect(reached('/', 'POST', '')).toBe('console');
    expect(reached('/')).toBe('console');
    expect(reached('/tickets')).toBe('console');
    expect(SITE_ROUTES.map((r) => r.path)).toEqual(['/apirest.php', '/health', '/openapi.json', '/front/inventory.php', '/']);
  });

  test('the HTTP server names no endpoint of its own: it dispatches from the site table', () => {
    const app = readFileSync(join(import.meta.dir, '../../server/http/app.ts'), 'utf8');
    // Elysia's two catch-alls ('/' and '/*') are how every request reaches the table.
    expect(app.match(/['"`]\/[^'"`]*['"`]/g)).toEqual(["'/'", "'/*'"]);
  });

  test('the site routes answer through the server', async () => {
    const status = async (path: string, init?: RequestInit) => (await fetch(`${ctx.server.origin}${path}`, init)).status;
    expect(await status('/health')).toBe(200);
    expect(await status('/openapi.json', { method: 'POST' })).toBe(405);
    expect(await status('/apirest.php/getMyProfiles')).toBe(401);
  });
});
