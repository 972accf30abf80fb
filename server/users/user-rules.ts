import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import { columnsFromInput } from '../items/crud';
import { classCan } from '../auth/rights';
import { ITEM_NOT_FOUND_MESSAGE, RIGHT_MISSING_MESSAGE } from '../core/errors';
import type { Itemtype } from '../registry';
import { HISTORY, logRelation } from '../items/history';
import { itemtypeOrThrow } from '../registry';
import { AUTHTYPE } from '../registry/values';
import { findById, insertRow, selectAll, selectOne, type Row } from '../db/rows';
import { nowString } from '../core/clock';
import type { Params } from '../core/params';
import { flag, toId } from '../core/params';
import { randomToken, tokenHash } from '../core/secrets';
import { rightBeyond } from '../auth/outrank';
import { accountUsable } from '../auth/login';
import { policyProblems } from '../auth/password-reset';
import type { Settings } from '../db/settings';
import { rightOf } from '../auth/scope';
import { requireAuthorityOver } from './authority';
import { EMAIL, ownRow } from './user-emails';
import { keepUserReachedInPart, purgeUserData, requireWholeReach } from './user-delete';

const LOGIN = /^[\p{L}\p{N}'@.\-_ ]+$/u;
const MAX_PASSWORD = 1024;

/**
 * password + password2 must match and follow the password policy when it is on (as GLPI); the
 * hash is computed before the transaction, and only for an element that passed precheck (see below).
 */
function checkPassword(input: Params, settings: Settings): void {
  if (input.password === undefined && input.password2 === undefined) return;
  const { password, password2 } = input;
  if (typeof password !== 'string' || typeof password2 !== 'string') throw new ItemError('password and password2 are both required, as strings');
  if (password !== password2) throw new ItemError('Error: the two passwords do not match');
  if (password.length > MAX_PASSWORD) throw new ItemError(`password longer than ${MAX_PASSWORD} characters`);
  const problems = password !== '' && settings.flag('use_password_security') ? policyProblems(settings, password) : [];
  if (problems.length) throw new ItemError(problems.join('\\n'));
}

async function hashNewPassword(wc: WriteContext, input: Params): Promise<void> {
  if (typeof input.password === 'string' && input.password !== '') input._password_hash = await wc.services.hashPassword(input.password);
}

function applyPassword(row: Row, input: Params): void {
  if (typeof input._password_hash === 'string') {
    row.password = input._password_hash;
    row.password_last_update = nowString();
  }
}

/** A `_reset_…` request flag that is set. */
const asks = (input: Params, key: string) => input[key] !== undefined && flag(input, key, false);

function applyTokens(wc: WriteContext, row: Row, input: Params): void {
  if (asks(input, '_reset_api_token')) {
    const token = randomToken();
    row.api_token = tokenHash(token);
    row.api_token_date = nowString();
    wc.extra.api_token = token; // shown once, in the write's result; only its hash is kept
  }
  if (asks(input, '_reset_personal_token')) {
    const token = randomToken();
    row.personal_token = tokenHash(token);
    row.personal_token_date = nowString();
    wc.extra.personal_token = token;
  }
}

function checkLogin(name: unknown): void {
  if (typeof name !== 'string' || name.trim() === '' || !(LOGIN.test(name) || EMAIL.test(name))) {
    throw new ItemError('The login is not valid. Unable to add the user.');
  }
}

/** The new profile must not give more than the current profile has, right by right. */
function checkProfileNotAbove(wc: WriteContext, profileId: number): void {
  const target = wc.services.directory.profile(profileId);
  if (!target) throw new ItemError(`Field profiles_id: Profile ${profileId} does not exist`);
  const beyond = rightBeyond(wc.scope, target);
  if (beyond !== null) throw new ItemError(`You cannot grant the profile ${target.name}: it has rights (${beyond}) that your profile does not have`);
}

/** Columns that decide whether an account may log in now (see accountUsable). */
const USABILITY_COLUMNS = ['is_active', 'is_deleted', 'begin_date', 'end_date'];
const SUPER_ADMIN = 4;
const ROOT_ENTITY = 0;

/** Super-Admin authorizations on the root entity of accounts that can log in now. */
function rootSuperAdminGrants(wc: WriteContext): { grantId: number; userId: number }[] {
  return selectAll(
    wc.db,
    `SELECT pu.id AS grant_id, u.* FROM glpi_profiles_users pu JOIN glpi_users u ON u.id = pu.users_id
     WHERE pu.profiles_id = ${SUPER_ADMIN} AND pu.entities_id = ${ROOT_ENTITY}`,
  )
    .filter((u) => accountUsable(u))
    .map((u) => ({ grantId: Number(u.grant_id), userId: Number(u.id) }));
}

/** Is this authorization, as it stands or would stand, a root Super-Admin one of a usable account? */
function isRootSuperAdmin(wc: WriteContext, grant: Row): boolean {
  if (Number(grant.profiles_id) !== SUPER_ADMIN || Number(grant.entities_id) !== ROOT_ENTITY) return false;
  const user = findById(wc.db, 'glpi_users', Number(grant.users_id));
  return user !== null && accountUsable(user);
}

/** Refuses a write that would leave no usable Super-Admin on the root entity. */
function keepRootSuperAdmin(wc: WriteContext, survives: (grant: { grantId: number; userId: number }) => boolean, what: string): void {
  const grants = rootSuperAdminGrants(wc);
  if (grants.length > 0 && !grants.some(survives)) {
    throw new ItemError(`The last active Super-Admin authorization on the root entity cannot be ${what}`);
  }
}

/** What users may change on their own account without the user right. */
const SELF_FIELDS = new Set(['password', 'password2', '_reset_api_token', '_reset_personal_token', 'realname', 'firstname', 'phone', 'phone2', 'mobile', 'language', 'nickname', 'email', 'notification_to_myself']);
/** The key prepareInput adds to the input itself. */
const PREPARED = new Set(['_password_hash']);
const PASSWORD_UPDATE = 1;
const PERSONALIZATION_UPDATE = 2;

const isMe = (wc: WriteContext, userId: unknown) => Number(userId) === Number(wc.scope.user.id);

/** A change of one's own account that needs no user right (see SELF_FIELDS). */
function ownAccountChange(wc: WriteContext, row: Row, input: Params): boolean {
  if (!isMe(wc, row.id)) return false;
  const keys = Object.keys(input).filter((k) => k !== 'id' && !PREPARED.has(k));
  if (!keys.every((k) => SELF_FIELDS.has(k))) return false;
  return !('password' in input) || (rightOf(wc.scope, 'password_update') & PASSWORD_UPDATE) !== 0;
}

/**
 * The authorization a new user gets (the requested profile, else the default one, on the requested
 * entity, else the session's), refused beyond the session's rights or entities; null without a
 * default profile.
 */
function newGrant(wc: WriteContext, input: Params): { profileId: number; entityId: number; requested: boolean } | null {
  const requested = toId(input._profiles_id);
  const profileId = requested ?? Number(selectOne(wc.db, 'SELECT id FROM glpi_profiles WHERE is_default = 1 ORDER BY id')?.id ?? 0);
  if (!profileId) return null;
  checkProfileNotAbove(wc, profileId);
  const entityId = toId(input._entities_id) ?? wc.scope.session.entityId ?? wc.scope.activeEntities[0] ?? 0;
  if (!wc.scope.showAll && !wc.scope.active.has(entityId)) throw new ItemError(`Entity ${entityId} is not one of your active entities`);
  return { profileId, entityId, requested: requested !== null };
}

const refused = () => new ItemError(RIGHT_MISSING_MESSAGE, 'ERROR_RIGHT_MISSING');

/**
 * The refusals of a user write that need nothing the write itself does (rights, authority over the
 * account, the input's values, login, authorization), checked before its password is hashed:
 * argon2 costs about a tenth of a CPU-second, and a bulk request of refused elements must not cost
 * that per element. The transaction checks all of it again, with the rest.
 */
function precheck(wc: WriteContext, type: Itemtype, input: Params, target: number | null): void {
  if (target === null) {
    if (!classCan(wc.scope, type, 'create')) throw refused();
  } else {
    const old = findById(wc.db, type.table, target);
    if (!old) throw new ItemError(ITEM_NOT_FOUND_MESSAGE, 'ERROR_ITEM_NOT_FOUND');
    if (!classCan(wc.scope, type, 'update') && !ownAccountChange(wc, old, input)) throw refused();
    requireAuthorityOver(wc, target);
  }
  const columns = columnsFromInput(type, input);
  if (target === null || 'name' in columns) checkLogin(columns.name);
  checkPassword(input, wc.services.store.settings);
  if (target === null) newGrant(wc, input);
}

export const userHooks: ItemHooks = {
  selfService: (wc, _type, row, input) => ownAccountChange(wc, row, input),
  async prepareInput(wc, type, input, target) {
    precheck(wc, type, input, target);
    await hashNewPassword(wc, input);
  },
  prepareAdd(wc, _type, row, input) {
    checkLogin(row.name);
    if (row.authtype === undefined) row.authtype = AUTHTYPE.LOCAL;
    applyPassword(row, input);
    applyTokens(wc, row, input);
  },
  afterAdd(wc, _type, row, input) {
    if (selectOne(wc.db, 'SELECT id FROM glpi_profiles_users WHERE users_id = ?', Number(row.id))) return;
    const given = newGrant(wc, input);
    if (!given) return;
    const grant: Row = {
      users_id: Number(row.id),
      profiles_id: given.profileId,
      entities_id: given.entityId,
      is_recursive: flag(input, '_is_recursive', false) ? 1 : 0,
      is_dynamic: given.requested ? 0 : 1,
      is_default_profile: given.requested ? 0 : 1,
    };
    grant.id = insertRow(wc.db, 'glpi_profiles_users', grant);
    // Logged on the user and the profile like any other authorization added.
    logRelation(wc, itemtypeOrThrow('Profile_User'), grant, HISTORY.ADD_RELATION);
  },
  prepareUpdate(wc, _type, old, changes, input) {
    // Every change to another account needs authority over it, whatever the field: names,
    // language or default entity as much as its password (see requireAuthorityOver).
    requireAuthorityOver(wc, old.id);
    if ('name' in changes) checkLogin(changes.name);
    applyPassword(changes, input);
    applyTokens(wc, changes, input);
    if (Number(old.id) === Number(wc.scope.user.id) && (changes.is_active === 0 || changes.is_deleted === 1)) {
      throw new ItemError('You cannot deactivate or delete your own account');
    }
    if (accountUsable(old) && !accountUsable({ ...old, ...changes })) keepRootSuperAdmin(wc, (g) => g.userId !== Number(old.id), 'deactivated');
    if (Number(changes.is_deleted ?? 0) === 1 && Number(old.is_deleted) !== 1) requireWholeReach(wc, Number(old.id));
  },
  afterUpdate(wc, _type, old, changes) {
    const closed = USABILITY_COLUMNS.some((c) => c in changes) && !accountUsable({ ...old, ...changes });
    if (closed || 'password' in changes) {
      // An account that can no longer log in (deactivated, trashed, out of its dates), or whose
      // password changed, loses its other open sessions.
      if (!isMe(wc, old.id) || !('password' in changes)) wc.services.sessions.killUser(Number(old.id));
    }
  },
  beforeDelete(wc, _type, row, purge) {
    if (Number(row.id) === Number(wc.scope.user.id)) throw new ItemError('You cannot delete your own account');
    requireAuthorityOver(wc, row.id);
    keepRootSuperAdmin(wc, (g) => g.userId !== Number(row.id), 'deleted');
    keepUserReachedInPart(wc, Number(row.id));
    if (purge) purgeUserData(wc, Number(row.id));
  },
  afterPurge(wc, _type, row) {
    wc.services.sessions.killUser(Number(row.id));
  },
};

/**
 * Addresses (where a lost-password token is mailed), authorizations and group memberships of
 * another account are part of its access; a row cannot move to another user unchecked either.
 */
export const accountRowHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    requireAuthorityOver(wc, row.users_id);
  },
  prepareUpdate(wc, _type, old, changes) {
    requireAuthorityOver(wc, old.users_id);
    if (changes.users_id !== undefined) requireAuthorityOver(wc, changes.users_id);
  },
  beforeDelete(wc, _type, row) {
    requireAuthorityOver(wc, row.users_id);
  },
};

