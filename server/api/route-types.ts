/** The shape of the route table (routes.ts), apart from it so that its folds (openapi.ts) need not import the handlers. */
import type { Reply, RequestContext, SessionContext } from './context';
import type { Itemtype } from '../registry';
import type { Row } from '../db/rows';
import type { RequestParamName } from '../core/request-params';
import type { Operation, Schema } from './doc-parts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Answer = Reply | Promise<Reply>;

/** The item routes' handler: the path's parts, resolved by items/route.ts (sub: the linked type, under `type`'s item `id`). */
export type ItemHandler = (ctx: SessionContext, type: Itemtype, id: number | null, sub: Itemtype | null, subId: number | null, parentRow: Row | undefined) => Answer;

/**
 * Who may call it: anyone (`none`), any session (the handler checks the item's own rights), a
 * session with a class right on an itemtype, or with right bits, checked before the handler.
 */
export type Rights = 'none' | 'session' | { itemtype: string; can: 'read' | 'update' } | { bits: readonly (readonly [string, number])[] };

interface RouteBase {
  method: Method;
  /** Under /apirest.php, as OpenAPI writes it: `{name}` is a path parameter of the table. */
  path: string;
  /** Query and path parameters, by their names in the parameter table. */
  params: readonly RequestParamName[];
  /** GLPI ignores the verb of its named endpoints: another verb reaches the first route of the path. */
  anyVerb?: true;
}
export interface PublicRoute extends RouteBase {
  rights: 'none';
  handler: (ctx: RequestContext) => Answer;
  body?: Schema;
  doc: Operation;
}
export interface SessionRoute extends RouteBase {
  rights: Exclude<Rights, 'none'>;
  handler: (ctx: SessionContext) => Answer;
  body?: Schema;
  doc: Operation;
}
/** `/{itemtype}/…`: documented once per itemtype (`doc` null where the type has no such operation). */
export interface ItemRoute extends RouteBase {
  rights: 'item';
  handler: ItemHandler;
  body?: (type: Itemtype) => Schema;
  doc: Operation | ((type: Itemtype) => Operation | null);
}
export type Route = PublicRoute | SessionRoute | ItemRoute;

