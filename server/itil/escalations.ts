/**
 * Escalation levels run, as GLPI's automatic actions slaticket and olaticket run them: when the
 * date of a ticket's level to run has come (the ticket neither solved nor closed), the level, if
 * active and its criteria match the ticket, applies its actions (a column set to a value; a user,
 * group or supplier added as an actor, which makes a new ticket assigned; `send` on `recall` or
 * `recall_ola`, GLPI's automatic reminder, raises that event on the ticket); then
 * the agreement's next active level is scheduled, or none is left. Criteria on the ticket's own
 * columns are judged as a ticket rule's (GLPI's SlaLevel and OlaLevel are ticket rules: every
 * condition, bounded regular expressions); a level's `match` says whether all (AND) or one (OR)
 * must hold.
 */
import { inTransaction, type Db } from '../db/connection';
import { run, selectAll, selectOne, type Row } from '../db/rows';
import type { Params } from '../core/params';
import { checkValue } from '../items/values';
import { raiseItemEvent } from '../items/hooks';
import { itemtypeOrThrow } from '../registry';
import { ITIL_STATUS } from '../registry/values';
import { ACTOR_INPUT_KEYS, addActors, writeRuleChanges } from './rules';
import { ESCALATIONS, scheduleNextLevel } from './service-levels';

const ACTOR = 'Automatic action (escalation)';
/** Whether a level's criterion holds for a ticket: GLPI's rules engine, handed in by the composition root (domains do not import each other). */
export type LevelCriterionJudge = (db: Db, criterion: Row, ticket: Row) => boolean;

let criterionHolds: LevelCriterionJudge = () => false;

export function levelCriteriaFrom(judge: LevelCriterionJudge): void {
  criterionHolds = judge;
}

type Escalation = (typeof ESCALATIONS)[number];

function matches(db: Db, escalation: Escalation, level: Row, ticket: Row): boolean {
  const criteria = selectAll(db, `SELECT id, criteria, condition, pattern FROM ${escalation.criteria} WHERE ${escalation.todoLevel} = ?`, Number(level.id));
  if (criteria.length === 0) return true;
  return String(level.match ?? 'AND').toUpperCase() === 'OR' ? criteria.some((c) => criterionHolds(db, c, ticket)) : criteria.every((c) => criterionHolds(db, c, ticket));
}

/** Applies a level's actions; answers the notification events its `send` actions raise (GLPI's automatic reminders, recall and recall_ola). */
function applyActions(db: Db, escalation: Escalation, level: Row, ticket: Row): string[] {
  const type = itemtypeOrThrow('Ticket');
  const context = { db, history: true, actor: ACTOR };
  const changes: Row = {};
  const actors: Params = {};
  const events: string[] = [];
  for (const action of selectAll(db, `SELECT action_type, field, value FROM ${escalation.actions} WHERE ${escalation.todoLevel} = ? ORDER BY id`, Number(level.id))) {
    const field = String(action.field ?? '');
    if (action.action_type === 'send') events.push(field);
    if (!['assign', 'append'].includes(String(action.action_type))) continue;
    if (ACTOR_INPUT_KEYS.has(field)) actors[field] = [...((actors[field] as number[] | undefined) ?? []), Number(action.value)];
    else {
      const column = type.column.get(field);
      const checked = column && field !== 'id' && !type.computed.includes(field) ? checkValue(column, action.value) : null;
      if (checked?.ok) changes[field] = checked.value;
    }
  }
  const assigned = Object.keys(actors).length > 0 && addActors(context, type, Number(ticket.id), actors);
  if (assigned && Number(changes.status ?? ticket.status) === ITIL_STATUS.NEW) changes.status = ITIL_STATUS.ASSIGNED;
  if (Object.keys(changes).length > 0) writeRuleChanges(context, type, ticket, changes);
  return events;
}

/** The levels to run whose date has come, of tickets neither solved nor closed. */
function dueAt(db: Db, escalation: Escalation, at: string): Row[] {
  return selectAll(
    db,
    `SELECT todo.id AS todo_id, todo.tickets_id, todo.${escalation.todoLevel} AS level_id FROM ${escalation.todo} todo
       JOIN glpi_tickets t ON t.id = todo.tickets_id
      WHERE todo.date IS NOT NULL AND todo.date <= ? AND t.status NOT IN (?, ?) AND t.is_deleted = 0
      ORDER BY todo.date, todo.id`,
    at,
    ITIL_STATUS.SOLVED,
    ITIL_STATUS.CLOSED,
  );
}

function runLevel(db: Db, escalation: Escalation, due: Row): void {
  const level = selectOne(db, `SELECT * FROM ${escalation.levels} WHERE id = ?`, Number(due.level_id));
  const ticket = selectOne(db, 'SELECT * FROM glpi_tickets WHERE id = ?', Number(due.tickets_id));
  // A level the ticket no longer waits for (another agreement since): dropped.
  if (!level || !ticket || Number(ticket[escalation.field]) !== Number(level.id)) {
    run(db, `DELETE FROM ${escalation.todo} WHERE id = ?`, Number(due.todo_id));
    return;
  }
  if (Number(level.is_active) === 1 && matches(db, escalation, level, ticket)) {
    for (const event of applyActions(db, escalation, level, ticket)) raiseItemEvent(db, itemtypeOrThrow('Ticket'), Number(ticket.id), event);
  }
  const current = selectOne(db, 'SELECT * FROM glpi_tickets WHERE id = ?', Number(ticket.id))!;
  const next = scheduleNextLevel({ db }, current, escalation.levels, level);
  writeRuleChanges({ db, history: true, actor: ACTOR }, itemtypeOrThrow('Ticket'), current, { [escalation.field]: next });
}

/** One turn at `at` of the SLA's or the OLA's levels (GLPI's slaticket, olaticket): every level due, in one transaction (none when nothing is due). */
export function runEscalations(db: Db, at: string, label: 'SLA' | 'OLA'): void {
  for (const escalation of ESCALATIONS) {
    if (escalation.label !== label || dueAt(db, escalation, at).length === 0) continue;
    inTransaction(db, () => {
      for (const due of dueAt(db, escalation, at)) runLevel(db, escalation, due);
    });
  }
}
