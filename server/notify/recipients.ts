/**
 * Who a notification goes to: its NotificationTarget rows resolved on the item, as GLPI's
 * NotificationTarget does (requesters, observers, assignees and their groups, group supervisors,
 * suppliers, validation and timeline authors, the global and entity administrators, profiles,
 * groups, the group in charge of a task; the user, technician and group in charge of the items
 * an ITIL object is linked to, else of the item itself or its asset; a reservation's author, the
 * user a User event is about), then
 * GLPI's skip rules: inactive or deleted users, users without a valid address, actors who turned
 * e-mail followup off (`use_notification` 0, else their `alternative_email`), and the author of
 * the change unless `notification_to_myself` (the user's, else the global one) is on.
 */
import type { Db } from '../db/connection';
import { findById, selectAll, selectOne, type Row } from '../db/rows';
import type { Settings } from '../db/settings';
import { TARGET_TYPE, USER_TARGET } from '../db/seed-notifications';
import { ACTOR, ACTOR_TABLES } from '../auth/itil-visibility';
import { marks } from '../db/frag';
import { itemtype as itemtypeNamed } from '../registry';

export interface Recipient {
  address: string;
  name: string;
  /** null for an address that belongs to no user (the administrator's, a supplier's). */
  userId: number | null;
  language: string;
  /**
   * Set when the address is an actor link's alternative one, not the user's own: whoever names
   * actors may write it, so private followups and tasks never go there.
   */
  alternative?: true;
}

export interface EventContext {
  itemtype: string;
  item: Row;
  /** Who made the change (0: the system, an automatic action). */
  authorId: number;
  followup?: Row;
  task?: Row;
  validation?: Row;
  /** The asset an item is about (a reservation's reserved item): its technician, group and user in charge. */
  asset?: Row;
  /** The user a `user_mention` event is about (GLPI's "Mentioned user" target). */
  mentioned?: number;
  /** The user link removed from the item (GLPI's `_old_user`: the "Former technician in charge" target). */
  formerActor?: Row;
  /** A ticket's, problem's or change's actors at the change (actorLinks): who was assigned then is told. */
  actors?: ActorLink[];
}

/** One actor of an ITIL item: a user, group or supplier link with its role and e-mail followup choice. */
export interface ActorLink {
  kind: 'user' | 'group' | 'supplier';
  type: number;
  id: number;
  use_notification: number;
  alternative_email: string | null;
  /** The link's id: actors are told in the order they were added. */
  link: number;
}

/** The actors of a ticket, problem or change, in one read (in the change's transaction: its recipients are found later). */
export function actorLinks(db: Db, itemtype: string, itemId: number): ActorLink[] {
  const tables = ACTOR_TABLES[itemtype];
  if (!tables) return [];
  return selectAll(
    db,
    `SELECT 'user' AS kind, type, users_id AS id, use_notification, alternative_email, id AS link FROM ${tables.users} WHERE ${tables.fk} = ?
     UNION ALL SELECT 'group', type, groups_id, 1, NULL, id FROM ${tables.groups} WHERE ${tables.fk} = ?
     UNION ALL SELECT 'supplier', type, suppliers_id, use_notification, alternative_email, id FROM ${tables.suppliers} WHERE ${tables.fk} = ?
     ORDER BY kind, link`,
    itemId,
    itemId,
    itemId,
  ) as unknown as ActorLink[];
}

const ADDRESS = /^[^\s@]+@[^\s@]+$/;

/** The item's entity and its ancestors, nearest first. */
export function entityChain(db: Db, entityId: number): number[] {
  const chain: number[] = [];
  let id: number | null = entityId;
  while (id !== null && chain.length < 64 && !chain.includes(id)) {
    chain.push(id);
    const row: Row | null = id === 0 ? null : selectOne(db, 'SELECT entities_id FROM glpi_entities WHERE id = ?', id);
    id = row ? Number(row.entities_id) : null;
  }
  return chain;
}

