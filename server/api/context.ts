/** The request as api/ handlers see it: it ends here, the floors below take an Actor. */
import type { Actor } from '../auth/actor';
import type { Services } from '../auth/services';
import type { Params } from '../core/params';
import type { Upload } from '../items/hooks';

export type { Upload };

export interface RequestContext {
  services: Services;
  method: string;
  /** Path segments after /apirest.php, without empty ones at the ends. */
  segments: readonly string[];
  params: Params;
  headers: Headers;
  /** Absolute URL of the API root, e.g. http://host:8080/apirest.php */
  apiBase: string;
  ip: string;
  uploads: readonly Upload[];
  /** The Content-Type of a body that was not read (see body.ts), for the error that follows. */
  ignoredBodyType: string | null;
}

export interface SessionContext extends RequestContext, Actor {}

/** What a handler answers: a JSON value, nothing, or raw bytes. */
export interface Reply {
  status: number;
  body?: unknown;
  /** The JSON body already serialised (cached replies). */
  jsonText?: string;
  raw?: BodyInit;
  headers?: Record<string, string>;
}

export const json = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({ status, body, headers });
export const empty = (status = 200, headers?: Record<string, string>): Reply => ({ status, headers });

/** A token from its header or, as GLPI also accepts, from the parameters (query or body). */
function headerOrParam(ctx: Pick<RequestContext, 'headers' | 'params'>, header: string, param: string): string {
  const value = ctx.headers.get(header) ?? ctx.params[param];
  return typeof value === 'string' ? value.trim() : '';
}

export function appTokenOf(ctx: RequestContext): string {
  return headerOrParam(ctx, 'app-token', 'app_token');
}

export function sessionTokenOf(ctx: Pick<RequestContext, 'headers' | 'params'>): string {
  return headerOrParam(ctx, 'session-token', 'session_token');
}
