import { checkAppToken } from '../auth/apiclients';
import { classCan } from '../auth/rights';
import { hasRight } from '../auth/scope';
import { sessionScope } from '../auth/session-scope';
import { itemtypeOrThrow } from '../registry';
import { itemtypeBranch } from '../api/items/route';
import { actionRoute, namedRoute, type SessionRoute } from '../api/routes';
import { sessionLocale } from '../auth/session-locale';
import { datesShown } from '../api/dates-shown';
import { isTranslated } from '../core/messages';
import { appTokenOf, sessionTokenOf, type Reply, type RequestContext, type SessionContext } from '../api/context';
import { ApiError, BEARER_HINT, errors, isBearer } from '../core/errors';

/** Resolves the Session-Token into a session and its scope, or fails with 401. */
function openSession(ctx: RequestContext): SessionContext {
  const token = sessionTokenOf(ctx);
  if (token === '') throw errors.sessionTokenMissing(isBearer(ctx.headers.get('authorization')) ? BEARER_HINT : '');
  const opened = sessionScope(ctx.services, token);
  if (!opened) throw errors.sessionTokenInvalid();
  // The request's own context, completed (copying its dozen members showed in the profile).
  return Object.assign(ctx, opened);
}

/** The route's rights, then its handler. */
function run(route: SessionRoute, ctx: SessionContext): Reply | Promise<Reply> {
  const { rights } = route;
  if (rights !== 'session') {
    const allowed = 'can' in rights ? classCan(ctx.scope, itemtypeOrThrow(rights.itemtype), rights.can) : rights.bits.every(([name, bits]) => hasRight(ctx.scope, name, bits));
    if (!allowed) throw errors.rightMissing();
  }
  return route.handler(ctx);
}

/**
 * A request whose large body went unread for want of a session (http/body.ts): the answer its
 * route gives without one (app token, then session token errors), else `refusal` itself.
 */
export function refuseUnreadBody(ctx: RequestContext, refusal: ApiError): never {
  if (namedRoute(ctx.method, ctx.segments[0] ?? '')?.rights !== 'none') {
    checkAppToken(ctx.services, () => ctx.ip, appTokenOf(ctx));
    openSession(ctx);
  }
  throw refusal;
}

/**
 * Dispatches from the route table (api/routes.ts): a public route before any token is read, then
 * a named route, an item's action, or an item route. Synchronous when the handler is (most
 * reads): a promise per request costs more than the read.
 */
export function route(ctx: RequestContext): Reply | Promise<Reply> {
  const named = namedRoute(ctx.method, ctx.segments[0] ?? '');
  if (named?.rights === 'none') return named.handler(ctx);
  checkAppToken(ctx.services, () => ctx.ip, appTokenOf(ctx));
  const session = openSession(ctx);
  const locale = () => sessionLocale(ctx.services.store.db, ctx.services.store.settings, session.scope);
  let reply: Reply | Promise<Reply>;
  try {
    reply = sessionRoute(named, session);
  } catch (error) {
    throw inLanguage(error, locale().language);
  }
  // Dates in the session's zone, decided once for the request: nothing to do in the data zone.
  const { dates, language } = locale();
  if (reply instanceof Promise) {
    return reply.then(
      (r) => (dates ? datesShown(r, dates) : r),
      (error: unknown) => {
        throw inLanguage(error, language);
      },
    );
  }
  return dates ? datesShown(reply, dates) : reply;
}

/** A refusal answered in the session's language (GLPI translates its messages). */
function inLanguage(error: unknown, language: string): unknown {
  if (error instanceof ApiError && isTranslated(language)) error.language = language;
  return error;
}

/** A named route, an item's action, or an item route. */
function sessionRoute(named: SessionRoute | null, session: SessionContext): Reply | Promise<Reply> {
  if (named) return run(named, session);
  const action = actionRoute(session.method, session.segments);
  if (action) return run(action, session);
  return itemtypeBranch(session);
}
