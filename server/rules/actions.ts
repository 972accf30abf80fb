/**
 * What a matching rule's actions set, as GLPI's action types do: `assign` a value, `append` it to
 * a list (a ticket's requesters, observers, assignees), `regex_result` and `append_regex_result`
 * (the value with `#0`, `#1`… replaced by the captures of the rule's regular expressions),
 * and the lookups GLPI's ticket, asset and directory rules make: a category by code or complete
 * name, a user by login, an entity by tag, LDAP DN or mail domain, the requester's location,
 * default group or first group, the item's location, approval requests to a user, a group's members, the managers of the requester or technician groups, the requesters' supervisors,
 * a priority computed again from urgency and impact, the ticket's item found by IP, FQDN or MAC,
 * `send`, a notification event raised on the item, `delete`, a field emptied, `do_not_compute`,
 * the take into account left alone, and the ticket's templates, projects, contract and appliances
 * (./ticket-actions.ts). An action naming a row that does not
 * exist sets nothing and says why (the tester shows it; a ticket is written without it).
 */
import { asList } from '../core/params';
import type { Db } from '../db/connection';
import { selectAll, selectOne } from '../db/rows';
import { affectItem } from './affect-item';
import { withCaptures } from './regex';
import { isTicketInputAction, runTicketInputAction } from './ticket-actions';
import { entityByUserProfile } from './mail-actions';
import { marks } from '../db/frag';

/** The output key of the notification events `send` actions raise (GLPI's RuleTicket send: the event named by the field). */
export const RAISED_EVENTS = '_raise_events';

export interface ActionRow {
  id: number;
  action_type: string;
  field: string;
  value: string;
}

export interface ActionResult {
  /** The keys the action set, with their values. */
  set: Record<string, unknown>;
  /** Why it set nothing. */
  error?: string;
}

/** The input key an action's result is read back from: what the rules so far and the input hold. */
type Current = (key: string) => unknown;

const ids = (value: unknown): number[] => (asList(value) ?? [value]).map(Number).filter((n) => Number.isInteger(n) && n > 0);
const scalar = (value: string): string | number => (/^-?\d+$/.test(value) ? Number(value) : value);
const appended = (current: Current, key: string, value: unknown) => [...(asList(current(key)) ?? (current(key) === undefined || current(key) === '' ? [] : [current(key)])), value];

const entityBy = (column: string) => `SELECT MIN(id) AS id FROM glpi_entities WHERE ${column} = ? COLLATE NOCASE HAVING COUNT(*) = 1`;

/** Lookups that turn a captured text into a row's id (GLPI's `_affect_*` fields). */
const BY_TEXT: Record<string, { sql: string; field: string; label: string }> = {
  _affect_itilcategory_by_code: { sql: 'SELECT id FROM glpi_itilcategories WHERE code = ? ORDER BY id LIMIT 1', field: 'itilcategories_id', label: 'category with code' },
  _affect_itilcategory_by_completename: { sql: 'SELECT id FROM glpi_itilcategories WHERE completename = ? COLLATE NOCASE ORDER BY id LIMIT 1', field: 'itilcategories_id', label: 'category named' },
  _affect_user_by_regex: { sql: 'SELECT id FROM glpi_users WHERE name = ? AND is_deleted = 0 ORDER BY id LIMIT 1', field: 'users_id', label: 'user with login' },
  // An entity is found only when exactly one has that value, as GLPI (MySQL compares without case).
  _affect_entity_by_tag: { sql: entityBy('tag'), field: 'entities_id', label: 'single entity with tag' },
  _affect_entity_by_completename: { sql: entityBy('completename'), field: 'entities_id', label: 'single entity named' },
  // The directory's (RuleRight): an entity by the DN or mail domain it is tied to.
  _affect_entity_by_dn: { sql: entityBy('ldap_dn'), field: 'entities_id', label: 'single entity with LDAP DN' },
  _affect_entity_by_domain: { sql: entityBy('mail_domain'), field: 'entities_id', label: 'single entity with mail domain' },
};

/**
 * Which regex results a lookup tries, as each GLPI collection does: the directory's entity lookups
 * every combination (each entity found is given), the mail collector's until one finds an entity,
 * the asset rules' user lookup every one (the last found wins); the others the first alone.
 */
type Tries = 'first' | 'all' | 'first found' | 'last found';
function triesOf(subType: string, field: string): Tries {
  if (subType === 'RuleRight' && field.startsWith('_affect_entity_by_')) return 'all';
  if (subType === 'RuleMailCollector' && field.startsWith('_affect_entity_by_')) return 'first found';
  if (subType === 'RuleAsset' && field === '_affect_user_by_regex') return 'last found';
  return 'first';
}

