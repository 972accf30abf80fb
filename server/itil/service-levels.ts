/**
 * A ticket's service levels, as GLPI keeps them: naming an SLA (or OLA) for time to own or to
 * resolve sets the matching due date from the agreement's delay and calendar, and for time to
 * resolve the agreement's first escalation level, with the date it runs
 * (glpi_slalevels_tickets / glpi_olalevels_tickets). An SLA counts from the ticket's opening
 * date, an OLA from the moment it was given to the ticket. Another agreement replaces the level
 * to run; none (0) removes it and keeps the last due date. A ticket leaving the pending status
 * adds the working time it waited (in the agreement's calendar) to its time to resolve
 * (sla_waiting_duration, ola_waiting_duration), which moves the due date and the level.
 */
import { nowString } from '../core/clock';
import { insertRow, run, selectOne, type Row } from '../db/rows';
import { ItemError, type ItemHooks, type WriteContext } from '../items/hooks';

/** What these rules read and write with: the database only (an automatic action has no session). */
type DbContext = Pick<WriteContext, 'db'>;
import { ITIL_STATUS } from '../registry/values';
import { activeSeconds, dueDate, type DelayRule, type WorkCalendar } from './agreement-dates';
import { entityCalendar, workCalendar } from './calendars';

const { WAITING } = ITIL_STATUS;

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
  /** The levels' actions and criteria (as a rule's), by todoLevel. */
  actions: string;
  criteria: string;
}

interface AgreementField {
  field: string;
  table: string;
  label: 'SLA' | 'OLA';
  type: number;
  due: string;
  /** OLA: the ticket's column holding when the agreement was given, its start. */
  begin?: string;
  /** Time to resolve: the ticket's column adding the working time it waited (pending). */
  waiting?: string;
  escalation?: Escalation;
}

const slaLevels: Escalation = {
  field: 'slalevels_id_ttr',
  levels: 'glpi_slalevels',
  owner: 'slas_id',
  todo: 'glpi_slalevels_tickets',
  todoLevel: 'slalevels_id',
  actions: 'glpi_slalevelactions',
  criteria: 'glpi_slalevelcriterias',
};
const olaLevels: Escalation = {
  field: 'olalevels_id_ttr',
  levels: 'glpi_olalevels',
  owner: 'olas_id',
  todo: 'glpi_olalevels_tickets',
  todoLevel: 'olalevels_id',
  actions: 'glpi_olalevelactions',
  criteria: 'glpi_olalevelcriterias',
};

const AGREEMENTS: AgreementField[] = [
  { field: 'slas_id_tto', table: 'glpi_slas', label: 'SLA', type: TIME_TO_OWN, due: 'time_to_own' },
  { field: 'slas_id_ttr', table: 'glpi_slas', label: 'SLA', type: TIME_TO_RESOLVE, due: 'time_to_resolve', waiting: 'sla_waiting_duration', escalation: slaLevels },
  { field: 'olas_id_tto', table: 'glpi_olas', label: 'OLA', type: TIME_TO_OWN, due: 'internal_time_to_own', begin: 'ola_tto_begin_date' },
  { field: 'olas_id_ttr', table: 'glpi_olas', label: 'OLA', type: TIME_TO_RESOLVE, due: 'internal_time_to_resolve', begin: 'ola_ttr_begin_date', waiting: 'ola_waiting_duration', escalation: olaLevels },
];

function delayRule(agreement: Row, extraSeconds = 0): DelayRule {
  const unit = String(agreement.definition_time ?? '');
  const seconds = Number(agreement.number_time) * (UNIT_SECONDS[unit] ?? 0) + extraSeconds;
  return { seconds, inDays: unit === 'day' || unit === 'month', endOfWorkingDay: Number(agreement.end_of_working_day) === 1 };
}

/** The agreement's calendar: its own, or with "calendar of the ticket" the one of the ticket's entity. */
function calendarOf(wc: DbContext, agreement: Row, ticket: Row): WorkCalendar | null {
  return Number(agreement.use_ticket_calendar) === 1 ? entityCalendar(wc.db, Number(ticket.entities_id ?? 0)) : workCalendar(wc.db, Number(agreement.calendars_id));
}

