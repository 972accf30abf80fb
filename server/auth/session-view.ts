import type { Actor } from './actor';
import { type Row } from '../db/rows';
import { now as clockNow, nowString } from '../core/clock';
import { profileGrants, userProfiles } from './authorizations';
import { effectivePreferences } from './preferences';
import { sessionLocale } from './session-locale';
import { translate } from '../core/messages';
import { defaultPasswordWarning, listedDefaults } from './default-passwords';
import { hasRight } from './scope';
import { UPDATE } from '../registry/rights';
import { AUTHTYPE } from '../registry/values';

export interface ProfileEntity {
  id: number;
  name: string;
  is_recursive: number;
}

/**
 * Entities a profile was granted on, as GLPI lists them in the session (getMyProfiles,
 * glpiprofiles, glpiactiveprofile): each entity once (a recursive grant wins over another one),
 * by its own name (not its complete name), in the order of the complete names.
 */
export function profileEntities(ctx: Actor, profileId: number): ProfileEntity[] {
  const tree = ctx.services.directory.entities();
  const byEntity = new Map<number, ProfileEntity>();
  for (const g of profileGrants(ctx.services.store.db, ctx.services.directory, ctx.session.userId, profileId)) {
    if (byEntity.has(g.entityId) && !g.recursive) continue;
    byEntity.set(g.entityId, { id: g.entityId, name: tree.nodes.get(g.entityId)?.name ?? '', is_recursive: g.recursive ? 1 : 0 });
  }
  const completename = (id: number) => tree.nodes.get(id)?.completename ?? '';
  return [...byEntity.values()].sort((a, b) => completename(a.id).localeCompare(completename(b.id)) || a.id - b.id);
}

/** A map keyed by id, as PHP would print it (an object, or a list when the keys are 0..n-1). */
export function byId<T extends { id: number }>(list: T[]): Record<string, T> | T[] {
  if (list.every((e, i) => e.id === i)) return list;
  return Object.fromEntries(list.map((e) => [String(e.id), e]));
}

/** PHP's `[id => id]` map: a list when the ids are 0..n-1, else an object. */
function idMap(ids: number[]): unknown {
  return ids.every((id, i) => id === i) ? ids : Object.fromEntries(ids.map((id) => [String(id), id]));
}

export function friendlyName(user: Row): string {
  const real = [user.realname, user.firstname].filter((v) => typeof v === 'string' && v !== '').join(' ');
  return real || String(user.name ?? '');
}

/** What GLPI keeps of a Self-Service (helpdesk) profile in the session: these columns and rights. */
const HELPDESK_COMMON = ['id', 'name', 'interface', 'is_default'];
const HELPDESK_FIELDS = ['create_ticket_on_login', 'changetemplates_id', 'helpdesk_hardware', 'helpdesk_item_type', 'problemtemplates_id', 'ticket_status', 'tickettemplates_id'];
const HELPDESK_RIGHTS = ['followup', 'knowbase', 'password_update', 'personalization', 'reminder_public', 'reservation', 'rssfeed_public', 'show_group_hardware', 'task', 'ticket', 'ticket_cost', 'ticketvalidation'];
// GLPI decodes managed_domainrecordtypes after the cleaning, so a helpdesk profile keeps it too.
const HELPDESK_KEYS = new Set([...HELPDESK_COMMON, ...HELPDESK_FIELDS, ...HELPDESK_RIGHTS, 'managed_domainrecordtypes']);

/**
 * The active profile: every column, one key per right row, and its entities. A Self-Service
 * profile keeps only the columns and rights of GLPI's helpdesk form it has (GLPI's list names a
 * `ticket_cost` no profile has a row of: never shown) and, as GLPI's Profile::cleanProfile, its
 * decoded `managed_domainrecordtypes`.
 */