/** A user (glpi_users as u) with their default address (e); only active users are recipients. */
const USER_COLUMNS = 'u.id, u.name, u.realname, u.firstname, u.language, e.email';
const DEFAULT_EMAIL = 'LEFT JOIN glpi_useremails e ON e.users_id = u.id AND e.is_default = 1';
const ACTIVE = 'u.is_active = 1 AND u.is_deleted = 0';

/** A user row (USER_COLUMNS) as a recipient, at their own valid address when given, else their default one. */
function recipientOf(settings: Settings, user: Row, alternative?: unknown): Recipient | null {
  const own = typeof alternative === 'string' && ADDRESS.test(alternative.trim()) ? alternative.trim() : null;
  const address = own ?? String(user.email ?? '').trim();
  if (!ADDRESS.test(address)) return null;
  const name = [user.realname, user.firstname].filter((p) => typeof p === 'string' && p !== '').join(' ') || String(user.name ?? '');
  const recipient: Recipient = { address: address.toLowerCase(), name, userId: Number(user.id), language: String(user.language || settings.get('language')) };
  if (own !== null && own.toLowerCase() !== String(user.email ?? '').trim().toLowerCase()) recipient.alternative = true;
  return recipient;
}

function userRecipient(db: Db, settings: Settings, userId: number, alternative?: unknown): Recipient | null {
  const user = selectOne(db, `SELECT ${USER_COLUMNS} FROM glpi_users u ${DEFAULT_EMAIL} WHERE u.id = ? AND ${ACTIVE} LIMIT 1`, userId);
  return user ? recipientOf(settings, user, alternative) : null;
}

/** The item's actor users of every role (as they are now: active, their address), read once for all the notifications of an event. */
const actorsRead = new WeakMap<EventContext, Row[]>();

/** The links of one kind of the item's actors at the change. */
const linksOf = (ctx: EventContext, kind: ActorLink['kind']) => (ctx.actors ?? []).filter((link) => link.kind === kind);

/** The actors of one role (users, with their e-mail followup choice). */
function actorUsers(db: Db, settings: Settings, ctx: EventContext, role: number): Recipient[] {
  let rows = actorsRead.get(ctx);
  if (!rows) {
    const links = linksOf(ctx, 'user');
    const ids = [...new Set(links.map((link) => Number(link.id)))];
    const users = new Map(ids.length ? selectAll(db, `SELECT ${USER_COLUMNS} FROM glpi_users u ${DEFAULT_EMAIL} WHERE u.id IN (${marks(ids)}) AND ${ACTIVE}`, ...ids).map((u) => [Number(u.id), u]) : []);
    rows = links.flatMap((link) => {
      const user = users.get(Number(link.id));
      return user ? [{ ...user, type: link.type, use_notification: link.use_notification, alternative_email: link.alternative_email }] : [];
    });
    actorsRead.set(ctx, rows);
  }
  return rows.filter((r) => Number(r.type) === role && Number(r.use_notification) !== 0).map((r) => recipientOf(settings, r, r.alternative_email)).filter((r) => r !== null);
}

function actorGroups(ctx: EventContext, role: number): number[] {
  return linksOf(ctx, 'group')
    .filter((link) => Number(link.type) === role)
    .map((link) => Number(link.id));
}

/** Members of groups: all, only their supervisors, or all but them. */
function groupMembers(db: Db, settings: Settings, groups: number[], which: 'all' | 'supervisors' | 'others'): Recipient[] {
  if (!groups.length) return [];
  const manager = which === 'supervisors' ? ' AND is_manager = 1' : which === 'others' ? ' AND is_manager = 0' : '';
  const rows = selectAll(db, `SELECT DISTINCT users_id FROM glpi_groups_users WHERE groups_id IN (${marks(groups)})${manager}`, ...groups.map(Number));
  return rows.map((r) => userRecipient(db, settings, Number(r.users_id))).filter((r) => r !== null);
}