/** The working time the ticket has waited so far, added to the agreement's delay. */
const waited = (spec: AgreementField, ticket: Row) => (spec.waiting ? Number(ticket[spec.waiting] ?? 0) : 0);

function loadAgreement(wc: DbContext, spec: AgreementField, id: number): Row {
  const agreement = selectOne(wc.db, `SELECT * FROM ${spec.table} WHERE id = ?`, id);
  if (!agreement) throw new ItemError(`Field ${spec.field}: ${spec.label} ${id} does not exist`);
  if (Number(agreement.type) !== spec.type) {
    throw new ItemError(`Field ${spec.field}: ${spec.label} ${id} is a time to ${spec.type === TIME_TO_OWN ? 'resolve' : 'own'} agreement, not a time to ${spec.type === TIME_TO_OWN ? 'own' : 'resolve'} one`);
  }
  return agreement;
}

/** The active escalation level that runs first (the earliest execution time). */
function firstLevel(wc: DbContext, escalation: Escalation, agreementId: number): Row | null {
  return selectOne(wc.db, `SELECT id, execution_time FROM ${escalation.levels} WHERE ${escalation.owner} = ? AND is_active = 1 ORDER BY execution_time, id LIMIT 1`, agreementId);
}

/**
 * Sets the due date (and the level to run) of each agreement `changed` names in `values`, the
 * ticket as it will be; an OLA `given` (anew) starts now.
 */
function applyAgreements(wc: DbContext, ticket: Row, values: Row, changed: AgreementField[], given: (spec: AgreementField) => boolean): void {
  for (const spec of changed) {
    const id = Number(values[spec.field] ?? 0);
    if (id <= 0) {
      if (spec.escalation) values[spec.escalation.field] = 0;
      continue;
    }
    const agreement = loadAgreement(wc, spec, id);
    if (spec.begin && given(spec)) values[spec.begin] = nowString();
    const start = String((spec.begin ? values[spec.begin] : ticket.date) ?? '');
    values[spec.due] = dueDate(start, delayRule(agreement, waited(spec, ticket)), calendarOf(wc, agreement, ticket));
    if (spec.escalation) values[spec.escalation.field] = Number(firstLevel(wc, spec.escalation, id)?.id ?? 0);
  }
}

/** Replaces the ticket's level to run of `spec` with `level` (none: null), dated from the agreement. */
function schedule(wc: DbContext, ticket: Row, spec: AgreementField, level: Row | null): void {
  const escalation = spec.escalation!;
  run(wc.db, `DELETE FROM ${escalation.todo} WHERE tickets_id = ?`, Number(ticket.id));
  if (!level) return;
  const agreement = loadAgreement(wc, spec, Number(ticket[spec.field]));
  const start = String((spec.begin ? ticket[spec.begin] : ticket.date) ?? '');
  const date = dueDate(start, delayRule(agreement, Number(level.execution_time) + waited(spec, ticket)), calendarOf(wc, agreement, ticket));
  insertRow(wc.db, escalation.todo, { tickets_id: Number(ticket.id), [escalation.todoLevel]: Number(level.id), date });
}

/** Replaces the ticket's levels to run of each changed agreement with its first level, dated. */
function scheduleLevels(wc: DbContext, ticket: Row, changed: AgreementField[]): void {
  for (const spec of changed) {
    if (!spec.escalation) continue;
    const agreementId = Number(ticket[spec.field] ?? 0);
    schedule(wc, ticket, spec, agreementId > 0 ? firstLevel(wc, spec.escalation, agreementId) : null);
  }
}

/** The escalations of tickets: for each, the level tables and the ticket's columns naming its agreement and its level to run. */
export const ESCALATIONS = AGREEMENTS.flatMap((spec) => (spec.escalation ? [{ ...spec.escalation, agreement: spec.field, label: spec.label }] : []));

