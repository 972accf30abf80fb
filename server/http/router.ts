import { checkAppToken } from '../auth/apiclients';
import { sessionScope } from '../auth/session-scope';
import { inlineDoc } from '../api/doc';
import { lostPassword } from '../api/lost-password';
import { itemtypeBranch } from '../api/items/route';
import { getMultipleItems } from '../api/items/multiple';
import { changeActiveEntities, changeActiveProfile, getActiveEntities, getActiveProfile, getMyEntities, getMyProfiles } from '../api/profiles';
import { listSearchOptions } from '../api/searchoptions';
import { searchAnyName } from '../api/alias-search';
import { getFullSession, getGlpiConfig, initSession, killSession } from '../api/session';
import { userPicture } from '../api/picture';
import { testRules } from '../api/test-rules';
import { replayDictionary } from '../api/replay-dictionary';
import { agentInventory } from '../api/agent-inventory';
import { liveEvents } from '../api/events';
import { mailAction } from '../api/mail';
import { testWebhook } from '../api/test-webhook';
import { directoryAction } from '../api/directory';
import { appTokenOf, sessionTokenOf, type Reply, type RequestContext, type SessionContext } from '../auth/context';
import { BEARER_HINT, errors, isBearer, type ApiError } from '../core/errors';

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
  getMultipleItems,
  listSearchOptions,
  search: searchAnyName,
  testRules,
  replayDictionary,
  events: liveEvents,
  testWebhook,
  agentInventory,
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
  // Own keys only: `/apirest.php/valueOf` must not find Object.prototype.valueOf.
  const named = Object.hasOwn(SESSION_ENDPOINTS, resource) ? SESSION_ENDPOINTS[resource] : undefined;
  if (named) return named(session);
  if (isUserPicture(ctx.segments)) return userPicture(session);
  return mailAction(session) ?? directoryAction(session) ?? itemtypeBranch(session);
}
