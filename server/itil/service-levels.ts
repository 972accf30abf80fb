/**
 * A ticket's service levels, as GLPI keeps them: naming an SLA (or OLA) for time to own or to
 * resolve sets the matching due date from the agreement's delay and calendar, and for time to
 * resolve the agreement's first escalation level, with the date it runs
 * (glpi_slalevels_tickets / glpi_olalevels_tickets). An SLA counts from the ticket's opening
 * date, an OLA from the moment it was given to the ticket. Another agreement replaces the level
 * to run; none (0) removes it and keeps the last due date.
 */
import { nowString } from '../core/clock';
import { insertRow, run, selectAll, selectOne, type Row } from '../db/rows';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';
import { dueDate, secondsOfClock, type DelayRule, type Segment, type WorkCalendar } from './agreement-dates';

/** GLPI's agreement types (SLM::TTR, SLM::TTO). */
const TIME_TO_RESOLVE = 0;
const TIME_TO_OWN = 1;

const UNIT_SECONDS: Record<string, number> = { minute: 60, hour: 3_600, day: 86_400, month: 30 * 86_400 };

interface Escalation {
  /** The ticket's column naming the level to run next. */
  field: string;
  levels: string;
  /** The levels' column naming their agreement. */
  owner: string;
  /** The ticket's levels to run, and their column naming the level. */
  todo: string;
  todoLevel: string;
}

interface AgreementField {
  field: string;
  table: string;
  label: 'SLA' | 'OLA';
  type: number;
  due: string;
  /** OLA: the ticket's column holding when the agreement was given, its start. */
  begin?: string;
  escalation?: Escalation;
}

const slaLevels: Escalation = { field: 'slalevels_id_ttr', levels: 'glpi_slalevels', owner: 'slas_id', todo: 'glpi_slalevels_tickets', todoLevel: 'slalevels_id' };
const olaLevels: Escalation = { field: 'olalevels_id_ttr', levels: 'glpi_olalevels', owner: 'olas_id', todo: 'glpi_olalevels_tickets', todoLevel: 'olalevels_id' };

const AGREEMENTS: AgreementField[] = [
  { field: 'slas_id_tto', table: 'glpi_slas', label: 'SLA', type: TIME_TO_OWN, due: 'time_to_own' },
  { field: 'slas_id_ttr', table: 'glpi_slas', label: 'SLA', type: TIME_TO_RESOLVE, due: 'time_to_resolve', escalation: slaLevels },
  { field: 'olas_id_tto', table: 'glpi_olas', label: 'OLA', type: TIME_TO_OWN, due: 'internal_time_to_own', begin: 'ola_tto_begin_date' },
  { field: 'olas_id_ttr', table: 'glpi_olas', label: 'OLA', type: TIME_TO_RESOLVE, due: 'internal_time_to_resolve', begin: 'ola_ttr_begin_date', escalation: olaLevels },
];

function delayRule(agreement: Row, extraSeconds = 0): DelayRule {
  const unit = String(agreement.definition_time ?? '');
  const seconds = Number(agreement.number_time) * (UNIT_SECONDS[unit] ?? 0) + extraSeconds;
  return { seconds, inDays: unit === 'day' || unit === 'month', endOfWorkingDay: Number(agreement.end_of_working_day) === 1 };
}

function workCalendar(wc: WriteContext, id: number): WorkCalendar | null {
  if (id <= 0) return null;
  const segments: Segment[] = [];
  for (const s of selectAll(wc.db, 'SELECT day, begin, end FROM glpi_calendarsegments WHERE calendars_id = ?', id)) {
    const begin = secondsOfClock(String(s.begin ?? ''));
    const end = secondsOfClock(String(s.end ?? ''));
    if (begin !== null && end !== null) segments.push({ day: Number(s.day), begin, end });
  }
  const holidays = selectAll(
    wc.db,
    'SELECT h.begin_date, h.end_date, h.is_perpetual FROM glpi_calendars_holidays ch JOIN glpi_holidays h ON h.id = ch.holidays_id WHERE ch.calendars_id = ? AND h.begin_date IS NOT NULL AND h.end_date IS NOT NULL',
    id,
  ).map((h) => ({ begin: String(h.begin_date), end: String(h.end_date), perpetual: Number(h.is_perpetual) === 1 }));
  return { segments, holidays };
}

/** The agreement's calendar: its own, or with "calendar of the ticket" the one of the ticket's entity (or the nearest parent's). */
function calendarOf(wc: WriteContext, agreement: Row, ticket: Row): WorkCalendar | null {
  if (Number(agreement.use_ticket_calendar) !== 1) return workCalendar(wc, Number(agreement.calendars_id));
  let entity = selectOne(wc.db, 'SELECT id, entities_id, calendars_id FROM glpi_entities WHERE id = ?', Number(ticket.entities_id ?? 0));
  for (let depth = 0; entity && depth < 64; depth++) {
    if (Number(entity.calendars_id) > 0) return workCalendar(wc, Number(entity.calendars_id));
    if (Number(entity.id) === 0) break;
    entity = selectOne(wc.db, 'SELECT id, entities_id, calendars_id FROM glpi_entities WHERE id = ?', Number(entity.entities_id));
  }
  return null;
}