function byText(db: Db, subType: string, field: string, value: string, combinations: readonly (readonly string[])[]): ActionResult {
  const lookup = BY_TEXT[field]!;
  const tries = triesOf(subType, field);
  const texts = (tries === 'first' || combinations.length === 0 ? [combinations[0] ?? []] : combinations).map((captures) => withCaptures(value, captures));
  const ids: number[] = [];
  for (const text of texts) {
    const found = selectOne(db, lookup.sql, text);
    if (found && !ids.includes(Number(found.id))) ids.push(Number(found.id));
    if (found && tries === 'first found') break;
  }
  if (ids.length === 0) return { set: {}, error: `no ${lookup.label} ${texts.map((t) => JSON.stringify(t)).join(' or ')}` };
  const id = tries === 'last found' ? ids.at(-1)! : ids[0]!;
  return { set: { [lookup.field]: tries === 'all' && ids.length > 1 ? ids : id } };
}

/** The requesters' rows (their ids in the input), in order. */
function requesters(db: Db, current: Current) {
  const list = ids(current('_users_id_requester'));
  if (list.length === 0) return [];
  return selectAll(db, `SELECT id, locations_id, groups_id, users_id_supervisor FROM glpi_users WHERE id IN (${marks(list)})`, ...list).sort((a, b) => list.indexOf(Number(a.id)) - list.indexOf(Number(b.id)));
}

function fromUser(db: Db, action: ActionRow, current: Current): ActionResult {
  const users = requesters(db, current);
  if (action.field === 'locations_id') {
    const located = users.find((u) => Number(u.locations_id) > 0);
    return located ? { set: { locations_id: Number(located.locations_id) } } : { set: {}, error: 'no requester with a location' };
  }
  const group =
    action.action_type === 'defaultfromuser'
      ? users.map((u) => Number(u.groups_id)).find((g) => g > 0)
      : users.map((u) => Number(selectOne(db, 'SELECT groups_id FROM glpi_groups_users WHERE users_id = ? ORDER BY id LIMIT 1', Number(u.id))?.groups_id ?? 0)).find((g) => g > 0);
  return group ? { set: { [action.field]: appended(current, action.field, group) } } : { set: {}, error: 'no requester with a group' };
}

