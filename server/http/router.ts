import { checkAppToken } from '../auth/apiclients';
import { sessionScope } from '../auth/session-scope';
import { inlineDoc } from '../api/doc';
import { lostPassword } from '../api/lost-password';
import { itemtypeBranch } from '../api/items/route';
import { getMultipleItems } from '../api/items/multiple';
import { getMyDevices } from '../api/my-devices';
import { getTicketTemplate } from '../api/ticket-template';
import { changeActiveEntities, changeActiveProfile, getActiveEntities, getActiveProfile, getMyEntities, getMyProfiles } from '../api/profiles';
import { listSearchOptions } from '../api/searchoptions';
import { searchAnyName } from '../api/alias-search';
import { getFullSession, getGlpiConfig, initSession, killSession } from '../api/session';
import { userPicture } from '../api/picture';
import { testRules } from '../api/test-rules';
import { replayDictionary } from '../api/replay-dictionary';
import { ruleFields } from '../api/rule-fields';
import { liveEvents } from '../api/events';
import { mailAction } from '../api/mail';
import { testWebhook } from '../api/test-webhook';
import { directoryAction } from '../api/directory';
import { datesShown, sessionLocale } from '../auth/session-locale';
import { isTranslated } from '../core/messages';
import { appTokenOf, sessionTokenOf, type Reply, type RequestContext, type SessionContext } from '../auth/context';
import { ApiError, BEARER_HINT, errors, isBearer } from '../core/errors';

type SessionHandler = (ctx: SessionContext) => Reply | Promise<Reply>;

/** Named endpoints that need a session (GLPI ignores the HTTP verb for them). */
const SESSION_ENDPOINTS: Record<string, SessionHandler> = {
  killSession,
  getFullSession,
  getGlpiConfig,
  getMyProfiles,
  getActiveProfile,
  changeActiveProfile,
  getMyEntities,
  getActiveEntities,
  changeActiveEntities,
  getMyDevices,
  getTicketTemplate,
  getMultipleItems,
  listSearchOptions,
  search: searchAnyName,
  testRules,
  replayDictionary,
  ruleFields,
  events: liveEvents,
  testWebhook,
};

/** Resolves the Session-Token into a session and its scope, or fails with 401. */
function openSession(ctx: RequestContext): SessionContext {
  const token = sessionTokenOf(ctx);
  if (token === '') throw errors.sessionTokenMissing(isBearer(ctx.headers.get('authorization')) ? BEARER_HINT : '');
  const opened = sessionScope(ctx.services, token);
  if (!opened) throw errors.sessionTokenInvalid();
  // The request's own context, completed (copying its dozen members showed in the profile).
  return Object.assign(ctx, opened);
}

const isUserPicture = (segments: string[]) =>
  segments.length === 3 && segments[0]!.toLowerCase() === 'user' && /^\d+$/.test(segments[1]!) && segments[2]!.toLowerCase() === 'picture';

/**
 * A request whose large body went unread for want of a session (http/body.ts): the answer its
 * route gives without one (app token, then session token errors), else `refusal` itself.
 */
export function refuseUnreadBody(ctx: RequestContext, refusal: ApiError): never {
  const resource = ctx.segments[0] ?? '';
  if (resource !== '' && resource !== 'initSession' && resource !== 'lostPassword') {
    checkAppToken(ctx.services, () => ctx.ip, appTokenOf(ctx));
    openSession(ctx);
  }
  throw refusal;
}

/** Synchronous when the handler is (most reads): a promise per request costs more than the read. */
export function route(ctx: RequestContext): Reply | Promise<Reply> {
  const resource = ctx.segments[0] ?? '';
  if (resource === '') return inlineDoc(ctx);
  if (resource === 'initSession') return initSession(ctx);
  if (resource === 'lostPassword') return lostPassword(ctx);
  checkAppToken(ctx.services, () => ctx.ip, appTokenOf(ctx));
  const session = openSession(ctx);
  const locale = () => sessionLocale(ctx.services.store.db, ctx.services.store.settings, session.scope);
  let reply: Reply | Promise<Reply>;
  try {
    reply = sessionRoute(session);
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

function sessionRoute(session: SessionContext): Reply | Promise<Reply> {
  // Own keys only: `/apirest.php/valueOf` must not find Object.prototype.valueOf.
  const named = Object.hasOwn(SESSION_ENDPOINTS, session.segments[0]!) ? SESSION_ENDPOINTS[session.segments[0]!] : undefined;
  if (named) return named(session);
  if (isUserPicture(session.segments)) return userPicture(session);
  return mailAction(session) ?? directoryAction(session) ?? itemtypeBranch(session);
}
