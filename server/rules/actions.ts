/**
 * What a matching rule's actions set, as GLPI's action types do: `assign` a value, `append` it to
 * a list (a ticket's requesters, observers, assignees), `regex_result` and `append_regex_result`
 * (the value with `#0`, `#1`… replaced by the captures of the rule's first regular expression),
 * and the lookups GLPI's ticket, asset and directory rules make: a category by code or complete
 * name, a user by login, an entity by tag, LDAP DN or mail domain, the requester's location,
 * default group or first group, the item's location, approval requests to a user, a group's members or the requesters' supervisors,
 * and a priority computed again from urgency and impact. An action naming a row that does not
 * exist sets nothing and says why (the tester shows it; a ticket is written without it).
 */
import { asList } from '../core/params';
import type { Db } from '../db/connection';
import { selectAll, selectOne } from '../db/rows';
import { withCaptures } from './regex';
import { marks } from '../db/frag';

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

function byText(db: Db, field: string, text: string): ActionResult {
  const lookup = BY_TEXT[field]!;
  const found = selectOne(db, lookup.sql, text);
  return found ? { set: { [lookup.field]: Number(found.id) } } : { set: {}, error: `no ${lookup.label} ${JSON.stringify(text)}` };
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

function fromItem(db: Db, action: ActionRow, current: Current): ActionResult {
  const items = current('items_id');
  if (items && typeof items === 'object' && !Array.isArray(items)) {
    for (const [itemtype, list] of Object.entries(items as Record<string, unknown>)) {
      if (!/^[A-Za-z_]+$/.test(itemtype)) continue;
      const table = selectOne(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", `glpi_${itemtype.toLowerCase()}s`);
      for (const id of ids(list)) {
        const row = table && selectOne(db, `SELECT locations_id FROM ${String(table.name)} WHERE id = ?`, id);
        if (row && Number(row.locations_id) > 0) return { set: { [action.field]: Number(row.locations_id) } };
      }
    }
  }
  return { set: {}, error: 'no item with a location' };
}

function validation(db: Db, action: ActionRow, current: Current): ActionResult {
  let approvers: number[];
  if (action.field === 'groups_id_validate') {
    approvers = selectAll(db, 'SELECT users_id FROM glpi_groups_users WHERE groups_id = ? ORDER BY id', Number(action.value)).map((r) => Number(r.users_id));
  } else if (action.field === 'users_id_validate_requester_supervisor') {
    approvers = requesters(db, current).map((u) => Number(u.users_id_supervisor)).filter((id) => id > 0);
  } else if (action.field === 'users_id_validate_assign_supervisor') {
    const assigned = ids(current('_users_id_assign'));
    approvers = assigned.length === 0 ? [] : selectAll(db, `SELECT users_id_supervisor FROM glpi_users WHERE id IN (${marks(assigned)})`, ...assigned).map((u) => Number(u.users_id_supervisor)).filter((id) => id > 0);
  } else approvers = ids(action.value);
  if (approvers.length === 0) return { set: {}, error: 'no approver found' };
  const list = [...ids(current('_add_validation'))];
  for (const id of approvers) if (!list.includes(id)) list.push(id);
  return { set: { _add_validation: list } };
}

/** What one action sets, given the rule's captures and what is set so far. */
export function runAction(db: Db, action: ActionRow, captures: readonly string[], current: Current): ActionResult {
  const { action_type: type, field, value } = action;
  switch (type) {
    case 'assign':
      return { set: { [field]: scalar(value) } };
    case 'append':
      return { set: { [field]: appended(current, field, scalar(value)) } };
    case 'regex_result':
    case 'append_regex_result': {
      const text = withCaptures(value, captures);
      if (field in BY_TEXT) return byText(db, field, text);
      return { set: { [field]: type === 'append_regex_result' ? appended(current, field, text) : text } };
    }
    case 'fromuser':
    case 'defaultfromuser':
    case 'firstgroupfromuser':
      return fromUser(db, action, current);
    case 'fromitem':
      return fromItem(db, action, current);
    case 'add_validation':
      return validation(db, action, current);
    case 'compute':
      return field === 'priority' ? { set: { _compute_priority: 1 } } : { set: {}, error: `nothing to compute for ${field}` };
    default:
      return { set: {}, error: `action type ${JSON.stringify(type)} is not run by Deskbase` };
  }
}
