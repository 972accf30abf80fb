/**
 * The tags of a ticket, problem or change for its notifications, named as GLPI's (`##ticket.title##`,
 * `##ticket.assigntousers##`, `##FOREACHfollowups##`…; `problem.` and `change.` likewise). Values
 * are plain text (rich text stripped): the HTML part escapes them. Private followups and tasks are
 * listed only in the data made for recipients who may see private items.
 */
import { decodeHTMLStrict } from 'entities';
import type { Db } from '../db/connection';
import { selectAll, selectOne, type Row } from '../db/rows';
import type { Settings } from '../db/settings';
import { ACTOR, ACTOR_TABLES } from '../auth/itil-visibility';
import type { EventContext } from './recipients';
import type { TagData } from './template';
import { itemtypeOrThrow } from '../registry';
import { searchOption } from '../registry/searchoptions';

const STATUS: Record<number, string> = { 1: 'New', 2: 'Processing (assigned)', 3: 'Processing (planned)', 4: 'Pending', 5: 'Solved', 6: 'Closed' };
const SCALE: Record<number, string> = { 1: 'Very low', 2: 'Low', 3: 'Medium', 4: 'High', 5: 'Very high', 6: 'Major' };
const VALIDATION_STATUS: Record<number, string> = { 1: 'None', 2: 'Waiting for approval', 3: 'Granted', 4: 'Refused' };

/** GLPI's names of the events (`##ticket.action##`). */
const EVENT_LABELS: Record<string, string> = {
  new: 'New',
  update: 'Update',
  solved: 'Solved',
  closed: 'Closure',
  delete: 'Deletion',
  add_followup: 'New followup',
  add_task: 'New task',
  update_followup: 'Update of a followup',
  update_task: 'Update of a task',
  delete_followup: 'Deletion of a followup',
  delete_task: 'Deletion of a task',
  validation: 'Approval request',
  validation_answer: 'Approval request answer',
  requester_user: 'New user in requesters',
  requester_group: 'New group in requesters',
  observer_user: 'New user in observers',
  observer_group: 'New group in observers',
  assign_user: 'New user in assignees',
  assign_group: 'New group in assignees',
  assign_supplier: 'New supplier in assignees',
  satisfaction: 'Satisfaction survey',
  recall: 'Automatic reminder',
  user_mention: 'User mentioned',
};

const TASK_TABLES: Record<string, [string, string]> = { Ticket: ['glpi_tickettasks', 'tickets_id'], Problem: ['glpi_problemtasks', 'problems_id'], Change: ['glpi_changetasks', 'changes_id'] };

