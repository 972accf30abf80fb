/**
 * Recurrent tickets and changes, as GLPI's TicketRecurrent and RecurrentChange work:
 * - adding or rescheduling one computes its `next_creation_date` (./recurrence.ts);
 * - GLPI 10's automatic action RecurrentItems, when that date has come for an active one, opens
 *   an item from its template's predefined fields (title, description, category, urgency,
 *   actors, agreements…), dated `create_before` seconds after the creation moment, in
 *   the recurrent's entity, opened by nobody (users_id_recipient 0); then the next date is set.
 *   Without a template nothing is opened, and the next date is set all the same.
 */
import { nowString } from '../core/clock';
import type { Params } from '../core/params';
import { inTransaction, type Db } from '../db/connection';
import { insertRow, run, selectAll, selectOne, type Row } from '../db/rows';
import { Settings } from '../db/settings';
import { HISTORY, writeLog } from '../items/history';
import type { ItemHooks } from '../items/hooks';
import { checkValue } from '../items/values';
import { itemtypeOrThrow, type Itemtype } from '../registry';
import { ITIL_STATUS } from '../registry/values';
import { formatWallClock, parseWallClock } from './agreement-dates';
import { workCalendar } from './calendars';
import { takenIntoAccount } from './durations';
import { templateField } from './template-fields';
import { priorityFor } from './priority';
import { nextCreation } from './recurrence';
import { defaultRequestType } from '../items/request-type';
import { addActors, defaultTicketType, nameFromContent, writeRuleChanges } from './rules';

interface RecurrentKind {
  table: string;
  opens: string;
  templates: string;
  templateFk: string;
  predefined: string;
}

const KINDS: RecurrentKind[] = [
  { table: 'glpi_ticketrecurrents', opens: 'Ticket', templates: 'glpi_tickettemplates', templateFk: 'tickettemplates_id', predefined: 'glpi_tickettemplatepredefinedfields' },
  { table: 'glpi_recurrentchanges', opens: 'Change', templates: 'glpi_changetemplates', templateFk: 'changetemplates_id', predefined: 'glpi_changetemplatepredefinedfields' },
];

const ASSIGNING = new Set(['_users_id_assign', '_groups_id_assign', '_suppliers_id_assign']);
const SCHEDULE_COLUMNS = ['begin_date', 'end_date', 'periodicity', 'create_before', 'calendars_id'];
const ACTOR = 'Automatic action (recurrent items)';

const nextDate = (db: Db, recurrent: Row, notBefore: string) => nextCreation(recurrent, notBefore, workCalendar(db, Number(recurrent.calendars_id ?? 0)));

/** On TicketRecurrent and RecurrentChange: the next creation date follows the schedule. */
export const recurrentHooks: ItemHooks = {
  prepareAdd(wc, _type, row) {
    row.next_creation_date = nextDate(wc.db, row, nowString());
  },
  prepareUpdate(wc, _type, old, changes) {
    if (SCHEDULE_COLUMNS.some((column) => column in changes)) changes.next_creation_date = nextDate(wc.db, { ...old, ...changes }, nowString());
  },
};

/** The template's predefined values: columns of the new item, and actor inputs. */
function predefinedValues(db: Db, kind: RecurrentKind, type: Itemtype, templateId: number): { columns: Row; actors: Params; agreements: Row } {
  const columns: Row = {};
  const actors: Params = {};
  const agreements: Row = {};
  for (const field of selectAll(db, `SELECT num, value FROM ${kind.predefined} WHERE ${kind.templateFk} = ? ORDER BY id`, templateId)) {
    const target = templateField(type, Number(field.num));
    if (target?.kind === 'actor') actors[target.input] = [...((actors[target.input] as number[] | undefined) ?? []), Number(field.value)];
    // Agreements are set after the row is written, so that their due dates are computed as for an update.
    else if (target?.kind === 'agreement') agreements[target.column] = Number(field.value);
    else if (target?.kind === 'column') {
      const checked = checkValue(type.column.get(target.column)!, field.value);
      if (checked.ok) columns[target.column] = checked.value;
    }
  }
  return { columns, actors, agreements };
}