export function activeProfileView(ctx: Actor): Record<string, unknown> {
  const profile = ctx.scope.profile;
  const view: Record<string, unknown> = { ...profile.row };
  for (const key of ['helpdesk_item_type', 'ticket_status', 'problem_status', 'change_status', 'managed_domainrecordtypes']) {
    const raw = view[key];
    if (typeof raw === 'string') {
      try {
        view[key] = JSON.parse(raw);
      } catch {
        view[key] = [];
      }
    }
  }
  for (const [name, bits] of profile.rights) view[name] = bits;
  if (view.interface === 'helpdesk') {
    for (const key of Object.keys(view)) if (!HELPDESK_KEYS.has(key)) delete view[key];
    view.managed_domainrecordtypes = Array.isArray(view.managed_domainrecordtypes) ? view.managed_domainrecordtypes : [];
  }
  view.entities = byId(profileEntities(ctx, profile.id));
  return view;
}

/** GLPI's messages for the user, by kind (2: warning): to its administrators, the accounts still on a default password. */
function messages(ctx: Actor): Record<number, string[]> | [] {
  const warning = hasRight(ctx.scope, 'config', UPDATE) ? defaultPasswordWarning(listedDefaults(ctx.services.store.settings)) : null;
  if (!warning) return [];
  const { language } = sessionLocale(ctx.services.store.db, ctx.services.store.settings, ctx.scope);
  return { 2: [translate(language, warning)] };
}

/** GLPI's $_SESSION as the API shows it (getFullSession, initSession?get_full_session). */
export function fullSession(ctx: Actor, token?: string): Record<string, unknown> {
  const { scope, session, services } = ctx;
  const { db, settings } = services.store;
  const user = scope.user;
  const tree = services.directory.entities();
  const prefs = effectivePreferences(db, settings, session.userId);
  const profiles: Record<string, unknown> = {};
  for (const id of userProfiles(db, services.directory, session.userId)) {
    profiles[id] = { name: services.directory.profile(id)?.name ?? '', entities: byId(profileEntities(ctx, id)) };
  }
  const activeEntity = session.entityId ?? tree.nodes.get(scope.activeEntities[0] ?? 0)?.id ?? 0;
  const entityName = tree.nodes.get(activeEntity)?.completename ?? '';
  const suffix = session.entityId === null ? ' (full structure)' : session.recursive ? ' (tree structure)' : '';
  const parents = tree.ancestors(activeEntity);
  const out: Record<string, unknown> = {
    valid_id: token ?? '',
    glpi_currenttime: nowString(),
    glpi_use_mode: Number(user.use_mode ?? 0),
    glpiID: session.userId,
    glpifriendlyname: friendlyName(user),
    glpiname: user.name,
    glpirealname: user.realname ?? null,
    glpifirstname: user.firstname ?? null,
    glpidefault_entity: Number(user.entities_id ?? 0),
    glpiextauth: 0,
    glpiauthtype: Number(user.authtype ?? AUTHTYPE.LOCAL),
    glpiroot: '',
    glpi_plannings: [],
    glpicrontimer: Math.floor(clockNow() / 1000),
    glpi_tabs: [],
  };
  for (const [key, value] of Object.entries(prefs)) out[`glpi${key}`] = value;
  Object.assign(out, {
    glpi_dropdowntranslations: [],
    glpiprofiles: profiles,
    glpiactiveprofile: activeProfileView(ctx),
    glpiactiveentities: idMap(scope.activeEntities),
    glpiactiveentities_string: scope.activeEntities.map((id) => `'${id}'`).join(', '),
    glpiparententities: parents,
    glpiparententities_string: parents.map((id) => `'${id}'`).join(', '),
    glpiactive_entity: activeEntity,
    glpiactive_entity_recursive: session.entityId === null || session.recursive ? 1 : 0,
    glpiactive_entity_name: entityName + suffix,
    glpiactive_entity_shortname: (tree.nodes.get(activeEntity)?.name ?? '') + suffix,
    glpishowallentities: session.entityId === null ? 1 : 0,
    glpigroups: scope.groups,
    MESSAGE_AFTER_REDIRECT: messages(ctx),
  });
  return out;
}