/** A link whose item is a user (a document, certificate or project attached to it) is part of that account too. */
const linkedUser = (row: Row) => (row.itemtype === 'User' ? row.items_id : undefined);

export const userAttachmentHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    requireAuthorityOver(wc, linkedUser(row));
  },
  prepareUpdate(wc, _type, old, changes) {
    requireAuthorityOver(wc, linkedUser(old));
    if (changes.itemtype !== undefined || changes.items_id !== undefined) requireAuthorityOver(wc, linkedUser({ ...old, ...changes }));
  },
  beforeDelete(wc, _type, row) {
    requireAuthorityOver(wc, linkedUser(row));
  },
};

export const profileUserHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    if (row.profiles_id !== undefined) checkProfileNotAbove(wc, Number(row.profiles_id));
    if (row.entities_id === undefined) row.entities_id = wc.scope.session.entityId ?? wc.scope.activeEntities[0] ?? 0;
    if (!wc.scope.showAll && !wc.scope.active.has(Number(row.entities_id))) {
      throw new ItemError(`Entity ${Number(row.entities_id)} is not one of your active entities`);
    }
  },
  prepareUpdate(wc, _type, old, changes) {
    if ('profiles_id' in changes) checkProfileNotAbove(wc, Number(changes.profiles_id));
    if ('entities_id' in changes && !wc.scope.showAll && !wc.scope.active.has(Number(changes.entities_id))) {
      throw new ItemError(`Entity ${Number(changes.entities_id)} is not one of your active entities`);
    }
    if (isRootSuperAdmin(wc, old) && !isRootSuperAdmin(wc, { ...old, ...changes })) keepRootSuperAdmin(wc, (g) => g.grantId !== Number(old.id), 'changed');
  },
  beforeDelete(wc, _type, row) {
    keepRootSuperAdmin(wc, (g) => g.grantId !== Number(row.id), 'removed');
  },
};