/**
 * After `level` ran on the ticket: the agreement's next active level (a later execution time) is
 * scheduled instead; its id, or 0 when none is left, is what the ticket's level column must name.
 */
export function scheduleNextLevel(wc: DbContext, ticket: Row, levelsTable: string, level: Row): number {
  const spec = AGREEMENTS.find((s) => s.escalation?.levels === levelsTable)!;
  const escalation = spec.escalation!;
  const next = selectOne(
    wc.db,
    `SELECT id, execution_time FROM ${escalation.levels} WHERE ${escalation.owner} = ? AND is_active = 1 AND (execution_time > ? OR (execution_time = ? AND id > ?)) ORDER BY execution_time, id LIMIT 1`,
    Number(ticket[spec.field]),
    Number(level.execution_time),
    Number(level.execution_time),
    Number(level.id),
  );
  schedule(wc, ticket, spec, next);
  return Number(next?.id ?? 0);
}

const named = (values: Row) => AGREEMENTS.filter((spec) => Number(values[spec.field] ?? 0) > 0);

const given = (old: Row, changes: Row) => (spec: AgreementField) => spec.field in changes && Number(changes[spec.field] ?? 0) !== Number(old[spec.field] ?? 0);

/** Agreements the update changes: given another value, or kept and moved (the opening date, for the SLAs; the time waited, for time to resolve). */
function changedBy(old: Row, changes: Row): AgreementField[] {
  const dateMoved = 'date' in changes && changes.date !== old.date;
  const kept = (spec: AgreementField) => Number(old[spec.field] ?? 0) > 0 && !(spec.field in changes && Number(changes[spec.field]) === 0);
  const moved = (spec: AgreementField) => (dateMoved && !spec.begin) || (spec.waiting !== undefined && spec.waiting in changes);
  return AGREEMENTS.filter((spec) => given(old, changes)(spec) || (kept(spec) && moved(spec)));
}

/** A ticket leaving the pending status: each kept time-to-resolve agreement gains the working time it waited, in its calendar. */
function addWaitedTime(wc: DbContext, old: Row, changes: Row): void {
  const resumed = Number(old.status) === WAITING && 'status' in changes && Number(changes.status) !== WAITING && old.begin_waiting_date;
  if (!resumed) return;
  const now = nowString();
  for (const spec of AGREEMENTS) {
    const id = Number(old[spec.field] ?? 0);
    if (!spec.waiting || id <= 0 || spec.field in changes) continue;
    const agreement = loadAgreement(wc, spec, id);
    const pause = activeSeconds(String(old.begin_waiting_date), now, calendarOf(wc, agreement, old), delayRule(agreement).inDays);
    changes[spec.waiting] = Number(old[spec.waiting] ?? 0) + pause;
  }
}

/** The agreements' part of a ticket's update, before it is written: due dates moved, time waited added. */
export function settleAgreements(wc: DbContext, old: Row, changes: Row): void {
  addWaitedTime(wc, old, changes);
  const changed = changedBy(old, changes);
  if (changed.length === 0) return;
  // An OLA given again starts again; an SLA whose opening date moved keeps its agreement.
  const values: Row = { ...old, ...changes };
  applyAgreements(wc, values, values, changed, given(old, changes));
  // Unchanged values are dropped from the update afterwards.
  for (const spec of changed) for (const column of [spec.due, spec.begin, spec.escalation?.field]) if (column) changes[column] = values[column];
}

/** After the update is written: the levels to run of the agreements it changed. */
export function scheduleChangedLevels(wc: DbContext, old: Row, changes: Row): void {
  scheduleLevels(wc, { ...old, ...changes }, changedBy(old, changes));
}

export const serviceLevelHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    applyAgreements(wc, row, row, named(row), () => true);
  },
  afterAdd(wc, _type, row) {
    scheduleLevels(wc, row, named(row).filter((spec) => spec.escalation));
  },
  prepareUpdate(wc, _type, old, changes) {
    settleAgreements(wc, old, changes);
  },
  afterUpdate(wc, _type, old, changes) {
    scheduleChangedLevels(wc, old, changes);
  },
};