/** Rich text (GLPI stores HTML, sometimes entity-encoded) as plain text. */
function plainText(value: unknown): string {
  if (typeof value !== 'string') return '';
  const html = value.includes('&lt;') ? decodeHTMLStrict(value) : value;
  return decodeHTMLStrict(html.replace(/<br\s*\/?>|<\/p>|<\/div>/gi, '\n').replace(/<[^>]*>/g, ''))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function userName(db: Db, id: unknown): string {
  const user = Number(id) > 0 ? selectOne(db, 'SELECT name, realname, firstname FROM glpi_users WHERE id = ?', Number(id)) : null;
  if (!user) return '';
  return [user.realname, user.firstname].filter((p) => typeof p === 'string' && p !== '').join(' ') || String(user.name ?? '');
}

function actorNames(db: Db, ctx: EventContext, kind: 'users' | 'groups', role: number): string {
  const tables = ACTOR_TABLES[ctx.itemtype]!;
  if (kind === 'users') {
    const rows = selectAll(db, `SELECT users_id FROM ${tables.users} WHERE ${tables.fk} = ? AND type = ? ORDER BY id`, Number(ctx.item.id), role);
    return rows.map((r) => userName(db, r.users_id)).filter(Boolean).join(', ');
  }
  const rows = selectAll(db, `SELECT g.completename FROM ${tables.groups} l JOIN glpi_groups g ON g.id = l.groups_id WHERE l.${tables.fk} = ? AND l.type = ? ORDER BY l.id`, Number(ctx.item.id), role);
  return rows.map((r) => String(r.completename ?? '')).join(', ');
}

const nameOf = (db: Db, table: string, id: unknown) => (Number(id) > 0 ? String(selectOne(db, `SELECT completename FROM ${table} WHERE id = ?`, Number(id))?.completename ?? '') : '');

function timeline(db: Db, rows: Row[], prefix: string, withPrivate: boolean): Record<string, string>[] {
  return rows
    .filter((r) => withPrivate || Number(r.is_private) !== 1)
    .map((r) => ({
      [`${prefix}.author`]: userName(db, r.users_id),
      [`${prefix}.date`]: String(r.date ?? r.date_creation ?? ''),
      [`${prefix}.description`]: plainText(r.content),
      [`${prefix}.isprivate`]: Number(r.is_private) === 1 ? 'Yes' : 'No',
    }));
}

/** The last followup, task and history line (ids) when a change happened: its mail, rendered later, lists none added since. */
export interface TimelineBound {
  followup: number;
  task: number;
  log: number;
}

/** The timeline's extent now, for an ITIL item's mails rendered later. */
export function timelineBound(db: Db, itemtype: string): TimelineBound {
  const [taskTable] = TASK_TABLES[itemtype]!;
  const row = selectOne(db, `SELECT (SELECT MAX(id) FROM glpi_itilfollowups) AS followup, (SELECT MAX(id) FROM ${taskTable}) AS task, (SELECT MAX(id) FROM glpi_logs) AS log`);
  return { followup: Number(row?.followup ?? 0), task: Number(row?.task ?? 0), log: Number(row?.log ?? 0) };
}

/** History lines a mail lists, newest first (GLPI lists the item's history). */
const LOG_LINES = 20;

/**
 * GLPI's `##FOREACHlog##` of an item: its history, newest first (`##ticket.log.date##`, `.user`,
 * `.field`, `.content`: "Change <old> to <new>" for a field, so an update's mail shows, for one,
 * the status it left and the one it took).
 */
function historyLog(db: Db, itemtype: string, id: number, prefix: string, upTo: number): Record<string, string>[] {
  const type = itemtypeOrThrow(itemtype);
  const rows = selectAll(db, 'SELECT date_mod, user_name, id_search_option, linked_action, old_value, new_value FROM glpi_logs WHERE itemtype = ? AND items_id = ? AND id <= ? ORDER BY id DESC LIMIT ?', itemtype, id, upTo, LOG_LINES);
  return rows.map((r) => ({
    [`${prefix}.log.date`]: String(r.date_mod ?? ''),
    [`${prefix}.log.user`]: String(r.user_name ?? ''),
    [`${prefix}.log.field`]: searchOption(type, Number(r.id_search_option))?.name ?? '',
    [`${prefix}.log.content`]: Number(r.linked_action) === 0 ? `Change ${String(r.old_value ?? '')} to ${String(r.new_value ?? '')}` : String(r.new_value || r.old_value || ''),
  }));
}

/**
 * The tag data of the item for an event; `withPrivate` lists private followups and tasks too,
 * `upTo` only those that existed when the change happened.
 */
export function itilTags(db: Db, settings: Settings, ctx: EventContext, event: string, withPrivate: boolean, upTo?: TimelineBound): TagData {
  const t = ctx.itemtype.toLowerCase();
  const item = ctx.item;
  const id = Number(item.id);
  const maxId = Number.MAX_SAFE_INTEGER;
  const followups = selectAll(db, 'SELECT * FROM glpi_itilfollowups WHERE itemtype = ? AND items_id = ? AND id <= ? ORDER BY date DESC, id DESC', ctx.itemtype, id, upTo?.followup ?? maxId);
  const [taskTable, taskFk] = TASK_TABLES[ctx.itemtype]!;
  const tasks = selectAll(db, `SELECT * FROM ${taskTable} WHERE ${taskFk} = ? AND id <= ? ORDER BY date DESC, id DESC`, id, upTo?.task ?? maxId);
  const solution = selectOne(db, 'SELECT content FROM glpi_itilsolutions WHERE itemtype = ? AND items_id = ? ORDER BY id DESC LIMIT 1', ctx.itemtype, id);
  const base = settings.get('url_base').replace(/\/+$/, '');
  const values: Record<string, string> = {
    [`${t}.id`]: String(id),
    [`${t}.title`]: String(item.name ?? ''),
    [`${t}.content`]: plainText(item.content),
    [`${t}.action`]: EVENT_LABELS[event] ?? event,
    [`${t}.url`]: base ? `${base}/#/${ctx.itemtype}/${id}` : '',
    [`${t}.status`]: STATUS[Number(item.status)] ?? '',
    [`${t}.storestatus`]: String(item.status ?? ''),
    [`${t}.urgency`]: SCALE[Number(item.urgency)] ?? '',
    [`${t}.impact`]: SCALE[Number(item.impact)] ?? '',
    [`${t}.priority`]: SCALE[Number(item.priority)] ?? '',
    [`${t}.category`]: nameOf(db, 'glpi_itilcategories', item.itilcategories_id),
    [`${t}.entity`]: nameOf(db, 'glpi_entities', item.entities_id),
    [`${t}.creationdate`]: String(item.date ?? ''),
    [`${t}.solvedate`]: String(item.solvedate ?? ''),
    [`${t}.closedate`]: String(item.closedate ?? ''),
    [`${t}.authors`]: actorNames(db, ctx, 'users', ACTOR.REQUESTER),
    [`${t}.observerusers`]: actorNames(db, ctx, 'users', ACTOR.OBSERVER),
    [`${t}.assigntousers`]: actorNames(db, ctx, 'users', ACTOR.ASSIGNED),
    [`${t}.assigntogroups`]: actorNames(db, ctx, 'groups', ACTOR.ASSIGNED),
    [`${t}.solution.description`]: plainText(solution?.content),
    [`${t}.numberoffollowups`]: String(followups.filter((f) => withPrivate || Number(f.is_private) !== 1).length),
    [`${t}.numberoftasks`]: String(tasks.filter((f) => withPrivate || Number(f.is_private) !== 1).length),
  };
  const validation = ctx.validation;
  if (validation) {
    values['validation.submission.user'] = userName(db, validation.users_id);
    values['validation.submission.comment'] = plainText(validation.comment_submission);
    values['validation.answer.comment'] = plainText(validation.comment_validation);
    values['validation.status'] = Number(validation.status) > 2 ? (VALIDATION_STATUS[Number(validation.status)] ?? '') : '';
  }
  const log = historyLog(db, ctx.itemtype, id, t, upTo?.log ?? maxId);
  values[`${t}.numberoflogs`] = String(log.length);
  return { values, lists: { followups: timeline(db, followups, 'followup', withPrivate), tasks: timeline(db, tasks, 'task', withPrivate), log } };
}
