/**
 * GET /openapi.json: an OpenAPI 3.1 description of /apirest.php, generated from the registry on
 * first use (every itemtype's collection and item paths, its fields and types from the column
 * specs), then served from memory. It lives outside /apirest.php because GLPI clients read the
 * first segment after it as an itemtype.
 */
import { allItemtypes, type Itemtype } from '../registry';
import { ALIASES } from '../registry/aliases';
import type { Column } from '../registry/columns';
import { describeParam, REQUEST_PARAMS, WITH_FLAGS, type RequestParamName } from '../core/request-params';
import { VERSION } from '../core/version';
import { ERROR_CATALOGUE, errors } from '../core/errors';
import { cachedText, encodedBody } from './compressed';

type Schema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const ref = (kind: 'schemas' | 'parameters' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const nullable = (schema: Schema, isNullable: boolean): Schema =>
  isNullable ? { ...schema, type: [schema.type as string, 'null'] } : schema;

const DATETIME = '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$';
const DATE = '^\\d{4}-\\d{2}-\\d{2}$';

/** The query of a directory's import lists (AuthLDAP/{id}/users and /groups). */
const directoryListParams = (condition: string, fragment: string) => [
  ref('parameters', 'id'),
  { name: 'filter', in: 'query', schema: { type: 'string', maxLength: 1000 }, description: `An LDAP filter ANDed with ${condition}` },
  { name: 'name', in: 'query', schema: { type: 'string', maxLength: 255 }, description: `A fragment of ${fragment}` },
  { name: 'start', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000, default: 20 } },
];

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

const q = (name: string, schema: Schema, description: string): Schema => ({ name, in: 'query', required: false, schema, description });
const bool = { type: 'boolean' };

/** A query parameter as the table of request parameters describes it. */
function queryParam(name: RequestParamName): Schema {
  const { description, default: fallback } = describeParam(name);
  const { shape } = REQUEST_PARAMS[name];
  const schema = fallback === undefined ? shape : { ...shape, default: fallback };
  if (shape.type === 'object') return { name, in: 'query', style: 'deepObject', explode: true, schema, description };
  if (shape.type === 'array') return { name: `${name}[]`, in: 'query', required: false, schema, description };
  return { name, in: 'query', required: false, schema, description };
}

const PARAMETERS: Record<string, Schema> = {
  id: { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 0 } },
  ...Object.fromEntries((Object.keys(REQUEST_PARAMS) as RequestParamName[]).map((name) => [name, queryParam(name)])),
};

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('schemas', 'Error') } } });
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before the next request', schema: { type: 'integer' } } };
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

const commonErrors = {
  400: ref('responses', 'BadRequest'),
  401: ref('responses', 'Unauthorized'),
  403: ref('responses', 'Forbidden'),
  500: ref('responses', 'ServerError'),
};

const jsonContent = (schema: Schema) => ({ 'application/json': { schema } });
const ok = (description: string, schema: Schema = {}) => ({ description, content: jsonContent(schema) });
const body = (schema: Schema, required = true) => ({ required, content: jsonContent(schema) });
const params = (...names: string[]) => names.map((n) => ref('parameters', n));

/** What a rule criterion's pattern or an action's value holds (ruleFields). */
const RULE_VALUE: Schema = {
  oneOf: [
    { type: 'object', properties: { kind: { const: 'text' } } },
    { type: 'object', properties: { kind: { const: 'dropdown' }, itemtype: { type: 'string' } } },
    { type: 'object', properties: { kind: { const: 'list' }, choices: { type: 'array', items: { type: 'object', properties: { value: { type: ['integer', 'string'] }, label: { type: 'string' } } } } } },
  ],
};

const PAGE_HEADERS = {
  'Content-Range': { description: 'start-end/total', schema: { type: 'string' } },
  'Accept-Range': { description: '<Itemtype> 1000: the largest page', schema: { type: 'string' } },
};


