/** The pieces of OpenAPI the route table (routes.ts) and its fold (openapi.ts) both write with. */
export type Schema = Record<string, unknown>;
/** An operation as the table describes it: the fold adds its parameters, body and 429. */
export type Operation = Record<string, unknown>;

export const ref = (kind: 'schemas' | 'parameters' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

export const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('schemas', 'Error') } } });
export const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before the next request', schema: { type: 'integer' } } };

export const commonErrors = {
  400: ref('responses', 'BadRequest'),
  401: ref('responses', 'Unauthorized'),
  403: ref('responses', 'Forbidden'),
  500: ref('responses', 'ServerError'),
};

export const jsonContent = (schema: Schema) => ({ 'application/json': { schema } });
export const ok = (description: string, schema: Schema = {}) => ({ description, content: jsonContent(schema) });

export const PAGE_HEADERS = {
  'Content-Range': { description: 'start-end/total', schema: { type: 'string' } },
  'Accept-Range': { description: '<Itemtype> 1000: the largest page', schema: { type: 'string' } },
};

export const OBJECT = { type: 'object', additionalProperties: true };
export const BOOL = { type: 'boolean' };