function oneUser(db: Db, settings: Settings, id: unknown): Recipient[] {
  const recipient = Number(id) > 0 ? userRecipient(db, settings, Number(id)) : null;
  return recipient ? [recipient] : [];
}

function administrator(db: Db, settings: Settings): Recipient[] {
  const address = settings.get('admin_email').trim();
  if (!ADDRESS.test(address)) return [];
  const owner = selectOne(db, 'SELECT users_id FROM glpi_useremails WHERE email = ? COLLATE NOCASE', address);
  return [{ address: address.toLowerCase(), name: settings.get('admin_email_name'), userId: owner ? Number(owner.users_id) : null, language: settings.get('language') }];
}

/** The administrator address of the item's entity, else of its nearest ancestor that has one. */
function entityAdministrator(db: Db, settings: Settings, ctx: EventContext): Recipient[] {
  for (const id of entityChain(db, Number(ctx.item.entities_id ?? 0))) {
    const row = selectOne(db, 'SELECT admin_email, admin_email_name FROM glpi_entities WHERE id = ?', id);
    const address = String(row?.admin_email ?? '').trim();
    if (ADDRESS.test(address)) return [{ address: address.toLowerCase(), name: String(row?.admin_email_name ?? ''), userId: null, language: settings.get('language') }];
  }
  return [];
}

/** The item's assigned suppliers at the change who follow it by e-mail, at their address now (else the link's own). */
function suppliers(db: Db, settings: Settings, ctx: EventContext): Recipient[] {
  const links = linksOf(ctx, 'supplier').filter((link) => Number(link.type) === ACTOR.ASSIGNED && Number(link.use_notification) !== 0);
  if (!links.length) return [];
  const ids = links.map((link) => Number(link.id));
  const rows = new Map(selectAll(db, `SELECT id, name, email FROM glpi_suppliers WHERE id IN (${marks(ids)})`, ...ids).map((r) => [Number(r.id), r]));
  return links
    .flatMap((link) => {
      const supplier = rows.get(Number(link.id));
      return supplier ? [{ address: String(link.alternative_email || supplier.email || '').trim().toLowerCase(), name: String(supplier.name ?? ''), userId: null, language: settings.get('language') }] : [];
    })
    .filter((r) => ADDRESS.test(r.address));
}

/** Users holding the profile in an entity that reaches the item's (that entity, or an ancestor with recursion). */
function profileUsers(db: Db, settings: Settings, ctx: EventContext, profileId: number): Recipient[] {
  const chain = entityChain(db, Number(ctx.item.entities_id ?? 0));
  const rows = selectAll(
    db,
    `SELECT DISTINCT users_id FROM glpi_profiles_users WHERE profiles_id = ? AND (entities_id = ? OR (is_recursive = 1 AND entities_id IN (${marks(chain)})))`,
    profileId,
    chain[0] ?? 0,
    ...chain,
  );
  return rows.map((r) => userRecipient(db, settings, Number(r.users_id))).filter((r) => r !== null);
}

/** User targets that are an item's actors of one role, or the members or supervisors of its groups of a role. */
const ACTOR_TARGETS: Record<number, number> = { [USER_TARGET.author]: ACTOR.REQUESTER, [USER_TARGET.assignTech]: ACTOR.ASSIGNED, [USER_TARGET.observer]: ACTOR.OBSERVER };
const GROUP_TARGETS: Record<number, [number, 'all' | 'supervisors' | 'others']> = {
  [USER_TARGET.requesterGroup]: [ACTOR.REQUESTER, 'all'],
  [USER_TARGET.assignGroup]: [ACTOR.ASSIGNED, 'all'],
  [USER_TARGET.observerGroup]: [ACTOR.OBSERVER, 'all'],
  [USER_TARGET.supervisorRequesterGroup]: [ACTOR.REQUESTER, 'supervisors'],
  [USER_TARGET.supervisorAssignGroup]: [ACTOR.ASSIGNED, 'supervisors'],
  [USER_TARGET.supervisorObserverGroup]: [ACTOR.OBSERVER, 'supervisors'],
  [USER_TARGET.assignGroupWithoutSupervisor]: [ACTOR.ASSIGNED, 'others'],
  [USER_TARGET.requesterGroupWithoutSupervisor]: [ACTOR.REQUESTER, 'others'],
  [USER_TARGET.observerGroupWithoutSupervisor]: [ACTOR.OBSERVER, 'others'],
};

