/** GET /openapi.json: an OpenAPI 3.1 description of /apirest.php generated from the registry. */
import { beforeAll, describe, expect, test } from 'bun:test';
import pkg from '../../package.json' with { type: 'json' };
import { allItemtypes } from '../../server/registry';
import { useServer } from '../support/server';

const ctx = useServer();
let doc: any;
let res: Response;

beforeAll(async () => {
  res = await fetch(`${ctx.server.origin}/openapi.json`);
  doc = await res.json();
});

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
/** The success answers an operation may document: none is without one. */
const SUCCESS_ANSWERS = [['200'], ['200', '206'], ['200', '204'], ['200', '207'], ['201'], ['201', '207'], ['202'], ['204']];

/** Every `$ref` in the document, with where it was found. */
function refs(node: unknown, path = '#', out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) node.forEach((v, i) => refs(v, `${path}/${i}`, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push([path, v]);
      else refs(v, `${path}/${k}`, out);
    }
  }
  return out;
}

function resolveRef(ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .reduce<any>((node, key) => (node === undefined ? undefined : node[key.replaceAll('~1', '/').replaceAll('~0', '~')]), doc);
}

describe('/openapi.json', () => {
  test('is JSON, served without a session, with an ETag; HEAD and gzip work', async () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    const etag = res.headers.get('etag')!;
    expect((await fetch(`${ctx.server.origin}/openapi.json`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const head = await fetch(`${ctx.server.origin}/openapi.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    // fetch asks for gzip and decodes it: the same document.
    const zipped = await fetch(`${ctx.server.origin}/openapi.json`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(await zipped.json()).toEqual(doc);
  });

  test('an OpenAPI 3.1 document for /apirest.php with the security schemes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: pkg.version });
    expect(doc.servers).toEqual([{ url: '/apirest.php' }]);
    expect(doc.components.securitySchemes.SessionToken).toEqual({ type: 'apiKey', in: 'header', name: 'Session-Token' });
    expect(doc.components.securitySchemes.AppToken).toEqual({ type: 'apiKey', in: 'header', name: 'App-Token' });
  });

  test('every itemtype has its collection and item paths and a schema from its columns', () => {
    for (const type of allItemtypes()) {
      const collection = doc.paths[`/${type.name}/`];
      const item = doc.paths[`/${type.name}/{id}`];
      const json = (op: any) => op?.responses['200'].content['application/json'].schema;
      expect(json(collection?.get), type.name).toEqual({ type: 'array', items: { $ref: `#/components/schemas/${type.name}` } });
      expect(json(item?.get), type.name).toEqual({ $ref: `#/components/schemas/${type.name}` });
      expect(Object.keys(doc.components.schemas[type.name].properties)).toEqual([...type.columns.map((c) => c.name).filter((c) => !type.hidden.includes(c)), 'links']);
      if (type.readOnly) expect(collection.post, type.name).toBeUndefined();
      else expect(Object.keys(item).sort(), type.name).toEqual(['delete', 'get', 'patch', 'put']);
    }
  });

  test('Computer and Ticket: CRUD operations, field types, the page headers', () => {
    for (const name of ['Computer', 'Ticket']) {
      expect(Object.keys(doc.paths[`/${name}/`]).sort()).toEqual(['delete', 'get', 'patch', 'post', 'put']);
      expect(doc.paths[`/${name}/`].get.responses['206'].headers['Content-Range']).toEqual({ description: 'start-end/total', schema: { type: 'string' } });
      expect(doc.paths[`/${name}/`].post.responses['201']).toEqual({ $ref: '#/components/responses/Created' });
      expect(doc.paths[`/${name}/{id}`].delete.responses['204']).toEqual({ description: 'Deleted' });
    }
    const computer = doc.components.schemas.Computer.properties;
    expect(computer.id).toMatchObject({ type: 'integer', readOnly: true });
    expect(computer.name).toMatchObject({ type: ['string', 'null'], maxLength: 255 });
    expect(computer.is_deleted).toMatchObject({ type: 'integer', enum: [0, 1], default: 0 });
    expect(computer.locations_id).toMatchObject({ type: ['integer', 'string'], 'x-deskbase-itemtype': 'Location' });
    expect(computer.date_mod).toEqual({ type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$', description: 'YYYY-MM-DD HH:MM:SS' });
    expect(computer.ticket_tco).toMatchObject({ type: ['string', 'null'] });
    const ticket = doc.components.schemas.Ticket.properties;
    expect(ticket.content.type).toContain('string');
    expect(ticket.status.type).toBe('integer');
  });

  test('session endpoints, search and the error shape ["CODE", "message"]', () => {
    for (const path of ['/initSession', '/killSession', '/getFullSession', '/getMyProfiles', '/getActiveProfile', '/getMyEntities', '/getActiveEntities', '/getGlpiConfig', '/getMultipleItems', '/listSearchOptions/{itemtype}', '/search/{itemtype}']) {
      expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(['get']);
    }
    const body = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema;
    expect(body('/changeActiveProfile')).toEqual({ type: 'object', required: ['profiles_id'], properties: { profiles_id: { type: 'integer' } } });
    expect(body('/changeActiveEntities')).toEqual({
      type: 'object',
      properties: { entities_id: { oneOf: [{ type: 'integer' }, { type: 'string', enum: ['all'] }] }, is_recursive: { type: 'boolean' } },
    });
    expect(doc.paths['/testRules'].post.requestBody.content['application/json'].schema.required).toEqual(['sub_type', 'input']);
    expect(Object.keys(doc.paths['/ruleFields/{sub_type}'].get.responses['200'].content['application/json'].schema.properties)).toEqual(['sub_type', 'conditions', 'criteria', 'actions']);
    expect(doc.paths['/testWebhook'].post.requestBody.content['application/json'].schema.required).toEqual(['webhooks_id']);
    expect(Object.keys(doc.paths['/testWebhook'].post.responses['200'].content['application/json'].schema.properties)).toEqual(['id', 'ok', 'status', 'duration_ms', 'response', 'error']);
    expect(doc.paths['/previewNotification'].post.requestBody.content['application/json'].schema.required).toEqual(['notificationtemplates_id', 'items_id']);
    expect(Object.keys(doc.paths['/previewNotification'].post.responses['200'].content['application/json'].schema.properties)).toEqual(['subject', 'text', 'html', 'unknown_tags']);
    expect(doc.paths['/retryNotification'].post.requestBody.content['application/json'].schema.required).toEqual(['queuednotifications_id']);
    expect(Object.keys(doc.paths['/events'].get.responses['200'].content)).toEqual(['text/event-stream']);
    expect(doc.paths['/events'].get.description).toContain('add_followup, add_task, update_followup, update_task, delete_followup, delete_task, validation');
    expect(doc.paths['/initSession'].get.security).toContainEqual({ BasicAuth: [] });
    expect(doc.paths['/initSession'].get.responses['200'].content['application/json'].schema.required).toEqual(['session_token']);
    expect(doc.components.schemas.Error).toMatchObject({ type: 'array', minItems: 2, maxItems: 2 });
    expect(doc.components.responses.Unauthorized.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
  });

  test('every operation documents the rate limit: 429 ERROR_TOO_MANY_REQUESTS with Retry-After', () => {
    const tooMany = doc.components.responses.TooManyRequests;
    expect(tooMany.description).toStartWith('ERROR_TOO_MANY_REQUESTS: ');
    expect(tooMany.headers['Retry-After'].schema).toEqual({ type: 'integer' });
    expect(tooMany.content['application/json'].example).toEqual(['ERROR_TOO_MANY_REQUESTS', 'Too many requests from this address or session; try again in 2 seconds']);
    // Every operation points at the shared answer, but initSession, which also says why a login waits.
    const answers = Object.entries<any>(doc.paths).flatMap(([path, item]) => Object.entries<any>(item).map(([method, op]) => [`${method} ${path}`, op.responses['429']] as const));
    const own = answers.filter(([, answer]) => answer?.$ref !== '#/components/responses/TooManyRequests');
    expect(own.map(([at]) => at)).toEqual(['get /initSession']);
    const login = own[0]![1];
    expect(login.headers).toEqual(tooMany.headers);
    expect(login.description).toBe('Too many failed logins (ERROR_GLPI_LOGIN) or requests (ERROR_TOO_MANY_REQUESTS), see Retry-After');
  });

  test('well formed: every $ref resolves, path parameters are declared, operationIds are unique', () => {
    const broken = refs(doc).filter(([, ref]) => !ref.startsWith('#/') || resolveRef(ref) === undefined);
    expect(broken).toEqual([]);
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      expect(path.startsWith('/')).toBe(true);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries<any>(item)) {
        expect(METHODS).toContain(method);
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
        expect(SUCCESS_ANSWERS, `${method} ${path}`).toContainEqual(Object.keys(op.responses).filter((code) => code.startsWith('2')));
        const declared = (op.parameters ?? [])
          .map((p: any) => (p.$ref ? resolveRef(p.$ref) : p))
          .filter((p: any) => p.in === 'path')
          .map((p: any) => p.name);
        expect(declared.sort(), `${method} ${path}`).toEqual([...templated].sort());
      }
    }
  });

  test('what it describes is what the API does: a listed path answers as documented', async () => {
    const list = await ctx.api.get('Computer/');
    expect(list.status).toBe(200);
    expect(Object.keys(doc.paths['/Computer/'].get.responses)).toContain(String(list.status));
    const id = await ctx.api.create('Computer', { name: 'described' });
    const one = await ctx.api.get(`Computer/${id}`);
    const properties = doc.components.schemas.Computer.properties;
    expect(Object.keys(one.body).filter((key) => !(key in properties))).toEqual([]);
    expect(typeof one.body.ticket_tco).toBe('string');
  });

  test('query parameters come from the one table the parsers read: defaults as the API applies them', async () => {
    const { range, get_hateoas, history, with_networkports } = doc.components.parameters;
    expect(range.schema.default).toBe('0-50');
    expect(get_hateoas.schema.default).toBe(true);
    expect(history.schema.default).toBe(true);
    expect(with_networkports.schema).toEqual({ type: 'boolean', default: false });
    const created = await ctx.api.post('Phone/', { input: Array.from({ length: 52 }, (_, n) => ({ name: `paged ${n}` })) });
    expect(created.status).toBe(201);
    const page = await ctx.api.get('Phone/');
    expect(page.status).toBe(206);
    expect(page.headers.get('content-range')).toBe('0-50/52');
  });
});