function itemtypePaths(type: Itemtype, paths: Record<string, Record<string, Operation>>): void {
  const name = type.name;
  const schema = ref('schemas', name);
  const tags = [name];
  const createSchema = type.required.length ? { allOf: [schema], required: type.required } : schema;
  const collection: Record<string, Operation> = {
    get: {
      tags,
      operationId: `list${name}`,
      summary: `List ${name} items readable in the active entities`,
      parameters: params('range', 'sort', 'order', 'searchText', 'is_deleted', 'expand_dropdowns', 'get_hateoas', 'only_id', 'add_keys_names', 'with_networkports'),
      responses: {
        200: { description: 'The whole collection', headers: PAGE_HEADERS, content: jsonContent({ type: 'array', items: schema }) },
        206: { description: 'One page of the collection', headers: PAGE_HEADERS, content: jsonContent({ type: 'array', items: schema }) },
        ...commonErrors,
      },
    },
  };
  const item: Record<string, Operation> = {
    get: {
      tags,
      operationId: `get${name}`,
      summary: `One ${name}`,
      parameters: params('id', 'expand_dropdowns', 'get_hateoas', 'get_sha1', ...WITH_FLAGS, 'add_keys_names'),
      responses: { 200: ok(`The ${name}`, schema), ...commonErrors, 404: ref('responses', 'NotFound') },
    },
  };
  if (!type.readOnly) {
    collection.post = {
      tags,
      operationId: `create${name}`,
      summary: `Create one ${name} (input object) or several (input array)`,
      requestBody: body({
        type: 'object',
        required: ['input'],
        properties: { input: { oneOf: [createSchema, { type: 'array', items: createSchema }] } },
      }),
      responses: {
        201: ref('responses', 'Created'),
        207: ref('responses', 'MultiStatus'),
        ...commonErrors,
      },
    };
    collection.put = {
      tags,
      operationId: `update${name}List`,
      summary: `Update several ${name} items (each element carries its id)`,
      requestBody: body({ type: 'object', required: ['input'], properties: { input: { type: 'array', items: schema } } }),
      responses: { 200: ref('responses', 'Written'), 207: ref('responses', 'MultiStatus'), ...commonErrors },
    };
    collection.delete = {
      tags,
      operationId: `delete${name}List`,
      summary: `Delete several ${name} items`,
      parameters: params('force_purge', 'history'),
      requestBody: { $ref: '#/components/requestBodies/DeleteList' },
      responses: { 200: ref('responses', 'Written'), 207: ref('responses', 'MultiStatus'), ...commonErrors },
    };
    const update = {
      tags,
      operationId: `update${name}`,
      summary: `Update one ${name} (partial: only the given fields change; the URL id wins)`,
      parameters: params('id'),
      requestBody: body({ type: 'object', required: ['input'], properties: { input: schema } }),
      responses: { 200: ref('responses', 'Written'), ...commonErrors, 404: ref('responses', 'NotFound') },
    };
    item.put = update;
    item.patch = { ...update, operationId: `patch${name}` };
    item.delete = {
      tags,
      operationId: `delete${name}`,
      summary: type.trash ? `Move one ${name} to the trash (force_purge=true removes it)` : `Remove one ${name}`,
      parameters: params('id', 'force_purge', 'history'),
      responses: { 204: { description: 'Deleted' }, ...commonErrors, 404: ref('responses', 'NotFound') },
    };
  }
  if (name === 'Document') {
    (item.get!.parameters as Schema[]).push(q('alt', { type: 'string', enum: ['media'] }, 'alt=media (or Accept: application/octet-stream) downloads the file'));
    (item.get!.responses as Schema)[200] = {
      description: 'The document, or its file with alt=media',
      content: { 'application/json': { schema }, 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
    };
    collection.post!.description =
      'Upload with multipart/form-data: a part uploadManifest (JSON {"input": {"name": …, "_filename": ["file.pdf"]}}) and the files as filename[0], filename[1], …';
  }
  paths[`/${name}/`] = collection;
  paths[`/${name}/{id}`] = item;
}

function sessionPaths(typeNames: string[]): Record<string, Record<string, Operation>> {
  const tags = ['Session'];
  const get = (operationId: string, summary: string, response: Schema, extra: Operation = {}) => ({
    get: { tags, operationId, summary, ...extra, responses: { 200: ok(summary, response), ...commonErrors } },
  });
  const itemtypeParam = { name: 'itemtype', in: 'path', required: true, schema: { type: 'string', enum: typeNames } };
  const object = { type: 'object', additionalProperties: true };
  return {
    '/initSession': {
      get: {
        tags,
        operationId: 'initSession',
        summary: 'Open a session',
        description:
          'Credentials: `Authorization: Basic base64(login:password)`, or `Authorization: user_token <token>`, or the login/password/user_token parameters. Send the answered session_token as the Session-Token header afterwards.',
        security: [{ BasicAuth: [] }, { UserToken: [] }, { BasicAuth: [], AppToken: [] }, { UserToken: [], AppToken: [] }],
        parameters: [q('get_full_session', bool, 'add the session to the answer'), q('login', { type: 'string' }, 'with password, instead of Basic credentials'), q('password', { type: 'string' }, 'with login'), q('user_token', { type: 'string' }, 'instead of Authorization: user_token …')],
        responses: {
          200: ok('The session token', { type: 'object', required: ['session_token'], properties: { session_token: { type: 'string' }, session: object } }),
          400: ref('responses', 'BadRequest'),
          401: errorResponse('ERROR_GLPI_LOGIN, ERROR_GLPI_LOGIN_USER_TOKEN'),
          429: { ...errorResponse('Too many failed logins (ERROR_GLPI_LOGIN) or requests (ERROR_TOO_MANY_REQUESTS), see Retry-After'), headers: RETRY_AFTER },
        },
      },
    },
    '/killSession': get('killSession', 'Close the session', {}),
    '/getFullSession': get('getFullSession', 'The session', { type: 'object', properties: { session: object } }),
    '/getGlpiConfig': get('getGlpiConfig', 'The configuration (without secrets)', { type: 'object', properties: { cfg_glpi: object } }),
    '/getMyProfiles': get('getMyProfiles', 'Profiles of the user', { type: 'object', properties: { myprofiles: { type: 'array', items: object } } }),
    '/getActiveProfile': get('getActiveProfile', 'The active profile', { type: 'object', properties: { active_profile: object } }),
    '/changeActiveProfile': {
      post: {
        tags,
        operationId: 'changeActiveProfile',
        summary: 'Change the active profile',
        requestBody: body({ type: 'object', required: ['profiles_id'], properties: { profiles_id: { type: 'integer' } } }),
        responses: { 200: ok('Changed'), ...commonErrors, 404: ref('responses', 'NotFound') },
      },
    },
    '/getMyEntities': get(
      'getMyEntities',
      'Entities the user can reach',
      { type: 'object', properties: { myentities: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } } } },
      { parameters: [q('is_recursive', bool, 'add the sub-entities')] },
    ),
    '/getMyDevices': get(
      'getMyDevices',
      "Deskbase addition (not in GLPI 10): the session user's own devices (users_id, or groups_id of their groups) of the active profile's helpdesk_item_type types, when its helpdesk_hardware allows them",
      { type: 'object', properties: { mydevices: { type: 'array', items: { type: 'object', properties: { itemtype: { type: 'string' }, id: { type: 'integer' }, name: { type: 'string' }, entities_id: { type: 'integer' } } } } } },
    ),
    '/getTicketTemplate': get(
      // Not getTicketTemplate: that names the read of a TicketTemplate item.
      'getTicketTemplateToUse',
      "Deskbase addition (not in GLPI 10): the ticket template a ticket the session opens would use (the category's for the type, else the profile's, else the entity's), with its mandatory, hidden and predefined fields named as the input names them",
      { type: 'object', properties: { tickettemplate: { type: 'object', nullable: true } } },
      { parameters: [q('itilcategories_id', { type: 'integer' }, 'the category chosen'), q('type', { type: 'integer' }, '1 incident (default), 2 request')] },
    ),
    '/getActiveEntities': get('getActiveEntities', 'The active entities', { type: 'object', properties: { active_entity: object } }),
    '/changeActiveEntities': {
      post: {
        tags,
        operationId: 'changeActiveEntities',
        summary: 'Change the active entities',
        requestBody: body({
          type: 'object',
          properties: { entities_id: { oneOf: [{ type: 'integer' }, { type: 'string', enum: ['all'] }] }, is_recursive: bool },
        }),
        responses: { 200: ok('Changed'), ...commonErrors, 404: ref('responses', 'NotFound') },
      },
    },
    '/getMultipleItems': get('getMultipleItems', 'Several items of any types at once', { type: 'array', items: object }, {
      parameters: [
        {
          name: 'items',
          in: 'query',
          required: true,
          style: 'deepObject',
          explode: true,
          schema: { type: 'array', items: { type: 'object', properties: { itemtype: { type: 'string' }, items_id: { type: 'integer' } } } },
          description: 'items[0][itemtype]=Computer&items[0][items_id]=1&…',
        },
        ...params('expand_dropdowns', 'get_hateoas', ...WITH_FLAGS),
      ],
    }),
    '/listSearchOptions/{itemtype}': get('listSearchOptions', 'Search options of an itemtype', object, {
      parameters: [itemtypeParam, q('raw', bool, 'GLPI raw form')],
    }),
    '/search/{itemtype}': {
      get: {
        tags: ['Search'],
        operationId: 'search',
        summary: "GLPI's search engine",
        description:
          'criteria[0][field]=<search option id>&criteria[0][searchtype]=contains|equals|notequals|lessthan|morethan|under|notunder&criteria[0][value]=…&criteria[1][link]=AND|OR|AND NOT|OR NOT; metacriteria[…][itemtype] for linked types; forcedisplay[]=<id>. AllAssets searches every asset type.',
        parameters: [
          { ...itemtypeParam, schema: { type: 'string', enum: [...typeNames, 'AllAssets'] } },
          ...['criteria', 'metacriteria'].map((name) => ({ name, in: 'query', style: 'deepObject', explode: true, schema: { type: 'array', items: object } })),
          ...params('forcedisplay', 'sort', 'order', 'range', 'rawdata', 'withindexes', 'uid_cols', 'giveItems', 'is_deleted'),
        ],
        responses: {
          200: ok('Results', { type: 'object', properties: { totalcount: { type: 'integer' }, count: { type: 'integer' }, sort: {}, order: {}, data: {}, 'content-range': { type: 'string' } } }),
          206: ok('One page of the results', object),
          ...commonErrors,
        },
      },
    },
    '/{itemtype}/{id}/{sub_itemtype}': {
      get: {
        tags: ['Items'],
        operationId: 'listSubItems',
        summary: 'Items of sub_itemtype linked to one item (its HATEOAS links)',
        parameters: [itemtypeParam, ref('parameters', 'id'), { name: 'sub_itemtype', in: 'path', required: true, schema: { type: 'string', enum: typeNames } }, ...params('range', 'sort', 'order', 'expand_dropdowns', 'get_hateoas')],
        responses: { 200: ok('The sub-items', { type: 'array', items: object }), 206: ok('One page of the sub-items', { type: 'array', items: object }), ...commonErrors },
      },
      post: {
        tags: ['Items'],
        operationId: 'createSubItems',
        summary: 'Create sub-items, their link to the parent filled from the URL',
        parameters: [itemtypeParam, ref('parameters', 'id'), { name: 'sub_itemtype', in: 'path', required: true, schema: { type: 'string', enum: typeNames } }],
        requestBody: body({ type: 'object', required: ['input'], properties: { input: {} } }),
        responses: { 201: ok('Created'), 207: ref('responses', 'MultiStatus'), ...commonErrors },
      },
    },
    '/User/{id}/Picture': {
      get: {
        tags: ['User'],
        operationId: 'getUserPicture',
        summary: "The user's picture",
        parameters: params('id'),
        responses: { 200: { description: 'The image', content: { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } } }, 204: { description: 'No picture' }, ...commonErrors },
      },
    },
    '/MailCollector/{id}/collect': {
      post: {
        tags: ['MailCollector'],
        operationId: 'collectMail',
        summary: 'Run a mail collector now (or join its run in flight): each new mail becomes a ticket, a follow-up or a refusal',
        description: "Needs UPDATE on the `config` right. Imports at most the mailgate automatic action's `param` new mails (10 by default).",
        parameters: params('id'),
        responses: {
          200: ok('What the run did', {
            type: 'object',
            properties: { tickets: { type: 'integer' }, followups: { type: 'integer' }, refused: { type: 'integer' }, again: { type: 'integer', description: 'Mails whose outcome an earlier run had committed, settled now' }, error: { type: ['string', 'null'] } },
          }),
          ...commonErrors,
        },
      },
    },
    '/MailCollector/{id}/test': {
      post: {
        tags: ['MailCollector'],
        operationId: 'testMailCollector',
        summary: "Log in to a mail collector's mailbox and list its folders, reading nothing (GLPI's test connection)",
        parameters: params('id'),
        responses: { 200: ok('The folders, or why the mailbox cannot be reached', { type: 'object', properties: { folders: { type: 'array', items: { type: 'string' } }, error: { type: ['string', 'null'] } } }), ...commonErrors },
      },
    },
    '/AuthLDAP/{id}/users': {
      get: {
        tags: ['AuthLDAP'],
        operationId: 'listDirectoryAccounts',
        summary: "The directory's accounts not yet users, sorted by login (GLPI's import from LDAP)",
        description: "Needs the `user` right's IMPORTEXTAUTHUSERS bit (1024). 400 when the filter does not parse or the directory cannot be reached.",
        parameters: directoryListParams("the directory's condition", 'the login'),
        responses: {
          200: ok('The page', { type: 'object', properties: { total: { type: 'integer' }, accounts: { type: 'array', items: { type: 'object', properties: { login: { type: 'string' }, dn: { type: 'string' } } } } } }),
          ...commonErrors,
        },
      },
    },
    '/AuthLDAP/{id}/import': {
      post: {
        tags: ['AuthLDAP'],
        operationId: 'importDirectoryAccounts',
        summary: 'Make users of directory accounts, by login or DN, as a first sign-in would (mapping, authorization rules)',
        description: "Needs the `user` right's IMPORTEXTAUTHUSERS bit (1024). At most 1000 accounts at once. 201 when one was imported, else 200.",
        parameters: params('id'),
        requestBody: body({ type: 'object', required: ['input'], properties: { input: { type: 'object', properties: { logins: { type: 'array', items: { type: 'string' } }, dns: { type: 'array', items: { type: 'string' } } } } } }),
        responses: {
          201: ok('What was done', {
            type: 'object',
            properties: {
              imported: { type: 'array', items: { type: 'object', properties: { login: { type: 'string' }, id: { type: 'integer' } } } },
              existing: { type: 'array', items: { type: 'string' } },
              not_found: { type: 'array', items: { type: 'string' } },
            },
          }),
          ...commonErrors,
        },
      },
    },
    '/AuthLDAP/{id}/groups': {
      get: {
        tags: ['AuthLDAP'],
        operationId: 'listDirectoryGroups',
        summary: "The directory's group entries (group_condition, under basedn) no group is linked to yet, sorted by name (GLPI's import of new groups)",
        description: "Needs the `group` right's UPDATE and the `user` right's UPDATEAUTHENT bit (4096). 400 when the directory has no group_condition, the filter does not parse or the directory cannot be reached.",
        parameters: directoryListParams('group_condition', 'the cn'),
        responses: {
          200: ok('The page', { type: 'object', properties: { total: { type: 'integer' }, groups: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, dn: { type: 'string' } } } } } }),
          ...commonErrors,
        },
      },
    },
    '/AuthLDAP/{id}/importgroups': {
      post: {
        tags: ['AuthLDAP'],
        operationId: 'importDirectoryGroups',
        summary: 'Make groups of group entries, by DN (name from cn, linked by ldap_group_dn), all or none',
        description: "Needs the `group` right's UPDATE and the `user` right's UPDATEAUTHENT bit (4096), and the group right's CREATE on the entity. At most 1000 at once. 201 when one was made, else 200.",
        parameters: params('id'),
        requestBody: body({
          type: 'object',
          required: ['input'],
          properties: { input: { type: 'object', required: ['dns'], properties: { dns: { type: 'array', items: { type: 'string' } }, entities_id: { type: 'integer', default: 0 }, is_recursive: { type: 'integer', enum: [0, 1], default: 0 } } } },
        }),
        responses: {
          201: ok('What was done', {
            type: 'object',
            properties: {
              imported: { type: 'array', items: { type: 'object', properties: { dn: { type: 'string' }, id: { type: 'integer' } } } },
              existing: { type: 'array', items: { type: 'string' } },
              not_found: { type: 'array', items: { type: 'string' } },
            },
          }),
          ...commonErrors,
        },
      },
    },
    '/NotImportedEmail/{id}/source': {
      get: {
        tags: ['NotImportedEmail'],
        operationId: 'getNotImportedEmailSource',
        summary: 'The raw message of a refused e-mail',
        parameters: params('id'),
        responses: { 200: { description: 'The message', content: { 'message/rfc822': { schema: { type: 'string', contentMediaType: 'message/rfc822' } } } }, ...commonErrors },
      },
    },
    '/NotImportedEmail/{id}/import': {
      post: {
        tags: ['NotImportedEmail'],
        operationId: 'importNotImportedEmail',
        summary: 'Import a refused e-mail anyway, as a ticket of the entity given; the refusal goes',
        parameters: params('id'),
        requestBody: body({ type: 'object', required: ['input'], properties: { input: { type: 'object', required: ['entities_id'], properties: { entities_id: { type: 'integer' } } } } }),
        responses: { 201: ok('The new ticket', { type: 'object', properties: { id: { type: 'integer' } } }), ...commonErrors },
      },
    },
    '/testRules': {
      post: {
        tags,
        operationId: 'testRules',
        summary: "Run a rule collection on an input, writing nothing (GLPI's rules engine tester)",
        description:
          'Needs READ on the collection\'s right (rule_ticket, rule_dictionnary_software…). Answers every rule tried in ranking order, each criterion with the value it compared and whether it held, what the actions of the matching rules set (`output`), and what writing it would leave out (a group deleted since, a value the field cannot take). Ticket and asset rules are tried in `entities_id` (an active entity, the session\'s by default) and as on add (`condition` 1, default) or update (2).',
        requestBody: body({
          type: 'object',
          required: ['sub_type', 'input'],
          properties: {
            sub_type: { type: 'string', description: 'The rule collection: RuleTicket, RuleAsset, RuleDictionnarySoftware, RuleDictionnaryManufacturer…' },
            input: { type: 'object', description: 'The fields the rules test, as a write would give them (a ticket: name, content, _users_id_requester, items_id…)' },
            entities_id: { type: 'integer' },
            condition: { type: 'integer', enum: [1, 2] },
          },
        }),
        responses: {
          200: ok('The rules tried and what they set', {
            type: 'object',
            required: ['sub_type', 'rules', 'output', 'left_out'],
            properties: {
              sub_type: { type: 'string' },
              entities_id: { type: 'integer' },
              condition: { type: 'integer' },
              rules: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    name: { type: 'string' },
                    ranking: { type: 'integer' },
                    matched: { type: 'boolean' },
                    criteria: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, criteria: { type: 'string' }, condition: { type: 'integer' }, pattern: { type: 'string' }, value: {}, holds: { type: 'boolean' }, error: { type: 'string' } } } },
                    actions: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, action_type: { type: 'string' }, field: { type: 'string' }, value: { type: 'string' }, set: object, error: { type: 'string' } } } },
                  },
                },
              },
              output: object,
              left_out: { type: 'array', items: { type: 'string' } },
            },
          }),
          ...commonErrors,
        },
      },
    },
    '/ruleFields/{sub_type}': {
      get: {
        tags,
        operationId: 'ruleFields',
        summary: "What a rule collection's editor offers: its criteria, the conditions valid for each, its action fields with their action types, and what a pattern or value holds",
        description:
          "Needs READ on the collection's right. Criteria: `name` (RuleCriteria.criteria), GLPI's label, `conditions` (GLPI's numbers valid for it: the usual ten, under / not under on a tree dropdown, a collection's own such as 10 is already present, or only those GLPI allows) and `value`: `text`, `dropdown` (an id of `itemtype`) or `list` (fixed choices: urgency, status, yes/no…). Actions: `field` (RuleAction.field), label, and `types` (RuleAction.action_type values it takes, each with what its value holds). `conditions` labels every condition number. RuleRight adds the directory attributes declared as RuleRightParameter. `GET ruleFields?sub_type=…` is the same.",
        parameters: [{ name: 'sub_type', in: 'path', required: true, schema: { type: 'string' }, description: 'RuleTicket, RuleAsset, RuleMailCollector, RuleRight, RuleDictionnarySoftware…' }],
        responses: {
          200: ok('The criteria and actions', {
            type: 'object',
            properties: {
              sub_type: { type: 'string' },
              conditions: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, label: { type: 'string' } } } },
              criteria: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' }, label: { type: 'string' }, conditions: { type: 'array', items: { type: 'integer' } }, value: RULE_VALUE } } },
              actions: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, label: { type: 'string' }, types: { type: 'array', items: { type: 'object', properties: { type: { type: 'string' }, label: { type: 'string' }, value: RULE_VALUE } } } } } },
            },
          }),
          ...commonErrors,
        },
      },
    },
    '/replayDictionary': {
      get: {
        tags,
        operationId: 'listDictionaryReplays',
        summary: 'The dictionary replays of the dictionaries the session may read, newest first, with their progress',
        responses: { 200: ok('The replays', { type: 'array', items: ref('schemas', 'DictionaryReplay') }), ...commonErrors },
      },
      post: {
        tags,
        operationId: 'replayDictionary',
        summary: "Replay a dictionary on the rows already there (GLPI's replay of the dictionary rules), run by the automatic action replaydictionary a batch per turn",
        description: "Needs UPDATE on the dictionary's right (rule_dictionnary_software, rule_dictionnary_dropdown).",
        requestBody: body({ type: 'object', required: ['sub_type'], properties: { sub_type: { type: 'string', description: 'RuleDictionnarySoftware, RuleDictionnaryManufacturer, RuleDictionnaryComputerModel…' } } }),
        responses: { 201: ok('Asked for: its progress', ref('schemas', 'DictionaryReplay')), ...commonErrors },
      },
    },
    '/testWebhook': {
      post: {
        tags,
        operationId: 'testWebhook',
        summary: 'Send a test event to a webhook now (signed as its deliveries are, through the same address guard), logged with its deliveries',
        description: 'Needs UPDATE on the webhook right and the webhook within the active entities.',
        requestBody: body({ type: 'object', required: ['webhooks_id'], properties: { webhooks_id: { type: 'integer' } } }),
        responses: {
          200: ok('What came of it', {
            type: 'object',
            properties: {
              id: { type: 'integer', description: 'the logged delivery (QueuedWebhook)' },
              ok: { type: 'boolean' },
              status: { type: ['integer', 'null'], description: 'HTTP status of the answer, null without one' },
              duration_ms: { type: 'integer' },
              response: { type: 'string', description: 'the first 1000 characters of the answer' },
              error: { type: ['string', 'null'] },
            },
          }),
          ...commonErrors,
        },
      },
    },
    '/lostPassword': {
      put: {
        tags,
        operationId: 'lostPassword',
        summary: 'Ask for a password reset e-mail (email), or reset (email, password_forget_token, password)',
        security: [],
        requestBody: body({ type: 'object', properties: { email: { type: 'string' }, password_forget_token: { type: 'string' }, password: { type: 'string' } } }),
        responses: { 200: ok('Done', { type: 'array', items: { type: 'string' } }), 400: ref('responses', 'BadRequest') },
      },
    },
  };
}