/** The values of `column` (> 0) of the ticket's items (`items_id`), in order. */
function itemValues(db: Db, current: Current, column: 'locations_id' | 'groups_id'): number[] {
  const items = current('items_id');
  const values: number[] = [];
  if (!items || typeof items !== 'object' || Array.isArray(items)) return values;
  for (const [itemtype, list] of Object.entries(items as Record<string, unknown>)) {
    if (!/^[A-Za-z_]+$/.test(itemtype)) continue;
    const table = selectOne(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", `glpi_${itemtype.toLowerCase()}s`);
    const hasColumn = table && selectOne(db, 'SELECT 1 AS ok FROM pragma_table_info(?) WHERE name = ?', String(table.name), column);
    for (const id of hasColumn ? ids(list) : []) {
      const value = Number(selectOne(db, `SELECT ${column} AS v FROM ${String(table!.name)} WHERE id = ?`, id)?.v ?? 0);
      if (value > 0 && !values.includes(value)) values.push(value);
    }
  }
  return values;
}

/** GLPI's "copy from item": the first item's location, or the items' groups as requester groups. */
function fromItem(db: Db, action: ActionRow, current: Current): ActionResult {
  if (action.field === '_groups_id_requester') {
    const groups = itemValues(db, current, 'groups_id');
    return groups.length > 0 ? { set: { _groups_id_requester: groups } } : { set: {}, error: 'no item with a group' };
  }
  const [location] = itemValues(db, current, 'locations_id');
  return location ? { set: { [action.field]: location } } : { set: {}, error: 'no item with a location' };
}

function validation(db: Db, action: ActionRow, current: Current): ActionResult {
  let approvers: number[];
  if (action.field === 'groups_id_validate') {
    approvers = selectAll(db, 'SELECT users_id FROM glpi_groups_users WHERE groups_id = ? ORDER BY id', Number(action.value)).map((r) => Number(r.users_id));
  } else if (action.field === 'users_id_validate_requester_supervisor' || action.field === 'users_id_validate_assign_supervisor') {
    // GLPI's "requester group manager" and "technician group manager": the managers of the ticket's requester or assigned groups.
    const groups = ids(current(action.field === 'users_id_validate_requester_supervisor' ? '_groups_id_requester' : '_groups_id_assign'));
    approvers = groups.length === 0 ? [] : selectAll(db, `SELECT users_id FROM glpi_groups_users WHERE is_manager = 1 AND groups_id IN (${marks(groups)}) ORDER BY id`, ...groups).map((r) => Number(r.users_id));
  } else if (action.field === 'responsible_id_validate') {
    // GLPI's "responsible of the requester": each requester's supervisor.
    approvers = requesters(db, current).map((u) => Number(u.users_id_supervisor)).filter((id) => id > 0);
  } else approvers = ids(action.value);
  if (approvers.length === 0) return { set: {}, error: 'no approver found' };
  const list = [...ids(current('_add_validation'))];
  for (const id of approvers) if (!list.includes(id)) list.push(id);
  return { set: { _add_validation: list } };
}

/** GLPI's requester groups from a regular expression: for every combination of captures, the requester group of that name is added. */
function requesterGroupsByName(db: Db, value: string, combinations: readonly (readonly string[])[], current: Current): ActionResult {
  const names = (combinations.length === 0 ? [[]] : combinations).map((captures) => withCaptures(value, captures));
  const list = ids(current('_groups_id_requester'));
  for (const name of names) {
    const group = selectOne(db, 'SELECT id FROM glpi_groups WHERE name = ? COLLATE NOCASE AND is_requester = 1 ORDER BY id LIMIT 1', name);
    if (group && !list.includes(Number(group.id))) list.push(Number(group.id));
  }
  return list.length > ids(current('_groups_id_requester')).length ? { set: { _groups_id_requester: list } } : { set: {}, error: `no requester group named ${names.map((n) => JSON.stringify(n)).join(' or ')}` };
}

/**
 * What one action of a `subType` rule sets, given the rule's regex results (GLPI's combinations of
 * captures; `#0`… stand for the first) and what is set so far.
 */
export function runAction(db: Db, subType: string, action: ActionRow, combinations: readonly (readonly string[])[], current: Current): ActionResult {
  const { action_type: type, field, value } = action;
  const captures = combinations[0] ?? [];
  if (isTicketInputAction(subType, field)) return runTicketInputAction(db, action, captures, current);
  switch (type) {
    case 'assign':
      if (field === '_affect_entity_by_user_entity') return entityByUserProfile(db, current);
      // A ticket's status set by a rule stays: an assignee or a solution added with it does not move it (GLPI's flag).
      if (subType === 'RuleTicket' && field === 'status') return { set: { status: scalar(value), _do_not_compute_status: 1 } };
      return { set: { [field]: scalar(value) } };
    case 'append':
      return { set: { [field]: appended(current, field, scalar(value)) } };
    case 'regex_result':
    case 'append_regex_result': {
      if (field in BY_TEXT) return byText(db, subType, field, value, combinations);
      if (field === '_groups_id_requester') return requesterGroupsByName(db, value, combinations, current);
      const text = withCaptures(value, captures);
      return { set: { [field]: type === 'append_regex_result' ? appended(current, field, text) : text } };
    }
    case 'affectbyip':
    case 'affectbyfqdn':
    case 'affectbymac':
      return affectItem(db, type, withCaptures(value, captures), Number(current('entities_id') ?? 0));
    case 'delete':
      // GLPI's removal of a ticket's times to own or resolve (a date a template or the requester gave).
      return { set: { [field]: null } };
    case 'send':
      // GLPI's escalation levels' automatic reminders (recall, recall_ola): the event is raised on the item once written.
      return { set: { [RAISED_EVENTS]: appended(current, RAISED_EVENTS, field) } };
    case 'fromuser':
    case 'defaultfromuser':
    case 'firstgroupfromuser':
      return fromUser(db, action, current);
    case 'fromitem':
      return fromItem(db, action, current);
    case 'add_validation':
      return validation(db, action, current);
    case 'do_not_compute':
      // GLPI's "take into account delay: do not compute": an assignee added with the ticket does not take it into account.
      return field === 'takeintoaccount_delay_stat' && value === '1' ? { set: { _do_not_compute_takeintoaccount: 1 } } : { set: {} };
    case 'compute':
      return field === 'priority' ? { set: { _compute_priority: 1 } } : { set: {}, error: `nothing to compute for ${field}` };
    default:
      return { set: {}, error: `action type ${JSON.stringify(type)} is not run by Deskbase` };
  }
}