/** Purging the Super-Admin profile would take every Super-Admin authorization with it. */
export const superAdminProfileHooks: ItemHooks = {
  beforeDelete(wc, _type, row) {
    if (Number(row.id) === SUPER_ADMIN) keepRootSuperAdmin(wc, () => false, 'removed');
  },
};

/** Users keep their own preferences (the personalization right), admins everyone's. */
export const userPreferenceHooks: ItemHooks = {
  selfService(wc, _type, row, input) {
    return ownRow(wc, row, input) && (rightOf(wc.scope, 'personalization') & PERSONALIZATION_UPDATE) !== 0;
  },
};

/** Rights of a profile can only be set to what the editor's own profile holds. */
export const profileRightHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    if ((Number(row.rights ?? 0) & ~rightOf(wc.scope, String(row.name ?? ''))) !== 0) {
      throw new ItemError(`You cannot give rights you do not have (${String(row.name)})`);
    }
  },
  prepareUpdate(wc, _type, old, changes) {
    // Renaming a row or moving it to another profile gives its bits too: same limit.
    if (!('rights' in changes) && !('name' in changes) && !('profiles_id' in changes)) return;
    const name = String(changes.name ?? old.name ?? '');
    if ((Number(changes.rights ?? old.rights ?? 0) & ~rightOf(wc.scope, name)) !== 0) {
      throw new ItemError(`You cannot give rights you do not have (${name})`);
    }
  },
};