/** The tables linking a ticket, problem or change to the items it is about (GLPI's Item_Ticket…). */
const LINKED_ITEMS: Record<string, { table: string; fk: string }> = {
  Ticket: { table: 'glpi_items_tickets', fk: 'tickets_id' },
  Problem: { table: 'glpi_items_problems', fk: 'problems_id' },
  Change: { table: 'glpi_changes_items', fk: 'changes_id' },
};

/** The items whose user, technician and group in charge the "item" targets name: an ITIL object's linked items, else the event's asset or the item. */
function itemsInCharge(db: Db, ctx: EventContext): Row[] {
  const link = LINKED_ITEMS[ctx.itemtype];
  if (!link) return [ctx.asset ?? ctx.item];
  const rows = selectAll(db, `SELECT itemtype, items_id FROM ${link.table} WHERE ${link.fk} = ? ORDER BY id`, Number(ctx.item.id));
  return rows.flatMap((r) => {
    const type = itemtypeNamed(String(r.itemtype));
    const item = type ? findById(db, type.table, Number(r.items_id)) : null;
    return item ? [item] : [];
  });
}

/** The users named by one column of the items in charge (users_id, users_id_tech). */
function usersOfItems(db: Db, settings: Settings, ctx: EventContext, column: string): Recipient[] {
  return itemsInCharge(db, ctx).flatMap((item) => oneUser(db, settings, item[column]));
}

/** The members of the groups in charge of the items. */
function techGroupsOfItems(db: Db, settings: Settings, ctx: EventContext): Recipient[] {
  const groups = itemsInCharge(db, ctx).map((item) => Number(item.groups_id_tech)).filter((id) => id > 0);
  return groupMembers(db, settings, [...new Set(groups)], 'all');
}

function userTarget(db: Db, settings: Settings, ctx: EventContext, target: number): Recipient[] {
  const itil = ACTOR_TABLES[ctx.itemtype] !== undefined;
  const role = ACTOR_TARGETS[target];
  if (role !== undefined && itil) return actorUsers(db, settings, ctx, role);
  const groups = GROUP_TARGETS[target];
  if (groups) return groupMembers(db, settings, actorGroups(ctx, groups[0]), groups[1]);
  switch (target) {
    case USER_TARGET.globalAdministrator:
      return administrator(db, settings);
    case USER_TARGET.entityAdministrator:
      return entityAdministrator(db, settings, ctx);
    case USER_TARGET.author: // of an item that is not ITIL: its user (a reservation's)
      return oneUser(db, settings, ctx.item.users_id);
    case USER_TARGET.user: {
      // A User event: that user, at the address the event names (a lost password's) else its default one.
      const recipient = ctx.itemtype === 'User' ? userRecipient(db, settings, Number(ctx.item.id), ctx.item._address) : null;
      return recipient ? [recipient] : [];
    }
    case USER_TARGET.itemTechInCharge:
      return usersOfItems(db, settings, ctx, 'users_id_tech');
    case USER_TARGET.itemUser:
      return usersOfItems(db, settings, ctx, 'users_id');
    case USER_TARGET.itemTechGroupInCharge:
      return techGroupsOfItems(db, settings, ctx);
    case USER_TARGET.supplier:
      return suppliers(db, settings, ctx);
    case USER_TARGET.validationApprover:
      return oneUser(db, settings, ctx.validation?.users_id_validate);
    case USER_TARGET.validationRequester:
      return oneUser(db, settings, ctx.validation?.users_id);
    case USER_TARGET.followupAuthor:
      return oneUser(db, settings, ctx.followup?.users_id);
    case USER_TARGET.taskAuthor:
      return oneUser(db, settings, ctx.task?.users_id);
    case USER_TARGET.taskAssignTech:
      return oneUser(db, settings, ctx.task?.users_id_tech);
    case USER_TARGET.taskAssignGroup:
      return Number(ctx.task?.groups_id_tech) > 0 ? groupMembers(db, settings, [Number(ctx.task?.groups_id_tech)], 'all') : [];
    case USER_TARGET.writer:
      return oneUser(db, settings, ctx.item.users_id_recipient);
    case USER_TARGET.mentionedUser:
      return oneUser(db, settings, ctx.mentioned);
    case USER_TARGET.oldTechInCharge: {
      // The technician just removed from the item, unless they turned e-mail followup off on it.
      const former = ctx.formerActor;
      if (!former || Number(former.type) !== ACTOR.ASSIGNED || Number(former.use_notification) === 0) return [];
      const recipient = userRecipient(db, settings, Number(former.users_id), former.alternative_email);
      return recipient ? [recipient] : [];
    }
    default:
      return []; // targets Deskbase does not resolve
  }
}