/** Every /apirest.php operation is rate-limited per address and per session (see auth/rate-limit.ts). */
function addRateLimitResponses(paths: Record<string, Record<string, Operation>>): void {
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) (operation.responses as Schema)[429] ??= ref('responses', 'TooManyRequests');
  }
}

export function buildOpenApi(): Record<string, unknown> {
  const types = allItemtypes().slice().sort((a, b) => a.name.localeCompare(b.name));
  const typeNames = types.map((t) => t.name);
  const paths: Record<string, Record<string, Operation>> = sessionPaths(typeNames);
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
  for (const type of types) {
    schemas[type.name] = itemSchema(type);
    itemtypePaths(type, paths);
  }
  for (const [name, alias] of Object.entries(ALIASES)) {
    // A namespaced class name (Glpi\Socket) is GLPI 10's own, not an old one; its backslash is escaped in the path.
    const namespaced = name.includes('\\');
    const what = namespaced ? `GLPI 10's class name for ${alias.target} items` : `Old name of ${alias.target} items`;
    const description = `${what}${alias.parent ? ` linked to a ${alias.parent.itemtype} (${alias.parent.fk})` : ''}${Object.keys(alias.renamed).length ? `; renamed fields: ${Object.entries(alias.renamed).map(([o, n]) => `${o} = ${n}`).join(', ')}` : ''}${alias.dropped.length ? `; not shown: ${alias.dropped.join(', ')}` : ''}.`;
    const id = name.replace(/\W/g, '');
    const op = (operationId: string, extra: Operation = {}) => ({
      tags: [alias.target],
      operationId,
      deprecated: !namespaced,
      description,
      ...extra,
      responses: { 200: ok(name, { type: 'object', additionalProperties: true }), ...commonErrors },
    });
    const path = encodeURIComponent(name);
    paths[`/${path}/`] = { get: op(`list${id}`, { parameters: params('range', 'sort', 'order') }) };
    paths[`/${path}/{id}`] = { get: op(`get${id}`, { parameters: params('id') }) };
  }
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
      requestBodies: {
        DeleteList: body({ type: 'object', required: ['input'], properties: { input: { type: 'array', items: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } } }),
      },
      schemas,
    },
  };
}

const document = cachedText(() => JSON.stringify(buildOpenApi()));

/** GET|HEAD /openapi.json (no session: it only describes what the registry holds). */
export function openApiResponse(request: Request): Response {
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
  const doc = document();
  headers.ETag = doc.etag;
  if (request.headers.get('if-none-match') === doc.etag) return new Response(null, { status: 304, headers });
  const bodyOut = encodedBody(request.headers, doc, headers);
  return new Response(method === 'HEAD' ? null : bodyOut, { status: 200, headers });
}
