/**
 * GET /openapi.json: an OpenAPI 3.1 description of /apirest.php, a fold over the route table
 * (routes.ts: every endpoint, an item route once per itemtype) and the registry (each itemtype's
 * fields and types from the column specs), built on first use, then served from memory. It lives outside /apirest.php because GLPI clients read the
 * first segment after it as an itemtype.
 */
import { allItemtypes, type Itemtype } from '../registry';
import { ALIASES } from '../registry/aliases';
import type { Column } from '../registry/columns';
import { describeParam, REQUEST_PARAMS, type RequestParam, type RequestParamName } from '../core/request-params';
import { VERSION } from '../core/version';
import { ERROR_CATALOGUE, errors } from '../core/errors';
import { cachedText, encodedBody, type CachedText } from './compressed';
import { commonErrors, errorResponse, jsonContent, ok, ref, RETRY_AFTER, type Operation, type Schema } from './doc-parts';
import type { Route } from './route-types';

const nullable = (schema: Schema, isNullable: boolean): Schema =>
  isNullable ? { ...schema, type: [schema.type as string, 'null'] } : schema;

const DATETIME = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';
const DATE = '^\\d{4}-\\d{2}-\\d{2}$';

/** The JSON Schema of one column as the API answers it. */
function columnSchema(type: Itemtype, col: Column): Schema {
  let schema: Schema;
  switch (col.kind) {
    case 'int':
      schema = { type: 'integer', ...(col.unsigned ? { minimum: 0 } : {}) };
      break;
    case 'bool':
      schema = { type: 'integer', enum: [0, 1] };
      break;
    case 'string':
    case 'text':
      schema = { type: 'string', ...(col.size ? { maxLength: col.size } : {}) };
      break;
    case 'datetime':
      schema = { type: 'string', pattern: DATETIME, description: 'YYYY-MM-DD HH:MM:SS' };
      break;
    case 'date':
      schema = { type: 'string', pattern: DATE, description: 'YYYY-MM-DD' };
      break;
    case 'decimal':
      // Answered as a string with the column's scale, as GLPI (MySQL DECIMAL) does; numbers are accepted on input.
      schema = { type: 'string', pattern: `^-?\\d+${col.size ? `\\.\\d{${col.size}}` : ''}$` };
      break;
    case 'float':
      schema = { type: 'number' };
      break;
  }
  const target = type.foreignKeys.get(col.name);
  if (target) {
    schema = {
      type: ['integer', 'string'],
      minimum: 0,
      description: `id of a ${target} (0: none); its name with expand_dropdowns=true`,
      'x-deskbase-itemtype': target,
    };
  } else if (col.name === 'items_id' && type.polymorphic) {
    schema = { type: ['integer', 'string'], minimum: 0, description: 'id of an item of type `itemtype`; its name with expand_dropdowns=true' };
  } else if (col.name === 'itemtype' && type.polyTargets.length) {
    schema = { ...schema, enum: type.polyTargets };
  }
  schema = nullable(schema, col.nullable && typeof schema.type === 'string');
  if (col.default !== null) {
    if ((col.kind === 'string' || col.kind === 'text') && !target) schema.default = String(col.default);
    else if ((col.kind === 'int' || col.kind === 'bool' || col.kind === 'float') && typeof col.default === 'number' && Number.isFinite(col.default)) schema.default = col.default;
  }
  if (col.name === 'id' || type.computed.includes(col.name)) schema.readOnly = true;
  return schema;
}

function itemSchema(type: Itemtype): Schema {
  const hidden = new Set(type.hidden);
  const properties: Record<string, Schema> = {};
  for (const col of type.columns) if (!hidden.has(col.name)) properties[col.name] = columnSchema(type, col);
  properties.links = { type: 'array', readOnly: true, description: 'HATEOAS links (get_hateoas=true, the default)', items: ref('schemas', 'Link') };
  const notes = [`Table ${type.table} (${type.kind}).`];
  if (type.trash) notes.push('DELETE moves to the trash; force_purge=true removes.');
  if (type.readOnly) notes.push('Read-only through the API.');
  if (type.required.length) notes.push(`Required on creation: ${type.required.join(', ')}.`);
  return { type: 'object', description: notes.join(' '), properties };
}

/** A query or path parameter as the table of request parameters describes it. */
function tableParam(name: RequestParamName): Schema {
  const { description, default: fallback } = describeParam(name);
  const param = REQUEST_PARAMS[name] as RequestParam;
  const wire = param.name ?? name;
  const schema = fallback === undefined ? param.shape : { ...param.shape, default: fallback };
  if (param.in === 'path') return { name: wire, in: 'path', required: true, schema, description };
  if (param.deep) return { name: wire, in: 'query', style: 'deepObject', explode: true, schema, description };
  if (param.shape.type === 'array') return { name: `${wire}[]`, in: 'query', required: false, schema, description };
  return { name: wire, in: 'query', required: false, schema, description };
}