function targetRecipients(db: Db, settings: Settings, ctx: EventContext, target: Row): Recipient[] {
  const itemsId = Number(target.items_id);
  switch (Number(target.type)) {
    case TARGET_TYPE.user:
      return userTarget(db, settings, ctx, itemsId);
    case TARGET_TYPE.profile:
      return profileUsers(db, settings, ctx, itemsId);
    case TARGET_TYPE.group:
      return groupMembers(db, settings, [itemsId], 'all');
    case TARGET_TYPE.supervisorOfGroup:
      return groupMembers(db, settings, [itemsId], 'supervisors');
    case TARGET_TYPE.groupWithoutSupervisor:
      return groupMembers(db, settings, [itemsId], 'others');
    default:
      return [];
  }
}

/** Does the author of the change want mail about their own changes? (their preference, else the global setting) */
function notifiesMyself(db: Db, settings: Settings, userId: number): boolean {
  const own = selectOne(db, 'SELECT notification_to_myself FROM glpi_users WHERE id = ?', userId)?.notification_to_myself;
  return own === null || own === undefined ? settings.get('notification_to_myself') !== '0' : Number(own) === 1;
}

/** The recipients of a notification on an item, one per address. */
export function recipientsOf(db: Db, settings: Settings, notificationId: number, ctx: EventContext): Recipient[] {
  const byAddress = new Map<string, Recipient>();
  for (const target of selectAll(db, 'SELECT type, items_id FROM glpi_notificationtargets WHERE notifications_id = ? ORDER BY id', notificationId)) {
    for (const r of targetRecipients(db, settings, ctx, target)) if (!byAddress.has(r.address)) byAddress.set(r.address, r);
  }
  const recipients = [...byAddress.values()];
  // The author's preference is read only when the author is among them.
  const skipAuthor = ctx.authorId > 0 && recipients.some((r) => r.userId === ctx.authorId) && !notifiesMyself(db, settings, ctx.authorId);
  return skipAuthor ? recipients.filter((r) => r.userId !== ctx.authorId) : recipients;
}

/** May the user see private followups or tasks (`followup`/`task` right SEEPRIVATE) in the item's entity? */
export function seesPrivate(db: Db, userId: number | null, entityId: number, right: 'followup' | 'task'): boolean {
  if (userId === null) return false;
  const chain = entityChain(db, entityId);
  const SEEPRIVATE = 8192;
  const row = selectOne(
    db,
    `SELECT 1 AS found FROM glpi_profiles_users pu JOIN glpi_profilerights r ON r.profiles_id = pu.profiles_id AND r.name = ?
     WHERE pu.users_id = ? AND (r.rights & ${SEEPRIVATE}) != 0 AND (pu.entities_id = ? OR (pu.is_recursive = 1 AND pu.entities_id IN (${marks(chain)})))`,
    right,
    userId,
    chain[0] ?? 0,
    ...chain,
  );
  return row !== null;
}