/** Opens the item `recurrent` describes, for its creation moment `due`. */
function openItem(db: Db, kind: RecurrentKind, recurrent: Row, due: string): void {
  const template = selectOne(db, `SELECT id FROM ${kind.templates} WHERE id = ?`, Number(recurrent[kind.templateFk] ?? 0));
  if (!template) return;
  const type = itemtypeOrThrow(kind.opens);
  const { columns, actors, agreements } = predefinedValues(db, kind, type, Number(template.id));
  const at = nowString();
  const entityId = Number(recurrent.entities_id);
  const ticketDefaults = { type: defaultTicketType({ db }, entityId), requesttypes_id: defaultRequestType({ db }, 'helpdesk') };
  const row: Row = { name: '', content: '', status: ITIL_STATUS.NEW, urgency: 3, impact: 3, ...(type.name === 'Ticket' ? ticketDefaults : {}), ...columns };
  nameFromContent(row);
  if (!('priority' in columns)) row.priority = priorityFor(new Settings(db), Number(row.urgency), Number(row.impact));
  row.date = formatWallClock(parseWallClock(due)! + Math.max(0, Number(recurrent.create_before ?? 0)));
  Object.assign(row, { entities_id: entityId, users_id_recipient: 0, users_id_lastupdater: 0, date_creation: at, date_mod: at });
  const assigned = Object.keys(actors).some((key) => ASSIGNING.has(key));
  if (assigned && Number(row.status) === ITIL_STATUS.NEW && type.name !== 'Change') row.status = ITIL_STATUS.ASSIGNED;
  row.id = insertRow(db, type.table, row);
  const context = { db, history: true, actor: ACTOR };
  writeLog(db, ACTOR, { itemtype: type.name, itemsId: Number(row.id), action: HISTORY.CREATE_ITEM });
  addActors(context, type, Number(row.id), actors);
  const changes: Row = { ...agreements, ...(assigned && type.name === 'Ticket' ? takenIntoAccount(context, row) : {}) };
  if (Object.keys(changes).length > 0) writeRuleChanges(context, type, row, changes);
}

/**
 * One turn for `kind` at `at`: each active recurrent whose date has come opens
 * its item and moves on to its next date, each in its own transaction. One that fails (a template
 * naming a user since deleted) still moves on, so it does not fail again at every turn; the
 * first failure is thrown once all are done.
 */
function openDue(db: Db, kind: RecurrentKind, at: string): void {
  const due = selectAll(
    db,
    `SELECT * FROM ${kind.table} WHERE is_active = 1 AND next_creation_date IS NOT NULL AND next_creation_date <= ? AND (end_date IS NULL OR next_creation_date < end_date) ORDER BY next_creation_date, id`,
    at,
  );
  // The next date is the first one after this turn.
  const after = formatWallClock(parseWallClock(at)! + 1);
  const moveOn = (recurrent: Row) => run(db, `UPDATE ${kind.table} SET next_creation_date = ? WHERE id = ?`, nextDate(db, recurrent, after), Number(recurrent.id));
  let failure: unknown = null;
  for (const recurrent of due) {
    try {
      inTransaction(db, () => {
        openItem(db, kind, recurrent, String(recurrent.next_creation_date));
        moveOn(recurrent);
      });
    } catch (error) {
      failure ??= error;
      inTransaction(db, () => moveOn(recurrent));
    }
  }
  if (failure !== null) throw failure;
}

/** GLPI 10's automatic action RecurrentItems: the recurrent tickets, then the recurrent changes; the first failure is thrown once both ran. */
export function openRecurrentItems(db: Db, at: string): void {
  let failure: unknown = null;
  for (const kind of KINDS) {
    try {
      openDue(db, kind, at);
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== null) throw failure;
}