/** Every parameter of the table but the itemtype ones, whose values (the itemtypes) each path gives. */
const PARAMETERS: Record<string, Schema> = Object.fromEntries(
  (Object.keys(REQUEST_PARAMS) as RequestParamName[]).filter((name) => name !== 'itemtype' && name !== 'sub_itemtype').map((name) => [name, tableParam(name)]),
);

const tooMany = errors.rateLimited(2);
const RESPONSES: Record<string, Schema> = {
  TooManyRequests: {
    description: `${tooMany.code}: ${ERROR_CATALOGUE[tooMany.code]!.meaning}`,
    headers: RETRY_AFTER,
    content: { 'application/json': { schema: ref('schemas', 'Error'), example: [tooMany.code, tooMany.detail] } },
  },
  BadRequest: errorResponse('Bad request: ["ERROR…", "message"]'),
  Unauthorized: errorResponse('No or invalid session token: ERROR_SESSION_TOKEN_MISSING, ERROR_SESSION_TOKEN_INVALID'),
  Forbidden: errorResponse('ERROR_RIGHT_MISSING'),
  NotFound: errorResponse('ERROR_ITEM_NOT_FOUND'),
  MultiStatus: errorResponse('Some elements of a bulk request failed: ["ERROR_GLPI_PARTIAL_…", [per-element results]]'),
  ServerError: errorResponse('Unexpected error (logged on the server)'),
  Created: {
    description: 'Created: {"id": n, "message": ""} (a list for a list)',
    headers: { Location: { schema: { type: 'string' } }, Link: { schema: { type: 'string' } } },
    content: { 'application/json': { schema: { oneOf: [ref('schemas', 'Created'), { type: 'array', items: ref('schemas', 'Created') }] } } },
  },
  Written: {
    description: 'Done: [{"<id>": true, "message": ""}, …]',
    content: { 'application/json': { schema: { type: 'array', items: ref('schemas', 'WriteResult') } } },
  },
};


/** An itemtype in the path: one of the registry's (search also takes AllAssets). */
const itemtypeParam = (name: string, typeNames: string[]) => ({ name, in: 'path', required: true, schema: { type: 'string', enum: typeNames } });

/** One operation of the table, its parameters by reference to the table's. */
function operation(route: Route, doc: Operation, typeNames: string[], type?: Itemtype): Operation {
  const parameters = route.params.map((name) =>
    name === 'itemtype' || name === 'sub_itemtype' ? itemtypeParam(name, route.path.startsWith('/search/') && name === 'itemtype' ? [...typeNames, 'AllAssets'] : typeNames) : ref('parameters', name),
  );
  const body = typeof route.body === 'function' ? (type ? route.body(type) : undefined) : route.body;
  return { ...doc, ...(parameters.length ? { parameters } : {}), ...(body ? { requestBody: { required: true, content: jsonContent(body) } } : {}) };
}

const put = (paths: Record<string, Record<string, Operation>>, path: string, method: string, op: Operation) => ((paths[path] ??= {})[method.toLowerCase()] = op);

/** The table, folded into OpenAPI paths: an item route once per itemtype (and old name, for reads). */
function routePaths(routes: readonly Route[], types: Itemtype[]): Record<string, Record<string, Operation>> {
  const typeNames = types.map((t) => t.name);
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routes) {
    if (typeof route.doc !== 'function') {
      put(paths, route.path, route.method, operation(route, route.doc, typeNames));
      continue;
    }
    for (const type of types) {
      const doc = route.doc(type);
      if (doc) put(paths, route.path.replace('{itemtype}', type.name), route.method, operation(route, doc, typeNames, type));
    }
    if (route.method === 'GET') aliasPaths(route, paths, typeNames);
  }
  return paths;
}

/** Old itemtype names (and GLPI 10's namespaced ones) read as their current type, with its parameters. */
function aliasPaths(route: Route, paths: Record<string, Record<string, Operation>>, typeNames: string[]): void {
  const list = route.path === '/{itemtype}/';
  for (const [name, alias] of Object.entries(ALIASES)) {
    // A namespaced class name (Glpi\Socket) is GLPI 10's own, not an old one; its backslash is escaped in the path.
    const namespaced = name.includes('\\');
    const what = namespaced ? `GLPI 10's class name for ${alias.target} items` : `Old name of ${alias.target} items`;
    const description = `${what}${alias.parent ? ` linked to a ${alias.parent.itemtype} (${alias.parent.fk})` : ''}${Object.keys(alias.renamed).length ? `; renamed fields: ${Object.entries(alias.renamed).map(([o, n]) => `${o} = ${n}`).join(', ')}` : ''}${alias.dropped.length ? `; not shown: ${alias.dropped.join(', ')}` : ''}.`;
    const id = name.replace(/\W/g, '');
    const doc = { tags: [alias.target], operationId: `${list ? 'list' : 'get'}${id}`, deprecated: !namespaced, description, responses: { 200: ok(name, { type: 'object', additionalProperties: true }), ...commonErrors } };
    put(paths, route.path.replace('{itemtype}', encodeURIComponent(name)), 'GET', operation(route, doc, typeNames));
  }
}