function loadAgreement(wc: WriteContext, spec: AgreementField, id: number): Row {
  const agreement = selectOne(wc.db, `SELECT * FROM ${spec.table} WHERE id = ?`, id);
  if (!agreement) throw new ItemError(`Field ${spec.field}: ${spec.label} ${id} does not exist`);
  if (Number(agreement.type) !== spec.type) {
    throw new ItemError(`Field ${spec.field}: ${spec.label} ${id} is a time to ${spec.type === TIME_TO_OWN ? 'resolve' : 'own'} agreement, not a time to ${spec.type === TIME_TO_OWN ? 'own' : 'resolve'} one`);
  }
  return agreement;
}

/** The active escalation level that runs first (the earliest execution time). */
function firstLevel(wc: WriteContext, escalation: Escalation, agreementId: number): Row | null {
  return selectOne(wc.db, `SELECT id, execution_time FROM ${escalation.levels} WHERE ${escalation.owner} = ? AND is_active = 1 ORDER BY execution_time, id LIMIT 1`, agreementId);
}

/** Sets the due date (and the level to run) of each agreement `changed` names in `values`, the ticket as it will be. */
function applyAgreements(wc: WriteContext, ticket: Row, values: Row, changed: AgreementField[]): void {
  for (const spec of changed) {
    const id = Number(values[spec.field] ?? 0);
    if (id <= 0) {
      if (spec.escalation) values[spec.escalation.field] = 0;
      continue;
    }
    const agreement = loadAgreement(wc, spec, id);
    if (spec.begin) values[spec.begin] = nowString();
    const start = String((spec.begin ? values[spec.begin] : ticket.date) ?? '');
    values[spec.due] = dueDate(start, delayRule(agreement), calendarOf(wc, agreement, ticket));
    if (spec.escalation) values[spec.escalation.field] = Number(firstLevel(wc, spec.escalation, id)?.id ?? 0);
  }
}

/** Replaces the ticket's levels to run of each changed agreement with its first level, dated. */
function scheduleLevels(wc: WriteContext, ticket: Row, changed: AgreementField[]): void {
  for (const spec of changed) {
    const escalation = spec.escalation;
    if (!escalation) continue;
    run(wc.db, `DELETE FROM ${escalation.todo} WHERE tickets_id = ?`, Number(ticket.id));
    const agreementId = Number(ticket[spec.field] ?? 0);
    const level = agreementId > 0 ? firstLevel(wc, escalation, agreementId) : null;
    if (!level) continue;
    const agreement = loadAgreement(wc, spec, agreementId);
    const start = String((spec.begin ? ticket[spec.begin] : ticket.date) ?? '');
    const date = dueDate(start, delayRule(agreement, Number(level.execution_time)), calendarOf(wc, agreement, ticket));
    insertRow(wc.db, escalation.todo, { tickets_id: Number(ticket.id), [escalation.todoLevel]: Number(level.id), date });
  }
}

const named = (values: Row) => AGREEMENTS.filter((spec) => Number(values[spec.field] ?? 0) > 0);

/** Agreements the update gives another value (the opening date moving counts for the SLAs). */
function changedBy(old: Row, changes: Row): AgreementField[] {
  const dateMoved = 'date' in changes && changes.date !== old.date;
  return AGREEMENTS.filter((spec) => (spec.field in changes && Number(changes[spec.field] ?? 0) !== Number(old[spec.field] ?? 0)) || (dateMoved && !spec.begin && Number(old[spec.field] ?? 0) > 0 && !(spec.field in changes && Number(changes[spec.field]) === 0)));
}

export const serviceLevelHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    applyAgreements(wc, row, row, named(row));
  },
  afterAdd(wc, _type, row) {
    scheduleLevels(wc, row, named(row).filter((spec) => spec.escalation));
  },
  prepareUpdate(wc, _type, old, changes) {
    const changed = changedBy(old, changes);
    if (changed.length === 0) return;
    // An OLA given again starts again; an SLA whose opening date moved keeps its agreement.
    const values: Row = { ...old, ...changes };
    applyAgreements(wc, values, values, changed);
    // Unchanged values are dropped from the update afterwards.
    for (const spec of changed) for (const column of [spec.due, spec.begin, spec.escalation?.field]) if (column) changes[column] = values[column];
  },
  afterUpdate(wc, _type, old, changes) {
    scheduleLevels(wc, { ...old, ...changes }, changedBy(old, changes));
  },
};
