import { checkAppToken } from '../auth/apiclients';
import { reachableEntities, profileGrants, userProfiles } from '../auth/authorizations';
import { authenticate, type Credentials } from '../auth/login';
import { effectivePreferences } from '../auth/preferences';
import { computeScope, hasRight } from '../auth/scope';
import { refreshDefaults } from '../auth/default-passwords';
import { UPDATE } from '../auth/rights';
import { fullSession } from '../auth/session-view';
import { sessionDates } from '../auth/session-locale';
import { datesShown } from './dates-shown';
import { appTokenOf, empty, json, sessionTokenOf, type Reply, type RequestContext, type SessionContext } from './context';
import { BEARER_HINT, errors, isBearer } from '../core/errors';
import { flagParam } from '../core/request-params';
import type { Services } from '../auth/services';
import { allAssetTypes, itemtype, itemtypesWith } from '../registry';
import { CONFIG_TYPE_LISTS } from '../registry/config-lists';
import { LINKED_TYPES } from '../registry/data/hateoas';
import { inTransaction } from '../db/connection';
import { run, type Row } from '../db/rows';
import { nowString } from '../core/clock';
import { UNDISCLOSED_SETTINGS } from '../db/settings';
import { directorySignIn } from '../directory/signin';

/** Login, password and user token from the Authorization header or the parameters. */
function readCredentials(ctx: RequestContext): Credentials {
  const auth = ctx.headers.get('authorization') ?? '';
  let login = typeof ctx.params.login === 'string' ? ctx.params.login : '';
  let password = typeof ctx.params.password === 'string' ? ctx.params.password : '';
  let token = typeof ctx.params.user_token === 'string' ? ctx.params.user_token : '';
  const basic = /^\s*basic\s+(\S+)\s*$/i.exec(auth);
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) {
      login = decoded.slice(0, colon);
      password = decoded.slice(colon + 1);
    }
  }
  if (auth.includes('user_token')) token = auth.trim().split(/\s+/)[1] ?? '';
  if (token.trim() !== '') return { kind: 'token', token: token.trim() };
  if (login !== '' && password !== '') return { kind: 'password', login, password };
  throw errors.loginParametersMissing(isBearer(auth) ? BEARER_HINT : '');
}

/** Profile and entities a new session starts with: the user's defaults when still usable. */
function startingScope(services: Services, user: Row): { profileId: number; entityId: number | null; recursive: boolean } {
  const { db } = services.store;
  const userId = Number(user.id);
  const profiles = userProfiles(db, services.directory, userId);
  if (profiles.length === 0) throw errors.loginFailed("You don't have right to connect");
  const profileId = profiles.includes(Number(user.profiles_id)) ? Number(user.profiles_id) : profiles[0]!;
  const reachable = reachableEntities(services.directory, profileGrants(db, services.directory, userId, profileId));
  const defaultEntity = Number(user.entities_id ?? -1);
  if (reachable.has(defaultEntity)) return { profileId, entityId: defaultEntity, recursive: reachable.get(defaultEntity)! };
  return { profileId, entityId: null, recursive: true };
}

export async function initSession(ctx: RequestContext): Promise<Reply> {
  const { services } = ctx;
  checkAppToken(services, () => ctx.ip, appTokenOf(ctx));
  if (!services.store.settings.flag('enable_api')) throw errors.apiDisabled();
  const credentials = readCredentials(ctx);
  if (credentials.kind === 'password' && !services.store.settings.flag('enable_api_login_credentials')) {
    throw errors.loginWithCredentialsDisabled();
  }
  if (credentials.kind === 'token' && !services.store.settings.flag('enable_api_login_external_token')) throw errors.userTokenInvalid();
  const withSession = flagParam(ctx.params, 'get_full_session');
  const user = await authenticate(services, credentials, ctx.ip, directorySignIn(services));
  const start = startingScope(services, user);
  const { token, record } = services.sessions.create(Number(user.id), start.profileId, start.entityId, start.recursive);
  inTransaction(services.store.db, () => run(services.store.db, 'UPDATE glpi_users SET last_login = ? WHERE id = ?', nowString(), Number(user.id)));
  const body: Record<string, unknown> = { session_token: token };
  const scope = computeScope(services.store.db, services.directory, record)!;
  // An administrator's sign-in checks again which GLPI install accounts keep their default password.
  if (hasRight(scope, 'config', UPDATE)) await refreshDefaults(services.store.db, services.store.settings);
  if (!withSession) return json(body);
  body.session = fullSession({ ...ctx, session: record, scope }, token);
  const dates = sessionDates(services.store.db, services.store.settings, scope);
  return dates ? datesShown(json(body), dates) : json(body);
}

export function killSession(ctx: SessionContext): Reply {
  ctx.services.sessions.kill(ctx.session.hash);
  return empty(200);
}

export function getFullSession(ctx: SessionContext): Reply {
  return json({ session: fullSession(ctx, sessionTokenOf(ctx)) });
}

/** The global configuration without secrets, user preferences winning, plus the itemtype lists. */
export function getGlpiConfig(ctx: SessionContext): Reply {
  const { settings, db } = ctx.services.store;
  const cfg: Record<string, unknown> = {};
  for (const [name, value] of settings.all()) if (!UNDISCLOSED_SETTINGS.has(name)) cfg[name] = value;
  for (const [name, value] of Object.entries(effectivePreferences(db, settings, ctx.session.userId))) cfg[name] = value;
  const names = (feature: Parameters<typeof itemtypesWith>[0]) => itemtypesWith(feature).map((t) => t.name);
  Object.assign(cfg, {
    url_base_api: ctx.apiBase,
    infocom_types: names('infocom'),
    contract_types: names('contract'),
    document_types: names('document'),
    ticket_types: names('ticket'),
    networkport_types: names('networkport'),
    itemdevices_types: names('device'),
    disk_types: names('disk'),
    notepad_types: names('note'),
    // GLPI's software_types is its operatingsystem_types list: the types with installations and an OS.
    software_types: names('software'),
    operatingsystem_types: names('software'),
    reservation_types: [...(itemtype('ReservationItem')?.polyTargets ?? [])],
    asset_types: allAssetTypes().map((t) => t.name),
    project_asset_types: LINKED_TYPES.project.filter((name) => itemtype(name)),
    ...CONFIG_TYPE_LISTS,
  });
  return json({ cfg_glpi: cfg });
}