/** Every /apirest.php operation is rate-limited per address and per session (see auth/rate-limit.ts). */
function addRateLimitResponses(paths: Record<string, Record<string, Operation>>): void {
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) (operation.responses as Schema)[429] ??= ref('responses', 'TooManyRequests');
  }
}

export function buildOpenApi(routes: readonly Route[]): Record<string, unknown> {
  const types = allItemtypes().slice().sort((a, b) => a.name.localeCompare(b.name));
  const paths = routePaths(routes, types);
  const schemas: Record<string, Schema> = {
    Error: {
      type: 'array',
      description: 'Every failure: ["ERROR_CODE", "message"] (for bulk failures the second element lists per-element results)',
      prefixItems: [{ type: 'string', pattern: '^ERROR' }, {}],
      items: {},
      minItems: 2,
      maxItems: 2,
      examples: [['ERROR_ITEM_NOT_FOUND', 'Item not found']],
    },
    Link: { type: 'object', required: ['rel', 'href'], properties: { rel: { type: 'string' }, href: { type: 'string', format: 'uri' } } },
    Created: { type: 'object', required: ['id', 'message'], properties: { id: { type: 'integer' }, message: { type: 'string' } } },
    WriteResult: { type: 'object', additionalProperties: true, description: '{"<id>": true|false, "message": "…"}' },
    DictionaryReplay: {
      type: 'object',
      required: ['id', 'sub_type', 'status', 'done', 'changed', 'total', 'date_creation', 'date_done'],
      properties: {
        id: { type: 'integer' },
        sub_type: { type: 'string' },
        status: { type: 'string', enum: ['waiting', 'running', 'done'] },
        done: { type: 'integer', description: 'rows gone through' },
        changed: { type: 'integer', description: 'rows the dictionary changed' },
        total: { type: 'integer', description: 'rows when it was asked for' },
        date_creation: { type: 'string' },
        date_done: { type: ['string', 'null'] },
      },
    },
  };
  for (const type of types) schemas[type.name] = itemSchema(type);
  addRateLimitResponses(paths);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Deskbase REST API',
      version: VERSION,
      description:
        "GLPI's legacy REST API (apirest.php) as Deskbase serves it. Open a session with initSession, then send its token in the Session-Token header (and App-Token when API clients are configured). Errors are [\"ERROR_CODE\", \"message\"] with GLPI's HTTP statuses.",
    },
    servers: [{ url: '/apirest.php' }],
    security: [{ SessionToken: [] }, { SessionToken: [], AppToken: [] }],
    tags: [{ name: 'Session' }, { name: 'Search' }, { name: 'Items' }, ...types.map((t) => ({ name: t.name, description: `${t.kind} (${t.table})` }))],
    paths,
    components: {
      securitySchemes: {
        SessionToken: { type: 'apiKey', in: 'header', name: 'Session-Token' },
        AppToken: { type: 'apiKey', in: 'header', name: 'App-Token' },
        BasicAuth: { type: 'http', scheme: 'basic' },
        UserToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'user_token <token>' },
      },
      parameters: PARAMETERS,
      responses: RESPONSES,
      schemas,
    },
  };
}

let document: (() => CachedText) | null = null;

/** GET|HEAD /openapi.json (no session: it only describes the route table and the registry), built once. */
export function openApiResponse(request: Request, routes: readonly Route[]): Response {
  const method = request.method.toUpperCase();
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=UTF-8',
    'Cache-Control': 'no-cache',
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding',
  };
  if (method !== 'GET' && method !== 'HEAD') {
    return new Response(JSON.stringify(['ERROR', 'Method not allowed: use GET']), { status: 405, headers: { ...headers, Allow: 'GET, HEAD' } });
  }
  document ??= cachedText(() => JSON.stringify(buildOpenApi(routes)));
  const doc = document();
  headers.ETag = doc.etag;
  if (request.headers.get('if-none-match') === doc.etag) return new Response(null, { status: 304, headers });
  const bodyOut = encodedBody(request.headers, doc, headers);
  return new Response(method === 'HEAD' ? null : bodyOut, { status: 200, headers });
}
