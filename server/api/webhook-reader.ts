/**
 * The item a webhook sends, as `GET /<itemtype>/<id>` answers it to the webhook's user: in a
 * session of their own making (their default profile, else the first, on all the entities it
 * reaches), so their rights and entity scope apply. Null when they may not read it.
 */
import type { SessionContext } from './context';
import { userProfiles } from '../auth/authorizations';
import { computeScope } from '../auth/scope';
import type { Services } from '../auth/services';
import type { SessionRecord } from '../auth/sessions';
import { ApiError } from '../core/errors';
import { findById } from '../db/rows';
import type { ItemReader } from '../notify/webhooks';
import { itemtype } from '../registry';
import { readOptions } from './items/options';
import { renderItem } from './items/read';

function sessionOf(services: Services, userId: number): SessionContext | null {
  const { db, settings } = services.store;
  const user = findById(db, 'glpi_users', userId);
  if (!user || Number(user.is_active) !== 1 || Number(user.is_deleted) === 1) return null;
  const profiles = userProfiles(db, services.directory, userId);
  if (!profiles.length) return null;
  const profileId = profiles.includes(Number(user.profiles_id)) ? Number(user.profiles_id) : profiles[0]!;
  const session: SessionRecord = { hash: '', userId, profileId, entityId: null, recursive: true, createdAt: 0, lastActive: 0 };
  const scope = computeScope(db, services.directory, session);
  if (!scope) return null;
  const base = settings.get('url_base').trim().replace(/\/+$/, '') || 'http://localhost';
  return {
    services,
    method: 'GET',
    segments: [],
    params: {},
    headers: new Headers(),
    apiBase: `${base}/apirest.php`,
    ip: '',
    uploads: [],
    ignoredBodyType: null,
    session,
    scope,
  };
}

export function webhookReader(services: Services): ItemReader {
  return (userId, name, id) => {
    const type = itemtype(name);
    const ctx = type ? sessionOf(services, userId) : null;
    if (!type || !ctx) return null;
    try {
      return renderItem(ctx, type, id, readOptions({})).body;
    } catch (refusal) {
      if (refusal instanceof ApiError) return null; // not theirs to read
      throw refusal;
    }
  };
}
